// Every public page in Hindi and Gujarati (issue 29), in Chromium against the
// real binary serving the three languages: each answers (200, or 404 for the
// examples that exist nowhere) in its language, with `<html lang>`, its own
// canonical address and the `hreflang` alternates; no English interface text is
// left on it; and axe finds nothing at 375 and 1280 px.
//
// "English left" is checked against the catalogue itself: every English text
// (the interface's `texts/en.json` and the content files) whose Hindi or
// Gujarati differs, cut at its placeholders, must not be in the page's visible
// text. What the page marks `lang="en"` is left out: a doctor's own texts,
// which the console keeps in English (docs/languages.md).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { hydrated, openPage, repo, ROUTES, serverAndBrowser } from "./harness.mjs";
import { TAGS } from "./staff-steps.mjs";

const env = serverAndBrowser({ HYGO_LANGUAGES: "en,hi,gu" });
const catalogue = join(repo, "crates/hygo-content/catalogue");
const read = (path) => JSON.parse(readFileSync(join(catalogue, path), "utf8"));

/** Pairs of (English, translation) texts: the translation's leaves laid over English's. */
function pairs(en, tr, out = []) {
  if (typeof en === "string") {
    if (typeof tr === "string") out.push([en, tr]);
  } else if (Array.isArray(en)) {
    if (Array.isArray(tr) && en.every((x) => typeof x === "string")) out.push([en.join("\n"), tr.join("\n")]);
    else if (Array.isArray(tr)) en.forEach((x, i) => pairs(x, tr[i], out));
  } else if (en && typeof en === "object" && tr && typeof tr === "object") {
    for (const k of Object.keys(en)) pairs(en[k], tr[k], out);
  }
  return out;
}

/** The English a page in `lang` must not show: each translated text's pieces between placeholders. */
function englishLeft(lang) {
  const all = pairs(read("texts/en.json"), read(`texts/${lang}.json`));
  for (const file of readdirSync(join(catalogue, lang)).filter((f) => f !== "search-synonyms.json" && f !== "search.json")) {
    all.push(...pairs(read(file), read(`${lang}/${file}`)));
  }
  // English the translation keeps on purpose (a term in brackets, a brand) is not "left".
  const theirs = all.map(([, t]) => t).join("\n");
  const pieces = new Set();
  for (const [en, tr] of all) {
    if (en === tr) continue;
    for (const line of en.split("\n")) {
      for (const piece of line.split(/\{\w+\}/).map((p) => p.trim())) {
        if (piece.length >= 10 && /\s/.test(piece) && /[a-z]/i.test(piece) && !/[&'"<>’]/.test(piece) && !theirs.includes(piece)) pieces.add(piece);
      }
    }
  }
  return [...pieces];
}

function addressIn(lang, path) {
  return path === "/" ? `/${lang}/` : `/${lang}${path}`;
}

describe("every public page in Hindi and Gujarati", { concurrency: true }, () => {
  for (const lang of ["hi", "gu"]) {
    it(`${lang}: in its language, with its addresses, no English interface text left, axe clean at 375 and 1280 px`, async () => {
      const left = englishLeft(lang);
      assert.ok(left.length > 300, `${left.length} English texts to look for`);
      const { page, context, problems } = await openPage(env.browser, { width: 375, height: 800 });
      const failures = [];
      for (const path of ROUTES) {
        const address = addressIn(lang, path);
        const answer = await page.goto(`${env.server.base}${address}`);
        await hydrated(page);
        if (![200, 404].includes(answer.status())) failures.push(`${address}: ${answer.status()}`);
        if ((await page.getAttribute("html", "lang")) !== lang) failures.push(`${address}: <html lang> is not ${lang}`);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href").catch(() => null);
        if (answer.status() === 200 && !canonical?.includes(`/${lang}/`)) failures.push(`${address}: canonical ${canonical}`);
        const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((ls) => ls.map((l) => l.getAttribute("hreflang")));
        if (answer.status() === 200 && alternates.join() !== "en,hi,gu,x-default") failures.push(`${address}: hreflang ${alternates}`);
        const text = await page.evaluate(() => {
          const copy = document.body.cloneNode(true);
          copy.querySelectorAll('[lang="en"], script, style, noscript').forEach((e) => e.remove());
          return copy.textContent.replace(/\s+/g, " ");
        });
        const found = left.filter((piece) => text.includes(piece));
        if (found.length) failures.push(`${address}: English left: ${found.slice(0, 5).map((f) => JSON.stringify(f)).join(", ")}`);
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          for (const v of violations) failures.push(`${address} at ${width}: ${v.id} ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
        }
        await page.setViewportSize({ width: 375, height: 800 });
      }
      await context.close();
      assert.deepEqual(failures, []);
      assert.deepEqual(problems.filter((p) => !/status of 404/.test(p)), [], "no console error, no hydration mismatch");
    });
  }
});

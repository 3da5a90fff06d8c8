// Emergencies first, wherever a patient types a search (issue 43): the table of
// emergency searches in English, Hindi and Gujarati, both scripts and Latin
// letters (tests/search-cases.json, the one the Rust tests hold the API to), on
// the search page without JavaScript and in the header's suggestions with it; in
// both the help (its heading and its numbers as `tel:` links) comes before any
// result, and Enter in the header opens the search page with the help, not the
// first result. A search that finds nothing on a Hindi or Gujarati page stays on
// that language's search page.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hydrated, openPage, repo, serverAndBrowser } from "./harness.mjs";

const env = serverAndBrowser({ HYGO_LANGUAGES: "en,hi,gu" });
const table = JSON.parse(readFileSync(join(repo, "tests/search-cases.json"), "utf8")).emergencies;
const help = (lang) => JSON.parse(readFileSync(join(repo, `crates/hygo-content/catalogue/${lang === "en" ? "" : `${lang}/`}emergency.json`), "utf8"));
const english = help("en");
/** The kinds a case accepts: its own, or for "general" any whose first call is 108. */
const accepts = (kind) => (kind === "general" ? english.kinds.filter((k) => k.calls[0].number === "108").map((k) => k.id) : [kind]);
const base = (lang) => (lang === "en" ? "" : `/${lang}`);

/** Where the help is in the page against the first result or the no-result heading, and what it says. */
async function placed(page, scope) {
  return page.evaluate((scope) => {
    const root = document.querySelector(scope);
    const helpEl = root?.querySelector("[data-emergency]");
    const after = root?.querySelector("#results-heading, .searchbox-label, #search-none-heading");
    return {
      kinds: [...(helpEl?.querySelectorAll("[data-emergency-kind]") ?? [])].map((e) => e.getAttribute("data-emergency-kind")),
      calls: [...(helpEl?.querySelectorAll("a[href^='tel:']") ?? [])].map((a) => a.getAttribute("href")),
      headings: [...(helpEl?.querySelectorAll(".emergency-help-heading") ?? [])].map((h) => h.textContent),
      first: !!helpEl && !!after && !!(helpEl.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  }, scope);
}

describe("emergencies first", { concurrency: true }, () => {
  it("without JavaScript, on the search page of each language: the help before any result, for every search of the table", async () => {
    const { page, context } = await openPage(env.browser, { javaScriptEnabled: false, width: 375, height: 800 });
    const failures = [];
    for (const c of table) {
      await page.goto(`${env.server.base}${base(c.lang)}/search?q=${encodeURIComponent(c.q)}`);
      const got = await placed(page, "main");
      const kind = got.kinds.find((k) => accepts(c.kind).includes(k));
      if (!kind || !got.first) failures.push(`${c.lang} ${JSON.stringify(c.q)}: ${JSON.stringify(got)}`);
      else {
        const own = help(c.lang).kinds[english.kinds.findIndex((k) => k.id === kind)];
        if (!got.headings.includes(own.heading)) failures.push(`${c.lang} ${c.q}: not in the page's language: ${got.headings}`);
        const numbers = english.kinds.find((k) => k.id === kind).calls.map((call) => `tel:${call.number}`);
        if (!numbers.every((n) => got.calls.includes(n))) failures.push(`${c.lang} ${c.q}: calls ${got.calls}`);
      }
    }
    await context.close();
    assert.deepEqual(failures, []);
  });

  for (const lang of ["en", "hi", "gu"]) {
    it(`with JavaScript, in the header's suggestions on a ${lang} page, then its search page`, async () => {
      const { page, context, problems } = await openPage(env.browser, { width: 375, height: 800 });
      await page.goto(`${env.server.base}${base(lang)}/doctors`);
      await hydrated(page);
      const failures = [];
      const rows = table.filter((c) => c.lang === lang);
      for (const [i, c] of rows.entries()) {
        await page.locator(".search-toggle").first().click();
        const box = page.locator(".searchbox input[role=combobox]");
        await box.waitFor();
        await box.fill(c.q);
        // The answer to this query (not the last one's while this one is on its way), announced.
        await page.waitForFunction((q) => {
          const shown = document.querySelector(".searchbox-results:not([hidden])");
          return shown?.getAttribute("data-for") === q && document.querySelector(".searchbox [role=status]")?.textContent.trim() !== "";
        }, c.q.trim());
        const got = await placed(page, ".searchbox");
        if (!got.kinds.some((k) => accepts(c.kind).includes(k)) || !got.first) failures.push(`${JSON.stringify(c.q)}: ${JSON.stringify(got)}`);
        // Announced to a screen reader with the count.
        const said = await page.locator(".searchbox [role=status]").innerText();
        if (!got.headings.some((h) => said.includes(h))) failures.push(`${c.q}: not announced: ${said}`);
        if (i % 4 === 0) {
          // Enter: the search page, with the help first, not the first result's page.
          await box.press("Enter");
          await page.waitForURL((u) => u.pathname === `${base(lang)}/search`);
          // The page of this search (the one before it may still be on screen for a moment).
          await page.waitForFunction((q) => document.querySelector("#search-page-q")?.value === q && document.querySelector("main [data-emergency]"), c.q);
          const onPage = await placed(page, "main");
          if (!onPage.first) failures.push(`${c.q}: Enter: ${JSON.stringify(onPage)}`);
        } else {
          await box.press("Escape");
          await box.press("Escape");
        }
      }
      await context.close();
      assert.deepEqual(failures, []);
      assert.deepEqual(problems, []);
    });
  }

  it("a search that finds nothing on a Hindi or Gujarati page opens that language's search page", async () => {
    const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 800 });
    for (const lang of ["hi", "gu"]) {
      await page.goto(`${env.server.base}/${lang}/`);
      await hydrated(page);
      await page.locator(".search-toggle").first().click();
      const box = page.locator(".searchbox input[role=combobox]");
      await box.fill("qqxqzz");
      await page.locator(".searchbox-results:not([hidden])").waitFor();
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === `/${lang}/search` && u.searchParams.get("q") === "qqxqzz");
      await page.locator("#search-none-heading").waitFor();
      assert.equal(await page.getAttribute("html", "lang"), lang);
    }
    await context.close();
    assert.deepEqual(problems, []);
  });
});

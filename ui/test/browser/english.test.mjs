// No English on a Hindi or Gujarati page (issue 43), outside names: every public
// page, and the states its forms go through (refused, refused for their token,
// sent, the request's own page; the search with results, with none, and an
// emergency's help), in both languages, with JavaScript and without.
//
// Unlike translated.test.mjs, which looks for the catalogue's own English texts,
// this looks for any English at all: a run of Latin-script words in what the page
// shows (a doctor's biography from the database, a refusal the server wrote, a
// specialization staff typed). What the language's own texts write in Latin letters
// on purpose is not English left: a brand (HYGO, WhatsApp, Google), a degree (MBBS),
// a statute's name kept in brackets, an e-mail address. Those words are read from
// the language's files (the catalogue's translations, its interface texts and
// messages, the sample doctors' translations), with the insurers' names.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bookingDay, hydrated, openPage, repo, ROUTES, seedDoctors, serverAndBrowser } from "./harness.mjs";

const env = serverAndBrowser({ HYGO_LANGUAGES: "en,hi,gu" });
const catalogue = join(repo, "crates/hygo-content/catalogue");
const json = (path) => JSON.parse(readFileSync(path, "utf8"));

/** Every string inside a value. */
function strings(value, out = []) {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => strings(v, out));
  return out;
}

const LATIN_WORD = /[A-Za-z][A-Za-z'’.-]*/g;

/** The Latin words a language's own texts use on purpose, lower case. */
function ownLatin(lang) {
  const files = readdirSync(join(catalogue, lang)).map((f) => join(catalogue, lang, f));
  files.push(join(catalogue, "texts", `${lang}.json`), join(catalogue, "messages", `${lang}.json`), join(repo, `crates/hygo-core/seed/doctors.${lang}.json`));
  const words = new Set();
  for (const file of files) for (const s of strings(json(file))) for (const w of s.match(LATIN_WORD) ?? []) words.add(w.toLowerCase().replace(/[.'’-]+$/, ""));
  // The insurers are names: the doctors' records list them as the companies call themselves.
  for (const d of seedDoctors) for (const name of d.insurances) for (const w of name.match(LATIN_WORD) ?? []) words.add(w.toLowerCase());
  return words;
}

/**
 * English a page shows: runs of two or more Latin words, and single Latin words of
 * four letters or more with a small letter (not an abbreviation such as "ECG"),
 * whose words are not all the language's own.
 */
async function englishOn(page, own) {
  const texts = await page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const el = node.parentElement;
      if (!el || el.closest("script, style, noscript, [hidden], .visually-hidden[aria-hidden='true']")) continue;
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      out.push(node.textContent);
    }
    // What is said without being drawn counts too: accessible names and placeholders.
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      for (const a of ["aria-label", "placeholder", "title", "alt"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    return out;
  });
  const found = new Set();
  for (const text of texts) {
    const clean = text.replace(/\S+@\S+\.\S+/g, " ").replace(/https?:\/\/\S+/g, " ");
    for (const run of clean.match(/[A-Za-z][A-Za-z'’.-]*(?:[ ,/&()]+[A-Za-z][A-Za-z'’.-]*)*/g) ?? []) {
      const words = run.match(LATIN_WORD).map((w) => w.toLowerCase().replace(/[.'’-]+$/, ""));
      const english = words.length >= 2 || (words[0].length >= 4 && /[a-z]/.test(run));
      if (english && !words.every((w) => own.has(w) || w.length <= 1)) found.add(run.trim());
    }
  }
  return [...found];
}

const { key: quickKey, weekday } = bookingDay();
const doctor = seedDoctors.filter((d) => !d.leaveDays && d.officeHours.some((h) => h.day === weekday)).at(-1);

describe("no English on a Hindi or Gujarati page, in any state", { concurrency: true }, () => {
  for (const lang of ["hi", "gu"]) {
    for (const javaScriptEnabled of [false, true]) {
      const run = ["hi", "gu"].indexOf(lang) * 2 + Number(javaScriptEnabled);
      it(`${lang}, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
        const own = ownLatin(lang);
        const forms = json(join(catalogue, lang, "forms.json"));
        const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled, width: 375, height: 800 });
        const at = (path) => `${env.server.base}${path === "/" ? `/${lang}/` : `/${lang}${path}`}`;
        const failures = [];
        const look = async (what) => {
          if (javaScriptEnabled) await hydrated(page);
          const english = await englishOn(page, own);
          if (english.length) failures.push(`${what}: ${english.slice(0, 6).map((e) => JSON.stringify(e)).join(", ")}`);
        };
        const main = page.locator("main");

        // The search with an emergency's help, and with nothing found (a query in Devanagari: it is shown back).
        for (const path of [...ROUTES, "/search?q=chest%20pain", "/search?q=suicide", "/search?q=%E0%A4%9D%E0%A4%9D%E0%A4%9D%E0%A4%9D"]) {
          await page.goto(at(path));
          await look(path);
        }

        // The contact form: refused, refused for its token (without JavaScript), sent.
        const c = forms.contact;
        await page.goto(at("/contactus"));
        if (javaScriptEnabled) await hydrated(page);
        await main.getByRole("button", { name: c.submit }).click();
        await page.locator(".error-summary").waitFor();
        await look("/contactus refused");
        if (!javaScriptEnabled) {
          await main.getByRole("textbox", { name: c.fields.name, exact: true }).fill("આશા");
          await page.evaluate(() => document.querySelectorAll('input[name="formIssued"]').forEach((i) => i.remove()));
          await main.getByRole("button", { name: c.submit }).click();
          await page.locator(".error-summary").waitFor();
          await look("/contactus without its token");
        }
        await main.getByRole("textbox", { name: c.fields.name, exact: true }).fill("આશા પટેલ");
        await main.getByRole("textbox", { name: c.fields.phone, exact: true }).fill("+91 98250 12345");
        await main.getByRole("textbox", { name: c.fields.subject, exact: true }).fill("સમય");
        await main.getByRole("textbox", { name: c.fields.message, exact: true }).fill("શનિવારે ક્લિનિક ખુલ્લું છે?");
        await main.getByRole("button", { name: c.submit }).click();
        await page.locator(".form-success").first().waitFor();
        await look("/contactus sent");

        // The health card: refused, sent, its page.
        const s = forms.subscription;
        await page.goto(at("/subscription"));
        if (javaScriptEnabled) await hydrated(page);
        const card = javaScriptEnabled ? page.getByRole("dialog") : main;
        if (javaScriptEnabled) await main.getByRole("link", { name: new RegExp(`^${s.requestLabel.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `) }).first().click();
        await card.getByRole("button", { name: s.submit }).click();
        await page.locator(".error-summary").first().waitFor();
        await look("/subscription refused");
        await card.getByRole("textbox", { name: s.fields.name, exact: true }).fill("રમેશ શાહ");
        await card.getByRole("textbox", { name: s.fields.number, exact: true }).fill("+91 98250 33333");
        await card.getByRole("button", { name: s.submit }).click();
        await page.locator(".form-success").first().waitFor();
        await look("/subscription sent");

        // Wizard B: the schedule step, the review, and the request's page.
        const a = forms.appointment;
        await page.goto(at(`/appointment/${doctor.id}`));
        if (javaScriptEnabled) await hydrated(page);
        await main.getByRole("textbox", { name: a.fields.name, exact: true }).fill("આશા પટેલ");
        await main.getByRole("textbox", { name: a.fields.phone, exact: true }).fill(`+91 98980 1234${run}`);
        await page.getByRole("button", { name: a.continue }).click();
        await page.getByRole("heading", { name: a.titlesB[1] }).waitFor();
        await page.getByRole("button", { name: a.review }).click();
        await page.getByRole("alert").first().waitFor();
        await look("wizard B without a time");
        await page.getByRole("button", { name: a[quickKey], exact: true }).click();
        // Each run its own hour (four run at once against one server, and a time
        // one run takes leaves the others' lists shorter, never their own hour's).
        if (javaScriptEnabled) await page.locator(".slot--hour").nth(run).click();
        const hour = javaScriptEnabled ? page.locator("#times") : page.locator("fieldset.slot-group").nth(run);
        const open = hour.locator('input[name="time"]:not([disabled])').first();
        await open.waitFor();
        await open.check();
        await look("wizard B's times");
        await page.getByRole("button", { name: a.review }).click();
        await page.getByRole("heading", { name: a.titlesB[2] }).waitFor();
        await look("wizard B's review");
        await main.getByRole("checkbox", { name: a.confirm }).check();
        await page.getByRole("button", { name: a.submitB }).click();
        await page.getByRole("heading", { name: a.successHeading }).waitFor();
        await look("wizard B sent");
        if (javaScriptEnabled) {
          // The address became the request's own page: a reload shows it again.
          await page.reload();
          await page.getByRole("heading", { name: a.successHeading }).waitFor();
          await look("the request's page, reloaded");
        }

        await context.close();
        assert.deepEqual(failures, []);
        assert.deepEqual(problems.filter((p) => !/status of 4\d\d/.test(p)), [], "no console error");
      });
    }
  }
});

// The Gujarati and Hindi fonts (docs/languages.md, issue 29 item 6): Noto Sans
// from npm, served by the site, each fetched only for a page that shows its
// script (unicode-range), never for an English page, and small enough for a page
// in that language to stay within the budget of budget.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hydrated, openPage, serverAndBrowser } from "./harness.mjs";

const env = serverAndBrowser();

test("an English page fetches no font; Gujarati text fetches the Gujarati font only, Hindi text the Devanagari one", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 375, height: 800 });
  const fonts = [];
  page.on("response", (res) => { if (res.url().endsWith(".woff2")) fonts.push(res); });
  for (const path of ["/", "/doctors", "/appointment", "/contactus"]) {
    await page.goto(`${env.server.base}${path}`, { waitUntil: "networkidle" });
  }
  await hydrated(page);
  assert.deepEqual(fonts.map((r) => r.url()), [], "English pages (with ₹ prices) fetch no font");

  /** Shows `text` on the page and waits until `family` has loaded for it. */
  const show = async (text, family) => {
    await page.evaluate((t) => { const p = document.createElement("p"); p.textContent = t; document.querySelector("main").prepend(p); }, text);
    await page.waitForFunction((f) => [...document.fonts].some((face) => face.family.includes(f) && face.status === "loaded"), family, { timeout: 10_000 });
  };
  await show("નમસ્તે, HYGO ક્લિનિકમાં આપનું સ્વાગત છે", "HYGO Gujarati");
  await page.waitForLoadState("networkidle");
  assert.deepEqual(fonts.map((r) => new URL(r.url()).pathname.replace(/-[A-Z0-9]{8}\.woff2$/, "")), ["/assets/client/noto-sans-gujarati-gujarati-400-normal"]);
  await show("नमस्ते, HYGO क्लिनिक में आपका स्वागत है", "HYGO Devanagari");
  await page.waitForLoadState("networkidle");
  assert.equal(fonts.length, 2, "then the Devanagari one");
  assert.match(fonts[1].url(), /noto-sans-devanagari-devanagari-400-normal-\w+\.woff2$/);
  for (const res of fonts) {
    assert.equal(res.headers()["content-type"], "font/woff2");
    assert.match(res.headers()["cache-control"] ?? "", /immutable/);
    assert.ok((await res.body()).length < 55 * 1024, `${res.url()}: small enough for the page budget`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});

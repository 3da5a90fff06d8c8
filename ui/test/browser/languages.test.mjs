// Hindi and Gujarati at their addresses (issue 29; docs/languages.md), in
// Chromium against the real binary serving the three languages
// (HYGO_LANGUAGES=en,hi,gu): a Gujarati page hydrates cleanly and its links keep
// the visitor in Gujarati, on the client too; the language links lead to the
// same page in Hindi; a form without JavaScript answers in Gujarati; an English
// page with the language links fetches no font; axe finds nothing at 375 and
// 1280 px.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { AxeBuilder } from "@axe-core/playwright";
import { bookingDay, hydrated, markDocument, openPage, repo, sameDocument, seedDoctors, serverAndBrowser } from "./harness.mjs";
import { TAGS } from "./staff-steps.mjs";

const env = serverAndBrowser({ HYGO_LANGUAGES: "en,hi,gu" });

test("a Gujarati visitor stays in Gujarati, on the client too, and the language links lead to Hindi", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 375, height: 800 });
  await page.goto(`${env.server.base}/gu/`);
  await hydrated(page);
  assert.equal(await page.getAttribute("html", "lang"), "gu");
  // A link of the page, followed on the client: the address keeps /gu/, the texts Gujarati.
  await markDocument(page);
  await page.locator("footer").getByRole("link", { name: "બધા વિભાગો" }).click();
  await page.waitForURL(/\/gu\/departments$/);
  await page.getByRole("heading", { name: "અમારા વિભાગો", level: 1 }).waitFor();
  assert.ok(await sameDocument(page), "a client-side navigation");
  // The phone's menu has the languages, each in itself; Hindi is the same page.
  await page.getByRole("button", { name: "મેનુ ખોલો" }).click();
  const languages = page.getByRole("list", { name: "ભાષાઓ" }).first();
  assert.deepEqual(await languages.getByRole("link").allInnerTexts(), ["English", "हिन्दी", "ગુજરાતી"]);
  assert.equal(await languages.getByRole("link", { name: "ગુજરાતી" }).getAttribute("aria-current"), "true");
  await languages.getByRole("link", { name: "हिन्दी" }).click();
  await page.waitForURL(/\/hi\/departments$/);
  await hydrated(page);
  assert.equal(await page.getAttribute("html", "lang"), "hi");
  await page.getByRole("heading", { name: "हमारे विभाग", level: 1 }).waitFor();
  await context.close();
  assert.deepEqual(problems, [], "no console error, no hydration mismatch");
});

// A phone set to English (issue: Gujarati and Hindi were the last row of the
// phone's menu, or the footer): the menu's first row is the languages, each named
// in its own script and marked with its language, at the first tap, with or
// without JavaScript and before it has run.
for (const javaScriptEnabled of [false, true]) {
  test(`on an English phone page the other languages open the menu, ${javaScriptEnabled ? "before the page's JavaScript has run" : "without JavaScript"}`, async () => {
    const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled, width: 375, height: 700 });
    let release = () => {};
    const held = new Promise((resolve) => { release = resolve; });
    if (javaScriptEnabled) await page.route(/\/assets\/.*\.js$/, async (route) => { await held; await route.continue(); });
    try {
      await page.goto(`${env.server.base}/doctors`, { waitUntil: "commit" });
      await page.getByRole("button", { name: "Open menu" }).click();
      const nav = page.getByRole("navigation", { name: "Main" });
      const languages = nav.getByRole("list", { name: "Languages" });
      await languages.waitFor();
      const links = languages.getByRole("link");
      assert.deepEqual(await links.allInnerTexts(), ["English", "हिन्दी", "ગુજરાતી"]);
      for (const [tag, href] of [["en", "/doctors"], ["hi", "/hi/doctors"], ["gu", "/gu/doctors"]]) {
        const link = languages.locator(`a[lang="${tag}"]`);
        assert.equal(await link.getAttribute("hreflang"), tag);
        assert.equal(await link.getAttribute("href"), href, "the same page in that language");
      }
      assert.equal(await links.first().getAttribute("aria-current"), "true", "English is this page's");
      // At the top of the menu: right under the header bar, before every other link.
      const header = await page.locator("header.site-header").boundingBox();
      const row = await languages.boundingBox();
      assert.ok(row.y < header.y + header.height + 8, `the languages' row starts at ${row.y}, the header ends at ${header.height}`);
      const first = await nav.locator("a, summary").first().getAttribute("lang");
      assert.equal(first, "en", "the languages come first in the menu");
      for (const link of await links.all()) assert.ok((await link.boundingBox()).height >= 24, "each a target of 24 px at least");
      release();
      if (javaScriptEnabled) await hydrated(page);
      await languages.locator('a[lang="gu"]').click();
      await page.waitForURL(/\/gu\/doctors$/);
      assert.equal(await page.getAttribute("html", "lang"), "gu");
      if (javaScriptEnabled) assert.deepEqual(problems, []);
    } finally {
      release();
      await context.close();
    }
  });
}

test("without JavaScript a form posted in Gujarati answers in Gujarati", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false, width: 375, height: 800 });
  await page.goto(`${env.server.base}/gu/contactus`);
  await page.locator("form.form button[type=submit]").click();
  await page.waitForURL(/\/gu\/contactus$/);
  assert.equal(await page.getAttribute("html", "lang"), "gu");
  await page.getByText("તમારું નામ લખો").first().waitFor();
  await context.close();
});

test("an English page with the language links fetches no font; axe on Gujarati and Hindi pages", async () => {
  const { page, context } = await openPage(env.browser, { width: 375, height: 800 });
  const fonts = [];
  page.on("request", (req) => { if (req.url().endsWith(".woff2")) fonts.push(req.url()); });
  await page.goto(`${env.server.base}/`, { waitUntil: "networkidle" });
  await hydrated(page);
  assert.equal(await page.locator("footer .language-links a").count(), 3);
  // The phone's menu, which opens on its languages.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator(".site-nav > .language-links").waitFor();
  await page.waitForLoadState("networkidle");
  assert.deepEqual(fonts, [], "the languages' names are drawn with the system's fonts");
  const failures = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/gu/", "/hi/doctors", "/gu/contactus", "/hi/appointment"]) {
      await page.goto(`${env.server.base}${path}`, { waitUntil: "networkidle" });
      await hydrated(page);
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      for (const v of violations) failures.push(`${path} at ${width}: ${v.id} ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
    }
  }
  await context.close();
  assert.deepEqual(failures, []);
});

// The budget of budget.test.mjs (200 KB compressed, JavaScript 130 KB) for a page
// in each language, its font included: the first load until the network is idle.
test("a Hindi and a Gujarati page, with their fonts, stay within the first-load budget", async () => {
  const rows = [];
  for (const path of ["/", "/hi/", "/gu/", "/gu/doctors", "/hi/appointment"]) {
    const { page, context } = await openPage(env.browser, { width: 375, height: 800 });
    const bodies = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "image" || (res.status() >= 300 && res.status() < 400)) return;
      bodies.push(res.body().then((b) => ({ type: res.request().resourceType(), size: gzipSync(b, { level: 6 }).length, url: res.url() })));
    });
    await page.goto(`${env.server.base}${path}`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const got = await Promise.all(bodies);
    const total = got.reduce((n, r) => n + r.size, 0);
    const js = got.filter((r) => r.type === "script").reduce((n, r) => n + r.size, 0);
    const font = got.filter((r) => r.url.endsWith(".woff2")).reduce((n, r) => n + r.size, 0);
    rows.push({ path, total, js, font });
    await context.close();
  }
  console.log(rows.map((r) => `${r.path.padEnd(18)} ${(r.total / 1024).toFixed(1)} KB, JavaScript ${(r.js / 1024).toFixed(1)} KB, font ${(r.font / 1024).toFixed(1)} KB`).join("\n"));
  assert.ok(rows.find((r) => r.path === "/gu/").font > 20 * 1024, "the Gujarati page loads its font");
  assert.equal(rows.find((r) => r.path === "/").font, 0, "the English page none");
  assert.deepEqual(rows.filter((r) => r.total > 200 * 1024 || r.js > 130 * 1024).map((r) => r.path), []);
});

// The offer of the visitor's language (components/LanguageOffer.tsx): an English
// page opened by a Gujarati browser says, in Gujarati, that the page is in
// Gujarati too; nothing moves; it leads to the same page in Gujarati; closed, it
// stays closed; an English browser, or a Gujarati page, gets none. The wide
// header's language menu opens the same page's links.
test("a Gujarati browser is offered the page in Gujarati, never sent there; the wide header's language menu", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 375, height: 800, locale: "gu-IN" });
  await page.goto(`${env.server.base}/doctors?department=cardiology`);
  await hydrated(page);
  assert.equal(new URL(page.url()).pathname, "/doctors", "no redirect");
  const offer = page.getByRole("complementary", { name: "ગુજરાતી" });
  await offer.waitFor();
  assert.equal(await offer.getAttribute("lang"), "gu");
  await offer.getByText("આ પેજ ગુજરાતીમાં પણ છે.").waitFor();
  const box = await offer.boundingBox();
  assert.ok(box && box.y + box.height <= 800 && box.y > 600, `at the foot of the screen: ${JSON.stringify(box)}`);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).include(".language-offer").analyze();
  assert.deepEqual(violations.map((v) => v.id), [], "the bar passes axe");
  // Its link: the same page and query in Gujarati.
  assert.equal(await offer.getByRole("link", { name: "ગુજરાતીમાં વાંચો" }).getAttribute("href"), "/gu/doctors?department=cardiology");
  // Closed, it is not offered again, on this page or the next.
  await offer.getByRole("button", { name: "ના, આભાર" }).click();
  await offer.waitFor({ state: "detached" });
  await page.goto(`${env.server.base}/`);
  await hydrated(page);
  await page.waitForTimeout(300);
  assert.equal(await page.locator(".language-offer").count(), 0, "closed stays closed");
  await context.close();
  assert.deepEqual(problems, []);

  // A Gujarati page, and an English browser on an English page: no offer.
  for (const [locale, path] of [["gu-IN", "/gu/doctors"], ["en-US", "/doctors"], ["en-IN", "/gu/"]]) {
    const { page: p, context: c } = await openPage(env.browser, { width: 1280, height: 800, locale });
    await p.goto(`${env.server.base}${path}`);
    await hydrated(p);
    await p.waitForTimeout(300);
    assert.equal(await p.locator(".language-offer").count(), 0, `${locale} on ${path}`);
    if (path === "/gu/doctors") {
      // The wide header's menu: the page's language named in itself, the others' links to this page.
      const menu = p.locator(".nav-language-menu");
      const sign = menu.locator("summary");
      assert.match(await sign.innerText(), /ગુજરાતી/, "named for screen readers");
      await sign.click();
      const links = menu.getByRole("link");
      assert.deepEqual(await links.allInnerTexts(), ["English", "हिन्दी", "ગુજરાતી"]);
      await links.first().click();
      await p.waitForURL(/127\.0\.0\.1:\d+\/doctors$/);
      assert.equal(await p.getAttribute("html", "lang"), "en");
    }
    await c.close();
  }
});

// A booking in Gujarati end to end, with and without JavaScript: the wizard, its
// error, the success page in Gujarati; the request stored with `gu`; the
// patient's acknowledgement queued in Gujarati.
const gu = JSON.parse(readFileSync(join(repo, "crates/hygo-content/catalogue/gu/forms.json"), "utf8")).appointment;
const guMessages = JSON.parse(readFileSync(join(repo, "crates/hygo-content/catalogue/messages/gu.json"), "utf8"));
// A doctor who works on the day the booking picks ("Next Week", or "Tomorrow" on a
// Sunday), and is not on leave.
const { key: quickKey, weekday } = bookingDay();
const doctor = seedDoctors.filter((d) => !d.leaveDays && d.officeHours.some((h) => h.day === weekday)).at(-1);
for (const javaScriptEnabled of [true, false]) {
  test(`a booking in Gujarati ${javaScriptEnabled ? "with" : "without"} JavaScript: its pages, its stored language, its e-mail`, async () => {
    const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled, width: 375, height: 800 });
    const email = `gu.${javaScriptEnabled ? "js" : "nojs"}@example.in`;
    const main = page.locator("main");
    await page.goto(`${env.server.base}/gu/appointment/${doctor.id}`);
    if (javaScriptEnabled) await hydrated(page);
    await main.getByLabel(gu.fields.name).fill("આશા પટેલ");
    await main.getByLabel(gu.fields.phone).fill("+91 98980 12345");
    await main.getByLabel(gu.fields.email).fill(email);
    await page.getByRole("button", { name: gu.continue }).click();
    await page.getByRole("heading", { name: gu.titlesB[1] }).waitFor();
    // Review without a time: the error in Gujarati.
    await page.getByRole("button", { name: gu.review }).click();
    await page.getByRole("alert").getByText(guMessages["appointment.timeRequired"]).first().waitFor();
    await page.getByRole("button", { name: gu[quickKey], exact: true }).click();
    if (javaScriptEnabled) await page.locator(".slot--hour").first().click();
    const open = page.locator('input[name="time"]:not([disabled])').first();
    await open.waitFor();
    await open.check();
    await page.getByRole("button", { name: gu.review }).click();
    await page.getByRole("heading", { name: gu.titlesB[2] }).waitFor();
    await main.getByLabel(gu.confirm).check();
    await page.getByRole("button", { name: gu.submitB }).click();
    await page.getByRole("heading", { name: gu.successHeading }).waitFor();
    assert.equal(await page.getAttribute("html", "lang"), "gu");
    if (!javaScriptEnabled) assert.match(page.url(), /\/gu\/requests\?token=[0-9a-z]{26}$/);
    const [row] = env.server.query("SELECT reference, lang FROM appointments WHERE email = ?", [email]);
    assert.equal(row.lang, "gu", "the request keeps its language");
    const mails = env.server.query("SELECT subject FROM outbox WHERE to_address = ?", [email]);
    assert.deepEqual(mails.map((m) => m.subject), [guMessages["mail.appointmentReceivedSubject"].replace("{reference}", row.reference)]);
    await context.close();
    assert.deepEqual(problems, []);
  });
}

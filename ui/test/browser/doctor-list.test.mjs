// /doctors at a network's size (issue 27, item 12; docs/patients.md "Doctors in
// pages"): 200 doctors (`hygo seed --scale`), 24 a page. Without JavaScript
// "Show more doctors" is a link to the next page and the search and filters are
// a form; with it "Show more" adds the next 24 in place with focus on the first
// of them, and typing or choosing a filter updates the list without a reload.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated, markDocument, sameDocument } from "./harness.mjs";
import { uiText } from "../catalogue.mjs";

const env = serverAndBrowser();
const url = (path) => `${env.server.base}${path}`;
const cards = (page) => page.locator("[data-doctor-card]");
let seeded = false;
function seed() {
  if (seeded) return;
  assert.match(env.server.cli(["seed", "--scale", "--doctors", "200", "--requests", "0"]), /added 184 doctors/i);
  seeded = true;
}

test("without JavaScript, Show more is the next page and the filters are a form", async () => {
  seed();
  const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled: false, width: 375, height: 800 });
  try {
    await page.goto(url("/doctors"));
    assert.equal(await cards(page).count(), 24);
    await page.getByRole("link", { name: uiText("doctors.showMore") }).click();
    await page.waitForURL(/\/doctors\?page=2#doctor-results$/);
    assert.ok(await page.evaluate(() => document.getElementById("doctor-results").getBoundingClientRect().top < 200), "the reload lands at the list");
    assert.equal(await cards(page).count(), 24);
    assert.match(await page.locator(".doctor-count").innerText(), /200 doctors found · Showing 25 to 48/);
    assert.equal(await page.getByRole("link", { name: uiText("doctors.previous") }).getAttribute("href"), "/doctors#doctor-results");

    await page.getByLabel(uiText("doctors.departmentLabel"), { exact: true }).selectOption("cardiology");
    await page.getByLabel(uiText("doctors.weekLabel")).check();
    await page.getByRole("button", { name: uiText("doctors.apply") }).click();
    await page.waitForURL(/department=cardiology/);
    const count = await cards(page).count();
    assert.ok(count > 0 && count < 24, `${count} cardiologists`);
    const api = await (await fetch(url("/api/doctors/department/cardiology"))).json();
    assert.equal(count, api.data.length, "every doctor of the department, all with hours this week");
    assert.equal(await page.getByLabel(uiText("doctors.departmentLabel"), { exact: true }).inputValue(), "cardiology", "the choice is kept");
    assert.equal(await page.getByRole("link", { name: uiText("doctors.showMore") }).count(), 0, "one page only");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("with JavaScript, Show more adds the next doctors in place, and the search and filters update the list", async () => {
  seed();
  const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 900 });
  try {
    await page.goto(url("/doctors"));
    await hydrated(page);
    await markDocument(page);
    const firstNames = await cards(page).locator("h2").allInnerTexts();
    await page.getByRole("link", { name: uiText("doctors.showMore") }).click();
    await page.waitForFunction(() => document.querySelectorAll("[data-doctor-card]").length === 48);
    assert.ok(await sameDocument(page), "no reload");
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, "/doctors");
    const names = await cards(page).locator("h2").allInnerTexts();
    assert.deepEqual(names.slice(0, 24), firstNames, "the first 24 stay");
    assert.equal(new Set(names).size, 48, "the next 24 are others");
    await page.waitForFunction((name) => document.activeElement?.textContent === name, names[24], { timeout: 5000 })
      .catch(async () => assert.fail(`focus on the first added doctor, not on ${await page.evaluate(() => document.activeElement?.textContent)}`));
    assert.match(await page.locator(".doctor-count").innerText(), /Showing 1 to 48/);

    // The spec's search, over all 200 on the server, as the visitor types.
    const search = page.getByLabel(uiText("doctors.searchLabel"));
    await search.fill("shah");
    await page.waitForFunction(() => {
      const shown = [...document.querySelectorAll("[data-doctor-card] h2")].map((h) => h.textContent);
      return shown.length > 0 && shown.every((n) => /shah/i.test(n));
    });
    assert.ok(await sameDocument(page), "no reload");
    assert.match(page.url(), /\?q=shah$/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "doctor-search", "focus stays in the search");
    const shahs = await cards(page).count();
    await page.getByLabel(uiText("doctors.clinicLabel"), { exact: true }).selectOption("head-office");
    await page.waitForURL(/clinic=head-office/);
    await page.waitForFunction((before) => { const n = document.querySelectorAll("[data-doctor-card]").length; return n > 0 && n < before; }, shahs);
    assert.ok(await sameDocument(page), "no reload");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// The vertical slice in a real browser: Home, Doctors and a doctor's profile,
// with JavaScript off (everything is in the server's HTML) and on (hydration,
// filtering, client navigation, and not one console error).
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated, seedDoctors, markDocument, sameDocument } from "./harness.mjs";
import { uiText } from "../catalogue.mjs";

const env = serverAndBrowser();

const founders = seedDoctors.filter((d) => d.founder);
const sortKey = (name) => name.replace(/^\s*dr\.?\s*/i, "").toLowerCase();

test("without JavaScript every page's content is in the server HTML", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/`);
    assert.equal(await page.locator("h1").count(), 1, "one h1 on /");
    for (const id of ["home", "why-choose-us", "departments", "doctors", "services", "subscription", "appointment", "news"]) {
      assert.equal(await page.locator(`section#${id}, [id="${id}"]`).count() >= 1, true, `section #${id} on /`);
    }
    for (const f of founders) {
      assert.ok(await page.getByText(f.name, { exact: false }).first().isVisible(), `founder ${f.name} on /`);
    }
    assert.ok(await page.locator("header").first().isVisible());
    assert.ok(await page.locator("footer").first().isVisible());

    await page.goto(`${env.server.base}/doctors`);
    const text = await page.locator("main").innerText();
    for (const d of seedDoctors) assert.ok(text.includes(d.name), `${d.name} on /doctors`);
    const order = seedDoctors.map((d) => d.name).sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    const positions = order.map((n) => text.indexOf(n));
    assert.deepEqual([...positions].sort((a, b) => a - b), positions, "cards sorted by name, Dr. ignored");

    const d = seedDoctors[3];
    const res = await page.goto(`${env.server.base}/doctors/${d.id}`);
    assert.equal(res.status(), 200);
    const profile = await page.locator("main").innerText();
    for (const t of [d.name, d.specialization, d.bio.slice(0, 40), d.education[0], d.languages[0], d.officeHours[0].hours]) {
      assert.ok(profile.includes(t), `profile shows ${t}`);
    }

    const missing = await page.goto(`${env.server.base}/doctors/424242`);
    assert.equal(missing.status(), 404);
    assert.ok(await page.getByRole("heading", { name: uiText("doctorProfile.notFoundHeading") }).isVisible());
    assert.ok(await page.getByText(uiText("doctorProfile.notFoundText")).isVisible());
    await page.getByRole("link", { name: uiText("common.backToDoctors") }).click();
    await page.waitForURL(`${env.server.base}/doctors`);
  } finally {
    await context.close();
  }
});

test("with JavaScript the doctors page hydrates and filters as you type", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/doctors`);
    await hydrated(page);
    const cards = page.locator("[data-doctor-card]");
    assert.equal(await cards.count(), seedDoctors.length);

    const target = seedDoctors.find((d) => !d.founder);
    const query = target.specialization.slice(0, 5).toUpperCase();
    const expected = seedDoctors.filter((d) =>
      d.name.toLowerCase().includes(query.toLowerCase()) || d.specialization.toLowerCase().includes(query.toLowerCase()));
    assert.ok(expected.length > 0 && expected.length < seedDoctors.length, `${query} picks some doctors, not all`);
    await page.getByRole("searchbox").fill(query);
    await page.waitForFunction((n) => document.querySelectorAll("[data-doctor-card]").length === n, expected.length);
    const shown = await cards.allInnerTexts();
    for (const d of expected) assert.ok(shown.some((t) => t.includes(d.name)), `${d.name} matches ${query}`);

    await page.getByRole("searchbox").fill("zzzz no such doctor");
    await page.getByText(uiText("doctors.none")).waitFor();
    assert.equal(await cards.count(), 0);
    assert.deepEqual(problems, [], "no console errors");
  } finally {
    await context.close();
  }
});

test("with JavaScript, links navigate on the client and show what a direct load shows", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    await markDocument(page);
    await page.locator("header").getByRole("link", { name: /doctors/i }).first().click();
    await page.waitForURL(`${env.server.base}/doctors`);
    const d = seedDoctors[5];
    const card = page.locator("[data-doctor-card]").filter({ hasText: d.name });
    await card.getByRole("link", { name: /view profile/i }).click();
    await page.waitForURL(`${env.server.base}/doctors/${d.id}`);
    await page.getByRole("heading", { level: 1, name: d.name }).waitFor();
    assert.ok(await sameDocument(page), "both links navigated on the client, without a page load");
    const viaLink = await page.locator("main").innerText();

    const direct = await openPage(env.browser);
    await direct.page.goto(`${env.server.base}/doctors/${d.id}`);
    await hydrated(direct.page);
    assert.equal(await direct.page.locator("main").innerText(), viaLink, "same content by link and by direct load");
    assert.equal(await direct.page.title(), await page.title());
    assert.deepEqual(direct.problems, [], "no console errors on a direct load");
    await direct.context.close();

    assert.deepEqual(problems, [], "no console errors");
  } finally {
    await context.close();
  }
});

test("an unknown page redirects to the home page", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/no/such/page`);
    assert.equal(new URL(page.url()).pathname, "/");
  } finally {
    await context.close();
  }
});

// Departments in a real browser: the listing and a department with JavaScript off,
// and with it on the flip on keyboard focus, client navigation to a department and
// on to a specialist's profile, with not one console error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serverAndBrowser, openPage, hydrated, seedDoctors, repo, markDocument, sameDocument } from "./harness.mjs";
import { uiText } from "../catalogue.mjs";

const departments = JSON.parse(readFileSync(join(repo, "crates/hygo-content/catalogue/departments.json"), "utf8"));
const listed = departments.filter((d) => d.listed);

const env = serverAndBrowser();

test("without JavaScript the departments and their specialists are in the HTML", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/departments`);
    const cards = page.locator("[data-department-card]");
    assert.equal(await cards.count(), 25);
    const names = await page.locator("[data-department-card] .flip-name").allInnerTexts();
    assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b, "en")), "sorted by name");
    assert.deepEqual([...names].sort(), listed.map((d) => d.name).sort());

    await cards.filter({ hasText: "Cardiology" }).getByRole("link").click();
    await page.waitForURL(`${env.server.base}/departments/cardiology`);
    assert.ok(await page.getByRole("heading", { level: 1, name: "Cardiology" }).isVisible());
    const cardiologists = seedDoctors.filter((d) => d.department === "cardiology");
    assert.equal(await page.locator("[data-specialist-card]").count(), cardiologists.length);
    await page.getByRole("link", { name: `View Profile of ${cardiologists[0].name}` }).click();
    await page.waitForURL(/\/doctorDetail\?doctorId=/);
    assert.ok(await page.getByRole("heading", { level: 1, name: cardiologists[0].name }).isVisible());
  } finally {
    await context.close();
  }
});

test("with JavaScript cards flip on focus and links navigate on the client", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/departments`);
    await hydrated(page);
    const first = page.locator("[data-department-card] a").first();
    await first.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    const transform = await first.locator(".flip-card-inner").evaluate((el) => getComputedStyle(el).transform);
    assert.notEqual(transform, "none", "the focused card turns to its back");
    await markDocument(page);

    const neurology = page.locator("[data-department-card]").filter({ hasText: "Neuroscience" }).getByRole("link");
    await neurology.click();
    await page.waitForURL(`${env.server.base}/departments/neurology`);
    await page.getByRole("heading", { level: 1, name: "Neuroscience" }).waitFor();
    const neurologists = seedDoctors.filter((d) => d.department === "neurology");
    assert.equal(await page.locator("[data-specialist-card]").count(), neurologists.length);
    await page.getByRole("link", { name: `View Profile of ${neurologists[0].name}` }).click();
    await page.getByRole("heading", { level: 1, name: neurologists[0].name }).waitFor();
    assert.ok(await sameDocument(page), "both links navigated on the client, without a page load");

    assert.deepEqual(problems, [], "no console errors");

    // The browser reports the 404 of the document itself; nothing else may appear.
    const missing = await page.goto(`${env.server.base}/departments/astrology`);
    assert.equal(missing.status(), 404);
    await hydrated(page);
    await page.getByRole("link", { name: uiText("department.backToDepartments") }).click();
    await page.waitForURL(`${env.server.base}/departments`);
    await page.locator("[data-department-card]").first().waitFor();
    assert.deepEqual(problems.filter((p) => !p.includes("status of 404")), [], "no console errors");
  } finally {
    await context.close();
  }
});

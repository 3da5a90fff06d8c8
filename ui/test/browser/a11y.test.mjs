// axe-core on every page at a phone width and a desktop width: zero violations of
// the WCAG 2.0, 2.1 and 2.2 A and AA rules, with JavaScript on (after hydration).
import { test } from "node:test";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";

const env = serverAndBrowser();

export const ROUTES = [
  "/", "/doctors", "/doctors/1", "/doctorDetail?doctorId=4", "/doctors/424242", "/departments", "/departments/cardiology",
  "/departments/oncology", "/departments/astrology", "/services", "/services/pharmacy", "/services/nothing",
  "/specializations/cardiologist", "/specializations/dentist", "/search?q=car", "/about-us-HYGO", "/about-hygo",
  "/our-mission", "/our-vision", "/patient-resources", "/contactus", "/privacy-policy", "/terms-and-conditions",
  "/news", "/news/lab-sample-collection-at-home", "/reviews", "/specialists", "/schedules", "/banner",
  "/departments/general-consultation",
];

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

function describe(violations) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`).join("\n  ");
}

for (const width of [375, 1280]) {
  test(`axe finds no WCAG 2.2 AA violation at ${width} px`, async () => {
    const { page, context } = await openPage(env.browser, { width, height: 800 });
    const failures = [];
    try {
      for (const path of ROUTES) {
        await page.goto(`${env.server.base}${path}`);
        await hydrated(page);
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        if (violations.length) failures.push(`${path}:\n  ${describe(violations)}`);
      }
      // The open search with suggestions, and the open menu on a phone.
      await page.goto(`${env.server.base}/doctors`);
      await hydrated(page);
      await page.getByRole("button", { name: "Search" }).first().click();
      await page.getByRole("combobox").fill("car");
      await page.getByRole("listbox").waitFor();
      let { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      if (violations.length) failures.push(`search open:\n  ${describe(violations)}`);
      if (width < 1024) {
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Open menu" }).click();
        ({ violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze());
        if (violations.length) failures.push(`menu open:\n  ${describe(violations)}`);
      }
    } finally {
      await context.close();
    }
    assert.equal(failures.length, 0, failures.join("\n"));
  });
}

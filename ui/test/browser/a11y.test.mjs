// axe-core on every page at a phone width and a desktop width: zero violations of
// the WCAG 2.0, 2.1 and 2.2 A and AA rules, with JavaScript on (after hydration).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { serverAndBrowser, openPage, hydrated, ROUTES } from "./harness.mjs";
import { contentText, messageText, uiText } from "../catalogue.mjs";

const env = serverAndBrowser();


const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

function describeViolations(violations) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`).join("\n  ");
}

// The two widths side by side (each in a page of its own): they share nothing but the server.
describe("axe at a phone and a desktop width", { concurrency: true }, () => {
  for (const width of [375, 1280]) {
    it(`axe finds no WCAG 2.2 AA violation at ${width} px`, async () => {
      const { page, context } = await openPage(env.browser, { width, height: 800 });
      const failures = [];
      try {
        for (const path of ROUTES) {
          await page.goto(`${env.server.base}${path}`);
          await hydrated(page);
          const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          if (violations.length) failures.push(`${path}:\n  ${describeViolations(violations)}`);
        }
        // The open search with suggestions, and the open menu on a phone.
        await page.goto(`${env.server.base}/doctors`);
        await hydrated(page);
        await page.getByRole("button", { name: uiText("header.search") }).first().click();
        await page.getByRole("combobox", { name: uiText("searchBox.label") }).fill("car");
        await page.getByRole("listbox").waitFor();
        let { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        if (violations.length) failures.push(`search open:\n  ${describeViolations(violations)}`);
        // Every form in its error state, every step of both wizards, and the dialog.
        const check = async (label) => {
          const { violations: found } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          if (found.length) failures.push(`${label}:\n  ${describeViolations(found)}`);
        };
        const main = page.locator("main");
        await page.goto(`${env.server.base}/subscription`);
        await hydrated(page);
        await page.getByRole("link", { name: "Request this card: Essential Family" }).click();
        await page.getByRole("dialog").getByRole("button", { name: contentText("forms.subscription.submit") }).click();
        await page.getByRole("dialog").getByRole("alert").waitFor();
        await check("health-card dialog with errors");
        await page.keyboard.press("Escape");
        await page.goto(`${env.server.base}/contactus`);
        await hydrated(page);
        await main.getByRole("button", { name: contentText("forms.contact.submit") }).click();
        await main.getByRole("alert").waitFor();
        await check("contact form with errors");
        await page.locator("footer").getByRole("button", { name: contentText("site.newsletter.button") }).click();
        await page.locator("footer").getByText(messageText("newsletter.email")).waitFor();
        await check("newsletter with an error");
        for (const path of ["/appointment", "/appointment/3"]) {
          await page.goto(`${env.server.base}${path}`);
          await hydrated(page);
          await main.getByRole("button", { name: contentText("forms.appointment.continue") }).click();
          if (path === "/appointment") await main.getByLabel(/^Doctor\b/).selectOption({ index: 1 });
          // The first day the doctor can be booked on (the others are marked, and cannot be chosen).
          await main.locator(".day-strip .day:not([disabled])").first().click();
          await page.waitForTimeout(300);
          await check(`${path} step 2`);
          // The review needs a time first: the step stays, with the summary.
          await main.getByRole("button", { name: contentText("forms.appointment.review") }).click();
          await main.getByRole("alert").getByText(messageText("appointment.timeRequired")).waitFor();
          await check(`${path} step 2 without a time`);
          await main.getByRole("list", { name: "Hours" }).getByRole("button").first().click();
          await main.locator('input[name="time"]:not([disabled])').first().check();
          await main.getByRole("button", { name: contentText("forms.appointment.review") }).click();
          await main.getByRole("button", { name: /^(Request Appointment|Send Appointment Request)$/ }).click();
          await main.getByRole("alert").waitFor();
          await check(`${path} step 3 with an error`);
          await main.getByLabel(/I confirm that the information/).check();
          await main.getByRole("button", { name: /^(Request Appointment|Send Appointment Request)$/ }).click();
          await main.getByRole("alert").getByRole("link").first().waitFor();
          await check(`${path} refused by the server`);
        }
        if (width < 1024) {
          await page.keyboard.press("Escape");
          await page.getByRole("button", { name: uiText("header.openMenu") }).click();
          ({ violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze());
          if (violations.length) failures.push(`menu open:\n  ${describeViolations(violations)}`);
        }
      } finally {
        await context.close();
      }
      assert.equal(failures.length, 0, failures.join("\n"));
    });
  }
});

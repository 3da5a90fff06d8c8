// The content pages with JavaScript: the FAQ accordion opens from the keyboard, the
// mission counters count up to their targets, and the pages hydrate cleanly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";

const env = serverAndBrowser();

test("the FAQ accordion works with the keyboard and the counters reach their targets", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/patient-resources`);
    await hydrated(page);
    const first = page.locator("details.faq-item").first();
    assert.equal(await first.evaluate((d) => d.open), false);
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    assert.equal(await first.evaluate((d) => d.open), true, "Enter opens a question");
    assert.ok(await first.locator("p").isVisible());

    await page.goto(`${env.server.base}/our-mission`);
    await hydrated(page);
    const values = page.locator(".counter-value");
    await page.waitForFunction(() => document.querySelector(".counter-value")?.textContent === "100", null, { timeout: 8000 });
    assert.deepEqual(await values.allInnerTexts(), ["100", "25", "1,000,000+"]);

    for (const path of ["/about-us-HYGO", "/about-hygo", "/our-vision", "/contactus", "/privacy-policy", "/terms-and-conditions"]) {
      await page.goto(`${env.server.base}${path}`);
      await hydrated(page);
      assert.equal(await page.locator("h1").count(), 1, path);
    }
    assert.deepEqual(problems, [], "no console errors");
  } finally {
    await context.close();
  }
});

test("with reduced motion the counters show their targets at once", async () => {
  const { page, context } = await openPage(env.browser);
  try {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${env.server.base}/our-mission`);
    await hydrated(page);
    assert.deepEqual(await page.locator(".counter-value").allInnerTexts(), ["100", "25", "1,000,000+"]);
  } finally {
    await context.close();
  }
});

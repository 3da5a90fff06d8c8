// The content pages with JavaScript: the FAQ accordion opens from the keyboard, the
// mission counters (the server writes their targets) count up again from 0 once the
// page has hydrated, and the pages hydrate cleanly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";

const env = serverAndBrowser();
const TARGETS = ["100", "25", "1,000,000+"];

/**
 * Records every text the first counter shows, from the server's HTML on, with the
 * time it appeared: `window.counterSeen` is a list of [text, ms].
 */
function recordFirstCounter() {
  window.counterSeen = [];
  const note = () => {
    const text = document.querySelector(".counter-value")?.textContent;
    if (text != null && text !== window.counterSeen.at(-1)?.[0]) window.counterSeen.push([text, performance.now()]);
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
}

test("the FAQ accordion works with the keyboard and the counters count up from 0 after hydration", async () => {
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

    await page.addInitScript(recordFirstCounter);
    await page.goto(`${env.server.base}/our-mission`);
    await hydrated(page);
    await page.waitForFunction(() => window.counterSeen.length > 2 && window.counterSeen.at(-1)[0] === "100", null, { timeout: 8000 });
    const seen = await page.evaluate(() => window.counterSeen);
    const texts = seen.map(([text]) => text);
    assert.equal(texts[0], "100", "the server's HTML has the target");
    assert.equal(texts[1], "0", "hydrated, the counter starts again from 0");
    const numbers = texts.slice(1).map(Number);
    assert.ok(numbers.every((n, i) => i === 0 || n > numbers[i - 1]), `then only goes up: ${texts}`);
    assert.ok(numbers.length > 10, `in many steps, not one jump: ${texts}`);
    assert.ok(seen[2][1] - seen[1][1] >= 900, `about a second at 0 first (${Math.round(seen[2][1] - seen[1][1])} ms)`);
    await page.waitForFunction((targets) => [...document.querySelectorAll(".counter-value")].map((c) => c.textContent).join() === targets.join(),
      TARGETS, { timeout: 8000 });
    assert.deepEqual(await page.locator(".counter-value").allInnerTexts(), TARGETS, "every counter ends at its target");
    assert.deepEqual(await page.locator(".counter .visually-hidden").allTextContents(), TARGETS, "screen readers get the targets only");

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

test("with reduced motion the counters keep their targets and never change", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.addInitScript(recordFirstCounter);
    await page.goto(`${env.server.base}/our-mission`);
    await hydrated(page);
    // Past the second after which the animation would start.
    await page.waitForTimeout(1500);
    assert.deepEqual(await page.evaluate(() => window.counterSeen.map(([text]) => text)), ["100"]);
    assert.deepEqual(await page.locator(".counter-value").allInnerTexts(), TARGETS);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// The home page: the hero carousel (pagination, auto-advance, pause, reduced
// motion), the service tiles, and the news cards leading to articles; without
// JavaScript (and before it has run) the dots and the tiles work too: they are
// radio buttons, and the stylesheet shows the checked one's slide or part.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";
import { contentText, uiText } from "../catalogue.mjs";

const env = serverAndBrowser();

/** The 0-based indexes of the slides on screen. */
const visibleSlides = (page) => page.locator(".hero-slide-wrap").evaluateAll(
  (slides) => slides.flatMap((s, i) => (s.getClientRects().length ? [i] : [])));
/** The 0-based index of the visible slide (there is one). */
async function visibleSlide(page) {
  const shown = await visibleSlides(page);
  assert.equal(shown.length, 1, `one slide on screen, not ${shown.length}`);
  return shown[0];
}
/** The service parts on screen, by their heading. */
const visibleServices = (page) => page.locator("#service-detail .service-detail").evaluateAll(
  (parts) => parts.filter((p) => p.getClientRects().length).map((p) => p.querySelector("h3").textContent));
const dotsOf = (page) => page.getByRole("list", { name: uiText("home.chooseSlide") }).getByRole("radio");
const tilesOf = (page) => page.getByRole("group", { name: uiText("home.servicesLabel") }).getByRole("radio");

test("the hero has four slides, clickable pagination, auto-advance every 5 s and a pause button", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    const dots = dotsOf(page);
    assert.equal(await dots.count(), 4);
    assert.equal(await visibleSlide(page), 0);

    await dots.nth(2).click();
    assert.equal(await visibleSlide(page), 2, "a dot shows its slide");
    assert.equal(await dots.nth(2).isChecked(), true);
    assert.equal(await dots.nth(0).isChecked(), false);

    await dots.nth(3).click();
    // From the last slide the carousel loops to the first within about 5 s.
    await page.waitForFunction(() => !document.querySelectorAll(".hero-slide-wrap")[0].hidden, null, { timeout: 7000 });
    assert.equal(await dots.nth(0).isChecked(), true, "the dots follow");

    await page.getByRole("button", { name: uiText("home.pause") }).click();
    const paused = await visibleSlide(page);
    await page.waitForTimeout(6000);
    assert.equal(await visibleSlide(page), paused, "a paused slideshow stays put (WCAG 2.2.2)");
    assert.ok(await page.getByRole("button", { name: uiText("home.play") }).isVisible());
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("with reduced motion the slides do not advance by themselves", async () => {
  const context = await env.browser.newContext({ reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    await page.waitForTimeout(6000);
    assert.equal(await visibleSlide(page), 0);
    await dotsOf(page).nth(1).click();
    assert.equal(await visibleSlide(page), 1, "pagination still works");
  } finally {
    await context.close();
  }
});

test("choosing a service tile shows what it offers and its Know More link", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    const tiles = tilesOf(page);
    assert.equal(await tiles.count(), 9, "nine tiles");
    assert.equal(await tiles.first().isChecked(), true, "Doctor Consultation is chosen at first");
    const detail = page.locator("#service-detail");
    assert.deepEqual(await visibleServices(page), [contentText("home.services.tiles.0.name")]);
    assert.ok((await detail.innerText()).includes(contentText("home.services.offerHeading")));

    const lab = tiles.nth(2);
    await lab.click();
    assert.equal(await lab.isChecked(), true);
    await detail.getByRole("heading", { name: contentText("home.services.tiles.2.name") }).waitFor();
    assert.deepEqual(await visibleServices(page), [contentText("home.services.tiles.2.name")], "one part on screen");
    const knowMore = detail.getByRole("link", { name: /Know More/ });
    assert.equal(await knowMore.getAttribute("href"), "/services/laboratory");
    await knowMore.click();
    await page.waitForURL(`${env.server.base}/services/laboratory`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("news pages: three cards a page, an article page, and Back to where the visitor came from", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/doctors`);
    await hydrated(page);
    await page.locator("footer").getByRole("link", { name: uiText("news.heading") }).click();
    await page.waitForURL(`${env.server.base}/news`);
    const cards = page.locator("[data-article-card]");
    await cards.first().waitFor();
    assert.ok(await cards.count() <= 3, "at most three per page");
    const first = await cards.first().getByRole("heading").innerText();
    await cards.first().getByRole("link", { name: /Read full article/ }).click();
    await page.getByRole("heading", { level: 1, name: first }).waitFor();

    await page.goBack();
    await page.waitForURL(`${env.server.base}/news`);
    await page.getByRole("link", { name: "Back" }).first().click();
    await page.waitForURL(`${env.server.base}/doctors`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const javaScriptEnabled of [false, true]) {
  // Without JavaScript, or before it has run (the page's modules held back): the
  // same choices work, by the stylesheet alone. Before, the dots and tiles were
  // buttons that did nothing until React arrived.
  test(`the hero's dots and the service tiles work ${javaScriptEnabled ? "before the page's JavaScript has run, and React keeps the choice" : "without JavaScript"}`, async () => {
    const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled, width: 375, height: 800 });
    let release = () => {};
    const held = new Promise((resolve) => { release = resolve; });
    if (javaScriptEnabled) await page.route(/\/assets\/.*\.js$/, async (route) => { await held; await route.continue(); });
    try {
      await page.goto(`${env.server.base}/`, { waitUntil: "commit" });
      const dots = dotsOf(page);
      await dots.first().waitFor();
      assert.equal(await dots.count(), 4);
      assert.equal(await visibleSlide(page), 0, "the first slide at first");
      assert.equal(await page.locator(".hero-pause").isVisible(), false, "no pause button while nothing moves");
      await dots.nth(2).click();
      assert.equal(await visibleSlide(page), 2, "a dot shows its slide");
      assert.equal(await dots.nth(2).isChecked(), true);
      // The keyboard: arrows move along the dots.
      await page.keyboard.press("ArrowRight");
      assert.equal(await visibleSlide(page), 3, "an arrow key shows the next slide");

      const tiles = tilesOf(page);
      assert.equal(await tiles.count(), 9, "nine tiles");
      assert.equal(await tiles.first().isChecked(), true, "Doctor Consultation is chosen at first");
      assert.deepEqual(await visibleServices(page), [contentText("home.services.tiles.0.name")], "and its part shown");
      await tiles.nth(2).click();
      assert.deepEqual(await visibleServices(page), [contentText("home.services.tiles.2.name")], "a tile shows its part, alone");
      const knowMore = page.locator("#service-detail").getByRole("link", { name: /Know More/ });
      assert.equal(await knowMore.count(), 1, "one Know More on screen");
      assert.equal(await knowMore.getAttribute("href"), "/services/laboratory");
      assert.ok(await knowMore.isVisible());
      // Focus on a tile is drawn on it.
      await tiles.nth(2).focus();
      await page.keyboard.press("ArrowRight");
      assert.deepEqual(await visibleServices(page), [contentText("home.services.tiles.3.name")]);
      const ring = await page.locator(".service-pick:focus-visible + .service-tile").evaluate((l) => getComputedStyle(l).outlineStyle);
      assert.equal(ring, "solid", "the focused tile shows its focus");

      if (javaScriptEnabled) {
        release();
        await hydrated(page);
        await page.waitForTimeout(300);
        assert.deepEqual(await visibleServices(page), [contentText("home.services.tiles.3.name")], "React keeps the chosen tile");
        assert.equal(await tiles.nth(3).isChecked(), true);
        const slide = await visibleSlide(page);
        assert.ok(slide === 3 || slide === 0, `React keeps the chosen slide (or has moved on to the next): ${slide}`);
        assert.ok(await page.locator(".hero-pause").isVisible(), "the pause button, once the slideshow runs");
        await tiles.nth(5).click();
        assert.deepEqual(await visibleServices(page), [contentText("home.services.tiles.5.name")]);
        assert.deepEqual(problems, [], "no hydration mismatch");
      }
    } finally {
      release();
      await context.close();
    }
  });
}

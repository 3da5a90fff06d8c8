// The home page with JavaScript on: the hero carousel (pagination, auto-advance,
// pause, reduced motion), the service tiles, and the news cards leading to articles.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";
import { contentText, uiText } from "../catalogue.mjs";

const env = serverAndBrowser();

/** The 0-based index of the visible slide. */
const visibleSlide = (page) => page.locator(".hero-slide-wrap").evaluateAll(
  (slides) => slides.findIndex((s) => !s.hidden));

test("the hero has four slides, clickable pagination, auto-advance every 5 s and a pause button", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    const dots = page.getByRole("list", { name: uiText("home.chooseSlide") }).getByRole("button");
    assert.equal(await dots.count(), 4);
    assert.equal(await visibleSlide(page), 0);

    await dots.nth(2).click();
    assert.equal(await visibleSlide(page), 2, "a dot shows its slide");
    assert.equal(await dots.nth(2).getAttribute("aria-pressed"), "true");
    assert.equal(await dots.nth(0).getAttribute("aria-pressed"), "false");

    await dots.nth(3).click();
    // From the last slide the carousel loops to the first within about 5 s.
    await page.waitForFunction(() => !document.querySelectorAll(".hero-slide-wrap")[0].hidden, null, { timeout: 7000 });

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
    await page.getByRole("list", { name: uiText("home.chooseSlide") }).getByRole("button").nth(1).click();
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
    const tiles = page.getByRole("list", { name: uiText("home.servicesLabel") }).getByRole("button");
    assert.equal(await tiles.count(), 9, "nine tiles");
    assert.equal(await tiles.first().getAttribute("aria-pressed"), "true", "Doctor Consultation is chosen at first");
    const detail = page.locator("#service-detail");
    assert.ok((await detail.innerText()).includes(contentText("home.services.offerHeading")));

    const lab = tiles.filter({ hasText: contentText("home.services.tiles.2.name") });
    await lab.click();
    assert.equal(await lab.getAttribute("aria-pressed"), "true");
    await detail.getByRole("heading", { name: contentText("home.services.tiles.2.name") }).waitFor();
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

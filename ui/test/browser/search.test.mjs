// The site search in a real browser: without JavaScript the header leads to the
// /search page, whose GET form lists results; with it, the header's combobox
// suggests from 2 characters, works with the keyboard alone, and submit opens the
// first result.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated, seedDoctors } from "./harness.mjs";
import { uiText } from "../catalogue.mjs";

const env = serverAndBrowser();

const cardiologists = seedDoctors.filter((d) => d.specialization.toLowerCase().includes("cardio"));

test("without JavaScript the search is a page with a form", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/`);
    await page.locator("a.search-toggle").click();
    await page.waitForURL(`${env.server.base}/search`);
    await page.getByLabel(uiText("search.label")).fill("cardio");
    await page.getByRole("button", { name: uiText("header.search"), exact: true }).click();
    await page.waitForURL(`${env.server.base}/search?q=cardio`);
    assert.ok(await page.getByRole("heading", { name: uiText("search.resultsHeading") }).isVisible());
    for (const d of cardiologists) assert.ok(await page.getByRole("link", { name: d.name }).isVisible(), d.name);
    await page.getByRole("link", { name: "Cardiology" }).first().click();
    await page.waitForURL(`${env.server.base}/departments/cardiology`);
  } finally {
    await context.close();
  }
});

for (const width of [375, 1280]) {
  test(`with JavaScript at ${width} px the combobox works with the keyboard`, async () => {
    const { page, context, problems } = await openPage(env.browser, { width });
    try {
      await page.goto(`${env.server.base}/doctors`);
      await hydrated(page);
      await page.getByRole("button", { name: uiText("header.search") }).first().click();
      const box = page.getByRole("combobox", { name: uiText("searchBox.label") });
      await box.waitFor();
      assert.ok(await box.evaluate((el) => el === document.activeElement), "the field takes focus");
      const submit = page.locator(".searchbox-submit");
      assert.ok(await submit.isDisabled(), "Search is disabled while the field is empty");
      if (width < 1024) assert.ok(await page.getByText('Try searching for "specialist"').isVisible(), "the hint on small screens");

      await box.pressSequentially("c");
      await page.waitForTimeout(400);
      assert.equal(await box.getAttribute("aria-expanded"), "false", "one character shows nothing");
      await box.pressSequentially("ar");
      const list = page.getByRole("listbox", { name: uiText("search.resultsHeading") });
      await list.waitFor();
      const options = list.getByRole("option");
      assert.ok((await options.count()) >= cardiologists.length);
      // Best match first: "car" starts the Cardiology department's name (docs/architecture.md, "Site search").
      assert.match(await options.first().innerText(), /^Cardiology\n[\s\S]*Department$/);

      await box.press("ArrowDown");
      await box.press("ArrowDown");
      const second = await options.nth(1).getAttribute("id");
      assert.equal(await box.getAttribute("aria-activedescendant"), second);
      assert.equal(await options.nth(1).getAttribute("aria-selected"), "true");
      await box.press("ArrowUp");
      const name = (await options.first().locator(".searchbox-option-name").innerText()).trim();
      await box.press("Enter");
      await page.getByRole("heading", { level: 1, name }).waitFor();
      assert.equal(await page.locator(".search-panel").isHidden(), true, "choosing closes the search");

      // Escape closes the list, then the panel.
      await page.getByRole("button", { name: uiText("header.search") }).first().click();
      await box.fill("neuro");
      await list.waitFor();
      await box.press("Escape");
      assert.equal(await box.getAttribute("aria-expanded"), "false");
      await box.press("Escape");
      await page.locator(".search-panel").waitFor({ state: "hidden" });

      // The clear button empties the field; submit opens the first result.
      await page.getByRole("button", { name: uiText("header.search") }).first().click();
      await box.fill("physio");
      await page.getByRole("button", { name: uiText("searchBox.clear") }).click();
      assert.equal(await box.inputValue(), "");
      await box.fill("Pharmacy");
      await submit.click();
      await page.waitForURL((url) => url.pathname !== "/doctors" && !url.pathname.startsWith("/doctors/"));

      // Everyday words: "skin doctor" offers Dermatology first (on a page loaded afresh,
      // so the click never lands while the last navigation is still drawing).
      await page.goto(`${env.server.base}/doctors`);
      await hydrated(page);
      await page.getByRole("button", { name: uiText("header.search") }).first().click();
      await box.waitFor();
      await box.fill("skin doctor");
      await list.waitFor();
      assert.match(await options.first().innerText(), /^Dermatology\n/);
      // Enter on a query nothing matches opens the search page: no results, the nearest, the departments.
      // At once, before its own answer comes: the list shown is the last query's, never opened for this one.
      await box.fill("neurolojee");
      await box.press("Enter");
      await page.waitForURL(`${env.server.base}/search?q=neurolojee`);
      await page.getByText(uiText("search.didYouMean")).waitFor();
      assert.ok(await page.locator("[data-suggestions]").getByRole("link", { name: "Neuroscience" }).isVisible());
      assert.ok(await page.locator("[data-departments]").getByRole("link", { name: "Dermatology" }).isVisible());
      assert.deepEqual(problems, [], "no console errors");
    } finally {
      await context.close();
    }
  });
}

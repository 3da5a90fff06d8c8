// The shell every page shares: the header's states and menus at desktop and phone
// widths, scroll to the top on a new page, and navigations that carry a target.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";
import { uiText } from "../catalogue.mjs";

const env = serverAndBrowser();

const headerClass = (page) => page.locator("header.site-header").getAttribute("class");

test("the header is transparent only at the very top of the home page", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    assert.match(await headerClass(page), /site-header--transparent/);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => document.querySelector("header.site-header").classList.contains("site-header--solid"));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector("header.site-header").classList.contains("site-header--transparent"));

    await page.goto(`${env.server.base}/doctors`);
    await hydrated(page);
    assert.match(await headerClass(page), /site-header--solid/, "white with a shadow away from home");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("at 1280 px the dropdown groups open independently, show the active route, and close on a click outside", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 1280 });
  try {
    await page.goto(`${env.server.base}/our-mission`);
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const about = nav.getByRole("button", { name: "About" });
    const departments = nav.getByRole("button", { name: "Our departments" });
    assert.match(await about.getAttribute("class"), /is-active/, "the group holding the active route is highlighted");

    await about.click();
    await departments.click();
    assert.equal(await about.getAttribute("aria-expanded"), "true");
    assert.equal(await departments.getAttribute("aria-expanded"), "true", "both groups open at once");
    const mission = nav.getByRole("link", { name: "Our Mission" });
    assert.equal(await mission.getAttribute("aria-current"), "page");
    for (const name of ["About HYGO", "Founding Team", "Our Vision", "Physiotherapy", "Wellness", "Laboratories", "Pharmacy", "At Home"]) {
      assert.ok(await nav.getByRole("link", { name }).isVisible(), `${name} in the menus`);
    }
    const consult = nav.getByRole("button", { name: "Consult a Doctor" });
    await consult.click();
    assert.ok(await nav.getByRole("link", { name: "General Consultation" }).isVisible());
    assert.equal(await nav.getByRole("link", { name: "Specialist Consultation" }).getAttribute("href"), "/departments");

    await about.click();
    assert.equal(await about.getAttribute("aria-expanded"), "false", "closing one leaves the other");
    assert.equal(await departments.getAttribute("aria-expanded"), "true");

    await page.locator("main h1").click();
    assert.equal(await departments.getAttribute("aria-expanded"), "false", "a click outside closes the menus");

    await departments.click();
    await page.keyboard.press("Escape");
    assert.equal(await departments.getAttribute("aria-expanded"), "false", "Escape closes them");

    const book = nav.getByRole("link", { name: /Book Appointment/ });
    assert.equal(await book.getAttribute("href"), "/appointment", "Book Appointment opens our request form");

    await departments.click();
    await nav.getByRole("link", { name: "Pharmacy" }).click();
    await page.waitForURL(`${env.server.base}/departments/pharmacy`);
    assert.equal(await departments.getAttribute("aria-expanded"), "false", "choosing closes the menu");
    // The department page's module may still be on its way: the header follows when it is there.
    await page.waitForFunction(() => document.querySelector("main h1")?.textContent?.includes("Pharmacy"));
    assert.match(await departments.getAttribute("class"), /is-active/, "the active department is highlighted");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("at 375 px the hamburger menu scrolls within 70% of the screen and closes after a choice", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 375, height: 700 });
  try {
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    assert.equal(await nav.isVisible(), false, "closed at first");
    await page.getByRole("button", { name: uiText("header.openMenu") }).click();
    assert.ok(await nav.isVisible());
    assert.match(await headerClass(page), /site-header--solid/, "an open menu is on white");
    assert.ok(await nav.getByRole("link", { name: "Our Team" }).isVisible(), "Doctors is labelled Our Team on a phone");
    await nav.getByRole("button", { name: "Our departments" }).click();
    await nav.getByRole("button", { name: "Consult a Doctor" }).click();
    const menu = page.locator(".site-nav");
    const box = await menu.boundingBox();
    assert.ok(box.height <= 700 * 0.7 + 1, `menu is ${box.height} px high on a 700 px screen`);
    assert.equal(await menu.evaluate((el) => getComputedStyle(el).overflowY), "auto");
    assert.ok(await menu.evaluate((el) => el.scrollHeight > el.clientHeight), "its list scrolls");

    await nav.getByRole("link", { name: "Our Team" }).click();
    await page.waitForURL(`${env.server.base}/doctors`);
    assert.equal(await nav.isVisible(), false, "the menu closed after the choice");

    await page.getByRole("button", { name: uiText("header.openMenu") }).click();
    assert.ok(await nav.isVisible());
    await page.mouse.click(10, 690);
    assert.equal(await nav.isVisible(), false, "a click outside closes it");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a new page starts at the top; a navigation with a target scrolls to it", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 800 });
  try {
    await page.goto(`${env.server.base}/patient-forms`);
    await hydrated(page);
    await page.getByRole("link", { name: "Contact reception" }).click();
    await page.waitForURL(`${env.server.base}/contactus#clinics`);
    const target = page.locator("#clinics");
    await target.waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById("clinics").getBoundingClientRect().top;
      return top >= 0 && top < 200;
    }, null, { timeout: 5000 });

    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => window.scrollY > 500);
    await page.locator("footer").getByRole("link", { name: uiText("news.heading") }).click();
    await page.waitForURL(`${env.server.base}/news`);
    await page.getByRole("heading", { level: 1, name: uiText("news.heading") }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, "the new page starts at its top");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// The shell every page shares: the header's states and menus at desktop and phone
// widths, with and without JavaScript and before it has run, scroll to the top on
// a new page, and navigations that carry a target.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";
import { uiText } from "../catalogue.mjs";

const env = serverAndBrowser();

const headerClass = (page) => page.locator("header.site-header").getAttribute("class");
/** A group of the header's links: its <details>, opened by its summary. */
const summary = (nav, name) => nav.locator("summary", { hasText: new RegExp(`^${name}$`) });
const group = (nav, name) => summary(nav, name).locator("xpath=..");
const isOpen = (details) => details.evaluate((d) => d.open);
/** The header's background and the menu button's colour, as drawn. */
const headerLook = (page) => page.locator("header.site-header").evaluate((h) => ({
  background: getComputedStyle(h).backgroundColor,
  toggle: getComputedStyle(h.querySelector(".nav-toggle")).color,
}));
const WHITE = "rgb(255, 255, 255)";

test("the header is transparent only at the very top of the home page", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/`);
    await hydrated(page);
    assert.match(await headerClass(page), /site-header--transparent/);
    // A group of links opened in the wide header is not the phone's menu: the header stays as it is.
    const nav = page.getByRole("navigation", { name: "Main" });
    await summary(nav, "About").click();
    assert.equal(await isOpen(group(nav, "About")), true);
    assert.match(await headerClass(page), /site-header--transparent/, "still transparent with a group open");
    await summary(nav, "About").click();
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
    const about = summary(nav, "About");
    const departments = summary(nav, "Our departments");
    const aboutGroup = group(nav, "About");
    const departmentsGroup = group(nav, "Our departments");
    assert.match(await about.getAttribute("class"), /is-active/, "the group holding the active route is highlighted");

    await about.click();
    await departments.click();
    assert.equal(await isOpen(aboutGroup), true);
    assert.equal(await isOpen(departmentsGroup), true, "both groups open at once");
    const mission = nav.getByRole("link", { name: "Our Mission" });
    assert.equal(await mission.getAttribute("aria-current"), "page");
    for (const name of ["About HYGO", "Founding Team", "Our Vision", "Physiotherapy", "Wellness", "Laboratories", "Pharmacy", "At Home"]) {
      assert.ok(await nav.getByRole("link", { name }).isVisible(), `${name} in the menus`);
    }
    await summary(nav, "Consult a Doctor").click();
    assert.ok(await nav.getByRole("link", { name: "General Consultation" }).isVisible());
    assert.equal(await nav.getByRole("link", { name: "Specialist Consultation" }).getAttribute("href"), "/departments");

    await about.click();
    assert.equal(await isOpen(aboutGroup), false, "closing one leaves the other");
    assert.equal(await isOpen(departmentsGroup), true);

    await page.locator("main h1").click();
    assert.equal(await isOpen(departmentsGroup), false, "a click outside closes the menus");

    await departments.click();
    await nav.getByRole("link", { name: "Pharmacy" }).focus();
    await page.keyboard.press("Escape");
    assert.equal(await isOpen(departmentsGroup), false, "Escape closes them");
    assert.equal(await departments.evaluate((s) => s === document.activeElement), true, "and focus goes back to the group's summary");

    const book = nav.getByRole("link", { name: /Book Appointment/ });
    assert.equal(await book.getAttribute("href"), "/appointment", "Book Appointment opens our request form");

    await departments.click();
    await nav.getByRole("link", { name: "Pharmacy" }).click();
    await page.waitForURL(`${env.server.base}/departments/pharmacy`);
    assert.equal(await isOpen(departmentsGroup), false, "choosing closes the menu");
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
    await summary(nav, "Our departments").click();
    await summary(nav, "Consult a Doctor").click();
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

// Without JavaScript the header still works: the phone's menu is a popover its
// button opens and closes, each group a <details>; and on the home page the
// header, transparent over the hero at the very top, turns white once the page is
// scrolled (a scroll-driven animation), so the white menu button never lies on
// white. Before, the header stayed transparent and the groups did nothing.
test("without JavaScript the menus open and close, and the home page's header turns white when scrolled", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false, width: 375, height: 700 });
  try {
    await page.goto(`${env.server.base}/`);
    const top = await headerLook(page);
    assert.equal(top.background, "rgba(0, 0, 0, 0)", "transparent over the hero at the top");
    assert.equal(top.toggle, WHITE);
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(600);
    const scrolled = await headerLook(page);
    assert.equal(scrolled.background, WHITE, "white once scrolled");
    assert.notEqual(scrolled.toggle, WHITE, "and the menu button is drawn dark on it");

    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = page.locator(".nav-toggle");
    assert.equal(await nav.isVisible(), false);
    await toggle.click();
    assert.ok(await nav.isVisible(), "the button opens the menu");
    assert.ok(await page.getByRole("button", { name: uiText("header.closeMenu") }).isVisible(), "and is named for closing it");
    const about = group(nav, "About");
    await summary(nav, "About").click();
    assert.equal(await isOpen(about), true);
    assert.ok(await nav.getByRole("link", { name: "Our Mission" }).isVisible(), "a group shows its links");
    await summary(nav, "About").click();
    assert.equal(await nav.getByRole("link", { name: "Our Mission" }).isVisible(), false, "and hides them again");
    await toggle.click();
    assert.equal(await nav.isVisible(), false, "the button closes the menu");
    await toggle.click();
    await page.keyboard.press("Escape");
    assert.equal(await nav.isVisible(), false, "Escape closes it");
    await toggle.click();
    await page.mouse.click(10, 690);
    assert.equal(await nav.isVisible(), false, "a tap outside closes it");

    await nav.page().setViewportSize({ width: 1280, height: 800 });
    await summary(nav, "Our departments").click();
    await summary(nav, "Consult a Doctor").click();
    assert.ok(await nav.getByRole("link", { name: "General Consultation" }).isVisible(), "the wide header's groups open too");
  } finally {
    await context.close();
  }
});

// A slow phone takes seconds to run the page's JavaScript; the header must answer
// the first tap before that (issue: the menu button did nothing until hydration,
// and a menu opened by CSS closed when React arrived). The modules are held back
// until the menu is open, then let through: the menu and its open group stay.
test("before the page's JavaScript has run, the first tap opens the phone's menu, and it stays open through hydration", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 375, height: 700 });
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/\/assets\/.*\.js$/, async (route) => { await held; await route.continue(); });
  try {
    await page.goto(`${env.server.base}/`, { waitUntil: "commit" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.getByRole("button", { name: uiText("header.openMenu") }).click();
    assert.ok(await nav.isVisible(), "the first tap opens the menu");
    assert.equal(await page.locator("html[data-hydrated]").count(), 0, "before hydration");
    await summary(nav, "About").click();
    assert.ok(await nav.getByRole("link", { name: "Our Mission" }).isVisible(), "a group opens before hydration");
    await page.waitForTimeout(400);
    assert.equal((await headerLook(page)).background, WHITE, "an open menu is on white");

    release();
    await hydrated(page);
    await page.waitForTimeout(500);
    assert.ok(await nav.isVisible(), "still open once React owns the page");
    assert.ok(await nav.getByRole("link", { name: "Our Mission" }).isVisible(), "its group too");
    assert.match(await headerClass(page), /site-header--solid/, "React knows the menu is open");
    await page.getByRole("button", { name: uiText("header.closeMenu") }).click();
    assert.equal(await nav.isVisible(), false, "the next tap closes it");
    assert.match(await headerClass(page), /site-header--transparent/, "back to transparent at the top of the home page");
    assert.deepEqual(problems, [], "no hydration mismatch");
  } finally {
    release();
    await context.close();
  }
});

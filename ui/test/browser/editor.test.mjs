// The content editor (issue 28, docs/editors.md) in Chromium, against the real
// binary: an editor made on the command line signs in and lands on the site's
// content; without JavaScript on a phone they change the About page's heading,
// save, see the draft in the preview (the public page unchanged), share it (the
// link works signed out and shows the banner, never the editor) and publish it
// (the public page changes at once). With JavaScript the draft saves itself as
// they type and the previews follow; a text in the preview leads to its field.
// axe finds nothing on the editor's pages and the preview, at 375 and 1280 px
// (axe needs the page's JavaScript, so it runs in the second test). In
// Gujarati, a text left as English's is marked and counted, in the entry and in
// the list, and the preview is the Gujarati page (the third).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { openPage, hydrated, repo, serverAndBrowser } from "./harness.mjs";
import { staffSteps } from "./staff-steps.mjs";
import { messageText, staffText } from "../catalogue.mjs";

const env = serverAndBrowser();
const { url, addOnCommandLine, setUp, signIn, axe } = staffSteps(env);
const pages = JSON.parse(readFileSync(join(repo, "crates/hygo-content/catalogue/pages.json"), "utf8"));
const about = pages.about;
const gujaratiPages = JSON.parse(readFileSync(join(repo, "crates/hygo-content/catalogue/gu/pages.json"), "utf8"));
const EDITOR = "meena@hygo.test";
const BANNER = messageText("editor.draftBanner");

/** A PNG of a gradient, `width` × `height`, as a camera's picture would be uploaded. */
function gradientPng(width, height) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([x % 256, y % 256, 120], y * (width * 3 + 1) + 1 + x * 3);
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

test("without JavaScript on a phone, an editor changes the About page, previews, shares and publishes it", async () => {
  const setup = await openPage(env.browser, { width: 1280 });
  await setUp(setup.page, addOnCommandLine("editor", "Meena Shah", EDITOR), EDITOR);
  await setup.context.close();

  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false, width: 375, height: 800 });
  await signIn(page, EDITOR);
  await page.waitForURL(/\/staff\/content$/);
  await page.getByRole("heading", { name: staffText("editor.heading"), level: 1 }).waitFor();
  await page.getByRole("link", { name: about.heading, exact: true }).click();
  await page.waitForURL(/\/staff\/content\/page\.about$/);
  // The appointment requests are not an editor's.
  assert.equal((await page.request.get(url("/staff/appointments"))).status(), 403);

  // The page's own heading: the first (each section has one too, in its group).
  const heading = page.getByLabel(staffText("editor.names.heading"), { exact: true }).first();
  assert.equal(await heading.inputValue(), about.heading);
  await heading.fill("About HYGO, written by the editor");
  await page.getByRole("button", { name: staffText("editor.save"), exact: true }).click();
  await page.waitForURL(/done=saved/);
  await page.getByRole("status").filter({ hasText: staffText("editor.done.saved") }).waitFor();
  // The preview beside the fields (shown at a phone's width) has the draft and its banner.
  const phone = page.frameLocator(`iframe[title$="${staffText("editor.previewPhone")}"]`);
  await phone.getByRole("heading", { name: "About HYGO, written by the editor", level: 1 }).waitFor();
  await phone.getByText(BANNER).waitFor();
  // The live page has not changed.
  const live = await (await fetch(url("/about-us-HYGO"))).text();
  assert.ok(!live.includes("written by the editor") && live.includes(about.heading), "the public page is as it was");

  // A list: a paragraph added, then removed again, without JavaScript.
  const before = await page.locator("textarea").count();
  await page.getByRole("button", { name: new RegExp(`^${staffText("editor.add")} \\(${staffText("editor.names.paragraphs")}`) }).first().click();
  await page.waitForURL(/done=saved/);
  assert.equal(await page.locator("textarea").count(), before + 1, "one more paragraph to write");

  // Share the revision: the link works signed out and shows the draft, not the editor.
  await page.getByRole("button", { name: staffText("editor.share"), exact: true }).click();
  await page.waitForURL(/done=shared/);
  const link = (await page.locator(".editor-shares code").first().innerText()).trim();
  const stranger = await openPage(env.browser, { javaScriptEnabled: false, width: 375 });
  const shared = await stranger.page.goto(url(new URL(link).pathname));
  assert.equal(shared.status(), 200);
  await stranger.page.getByText(BANNER).waitFor();
  await stranger.page.getByRole("heading", { name: "About HYGO, written by the editor", level: 1 }).waitFor();
  assert.equal(await stranger.page.locator("a[href^='/staff']").count(), 0, "a share link never shows the editor");
  await stranger.context.close();

  // Publish the newest revision (the empty paragraph is a problem: remove it first).
  const paragraphs = staffText("editor.names.paragraphs");
  const firstSection = page.getByRole("group", { name: new RegExp(`^${staffText("editor.names.sections")} 1: `) });
  await firstSection.getByRole("button", { name: new RegExp(`^${staffText("editor.remove")} ${paragraphs} \\d+$`) }).last().click();
  await page.waitForURL(/done=saved/);
  await page.getByRole("button", { name: staffText("editor.publishNow"), exact: true }).click();
  await page.waitForURL(/done=published/);
  const published = await (await fetch(url("/about-us-HYGO"))).text();
  assert.ok(published.includes("About HYGO, written by the editor"), "live at once");

  // A picture for the first hero slide: uploaded with its description, published.
  const ALT = "A doctor listening to a patient at the clinic";
  await page.goto(url("/staff/content/home.hero"));
  const slot = page.locator('[id="picture-slides.0.image"]');
  await slot.getByLabel(staffText("editor.pictureFile")).setInputFiles({ name: "clinic.png", mimeType: "image/png", buffer: gradientPng(1200, 800) });
  await slot.getByLabel(staffText("editor.pictureAlt")).fill(ALT);
  await slot.getByRole("button", { name: new RegExp(`^${staffText("editor.upload")}`) }).click();
  await page.waitForURL(/done=picture/);
  await page.getByRole("status").filter({ hasText: staffText("editor.done.picture") }).waitFor();
  assert.match(await page.locator('[id="picture-slides.0.image"] figcaption').innerText(), new RegExp(`${ALT}$`), "the picture now, described");
  await page.getByRole("button", { name: staffText("editor.publishNow"), exact: true }).click();
  await page.waitForURL(/done=published/);
  await context.close();

  // A patient's phone fetches the narrowest version only, the first slide's, early.
  const patient = await openPage(env.browser, { width: 375, height: 800 });
  const pictures = [];
  patient.page.on("response", (res) => { if (res.url().includes("/photos/")) pictures.push(res); });
  await patient.page.goto(url("/"), { waitUntil: "networkidle" });
  await patient.page.getByRole("img", { name: ALT }).waitFor();
  const sizes = await Promise.all(pictures.map(async (res) => [new URL(res.url()).pathname, (await res.body()).length]));
  assert.equal(sizes.length, 1, `one version: ${JSON.stringify(sizes)}`);
  assert.match(sizes[0][0], /-480\.(jpg|webp)$/);
  assert.ok(sizes[0][1] < 60 * 1024, `the phone's version is small: ${sizes[0][1]} B`);
  await patient.context.close();
});

test("with JavaScript, the draft saves itself while typing, the previews follow, and a text in a preview leads to its field; axe on every editor page", async () => {
  const failures = [];
  const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 900 });
  await signIn(page, EDITOR);
  await page.waitForURL(/\/staff\/content$/);
  await page.goto(url("/staff/content/page.vision"));
  await hydrated(page);
  const lead = page.getByLabel(staffText("editor.names.lead"), { exact: true }).first();
  await lead.fill("A lead typed in the editor");
  await page.getByRole("status").filter({ hasText: staffText("editor.savedAuto") }).waitFor({ timeout: 10_000 });
  const desktop = page.frameLocator(`iframe[title$="${staffText("editor.previewDesktop")}"]`);
  await desktop.getByText("A lead typed in the editor").waitFor({ timeout: 10_000 });
  // Click to edit: the heading in the preview leads to the heading's field.
  const frameHeading = desktop.locator("h1").first();
  await frameHeading.waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll("iframe")].some((f) => f.contentDocument?.querySelector("[data-editor-field]")));
  await frameHeading.click();
  const focused = await page.evaluate(() => document.activeElement?.getAttribute("name"));
  assert.equal(focused, "f.heading", "the heading's field has the focus");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/staff/content", "/staff/content/page.vision", "/staff/content/page.about/history", "/staff/content/home.hero", "/staff/content/article.lab-sample-collection-at-home"]) {
      await page.goto(url(path));
      await hydrated(page);
      await axe(page, `${path} at ${width}`, failures);
    }
    await page.goto(url("/staff/content/page.about/preview"));
    await axe(page, `preview at ${width}`, failures);
  }
  await context.close();
  assert.deepEqual(failures, []);
  assert.deepEqual(problems, [], "no console error, no hydration mismatch");
});

test("in Gujarati, a text left as English's is marked and counted, the preview is the Gujarati page; axe on each", async () => {
  const failures = [];
  const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 900 });
  await signIn(page, EDITOR);
  await page.waitForURL(/\/staff\/content$/);
  // The entry in Gujarati, from its English editor's language links.
  await page.goto(url("/staff/content/page.mission"));
  await hydrated(page);
  const languages = page.getByRole("navigation", { name: staffText("editor.languages") });
  await languages.getByRole("link", { name: "ગુજરાતી" }).click();
  await page.waitForURL(/\/staff\/content\/page\.mission\?lang=gu$/);
  assert.equal(await languages.getByRole("link", { name: "ગુજરાતી" }).getAttribute("aria-current"), "page");
  const gujarati = staffText("editor.languageNames.gu");
  await page.getByText(staffText("editor.translationIntro", { language: gujarati })).waitFor();
  const heading = page.getByLabel(staffText("editor.names.heading"), { exact: false }).first();
  assert.equal(await heading.inputValue(), gujaratiPages.mission.heading, "the Gujarati words");
  assert.equal(await page.getByText(staffText("editor.untranslatedMark"), { exact: true }).count(), 0, "as shipped, nothing is left in English");

  // The heading left as English's: marked on its field, counted above, listed.
  await heading.fill(pages.mission.heading);
  await page.getByRole("button", { name: staffText("editor.save"), exact: true }).click();
  await page.waitForURL(/lang=gu&done=saved/);
  await hydrated(page);
  await page.getByText(staffText("editor.untranslatedCount.one", { count: 1, language: gujarati })).waitFor();
  const marked = page.locator(".editor-untranslated");
  assert.equal(await marked.count(), 1);
  assert.match(await marked.innerText(), new RegExp(staffText("editor.untranslatedMark")));
  assert.equal(await page.getByLabel(new RegExp(staffText("editor.untranslatedMark"))).inputValue(), pages.mission.heading);
  // The preview beside it is the Gujarati page with the English heading.
  const phone = page.frameLocator(`iframe[title$="${staffText("editor.previewPhone")}"]`);
  await phone.getByRole("heading", { name: pages.mission.heading, level: 1 }).waitFor();
  assert.equal(await phone.locator("html").getAttribute("lang"), "gu");
  // Published, the list counts it among what is missing (what Gujarati readers see in English).
  await page.getByRole("button", { name: staffText("editor.publishNow"), exact: true }).click();
  await page.waitForURL(/lang=gu&done=published/);
  await page.goto(url("/staff/content?lang=gu"));
  await hydrated(page);
  const list = page.getByRole("region", { name: staffText("editor.untranslatedColumn") });
  const item = list.getByRole("listitem").filter({ has: page.getByRole("link", { name: pages.mission.heading }) });
  assert.equal(await item.innerText(), `${pages.mission.heading} (1)`);
  // The sum above the list is the entries' counts added (a hero picture's words from the first test are among them).
  const counts = (await list.getByRole("listitem").allInnerTexts()).map((t) => Number(t.match(/\((\d+)\)$/)[1]));
  const total = counts.reduce((a, b) => a + b, 0);
  const form = total === 1 ? "one" : "other";
  await list.getByText(staffText(`editor.listUntranslated.${form}`, { count: total, language: gujarati })).waitFor();
  // Each listed entry's editor marks as many fields as the list counts (the first test's hero picture among them).
  for (const listed of await list.getByRole("link").all()) {
    const n = Number((await listed.locator("xpath=..").innerText()).match(/\((\d+)\)$/)[1]);
    const href = await listed.getAttribute("href");
    const entry = await context.newPage();
    await entry.goto(url(href));
    assert.equal(await entry.locator(".editor-untranslated").count(), n, href);
    await entry.close();
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/staff/content?lang=gu", "/staff/content/page.mission?lang=gu", "/staff/content/home.whyChooseUs?lang=hi", "/staff/content/page.mission/history?lang=gu", "/staff/content/doctor.1?lang=gu"]) {
      await page.goto(url(path));
      await hydrated(page);
      await axe(page, `${path} at ${width}`, failures);
      if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/editor-${path.replace(/[^a-z]+/g, "-")}-${width}.png` });
    }
    await page.goto(url("/staff/content/page.mission/preview?lang=gu"));
    await axe(page, `Gujarati preview at ${width}`, failures);
  }
  await context.close();
  assert.deepEqual(failures, []);
  assert.deepEqual(problems, [], "no console error, no hydration mismatch");
});

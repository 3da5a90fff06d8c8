// Every form end to end in Chromium, with JavaScript on and off, checked against
// the rows the server stored: the health-card request, the newsletter (valid,
// invalid, duplicate, unsubscribe) and the contact form. The booking wizards have
// their own file (wizards.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated } from "./harness.mjs";
import { contentText, messageText } from "../catalogue.mjs";

const env = serverAndBrowser();
const rows = (sql, params) => env.server.query(sql, params);
/** What the newsletter form says once an address is sent: an e-mail to confirm is on its way. */
const CHECK_EMAIL = messageText("newsletter.checkEmail");

test("health card with JavaScript: the dialog shows errors, thanks, and resets when closed", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 375, height: 800 });
  try {
    await page.goto(`${env.server.base}/subscription`);
    await hydrated(page);
    for (const text of ["₹600", "₹1200", contentText("home.subscription.benefits.0"), contentText("home.subscription.benefits.1"),
      contentText("home.subscription.benefits.2"), contentText("home.subscription.benefits.3"), contentText("home.subscription.benefits.4"), contentText("home.subscription.benefits.5"),
      contentText("home.subscription.benefits.6")]) {
      assert.ok((await page.locator("main").innerText()).includes(text), text);
    }
    await page.getByRole("link", { name: "Request this card: Essential Family" }).click();
    const dialog = page.getByRole("dialog", { name: "Request the Essential Family card" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: contentText("forms.subscription.submit") }).click();
    const summary = dialog.getByRole("alert");
    await summary.waitFor();
    assert.ok(await summary.evaluate((el) => el === document.activeElement), "the error summary takes focus");
    assert.match(await summary.innerText(), /Enter your full name[\s\S]*Enter your phone number/);
    assert.doesNotMatch(await summary.innerText(), /email/i, "a phone is enough: the e-mail is optional");
    await summary.getByRole("link", { name: messageText("name.required") }).click();
    assert.equal(await page.evaluate(() => document.activeElement.id), "card-dialog-name", "summary links lead to the field");

    await dialog.getByLabel(contentText("forms.subscription.fields.name")).fill("ભાવિન પટેલ");
    await dialog.getByLabel(contentText("forms.subscription.fields.email")).fill("bhavin@example.in");
    await dialog.getByLabel(contentText("forms.subscription.fields.number")).fill("+91 98250 11111");
    await dialog.getByRole("button", { name: contentText("forms.subscription.submit") }).click();
    await dialog.getByRole("heading", { name: contentText("forms.subscription.successHeading") }).waitFor();
    const stored = rows("SELECT name, email, number, subscription_type FROM card_requests WHERE email = ?", ["bhavin@example.in"]);
    assert.deepEqual(stored, [{ name: "ભાવિન પટેલ", email: "bhavin@example.in", number: "+919825011111", subscription_type: "family" }]);

    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Request this card: Essential individual" }).click();
    const again = page.getByRole("dialog", { name: "Request the Essential individual card" });
    assert.equal(await again.getByLabel(contentText("forms.subscription.fields.name")).inputValue(), "", "closing reset the form");
    await page.keyboard.press("Escape");
    await again.waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("health card without JavaScript: the plan's button leads to the form, which keeps the values of a refused post", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/subscription`);
    await page.getByRole("link", { name: "Request this card: Essential individual" }).click();
    const form = page.locator("#request");
    assert.ok(await form.getByLabel(/Essential individual/).isChecked(), "the chosen plan is ticked");
    await form.getByLabel(contentText("forms.subscription.fields.name")).fill("Meera Shah");
    await form.getByLabel(contentText("forms.subscription.fields.email")).fill("meera@");
    await form.getByLabel(contentText("forms.subscription.fields.number")).fill("98250 22222");
    const refused = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: contentText("forms.subscription.submit") }).click()]);
    assert.equal(refused[0].status(), 422);
    assert.ok(await page.getByRole("alert").getByText(messageText("email.format")).isVisible());
    assert.equal(await form.getByLabel(contentText("forms.subscription.fields.name")).inputValue(), "Meera Shah", "values kept");
    await form.getByLabel(contentText("forms.subscription.fields.email")).fill("meera@example.in");
    await form.getByRole("button", { name: contentText("forms.subscription.submit") }).click();
    await page.waitForURL(/\/requests\?token=[0-9a-z]{26}$/);
    assert.ok(await page.getByRole("heading", { name: contentText("forms.subscription.successHeading") }).isVisible());
    assert.ok(await page.getByText("We have received your request for the Essential individual card.").isVisible());
    assert.equal(rows("SELECT subscription_type FROM card_requests WHERE email = 'meera@example.in'").length, 1);
    await page.reload();
    assert.equal(rows("SELECT id FROM card_requests WHERE email = 'meera@example.in'").length, 1, "a reload does not send it again");
  } finally {
    await context.close();
  }
});

test("newsletter with JavaScript: invalid, valid, duplicate, then the e-mail's unsubscribe link", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/doctors`);
    await hydrated(page);
    const footer = page.locator("footer");
    const field = footer.getByLabel(contentText("site.newsletter.label"));
    await field.fill("not-an-address@x");
    await footer.getByRole("button", { name: contentText("site.newsletter.button") }).click();
    await footer.getByText(messageText("newsletter.email")).waitFor();
    assert.equal(await field.getAttribute("aria-invalid"), "true");

    await field.fill("Kavya@Example.in");
    await footer.getByRole("button", { name: contentText("site.newsletter.button") }).click();
    await footer.getByText(CHECK_EMAIL).waitFor();
    assert.equal(await field.inputValue(), "", "the field clears on success");
    await field.fill("kavya@example.in");
    await footer.getByRole("button", { name: contentText("site.newsletter.button") }).click();
    await footer.getByText(CHECK_EMAIL).waitFor();
    const stored = rows("SELECT email, unsubscribe_token, unsubscribed_at, confirm_token, confirmed_at, source FROM newsletter_subscribers WHERE email = 'kavya@example.in'");
    assert.equal(stored.length, 1, "the same address twice is one subscriber");
    assert.deepEqual([stored[0].unsubscribed_at, stored[0].confirmed_at, stored[0].source], [null, null, "footer"], "pending, from the footer");

    // The confirmation e-mail's link: a page with one button.
    await page.goto(`${env.server.base}/newsletter/confirm?token=${stored[0].confirm_token}`);
    await hydrated(page);
    await page.getByRole("button", { name: contentText("site.newsletter.confirmButton") }).click();
    await page.getByText(messageText("newsletter.confirmed")).waitFor();
    assert.notEqual(rows("SELECT confirmed_at FROM newsletter_subscribers WHERE email = 'kavya@example.in'")[0].confirmed_at, null);

    await page.goto(`${env.server.base}/unsubscribe?token=${stored[0].unsubscribe_token}`);
    await hydrated(page);
    await page.getByRole("button", { name: contentText("site.newsletter.unsubscribeButton") }).click();
    await page.getByText(messageText("newsletter.unsubscribed")).waitFor();
    assert.notEqual(rows("SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = 'kavya@example.in'")[0].unsubscribed_at, null);

    await page.goto(`${env.server.base}/unsubscribe?token=0000`);
    assert.ok(await page.getByText(messageText("newsletter.invalidLink")).isVisible());
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("newsletter without JavaScript: the footer's form answers with the newsletter page", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/about-us-HYGO`);
    const footer = page.locator("footer");
    await footer.getByLabel(contentText("site.newsletter.label")).fill("nope");
    await footer.getByRole("button", { name: contentText("site.newsletter.button") }).click();
    await page.waitForURL(`${env.server.base}/newsletter`);
    assert.ok(await page.locator("main").getByText(messageText("newsletter.email")).isVisible());
    await page.locator("main").getByLabel(contentText("site.newsletter.label")).fill("ravi@example.in");
    await page.locator("main").getByRole("button", { name: contentText("site.newsletter.button") }).click();
    await page.waitForURL(`${env.server.base}/newsletter?subscribed=1`);
    assert.ok(await page.getByText(CHECK_EMAIL).isVisible());
    assert.equal(rows("SELECT id FROM newsletter_subscribers WHERE email = 'ravi@example.in'").length, 1);
  } finally {
    await context.close();
  }
});

test("contact form with JavaScript: errors inline, 'Sending Message...', stored, then empty for the next message", async () => {
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/contactus`);
    await hydrated(page);
    const form = page.locator("#contact-form");
    await form.getByRole("button", { name: contentText("forms.contact.submit") }).click();
    const summary = form.getByRole("alert");
    await summary.waitFor();
    assert.match(await summary.innerText(), /name[\s\S]*phone number or an e-mail[\s\S]*subject[\s\S]*message/i, "in the form's order");

    await form.getByLabel(contentText("forms.contact.fields.name")).fill("हर्ष त्रिवेदी");
    await form.getByLabel(contentText("forms.contact.fields.email")).fill("harsh@example.in");
    await form.getByLabel(contentText("forms.contact.fields.clinic")).selectOption({ index: 1 });
    await form.getByLabel(/^Subject/).fill("Home sample collection");
    await form.getByLabel(/^Message/).fill("Do you collect blood samples at home in Raiya Road?");
    // Hold the answer back a moment so the sending state can be seen.
    await page.route("**/api/contact", async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await form.getByRole("button", { name: contentText("forms.contact.submit") }).click();
    await form.getByRole("button", { name: contentText("forms.contact.sending") }).waitFor();
    await form.getByText(messageText("contact.sent")).waitFor();
    assert.equal(await form.getByLabel(/^Subject/).inputValue(), "", "the form is empty again");
    const stored = rows("SELECT name, subject, clinic FROM contact_messages WHERE email = 'harsh@example.in'");
    assert.equal(stored.length, 1);
    assert.equal(stored[0].name, "हर्ष त्रिवेदी");
    assert.notEqual(stored[0].clinic, "");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("contact form without JavaScript: refused with the values kept, then stored and said so", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/contactus`);
    const form = page.locator("#contact-form");
    await form.getByLabel(contentText("forms.contact.fields.name")).fill("Dev Joshi");
    await form.getByLabel(contentText("forms.contact.fields.email")).fill("dev@example.in");
    await form.getByLabel(/^Subject/).fill("Card renewal");
    await form.getByRole("button", { name: contentText("forms.contact.submit") }).click();
    assert.ok(await page.getByRole("alert").getByText("message", { exact: false }).first().isVisible());
    assert.equal(await page.locator("#contact-form").getByLabel(/^Subject/).inputValue(), "Card renewal");
    await page.locator("#contact-form").getByLabel(/^Message/).fill("When does my card need renewing?");
    await page.locator("#contact-form").getByRole("button", { name: contentText("forms.contact.submit") }).click();
    await page.waitForURL(/\/requests\?token=[0-9a-z]{26}$/);
    assert.ok(await page.getByText(messageText("contact.sent")).isVisible());
    const reference = rows("SELECT reference FROM contact_messages WHERE email = 'dev@example.in'")[0].reference;
    assert.ok(await page.getByText(`Your reference is ${reference}.`, { exact: false }).isVisible());
    assert.equal(rows("SELECT id FROM contact_messages WHERE email = 'dev@example.in'").length, 1);
  } finally {
    await context.close();
  }
});

test("when the server cannot be reached, the form says so and keeps what was typed", async () => {
  const { page, context } = await openPage(env.browser);
  try {
    await page.goto(`${env.server.base}/contactus`);
    await hydrated(page);
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    const form = page.locator("#contact-form");
    await form.getByLabel(contentText("forms.contact.fields.name")).fill("Offline Visitor");
    await form.getByLabel(contentText("forms.contact.fields.email")).fill("offline@example.in");
    await form.getByLabel(/^Subject/).fill("Hello");
    await form.getByLabel(/^Message/).fill("Testing");
    await form.getByRole("button", { name: contentText("forms.contact.submit") }).click();
    await form.getByText("We could not reach HYGO just now.", { exact: false }).waitFor();
    assert.equal(await form.getByLabel(contentText("forms.contact.fields.name")).inputValue(), "Offline Visitor");
    assert.equal(rows("SELECT id FROM contact_messages WHERE email = 'offline@example.in'").length, 0);
  } finally {
    await context.close();
  }
});

/**
 * The rows of a screenshot (PNG) that hold ink: a pixel darker than mid-grey.
 * Decoded by Chromium itself, in a page of its own.
 */
async function inkedRows(png) {
  const decoder = await env.browser.newPage();
  try {
    return await decoder.evaluate(async (data) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext("2d");
      g.drawImage(img, 0, 0);
      const { data: px } = g.getImageData(0, 0, img.width, img.height);
      const rows = [];
      for (let y = 0; y < img.height; y++) {
        for (let x = 0; x < img.width; x++) {
          const i = (y * img.width + x) * 4;
          if ((px[i] + px[i + 1] + px[i + 2]) / 3 < 128) { rows.push(y); break; }
        }
      }
      return rows;
    }, png.toString("base64"));
  } finally {
    await decoder.close();
  }
}

// The error summary's bullets at a phone's width: an item on two lines kept its
// bullet beside its last line (the link, an inline-block, gave the line its last
// line's baseline). Each bullet, as drawn, must sit beside its item's first line.
test("the error summary's bullets stay beside the first line of an item that wraps", async () => {
  for (const width of [320, 375]) {
    const { page, context } = await openPage(env.browser, { javaScriptEnabled: false, width, height: 800 });
    try {
      await page.goto(`${env.server.base}/contactus`);
      await page.locator("#contact-form").getByRole("button", { name: contentText("forms.contact.submit") }).click();
      const items = page.locator(".error-summary li");
      await items.first().waitFor();
      let wrapped = 0;
      for (const item of await items.all()) {
        await item.scrollIntoViewIfNeeded();
        const lines = await item.locator("a").evaluate((a) => {
          const range = document.createRange();
          range.selectNodeContents(a);
          const tops = [];
          for (const r of range.getClientRects()) {
            if (r.width > 1 && !tops.some((t) => Math.abs(t.top - r.top) < 2)) tops.push({ top: r.top, bottom: r.bottom });
          }
          return tops.sort((p, q) => p.top - q.top);
        });
        const li = await item.boundingBox();
        // The bullet is drawn outside the item, in the list's left padding.
        const shot = await page.screenshot({ clip: { x: li.x - 16, y: li.y, width: 14, height: li.height } });
        const rows = await inkedRows(shot);
        assert.ok(rows.length > 0, `${width} px: a bullet is drawn beside "${await item.innerText()}"`);
        const middle = li.y + (rows[0] + rows[rows.length - 1]) / 2;
        const first = lines[0];
        assert.ok(middle >= first.top && middle <= first.bottom,
          `${width} px: the bullet of "${await item.innerText()}" (${lines.length} lines) is at ${middle.toFixed(1)}, its first line from ${first.top.toFixed(1)} to ${first.bottom.toFixed(1)}`);
        if (lines.length > 1) wrapped += 1;
      }
      assert.ok(wrapped > 0, `${width} px: an item on two lines at least`);
    } finally {
      await context.close();
    }
  }
});

// The manage-my-visit page (/v/{code}, issue 45) in Chromium, as a patient opens
// the link from a message: without JavaScript on a phone (another time chosen,
// the desk's request waiting again) and with it on a desktop (cancelled, the
// slot free at once), each state checked by axe and against the stored row.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { serverAndBrowser, openPage, hydrated, seedDoctors, bookingDay } from "./harness.mjs";
import { contentText, messageText } from "../catalogue.mjs";

const env = serverAndBrowser();
const rows = (sql, params) => env.server.query(sql, params);
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const { date, weekday } = bookingDay();
const doctor = seedDoctors.find((d) => !d.leaveDays && d.officeHours.some((h) => h.day === weekday));

/** A request made through the booking API, as the wizards make one: its manage link and reference. */
async function book(phone) {
  const slots = await (await fetch(`${env.server.base}/appointments/slots?doctorId=${doctor.id}&date=${date}`)).json();
  const time = slots.availableSlots[2];
  const res = await fetch(`${env.server.base}/appointments/bookAppointment`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Mira Joshi", phone, doctorId: doctor.id, date, time, additionalNotes: "Knee pain after the fall", updates: "none" }),
  });
  assert.equal(res.status, 201);
  const { data } = await res.json();
  assert.match(data.manage, /\/v\/[0-9a-z]{12}$/);
  return { link: new URL(data.manage).pathname, reference: data.reference, time };
}

async function axe(page, label) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  assert.deepEqual(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), []);
}

test("without JavaScript on a phone: another time is chosen and waits for the desk", async () => {
  const { link, reference, time } = await book("+91 98980 11111");
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false, width: 375, height: 800 });
  try {
    await page.goto(`${env.server.base}${link}`);
    await page.getByRole("heading", { name: contentText("forms.visit.heading") }).waitFor();
    assert.ok(await page.getByText(reference).isVisible(), "the reference shown");
    assert.ok(!(await page.content()).includes("Knee pain"), "never the notes");
    await page.screenshot({ path: "/tmp/visit-375.png", fullPage: true });
    await page.getByRole("link", { name: contentText("forms.visit.moveLink") }).click();
    await page.getByRole("heading", { name: contentText("forms.visit.moveHeading") }).waitFor();
    // Submitted with no time: the browser asks (required); then a time.
    const choice = page.locator("input[name=slot]").nth(1);
    const chosen = await choice.getAttribute("value");
    await choice.check();
    await page.screenshot({ path: "/tmp/visit-move-375.png", fullPage: true });
    await page.getByRole("button", { name: contentText("forms.visit.moveSubmit") }).click();
    await page.getByText(contentText("forms.visit.done.moved")).waitFor();
    const [row] = rows("SELECT status, date, start_time FROM appointments WHERE reference = ?", [reference]);
    assert.equal(row.status, "requested", "it waits for the desk");
    const [day, clock, half] = chosen.split(" ");
    const [h, m] = clock.split(":").map(Number);
    const hhmm = `${String((h % 12) + (half === "PM" ? 12 : 0)).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
    assert.deepEqual([row.date, row.start_time], [day, hhmm], `moved from ${time} to ${chosen}`);
  } finally {
    await context.close();
  }
});

test("with JavaScript on a desktop: every state passes axe, and a cancel frees the time at once", async () => {
  const { link, reference, time } = await book("+91 98980 22222");
  const { page, context, problems } = await openPage(env.browser, { width: 1280 });
  try {
    for (const state of ["", "?ask=move", "?ask=cancel", "?ask=move&error=appointment.taken", "?done=stopped"]) {
      await page.goto(`${env.server.base}${link}${state}`);
      await hydrated(page);
      await axe(page, state || "the visit");
    }
    await page.goto(`${env.server.base}${link}?ask=move&error=appointment.taken`);
    assert.ok(await page.getByRole("alert").getByText(messageText("appointment.taken")).isVisible(), "the refusal said");
    await page.goto(`${env.server.base}${link}`);
    await hydrated(page);
    await page.screenshot({ path: "/tmp/visit-1280.png", fullPage: true });
    await page.getByRole("link", { name: contentText("forms.visit.cancelLink") }).click();
    await page.getByRole("heading", { name: contentText("forms.visit.cancelHeading") }).waitFor();
    await page.getByRole("button", { name: contentText("forms.visit.cancelSubmit") }).click();
    await page.getByText(contentText("forms.visit.done.cancelled")).waitFor();
    await axe(page, "cancelled");
    assert.equal(rows("SELECT status FROM appointments WHERE reference = ?", [reference])[0].status, "cancelled");
    const slots = await (await fetch(`${env.server.base}/appointments/slots?doctorId=${doctor.id}&date=${date}`)).json();
    assert.ok(slots.availableSlots.includes(time), "the time is free again at once");
    // The link has ended.
    await page.goto(`${env.server.base}${link}`);
    await page.getByRole("heading", { name: contentText("forms.visit.notFoundHeading") }).waitFor();
    await axe(page, "an ended link");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

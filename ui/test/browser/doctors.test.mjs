// The clinic's doctors in the console (issue 16, docs/staff.md "Doctors, hours,
// closed dates, photos"), in Chromium without JavaScript, against the real
// binary: an admin made on the command line adds a doctor, gives them weekly
// hours with a lunch break, uploads a photo (a real JPEG, made by Chromium), gives
// them leave and closes the clinic for a day; each change is seen at once on the
// public profile, the contact page and the slots. axe finds nothing on the new
// console pages, with and without errors, at 375 and 1280 px.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated, dayAfter, todayInIndia, weekdayOf } from "./harness.mjs";
import { staffSteps } from "./staff-steps.mjs";
import { messageText, staffText } from "../catalogue.mjs";

const env = serverAndBrowser();

const { url, addOnCommandLine, setUp, signIn, axe } = staffSteps(env);

// Days ahead in India Standard Time: leave on the first, the clinic closed on the second.
const istToday = todayInIndia();
const mondayOf = (date) => dayAfter(date, -((weekdayOf(date) + 6) % 7));
let leaveDay = dayAfter(istToday, 3);
while (weekdayOf(leaveDay) === 0) leaveDay = dayAfter(leaveDay, 1);
let closedDay = dayAfter(leaveDay, 1);
while (weekdayOf(closedDay) === 0) closedDay = dayAfter(closedDay, 1);
/** "Thursday, 3 December 2026", as the site writes a date. */
function longDate(iso) {
  const d = new Date(`${iso}T00:00:00Z`);
  const part = (options) => d.toLocaleDateString("en-GB", { ...options, timeZone: "UTC" });
  return `${part({ weekday: "long" })}, ${part({ day: "numeric" })} ${part({ month: "long" })} ${part({ year: "numeric" })}`;
}

async function slots(id, date) {
  return (await fetch(url(`/appointments/slots?doctorId=${id}&date=${date}`))).json();
}

test("without JavaScript, an admin adds a doctor with hours and a photo, gives leave and closes the clinic; the public side follows at once", async () => {
  const email = "rekha@hygo.test";
  const link = addOnCommandLine("admin", "Rekha Shah", email);
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false, width: 375 });
  const failures = [];
  await setUp(page, link, email);
  await signIn(page, email);
  await page.waitForURL(/\/staff$/);

  // Add: a refusal first, with its summary and messages, then the doctor.
  await page.goto(url("/staff/doctors/new"));
  const form = page.locator("form#doctor");
  await form.getByLabel("Name").fill("Dr. Kavita Rao");
  await form.getByLabel(staffText("doctor.fields.experience")).fill("eight");
  await form.getByRole("button", { name: staffText("doctor.addSubmit") }).click();
  await page.getByRole("heading", { name: staffText("frame.errorSummary") }).waitFor();
  assert.ok(await page.getByText(messageText("doctor.experience")).first().isVisible());
  await form.getByLabel(staffText("doctor.fields.experience")).fill("8");
  await form.getByLabel(staffText("doctor.fields.specialization")).fill("Dermatologist");
  await form.getByLabel(staffText("doctor.fields.department")).selectOption("dermatology");
  await form.getByLabel(staffText("doctor.fields.bio")).fill("Treats skin, hair and nail conditions in adults and children.");
  await form.getByLabel(staffText("doctor.fields.languages")).fill("Gujarati\nEnglish");
  await form.getByLabel(staffText("doctor.fields.registrationNumber")).fill("G-54321");
  await form.getByLabel(staffText("doctor.fields.registrationCouncil")).fill("Gujarat Medical Council");
  await form.getByRole("button", { name: staffText("doctor.addSubmit") }).click();
  await page.getByRole("status").getByText(staffText("doctor.done.add"), { exact: false }).waitFor();
  const id = /\/staff\/doctors\/(\d+)\/hours/.exec(page.url())[1];

  // Weekly hours with a lunch break, Monday to Saturday.
  const week = page.locator("form#week");
  for (const day of [staffText("hours.weekdays.1"), staffText("hours.weekdays.2"), staffText("hours.weekdays.3"), staffText("hours.weekdays.4"), staffText("hours.weekdays.5"), staffText("hours.weekdays.6")]) {
    await week.getByRole("group", { name: day }).getByLabel(/Kalawad Road/).fill("9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM");
  }
  await week.getByRole("group", { name: staffText("hours.weekdays.7") }).getByLabel(/Kalawad Road/).fill("9:10 AM - 1:00 PM");
  await week.getByRole("button", { name: staffText("hours.saveWeek") }).click();
  await page.getByRole("heading", { name: staffText("frame.errorSummary") }).waitFor();
  await week.getByRole("group", { name: staffText("hours.weekdays.7") }).getByLabel(/Kalawad Road/).fill("");
  await week.getByRole("button", { name: staffText("hours.saveWeek") }).click();
  await page.getByRole("status").getByText(staffText("hours.done.week")).waitFor();
  const open = await slots(id, closedDay);
  assert.equal(open.availableSlots.length, 28, "16 in the morning, 12 after lunch");
  assert.ok(!open.availableSlots.includes("01:00 PM"), "nothing in the break");

  // A photo: a real JPEG, made by Chromium.
  const shot = await openPage(env.browser, { width: 640, height: 640 });
  await shot.page.setContent('<div style="width:640px;height:640px;background:linear-gradient(135deg,#0b6e4f,#f4d35e)"></div>');
  const jpeg = await shot.page.screenshot({ type: "jpeg", quality: 90 });
  await shot.context.close();
  await page.goto(url(`/staff/doctors/${id}`));
  await page.locator("form#photo").getByLabel(staffText("doctor.photoField")).setInputFiles({ name: "not-a-photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4 a document") });
  await page.locator("form#photo").getByRole("button", { name: staffText("doctor.upload") }).click();
  await page.getByText(messageText("photo.notAnImage")).first().waitFor();
  await page.locator("form#photo").getByLabel(staffText("doctor.photoField")).setInputFiles({ name: "kavita.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await page.locator("form#photo").getByRole("button", { name: staffText("doctor.upload") }).click();
  await page.getByRole("status").getByText(staffText("doctor.done.photo")).waitFor();

  // The public profile, as a patient opens it: the photo at its size, the registration, the hours.
  const patient = await openPage(env.browser, { javaScriptEnabled: false, width: 375 });
  await patient.page.goto(url(`/doctors/${id}`));
  const img = patient.page.getByRole("img", { name: "Photo of Dr. Kavita Rao" });
  await img.waitFor();
  assert.deepEqual(await img.evaluate((i) => [i.complete && i.naturalWidth > 0, i.getAttribute("width"), i.getAttribute("height"), /\/photos\/[0-9a-f]{16}-\d+\.(jpg|webp)$/.test(i.currentSrc)]),
    [true, "144", "144", true], "the photo loads, at its size, from a hashed name");
  assert.ok(await patient.page.getByText("Registration: G-54321, Gujarat Medical Council").isVisible());
  assert.ok(await patient.page.getByText("9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM").first().isVisible());
  await patient.page.goto(url("/doctors"));
  const listed = patient.page.getByRole("img", { name: "Photo of Dr. Kavita Rao" });
  assert.equal(await listed.getAttribute("loading"), "lazy", "lazy in lists");

  // Leave on one day: its times go at once.
  await page.goto(url(`/staff/leave?doctor=${id}`));
  await page.locator("form#leave").getByLabel(staffText("leave.from")).fill(leaveDay);
  await page.locator("form#leave").getByLabel(staffText("leave.until")).fill(leaveDay);
  await page.locator("form#leave").getByRole("button", { name: staffText("leave.add") }).click();
  await page.getByRole("status").waitFor();
  assert.equal((await slots(id, leaveDay)).availability, "on-leave");

  // The clinic closed on another day: the slots, the contact page and the wizard say so.
  await page.goto(url("/staff/closures"));
  const close = page.locator("form#closure");
  await close.getByLabel(staffText("closures.clinic")).selectOption("kalawad-road");
  await close.getByLabel("Date").fill(closedDay);
  await close.getByLabel(staffText("closures.note")).fill("Closed for Diwali");
  await close.getByRole("button", { name: staffText("closures.add") }).click();
  await page.getByRole("status").getByText(staffText("closures.done.add")).waitFor();
  const closed = await slots(id, closedDay);
  assert.deepEqual([closed.availability, closed.closure?.note], ["clinic-closed", "Closed for Diwali"]);
  await patient.page.goto(url("/contactus"));
  const notice = `HYGO Clinic, Kalawad Road is closed on ${longDate(closedDay)}: Closed for Diwali.`;
  assert.ok(await patient.page.getByText(notice).isVisible(), notice);
  await patient.page.goto(url(`/appointment/${id}`));
  await patient.page.locator("main").getByLabel(/^Full Name/).fill("Ravi Mehta");
  await patient.page.locator("main").getByLabel(/^Phone Number/).fill("+91 98250 12345");
  await patient.page.locator("main").getByLabel(/^Email Address/).fill("ravi@example.in");
  await patient.page.getByRole("button", { name: staffText("signIn.submit") }).click();
  // The strip opens on the week of the doctor's first bookable day (next week's, late
  // on a Saturday or on a Sunday); each "following week" is a new page without
  // JavaScript, so the test waits for that week's Monday before it reads or clicks on.
  await patient.page.locator(`button[name="week"]`).last().waitFor();
  const stripDay = patient.page.locator(`button.day[value="${closedDay}"]`);
  for (let monday = await patient.page.locator("button.day").first().getAttribute("value"); monday < mondayOf(closedDay);) {
    monday = dayAfter(monday, 7);
    await patient.page.locator(`button[name="week"]`).last().click();
    await patient.page.locator(`button.day[value="${monday}"]`).waitFor();
  }
  assert.ok(await stripDay.isDisabled(), "the closed day cannot be chosen");
  // The week's notes say why (the times' status says it again when the closed day is the one chosen).
  assert.ok(await patient.page.locator(".closure-notes").getByText(notice).isVisible(), "and the step says why");
  await patient.context.close();

  // axe reads the page with script, so it runs in a second window of the same
  // session with JavaScript on: the new pages, and each refused form, at both widths.
  const seen = await openPage(env.browser, { width: 375 });
  await seen.context.addCookies(await context.cookies());
  const js = seen.page;
  const refusals = {
    "a refused new doctor": async () => {
      await js.goto(url("/staff/doctors/new"));
      await js.locator("form#doctor").getByLabel(staffText("doctor.fields.experience")).fill("eight");
      await js.locator("form#doctor").getByRole("button", { name: staffText("doctor.addSubmit") }).click();
    },
    "refused weekly hours": async () => {
      await js.goto(url(`/staff/doctors/${id}/hours`));
      await js.locator("form#week").getByRole("group", { name: staffText("hours.weekdays.7") }).getByLabel(/Kalawad Road/).fill("9:10 AM - 1:00 PM");
      await js.locator("form#week").getByRole("button", { name: staffText("hours.saveWeek") }).click();
    },
    "a refused photo": async () => {
      await js.goto(url(`/staff/doctors/${id}`));
      await js.locator("form#photo").getByLabel(staffText("doctor.photoField")).setInputFiles({ name: "a.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo") });
      await js.locator("form#photo").getByRole("button", { name: staffText("doctor.upload") }).click();
    },
    "a refused closure": async () => {
      await js.goto(url("/staff/closures"));
      await js.locator("form#closure").getByRole("button", { name: staffText("closures.add") }).click();
    },
  };
  for (const width of [375, 1280]) {
    await js.setViewportSize({ width, height: 800 });
    for (const path of ["/staff/doctors", `/staff/doctors/${id}`, `/staff/doctors/${id}/hours`, "/staff/closures", `/staff/week?from=${closedDay}`, "/staff/doctors/new"]) {
      await js.goto(url(path));
      await hydrated(js);
      await axe(js, `${path} at ${width}`, failures);
    }
    for (const [label, refuse] of Object.entries(refusals)) {
      await refuse();
      await js.getByRole("heading", { name: staffText("frame.errorSummary") }).waitFor();
      await axe(js, `${label} at ${width}`, failures);
    }
  }
  await seen.context.close();
  await page.goto(url(`/staff/week?from=${closedDay}`));
  // At 375 px the week is a list by day (the table is for wider screens).
  const closedList = page.getByRole("region", { name: new RegExp(`^${longDate(closedDay)}`) });
  assert.ok(await closedList.getByRole("listitem").filter({ hasText: "Dr. Kavita Rao" }).getByText("Clinic closed (Closed for Diwali)").isVisible(), "the week view shows the closed day");
  // One day at a time: the week's days are links above the list, the day shown marked.
  const days = page.getByRole("list", { name: staffText("week.listDays") });
  assert.equal(await days.getByRole("link").count(), 7, "a link for each day of the week");
  assert.match(await days.locator('a[aria-current="true"]').getAttribute("href"), new RegExp(`from=${closedDay}`));
  const monday = mondayOf(closedDay);
  const other = monday === closedDay ? dayAfter(monday, 1) : monday;
  await days.locator(`a[href*="from=${other}"]`).click();
  await page.getByRole("region", { name: new RegExp(`^${longDate(other)}`) }).waitFor();
  assert.equal(await page.getByRole("region", { name: new RegExp(`^${longDate(closedDay)}`) }).count(), 0, "the list shows the chosen day only");
  assert.match(await days.locator('a[aria-current="true"]').getAttribute("href"), new RegExp(`from=${other}`));
  assert.deepEqual(failures, []);
  await context.close();
});

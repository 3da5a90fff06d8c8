// The staff console (issue 15, docs/staff.md) in Chromium, against the real
// binary, with e-mail going to an SMTP relay on loopback: an admin made on the
// command line sets up a password and an authenticator app (codes computed from
// the secret the page shows, by an independent TOTP library), a request made in
// the public wizard is confirmed and the patient's invitation arrives and parses,
// a desk member without JavaScript declines (the slot is free at once) and
// reschedules, unconfirmed requests expire, the CSV export downloads, the audit
// log shows it all, sessions end everywhere and when idle, a post from another
// site changes nothing; axe finds nothing on any console page at 375 and 1280 px.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import ICAL from "ical.js";
import { startServer, startRelay, launchBrowser, openPage, hydrated, markDocument, sameDocument, bookingDay, dayAfter, todayInIndia, weekdayOf } from "./harness.mjs";
import { PASSWORD, staffSteps } from "./staff-steps.mjs";
import { contentText, messageText, staffText } from "../catalogue.mjs";

const env = { server: null, browser: null, relay: null };
const CLINIC = "clinic-desk@hygo.test";
before(async () => {
  env.relay = await startRelay();
  env.server = await startServer({ HYGO_SMTP_URL: env.relay.url, HYGO_CLINIC_EMAIL: CLINIC });
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  // The server first: it may be handing the relay a message as it stops.
  try {
    await env.server?.stop();
  } finally {
    await env.relay?.close();
  }
});

const rows = (sql, params) => env.server.query(sql, params);
const { url, code, addOnCommandLine, setUp, signIn, axe } = staffSteps(env);

// Two doctors who work every day but Sunday: Dr. Bhavna Dave (id 6, mornings)
// and Dr. Ankit Trivedi (id 7, afternoons). The day: two or more days ahead in
// India Standard Time, not a Sunday.
const istToday = todayInIndia();
let day = dayAfter(istToday, 2);
if (weekdayOf(day) === 0) day = dayAfter(day, 1);
const BHAVNA = { id: 6, name: "Dr. Bhavna Dave" };
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "2026-11-24" → "24 November 2026", as the console writes a day. */
const formatDate = (iso) => { const [y, m, d] = iso.split("-").map(Number); return `${d} ${MONTHS[m - 1]} ${y}`; };
const ANKIT = { id: 7, name: "Dr. Ankit Trivedi" };

/**
 * The free times of a doctor's day, as the public API gives them. A GET, so it is
 * sent once more when the connection it went out on was closed under it: Node's
 * fetch reuses a kept-alive connection for up to 4 s, the server keeps one 5 s,
 * and on a machine this busy the two timers can cross (a browser sends such a
 * request again by itself). Any other failure, or a second one, fails the test.
 */
async function freeTimes(doctor, date = day) {
  const address = url(`/appointments/slots?doctorId=${doctor.id}&date=${date}`);
  const closedUnder = (e) => e instanceof TypeError && ["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"].includes(e.cause?.code);
  const res = await fetch(address).catch((e) => {
    if (!closedUnder(e)) throw e;
    console.log(`freeTimes: the connection was closed under the request (${e.cause.code}); sending it again`);
    return fetch(address);
  });
  return (await res.json()).availableSlots;
}

let patients = 0;
/** A request as the public API takes it, by a patient of its own (the per-person limit never counts). */
async function book(doctor, time, extra = {}) {
  patients += 1;
  const n = patients;
  const body = {
    name: `Patient Number${n}`, phone: `+91 98${String(n).padStart(8, "0")}`, email: `patient${n}@example.in`,
    doctor: doctor.name, date: day, time, visitType: "in-person", reason: "consultation", isNewPatient: "yes", ...extra,
  };
  const res = await fetch(url("/appointments/bookAppointment"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  assert.equal(res.status, 201, await res.clone().text());
  return { reference: (await res.json()).data.reference, email: body.email, time };
}

/** The calendar a mail carries (text/calendar or the .ics), parsed by ical.js. */
function calendarOf(mail) {
  const part = mail.attachments.find((a) => a.contentType === "text/calendar" || a.filename?.endsWith(".ics"));
  assert.ok(part, `a calendar in "${mail.subject}"`);
  const root = new ICAL.Component(ICAL.parse(part.content.toString("utf8")));
  const event = root.getFirstSubcomponent("vevent");
  return {
    method: root.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    start: event.getFirstPropertyValue("dtstart").toJSDate().toISOString(),
    end: event.getFirstPropertyValue("dtend").toJSDate().toISOString(),
    attendee: String(event.getFirstPropertyValue("attendee")),
  };
}

/** "09:15 AM" (as the slots' API says it) or "09:15" (as the wizards send it) on `day` in Rajkot, as an instant (IST is UTC+5:30 all year). */
function instantOf(date, time) {
  const [, h, m, ap] = /^(\d{1,2}):(\d{2})(?: ([AP]M))?$/.exec(time);
  const hours = ap ? (Number(h) % 12) + (ap === "PM" ? 12 : 0) : Number(h);
  return new Date(Date.parse(`${date}T${String(hours).padStart(2, "0")}:${m}:00+05:30`)).toISOString();
}

const mailTo = (to, words) => (m) => m.to?.text === to && words.every((w) => m.subject.includes(w));
const statusOf = (reference) => rows("SELECT status FROM appointments WHERE reference = ?", [reference])[0]?.status;

// The admin's browser, signed in by the first test and used by the later ones.
const admin = { email: "asha@hygo.test", page: null, context: null, problems: null, recovery: [] };

test("an admin made on the command line chooses a password, sets up the authenticator app and signs in with both", async () => {
  const failures = [];
  Object.assign(admin, await openPage(env.browser, { width: 1280 }));
  const { page } = admin;
  const link = addOnCommandLine("admin", "Asha Patel", admin.email);
  // Nobody is signed in: the console sends them to sign in.
  await page.goto(url("/staff"));
  assert.equal(new URL(page.url()).pathname, "/staff/sign-in");
  await hydrated(page);
  await axe(page, "sign-in", failures);

  // A common password is refused with a clear message; the link still works.
  await page.goto(url(link));
  await hydrated(page);
  await axe(page, "setup", failures);
  await page.getByLabel(staffText("setup.password")).fill("password1234");
  await page.getByRole("button", { name: staffText("setup.submit") }).click();
  await page.getByRole("alert").getByText(messageText("staff.passwordWordAndNumbers")).first().waitFor();
  await axe(page, "setup with an error", failures);

  admin.recovery = await setUp(page, link, admin.email);
  assert.equal(admin.recovery.length, 10, "ten recovery codes, shown once");
  await axe(page, "recovery codes", failures);
  const cookie = (await admin.context.cookies()).find((c) => c.name === "__Host-hygo-staff");
  assert.ok(cookie, "the session cookie");
  assert.deepEqual([cookie.secure, cookie.httpOnly, cookie.sameSite, cookie.path], [true, true, "Strict", "/"]);
  assert.ok(cookie.value.length >= 26, "at least 128 bits");
  // The link was for once.
  const again = await openPage(env.browser);
  await again.page.goto(url(link));
  await again.page.getByRole("heading", { name: staffText("setup.invalidHeading") }).waitFor();
  await again.context.close();

  // Out, then in again with the password and the next code.
  await page.getByRole("button", { name: staffText("frame.signOut"), exact: true }).click();
  await page.waitForURL(/\/staff\/sign-in$/);
  await page.getByLabel(staffText("signIn.email")).fill(admin.email);
  await page.getByLabel(staffText("signIn.password")).fill("not the password at all");
  await page.getByRole("button", { name: staffText("signIn.submit") }).click();
  await page.getByRole("alert").getByText(messageText("staff.signInWrong")).first().waitFor();
  await axe(page, "sign-in refused", failures);
  await signIn(page, admin.email);
  await page.waitForURL(/\/staff$/);
  await page.getByRole("heading", { name: staffText("inbox.heading") }).waitFor();
  assert.notEqual((await admin.context.cookies()).find((c) => c.name === "__Host-hygo-staff").value, cookie.value, "a new token at sign-in");
  assert.deepEqual(failures, []);
  assert.deepEqual(admin.problems, []);
});

test("a request from the public wizard is confirmed: the clinic, then the patient, get their e-mails, the confirmation with a calendar invitation; a cancellation withdraws it", async () => {
  // The patient, without JavaScript, in wizard A.
  const patient = await openPage(env.browser, { javaScriptEnabled: false, width: 375 });
  const email = "ravi.mehta@example.in";
  await patient.page.goto(url("/appointment"));
  const main = patient.page.locator("main");
  await main.getByLabel("Full Name").fill("Ravi Mehta");
  await main.getByLabel("Phone Number").fill("+91 98250 12345");
  await main.getByLabel("Email Address").fill(email);
  await patient.page.getByRole("button", { name: staffText("signIn.submit") }).click();
  await main.getByLabel(/^Doctor\b/).selectOption(BHAVNA.name);
  await patient.page.getByRole("button", { name: contentText(`forms.appointment.${bookingDay().key}`), exact: true }).click();
  await patient.page.getByRole("button", { name: "Show available times" }).click();
  const slot = patient.page.locator('input[name="time"]').first();
  const time = await slot.getAttribute("value");
  await slot.check();
  await main.getByLabel(/^Reason for Visit/).selectOption("Consultation");
  await main.getByLabel("Fever").check();
  await main.getByLabel("Additional Notes").fill("Fever for three days, worse at night.");
  await patient.page.getByRole("button", { name: "Review Appointment" }).click();
  await main.getByLabel(/I confirm that the information provided/).check();
  await patient.page.getByRole("button", { name: "Request Appointment" }).click();
  await patient.page.waitForURL(/\/requests\?token=/);
  await patient.context.close();
  const [stored] = rows("SELECT reference, date FROM appointments WHERE email = ?", [email]);
  const { reference, date } = stored;

  // The clinic is told, with a link to the console and none of the patient's details.
  const notice = await env.relay.waitFor(mailTo(CLINIC, [reference]), "clinic notice");
  assert.ok(notice.text.includes(`${env.server.base}/staff/appointments/${reference}`), notice.text);
  for (const secret of ["Ravi", "Fever", "three days", "98250", email]) assert.ok(!notice.text.includes(secret), `no "${secret}" in the clinic's e-mail`);
  // The patient gets the reference at once.
  const ack = await env.relay.waitFor(mailTo(email, [reference, "received"]), "acknowledgement");
  assert.ok(!ack.text.includes("Fever"), "no symptoms in the patient's e-mail either");

  // The desk sees it waiting, opens it, confirms.
  const { page } = admin;
  await page.goto(url("/staff"));
  await hydrated(page);
  await page.getByRole("link", { name: reference }).click();
  await page.getByRole("heading", { name: `Request ${reference}` }).waitFor();
  assert.ok(await page.getByText("Fever for three days, worse at night.").isVisible(), "the details in the console");
  const whatsapp = await page.getByRole("link", { name: /^WhatsApp/ }).getAttribute("href");
  assert.match(whatsapp, /^https:\/\/wa\.me\/919825012345\?text=/);
  assert.ok(decodeURIComponent(whatsapp).includes(reference), whatsapp);
  assert.equal(await page.getByRole("link", { name: /^Call/ }).getAttribute("href"), "tel:+919825012345");
  await page.getByRole("button", { name: staffText("request.steps.confirm"), exact: true }).click();
  await page.getByRole("status").getByText("Confirmed.", { exact: false }).waitFor();
  assert.equal(statusOf(reference), "confirmed");

  const confirmation = await env.relay.waitFor(mailTo(email, [reference, "confirmed"]), "confirmation");
  const invite = calendarOf(confirmation);
  assert.equal(invite.method, "REQUEST");
  assert.equal(invite.sequence, 0);
  assert.ok(invite.uid.includes(reference), invite.uid);
  assert.equal(invite.start, instantOf(date, time), "the visit's time, in UTC");
  assert.equal(Date.parse(invite.end) - Date.parse(invite.start), 15 * 60_000, "one 15-minute slot");
  assert.ok(invite.attendee.includes(email), invite.attendee);

  // Cancelled, after its confirmation step with a reason: the invitation is withdrawn (same UID, a higher SEQUENCE).
  await page.getByRole("link", { name: staffText("request.steps.cancel") }).click();
  const confirmStep = page.locator("#confirm");
  await confirmStep.getByRole("heading", { name: `Cancel appointment ${reference}?` }).waitFor();
  // Sent without a reason (the browser's own check off): refused, saying why, nothing changed.
  await confirmStep.locator("form").evaluate((f) => { f.noValidate = true; });
  await confirmStep.getByRole("button", { name: staffText("request.confirmButton.cancel") }).click();
  await page.getByRole("alert").getByText(messageText("inbox.reasonRequired")).first().waitFor();
  assert.equal(statusOf(reference), "confirmed");
  const reasonLabel = contentText("forms.declineReasons.0.label");
  await page.locator("#confirm").getByLabel(reasonLabel).check();
  await page.locator("#confirm").getByRole("button", { name: staffText("request.confirmButton.cancel") }).click();
  await page.getByRole("status").getByText("Cancelled.", { exact: false }).waitFor();
  const cancelledMail = await env.relay.waitFor(mailTo(email, [reference, "cancelled"]), "cancellation");
  assert.ok(cancelledMail.text.includes(reasonLabel), "the reason in the patient's e-mail");
  const cancelled = calendarOf(cancelledMail);
  assert.deepEqual([cancelled.method, cancelled.uid, cancelled.sequence], ["CANCEL", invite.uid, 1]);
  // The wizard sent the time as data ("09:15"); the slots' API says it as the spec does ("09:15 AM").
  const [h, m] = time.split(":").map(Number);
  const spoken = `${String(((h + 11) % 12) + 1).padStart(2, "0")}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  assert.ok((await freeTimes(BHAVNA, date)).includes(spoken), "the cancelled time is offered again");
  assert.deepEqual(admin.problems, []);
});

// The desk member's browser, without JavaScript.
const desk = { email: "meera@hygo.test", page: null, context: null };

test("without JavaScript, a desk member signs in, declines a request (its time is offered again at once) and moves another to a free time of another doctor", async () => {
  // The admin adds the account in the console; the link is shown once.
  const { page } = admin;
  await page.goto(url("/staff/accounts"));
  await hydrated(page);
  assert.deepEqual(await page.locator('nav.staff-nav.staff-wide [aria-current="page"]').allInnerTexts(), ["Staff"], "one section is current");
  assert.equal(await page.getByRole("button", { name: `Disable ${admin.email}` }).count(), 0, "no way to disable oneself");
  assert.equal(await page.getByRole("button", { name: `Reset password and second factor ${admin.email}` }).count(), 1);
  const form = page.locator("form#accounts");
  await form.getByLabel(staffText("accounts.email")).fill(desk.email);
  await form.getByLabel("Name").fill("Meera Desai");
  await form.getByLabel("Role").selectOption("desk");
  await form.getByRole("button", { name: staffText("accounts.add") }).click();
  await page.getByRole("heading", { name: `Send this link to ${desk.email}` }).waitFor();
  const link = new URL((await page.locator(".staff-done code").innerText()).trim());

  Object.assign(desk, await openPage(env.browser, { javaScriptEnabled: false, width: 375 }));
  await setUp(desk.page, link.pathname + link.search, desk.email);
  await signIn(desk.page, desk.email);
  await desk.page.waitForURL(/\/staff$/);

  // Decline: the time is free on the public side at once.
  const [first, second] = await freeTimes(BHAVNA);
  const declined = await book(BHAVNA, first);
  assert.ok(!(await freeTimes(BHAVNA)).includes(first), "held while requested");
  await desk.page.goto(url(`/staff/appointments/${declined.reference}`));
  await desk.page.getByRole("link", { name: staffText("request.steps.decline") }).click();
  const reason = contentText("forms.declineReasons.1.label");
  await desk.page.locator("#confirm").getByLabel(reason).check();
  await desk.page.locator("#confirm").getByRole("button", { name: staffText("request.confirmButton.decline") }).click();
  await desk.page.getByText(staffText("request.done.decline")).waitFor();
  assert.equal(statusOf(declined.reference), "declined");
  assert.ok((await freeTimes(BHAVNA)).includes(first), "offered again at once");
  const sorry = await env.relay.waitFor(mailTo(declined.email, [declined.reference, "could not confirm"]), "decline");
  assert.ok(sorry.text.includes(`${env.server.base}/appointment`), "a way to book again");
  assert.ok(sorry.text.includes(reason), "and why");
  assert.equal(sorry.attachments.length, 0, "no invitation for a declined request");

  // Reschedule to Dr. Ankit Trivedi's afternoon: the day's free times, then one of them.
  const moved = await book(BHAVNA, second);
  await desk.page.goto(url(`/staff/appointments/${moved.reference}`));
  const section = desk.page.locator("#reschedule");
  await section.getByLabel(staffText("request.rescheduleDoctor")).selectOption(ANKIT.name);
  await section.getByRole("button", { name: staffText("request.rescheduleFind") }).click();
  const later = (await freeTimes(ANKIT)).at(-1);
  await desk.page.locator("#reschedule").getByLabel(new RegExp(`^${later}`)).check();
  await desk.page.locator("#reschedule").getByRole("button", { name: staffText("request.steps.reschedule") }).click();
  await desk.page.getByText(staffText("request.done.reschedule")).waitFor();
  const [row] = rows("SELECT status, doctor_id, date, sequence FROM appointments WHERE reference = ?", [moved.reference]);
  assert.deepEqual(row, { status: "rescheduled", doctor_id: ANKIT.id, date: day, sequence: 1 });
  assert.ok((await freeTimes(BHAVNA)).includes(second), "the old time is free");
  assert.ok(!(await freeTimes(ANKIT)).includes(later), "the new one is held");
  const update = calendarOf(await env.relay.waitFor(mailTo(moved.email, [moved.reference, "new time"]), "reschedule"));
  assert.deepEqual([update.method, update.sequence, update.start], ["REQUEST", 1, instantOf(day, later)]);

  // A time taken meanwhile is refused with the reason, nothing changes, and the
  // page shows the day the desk was looking at again.
  const third = await book(BHAVNA, (await freeTimes(BHAVNA))[2]);
  await desk.page.goto(url(`/staff/appointments/${third.reference}`));
  await desk.page.locator("#reschedule").getByLabel(staffText("request.rescheduleDoctor")).selectOption(ANKIT.name);
  await desk.page.locator("#reschedule").getByRole("button", { name: staffText("request.rescheduleFind") }).click();
  const target = (await freeTimes(ANKIT)).at(-1);
  await book(ANKIT, target);
  await desk.page.locator("#reschedule").getByLabel(new RegExp(`^${target}`)).check();
  await desk.page.locator("#reschedule").getByRole("button", { name: staffText("request.steps.reschedule") }).click();
  await desk.page.getByRole("alert").getByText(staffText("frame.errorSummary")).waitFor();
  assert.equal(statusOf(third.reference), "requested");
  assert.ok(await desk.page.getByText(`Free times with ${ANKIT.name}`).isVisible(), "the same doctor and day again");
  assert.ok(!(await desk.page.locator("#reschedule").getByLabel(new RegExp(`^${target}`)).count()), "without the time just taken");
});

/** Whether the page scrolls sideways (at 375 px nothing of the console may). */
const scrollsSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("the desk books a caller from a free slot and finds the patient by phone: without JavaScript at 375 px, and a walk-in with it", async () => {
  const failures = [];
  // Without JavaScript, on a phone (axe needs a page's JavaScript: it runs on these pages in the last test):
  // the day view's free slot opens the form with the doctor, day and time filled in.
  const { page } = desk;
  await page.goto(url(`/staff/day?doctor=${ANKIT.id}&date=${day}`));
  const free = page.getByRole("link", { name: /^Free at .*: book a new appointment$/ }).first();
  const time = (await free.getAttribute("aria-label")).replace(/^Free at (.*): book a new appointment$/, "$1");
  await free.click();
  await page.getByRole("heading", { name: staffText("book.heading"), level: 1 }).waitFor();
  assert.ok(await page.getByLabel(new RegExp(`^${time}`)).isChecked(), "the time chosen");
  assert.equal(await scrollsSideways(page), false, "the form fits a phone");
  await page.getByLabel(staffText("book.name")).fill("Caller Ramesh Patel");
  await page.getByLabel(staffText("book.phoneNumber")).fill("+91 98123 45678");
  await page.getByRole("button", { name: staffText("book.submit") }).click();
  await page.getByText(staffText("request.done.book")).waitFor();
  const reference = new URL(page.url()).pathname.split("/").pop();
  assert.equal(statusOf(reference), "confirmed");
  assert.ok(!(await freeTimes(ANKIT)).includes(time), "gone from the website at once");
  assert.equal(await page.getByRole("link", { name: /^Call/ }).getAttribute("href"), "tel:+919812345678");
  assert.equal(await scrollsSideways(page), false, "the request's page fits a phone");

  // The header's search finds the patient by the number written another way; the number is in no address.
  await page.getByLabel(staffText("frame.findLabel")).fill("09812345678");
  await page.getByRole("button", { name: staffText("frame.findButton") }).click();
  await page.getByRole("heading", { name: /1 patient found/ }).waitFor();
  assert.ok(!page.url().includes("98123"), page.url());
  assert.equal(await scrollsSideways(page), false, "the results fit a phone");
  await page.getByRole("link", { name: "Caller Ramesh Patel" }).click();
  await page.getByRole("heading", { name: "Patient: Caller Ramesh Patel" }).waitFor();
  assert.equal(await scrollsSideways(page), false, "the patient's page fits a phone");

  // With JavaScript: the inbox's "Walk-in" opens the form with walk-in chosen (the walk-in's time rule is
  // tests/staff.rs's, on a fixed clock); "New appointment" books a caller for a doctor and day chosen on the page.
  const js = admin.page;
  await js.goto(url("/staff"));
  await hydrated(js);
  await js.getByRole("link", { name: staffText("book.walkInNow") }).click();
  await js.getByRole("heading", { name: staffText("book.heading"), level: 1 }).waitFor();
  await js.getByLabel(staffText("book.doctor"), { exact: true }).selectOption(String(BHAVNA.id));
  await js.getByLabel(staffText("book.date"), { exact: true }).fill(day);
  await js.getByRole("button", { name: staffText("book.show") }).click();
  await js.getByRole("group", { name: new RegExp(`^Free times with ${BHAVNA.name}`) }).waitFor();
  assert.ok(await js.getByLabel(staffText("book.walkIn")).isChecked(), "still a walk-in after choosing the day");
  await axe(js, "new appointment, 1280 px", failures);
  await js.getByLabel(staffText("book.phone")).check();
  const chosen = (await freeTimes(BHAVNA))[0];
  await js.getByLabel(new RegExp(`^${chosen}`)).check();
  await js.getByLabel(staffText("book.name")).fill("Caller Nisha Rao");
  await js.getByLabel(staffText("book.phoneNumber")).fill("9812300000");
  await js.getByLabel(staffText("book.email")).fill("nisha@example.in");
  await js.getByRole("button", { name: staffText("book.submit") }).click();
  await js.getByText(staffText("request.done.book")).waitFor();
  const booked = new URL(js.url()).pathname.split("/").pop();
  assert.deepEqual(rows("SELECT status, channel FROM appointments WHERE reference = ?", [booked])[0], { status: "confirmed", channel: "phone" });
  const confirmation = await env.relay.waitFor(mailTo("nisha@example.in", [booked, "confirmed"]), "the desk booking's confirmation");
  assert.equal(calendarOf(confirmation).method, "REQUEST");
  assert.deepEqual(failures, []);
  assert.deepEqual(admin.problems, [], "no console error, no hydration mismatch");
});

test("the day view lists a clinic's doctors with their visits, and the day prints on one A4 page", async () => {
  // With JavaScript at 1280 px: the clinic's day, the caller booked above among Dr. Bhavna Dave's visits.
  const js = admin.page;
  await js.goto(url(`/staff/day?clinic=kalawad-road&date=${day}`));
  await hydrated(js);
  const bhavna = js.getByRole("region", { name: BHAVNA.name });
  await bhavna.getByRole("link", { name: "Caller Nisha Rao" }).waitFor();
  assert.ok(await bhavna.getByRole("link", { name: /^Free at .*: book a new appointment$/ }).count() > 0, "her free times, each a link to book it");
  // The next day and back: the date moves, the clinic stays.
  await js.getByRole("link", { name: staffText("day.next") }).click();
  await js.waitForURL(new RegExp(`date=${dayAfter(day, 1)}`));
  assert.ok(js.url().includes("clinic=kalawad-road"), js.url());
  await js.getByRole("link", { name: staffText("day.previous") }).click();
  await js.waitForURL(new RegExp(`date=${day}`));
  await hydrated(js);
  await js.getByRole("button", { name: staffText("day.print") }).waitFor();
  // Printed: no console header, no form, the whole day on one A4 page.
  await js.emulateMedia({ media: "print" });
  assert.equal(await js.locator(".staff-header").isVisible(), false, "the console's header is not printed");
  assert.equal(await js.getByRole("button", { name: staffText("day.show") }).isVisible(), false, "nor the form");
  const pdf = (await js.pdf({ format: "A4" })).toString("latin1");
  assert.equal(pdf.match(/\/Type\s*\/Page[^s]/g).length, 1, "the day fits on one A4 page");
  await js.emulateMedia({ media: "screen" });
});

test("with JavaScript, a reschedule's free times follow the doctor and day as they are chosen, without a reload", async () => {
  const moving = await book(BHAVNA, (await freeTimes(BHAVNA))[2]);
  const js = admin.page;
  await js.goto(url(`/staff/appointments/${moving.reference}`));
  await hydrated(js);
  await markDocument(js);
  const section = js.locator("#reschedule");
  const doctorSelect = section.getByLabel(staffText("request.rescheduleDoctor"));
  await doctorSelect.selectOption(String(ANKIT.id));
  await section.getByLabel(staffText("request.rescheduleDate")).fill(day);
  const legend = staffText("request.freeTimes").replace("{doctor}", ANKIT.name).replace("{date}", formatDate(day));
  await section.getByRole("group", { name: legend }).waitFor();
  assert.ok(await sameDocument(js), "no reload: the page stayed");
  assert.equal(await doctorSelect.inputValue(), String(ANKIT.id), "the choice stays as made");
  const offered = await section.getByRole("group", { name: legend }).getByRole("radio").count();
  assert.equal(offered, (await freeTimes(ANKIT)).length, "the doctor's free times of that day");
  assert.ok(js.url().includes(`doctor=${ANKIT.id}`), "the address says what is shown");
  assert.deepEqual(admin.problems, [], "no console error");
});

test("unconfirmed requests are flagged after 24 hours and expire after 48, freeing their time", async () => {
  const [a, b] = await freeTimes(BHAVNA);
  const late = await book(BHAVNA, a);
  const stale = await book(BHAVNA, b);
  const ago = (hours) => new Date(Date.now() - hours * 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");
  env.server.execute("UPDATE appointments SET created_at = ? WHERE reference = ?", [ago(25), late.reference]);
  env.server.execute("UPDATE appointments SET created_at = ? WHERE reference = ?", [ago(49), stale.reference]);
  const { page } = admin;
  await page.goto(url("/staff?status=requested"));
  await hydrated(page);
  const lateRow = page.getByRole("row").filter({ hasText: late.reference });
  assert.ok(await lateRow.getByText(staffText("inbox.overdueFlag")).isVisible(), "flagged past the promise");
  assert.equal(await page.getByRole("row").filter({ hasText: stale.reference }).count(), 0, "no longer waiting");
  assert.equal(statusOf(stale.reference), "expired");
  assert.ok((await freeTimes(BHAVNA)).includes(b), "its time is offered again");
  await env.relay.waitFor(mailTo(stale.email, [stale.reference, "could not confirm"]), "expiry");
});

test("the CSV export downloads the day's appointments with formulas neutralised", async () => {
  const { page } = admin;
  const formula = await book(ANKIT, (await freeTimes(ANKIT))[0], { name: "=1+1" });
  await page.goto(url("/staff"));
  await hydrated(page);
  // A range that ends before it starts: the page again, saying why, with what was typed.
  let form = page.locator('form[action="/staff/appointments.csv"]');
  await form.getByLabel("From").fill(day);
  await form.getByLabel("To").fill(istToday);
  await form.getByRole("button", { name: staffText("inbox.download") }).click();
  await page.getByRole("alert").getByText("Choose a range of at most 366 days", { exact: false }).first().waitFor();
  assert.equal(await page.locator('form[action="/staff/appointments.csv"]').getByLabel("From").inputValue(), day);
  const failures = [];
  await axe(page, "export refused", failures);
  assert.deepEqual(failures, []);
  form = page.locator('form[action="/staff/appointments.csv"]');
  await form.getByLabel("From").fill(istToday);
  await form.getByLabel("To").fill(dayAfter(day, 1));
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: staffText("inbox.download") }).click()]);
  const bytes = readFileSync(await download.path());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 with a byte-order mark, for Excel");
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const lines = text.trim().split("\r\n");
  assert.equal(lines[0], "reference,status,date,time,doctor,department,visit type,name,phone,email,new patient,requested at,clinic,booked by");
  const expected = rows("SELECT COUNT(*) AS n FROM appointments WHERE date BETWEEN ? AND ?", [istToday, dayAfter(day, 1)])[0].n;
  assert.equal(lines.length - 1, expected, "every appointment of the range");
  assert.ok(lines.slice(1).every((l) => l.includes(",+91 98") && !l.includes("'+91")), "a phone number as it is dialled, with no ' before it");
  assert.ok(!text.includes("Fever"), "no symptoms, reasons or notes");
  const row = lines.find((l) => l.startsWith(formula.reference));
  assert.equal(row.split(",")[7], "'=1+1", `the name is text, not a formula: ${row}`);
});

test("the audit log says who did what in words, filters by person and action, and is for admins only", async () => {
  const { page } = admin;
  await page.goto(url("/staff/audit"));
  await hydrated(page);
  const table = page.getByRole("table");
  const literally = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const action of [staffText("audit.actions.sign-in"), staffText("audit.actions.confirm"), staffText("audit.actions.cancel"), staffText("audit.actions.decline"), staffText("audit.actions.reschedule"), staffText("audit.actions.expire"), staffText("audit.actions.export"), staffText("audit.actions.account-add")]) {
    assert.ok(await table.getByRole("cell").filter({ hasText: new RegExp(`^${literally(action)}`) }).first().isVisible(), `"${action}" is in the log`);
  }
  // Staff by name, the command line and the server in words; no JSON.
  assert.ok(await table.getByRole("row").filter({ hasText: staffText("audit.actions.decline") }).getByText(/, by Meera Desai/).first().isVisible(), "the desk member's decline, by name");
  assert.ok(await table.getByRole("cell").filter({ hasText: new RegExp(`^${literally(`${staffText("audit.actions.account-add")}, by ${staffText("audit.commandLine")}`)}`) }).first().isVisible(), "the first admin, made on the command line");
  assert.ok(await table.getByRole("cell").filter({ hasText: new RegExp(`^${literally(staffText("audit.actions.expire"))}: .*, by ${literally(staffText("audit.system"))}`) }).first().isVisible(), "an expiry, by the server");
  assert.equal(await table.getByText(/[{}]/).count(), 0, "no raw JSON");
  // Filtered by person and action: only the desk member's declines.
  await page.getByLabel(staffText("audit.actor")).selectOption({ label: "Meera Desai" });
  await page.getByLabel(staffText("audit.action"), { exact: true }).selectOption({ label: staffText("audit.actions.decline") });
  await page.getByRole("button", { name: staffText("audit.apply") }).click();
  await page.waitForURL(/action=decline/);
  const rows = await page.getByRole("table").getByRole("row").allInnerTexts();
  assert.ok(rows.length >= 2, rows.join("\n"));
  assert.ok(rows.slice(1).every((r) => r.includes(staffText("audit.actions.decline")) && r.includes("by Meera Desai")), rows.join("\n"));
  // The desk may not read it: 403, whatever the UI shows.
  const res = await desk.page.goto(url("/staff/audit"));
  assert.equal(res.status(), 403);
  await desk.page.getByRole("heading", { name: messageText("staff.notYourRoleHeading") }).waitFor();
});

test("an admin gives a doctor leave: their times leave the public side at once, and the requests already made are listed", async () => {
  const later = dayAfter(day, 7);
  const made = await book(BHAVNA, (await freeTimes(BHAVNA, later))[0], { date: later });
  const { page } = admin;
  await page.goto(url(`/staff/leave?doctor=${BHAVNA.id}`));
  await hydrated(page);
  await page.getByRole("heading", { name: `Leave of ${BHAVNA.name}` }).waitFor();
  const form = page.locator("form#leave");
  await form.getByLabel(staffText("leave.from")).fill(later);
  await form.getByLabel(staffText("leave.until")).fill(later);
  await form.getByLabel(staffText("leave.note")).fill("Family wedding");
  await form.getByRole("button", { name: staffText("leave.add") }).click();
  await page.getByRole("status").getByText(staffText("leave.done.add")).waitFor();
  assert.ok(await page.getByRole("link", { name: made.reference }).isVisible(), "the request on that day is listed");
  const failures = [];
  await axe(page, "leave with a request on it", failures);
  assert.deepEqual(failures, []);
  const res = await fetch(url(`/appointments/slots?doctorId=${BHAVNA.id}&date=${later}`));
  const slots = await res.json();
  assert.deepEqual([slots.availability, slots.availableSlots], ["on-leave", []], "no time offered on a day of leave");
  assert.equal(statusOf(made.reference), "requested", "the request stays for the desk to move or decline");

  // The desk, without JavaScript: who is away lists the leave; a doctor phoning in sick is added from
  // the same page, and the desk may not remove leave (no button; the server refuses it too, tests/staff.rs).
  await desk.page.goto(url("/staff/leave"));
  await desk.page.getByRole("heading", { name: staffText("leave.awayHeading").replace("{days}", "30"), level: 1 }).waitFor();
  assert.ok(await desk.page.getByRole("heading", { name: new RegExp(`^${BHAVNA.name}: `) }).isVisible(), "her leave, by name");
  const sick = desk.page.locator("form#leave");
  await sick.getByLabel(staffText("leave.doctor")).selectOption(String(ANKIT.id));
  await sick.getByLabel(staffText("leave.until")).fill(istToday);
  await sick.getByRole("button", { name: staffText("leave.add") }).click();
  await desk.page.getByRole("status").getByText(staffText("leave.done.add")).waitFor();
  await desk.page.getByRole("heading", { name: `Leave of ${ANKIT.name}`, level: 1 }).waitFor();
  assert.equal(await desk.page.getByRole("button", { name: staffText("leave.remove") }).count(), 0, "removing is an admin's");
  assert.equal((await freeTimes(ANKIT, istToday)).length, 0, "no time offered today");

  await page.goto(url(`/staff/leave?doctor=${ANKIT.id}`));
  await page.getByRole("button", { name: staffText("leave.remove") }).click();
  await page.getByRole("status").getByText(staffText("leave.done.remove")).waitFor();
  await page.goto(url(`/staff/leave?doctor=${BHAVNA.id}`));
  await page.getByRole("button", { name: staffText("leave.remove") }).click();
  await page.getByRole("status").getByText(staffText("leave.done.remove")).waitFor();
  assert.ok((await freeTimes(BHAVNA, later)).length > 0, "offered again");
});

test("a post from another site changes nothing; signing out everywhere and a session past its lifetime end at once", async () => {
  // Another site's page that posts to the console when opened.
  const target = await book(BHAVNA, (await freeTimes(BHAVNA))[0]);
  const evil = createServer((req, res) => {
    res.setHeader("content-type", "text/html");
    res.end(`<!doctype html><title>Prize</title><form method="post" action="${env.server.base}/staff/appointments/${target.reference}">`
      + `<input name="step" value="decline"></form><script>document.forms[0].submit()</script>`);
  });
  await new Promise((ok) => evil.listen(0, "127.0.0.1", ok));
  const other = `http://localhost:${evil.address().port}`;
  const { page, context } = admin;
  await page.goto(`${other}/`);
  await page.waitForURL((u) => u.toString().startsWith(env.server.base));
  assert.equal(statusOf(target.reference), "requested", "the forged post did nothing");
  // Even with the session's cookie and its token, another site's Origin is refused.
  await page.goto(url(`/staff/appointments/${target.reference}`));
  const csrf = await page.locator('input[name="csrf"]').first().getAttribute("value");
  const session = (await context.cookies()).find((c) => c.name === "__Host-hygo-staff").value;
  const forged = await fetch(url(`/staff/appointments/${target.reference}`), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `__Host-hygo-staff=${session}`, origin: other },
    body: new URLSearchParams({ step: "decline", csrf }).toString(),
  });
  assert.equal(forged.status, 403);
  assert.equal(statusOf(target.reference), "requested");
  await new Promise((ok) => evil.close(ok));

  // The admin in a second browser; "Sign out everywhere" in the first ends both.
  const second = await openPage(env.browser);
  await signIn(second.page, admin.email);
  await second.page.waitForURL(/\/staff$/);
  await page.goto(url("/staff/account"));
  await hydrated(page);
  const sessions = page.locator("form#sessions");
  assert.equal(await sessions.getByRole("checkbox").count(), 1, "the other session is listed");
  // Only with the password typed again.
  await sessions.getByRole("button", { name: staffText("account.everywhere") }).click();
  await page.getByRole("alert").getByText(messageText("staff.currentWrong")).first().waitFor();
  const failures = [];
  await axe(page, "sessions refused", failures);
  assert.deepEqual(failures, []);
  assert.equal(new URL(second.page.url()).pathname, "/staff");
  await page.locator("form#sessions").getByLabel(staffText("account.confirmPassword")).fill(PASSWORD);
  await page.locator("form#sessions").getByRole("button", { name: staffText("account.everywhere") }).click();
  await page.waitForURL(/\/staff\/sign-in$/);
  await second.page.goto(url("/staff"));
  assert.equal(new URL(second.page.url()).pathname, "/staff/sign-in", "the other browser is signed out");
  await second.context.close();

  // The desk member's session, past its lifetime, has ended: the next page is the
  // sign-in page. (Idle time is the server's own reckoning of each session's last
  // request, which no database edit can move; tests/staff.rs moves its clock.)
  await desk.page.goto(url("/staff"));
  assert.equal(new URL(desk.page.url()).pathname, "/staff");
  const minuteAgo = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, "Z");
  const account = rows("SELECT id FROM staff_accounts WHERE email = ?", [desk.email])[0].id;
  env.server.execute("UPDATE staff_sessions SET expires_at = ? WHERE account_id = ? AND ended_at IS NULL", [minuteAgo, account]);
  await desk.page.goto(url("/staff"));
  assert.equal(new URL(desk.page.url()).pathname, "/staff/sign-in", "past its lifetime: signed out");
  await desk.context.close();
});

test("health-card requests go from new to called to card issued, and messages to answered, each step with a note and who took it, without JavaScript", async () => {
  const card = await fetch(url("/api/SubscriptionData/subscription-form"), {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Kavya Shah", email: "kavya@example.in", number: "+91 99099 11111", subscriptionType: "Essential Family" }),
  });
  assert.equal(card.status, 201);
  const cardRef = (await card.json()).data.reference;
  const message = await fetch(url("/api/contact"), {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Kavya Shah", email: "kavya@example.in", subject: "Parking", message: "Is there parking near the clinic?" }),
  });
  assert.equal(message.status, 201);
  const messageRef = (await message.json()).data.reference;
  await env.relay.waitFor(mailTo(CLINIC, [cardRef]), "clinic notice of the card request");

  // Signed in with a recovery code (no phone at hand): it works once.
  const nojs = await openPage(env.browser, { javaScriptEnabled: false });
  const recoveryCode = admin.recovery[0];
  const withRecovery = async () => {
    await nojs.page.goto(url("/staff/sign-in"));
    await nojs.page.getByLabel(staffText("signIn.email")).fill(admin.email);
    await nojs.page.getByLabel(staffText("signIn.password")).fill(PASSWORD);
    await nojs.page.getByRole("button", { name: staffText("signIn.submit") }).click();
    await nojs.page.getByLabel("Code", { exact: true }).fill(recoveryCode);
    await nojs.page.getByRole("button", { name: staffText("signIn.codeSubmit") }).click();
  };
  await withRecovery();
  await nojs.page.waitForURL(/\/staff$/);
  await nojs.page.getByRole("button", { name: staffText("frame.signOut"), exact: true }).click();
  await nojs.page.waitForURL(/\/staff\/sign-in$/);
  await withRecovery();
  await nojs.page.getByRole("alert").getByText(messageText("staff.codeWrong")).first().waitFor();
  assert.equal(new URL(nojs.page.url()).pathname, "/staff/sign-in/code", "a used recovery code is refused");
  await nojs.page.getByLabel("Code", { exact: true }).fill(admin.recovery[1]);
  await nojs.page.getByRole("button", { name: staffText("signIn.codeSubmit") }).click();
  await nojs.page.waitForURL(/\/staff$/);
  // A card request: called (no answer), then the card issued; each step with its note and who took it.
  const page = nojs.page;
  await page.goto(url("/staff/card-requests"));
  await page.getByRole("link", { name: cardRef }).click();
  await page.getByRole("button", { name: staffText("items.save") }).click();
  await page.getByRole("alert").getByText(messageText("inbox.chooseStep")).first().waitFor();
  await page.getByLabel(staffText("items.steps.called")).check();
  await page.getByLabel(staffText("items.note")).fill("No answer, call again tomorrow");
  await page.getByRole("button", { name: staffText("items.save") }).click();
  await page.getByText(`${staffText("items.status")}: ${staffText("items.statuses.called")}`).waitFor();
  await page.getByText("Called the patient, by Asha Patel").waitFor();
  await page.getByText(/No answer, call again tomorrow/).first().waitFor();
  assert.equal(rows("SELECT status FROM card_requests WHERE reference = ?", [cardRef])[0].status, "called");
  await page.goto(url("/staff/card-requests"));
  assert.ok(await page.getByRole("row", { name: new RegExp(cardRef) }).getByText(staffText("items.statuses.called")).isVisible(), "still open, called");
  await page.getByRole("link", { name: cardRef }).click();
  await page.getByLabel(staffText("items.steps.issued")).check();
  await page.getByLabel(staffText("items.note")).fill("Called, card sent");
  await page.getByRole("button", { name: staffText("items.save") }).click();
  await page.locator(".staff-done").getByText(/^Card issued: by Asha Patel on /).waitFor();
  assert.equal(await page.getByRole("button", { name: staffText("items.save") }).count(), 0, "closed: no more steps");
  // A message: answered, in one button.
  await page.goto(url("/staff/messages"));
  await page.getByRole("link", { name: messageRef }).click();
  await page.getByLabel(staffText("items.note")).fill("Answered by phone");
  await page.getByRole("button", { name: staffText("items.steps.answered") }).click();
  const done = page.locator(".staff-done");
  await done.getByText(/^Answered: by Asha Patel on /).waitFor();
  assert.ok((await done.innerText()).includes("Answered by phone"), await done.innerText());
  await page.goto(url("/staff/messages?handled=1"));
  assert.ok(await page.getByRole("link", { name: messageRef }).isVisible(), "listed under Closed");
  assert.equal(rows("SELECT handled_note FROM card_requests WHERE reference = ?", [cardRef])[0].handled_note, "Called, card sent");
  await nojs.context.close();
});

test("axe finds no WCAG 2.2 AA violation on any console page, at 375 and 1280 px", async () => {
  const failures = [];
  const { page } = admin;
  await signIn(page, admin.email);
  await page.waitForURL(/\/staff$/);
  const requested = await book(BHAVNA, (await freeTimes(BHAVNA))[0]);
  const card = rows("SELECT reference FROM card_requests LIMIT 1")[0].reference;
  const message = rows("SELECT reference FROM contact_messages LIMIT 1")[0].reference;
  const confirmed = rows("SELECT reference FROM appointments WHERE status = 'rescheduled' LIMIT 1")[0].reference;
  // A visit confirmed for today, for the front desk's day (moved to today behind the server's back).
  const visit = await book(BHAVNA, (await freeTimes(BHAVNA))[1]);
  const visitName = `Patient Number${patients}`;
  // At this minute in IST, so "Arrived" is due (from 30 minutes before the visit's time).
  const istMinute = new Date(Date.now() + 330 * 60_000).toISOString().slice(11, 16);
  env.server.execute("UPDATE appointments SET date = ?, start_time = ?, status = 'confirmed' WHERE reference = ?", [istToday, istMinute, visit.reference]);
  const pages = ["/staff", "/staff?status=expired", "/staff/today", "/staff/week", "/staff/doctors", "/staff/closures", `/staff/appointments/${requested.reference}`, `/staff/appointments/${confirmed}`,
    `/staff/appointments/${requested.reference}?doctor=${ANKIT.id}&date=${dayAfter(day, 7)}`, "/staff/appointments/HY-0000-0000",
    `/staff/day?doctor=${BHAVNA.id}&date=${day}`, `/staff/day?clinic=head-office&date=${day}`, "/staff/patients", `/staff/patients/${requested.reference}`, `/staff/appointments/${requested.reference}?confirm=decline`, "/staff/appointments/new", `/staff/appointments/new?doctor=${BHAVNA.id}&date=${day}&channel=walk-in`, `/staff/leave?doctor=${BHAVNA.id}`, "/staff/leave", "/staff/card-requests", `/staff/card-requests/${card}`, "/staff/messages?handled=1",
    `/staff/messages/${message}`, "/staff/audit", "/staff/accounts", "/staff/account"];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of pages) {
      await page.goto(url(path));
      await hydrated(page);
      await axe(page, `${path} at ${width}`, failures);
    }
    // A refused reschedule (no time chosen), with its error summary.
    await page.goto(url(`/staff/appointments/${requested.reference}`));
    await hydrated(page);
    await page.locator("#reschedule").getByRole("button", { name: staffText("request.steps.reschedule") }).evaluate((b) => b.form.noValidate = true);
    await page.locator("#reschedule").getByRole("button", { name: staffText("request.steps.reschedule") }).click();
    await page.getByRole("alert").first().waitFor();
    await axe(page, `refused reschedule at ${width}`, failures);
  }
  // The front desk's day: the visit is marked arrived, and the page says so.
  await page.goto(url("/staff/today"));
  await hydrated(page);
  const marks = page.getByRole("group", { name: new RegExp(`^Mark ${visitName}, `) });
  await marks.getByRole("button", { name: staffText("today.steps.arrive") }).click();
  await page.waitForURL(/\/staff\/today\?done=arrive$/);
  await page.getByRole("status").filter({ hasText: staffText("today.done.arrive") }).waitFor();
  assert.equal(statusOf(visit.reference), "arrived");
  await axe(page, "the day after marking an arrival", failures);
  assert.deepEqual(failures, []);
  assert.deepEqual(admin.problems, [], "no console error, no hydration mismatch");
  await admin.context.close();
});

// Both booking wizards end to end in Chromium, with JavaScript on and off, checked
// against the stored rows: wizard A (/appointment) with the two-level time choice,
// wizard B (/appointment/{id}) with the same times (issue 43), the slot taken meanwhile (409)
// and the one a later visitor no longer sees.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated, seedDoctors, bookingDay } from "./harness.mjs";
import { clinic, contentText, messageText, uiText } from "../catalogue.mjs";

const env = serverAndBrowser();
const rows = (sql, params) => env.server.query(sql, params);

// The promise depends on when the test runs and on the day it books (issue 43):
// the screen must say the one stored with the request, whichever it is.
async function promiseShown(page, email) {
  const [row] = rows("SELECT promise FROM appointments WHERE email = ?", [email]);
  const promise = JSON.parse(row.promise);
  const key = {
    later: "forms.appointment.successText",
    "later-by": "forms.appointment.promise.by",
    before: "forms.appointment.promise.soon",
    "call-us": promise.opens === promise.asked ? "forms.appointment.promise.callUsNow" : "forms.appointment.promise.callUs",
  }[promise.reply];
  assert.ok(key, `a known promise: ${promise.reply}`);
  const pattern = new RegExp(`^${contentText(key).replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+")}$`);
  assert.match(await page.locator(".what-next p").first().innerText(), pattern, `the promise stored (${promise.reply}) is the one shown`);
}

// The day the bookings pick ("Next Week", or "Tomorrow" on a Sunday), and its button.
const { key: quickKey, date: bookedDay, weekday } = bookingDay();
const quickDate = contentText(`forms.appointment.${quickKey}`);
// Not the doctor the seed puts on leave for the first two weeks.
const withHours = seedDoctors.filter((d) => !d.leaveDays && d.officeHours.some((h) => h.day === weekday));
const doctorA = withHours[0];
const doctorB = withHours[withHours.length - 1];
// The wizards' times are data ("14:15"), shown in the page's language ("2:15 PM" in English).
const shown = (hhmm) => {
  const [h, m] = hhmm.split(":").map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

async function personal(page, name, email) {
  await page.locator("main").getByLabel(contentText("forms.appointment.fields.name")).fill(name);
  await page.locator("main").getByLabel(contentText("forms.appointment.fields.phone")).fill("+91 98980 12345");
  await page.locator("main").getByLabel(contentText("forms.appointment.fields.email")).fill(email);
}

/** Wizard A with JavaScript, up to the confirm step; answers the time chosen. */
async function wizardAToConfirm(page, email) {
  await page.goto(`${env.server.base}/appointment`);
  await hydrated(page);
  await page.getByRole("heading", { name: contentText("forms.appointment.titlesA.0") }).waitFor();
  await personal(page, "Asha Patel", email);
  await page.getByRole("button", { name: contentText("forms.appointment.continue") }).click();
  const stepTwo = page.getByRole("heading", { name: contentText("forms.appointment.titlesA.1") });
  await stepTwo.waitFor();
  assert.ok(await stepTwo.evaluate((el) => el === document.activeElement), "focus moves to the new step's heading");

  assert.ok(await page.getByText(contentText("forms.appointment.selectDoctorFirst")).isVisible());
  await page.locator("main").getByLabel(contentText("forms.appointment.fields.department")).selectOption("cardiology");
  await page.locator("main").getByLabel(/^Doctor\b/).selectOption(doctorA.name);
  await page.locator("main").getByLabel(contentText("forms.appointment.fields.department")).selectOption("neurology");
  assert.equal(await page.locator("main").getByLabel(/^Doctor\b/).inputValue(), "", "choosing a department clears the doctor");
  // The department's doctors first, then the others under "Other doctors": nobody is left out.
  const groups = await page.locator("main").getByLabel(/^Doctor\b/).locator("optgroup").evaluateAll((gs) => gs.map((g) => [g.label, g.children.length]));
  const neurologists = seedDoctors.filter((d) => d.department === "neurology").length;
  assert.deepEqual(groups, [["Neurology", neurologists], [contentText("forms.appointment.otherDoctors"), seedDoctors.length - neurologists]]);
  await page.locator("main").getByLabel(/^Doctor\b/).selectOption(doctorA.name);
  await page.getByRole("button", { name: quickDate, exact: true }).click();
  assert.equal(await page.getByRole("button", { name: quickDate, exact: true }).getAttribute("aria-pressed"), "true");

  const hours = page.getByRole("list", { name: "Hours" });
  await hours.waitFor();
  await hours.getByRole("button").first().click();
  await page.getByRole("button", { name: contentText("forms.appointment.backToHours") }).click();
  await hours.getByRole("button").first().click();
  const slot = page.locator('input[name="time"]').first();
  const time = await slot.getAttribute("value");
  await slot.check();

  await page.locator("main").getByLabel(contentText("forms.appointment.visitTypes.1.label")).check();
  await page.locator("main").getByLabel(/^Reason for Visit/).selectOption("Follow-up");
  await page.locator("main").getByLabel("Fever").check();
  await page.locator("main").getByLabel("Cough").check();
  await page.locator("main").getByLabel(contentText("forms.appointment.fields.additionalNotes")).fill("Blood pressure readings from home attached to my file.");
  await page.getByRole("button", { name: contentText("forms.appointment.review") }).click();
  await page.getByRole("heading", { name: contentText("forms.appointment.titlesA.2") }).waitFor();
  const summary = await page.locator(".summary").innerText();
  assert.ok(summary.includes(doctorA.name) && summary.includes(shown(time)) && summary.includes("Fever, Cough"), summary);
  return time;
}

test("wizard A with JavaScript: every step, the confirmation box, the stored request, and the slot gone for the next visitor", async () => {
  const { page, context, problems } = await openPage(env.browser, { width: 375, height: 800 });
  try {
    const time = await wizardAToConfirm(page, "asha.a@example.in");
    await page.getByRole("button", { name: contentText("forms.appointment.submitA") }).click();
    await page.getByRole("alert").getByText(contentText("forms.appointment.confirmRequired")).waitFor();
    await page.locator("main").getByLabel(/I confirm that the information provided is accurate and complete/).check();
    await page.getByRole("button", { name: contentText("forms.appointment.submitA") }).click();
    await page.getByRole("heading", { name: contentText("forms.appointment.successHeading") }).waitFor();
    await promiseShown(page, "asha.a@example.in");

    const stored = rows("SELECT a.date, a.start_time, a.visit_type, a.reason, a.symptoms, a.department, a.asked_department, a.is_new_patient, a.updates FROM appointments a "
      + "WHERE a.email = 'asha.a@example.in'");
    // Stored under the doctor's department; Neurology kept for the desk when the doctor is not in it.
    const differs = doctorA.department !== "neurology";
    assert.deepEqual(stored, [{ date: bookedDay, start_time: time, visit_type: "video", reason: "follow-up",
      symptoms: JSON.stringify(["fever", "cough"]), department: doctorA.department, asked_department: differs ? "neurology" : "", is_new_patient: 1,
      updates: "none" }], "no messages to the phone unless chosen");

    await page.getByRole("link", { name: contentText("forms.appointment.another") }).click();
    await page.getByRole("heading", { name: contentText("forms.appointment.titlesA.0") }).waitFor();
    assert.equal(await page.locator("main").getByLabel(contentText("forms.appointment.fields.name")).inputValue(), "", "the wizard starts afresh");

    // The next visitor does not see the time any more.
    const next = await openPage(env.browser);
    await next.page.goto(`${env.server.base}/appointment`);
    await hydrated(next.page);
    await next.page.getByRole("button", { name: contentText("forms.appointment.continue") }).click();
    await next.page.locator("main").getByLabel(/^Doctor\b/).selectOption(doctorA.name);
    await next.page.getByRole("button", { name: quickDate, exact: true }).click();
    const hours = next.page.getByRole("list", { name: "Hours" });
    await hours.waitFor();
    const hourOf = shown(`${time.slice(0, 2)}:00`);
    // The hour is still offered (three of its quarter hours are free), without the time taken.
    const block = hours.getByRole("button", { name: hourOf, exact: true });
    assert.equal(await block.count(), 1, `the ${hourOf} block is offered`);
    await block.click();
    await next.page.locator('input[name="time"]').first().waitFor();
    const offered = await next.page.locator('input[name="time"]').evaluateAll((inputs) => inputs.map((i) => i.value));
    assert.ok(offered.length >= 1, `the other times of ${hourOf} are offered`);
    assert.ok(!offered.includes(time), `${time} is no longer offered: ${offered}`);
    await next.context.close();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("wizard A: a time requested by someone else meanwhile is refused, and the form stays", async () => {
  const { page, context } = await openPage(env.browser);
  try {
    const time = await wizardAToConfirm(page, "asha.b@example.in");
    // Another visitor takes the same time first.
    const res = await fetch(`${env.server.base}/appointments/bookAppointment`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Other Visitor", phone: "+91 90000 00000", email: "other@example.in", doctor: doctorA.name, date: bookedDay, time }),
    });
    assert.equal(res.status, 201);
    await page.locator("main").getByLabel(/I confirm that the information provided is accurate and complete/).check();
    await page.getByRole("button", { name: contentText("forms.appointment.submitA") }).click();
    await page.getByRole("alert").getByText(messageText("appointment.taken")).waitFor();
    await page.getByRole("heading", { name: contentText("forms.appointment.titlesA.1") }).waitFor();
    assert.equal(await page.locator("main").getByLabel(contentText("forms.appointment.fields.additionalNotes")).inputValue(), "Blood pressure readings from home attached to my file.", "the form is kept");
    assert.equal(rows("SELECT id FROM appointments WHERE email = 'asha.b@example.in'").length, 0);
  } finally {
    await context.close();
  }
});

test("wizard A without JavaScript and without an e-mail address: each step is a page, and the request is stored once", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${env.server.base}/appointment`);
    // A patient with a phone only: the address is optional and says so.
    assert.equal(await page.locator("main").getByLabel(contentText("forms.appointment.fields.email")).getAttribute("required"), null);
    assert.ok(await page.getByText(contentText("forms.appointment.emailHint")).isVisible());
    await personal(page, "Nikhil Rao", "");
    // Messages on the phone: "No messages" until the patient chooses; this one chooses WhatsApp.
    const none = page.locator("main").getByLabel(contentText("forms.appointment.updatesChoices.0.label"));
    assert.ok(await none.isChecked(), "no consent until given");
    assert.ok(await page.getByText(contentText("forms.appointment.updatesNotice")).isVisible(), "with what the messages hold");
    await page.locator("main").getByLabel(contentText("forms.appointment.updatesChoices.1.label")).check();
    await page.getByRole("button", { name: contentText("forms.appointment.continue") }).click();
    await page.getByRole("heading", { name: contentText("forms.appointment.titlesA.1") }).waitFor();
    await page.locator("main").getByLabel(/^Doctor\b/).selectOption(doctorA.name);
    await page.getByRole("button", { name: quickDate, exact: true }).click();
    await page.getByRole("button", { name: contentText("forms.appointment.showTimes") }).click();
    const slot = page.locator('input[name="time"]').last();
    const time = await slot.getAttribute("value");
    await slot.check();
    await page.locator("main").getByLabel(/^Reason for Visit/).selectOption("Consultation");
    await page.getByRole("button", { name: contentText("forms.appointment.review") }).click();
    await page.getByRole("heading", { name: contentText("forms.appointment.titlesA.2") }).waitFor();
    await page.getByRole("button", { name: contentText("forms.appointment.submitA") }).click();
    assert.ok(await page.getByRole("alert").getByText(messageText("appointment.confirmRequired")).isVisible());
    await page.locator("main").getByLabel(/I confirm that the information provided/).check();
    await page.getByRole("button", { name: contentText("forms.appointment.submitA") }).click();
    await page.waitForURL(/\/requests\?token=[0-9a-z]{26}$/);
    assert.ok(await page.getByRole("heading", { name: contentText("forms.appointment.successHeading") }).isVisible());
    assert.ok(await page.getByText(contentText("forms.appointment.successByPhone")).isVisible(), "a call or WhatsApp, not an e-mail");
    const stored = rows("SELECT date, start_time, email, updates FROM appointments WHERE name = 'Nikhil Rao'");
    assert.deepEqual(stored, [{ date: bookedDay, start_time: time, email: "", updates: "whatsapp" }], "the choice carried through the steps");
    const consents = rows("SELECT c.channel, c.given, c.how FROM consents c JOIN appointments a ON a.id = c.appointment_id WHERE a.name = 'Nikhil Rao'");
    assert.deepEqual(consents, [{ channel: "whatsapp", given: 1, how: "web" }], "and recorded as a consent");
  } finally {
    await context.close();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`wizard B ${javaScriptEnabled ? "with" : "without"} JavaScript: the doctor's card, Schedule, Review, "Appointment Request Sent"`, async () => {
    const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled });
    const email = `b.${javaScriptEnabled ? "js" : "nojs"}@example.in`;
    try {
      await page.goto(`${env.server.base}/appointment/${doctorB.id}`);
      if (javaScriptEnabled) await hydrated(page);
      assert.ok(await page.locator(".doctor-header").getByText(doctorB.name).isVisible());
      await personal(page, "Farah Khan", email);
      await page.locator("main").getByLabel("No", { exact: true }).check();
      await page.locator("main").getByLabel(contentText("forms.appointment.fields.insurance")).fill("Star Health");
      await page.getByRole("button", { name: contentText("forms.appointment.continue") }).click();
      await page.getByRole("heading", { name: contentText("forms.appointment.titlesB.1") }).waitFor();
      // A day without hours (Sunday, in this week) is marked, says why, and cannot be chosen.
      const closed = page.locator(".day-strip .day--c").first();
      assert.ok(await closed.isDisabled(), "no hours: not a choice");
      assert.match(await closed.getAttribute("aria-label"), new RegExp(`: ${contentText("forms.appointment.dayStatus.noHours")}$`));
      assert.equal(await closed.locator(".day-status").innerText(), contentText("forms.appointment.dayStatus.noHours"));
      // Review without a time: the step stays, with the summary.
      await page.getByRole("button", { name: contentText("forms.appointment.review") }).click();
      await page.getByRole("alert").getByText(messageText("appointment.timeRequired")).first().waitFor();
      await page.getByRole("heading", { name: contentText("forms.appointment.titlesB.1") }).waitFor();
      await page.getByRole("button", { name: quickDate, exact: true }).click();
      // The same times as wizard A (issue 43): with JavaScript an hour, then its quarter hours.
      if (javaScriptEnabled) await page.locator(".slot--hour").first().click();
      const open = page.locator('input[name="time"]:not([disabled])').first();
      await open.waitFor();
      const time = await open.getAttribute("value");
      assert.match(time, /^\d{2}:\d{2}$/, "times as data");
      await open.check();
      await page.locator("main").getByLabel(/^Reason for Visit/).selectOption("Chronic Condition");
      await page.getByRole("button", { name: contentText("forms.appointment.review") }).click();
      await page.getByRole("heading", { name: contentText("forms.appointment.titlesB.2") }).waitFor();
      await page.locator("main").getByLabel(/I confirm that the information provided/).check();
      await page.getByRole("button", { name: contentText("forms.appointment.submitB") }).click();
      // Nothing is confirmed yet, and the screen says so (not the spec's "Appointment Confirmed!").
      await page.getByRole("heading", { name: contentText("forms.appointment.successHeading") }).waitFor();
      assert.equal(await page.getByText("Confirmed!").count(), 0);
      await promiseShown(page, email);
      assert.ok(await page.getByText(doctorB.name).first().isVisible());
      assert.ok(await page.locator(".summary").getByText("Farah Khan").isVisible(), "personal details on the confirmation");
      // Values by their names, not the form's prompts; where to go, and the way there.
      const terms = await page.locator(".summary dt").allInnerTexts();
      for (const name of ["date", "time", "doctor"]) assert.ok(terms.includes(contentText(`forms.appointment.summaryFields.${name}`)), `${name} in ${terms}`);
      assert.ok(!terms.includes(contentText("forms.appointment.fields.date")), `no "Select Date": ${terms}`);
      const place = clinic(doctorB.clinic);
      const summaryText = await page.locator(".summary").innerText();
      assert.ok(summaryText.includes(place.name) && summaryText.includes(`${place.street}, ${place.city}`), `the clinic and its address: ${summaryText}`);
      assert.equal(await page.locator(".summary").getByRole("link", { name: new RegExp(contentText("forms.appointment.directions")) }).getAttribute("href"), place.mapUrl);
      // The requested time as a calendar file, marked tentative.
      const ics = await page.getByRole("link", { name: contentText("forms.appointment.addToCalendar") }).getAttribute("href");
      const file = await fetch(new URL(ics, env.server.base));
      assert.equal(file.status, 200);
      assert.match(file.headers.get("content-type"), /^text\/calendar/);
      const text = await file.text();
      const [h, m] = time.split(":").map(Number);
      const utc = new Date(Date.parse(`${bookedDay}T00:00:00Z`) + (h * 60 + m - 330) * 60_000).toISOString().replace(/[-:]/g, "").slice(0, 15);
      assert.ok(text.includes("STATUS:TENTATIVE\r\n") && text.includes(`DTSTART:${utc}Z\r\n`) && text.includes(place.name.split(",")[0]), text);
      if (!javaScriptEnabled) assert.match(page.url(), /\/requests\?token=[0-9a-z]{26}$/, "an address that names nothing");
      const stored = rows("SELECT doctor_id, date, start_time, reason, is_new_patient, insurance FROM appointments WHERE email = ?", [email]);
      assert.deepEqual(stored, [{ doctor_id: doctorB.id, date: bookedDay, start_time: time, reason: "chronic-condition", is_new_patient: 0, insurance: "Star Health" }]);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test("wizard B for a doctor that does not exist says so, with a way back", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  try {
    const res = await page.goto(`${env.server.base}/appointment/424242`);
    assert.equal(res.status(), 404);
    assert.ok(await page.getByRole("heading", { name: contentText("forms.appointment.doctorNotFound") }).isVisible());
    assert.ok(await page.getByText(contentText("forms.appointment.doctorNotFoundText")).isVisible());
    await page.getByRole("link", { name: uiText("common.backToDoctors") }).click();
    await page.waitForURL(`${env.server.base}/doctors`);
  } finally {
    await context.close();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript, "Emergency" or chest pain shows at once that the form is not for emergencies`, async () => {
    const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled, width: 375 });
    const notice = page.locator("main .red-flag");
    try {
      for (const [path, choose, unchoose] of [
        [`/appointment/${doctorB.id}`, () => page.locator("main").getByLabel(/^Reason for Visit/).selectOption("Emergency"),
          () => page.locator("main").getByLabel(/^Reason for Visit/).selectOption("Follow-up")],
        ["/appointment", () => page.locator("main").getByLabel(contentText("forms.appointment.symptoms.4.label")).check(), () => page.locator("main").getByLabel(contentText("forms.appointment.symptoms.4.label")).uncheck()],
        ["/appointment", () => page.locator("main").getByLabel(contentText("forms.appointment.symptoms.3.label")).check(), null],
      ]) {
        await page.goto(`${env.server.base}${path}`);
        if (javaScriptEnabled) await hydrated(page);
        // Every step says so, with 108 to call, not only the footer.
        const line = page.locator("main .emergency-line");
        assert.match(await line.innerText(), /This form is not for emergencies\. In an emergency, call 108/);
        assert.equal(await line.getByRole("link", { name: "108" }).getAttribute("href"), "tel:108");
        await personal(page, "Farah Khan", "farah@example.in");
        await page.getByRole("button", { name: contentText("forms.appointment.continue") }).click();
        await page.getByRole("button", { name: contentText("forms.appointment.review") }).waitFor();
        assert.equal(await notice.isVisible(), false, `${path}: hidden until a red flag is chosen`);
        await choose();
        // At once: no step change, no request to the server.
        await notice.waitFor({ state: "visible", timeout: 2000 });
        assert.match(await notice.innerText(), /This form is not for emergencies[\s\S]*call 108 now or go to the nearest emergency department/);
        assert.equal(await notice.getByRole("link", { name: "108" }).getAttribute("href"), "tel:108");
        assert.match(await notice.innerText(), /You can still send this request for a non-urgent follow-up\./);
        if (unchoose) {
          await unchoose();
          await notice.waitFor({ state: "hidden", timeout: 2000 });
        }
      }
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}

// The sick day (/staff/away/{kind}/{id}, issue 45, docs/staff.md) in Chromium,
// against the real binary with WhatsApp pointed at a loopback fake of Meta's
// Cloud API: a cardiologist phones in sick on a day with 20 visits. With
// JavaScript on a desktop the desk adds the leave, opens its screen and tells
// everyone (the fake is sent one template each for those who agreed); without
// JavaScript on a phone the desk moves all it can to the department's other
// doctor and opens the call sheet. Each state passes axe and fits its width;
// screenshots at 375 and 1280 px are left in /tmp for a person to look at.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, launchBrowser, openPage, hydrated, dayAfter, todayInIndia, weekdayOf } from "./harness.mjs";
import { staffSteps } from "./staff-steps.mjs";
import { staffText } from "../catalogue.mjs";

/** Meta's Cloud API as far as sending a template goes: every message taken, each its id. */
function fakeWhatsApp() {
  const sent = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const ok = req.method === "POST" && /^\/v[\d.]+\/1234567890\/messages$/.test(req.url) && req.headers.authorization === "Bearer fake-token";
      if (!ok) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100, fbtrace_id: "AbC" } }));
        return;
      }
      const message = JSON.parse(body);
      sent.push(message);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ messaging_product: "whatsapp", contacts: [{ input: message.to, wa_id: message.to.replace("+", "") }], messages: [{ id: `wamid.${sent.length}` }] }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, sent, close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }) })));
}

const env = { server: null, browser: null, whatsapp: null };
before(async () => {
  env.whatsapp = await fakeWhatsApp();
  const secrets = mkdtempSync(join(tmpdir(), "hygo-away-"));
  const file = (name, text) => { writeFileSync(join(secrets, name), text); return join(secrets, name); };
  env.server = await startServer({
    HYGO_LANGUAGES: "en,hi,gu",
    HYGO_WHATSAPP_API_URL: env.whatsapp.url,
    HYGO_WHATSAPP_PHONE_NUMBER_ID: "1234567890",
    HYGO_WHATSAPP_TOKEN_FILE: file("token", "fake-token"),
    HYGO_WHATSAPP_APP_SECRET_FILE: file("secret", "fake-app-secret"),
    HYGO_WHATSAPP_VERIFY_TOKEN_FILE: file("verify", "fake-verify-token"),
  });
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  try {
    await env.server?.stop();
  } finally {
    await env.whatsapp?.close();
  }
});

const { url, addOnCommandLine, setUp, signIn, axe } = staffSteps(env);
const rows = (sql, params) => env.server.query(sql, params);

// Dr. Kinjal Mehta (cardiology, 9:00 AM to 5:00 PM on weekdays) falls sick; Dr. Rajesh Shah
// (cardiology, 4:00 PM to 8:00 PM on Monday, Wednesday and Friday) is free from 4:00 PM. The day:
// the first Monday, Wednesday or Friday two or more days ahead in India Standard Time.
const KINJAL = { id: 4, name: "Dr. Kinjal Mehta" };
const SHAH = { id: 5, name: "Dr. Rajesh Shah" };
let day = dayAfter(todayInIndia(), 2);
while (![1, 3, 5].includes(weekdayOf(day))) day = dayAfter(day, 1);

/** 20 visits with Dr. Kinjal Mehta: 16 of the morning, the four from 4:00 PM; every other one agreed to WhatsApp. */
async function bookTwenty() {
  const free = (await (await fetch(url(`/appointments/slots?doctorId=${KINJAL.id}&date=${day}`))).json()).availableSlots;
  const times = [...free.slice(0, 16), ...free.filter((t) => /^04:\d\d PM$/.test(t))];
  assert.equal(times.length, 20, `free times: ${free.join(", ")}`);
  const made = [];
  for (const [i, time] of times.entries()) {
    const updates = i % 2 === 0 ? "whatsapp" : "none";
    const lang = ["en", "hi", "gu"][i % 3];
    const body = { name: `Patient ${i}`, phone: `+91 98251 ${String(i).padStart(5, "0")}`, doctorId: KINJAL.id, date: day, time, additionalNotes: "Chest pain since Diwali", updates };
    const res = await fetch(url("/appointments/bookAppointment"), { method: "POST", headers: { "content-type": "application/json", "accept-language": lang }, body: JSON.stringify(body) });
    assert.equal(res.status, 201, await res.clone().text());
    made.push({ reference: (await res.json()).data.reference, time, updates });
  }
  return made;
}

test("a sick day of 20 visits: told with JavaScript, moved and called without", async () => {
  const made = await bookTwenty();
  const agreed = made.filter((m) => m.updates === "whatsapp").length;
  const link = addOnCommandLine("desk", "Asha Desai", "asha@hygo.test");
  const desktop = await openPage(env.browser, { width: 1280 });
  const failures = [];
  try {
    const { page } = desktop;
    await setUp(page, link, "asha@hygo.test");
    // The doctor phones in sick: leave for the day, from the page of who is away.
    await page.goto(url(`/staff/leave?doctor=${KINJAL.id}`));
    await hydrated(page);
    const form = page.locator("form#leave");
    await form.getByLabel(staffText("leave.from")).fill(day);
    await form.getByLabel(staffText("leave.until")).fill(day);
    await form.getByRole("button", { name: staffText("leave.add") }).click();
    await page.getByRole("status").getByText(staffText("leave.done.add")).waitFor();
    await page.getByRole("link", { name: staffText("away.open") }).click();
    const heading = staffText("away.leaveHeading").replace("{doctor}", KINJAL.name);
    await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    await hydrated(page);
    const table = page.getByRole("region", { name: staffText("away.visitsHeading") });
    assert.equal(await table.getByRole("row").count(), 21, "a row for each visit, and the heads");
    assert.equal(await table.locator("a[href^='tel:+9198251']").count(), 20, "each with a phone to call");
    await axe(page, "the sick day at 1280", failures);
    await page.screenshot({ path: "/tmp/away-1280.png", fullPage: true });

    await page.getByRole("button", { name: staffText("away.tell") }).click();
    await page.getByRole("status").getByText(staffText("away.done.told")).waitFor();
    const counts = staffText("away.counts").replace("{visits}", "20").replace("{call}", String(20 - agreed)).replace("{told}", String(agreed)).replace("{moved}", "0").replace("{cancelled}", "0");
    await page.getByText(counts).waitFor();
    await axe(page, "told, at 1280", failures);
    const stored = rows("SELECT COUNT(*) AS n FROM outbox WHERE template = 'hygo_doctor_away'")[0].n;
    assert.equal(stored, agreed, "one message for each who agreed");
    // The server's sender hands them to the fake: each the doctor-away template, none with the notes.
    for (let i = 0; i < 60 && env.whatsapp.sent.filter((m) => m.template?.name === "hygo_doctor_away").length < agreed; i++) await new Promise((r) => setTimeout(r, 500));
    const away = env.whatsapp.sent.filter((m) => m.template?.name === "hygo_doctor_away");
    assert.equal(away.length, agreed, "each sent once");
    assert.ok(away.every((m) => !JSON.stringify(m).includes("Chest pain")), "no health data in a message");
    assert.deepEqual([...new Set(away.map((m) => m.template.language.code))].sort(), ["en", "gu", "hi"], "in each patient's language");
    assert.equal(await page.getByRole("button", { name: staffText("away.tell") }).count(), 0, "nobody left to tell");
  } catch (e) {
    await desktop.context.close();
    throw e;
  }

  // The same desk on a phone without JavaScript: move all to Dr. Shah, then the call sheet. (axe
  // needs the page's scripts: each state is checked again at 375 px in the desktop's session.)
  const checked = async (path, label) => {
    await desktop.page.setViewportSize({ width: 375, height: 800 });
    await desktop.page.goto(url(path));
    await hydrated(desktop.page);
    await axe(desktop.page, label, failures);
  };
  const phone = await openPage(env.browser, { javaScriptEnabled: false, width: 375, height: 800 });
  try {
    const { page } = phone;
    await signIn(page, "asha@hygo.test");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const [leave] = rows("SELECT id FROM doctor_leave WHERE doctor_id = ?", [KINJAL.id]);
    await page.goto(url(`/staff/away/leave/${leave.id}`));
    const choice = page.getByLabel(staffText("away.doctor"), { exact: true });
    const option = staffText("away.freeFor").replace("{name}", SHAH.name).replace("{specialization}", "Cardiologist").replace("{clinic}", "HYGO Clinic, Kalawad Road").replace("{free}", "4").replace("{of}", "20");
    const options = await choice.locator("option").allInnerTexts();
    assert.deepEqual(options.map((o) => o.trim()), [option], "the department's other doctor, with speciality, clinic and how many visits they are free for");
    await choice.selectOption(String(SHAH.id));
    await checked(`/staff/away/leave/${leave.id}`, "the sick day at 375");
    await page.screenshot({ path: "/tmp/away-375.png", fullPage: true });
    await page.getByRole("button", { name: staffText("away.move") }).click();
    await page.getByRole("status").getByText(staffText("away.done.moved")).waitFor();
    const moved = rows("SELECT COUNT(*) AS n FROM appointments WHERE doctor_id = ? AND date = ?", [SHAH.id, day])[0].n;
    assert.equal(moved, 4, "the four from 4:00 PM, with Dr. Shah now");
    await checked(`/staff/away/leave/${leave.id}?done=moved`, "moved, at 375");
    await page.screenshot({ path: "/tmp/away-moved-375.png", fullPage: true });

    await page.getByRole("link", { name: staffText("away.sheetLink") }).click();
    await page.getByRole("heading", { level: 1, name: new RegExp(KINJAL.name) }).waitFor();
    assert.equal(await page.getByRole("table").locator("tbody tr").count(), 16, "the 16 still with the sick doctor");
    assert.equal(await page.getByRole("button", { name: staffText("away.print") }).count(), 0, "no print button without JavaScript (the browser's own print)");
    await page.screenshot({ path: "/tmp/away-sheet-375.png", fullPage: true });
    await checked(`/staff/away/leave/${leave.id}?sheet=1`, "the call sheet at 375");
    assert.equal(await desktop.page.getByRole("button", { name: staffText("away.print") }).count(), 1, "a print button with JavaScript");
  } finally {
    await phone.context.close();
    await desktop.context.close();
  }
  assert.deepEqual(failures, []);
});

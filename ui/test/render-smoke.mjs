// Loads <out>/server.js the way QuickJS sees it: a bare context whose only
// non-language global is `console` (no URL, TextEncoder, MessageChannel, timers,
// window, document or process), then renders each fixture and checks the HTML.
//   node test/render-smoke.mjs <out dir>
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? "/tmp/hygo-ui");
const bundle = readFileSync(join(out, "server.js"), "utf8");
assert.ok(!/^\s*(import|export)\s/m.test(bundle), "server.js is a plain script (no ES module syntax)");
assert.ok(!/\brequire\s*\(\s*["'][^"']+["']\s*\)/.test(bundle), "server.js requires nothing");

const logged = [];
const sandboxConsole = {
  log: (...a) => logged.push(["log", a.join(" ")]),
  warn: (...a) => logged.push(["warn", a.join(" ")]),
  error: (...a) => logged.push(["error", a.join(" ")]),
};
const context = vm.createContext({ console: sandboxConsole });
// What a QuickJS context does not have (most are absent from a vm context anyway).
for (const name of [
  "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "MessageChannel", "setTimeout", "clearTimeout",
  "setInterval", "clearInterval", "setImmediate", "queueMicrotask", "structuredClone", "fetch", "window",
  "document", "process", "Buffer", "performance", "navigator", "atob", "btoa", "Intl",
]) {
  vm.runInContext(`delete globalThis[${JSON.stringify(name)}]`, context);
  assert.equal(vm.runInContext(`typeof globalThis[${JSON.stringify(name)}]`, context), "undefined", `${name} is gone`);
}

const started = performance.now();
vm.runInContext(bundle, context, { filename: "server.js" });
const loadMs = performance.now() - started;
assert.equal(vm.runInContext("typeof hygoRender", context), "function", "server.js defines globalThis.hygoRender");

const fixture = (name) => readFileSync(join(here, "fixtures", name), "utf8");
function render(url, name) {
  const t = performance.now();
  const json = context.hygoRender(url, fixture(name));
  const ms = performance.now() - t;
  assert.equal(typeof json, "string", "hygoRender returns a string");
  const result = JSON.parse(json);
  assert.equal(typeof result.html, "string");
  assert.equal(typeof result.head?.title, "string");
  assert.equal(typeof result.head?.description, "string");
  assert.equal(typeof result.status, "number");
  console.log(`${url.padEnd(20)} ${String(result.status)} ${(result.html.length / 1024).toFixed(1).padStart(6)} KB  ${ms.toFixed(1)} ms  ${result.head.title}`);
  return result;
}
const count = (html, re) => (html.match(re) ?? []).length;

// Home
{
  const props = JSON.parse(fixture("props-home.json"));
  const r = render("/", "props-home.json");
  assert.equal(r.status, 200);
  assert.equal(count(r.html, /<h1[\s>]/g), 1, "one h1 on /");
  for (const id of ["home", "why-choose-us", "departments", "doctors", "services", "subscription", "appointment", "news", "reviews"]) {
    assert.ok(r.html.includes(`id="${id}"`), `section #${id}`);
  }
  for (const f of props.data.founders) {
    assert.ok(r.html.includes(f.name), `founder ${f.name}`);
    assert.ok(r.html.includes(`href="/doctors/${f.id}"`), `link to founder ${f.id}`);
  }
  for (const text of ["Book an Appointment", "Subscribe Now", "Find a Doctor", "Request Appointment", "Patient Resources",
    "Neuroscience", "View All Departments", "What We Offer", "Know More", "₹600", "₹1200", "/year",
    "Unlimited free general physician consultation", "6 free specialist consultations per year",
    "62% of healthcare spend is outpatient", "View All News", "Skip to main content",
    "Monday to Saturday, 8:00 AM to 8:00 PM", props.site.bookingUrl, 'action="/newsletter/subscribe"', "Sitemap"]) {
    assert.ok(r.html.includes(text.replace(/&/g, "&amp;")), `home shows ${text}`);
  }
  assert.equal(count(r.html, /aria-pressed="true"/g), 2, "one service tile and one slide dot pressed");
  assert.ok(r.html.includes("site-header--transparent"), "header transparent at the top of home");
  assert.ok(/<header[\s>]/.test(r.html) && /<main[\s>]/.test(r.html) && /<footer[\s>]/.test(r.html) && /<nav[\s>]/.test(r.html));
  assert.equal(r.head.title, props.site.meta.home.title);
}

// Doctors
{
  const props = JSON.parse(fixture("props-doctors.json"));
  const r = render("/doctors", "props-doctors.json");
  assert.equal(r.status, 200);
  assert.equal(r.head.title, "Our Doctors | HYGO");
  assert.equal(count(r.html, /<h1[\s>]/g), 1, "one h1 on /doctors");
  assert.equal(count(r.html, /data-doctor-card/g), props.data.doctors.length);
  const positions = props.data.doctors.map((d) => r.html.indexOf(d.name));
  assert.ok(positions.every((p) => p >= 0), "every doctor shown");
  assert.deepEqual([...positions].sort((a, b) => a - b), positions, "in name order");
  for (const d of props.data.doctors) {
    assert.ok(r.html.includes(`href="/doctors/${d.id}"`));
    assert.ok(r.html.includes(`${d.experience} years experience`));
  }
  assert.ok(r.html.includes('type="search"'));
  assert.ok(r.html.includes("View Profile"));
  assert.ok(!r.html.includes("site-header--transparent"), "header solid off the home page");
  assert.ok(/<a[^>]*aria-current="page"[^>]*href="\/doctors"|<a[^>]*href="\/doctors"[^>]*aria-current="page"/.test(r.html), "Doctors marked current");
}

// A doctor, by /doctors/{id} and by /doctorDetail?doctorId=
for (const url of ["/doctors/ID", "/doctorDetail?doctorId=ID"]) {
  const props = JSON.parse(fixture("props-doctor.json"));
  const d = props.data.doctor;
  const r = render(url.replace("ID", d.id), "props-doctor.json");
  assert.equal(r.status, 200);
  assert.equal(r.head.title, `${d.name}, ${d.specialization} | HYGO`);
  assert.ok(r.head.description.length > 20 && r.head.description.length <= 161);
  assert.equal(count(r.html, /<h1[\s>]/g), 1);
  assert.ok(r.html.includes(`>${d.name}</h1>`));
  for (const t of [d.specialization, d.bio.slice(0, 40), d.education[0], d.services[0], d.languages[0], d.insurances[0],
    d.officeHours[0].day, d.officeHours[0].hours, d.location, "Back to Doctors", "Book Appointment", `Rated ${d.rating} out of 5`]) {
    assert.ok(r.html.includes(t.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")), `profile shows ${t}`);
  }
  assert.ok(r.html.includes(`aria-label="Initials of ${d.name}"`), "initials avatar");
}

// A missing doctor
{
  const r = render("/doctors/424242", "props-doctor-missing.json");
  assert.equal(r.status, 404);
  assert.ok(r.html.includes(">Doctor Not Found</h1>"));
  assert.ok(r.html.includes("Doctor not found."));
  assert.ok(r.html.includes('href="/doctors"'));
}

const problems = logged.filter(([level]) => level !== "log");
assert.deepEqual(problems, [], "no console warnings or errors during renders");
console.log(`bundle ${(bundle.length / 1024).toFixed(0)} KB, evaluated in ${loadMs.toFixed(0)} ms; all smoke checks passed`);

// The formatting module (ui/src/lib/format.ts) is the only place dates, times and
// numbers become text, because a page renders twice: in QuickJS on the server,
// which has no Intl (its toLocaleDateString prints "11/24/2026" whatever it is
// asked), and in the browser. These tests run the module as the bundles do (built
// by esbuild), and keep every other file of ui/src off Intl, toLocale*String and
// the browser's local clock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ui = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const src = join(ui, "src");

const texts = (lang) => JSON.parse(readFileSync(join(ui, `../crates/hygo-content/catalogue/texts/${lang}.json`), "utf8"));

/** The module as the bundles have it, with `lang`'s calendar given (as App gives the page's). */
async function load(lang = "en") {
  const out = await build({ entryPoints: [join(src, "lib/format.ts")], bundle: true, format: "esm", write: false, platform: "neutral" });
  const f = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}#${lang}`);
  f.setCalendar(texts(lang).calendar);
  return f;
}

test("dates read as people in India write them, the same in any time zone", async () => {
  const f = await load();
  assert.equal(f.longDate("2026-11-24"), "Tuesday, 24 November 2026");
  assert.equal(f.longDate("2027-01-03"), "Sunday, 3 January 2027");
  assert.equal(f.formatDate("2025-02-14"), "14 February 2025");
  assert.equal(f.monthYear("2026-11-23"), "November 2026");
  assert.equal(f.weekdayShort("2026-11-24"), "Tue");
  assert.equal(f.weekdayName("2028-02-29"), "Tuesday");
  assert.equal(f.dayOfMonth("2026-11-24"), 24);
  assert.equal(f.addDays("2026-12-30", 3), "2027-01-02");
  assert.equal(f.addDays("2028-02-28", 1), "2028-02-29");
  assert.equal(f.mondayOf("2026-11-29"), "2026-11-23", "a Sunday belongs to the week of the Monday before");
  assert.equal(f.mondayOf("2026-11-23"), "2026-11-23");
  assert.equal(f.weeksBetween("2026-11-24", "2026-12-07"), 2);
  assert.equal(f.weeksBetween("2026-11-24", "2026-11-01"), 0, "never negative");
  assert.equal(f.formatDate("not a date"), "not a date", "anything else is shown as it came");
  assert.equal(f.longDate("2026-02-31"), "2026-02-31", "no 31 February");
  assert.equal(f.weekdayName("2026-02-31"), "");
  assert.equal(f.longDate(""), "");
});

// The same dates and times in each language: the calendar's words and patterns
// are the language's texts (catalogue/texts/{lang}.json, `calendar`); the table
// is the one the server's formatter is tested against too (hygo_content::calendar).
const CASES = JSON.parse(readFileSync(join(ui, "../crates/hygo-content/src/calendar-cases.json"), "utf8")).cases;

test("each language writes dates and times with its own words, digits Latin, as the server does", async () => {
  assert.ok(new Set(CASES.map((c) => c.lang)).size === 3 && CASES.length >= 18);
  for (const c of CASES) {
    const f = await load(c.lang);
    const got = { longDate: f.longDate, date: f.formatDate, monthYear: f.monthYear, weekdayShort: f.weekdayShort, hour: (h) => f.hourLabel(Number(h)), instant: f.instant, moment: f.moment }[c.what](c.in);
    assert.equal(got, c.out, `${c.lang} ${c.what} ${c.in}`);
  }
});

test("times, hour blocks, numbers and catalogue texts", async () => {
  const f = await load();
  // A week across a month's end names both months (issue 43: "November 2026" over 30 November – 6 December).
  assert.equal(f.monthsOf("2026-11-30", "2026-12-06"), "November 2026 – December 2026");
  assert.equal(f.monthsOf("2026-12-07", "2026-12-13"), "December 2026");
  // The one time grammar: the examples the server's parse_time is tested against too.
  const times = JSON.parse(readFileSync(join(ui, "../crates/hygo-schedule/src/times.json"), "utf8"));
  assert.ok(Object.keys(times.read).length >= 10 && times.refused.length >= 10, "the examples are there");
  for (const [text, minutes] of Object.entries(times.read)) assert.equal(f.minutesOf(text), minutes, JSON.stringify(text));
  for (const text of times.refused) assert.equal(f.minutesOf(text), null, JSON.stringify(text));
  assert.deepEqual([0, 9, 12, 14, 23].map(f.hourLabel), ["12:00 AM", "9:00 AM", "12:00 PM", "2:00 PM", "11:00 PM"]);
  // The wizards' values are times as data, whatever form the slots' API gives; their labels are the language's.
  assert.deepEqual(["09:15 AM", "2:05 PM", "12:00 AM", "14:30", "9 AM", "later"].map(f.hhmm), ["09:15", "14:05", "00:00", "14:30", "09:00", ""]);
  assert.deepEqual(["09:15 AM", "14:30", "later"].map(f.timeOfDay), ["9:15 AM", "2:30 PM", "later"]);
  // English groups in threes, as the spec writes its figures ("1,000,000").
  for (const n of [0, 7, 999.4, 999.6, -999, -1000, 1000, 12345, -1234567, 2.5, 1000000]) {
    assert.equal(f.grouped(n), String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ","), String(n));
  }
  // Hindi and Gujarati: the last three digits, then twos (₹1,20,000).
  const indian = { 0: "0", 999: "999", 999.6: "1,000", 12345: "12,345", 120000: "1,20,000", 1234567: "12,34,567", 1000000: "10,00,000", 123456789: "12,34,56,789", "-1234567": "-12,34,567" };
  for (const lang of ["hi", "gu"]) {
    const g = await load(lang);
    for (const [n, text] of Object.entries(indian)) assert.equal(g.grouped(Number(n)), text, `${lang} ${n}`);
  }
  assert.equal(f.fill("{doctor} is back on {date}.", { doctor: "Dr. Rao", date: "Monday" }), "Dr. Rao is back on Monday.");
  assert.equal(f.fill("Call {number}", {}), "Call {number}", "an unknown name stays visible, not blank");
});

test("fill and the date reader (which remembers the dates it read) agree with their definitions", async () => {
  const f = await load();
  // fill's definition: each {word} with a value replaced, anything else kept.
  const byRegex = (text, values) => text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  const values = { a: "A", count: 3, date_1: "{a}", empty: "" };
  const texts = ["", "plain", "{a}", "{{a}}", "{a}{count}", "x {a} y {b} z", "{ a}", "{a-b}", "{}", "{", "}", "{a", "a}", "{{}}",
    "{date_1} and {a}", "{empty}|{count}", "{count} {count}", "{a}}", "{{count}", "é {a} ગુ {count}", "{toString}", "{constructor} {a}"];
  for (const text of texts) assert.equal(f.fill(text, values), byRegex(text, values), JSON.stringify(text));
  // The date reader's definition: YYYY-MM-DD naming a day of the calendar (years from 100), through Date.
  const dates = ["2026-11-24", "2028-02-29", "2027-02-29", "2100-02-29", "2000-02-29", "2026-04-31", "2026-12-31", "2026-13-01",
    "2026-00-10", "2026-01-00", "2026-1-01", "2026/11/24", " 2026-11-24", "2026-11-24 ", "20261124xx", "0099-01-01", "0100-01-01",
    "abcd-ef-gh", "2026-11-2a", "9999-12-31", ""];
  for (const iso of [...dates, ...dates]) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    const day = m && new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
    const valid = !!m && day.getUTCFullYear() === +m[1] && day.getUTCMonth() === +m[2] - 1 && day.getUTCDate() === +m[3];
    assert.equal(f.dayOfMonth(iso), valid ? +m[3] : 0, JSON.stringify(iso));
    assert.equal(f.formatDate(iso) !== iso, valid, JSON.stringify(iso));
  }
});

test("no other file formats a date itself or reads the browser's clock", () => {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name)) files.push(path);
    }
  };
  walk(src);
  assert.ok(files.length > 20, `${files.length} files`);
  const forbidden = /toLocale\w*String|\bIntl\b|\bnew Date\b|\bDate\(|Date\.now\(|\.get(Date|Day|Month|FullYear|Hours|Minutes)\(|\.to(Date|Time)String\(|Math\.random\(/;
  const found = [];
  for (const file of files) {
    if (relative(src, file) === join("lib", "format.ts")) continue;
    readFileSync(file, "utf8").split("\n").forEach((line, i) => {
      if (forbidden.test(line)) found.push(`${relative(ui, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], "use ui/src/lib/format.ts");
});

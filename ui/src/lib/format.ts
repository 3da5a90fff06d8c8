// The one place dates, times and numbers become text.
//
// Pages render twice: in QuickJS on the server and in the browser when they
// hydrate. QuickJS has no `Intl`, and its `toLocaleDateString` ignores locale
// and options ("11/24/2026"), so nothing here uses either: the calendar's names
// are tables, and the arithmetic is on YYYY-MM-DD strings in UTC, where a day
// is always 86,400,000 ms. Dates are the clinics' dates (IST): the server sends
// them as YYYY-MM-DD, never as instants, so the browser's own zone plays no part.
// A test (ui/test/unit/format.test.mjs) keeps `Intl`, `toLocale*String`, the
// browser's clock and local-time Date getters out of every other file.
//
// The calendar's words and patterns are the language's own texts (the
// `calendar` area of catalogue/texts/{lang}.json): `setCalendar` is given them
// as each page is drawn (App), so the server and the browser write the same.
// Digits stay Latin in every language; Hindi and Gujarati group numbers the
// Indian way (12,34,567), as CLDR has them (docs/languages.md).
import type { Texts } from "../catalogue";

/** A language's calendar words and patterns (`calendar` in texts/{lang}.json). */
export type Calendar = Texts["calendar"];

let calendar: Calendar | null = null;

/** The page's language's calendar; until it is given, dates are shown as they came (YYYY-MM-DD). */
export function setCalendar(c: Calendar): void {
  calendar = c;
}

type Nth = keyof Calendar["months"];

/** The month's name (1–12), or its short name. */
function month(n: number, short = false): string {
  const c = calendar;
  return c ? (short ? c.monthsShort : c.months)[String(n) as Nth] : String(n);
}

const DAY_MS = 86_400_000;

/** `parts` of the dates already read: a console page reads the same few dates hundreds of times. */
const read = new Map<string, [number, number, number] | null>();

/**
 * [year, month 1–12, day] of "2026-11-24", or null when it is not such a date
 * (not "2026-02-31"). Each date is matched once and then remembered: in QuickJS
 * a regular expression match costs microseconds, and the week view asks for
 * its seven dates hundreds of times a render.
 */
function parts(iso: string): [number, number, number] | null {
  let p = read.get(iso);
  if (p === undefined) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
    const day = new Date(Date.UTC(y, mo - 1, d));
    p = m && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d ? [y, mo, d] : null;
    if (read.size > 1000) read.clear();
    read.set(iso, p);
  }
  return p;
}

function utc(iso: string): number {
  const p = parts(iso);
  return p ? Date.UTC(p[0], p[1] - 1, p[2]) : NaN;
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 0 Monday … 6 Sunday. */
function weekdayIndex(iso: string): number {
  return (new Date(utc(iso)).getUTCDay() + 6) % 7;
}

// ---- Dates as people in India write them: day, month, year.

/** "2026-11-24" → "24 November 2026" (in Gujarati "24 નવેમ્બર, 2026"). */
export function formatDate(iso: string): string {
  const p = parts(iso);
  return p && calendar ? fill(calendar.date, { day: p[2], month: month(p[1]), year: p[0] }) : iso;
}

/** "2026-11-24" → "Tuesday, 24 November 2026". */
export function longDate(iso: string): string {
  return parts(iso) && calendar ? fill(calendar.longDate, { weekday: weekdayName(iso), date: formatDate(iso) }) : iso;
}

/** "2026-11-24" → "November 2026". */
export function monthYear(iso: string): string {
  const p = parts(iso);
  return p && calendar ? fill(calendar.monthYear, { month: month(p[1]), year: p[0] }) : iso;
}

/** The months a span of days falls in: "November 2026", or "November 2026 – December 2026" across a month's end. */
export function monthsOf(first: string, last: string): string {
  return !calendar || first.slice(0, 7) === last.slice(0, 7) ? monthYear(first) : fill(calendar.range, { from: monthYear(first), to: monthYear(last) });
}

type Weekday = keyof Calendar["weekdays"];

/** "2026-11-24" → "Tuesday". */
export function weekdayName(iso: string): string {
  return parts(iso) && calendar ? calendar.weekdays[String(weekdayIndex(iso) + 1) as Weekday] : "";
}

/** An ISO weekday (1 Monday … 7 Sunday) → "Monday", in the page's language. */
export function weekdayNumber(n: number): string {
  return calendar && n >= 1 && n <= 7 ? calendar.weekdays[String(n) as Weekday] : "";
}

/** "2026-11-24" → "Tue". */
export function weekdayShort(iso: string): string {
  return parts(iso) && calendar ? calendar.weekdaysShort[String(weekdayIndex(iso) + 1) as Weekday] : "";
}

/** "2026-11-24" → 24. */
export function dayOfMonth(iso: string): number {
  return parts(iso)?.[2] ?? 0;
}

// ---- Arithmetic on YYYY-MM-DD.

export function addDays(iso: string, n: number): string {
  return isoOf(utc(iso) + n * DAY_MS);
}

/** Days from `from` to `to` (negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** The Monday of the week `iso` is in. */
export function mondayOf(iso: string): string {
  return addDays(iso, -weekdayIndex(iso));
}

/** Whole weeks from the week of `from` to the week of `to` (0 for the same week, never negative). */
export function weeksBetween(from: string, to: string): number {
  return Math.max(0, Math.floor((utc(mondayOf(to)) - utc(mondayOf(from))) / (7 * DAY_MS)));
}

// ---- Times. The server sends 12-hour text ("09:15 AM"); staff write hours as
// "9 AM" or "14:30". One grammar for both sides: hygo_schedule::slots::parse_time
// reads the same, and both are tested against crates/hygo-schedule/src/times.json.

/** Minutes after midnight of a 12-hour ("09:15 AM", "9:15am", "9 AM") or 24-hour ("14:30") time; null for anything else. */
export function minutesOf(time: string): number | null {
  const t = time.trim().toUpperCase();
  const meridiem = /(AM|PM)$/.exec(t)?.[1];
  const clock = meridiem ? t.slice(0, -2).trimEnd() : t;
  const m = /^(\d{1,2})(?::(\d{2}))?$/.exec(clock);
  if (!m || (m[2] === undefined && !meridiem)) return null;
  const [h, min] = [Number(m[1]), Number(m[2] ?? "0")];
  if (min > 59) return null;
  if (meridiem) return h >= 1 && h <= 12 ? ((h % 12) + (meridiem === "PM" ? 12 : 0)) * 60 + min : null;
  return h <= 23 ? h * 60 + min : null;
}

/** A time of day, 12-hour, in the page's language: (14, 5) → "2:05 PM". */
function clock(hour: number, minute: number): string {
  const period = calendar ? (hour < 12 ? calendar.am : calendar.pm) : hour < 12 ? "AM" : "PM";
  const values = { hour: ((hour + 11) % 12) + 1, minute: String(minute).padStart(2, "0"), period };
  return calendar ? fill(calendar.time, values) : `${values.hour}:${values.minute} ${period}`;
}

/** "14:05" (24-hour, as the server sends times of day) → "2:05 PM" in the page's language; any other text as it is. */
export function clockTime(hhmm: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? clock(Number(m[1]), Number(m[2])) : hhmm;
}

/** A time of day as the forms send it: "2:05 PM" or "14:05" → "14:05"; "" when it is no time. */
export function hhmm(time: string): string {
  const m = minutesOf(time);
  return m === null ? "" : `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Any time of day ("09:15 AM" as the slots' API sends it, "14:05" as the forms do) in the page's language; other text as it is. */
export function timeOfDay(time: string): string {
  const m = minutesOf(time);
  return m === null ? time : clock(Math.floor(m / 60), m % 60);
}

/** 14 → "2:00 PM": the label of an hour block. */
export function hourLabel(hour: number): string {
  return clock(hour, 0);
}

// ---- Numbers.

/**
 * 1234567 → "1,234,567" in English (the spec's figures: "1,000,000"), "12,34,567"
 * in Hindi and Gujarati: the last three digits, then groups of the size the
 * language's pattern (`calendar.numbers`, CLDR's "#,##0" or "#,##,##0") gives.
 */
export function grouped(n: number): string {
  const digits = String(Math.abs(Math.round(n)));
  const size = calendar?.numbers === "#,##,##0" ? 2 : 3;
  const head = digits.slice(0, -3).replace(size === 2 ? /\B(?=(\d{2})+(?!\d))/g : /\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = Math.round(n) < 0 ? "-" : "";
  return sign + (head ? `${head},${digits.slice(-3)}` : digits);
}

// ---- Names and phone numbers.

/** The name without a leading "Dr.", for sorting and initials. */
export function bareName(name: string): string {
  return name.replace(/^\s*dr\.?\s*/i, "").trim();
}

export function initials(name: string): string {
  const p = bareName(name).split(/\s+/).filter(Boolean);
  const first = p[0]?.[0] ?? "";
  const last = p.length > 1 ? p[p.length - 1][0] : "";
  return (first + last).toUpperCase();
}

export function compareNames(a: string, b: string): number {
  const x = bareName(a).toLowerCase();
  const y = bareName(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}


export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Replaces each `{name}` in a catalogue text with its value. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** "2026-12-03T09:00" (an IST wall-clock time, as the server sends a promise's) → "9:00 AM on Thursday, 3 December 2026". */
export function moment(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local);
  return m && calendar ? fill(calendar.moment, { time: clock(Number(m[2]), Number(m[3])), date: longDate(m[1]) }) : local;
}

/** "24 Nov 2026, 3:05 PM" in IST, from an RFC 3339 instant (no Intl: the same on server and browser). */
export function instant(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t) || !calendar) return iso;
  const ist = new Date(t + 330 * 60_000);
  const time = clock(ist.getUTCHours(), ist.getUTCMinutes());
  return fill(calendar.instant, { day: ist.getUTCDate(), month: month(ist.getUTCMonth() + 1, true), year: ist.getUTCFullYear(), time });
}

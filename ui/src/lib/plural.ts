// Counts in the interface texts: each text that holds a count gives its forms
// ({ "one": "1 doctor found", "other": "{count} doctors found" }), and this picks
// the form the page's language needs. Never "doctor" + "s": languages differ in
// which counts take which form (Hindi and Gujarati use "one" for 0 as well).
// The count itself is written by lib/format.ts.
import { fill, grouped } from "./format";

/** A text with a count, in the forms the languages need. */
export interface Plural {
  one: string;
  other: string;
}

// CLDR's cardinal rules, for whole numbers.
const RULES: Record<string, (n: number) => keyof Plural> = {
  en: (n) => (n === 1 ? "one" : "other"),
  hi: (n) => (n === 0 || n === 1 ? "one" : "other"),
  gu: (n) => (n === 0 || n === 1 ? "one" : "other"),
};

/** The form of `forms` for `count` in `lang`, with `{count}` and the other placeholders filled. */
export function plural(lang: string, forms: Plural, count: number, values: Record<string, string | number> = {}): string {
  const rule = RULES[lang] ?? RULES[lang.split("-")[0]] ?? RULES.en;
  return fill(forms[rule(count)], { ...values, count: grouped(count) });
}

// The interface texts: every sentence, label and button components show, by area
// (crates/hygo-data/catalogue/texts/{lang}.json). Components never hold English;
// they ask for their area's texts and fill the placeholders with `fill`.
import type en from "../../../crates/hygo-data/catalogue/texts/en.json";
import { useSite } from "./props";

/** Every area's texts, typed from the English file (the other languages must match it). */
export type Texts = typeof en;
export type TextArea = keyof Texts;

/** The texts of one area, in the page's language. */
export function useTexts<A extends TextArea>(area: A): Texts[A] {
  return useSite().texts[area];
}

// The interface texts: every sentence, label and button components show, by area
// (crates/hygo-content/catalogue/texts/{lang}.json). Components never hold English;
// they ask for their area's texts and fill the placeholders with `fill`.
import type { Texts } from "../catalogue";
import { useSite } from "./props";

export type { Texts };
export type TextArea = keyof Texts;

/** The texts of one area, in the page's language. */
export function useTexts<A extends TextArea>(area: A): Texts[A] {
  return useSite().texts[area];
}

// The interface texts' types: each area's keys as the English files have them
// (crates/hygo-content/catalogue/texts/en.json and staff/en.json), so a
// component reading a text that is not there fails `tsc`. Every other
// catalogue file has a Rust type in hygo-content, which reads it (and fails on a
// misspelt field, naming the file and the path); its TypeScript is generated
// with the props (generated/props.ts).
import type en from "../../crates/hygo-content/catalogue/texts/en.json";
import type staffEn from "../../crates/hygo-content/catalogue/staff/en.json";

/** The staff console's texts (`catalogue/staff/en.json`), given to its pages only. */
export type StaffTexts = typeof staffEn;

/** Every area's interface texts, typed from the English file (the other languages must match it). */
export type Texts = typeof en;

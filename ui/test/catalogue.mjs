// Texts by catalogue key, for the tests. A test names the text it expects
// (`uiText("appointment.title")`), never a copy of its English, so translating a text
// or choosing a better word does not break a test, and a test that follows a key
// keeps finding the same button. A key that is not in the catalogue throws at
// once: a test cannot pass by looking for `undefined`.
//
// - `uiText(key)`: the pages' interface texts (catalogue/texts), "area.key";
// - `staffText(key)`: the console's own (catalogue/staff), "area.key" or deeper;
// - `messageText(key)`: the server's messages (catalogue/messages), a flat key
//   such as "appointment.requested";
// - `contentText(path)`: the site's content (catalogue/forms.json, site.json,
//   home.json, clinics.json), by file and path: "forms.appointment.continue";
// - `clinic(id)`: a clinic of catalogue/clinics.json, by its id.
// `values` fills the `{name}` placeholders, as the pages do.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const catalogue = resolve(dirname(fileURLToPath(import.meta.url)), "../../crates/hygo-content/catalogue");
const LANG = "en";
/** The content files (one per site, not per language yet: the editors' store and the languages come later). */
const CONTENT = ["forms", "site", "home", "clinics"];
const files = new Map();

function load(area) {
  const file = CONTENT.includes(area) ? `${area}.json` : join(area, `${LANG}.json`);
  if (!files.has(area)) files.set(area, JSON.parse(readFileSync(join(catalogue, file), "utf8")));
  return files.get(area);
}

function lookup(area, key, values) {
  const root = load(area);
  // Messages are flat ("appointment.requested"); the others are nested.
  const found = key in root ? root[key] : key.split(".").reduce((at, part) => (at && typeof at === "object" ? at[part] : undefined), root);
  if (typeof found !== "string") throw new Error(`no text in ${area}: ${key}`);
  return values ? fill(found, values) : found;
}

/** "{doctor} is back on {date}." with values: as ui/src/lib/format.ts fills it. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export const uiText = (key, values) => lookup("texts", key, values);
export const staffText = (key, values) => lookup("staff", key, values);
export const messageText = (key, values) => lookup("messages", key, values);
export const contentText = (path, values) => {
  const [file, ...rest] = path.split(".");
  if (!CONTENT.includes(file)) throw new Error(`contentText: ${path} names no content file (${CONTENT.join(", ")})`);
  return lookup(file, rest.join("."), values);
};

/** A clinic (catalogue/clinics.json) by its id; throws for an unknown one. */
export function clinic(id) {
  const found = load("clinics").find((c) => c.id === id);
  if (!found) throw new Error(`no clinic ${id}`);
  return found;
}

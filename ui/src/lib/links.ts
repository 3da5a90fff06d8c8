// Links to pages and the console's writes, from the tables generated from the
// server's routes (`generated/routes.ts`): a component names the page (or the
// write's path, checked against the table), never spells an address, so the
// type checker refuses a page or a write that is not there.
import { PAGE_PATHS, WRITE_PATHS } from "../generated/routes";

export type PageName = keyof typeof PAGE_PATHS;
export type WritePath = (typeof WRITE_PATHS)[number];
type Values = Record<string, string | number>;
type Query = Record<string, string | number | null | undefined>;

/** `pattern` with each `{name}` filled from `values`, encoded as the server reads a segment. */
function fill(pattern: string, values: Values): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of `query` (empty values left out), with its "?". */
function search(query: Query): string {
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&")}` : "";
}

/** A page's address, by its name in the registry: `pageLink("staff-doctor", { id: 4 })`. */
export function pageLink(name: PageName, values: Values = {}, query: Query = {}): string {
  return fill(PAGE_PATHS[name], values) + search(query);
}

/** A write's address, by its path in the table of writes: `writeLink("/staff/doctors/{id}/hours", { id: 4 })`. */
export function writeLink(path: WritePath, values: Values = {}): string {
  return fill(path, values);
}

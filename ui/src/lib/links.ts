// Links to pages and the console's writes, from the tables generated from the
// server's routes (`generated/routes.ts`): a component names the page (or the
// write's path, checked against the table), never spells an address, so the
// type checker refuses a page or a write that is not there.
import { PAGE_PATHS, WRITE_PATHS } from "../generated/routes";
import { address, type Query, type Values } from "./paths";

export type PageName = keyof typeof PAGE_PATHS;
export type WritePath = (typeof WRITE_PATHS)[number];

/** A page's address, by its name in the registry: `pageLink("staff-doctor", { id: 4 })`. */
export function pageLink(name: PageName, values: Values = {}, query: Query = {}): string {
  return address(PAGE_PATHS[name], values, query);
}

/** A write's address, by its path in the table of writes: `writeLink("/staff/doctors/{id}/hours", { id: 4 })`. */
export function writeLink(path: WritePath, values: Values = {}): string {
  return address(path, values);
}

// Links to the public pages, from the table generated from the page registry
// (`generated/public-routes.ts`): a component names the page, never spells its
// address, so the type checker refuses a page that is not there.
import { PUBLIC_PATHS } from "../generated/public-routes";
import { address, type Query, type Values } from "./paths";

export type PublicPage = keyof typeof PUBLIC_PATHS;

/** A public page's address by its name in the registry: `link("doctor", { id: 4 })`. */
export function link(name: PublicPage, values: Values = {}, query: Query = {}): string {
  return address(PUBLIC_PATHS[name], values, query);
}

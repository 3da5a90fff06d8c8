// Addresses from the route tables' patterns: `{name}` segments filled and
// encoded as the server reads a segment, and a query string. Used by the public
// pages' links (public-links.ts) and the console's (links.ts), each with its own
// generated table, so neither carries the other's addresses.
export type Values = Record<string, string | number>;
export type Query = Record<string, string | number | null | undefined>;

/** `pattern` with each `{name}` filled from `values`, and `query` (empty values left out). */
export function address(pattern: string, values: Values = {}, query: Query = {}): string {
  const path = pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return pairs.length ? `${path}?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&")}` : path;
}

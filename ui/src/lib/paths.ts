// Addresses from the route tables' patterns: `{name}` segments filled and
// encoded as the server reads a segment, and a query string. Used by the public
// pages' links (public-links.ts) and the console's (links.ts), each with its own
// generated table, so neither carries the other's addresses.
export type Values = Record<string, string | number>;
export type Query = Record<string, string | number | null | undefined>;

/**
 * `pattern` with each `{name}` filled from `values`, and `query` (empty values
 * left out). Read by hand, without a regular expression: the console's week and
 * day views make hundreds of addresses a render, and in QuickJS each regular
 * expression costs tens of microseconds.
 */
export function address(pattern: string, values: Values = {}, query: Query = {}): string {
  // "/a/{x}/b" splits into "/a/", "x}/b": each part after the first starts with a name.
  const path = pattern.split("{").map((part, i) => {
    if (!i) return part;
    const close = part.indexOf("}");
    const value = values[part.slice(0, close)];
    if (value === undefined) throw new Error(`${pattern}: no value for {${part.slice(0, close)}}`);
    return encodeURIComponent(String(value)) + part.slice(close + 1);
  });
  let search = "";
  for (const key in query) {
    const v = query[key];
    if (v !== undefined && v !== null && v !== "") search += `${search ? "&" : "?"}${key}=${encodeURIComponent(String(v))}`;
  }
  return path.join("") + search;
}

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
  let path = "";
  let from = 0;
  for (let open = pattern.indexOf("{"); open >= 0; open = pattern.indexOf("{", from)) {
    const close = pattern.indexOf("}", open);
    if (close < 0) break;
    const name = pattern.slice(open + 1, close);
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern}: no value for {${name}}`);
    path += pattern.slice(from, open) + encodeURIComponent(String(value));
    from = close + 1;
  }
  path += pattern.slice(from);
  let search = "";
  for (const key in query) {
    const v = query[key];
    if (v === undefined || v === null || v === "") continue;
    search += `${search ? "&" : "?"}${key}=${encodeURIComponent(String(v))}`;
  }
  return path + search;
}

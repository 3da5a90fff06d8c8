// The page's language, for the addresses and requests the router does not make
// (a form's action, an href built by hand, a fetch): English at `/`, each other
// language under `/{tag}/` (src/pages/url.rs, `language`). App gives it as each
// page is drawn, on the server and in the browser; the router's own <Link>s get
// the prefix from its `basename`.

let current = "en";

/** The page's language (`site.lang`): set by App. */
export function setLanguage(tag: string): void {
  current = tag;
}

/** The language the page is in. */
export function pageLanguage(): string {
  return current;
}

/** The router's base for a language: "" for English, "/gu" for Gujarati. */
export function languageBase(tag: string = current): string {
  return tag === "en" ? "" : `/${tag}`;
}

/** A site address in the page's language: `/contactus` → `/gu/contactus`, `/` → `/gu/`; other addresses as they are. */
export function inLanguage(path: string, tag: string = current): string {
  if (tag === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  return path === "/" ? `/${tag}/` : `/${tag}${path}`;
}

// The page's language, for the addresses and requests the router does not make
// (a form's action, an href built by hand, a fetch): English at `/`, each other
// language under `/{tag}/` (src/pages/url.rs, `language`). App gives it as each
// page is drawn, on the server and in the browser; the router's own <Link>s get
// the prefix from its `basename`.

/** English: at the site's own addresses, and what every other language falls back to. */
export const DEFAULT_LANGUAGE = "en";

let current = DEFAULT_LANGUAGE;

/** The page's language (`site.lang`): set by App. */
export function setLanguage(tag: string): void {
  current = tag;
}

/**
 * The `lang` of what the console keeps in English only (a doctor's bio,
 * education, a founder's words) on a page in `pageLang`: "en" on a Hindi or
 * Gujarati page, so a screen reader reads it in English; nothing on an English one.
 */
export function englishOnly(pageLang: string): string | undefined {
  return pageLang === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
}

/**
 * The `lang` of a doctor's own text (`field`: "bio", "education", "founder"…) on
 * a page in `pageLang`: "en" when the server lists it among those left in English
 * (`Doctor.english`), or gives no list at all; nothing once it is translated.
 */
export function untranslated(english: readonly string[] | undefined, field: string, pageLang: string): string | undefined {
  return !english || english.includes(field) ? englishOnly(pageLang) : undefined;
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

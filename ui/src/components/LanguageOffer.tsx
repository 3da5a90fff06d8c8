// The offer of the page in the visitor's own language (issue 29): when an
// English page is opened by a browser whose languages put Hindi or Gujarati
// first among those the site serves, a bar at the foot of the screen says, in
// that language, that the page is in it too. Not on a Hindi or Gujarati page:
// whoever arrives there chose it (many phones in Rajkot are set to English
// and read Gujarati). Never
// a redirect: the visitor reads on, follows the link, or closes the bar, which
// is then not shown again (remembered in this browser only). Only on arrival
// from elsewhere: a visitor moving within the site has chosen already. Drawn
// after hydration only (the server cannot know the browser's languages, and its
// pages are cached for everyone), fixed at the foot, so nothing on the page moves.
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { DEFAULT_LANGUAGE, inLanguage } from "../lib/language";
import { useSite } from "../lib/props";
import type { LanguageName } from "../types";

const CLOSED = "hygo-language-offer";

/** The first of the browser's languages the site serves ("gu-IN" is "gu"). */
export function preferred(browser: readonly string[], served: readonly string[]): string | undefined {
  return browser.map((l) => l.toLowerCase().split("-")[0]).find((tag) => served.includes(tag));
}

function closedBefore(): boolean {
  try {
    return window.localStorage.getItem(CLOSED) !== null;
  } catch {
    // Storage refused (a private window's settings): never ask, rather than ask on every page.
    return true;
  }
}

function remember(): void {
  try {
    window.localStorage.setItem(CLOSED, "1");
  } catch {
    // Nothing to keep it in: the bar closes for this page.
  }
}

export function LanguageOffer() {
  const site = useSite();
  const { pathname, search } = useLocation();
  const [offer, setOffer] = useState<LanguageName | null>(null);

  useEffect(() => {
    if (site.languages.length < 2 || closedBefore()) return;
    const from = document.referrer ? new URL(document.referrer).origin : "";
    if (from === window.location.origin) return;
    const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
    const tag = preferred(browser, site.languages.map((l) => l.tag));
    if (!tag || tag === site.lang || site.lang !== DEFAULT_LANGUAGE) return;
    setOffer(site.languages.find((l) => l.tag === tag) ?? null);
    // Asked once per page load: the site's languages do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.body.classList.toggle("has-language-offer", offer !== null);
  }, [offer]);

  if (!offer) return null;
  const close = () => {
    remember();
    setOffer(null);
  };
  return (
    <aside className="language-offer" lang={offer.tag} aria-label={offer.name}>
      <div className="container language-offer-inner">
        <p className="language-offer-text">{offer.offer.text}</p>
        <div className="language-offer-actions">
          <a className="button button--primary" href={inLanguage(pathname + search, offer.tag)} hrefLang={offer.tag} onClick={remember}>
            {offer.offer.open}
          </a>
          <button type="button" className="button button--outline" onClick={close}>{offer.offer.dismiss}</button>
        </div>
      </div>
    </aside>
  );
}

import { Suspense, useEffect, useRef } from "react";
import { Navigate, useLocation } from "react-router";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { LanguageOffer } from "./components/LanguageOffer";
import { Page } from "./lib/pages";
import { setCalendar } from "./lib/format";
import { PropsProvider, useCurrentComponent } from "./lib/props";
import { Spinner } from "./components/ui";
import { useTexts } from "./lib/texts";
import type { PageProps } from "./types";
import { setLanguage } from "./lib/language";

/** The element a navigation asks to show: `state.scrollTo` (as the original client passed it) or the URL's hash. */
function scrollTarget(hash: string, state: unknown): string | null {
  const fromState = state && typeof (state as { scrollTo?: unknown }).scrollTo === "string"
    ? (state as { scrollTo: string }).scrollTo : null;
  const id = fromState ?? (hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null);
  return id || null;
}

/**
 * On every change of page, scrolls to the top; when the navigation carries a
 * target, then smooth-scrolls to it (once it has rendered). Not on the first
 * load: the browser restores that, and scrolls to a hash by itself.
 */
function ScrollManager() {
  const { pathname, search, hash, state, key } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname + search;
    if (from === null) return;
    const id = scrollTarget(hash, state);
    if (from !== pathname + search) window.scrollTo(0, 0);
    if (!id) return;
    // The target may appear only once the page's data has arrived: wait for it, a while.
    const reveal = () => {
      const el = document.getElementById(id);
      if (!el) return false;
      const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
      return true;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.getElementById("main") ?? document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    // `key` changes on every navigation, also to the same path with another target.
  }, [pathname, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/**
 * Marks <html data-hydrated="true"> once React owns the page (the browser tests
 * wait for it). It sits after the page inside the page's Suspense boundary: React
 * may hydrate that boundary in a later commit than the frame, and effects run in
 * tree order, so by the mark the page's own effects (the hero's timers) have run.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "true");
    // For `make bench`: when hydration ended, on the page's own clock.
    performance.mark("hygo-hydrated");
  }, []);
  return null;
}

/** The page the props name (see lib/props); a path that is no page goes home. */
function CurrentPage() {
  const component = useCurrentComponent();
  return component ? <Page component={component} /> : <Navigate to="/" replace />;
}

/** The whole app, the same tree on the server (inside StaticRouter) and in the browser (inside BrowserRouter). */
export function App({ props }: { props: PageProps }) {
  // Dates and times in the page's language, the same on the server and in the browser.
  setCalendar(props.site.texts.calendar);
  setLanguage(props.site.lang);
  return (
    <PropsProvider initial={props}>
      <Frame />
    </PropsProvider>
  );
}

function Frame() {
  const t = useTexts("common");
  const { pathname } = useLocation();
  // The staff console's pages draw their own frame (components/staff), so the
  // public pages' code never carries it.
  if (pathname === "/staff" || pathname.startsWith("/staff/")) {
    return (
      <>
        <ScrollManager />
        <Suspense fallback={<Spinner label={t.loadingPage} />}>
          <CurrentPage />
          <HydrationMark />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <ScrollManager />
      <a href="#main" className="skip-link">{t.skipToMain}</a>
      <Header />
      <main id="main" tabIndex={-1}>
        {/* A page's module is fetched on a visitor's first visit to it (see lib/pages). */}
        <Suspense fallback={<Spinner label={t.loadingPage} />}>
          <CurrentPage />
          <HydrationMark />
        </Suspense>
      </main>
      <Footer />
      <LanguageOffer />
    </>
  );
}

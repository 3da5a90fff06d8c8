// Each page's component lives in its own module (src/pages/<Component>.tsx). The
// server bundle has them all at hand (generated/server-pages.ts); the browser
// loads only the current page's module before hydrating (entry-client), and the
// others when a visitor first goes to them, so a first visit downloads and runs
// one page's code, not fifteen.
import { use, type ComponentType } from "react";
import type { PageComponent } from "../types";
import { componentForPath } from "./routes";

type Loader = (component: PageComponent) => Promise<{ default: ComponentType }>;

const ready = new Map<PageComponent, ComponentType>();
const loading = new Map<PageComponent, Promise<ComponentType>>();
let loader: Loader | null = null;

/** The server: every page at hand, so rendering never waits. */
export function providePages(pages: Record<string, ComponentType>) {
  for (const [module, component] of Object.entries(pages)) ready.set(module as PageComponent, component);
}

/** The browser: how to fetch a page's module. */
export function loadPagesWith(load: Loader) {
  loader = load;
}

/** The component of a page, fetched once; resolves at once when it is here. */
export function loadPage(module: PageComponent): Promise<ComponentType> {
  const here = ready.get(module);
  if (here) return Promise.resolve(here);
  let pending = loading.get(module);
  if (!pending) {
    if (!loader) return Promise.reject(new Error(`page ${module} is not available`));
    pending = loader(module).then((m) => {
      ready.set(module, m.default);
      return m.default;
    });
    // A failed fetch (offline) may be retried by the next navigation.
    pending.catch(() => loading.delete(module));
    loading.set(module, pending);
  }
  return pending;
}

/** Renders a page's component; suspends while its module is on its way. */
export function Page({ component }: { component: PageComponent }) {
  const Component = ready.get(component) ?? use(loadPage(component));
  return <Component />;
}

/**
 * Fetches a page's module as soon as a visitor shows they may go there (a pointer
 * over a link, a touch, keyboard focus), so the click rarely waits for it.
 */
export function prefetchPagesOnIntent() {
  const intent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const component = componentForPath(link.pathname);
    if (component) loadPage(component).catch(() => {});
  };
  for (const type of ["pointerover", "touchstart", "focusin"]) {
    document.addEventListener(type, intent, { capture: true, passive: true });
  }
}

// The browser bundle: hydrates the server's HTML from the props embedded in the
// page (<script id="hygo-props" type="application/json">), without fetching.
//
// The current page's module is loaded first (the document preloads it), so the
// first render matches the server's HTML. Hydration runs as a transition: React
// yields to the browser every few milliseconds instead of holding the main
// thread for the whole page, so a tap during start-up is answered.
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { loadPage, loadPagesWith, prefetchPagesOnIntent } from "./lib/pages";
import type { PageProps } from "./types";
import { languageBase } from "./lib/language";

loadPagesWith((component) => import(`./pages/${component}.tsx`));
prefetchPagesOnIntent();

const root = document.getElementById("root");
const propsText = document.getElementById("hygo-props")?.textContent;
if (root && propsText) {
  const props = JSON.parse(propsText) as PageProps;
  loadPage(props.component)
    .catch((e) => console.error("page module:", e))
    .then(() =>
      startTransition(() => {
        hydrateRoot(
          root,
          <BrowserRouter basename={languageBase(props.site.lang) || undefined}>
            <App props={props} />
          </BrowserRouter>,
          {
            onRecoverableError(error) {
              console.error("hydration:", error);
            },
          },
        );
      }),
    );
}

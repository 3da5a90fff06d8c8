// The browser bundle: hydrates the server's HTML from the props embedded in the
// page (<script id="hygo-props" type="application/json">), without fetching.
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import type { PageProps } from "./types";

const root = document.getElementById("root");
const propsText = document.getElementById("hygo-props")?.textContent;
if (root && propsText) {
  const props = JSON.parse(propsText) as PageProps;
  hydrateRoot(
    root,
    <BrowserRouter>
      <App props={props} />
    </BrowserRouter>,
    {
      onRecoverableError(error) {
        console.error("hydration:", error);
      },
    },
  );
}

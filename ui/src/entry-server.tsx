// The server bundle: one IIFE run inside QuickJS by crates/hygo-render.
// It defines globalThis.hygoRender(url, propsJson) -> JSON {html, head, status};
// head.module names the page's own module, which the document preloads.
import "./polyfills/quickjs";
import "./lib/pages-server";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { headFor } from "./lib/head";
import { PAGE_MODULES } from "./lib/pages";
import type { PageProps } from "./types";

function hygoRender(url: string, propsJson: string): string {
  const props = JSON.parse(propsJson) as PageProps;
  const html = renderToString(
    <StaticRouter location={url}>
      <App props={props} />
    </StaticRouter>,
  );
  return JSON.stringify({ html, head: { ...headFor(props), module: PAGE_MODULES[props.page] }, status: typeof props.status === "number" ? props.status : 200 });
}

(globalThis as unknown as { hygoRender: typeof hygoRender }).hygoRender = hygoRender;

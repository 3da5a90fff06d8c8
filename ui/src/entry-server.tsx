// The server bundle: one IIFE run inside QuickJS by crates/hygo-render.
// It defines globalThis.hygoRender(url, propsJson) -> JSON {html, head, status}.
import "./polyfills/quickjs";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { headFor } from "./lib/head";
import type { PageProps } from "./types";

function hygoRender(url: string, propsJson: string): string {
  const props = JSON.parse(propsJson) as PageProps;
  const html = renderToString(
    <StaticRouter location={url}>
      <App props={props} />
    </StaticRouter>,
  );
  return JSON.stringify({ html, head: headFor(props), status: typeof props.status === "number" ? props.status : 200 });
}

(globalThis as unknown as { hygoRender: typeof hygoRender }).hygoRender = hygoRender;

// The server bundle: one IIFE run inside QuickJS by crates/hygo-render.
// It defines globalThis.hygoRender(url, propsJson) -> JSON {html, status}. The
// head is the server's (props.head); the page is the component the props name.
import "./polyfills/quickjs";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { SERVER_PAGES } from "./generated/server-pages";
import { providePages } from "./lib/pages";
import type { PageProps } from "./types";
import { languageBase } from "./lib/language";

providePages(SERVER_PAGES);

function hygoRender(url: string, propsJson: string): string {
  const props = JSON.parse(propsJson) as PageProps;
  const html = renderToString(
    <StaticRouter location={url} basename={languageBase(props.site.lang) || undefined}>
      <App props={props} />
    </StaticRouter>,
  );
  return JSON.stringify({ html, status: typeof props.status === "number" ? props.status : 200 });
}

(globalThis as unknown as { hygoRender: typeof hygoRender }).hygoRender = hygoRender;

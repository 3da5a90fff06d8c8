// Editors' paragraphs (ui/src/components/Prose.tsx): the small formatting they may
// use, and nothing more; a text without it is drawn exactly as a plain <p> was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const ui = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The component built on its own, React left to node_modules (written where Node finds it). */
async function load() {
  const entry = "import { createElement } from 'react'; import { renderToStaticMarkup } from 'react-dom/server'; import { Paragraph } from './src/components/Prose';"
    + " export const draw = (text) => renderToStaticMarkup(createElement(Paragraph, { text }));";
  const outfile = join(ui, "node_modules/.cache/prose.test.mjs");
  await build({ stdin: { contents: entry, resolveDir: ui, loader: "tsx" }, bundle: true, format: "esm", outfile, platform: "node", jsx: "automatic", external: ["react", "react-dom", "react/jsx-runtime"] });
  return import(pathToFileURL(outfile).href);
}

test("bold, links to this site or https, and lists; everything else is escaped text", async () => {
  const { draw } = await load();
  assert.equal(draw("Plain words, as before."), "<p>Plain words, as before.</p>");
  assert.equal(draw("A **bold** word."), "<p>A <strong>bold</strong> word.</p>");
  assert.equal(draw("See [our doctors](/doctors)."), '<p>See <a class="text-link" href="/doctors">our doctors</a>.</p>');
  assert.equal(draw("[Site](https://example.org) and [mail](mailto:care@hygo.in)"), '<p><a class="text-link" href="https://example.org">Site</a> and <a class="text-link" href="mailto:care@hygo.in">mail</a></p>');
  assert.equal(draw("[bad](javascript:alert(1)) [proto](//evil.example)"), "<p>[bad](javascript:alert(1)) [proto](//evil.example)</p>", "a link elsewhere stays text");
  assert.equal(draw("<script>alert(1)</script> & <b>"), "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</p>");
  assert.equal(draw("- one\n- **two**"), "<ul><li>one</li><li><strong>two</strong></li></ul>");
  assert.equal(draw("- one\nnot a list"), "<p>- one\nnot a list</p>");
});

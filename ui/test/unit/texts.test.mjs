// Components hold markup, not English: every sentence, label and button they show
// comes from the interface texts (crates/hygo-content/catalogue/texts/{lang}.json,
// read with `useTexts(area)`), so Hindi and Gujarati are one more file each. These
// tests scan ui/src/components and ui/src/pages with a small TSX tokenizer and
// fail, with file:line, on English written in a component: JSX text, user-facing
// attributes and text props (aria-label, alt, title, placeholder, label, heading…),
// strings shown from a JSX expression ({open ? "Close" : "Open"}) and sentences in
// helper code ("Server error: …"). They also keep en.json free of unused texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ui = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const src = join(ui, "src");
const catalogue = resolve(ui, "../crates/hygo-content/catalogue/texts");

/** What may stay in a component, with the reason. */
const ALLOWED = [
  { file: "components/Logo.tsx", text: "HYGO", why: "the wordmark drawn as the logo (aria-hidden; the link around it is named)" },
];

// Attributes and props whose value people read or hear. Our own components' text
// props are here too (Spinner label, NotFound heading/text/backLabel, Field hint, …).
const USER_FACING = new Set([
  "aria-label", "aria-roledescription", "aria-valuetext", "aria-description", "aria-placeholder",
  "alt", "title", "placeholder", "label", "legend", "heading", "text", "hint", "message", "backLabel", "sentMessage", "caption",
]);

const LETTER = /\p{L}/u;
/** A key, option value or path, not a text: "name", "in-person", "selectedSymptoms", "/appointment". */
const IDENT = /^([a-z][A-Za-z0-9_-]*|[/#?][^\s]*|(https?|mailto|tel):\S*)$/;
/** A catalogue placeholder on its own: "{n}". */
const PLACEHOLDER = /^\{\w+\}$/;
/** A sentence in plain code: a capitalised word, then another word ("Server error: …", "Dr. ${name}"). */
const SENTENCE = /^\p{Lu}[\p{L}.'’]*[\s:,]+\S/u;
const KEYWORDS = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof", "export", "default", "extends"]);

/**
 * The English a TSX file writes itself, as { line, kind, text }. A tokenizer, not a
 * parser: enough of JavaScript (strings, templates, comments, regular expressions,
 * brackets) to find where JSX starts, and enough of JSX to tell text from markup.
 */
export function findLiterals(source) {
  const found = [];
  let i = 0;
  const lineAt = (pos) => source.slice(0, pos).split("\n").length;
  const report = (pos, kind, text) => found.push({ line: lineAt(pos), kind, text: text.replace(/\s+/g, " ").trim() });
  const at = (s) => source.startsWith(s, i);
  const isIdStart = (c) => /[\p{L}_$]/u.test(c ?? "");
  const isId = (c) => /[\p{L}\p{N}_$]/u.test(c ?? "");

  function quoted(q) {
    const start = i++;
    let value = "";
    while (i < source.length && source[i] !== q) {
      if (source[i] === "\\") value += source[++i];
      else value += source[i];
      i++;
    }
    i++;
    return { start, value };
  }

  /** JavaScript until the unmatched `close` (or the end). `mode`: "code", "child" (an expression shown as JSX children) or "attr" (a user-facing attribute's expression). */
  function js(close, mode) {
    const stack = [];
    let valueBefore = false; // whether the last token ends a value (then `/` divides and `<` compares)
    const checkString = (start, value) => {
      if (!LETTER.test(value) || PLACEHOLDER.test(value.trim())) return;
      if (mode === "attr") report(start, "attribute expression", value);
      else if (mode === "child" && !IDENT.test(value)) report(start, "string in JSX", value);
      else if (mode === "code" && SENTENCE.test(value.trim())) report(start, "sentence in code", value);
    };
    while (i < source.length) {
      const c = source[i];
      if (/\s/.test(c)) { i++; continue; }
      if (at("//")) { i = source.indexOf("\n", i); if (i < 0) i = source.length; continue; }
      if (at("/*")) { const end = source.indexOf("*/", i + 2); i = end < 0 ? source.length : end + 2; continue; }
      if (c === "'" || c === '"') {
        const s = quoted(c);
        checkString(s.start, s.value);
        valueBefore = true;
        continue;
      }
      if (c === "`") {
        const start = i++;
        let text = "";
        while (i < source.length && source[i] !== "`") {
          if (source[i] === "\\") { text += source[i + 1]; i += 2; continue; }
          if (at("${")) { i += 2; text += "{}"; js("}", mode); i++; continue; }
          text += source[i++];
        }
        i++;
        checkString(start, text);
        valueBefore = true;
        continue;
      }
      if (c === "(" || c === "[" || c === "{") { stack.push(c); i++; valueBefore = false; continue; }
      if (c === ")" || c === "]" || c === "}") {
        if (!stack.length) { if (c === close) return; i++; continue; }
        stack.pop();
        i++;
        valueBefore = c !== "}";
        continue;
      }
      if (c === "/") {
        if (valueBefore) { i++; valueBefore = false; continue; }
        // A regular expression.
        i++;
        let inClass = false;
        while (i < source.length && (inClass || source[i] !== "/") && source[i] !== "\n") {
          if (source[i] === "\\") i++;
          else if (source[i] === "[") inClass = true;
          else if (source[i] === "]") inClass = false;
          i++;
        }
        i++;
        while (isId(source[i])) i++;
        valueBefore = true;
        continue;
      }
      // A generic arrow function's type parameters (`<K extends keyof V>(k: K) =>`, `<T,>`): not JSX.
      if (c === "<" && !valueBefore && /^<\s*[\p{L}_$][\p{L}\p{N}_$]*\s*(extends\b|,)/u.test(source.slice(i, i + 80))) {
        for (let depth = 0; i < source.length; i++) {
          if (source[i] === "<") depth++;
          else if (source[i] === ">" && source[i - 1] !== "=" && --depth === 0) { i++; break; }
        }
        valueBefore = false;
        continue;
      }
      if (c === "<" && !valueBefore && (isIdStart(source[i + 1]) || source[i + 1] === ">")) {
        element();
        valueBefore = true;
        continue;
      }
      if (isIdStart(c)) {
        let word = "";
        while (isId(source[i])) word += source[i++];
        valueBefore = !KEYWORDS.has(word);
        continue;
      }
      if (/[0-9]/.test(c)) { while (/[0-9a-zA-Z._]/.test(source[i])) i++; valueBefore = true; continue; }
      i++;
      valueBefore = false;
    }
  }

  /** A JSX element from its `<`. */
  function element() {
    i++;
    if (source[i] === ">") { i++; children(); return; }
    while (/[\w.:-]/.test(source[i])) i++;
    for (;;) {
      while (/\s/.test(source[i])) i++;
      if (i >= source.length) return;
      if (at("/>")) { i += 2; return; }
      if (source[i] === ">") { i++; children(); return; }
      if (source[i] === "{") { i++; js("}", "code"); i++; continue; } // {...spread}
      let name = "";
      while (/[\w:-]/.test(source[i])) name += source[i++];
      if (!name) { i++; continue; }
      while (/\s/.test(source[i])) i++;
      if (source[i] !== "=") continue;
      i++;
      while (/\s/.test(source[i])) i++;
      if (source[i] === '"' || source[i] === "'") {
        const s = quoted(source[i]);
        if (USER_FACING.has(name) && LETTER.test(s.value)) report(s.start, `${name}=`, s.value);
      } else if (source[i] === "{") {
        i++;
        js("}", USER_FACING.has(name) ? "attr" : "code");
        i++;
      }
    }
  }

  /** An element's children, up to its closing tag. */
  function children() {
    for (;;) {
      const start = i;
      while (i < source.length && source[i] !== "<" && source[i] !== "{") i++;
      const text = source.slice(start, i);
      if (LETTER.test(text)) report(start + text.search(/\S/), "JSX text", text);
      if (i >= source.length) return;
      if (source[i] === "{") { i++; js("}", "child"); i++; continue; }
      if (at("</")) { i = source.indexOf(">", i) + 1; return; }
      element();
    }
  }

  js(null, "code");
  return found;
}

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(src);
  return files;
}

test("the tokenizer finds each kind of English a component could hold", () => {
  const sample = [
    'export function A({ open, n }) {',
    '  const re = /[{"]\'/g; // a "comment" with {braces}',
    '  const who = (name) => `Dr. ${name}`;',
    '  return (',
    '    <div className="x" aria-label="Main">',
    '      <Spinner label="Loading doctors" />',
    '      <img alt={`Photo of ${n}`} src="/a.png" />',
    '      Not yet rated',
    '      {open ? "Close menu" : <span>{n}</span>}',
    '      {n === "name" ? null : <b title={open ? "Yes" : "No"}>{n} · {n}</b>}',
    '      {/* a comment in JSX, not a text */}',
    '      <NotFound heading={t.heading} text={fill(t.x, { n: "{n}" })} />',
    '    </div>',
    '  );',
    '}',
  ].join("\n");
  assert.deepEqual(findLiterals(sample).map((f) => `${f.line} ${f.kind}: ${f.text}`), [
    "3 sentence in code: Dr. {}",
    "5 aria-label=: Main",
    "6 label=: Loading doctors",
    "7 attribute expression: Photo of {}",
    "8 JSX text: Not yet rated",
    "9 string in JSX: Close menu",
    "10 attribute expression: Yes",
    "10 attribute expression: No",
  ]);
  // Markup, keys, class names, URLs and types are not texts.
  assert.deepEqual(findLiterals([
    'type P = Pick<Doctor, "availability" | "onLeave">;',
    'const x = a < b ? "is-active" : "";',
    'const y = useState<Record<string, boolean>>({});',
    'const set = <K extends keyof Values>(k: K) => (v: Values[K]) => setValues((o) => ({ ...o, [k]: v }));',
    'const id = <T,>(t: T) => t;',
    'if (c.link === "/appointment" || c.link === "#top" || x === "https://example.com/") go();',
    'export function B() {',
    '  return <Link to="/doctors" className="button button--outline" aria-hidden="true" onClick={() => go("Escape")}>{icon(X)}</Link>;',
    '}',
  ].join("\n")), []);
});

test("no English is written in components or pages (move it to catalogue/texts/en.json)", () => {
  const found = [];
  const files = sourceFiles().filter((f) => /^(components|pages)\//.test(relative(src, f).replaceAll("\\", "/")));
  assert.ok(files.length >= 20, `${files.length} files`);
  for (const file of files) {
    const name = relative(src, file).replaceAll("\\", "/");
    for (const f of findLiterals(readFileSync(file, "utf8"))) {
      if (ALLOWED.some((a) => a.file === name && a.text === f.text)) continue;
      found.push(`ui/src/${name}:${f.line}: ${f.kind}: ${f.text}`);
    }
  }
  assert.deepEqual(found, [], "read these from useTexts(area), with fill for placeholders");
});

test("every text of en.json is used, and every area read with useTexts exists", () => {
  const en = JSON.parse(readFileSync(join(catalogue, "en.json"), "utf8"));
  const sources = sourceFiles().map((f) => ({ name: relative(ui, f), text: readFileSync(f, "utf8") }));
  const unused = [];
  for (const [area, texts] of Object.entries(en)) {
    // The files that read the area: useTexts("area"), or a Texts["area"] they are handed.
    const readers = sources.filter((s) => s.text.includes(`useTexts("${area}")`) || s.text.includes(`Texts["${area}"]`));
    if (!readers.length) { unused.push(`${area} (no useTexts("${area}"))`); continue; }
    for (const key of Object.keys(texts)) {
      const use = new RegExp(`\\.${key}\\b`);
      if (!readers.some((s) => use.test(s.text))) unused.push(`${area}.${key}`);
    }
  }
  assert.deepEqual(unused, [], "remove texts no component shows");
  const areas = new Set(sources.flatMap((s) => [...s.text.matchAll(/useTexts\("(\w+)"\)/g)].map((m) => m[1])));
  assert.deepEqual([...areas].filter((a) => !(a in en)), []);
});

test("every language has the same texts as English, and the same placeholders", () => {
  const holes = (text) => [...new Set([...text.matchAll(/\{\w+\}/g)].map((m) => m[0]))].filter((h) => h !== "{count}").sort().join(" ");
  // A count's forms are each language's own: Hindi and Gujarati use "one" for 0
  // as well, so their "one" shows {count} where English writes "1". The other
  // placeholders are the same.
  const shape = (v, path = "") => typeof v === "string"
    ? [`${path} ${[...v.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort().join(" ")}`]
    : "one" in v && "other" in v
      ? [`${path} (a count) ${holes(v.one + v.other)}`]
      : Object.entries(v).flatMap(([k, x]) => shape(x, `${path}.${k}`));
  const en = JSON.parse(readFileSync(join(catalogue, "en.json"), "utf8"));
  for (const file of readdirSync(catalogue).filter((f) => f.endsWith(".json") && f !== "en.json")) {
    assert.deepEqual(shape(JSON.parse(readFileSync(join(catalogue, file), "utf8"))), shape(en), file);
  }
  // A count is always given as its forms, never built from pieces.
  const counts = [];
  const walk = (v, path) => {
    if (typeof v !== "object") return;
    if ("one" in v || "other" in v) {
      if (typeof v.one !== "string" || typeof v.other !== "string") counts.push(path);
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
  };
  walk(en, "en");
  assert.deepEqual(counts, [], "a count's texts are { one, other }");
});

test("plural picks each language's form and fills the count", async () => {
  const out = await build({ entryPoints: [join(src, "lib/plural.ts")], bundle: true, format: "esm", write: false, platform: "neutral" });
  const { plural } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
  const forms = { one: "1 doctor found", other: "{count} doctors found" };
  assert.equal(plural("en", forms, 1), "1 doctor found");
  assert.equal(plural("en", forms, 0), "0 doctors found");
  assert.equal(plural("en", forms, 12), "12 doctors found");
  assert.equal(plural("en", forms, 1200), "1,200 doctors found", "the count goes through lib/format");
  assert.equal(plural("en", { one: "{name}: 1 year", other: "{name}: {count} years" }, 3, { name: "Dr. Rao" }), "Dr. Rao: 3 years");
  // Hindi and Gujarati use the "one" form for 0 and 1 (CLDR).
  assert.equal(plural("hi", { one: "one", other: "other" }, 0), "one");
  assert.equal(plural("gu", { one: "one", other: "other" }, 2), "other");
  assert.equal(plural("xx", { one: "one", other: "other" }, 1), "one", "an unknown language counts as English");
});

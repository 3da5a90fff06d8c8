// Builds the UI with esbuild's JS API:
//   node ui/build.mjs --out <dir> [--dev]
// writes <dir>/server.js (one IIFE for QuickJS, defines globalThis.hygoRender),
// <dir>/client/ (content-hashed ESM entry, chunks and CSS) and <dir>/manifest.json
// ({"boot": "client/<boot>", "js": "client/<entry>", "css": "client/<css>", "jsImports": [the entry's chunks],
// "pages": {"<Module>": [its chunk and the chunks it adds]}}, relative to <dir>).
// With --static <folder>, that folder's files are copied to <dir>/static/.
// Every text file under client/ and static/ gets its brotli (.br) and gzip (.gz)
// forms beside it, made here once at the highest levels, so the server never
// compresses a file per request.
import * as esbuild from "esbuild";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
if (outIndex < 0 || !args[outIndex + 1]) {
  console.error("usage: node build.mjs --out <dir> [--dev]");
  process.exit(2);
}
const out = resolve(args[outIndex + 1]);
const dev = args.includes("--dev");
const staticIndex = args.indexOf("--static");
const staticDir = staticIndex >= 0 ? resolve(args[staticIndex + 1]) : null;

// react-router's package points every condition at its development build; use
// the production one (same API, no dev-only warnings).
const reactRouterProduction = {
  name: "react-router-production",
  setup(build) {
    build.onResolve({ filter: /^react-router$/ }, () => ({
      path: join(here, "node_modules/react-router/dist/production/index.mjs"),
    }));
  },
};

const common = {
  absWorkingDir: here,
  bundle: true,
  minify: !dev,
  legalComments: "none",
  logLevel: "warning",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": dev ? '"development"' : '"production"' },
  plugins: [reactRouterProduction],
};

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "client"), { recursive: true });

await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: [join(here, "src/entry-server.tsx")],
    outfile: join(out, "server.js"),
    format: "iife",
    platform: "browser",
    target: "es2020",
    // Same React build as the client, whatever --dev says: QuickJS runs production code.
    define: { "process.env.NODE_ENV": '"production"' },
    sourcemap: false,
  }),
  esbuild
    .build({
      ...common,
      entryPoints: { boot: join(here, "src/boot.ts"), app: join(here, "src/entry-client.tsx"), style: join(here, "src/styles/app.css") },
      outdir: join(out, "client"),
      format: "esm",
      splitting: true,
      platform: "browser",
      target: ["es2020", "chrome90", "firefox90", "safari15"],
      entryNames: "[name]-[hash]",
      chunkNames: "chunk-[hash]",
      assetNames: "[name]-[hash]",
      // The fonts the stylesheet names (url() in src/styles/app.css): files beside
      // the chunks, named from the root, as the stylesheet is also inline in every
      // document, where a relative url() would resolve against the page (build.rs).
      loader: { ".woff2": "file" },
      publicPath: "/assets/client",
      metafile: true,
      sourcemap: dev ? "linked" : false,
    })
    .then((result) => {
      const outputs = Object.entries(result.metafile.outputs);
      const find = (entry) => {
        const hit = outputs.find(([, o]) => o.entryPoint && resolve(here, o.entryPoint) === entry);
        if (!hit) throw new Error(`no output for ${entry}`);
        return relative(out, resolve(here, hit[0])).split("\\").join("/");
      };
      const js = find(join(here, "src/entry-client.tsx"));
      const boot = find(join(here, "src/boot.ts"));
      const css = find(join(here, "src/styles/app.css"));
      const rel = (file) => relative(out, resolve(here, file)).split("\\").join("/");
      // What a module imports statically, all the way down: what must be there before it runs.
      const closure = (file, seen = new Set()) => {
        for (const i of result.metafile.outputs[file]?.imports ?? []) {
          if (i.kind === "import-statement" && !seen.has(i.path)) {
            seen.add(i.path);
            closure(i.path, seen);
          }
        }
        return seen;
      };
      const entryFile = outputs.find(([f]) => rel(f) === js)[0];
      const shared = closure(entryFile);
      // For each page module (src/pages/<Module>.tsx): its chunk and the chunks it
      // needs beyond the entry's, for the document to preload (<link rel=modulepreload>).
      const pages = {};
      for (const [file, o] of outputs) {
        const m = o.entryPoint?.match(/src\/pages\/(\w+)\.tsx$/);
        if (m) pages[m[1]] = [file, ...[...closure(file)].filter((f) => !shared.has(f) && f !== entryFile)].map(rel);
      }
      // The CSS entry also makes an empty JS stub; the page never loads it.
      const manifest = { boot, js, css, jsImports: [...shared].map(rel), pages };
      writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
      if (!args.includes("--quiet")) {
        for (const [file, o] of outputs) {
          if (!file.endsWith(".map")) console.log(`${relative(here, file).padEnd(50)} ${(o.bytes / 1024).toFixed(1)} KB`);
        }
      }
      return basename(js);
    }),
]);

if (staticDir) cpSync(staticDir, join(out, "static"), { recursive: true });

/** Writes `<file>.br` and `<file>.gz` for each text file under `dir` whose forms are smaller. */
function precompress(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/.test(name)) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    // Tiny files gain nothing; the server sends them as they are.
    if (gz.length < raw.length * 0.9) {
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
    }
  }
}
precompress(join(out, "client"));
precompress(join(out, "static"));

// Builds the UI with esbuild's JS API:
//   node ui/build.mjs --out <dir> [--dev]
// writes <dir>/server.js (one IIFE for QuickJS, defines globalThis.hygoRender),
// <dir>/client/ (content-hashed ESM entry, chunks and CSS) and <dir>/manifest.json
// ({"js": "client/<entry>", "css": "client/<css>"}, relative to <dir>).
import * as esbuild from "esbuild";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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
      entryPoints: { app: join(here, "src/entry-client.tsx"), style: join(here, "src/styles/app.css") },
      outdir: join(out, "client"),
      format: "esm",
      splitting: true,
      platform: "browser",
      target: ["es2020", "chrome90", "firefox90", "safari15"],
      entryNames: "[name]-[hash]",
      chunkNames: "chunk-[hash]",
      assetNames: "[name]-[hash]",
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
      const css = find(join(here, "src/styles/app.css"));
      // The CSS entry also makes an empty JS stub; the page never loads it.
      writeFileSync(join(out, "manifest.json"), JSON.stringify({ js, css }, null, 2) + "\n");
      if (!args.includes("--quiet")) {
        for (const [file, o] of outputs) {
          if (!file.endsWith(".map")) console.log(`${relative(here, file).padEnd(50)} ${(o.bytes / 1024).toFixed(1)} KB`);
        }
      }
      return basename(js);
    }),
]);

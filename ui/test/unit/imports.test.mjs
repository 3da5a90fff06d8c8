// The UI's modules import one way: no cycle between the files of ui/src, type
// imports included (a type cycle is still two files that each need the other).
// Fails with the cycle it found.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The files of ui/src a file imports (relative specifiers only). */
function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const found = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.[^"']+)["']/gm)) {
    const base = resolve(dirname(file), m[1]);
    const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p) && statSync(p).isFile());
    if (hit && hit.startsWith(src) && /\.(ts|tsx)$/.test(hit)) found.push(hit);
  }
  return found;
}

export function graph() {
  return new Map(files(src).map((f) => [f, importsOf(f)]));
}

/** The first cycle found, as a list of files, or null. */
export function findCycle(g) {
  const state = new Map();
  const path = [];
  const visit = (node) => {
    state.set(node, "open");
    path.push(node);
    for (const next of g.get(node) ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of g.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

test("the scan sees the app's imports", () => {
  const g = graph();
  const app = g.get(join(src, "App.tsx"));
  assert.ok(app && app.includes(join(src, "lib/props.tsx")), "App.tsx should import lib/props.tsx");
});

test("a cycle is found when there is one", () => {
  const g = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", []]]);
  assert.deepEqual(findCycle(g), ["a", "b", "c", "a"]);
});

test("no import cycle between the files of ui/src", () => {
  const cycle = findCycle(graph());
  assert.equal(cycle, null, `import cycle: ${(cycle ?? []).map((f) => relative(src, f)).join(" -> ")}`);
});

// Addresses from the route tables' patterns (ui/src/lib/paths.ts): read by hand
// for speed (the console's week view makes hundreds a render), so these keep it
// to what the patterns and the server's parsing of a segment and a query mean.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const src = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "src");

async function load() {
  const out = await build({ entryPoints: [join(src, "lib/paths.ts")], bundle: true, format: "esm", write: false, platform: "neutral" });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
}

test("a pattern's segments are filled and encoded, the query keeps its order and drops empty values", async () => {
  const { address } = await load();
  assert.equal(address("/staff"), "/staff");
  assert.equal(address("/staff/doctors/{id}/hours", { id: 4 }), "/staff/doctors/4/hours");
  assert.equal(address("/staff/appointments/{reference}", { reference: "HY-7/3 ?" }), "/staff/appointments/HY-7%2F3%20%3F");
  assert.equal(address("/a/{x}/b/{y}", { x: "1", y: "ગુ" }), "/a/1/b/%E0%AA%97%E0%AB%81");
  assert.equal(address("/staff/day", {}, { doctor: 7, date: "2026-11-27" }), "/staff/day?doctor=7&date=2026-11-27");
  assert.equal(address("/staff/day", {}, { clinic: "", date: undefined, page: null, q: "a&b=c" }), "/staff/day?q=a%26b%3Dc");
  assert.equal(address("/staff/week", {}, { page: 0 }), "/staff/week?page=0", "zero is a value");
  assert.throws(() => address("/staff/doctors/{id}", {}), /no value for \{id\}/);
});

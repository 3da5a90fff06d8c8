// The weight budget of issue 6: the first load of every page, everything the
// browser fetches until the network is idle except images, at most 200 KB
// compressed, of which JavaScript at most 130 KB. Sizes are gzip (level 6) of each
// response's bytes, which is at most what the server sends (it prefers brotli).
// The figures are printed for docs/benchmarks.md.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { serverAndBrowser, ROUTES } from "./harness.mjs";

const env = serverAndBrowser();
const TOTAL = 200 * 1024;
const JS = 130 * 1024;

test("the first load of every page stays within 200 KB, JavaScript within 130 KB", async () => {
  const over = [];
  const rows = [];
  for (const path of ROUTES) {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const bodies = [];
    page.on("response", (res) => {
      const type = res.request().resourceType();
      // Redirects carry no body; a 404 page's document is weighed like any other.
      if (type === "image" || (res.status() >= 300 && res.status() < 400)) return;
      bodies.push(res.body().then((b) => ({ type, url: res.url(), size: gzipSync(b, { level: 6 }).length }), () => null));
    });
    await page.goto(`${env.server.base}${path}`, { waitUntil: "networkidle" });
    const got = (await Promise.all(bodies)).filter(Boolean);
    const total = got.reduce((n, r) => n + r.size, 0);
    const js = got.filter((r) => r.type === "script").reduce((n, r) => n + r.size, 0);
    rows.push(`${path.padEnd(46)} ${(total / 1024).toFixed(1).padStart(6)} KB, JavaScript ${(js / 1024).toFixed(1).padStart(6)} KB`);
    if (total > TOTAL || js > JS) over.push(`${path}: ${total} B, of which JavaScript ${js} B`);
    await context.close();
  }
  console.log(`first load, gzip, per page:\n${rows.join("\n")}`);
  assert.deepEqual(over, []);
});

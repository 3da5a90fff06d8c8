// The W3C Nu HTML checker (vnu.jar, from the npm package vnu-jar, run with Debian's
// Java) over the HTML the server sends: every page of the sitemap, every page of
// the browser suite's list (not-found views, pages after a form), and the forms'
// other states (each wizard step, refused posts). No errors, of any kind; that
// includes a heading that skips a level (h1 then h3), which leaves screen-reader
// users, who move through a page by its headings, lost.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, ROUTES } from "./harness.mjs";

const VNU = createRequire(import.meta.url)("vnu-jar");
let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

function java() {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
  } catch {
    throw new Error("java not found: the HTML checker needs it (apt-get install -y default-jre-headless; make test does it as root)");
  }
}

const person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
/** Form states only a post reaches: [label, path, body]. */
const POSTS = [
  ["wizard A, step 2", "/appointment", `step=1&action=next&${person}`],
  ["wizard A, step 2 with times", "/appointment", `step=2&action=slots&${person}&doctor=Dr.+Kinjal+Mehta`],
  ["wizard A, step 2 without a time", "/appointment", `step=2&action=next&${person}&doctor=Dr.+Kinjal+Mehta`],
  ["wizard A, step 3", "/appointment", `step=2&action=next&${person}&doctor=Dr.+Kinjal+Mehta&date=2030-01-14&time=10%3A00+AM&selectedSymptoms=Chest+Pain`],
  ["wizard A, refused", "/appointment", "step=3&action=submit&confirm=yes"],
  ["wizard B, step 2", "/appointment/4", `step=1&action=next&${person}`],
  ["wizard B, step 3", "/appointment/4", `step=2&action=next&${person}&date=2030-01-14&time=10%3A00+AM&reason=Emergency`],
  ["wizard B, unconfirmed", "/appointment/4", `step=3&action=submit&${person}`],
  ["contact form, refused", "/contactus", "name=&email=nope"],
  ["health card, refused", "/subscription", "name=&email=nope&subscriptionType=Essential+Family"],
  ["newsletter, refused", "/newsletter", "email=nope"],
];

/**
 * CSS the checker's CSS profile does not know yet, and only that: the properties
 * of scroll-driven animations (CSS Animations 2; Chromium 115, Safari 26), with
 * which the home page's header turns white on scroll before and without
 * JavaScript (app.css, "Header"). Browsers without them skip the rule.
 */
const NEWER_CSS = /^CSS: “(animation-timeline|animation-range)”: Property “\1” doesn't exist\.$/;

test("the Nu HTML checker finds no error in any page or form state", async () => {
  java();
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const paths = [...new Set([...ROUTES, ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, "&")).pathname)])];
  const dir = mkdtempSync(join(tmpdir(), "hygo-vnu-"));
  const names = new Map();
  try {
    const keep = (label, html) => {
      const file = join(dir, `${names.size}.html`);
      writeFileSync(file, html);
      names.set(`file:${file}`, label);
    };
    for (const path of paths) keep(path, await (await fetch(`${server.base}${path}`)).text());
    for (const [label, path, body] of POSTS) {
      const res = await fetch(`${server.base}${path}`, {
        method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base },
      });
      assert.ok(res.status < 500, `${label}: ${res.status}`);
      keep(label, await res.text());
    }
    assert.ok(names.size > 100, `checked ${names.size} documents`);
    // vnu writes its report to stderr, and exits 1 when it found errors.
    const run = spawnSync("java", ["-Xss8m", "-jar", String(VNU), "--format", "json", "--errors-only", ...[...names.keys()].map((u) => u.slice(5))],
      { encoding: "utf8", maxBuffer: 64 << 20 });
    assert.ok(run.stderr.trim().startsWith("{"), `vnu did not report: ${run.error ?? ""} ${run.stderr.slice(0, 500)}`);
    const report = JSON.parse(run.stderr);
    const errors = report.messages
      // "non-document-error": a document it could not read, which must not pass either.
      .filter((m) => m.type === "error" || m.type === "non-document-error" || m.subType === "fatal")
      .filter((m) => !NEWER_CSS.test(m.message))
      .map((m) => `${names.get(m.url) ?? m.url}: ${m.message} (${(m.extract ?? "").trim().slice(0, 80)})`);
    assert.deepEqual(errors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

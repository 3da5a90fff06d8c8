// Every page of the site, as a visitor without JavaScript and a search engine get
// it: starting from / and the sitemap, every internal link on every page is
// followed. Each answers 200 with one <h1>, its own title, description and
// canonical link; a link to #fragment finds that id on its page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage } from "./harness.mjs";
import { contentText, uiText } from "../catalogue.mjs";

const env = serverAndBrowser();

const decode = (s) => s.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

test("every internal link on every page answers 200, and every fragment exists", async () => {
  const base = env.server.base;
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const queue = ["/", ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(decode(m[1])).pathname)];
  const seen = new Map(); // path+query -> html
  const fragments = []; // [from, path, id]
  const failures = [];
  const titles = new Map();
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    const res = await fetch(`${base}${path}`, { redirect: "manual" });
    const html = await res.text();
    seen.set(path, html);
    if (res.status !== 200) {
      failures.push(`${path}: ${res.status}`);
      continue;
    }
    const h1 = html.match(/<h1[\s>]/g) ?? [];
    if (h1.length !== 1) failures.push(`${path}: ${h1.length} h1`);
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    if (!title || !/<meta name="description" content="[^"]+"/.test(html) || !/<link rel="canonical" href="[^"]+"/.test(html)) {
      failures.push(`${path}: title, description or canonical missing`);
    }
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    if (canonical && !titles.has(canonical)) titles.set(canonical, title);
    for (const [, raw] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
      const href = decode(raw);
      if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/assets/")) continue;
      const url = new URL(href, base);
      const target = url.pathname + url.search;
      if (url.hash.length > 1) fragments.push([path, target, decodeURIComponent(url.hash.slice(1))]);
      if (!seen.has(target)) queue.push(target);
    }
  }
  for (const [from, path, id] of fragments) {
    const html = seen.get(path) ?? "";
    if (!html.includes(`id="${id}"`)) failures.push(`${from}: link to ${path}#${id}, which has no such id`);
  }
  assert.ok(seen.size > 100, `crawled ${seen.size} pages`);
  const sameTitle = [...titles.entries()].filter(([, t], i, all) => all.findIndex(([, u]) => u === t) !== i);
  assert.deepEqual(sameTitle, [], "each page has its own title");
  assert.deepEqual(failures, []);
});

test("without JavaScript each screen shows the spec's heading", async () => {
  const { page, context } = await openPage(env.browser, { javaScriptEnabled: false });
  const cases = [
    ["/", 200, "HYGO"], ["/doctors", 200, uiText("doctors.heading")], ["/doctors/424242", 404, uiText("doctorProfile.notFoundHeading")],
    ["/departments/nothing-here", 404, uiText("department.notFoundHeading")], ["/services/nothing", 404, uiText("service.notFoundHeading")],
    ["/about-hygo", 200, "Our Founding Team"], ["/our-mission", 200, "Our Mission"], ["/our-vision", 200, "Our Vision"],
    ["/news", 200, uiText("news.heading")], ["/contactus", 200, "Contact Us"], ["/patient-resources", 200, "Patient Resources"],
    ["/subscription", 200, contentText("forms.subscription.heading")], ["/appointment", 200, contentText("forms.appointment.heading")],
    ["/appointment/424242", 404, contentText("forms.appointment.doctorNotFound")], ["/newsletter", 200, contentText("site.newsletter.pageHeading")],
  ];
  try {
    for (const [path, status, heading] of cases) {
      const res = await page.goto(`${env.server.base}${path}`);
      assert.equal(res.status(), status, path);
      assert.ok((await page.locator("h1").innerText()).includes(heading), `${path}: ${heading}`);
    }
  } finally {
    await context.close();
  }
});

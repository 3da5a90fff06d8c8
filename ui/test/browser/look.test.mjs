// A finished look (issue 27, item 7; docs/patients.md "A finished look"), in
// Chromium against the real binary: department cards as tall as their words,
// saying "Tap to read more" on a touch screen; the hero's right half drawn on a
// wide screen; each clinic's map on /contactus only after "Show map", from
// OpenStreetMap alone (the CSP's frame-src), with the address and Directions
// always there; news cards that open with a drawn band.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openPage, hydrated, launchBrowser } from "./harness.mjs";
import { uiText, contentText, clinic, fill } from "../catalogue.mjs";

const env = serverAndBrowser();
const url = (path) => `${env.server.base}${path}`;

/** Each department card's front: its height, the height its words need, and the hint shown. */
async function fronts(page) {
  return page.$$eval("[data-department-card]", (cards) => cards.map((card) => {
    const front = card.querySelector(".flip-front");
    const style = getComputedStyle(front);
    const words = [...front.children].filter((c) => getComputedStyle(c).display !== "none");
    const needed = words.reduce((n, c) => n + c.getBoundingClientRect().height, 0)
      + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.rowGap || "0") * (words.length - 1);
    const hint = [...front.querySelectorAll(".flip-hint > span")].filter((s) => getComputedStyle(s).display !== "none").map((s) => s.textContent);
    const name = front.querySelector(".flip-name").getBoundingClientRect().top - front.getBoundingClientRect().top;
    return { height: front.getBoundingClientRect().height, needed, hint, name };
  }));
}

test("department cards are as tall as their words; a touch screen says Tap to read more and does not flip", async () => {
  // A mouse: the front's words start at its top and end with the hint; a row is as tall as its longest card.
  const { page, context } = await openPage(env.browser, { width: 1280 });
  try {
    await page.goto(url("/departments"));
    for (const f of await fronts(page)) {
      assert.ok(f.name <= 24, `the name starts at the top of the card, not ${f.name} px down`);
      assert.deepEqual(f.hint, [uiText("departments.hoverToRead")]);
      assert.ok(f.height - f.needed < 120, `a card of ${f.height} px for ${f.needed} px of words`);
    }
  } finally {
    await context.close();
  }
  // A phone: no hover, so no flip; each card is exactly its front's words.
  const phone = await launchBrowser({ touch: true });
  try {
    for (const path of ["/", "/departments"]) {
      const { page, context, problems } = await openPage(phone, { width: 375, height: 800 });
      await page.goto(url(path));
      await hydrated(page);
      const all = await fronts(page);
      assert.ok(all.length >= 4, path);
      for (const f of all) {
        assert.deepEqual(f.hint, [uiText("departments.tapToRead")], path);
        assert.ok(Math.abs(f.height - f.needed) <= 2, `${path}: a card of ${f.height} px for ${f.needed} px of words`);
      }
      const card = page.locator("[data-department-card] a").first();
      assert.match(await card.innerText(), new RegExp(uiText("departments.tapToRead")), "the hint is on screen");
      assert.equal(await page.locator(".flip-back").first().evaluate((b) => b.getBoundingClientRect().width), 1, "the back is for screen readers only");
      assert.match(await card.evaluate((a) => a.textContent), /Visit /, "and they still hear it");
      assert.deepEqual(problems, []);
      await context.close();
    }
  } finally {
    await phone.close();
  }
});

test("the hero's right half is drawn on a wide screen, beside the words, and not on a phone", async () => {
  for (const [width, drawn] of [[1280, true], [1024, true], [375, false]]) {
    const { page, context } = await openPage(env.browser, { width });
    await page.goto(url("/"));
    const look = await page.evaluate(() => {
      const inner = document.querySelector(".hero-inner");
      const box = inner.getBoundingClientRect();
      // Drawn by the slide on screen, laid out from .hero-inner.
      const slide = [...document.querySelectorAll(".hero-slide-wrap")].find((w) => w.getClientRects().length);
      const pseudo = (which) => {
        const s = getComputedStyle(slide, which);
        return { content: s.content, width: parseFloat(s.width), right: parseFloat(s.right), image: s.backgroundImage };
      };
      const words = Math.max(...[".hero-slides", ".hero-actions"].map((sel) => document.querySelector(sel).getBoundingClientRect().right));
      return { phone: pseudo("::before"), card: pseudo("::after"), inner: { left: box.left, width: box.width }, words };
    });
    if (drawn) {
      for (const shape of [look.phone, look.card]) {
        assert.equal(shape.content, '""', `${width}: drawn`);
        assert.match(shape.image, /gradient/, `${width}: with its gradients`);
      }
      // The phone's left edge (before its tilt) is right of the words.
      const phoneLeft = look.inner.left + look.inner.width - look.phone.right - look.phone.width - 20;
      assert.ok(look.words <= phoneLeft, `${width}: the words end at ${look.words}, the drawing starts at ${phoneLeft}`);
    } else {
      assert.equal(look.phone.content, "none", "a phone has no room for it");
      assert.equal(look.card.content, "none");
    }
    await context.close();
  }
});

test("/contactus: the map comes from OpenStreetMap only after Show map; the address and Directions are always there", async () => {
  const labels = (key) => contentText(`site.contactLabels.${key}`);
  // The first clinic's map: the middle of its road (not confirmed: no marker), 0.016° by 0.01° around it.
  const kalawad = clinic("kalawad-road");
  const { latitude: lat, longitude: lon } = kalawad.map;
  const bbox = [lon - 0.008, lat - 0.005, lon + 0.008, lat + 0.005].map((n) => n.toFixed(4)).join(",");
  for (const js of [true, false]) {
    const { page, context, problems } = await openPage(env.browser, { javaScriptEnabled: js, width: 375, height: 800 });
    const asked = [];
    // The tests reach nothing beyond loopback: OpenStreetMap is played by a stub page.
    await context.route("https://www.openstreetmap.org/**", (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title><p>the map</p>" });
    });
    await page.goto(url("/contactus"));
    if (js) await hydrated(page);
    const cards = page.locator("[data-clinic-card]");
    assert.equal(await cards.count(), 2);
    for (const card of await cards.all()) {
      assert.match(await card.getByRole("link", { name: new RegExp(`^${labels("map")}`) }).getAttribute("href"), /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
      assert.match(await card.innerText(), /Rajkot, Gujarat/);
    }
    await page.waitForTimeout(500);
    assert.deepEqual(asked, [], `${js ? "with" : "without"} JavaScript: nothing from OpenStreetMap before Show map`);
    assert.equal(await page.locator("iframe").count(), 0);

    const first = cards.first();
    await first.locator("summary").click();
    await first.getByText(labels("hideMap")).waitFor();
    const open = first.getByRole("link", { name: new RegExp(labels("openMap")) });
    assert.equal(await open.getAttribute("href"), `https://www.openstreetmap.org/#map=16/${lat}/${lon}`);
    if (js) {
      const frame = first.locator("iframe");
      await frame.waitFor();
      assert.equal(await frame.getAttribute("title"), fill(labels("mapTitle"), { street: kalawad.street, city: kalawad.city }));
      assert.equal(await frame.getAttribute("src"), `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik`);
      // The CSP lets this frame in: its page is there.
      await page.frameLocator(".clinic-map-frame").getByText("the map").waitFor();
      assert.equal(asked.length, 1, "one map, once opened");
      assert.equal(await page.locator("iframe").count(), 1, "only the opened clinic's");
    } else {
      assert.equal(await page.locator("iframe").count(), 0, "without JavaScript the link is the map");
      assert.deepEqual(asked, []);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("news cards open with a drawn band, not an empty space", async () => {
  for (const path of ["/news", "/"]) {
    const { page, context } = await openPage(env.browser, { width: 1280 });
    await page.goto(url(path));
    const bands = await page.$$eval(".news-card", (cards) => cards.map((c) => {
      const s = getComputedStyle(c, "::before");
      return { content: s.content, height: parseFloat(s.height), image: s.backgroundImage };
    }));
    assert.ok(bands.length >= 3, path);
    for (const b of bands) {
      assert.equal(b.content, '""', path);
      assert.ok(b.height >= 100, `${path}: a band of ${b.height} px`);
      assert.match(b.image, /gradient/, path);
    }
    assert.equal(new Set(bands.slice(0, 3).map((b) => b.image)).size, 3, `${path}: three different bands in a row`);
    await context.close();
  }
});

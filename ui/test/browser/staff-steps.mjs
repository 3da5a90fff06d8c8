// The staff console's steps in a browser, shared by the console's test files:
// a setup link's password and authenticator app, signing in with a code the
// server will take, and the page checks (axe and no sideways scrolling).
import { AxeBuilder } from "@axe-core/playwright";
import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import { staffText } from "../catalogue.mjs";
import { hydrated } from "./harness.mjs";

/** Before typing into a page: with JavaScript, once React has hydrated it (on a busy machine that can be after the first paint). */
async function ready(page) {
  if (page.hygoJavaScript !== false) await hydrated(page);
}

export const PASSWORD = "lantern orbit pebble harvest";
export const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The helpers for a test file whose server is `env.server` (set in its `before`). */
export function staffSteps(env) {
  const url = (path) => `${env.server.base}${path}`;
  // ---- Authenticator app ---------------------------------------------------------------
  /** Each account's secret, and the last time step it used (the server takes each once). */
  const apps = new Map();
  /** A code the server will take now: of this 30-second step or the next, never one used before. */
  async function code(email) {
    const app = apps.get(email);
    for (;;) {
      const now = Math.floor(Date.now() / 30_000);
      const step = Math.max(now, app.last + 1);
      if (step <= now + 1) {
        app.last = step;
        return app.totp.generate({ timestamp: step * 30_000 });
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }

  /** The setup link `hygo staff add` printed. */
  function addOnCommandLine(role, name, email) {
    const printed = env.server.cli(["staff", "add", "--role", role, "--name", name, email]);
    const link = /https?:\/\/\S+\/staff\/setup\?token=\w+/.exec(printed);
    assert.ok(link, `a one-time link in: ${printed}`);
    return new URL(link[0]).pathname + new URL(link[0]).search;
  }

  /** A setup link's two steps in `page`: the password, then the app's first code. */
  async function setUp(page, link, email) {
    await page.goto(url(link));
    await ready(page);
    await page.getByLabel(staffText("setup.password")).fill(PASSWORD);
    await page.getByRole("button", { name: staffText("setup.submit") }).click();
    await page.getByRole("heading", { name: staffText("setup.codeHeading") }).waitFor();
    await ready(page);
    const secret = (await page.locator("code.staff-secret").innerText()).trim();
    const qr = page.getByRole("img", { name: /QR code/ });
    assert.ok(await qr.locator("svg").count(), "a QR code to scan");
    apps.set(email, { totp: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }), last: 0 });
    await page.getByLabel(staffText("setup.code")).fill(await code(email));
    await page.getByRole("button", { name: staffText("setup.codeSubmit") }).click();
    await page.getByRole("heading", { name: staffText("account.recoveryHeading") }).waitFor();
    return page.locator(".staff-codes code").allInnerTexts();
  }

  /** Signs in with the password and a code. */
  async function signIn(page, email) {
    await page.goto(url("/staff/sign-in"));
    await ready(page);
    await page.getByLabel(staffText("signIn.email")).fill(email);
    await page.getByLabel(staffText("signIn.password")).fill(PASSWORD);
    await page.getByRole("button", { name: staffText("signIn.submit") }).click();
    await page.getByRole("heading", { name: staffText("signIn.codeHeading") }).waitFor();
    await ready(page);
    await page.getByLabel("Code", { exact: true }).fill(await code(email));
    await page.getByRole("button", { name: staffText("signIn.codeSubmit") }).click();
  }

  // ---- Checks ---------------------------------------------------------------------------
  /** axe on the page as it is, and whether it fits its width; what fails is collected in `failures`. */
  async function axe(page, label, failures) {
    const [wide, fits] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    if (wide > fits) failures.push(`${label}: the page is ${wide} px wide in a ${fits} px window (it scrolls sideways)`);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const v of violations) failures.push(`${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  }

  return { url, code, addOnCommandLine, setUp, signIn, axe };
}

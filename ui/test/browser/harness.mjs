// Shared by the browser tests: the real `hygo` binary on a fresh SQLite database
// and Debian's Chromium driven by playwright-core. Nothing leaves loopback.
import { before, after } from "node:test";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, "../../..");

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/**
 * Every public page of the registry (`pages.json`, generated from it) with its
 * not-found and after-a-form states: axe, the visual check and the budgets visit
 * each. A page with a `{…}` segment needs its examples here (one that exists and
 * one that does not), and a page may add the states its query shows; a registry
 * page with a segment and no examples fails at once, so none is left out.
 */
const EXAMPLES = {
  "/doctors/{id}": ["/doctors/1", "/doctorDetail?doctorId=4", "/doctors/424242"],
  "/departments/{id}": ["/departments/cardiology", "/departments/oncology", "/departments/astrology"],
  "/services/{id}": ["/services/pharmacy", "/services/nothing"],
  "/specializations/{id}": ["/specializations/cardiologist", "/specializations/dentist"],
  "/news/{id}": ["/news/lab-sample-collection-at-home"],
  "/appointment/{id}": ["/appointment/3", "/appointment/424242"],
  // A manage link that works needs a request: ui/test/browser/visit.test.mjs books one.
  "/v/{code}": ["/v/0000000000aa"],
};
const STATES = {
  "/search": ["/search?q=car"],
  "/newsletter": ["/newsletter", "/newsletter?confirmed=1", "/newsletter?subscribed=1"],
  "/unsubscribe": ["/unsubscribe?token=0000"],
  "/newsletter/confirm": ["/newsletter/confirm?token=0000"],
  "/requests": ["/requests?token=0000000000000000000000000a"],
};
/** The public pages of the registry, each at its canonical path (and its examples and states). */
export const REGISTRY = JSON.parse(readFileSync(join(here, "pages.json"), "utf8")).pages;
export const ROUTES = REGISTRY.filter((p) => !p.staff).flatMap((p) => {
  if (p.path.includes("{")) {
    if (!EXAMPLES[p.path]) throw new Error(`harness.mjs: the registry's page ${p.name} (${p.path}) needs its examples in EXAMPLES`);
    return EXAMPLES[p.path];
  }
  return STATES[p.path] ?? [p.path];
});

/** The doctors the database is seeded with. */
export const seedDoctors = JSON.parse(readFileSync(join(repo, "crates/hygo-core/seed/doctors.json"), "utf8"));

/** Today in India Standard Time, as the server counts days ("2026-11-28"). */
export const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** `date` plus `days`, both "YYYY-MM-DD". */
export const dayAfter = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** 0 for Sunday … 6 for Saturday. */
export const weekdayOf = (date) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The wizard's quick date a booking test presses, and the day it picks: "Next Week"
 * (today + 7, a day no slot has passed on), except on a Sunday, when today + 7 is a
 * Sunday no doctor works and the test presses "Tomorrow" (a Monday not yet begun).
 * `key` is the button's text under `forms.appointment`; `weekday` is the seed's word
 * for the day ("Monday"), to find the doctors who work on it.
 */
export function bookingDay(today = todayInIndia()) {
  const [key, days] = weekdayOf(today) === 0 ? ["tomorrow", 1] : ["nextWeek", 7];
  const date = dayAfter(today, days);
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
  return { key, date, weekday };
}

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
    srv.on("error", fail);
  });
}

/** Starts `hygo serve` on a free port with its own database, and `extraEnv`; resolves when healthy. */
export async function startServer(extraEnv = {}) {
  const bin = resolve(process.env.HYGO_BIN || join(repo, "target/debug/hygo"));
  if (!existsSync(bin)) throw new Error(`no hygo binary at ${bin}: run cargo build first`);
  const dir = mkdtempSync(join(tmpdir(), "hygo-browser-"));
  const port = await freePort();
  const child = spawn(bin, ["serve"], {
    cwd: dir,
    env: {
      ...process.env,
      HYGO_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${join(dir, "hygo.db")}?mode=rwc`,
      HYGO_LOG: "warn",
      // One JSON object a line, so the warnings and errors can be told apart.
      HYGO_LOG_FORMAT: "json",
      // The form tests send more than a visitor would.
      HYGO_WRITE_LIMIT: "10000",
      // And fill the forms without JavaScript faster than a person (the token is still checked).
      HYGO_FORM_MIN_SECONDS: "0",
      // A render's deadline is wall-clock time. In CI this debug build shares two
      // cores with the Rust suite, the fuzzer and three Chromiums, and a cold render
      // once took over the 2 s default; what the deadline does is tested in Rust
      // (hygo-render's engine: a runaway render is interrupted), not here.
      HYGO_RENDER_TIMEOUT_MS: "15000",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Anything the server logs at WARN or ERROR (a render that threw, React's own
  // console.error inside QuickJS, a failing query) fails the file when it stops.
  const logged = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      process.stderr.write(`hygo: ${line}\n`);
      let level = "";
      try {
        level = JSON.parse(line).level ?? "";
      } catch { /* not JSON: a panic or the like, which counts */ level = "ERROR"; }
      if (level === "WARN" || level === "ERROR") logged.push(line);
    });
  }
  // A server that dies under the tests says how, at once and when the file ends.
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (stopping) return;
    const line = `hygo exited while the tests ran: ${signal ? `signal ${signal}` : `exit code ${code}`}`;
    process.stderr.write(`${line}\n`);
    logged.push(line);
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`hygo exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > until) throw new Error("hygo did not become healthy in 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  const db = join(dir, "hygo.db");
  const python = (script, sql, params) => execFileSync("python3", ["-c", script, db, sql, JSON.stringify(params)], { encoding: "utf8" });
  return {
    base,
    /** `hygo <args>` on this server's database, as an operator runs it; answers what it printed. */
    cli(args) {
      return execFileSync(bin, args, { cwd: dir, encoding: "utf8", env: { ...process.env, DATABASE_URL: `sqlite://${db}?mode=rwc` } });
    },
    /** A change to the server's database made behind its back (a test moving the clock of a row), committed. */
    execute(sql, params = []) {
      python("import sqlite3,sys,json\nc=sqlite3.connect(sys.argv[1])\nc.execute(sys.argv[2], json.loads(sys.argv[3]))\nc.commit()", sql, params);
    },
    /**
     * Rows of a query on the server's SQLite database, as objects. Node 20 has no
     * SQLite module; Python's standard library has one.
     */
    query(sql, params = []) {
      const script = "import json,sqlite3,sys\nc=sqlite3.connect(sys.argv[1])\nc.row_factory=sqlite3.Row\n"
        + "print(json.dumps([dict(r) for r in c.execute(sys.argv[2], json.loads(sys.argv[3]))]))";
      return JSON.parse(python(script, sql, params));
    },
    async stop() {
      stopping = true;
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", r)));
      rmSync(dir, { recursive: true, force: true });
      if (logged.length) throw new Error(`the server logged ${logged.length} warning(s) or error(s), or died:\n${logged.join("\n")}`);
    },
  };
}

/**
 * An SMTP relay on loopback (nodemailer's smtp-server) that keeps every message
 * the server hands it, parsed (mailparser): what a patient's mail program would get.
 */
export async function startRelay() {
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => { messages.push(mail); callback(); }, callback);
    },
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message `match` takes, waiting for it up to 30 s. */
    async waitFor(match, what = "a message") {
      const until = Date.now() + 30_000;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no ${what} reached the relay; it has: ${messages.map((m) => `${m.to?.text}: ${m.subject}`).join("; ")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/**
 * Chromium, headless. With `touch`, as a phone's browser reports itself to CSS:
 * `(hover: none)` and `(pointer: coarse)` (Blink's settings; a context's hasTouch
 * alone leaves a mouse's hover).
 */
export async function launchBrowser({ touch = false } = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (make test does it as root)`);
  }
  const args = touch
    ? [...CHROMIUM_FLAGS, "--blink-settings=primaryHoverType=1,availableHoverTypes=1,primaryPointerType=2,availablePointerTypes=2"]
    : CHROMIUM_FLAGS;
  // Under libfaketime (`tests/days.sh`) Chromium gets the real clock (it does not
  // start under the library); each page's clock is moved to ours (`openPage`).
  return chromium.launch({ executablePath: CHROMIUM, args, env: MOVED_CLOCK ? realClockEnv() : undefined });
}

/** Whether this run's clock is moved (`tests/days.sh`: libfaketime). */
const MOVED_CLOCK = Boolean(process.env.FAKETIME);

function realClockEnv() {
  const env = { ...process.env };
  for (const name of ["LD_PRELOAD", "FAKETIME", "FAKETIME_DONT_FAKE_MONOTONIC"]) delete env[name];
  return env;
}

/**
 * A page that records console errors and uncaught exceptions, so a test can assert
 * there were none (React reports hydration mismatches as console errors).
 */
export async function openPage(browser, { javaScriptEnabled = true, width = 1280, height = 900, locale = "en-US" } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height }, locale });
  // The page's clock at ours, running on from there, when ours is moved.
  if (MOVED_CLOCK) await context.clock.install({ time: Date.now() });
  const page = await context.newPage();
  // Whether the page's own scripts run, for steps that must wait for hydration
  // before they type (a form hydrated under the typing would lose the words).
  page.hygoJavaScript = javaScriptEnabled;
  const problems = [];
  page.on("console", (msg) => {
    // A form the server refuses (4xx) is an expected answer, which Chromium logs as an error.
    if (msg.type() === "error" && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) {
      problems.push(`console.error: ${msg.text()}`);
    }
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return { page, context, problems };
}

/** Waits until React has hydrated the page (the app marks <html data-hydrated>). */
export async function hydrated(page) {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 15_000 });
}

/**
 * Marks the document now shown, so that `sameDocument` can tell a navigation on
 * the client (the mark is still there) from a new page load (it is gone).
 */
export async function markDocument(page) {
  await page.evaluate(() => { window.hygoTestMark = true; });
}

export async function sameDocument(page) {
  return page.evaluate(() => window.hygoTestMark === true);
}

/**
 * One server and one browser for a test file: registers node:test's before/after
 * hooks and answers an object whose `server` and `browser` are set once they run.
 */
export function serverAndBrowser(extraEnv = {}) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(extraEnv);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

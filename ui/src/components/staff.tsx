// The staff console's frame and parts (src/staff, docs/staff.md): its own header
// with the sections a role may open and a sign-out button on every page, and
// plain HTML forms that post with the session's anti-forgery token. Every check
// is on the server; what is hidden here is only what would be refused there.
import { createContext, useCallback, useContext, useEffect, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { ErrorSummary } from "./form";
import { useProps, useSite } from "../lib/props";
import { fill, formatDate, longDate } from "../lib/format";
export { instant } from "../lib/format";
import type { FormState, InboxRow, StaffBar, StaffTexts } from "../types";
import { pageLink, writeLink } from "../lib/links";

/** The console's texts. */
export function useStaffTexts(): StaffTexts {
  const texts = useSite().staffTexts;
  if (!texts) throw new Error("a staff page without its texts");
  return texts;
}

/** How a console link moves in place: one handler for the page, from its frame. */
const Go = createContext<((e: MouseEvent<HTMLAnchorElement>) => void) | undefined>(undefined);

/**
 * A link of the console: a plain `<a>` that, with JavaScript, moves in place as
 * react-router's `Link` does (the next page's props fetched, no reload), and
 * without it is an ordinary link. Not `Link` itself: its hooks cost about 0.1 ms
 * a link when QuickJS renders it, and the week and day views carry hundreds
 * (docs/benchmarks.md). A click with a modifier key opens a tab, as any link's.
 */
export function StaffLink({ to, children, ...rest }: { to: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick">) {
  return <a href={to} onClick={useContext(Go)} {...rest}>{children}</a>;
}

/** The frame's click handler for its links (`StaffLink`). */
function useGo(): (e: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  // Before signing in a page carries only its own texts (`src/state.rs`, Console):
  // a link from it loads the next page whole.
  const signedIn = useStaff().bar?.signedIn ?? false;
  return useCallback((e: MouseEvent<HTMLAnchorElement>) => {
    if (!signedIn || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    const href = e.currentTarget.getAttribute("href");
    if (!href || !href.startsWith("/")) return;
    e.preventDefault();
    navigate(href);
  }, [navigate, signedIn]);
}

/** Who is signed in and the anti-forgery token, from the props. */
export function useStaff(): { bar: StaffBar | undefined; form: FormState | undefined } {
  const { entry, lastStaff } = useProps();
  // While the next page loads, the frame keeps the last page's bar (its menu stays).
  if (entry.status !== "ready") return { bar: lastStaff ?? undefined, form: undefined };
  return { bar: entry.props.staff, form: entry.props.form };
}

/** A form of the console: a plain POST carrying the session's token. */
export function StaffForm({ action, id, children, className }: { action: string; id: string; children: ReactNode; className?: string }) {
  const { bar } = useStaff();
  return (
    <form method="post" action={action} id={id} className={className ?? "staff-form"} noValidate>
      {bar?.csrf ? <input type="hidden" name="csrf" value={bar.csrf} /> : null}
      {children}
    </form>
  );
}

/** The error summary of a refused post, when this page is its answer. */
export function StaffErrors({ form, order }: { form: string; order?: readonly string[] }) {
  const t = useStaffTexts();
  const state = useStaff().form;
  if (!state || state.status < 400) return null;
  return <ErrorSummary form={form} title={t.frame.errorSummary} errors={state.errors} message={state.message} attempt={1} order={order} />;
}

/**
 * What a page says when it shows a form kept from a session that timed out
 * (`src/staff/actions.rs`, keep_typed): the form's values are what was typed,
 * and this says so. Nothing when the page shows no kept form.
 */
export function StaffKept() {
  const state = useStaff().form;
  if (!state || state.status !== 200 || !state.message) return null;
  return <p className="staff-done" role="status">{state.message}</p>;
}

/**
 * Which of a page's forms a refused post came from, told by the fields its
 * messages name: that form shows the error summary. "" for a refusal that names
 * none of them (an expired token, a removal of something already gone): the
 * page shows it at the top. null when nothing was refused.
 */
export function useRefusedForm(forms: Record<string, readonly string[]>): string | null {
  const state = useStaff().form;
  if (!state || state.status < 400) return null;
  const named = Object.keys(state.errors);
  return Object.entries(forms).find(([, fields]) => named.some((n) => fields.includes(n)))?.[0] ?? "";
}

/** A field's message after a refused post. */
export function useFieldError(name: string): string | undefined {
  const state = useStaff().form;
  return state && state.status >= 400 ? state.errors[name] : undefined;
}

/** A value the refused post sent, to show again. */
export function useSent(name: string): string {
  const v = useStaff().form?.values[name];
  return typeof v === "string" ? v : "";
}

/**
 * A table that may be wider than a phone: it scrolls sideways, so it is a named
 * region that takes focus, and a keyboard can scroll it too (WCAG 2.1.1).
 */
export function StaffTable({ label, children }: { label: string; children: ReactNode }) {
  return <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}

/**
 * The requests a change leaves without a slot (leave, a change of hours, a
 * closure), linked for the desk to move or decline; or a line saying there are none.
 */
export function AffectedRequests({ rows, heading, none, withDoctor = false }: {
  rows: readonly InboxRow[]; heading: string; none: string; withDoctor?: boolean;
}) {
  const statuses = useStaffTexts().inbox.statuses;
  if (rows.length === 0) return <p>{none}</p>;
  return (
    <>
      <p>{heading}</p>
      <ul>
        {rows.map((r) => (
          <li key={r.reference}>
            <StaffLink to={pageLink("staff-appointment", { reference: r.reference })}>{r.reference}</StaffLink>: {formatDate(r.date)}, {r.time}, {withDoctor ? `${r.doctor}, ` : ""}<bdi>{r.name}</bdi> ({statuses[r.status]})
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The leave, changes of hours or closures a console page lists: each with its
 * title, its note for staff, the requests on it (the desk reschedules or declines
 * them) and, where the viewer may change them, the one-button form that removes it.
 */
export function ScheduleEntries<T extends { id: number; note: string | null; affected: readonly InboxRow[] }>({
  entries, level = 3, title, texts, withDoctor = false, remove, away,
}: {
  entries: readonly T[];
  /** The entries' headings: h2 on a page of its own, h3 under a doctor's heading. */
  level?: 2 | 3;
  title: (entry: T) => string;
  texts: { note: string; affected: string; noneAffected: string };
  withDoctor?: boolean;
  remove: ((entry: T) => { action: string; id: string; fields: Record<string, string | number>; label: string }) | null;
  /** Leave or closures: each entry links to its sick-day screen (/staff/away/{kind}/{id}). */
  away?: "leave" | "closure";
}) {
  const open = useStaffTexts().away.open;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <ul className="staff-leave">
      {entries.map((e) => (
        <li key={e.id}>
          <Heading>{title(e)}</Heading>
          {e.note ? <p><strong>{texts.note}:</strong> <span className="staff-text">{e.note}</span></p> : null}
          <AffectedRequests rows={e.affected} heading={texts.affected} none={texts.noneAffected} withDoctor={withDoctor} />
          {away ? <p><StaffLink to={pageLink("staff-away", { kind: away, id: e.id })}>{open}</StaffLink></p> : null}
          {remove ? <ButtonForm {...remove(e)} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Radio buttons in a fieldset: the one choice a console form asks for (its error above them). */
export function Choices({ form, name, legend, error, chosen, options }: {
  form: string; name: string; legend: string; error?: string; chosen: string; options: readonly (readonly [string, string])[];
}) {
  return (
    <fieldset className="staff-fieldset" aria-describedby={error ? `${form}-${name}-error` : undefined}>
      <legend>{legend}</legend>
      {error ? <p className="field-error" id={`${form}-${name}-error`}>{error}</p> : null}
      {options.map(([value, label], i) => (
        <label key={value} className="radio">
          <input type="radio" name={name} value={value} id={i === 0 ? `${form}-${name}` : undefined} defaultChecked={chosen === value} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/** When a clinic is closed, in words: "Monday, 9 January 2030, from 12:00 PM" (all day, from, until, or both). */
export function useClosureWhen(): (date: string, from: string | null, until: string | null) => string {
  const t = useStaffTexts().closures;
  return (date, from, until) => {
    const day = longDate(date);
    if (from && until) return fill(t.fromUntil, { date: day, from, until });
    if (from) return fill(t.from, { date: day, from });
    if (until) return fill(t.until, { date: day, until });
    return fill(t.allDay, { date: day });
  };
}

/** A form that is one button: its hidden fields, then the button (remove, retire). */
export function ButtonForm({ action, id, fields, label }: {
  action: string; id: string; fields: Record<string, string | number>; label: string;
}) {
  return (
    <StaffForm action={action} id={id} className="staff-inline">
      {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <button type="submit" className="button button--outline">{label}</button>
    </StaffForm>
  );
}

/** The words for an audit log's action; one this version has no words for (a newer instance wrote it) shows as recorded. */
export function useActionLabel(): (action: string) => string {
  const labels: Record<string, string> = useStaffTexts().audit.actions;
  return (action) => labels[action] ?? action;
}

/** Previous / next page links of a list. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const t = useStaffTexts().frame;
  if (pages <= 1) return null;
  return (
    <nav className="staff-pager" aria-label={fill(t.pageOf, { page, pages })}>
      {page > 1 ? <StaffLink to={href(page - 1)} rel="prev">{t.previous}</StaffLink> : null}
      <span>{fill(t.pageOf, { page, pages })}</span>
      {page < pages ? <StaffLink to={href(page + 1)} rel="next">{t.next}</StaffLink> : null}
    </nav>
  );
}

/** The console's frame: header, navigation by role, sign-out, then the page. */
export function StaffFrame({ children }: { children: ReactNode }) {
  const site = useSite();
  const t = site.staffTexts?.frame;
  const { bar } = useStaff();
  const { pathname } = useLocation();
  const go = useGo();
  if (!t) return <main id="main" tabIndex={-1}><Go.Provider value={go}>{children}</Go.Provider></main>;
  // The links are the registry's console pages this session may see (`pages::staff_nav`).
  const label = (key: string) => (t as unknown as Record<string, string>)[key] ?? key;
  // A section is any of its paths or what is below one (the console's first page only as itself).
  const current = (paths: string[]) =>
    paths.some((p) => pathname === p || (p !== pageLink("staff-inbox") && pathname.startsWith(`${p}/`)));
  const links = (
    <ul>
      {(bar?.nav ?? []).map((item) => (
        <li key={item.paths[0]}>
          <StaffLink to={item.paths[0]} aria-current={current(item.paths) ? "page" : undefined}>{label(item.label)}</StaffLink>
        </li>
      ))}
    </ul>
  );
  const who = (id: string) => (
    <div className="staff-who">
      <span>{fill(t.signedInAs, { name: bar?.name ?? "" })}</span>
      <StaffForm action={writeLink("/staff/sign-out")} id={id} className="staff-sign-out">
        <button type="submit" className="button button--outline">{t.signOut}</button>
      </StaffForm>
    </div>
  );
  // On a phone the header is one line (the name, a menu that opens without
  // JavaScript) and the search; on a wider screen the navigation shows whole.
  // Only one of the two is displayed at a width, so only one is announced.
  return (
    <Go.Provider value={go}>
      <a href="#main" className="skip-link">{t.skip}</a>
      <header className="staff-header">
        <div className="container staff-header-row">
          <span className="staff-brand">{t.console}</span>
          {bar?.signedIn ? (
            <details className="staff-menu">
              <summary>{t.menu}</summary>
              <nav className="staff-nav" aria-label={t.nav}>{links}</nav>
              {who("sign-out-menu")}
            </details>
          ) : null}
          {bar?.signedIn && bar.nav.some((item) => item.label === "patients") ? (
            <StaffForm action={writeLink("/staff/patients")} id="header-find" className="staff-find">
              <label htmlFor="header-find-q" className="visually-hidden">{t.findLabel}</label>
              <input id="header-find-q" name="q" type="search" className="input" placeholder={t.findLabel} autoComplete="off" maxLength={bar.findMax} />
              <button type="submit" className="button button--outline">{t.findButton}</button>
            </StaffForm>
          ) : null}
          {bar?.signedIn ? <div className="staff-wide">{who("sign-out")}</div> : null}
        </div>
        {bar?.signedIn ? <nav className="container staff-nav staff-wide" aria-label={t.nav}>{links}</nav> : null}
      </header>
      {bar?.signedIn && bar.idleMinutes ? <IdleWarning minutes={bar.idleMinutes} texts={t} /> : null}
      <main id="main" tabIndex={-1} className="staff-main">{children}</main>
    </Go.Provider>
  );
}

/**
 * A warning before the idle timeout ends the session (issue 44: a booking half
 * typed was lost to it, unannounced). The session counts from the last request:
 * this page's load, or the last navigation in the console; "Stay signed in"
 * makes one. Two minutes ahead (half the time when it is shorter), which WCAG
 * 2.2.1 asks for. Without JavaScript there is no timer to show; signing in again
 * returns to the page (`access::RETURN_COOKIE`).
 */
function IdleWarning({ minutes, texts }: { minutes: number; texts: StaffTexts["frame"] }) {
  const { pathname } = useLocation();
  // When the last request was, on the page's own clock (set after hydration: the server has none).
  const [since, setSince] = useState<number | null>(null);
  const [warn, setWarn] = useState(false);
  const [kept, setKept] = useState(false);
  const lead = Math.min(2, minutes / 2);
  useEffect(() => { setSince(performance.now()); setWarn(false); }, [pathname]);
  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setWarn(true), Math.max(0, since + (minutes - lead) * 60_000 - performance.now()));
    return () => clearTimeout(timer);
  }, [since, minutes, lead]);
  const stay = async () => {
    try {
      const res = await fetch(`/api/props?path=${encodeURIComponent(pathname)}`, { credentials: "same-origin" });
      if (res.ok) { setSince(performance.now()); setWarn(false); setKept(true); }
    } catch { /* the warning stays, and says what it said */ }
  };
  return (
    <div className="container" aria-live="polite">
      {warn ? (
        <div className="staff-idle" role="alert">
          <p>{fill(texts.idleWarning, { minutes: String(Math.ceil(lead)) })}</p>
          <button type="button" className="button button--primary" onClick={stay}>{texts.stayIn}</button>
        </div>
      ) : kept ? <p className="visually-hidden">{texts.stillIn}</p> : null}
    </div>
  );
}

/** The loading and failed states every console page shares. */
export function StaffState({ status }: { status: "loading" | "error" }) {
  const t = useStaffTexts().frame;
  return (
    <div className="container page-body">
      {status === "loading" ? <p role="status">{t.loading}</p> : <p className="page-status page-status--error" role="alert">{t.failed}</p>}
    </div>
  );
}

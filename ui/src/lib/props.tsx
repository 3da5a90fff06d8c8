// Page props: the embedded ones on first render (server and hydration alike),
// then, after each client navigation, the ones `/api/props` answers for the new
// location. Pages read them with usePageProps(); while the props of the current
// location are not there yet they get "loading", and "error" when the fetch fails.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../generated/pages.json";
import type { PageComponent, PageProps, Site } from "../types";
import { componentForPath, propsKey } from "./routes";
import { inLanguage } from "./language";

export type LoadError =
  | { kind: "network" }
  | { kind: "server"; status: number; message: string }
  | { kind: "format" };

type Entry =
  | { key: string; status: "ready"; props: PageProps }
  | { key: string; status: "loading" }
  | { key: string; status: "error"; error: LoadError };

interface PropsContext {
  site: Site;
  entry: Entry;
  retry: () => void;
  /** The page's props read again in place (`StaffInbox` every 30 seconds). */
  refresh: () => void;
  /**
   * The console's bar of the last page shown: the frame (its menu, who is
   * signed in) stays while the next page's props load (issue 44: the whole page,
   * menu included, became "Loading…").
   */
  lastStaff: PageProps["staff"];
}

const Ctx = createContext<PropsContext | null>(null);

/** The components the registry names (each draws one or more of its paths). */
const COMPONENTS: readonly string[] = paths.map(([, component]) => component);

function isPageProps(v: unknown): v is PageProps {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.component === "string" && COMPONENTS.includes(o.component) &&
    typeof o.site === "object" && o.site !== null &&
    typeof o.data === "object" && o.data !== null
  );
}

type Fetched = { props: PageProps } | { redirect: string };

async function fetchProps(key: string, signal: AbortSignal): Promise<Fetched> {
  let res: Response;
  try {
    res = await fetch(`/api/props?path=${encodeURIComponent(inLanguage(key))}`, {
      signal,
      headers: { accept: "application/json" },
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw { kind: "network" } satisfies LoadError;
  }
  let body: unknown = undefined;
  try {
    body = await res.json();
  } catch (e) {
    if (signal.aborted) throw e;
  }
  // A page that is "not found" (a missing doctor) still comes with its props.
  if (isPageProps(body)) return { props: body };
  if (!res.ok) {
    const b = (body ?? {}) as { message?: unknown; error?: unknown };
    const text = typeof b.message === "string" ? b.message : typeof b.error === "string" ? b.error : "";
    throw { kind: "server", status: res.status, message: text } satisfies LoadError;
  }
  if (body && typeof body === "object" && typeof (body as { redirect?: unknown }).redirect === "string") {
    return { redirect: (body as { redirect: string }).redirect };
  }
  throw { kind: "format" } satisfies LoadError;
}

/**
 * The props of another address, without going there: `/doctors` adds the next
 * page's doctors in place with them ("Show more"). Fails with a `LoadError`.
 */
export async function fetchPageProps(path: string, signal: AbortSignal): Promise<PageProps> {
  const r = await fetchProps(path, signal);
  if ("props" in r) return r.props;
  throw { kind: "format" } satisfies LoadError;
}

export function PropsProvider({ initial, children }: { initial: PageProps; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const key = propsKey(location);
  const [entry, setEntry] = useState<Entry>(() => ({ key, status: "ready", props: initial }));
  const [attempt, setAttempt] = useState(0);
  const first = useRef(true);
  const lastStaff = useRef<PageProps["staff"]>(initial.staff);
  if (entry.status === "ready") lastStaff.current = entry.props.staff;

  // A navigation made with `{ state: { inPlace: true } }` (a choice on the page
  // that changes its query, e.g. a reschedule's doctor or day) keeps the page on
  // screen, focus and all, until the new props arrive.
  const inPlace = Boolean((location.state as { inPlace?: boolean } | null)?.inPlace);
  useEffect(() => {
    if (entry.key === key && entry.status === "ready") return;
    if (!componentForPath(location.pathname)) return; // <Navigate> takes it home
    const controller = new AbortController();
    if (!(inPlace && entry.status === "ready")) setEntry({ key, status: "loading" });
    fetchProps(key, controller.signal).then(
      (r) => {
        if (controller.signal.aborted) return;
        if ("redirect" in r) {
          navigate(r.redirect, { replace: true });
          return;
        }
        setEntry({ key, status: "ready", props: r.props });
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const error: LoadError =
          e && typeof e === "object" && "kind" in e ? (e as LoadError) : { kind: "network" };
        setEntry({ key, status: "error", error });
      },
    );
    return () => controller.abort();
    // `entry` is left out on purpose: this runs when the location (or a retry) asks for new props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  // The title of the page on screen; the server wrote the first one.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (entry.status === "ready") document.title = entry.props.head.title;
  }, [entry]);

  // What pages see: the entry for the current location, or "loading" until it arrives.
  const current: Entry = entry.key === key || (inPlace && entry.status === "ready") ? entry : { key, status: "loading" };
  // Reads the page's props again in place, keeping what is on screen until they
  // arrive (a list that refreshes itself); a failure leaves the page as it is.
  const refresh = useCallback(() => {
    const controller = new AbortController();
    fetchProps(key, controller.signal).then(
      (r) => {
        if ("props" in r) setEntry((e) => (e.key === key ? { key, status: "ready", props: r.props } : e));
      },
      () => {},
    );
  }, [key]);
  const value: PropsContext = {
    site: initial.site,
    entry: current,
    retry: () => setAttempt((n) => n + 1),
    refresh,
    lastStaff: lastStaff.current,
  };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useProps(): PropsContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("PropsProvider is missing");
  return ctx;
}

export function useSite(): Site {
  return useProps().site;
}

export type PageState<P> =
  | { status: "loading" }
  | { status: "error"; error: LoadError; retry: () => void }
  | { status: "ready"; props: P };

/**
 * The component the current location shows: the props' once they are here,
 * while they load the one the registry's table names for the path (it shows its
 * own loading state), and null for a path that is no page.
 */
export function useCurrentComponent(): PageComponent | null {
  const { entry } = useProps();
  const location = useLocation();
  if (entry.status === "ready") return entry.props.component;
  return componentForPath(location.pathname);
}

/**
 * The signed time the current page's form was issued (`src/form_guard.rs`): the
 * one a wizard's step carries from its first page, else the page's own.
 */
export function useFormToken(): string | undefined {
  const { entry } = useProps();
  if (entry.status !== "ready") return undefined;
  const carried = entry.props.form?.values.formIssued;
  return typeof carried === "string" ? carried : entry.props.formToken;
}

/** The props of the current page, when it is drawn by `component`. */
export function usePageProps<N extends PageComponent>(component: N): PageState<Extract<PageProps, { component: N }>> {
  const { entry, retry } = useProps();
  if (entry.status === "loading") return { status: "loading" };
  if (entry.status === "error") return { status: "error", error: entry.error, retry };
  if (entry.props.component !== component) return { status: "error", error: { kind: "format" }, retry };
  return { status: "ready", props: entry.props as Extract<PageProps, { component: N }> };
}

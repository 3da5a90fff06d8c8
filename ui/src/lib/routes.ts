// Which page component a path shows, from the table the page registry generates
// (ui/src/generated/pages.json, made from src/pages/registry.rs), matched by the
// registry's rule: a literal path first, then the patterns (`{id}` is one segment).
import { paths } from "../generated/pages.json";
import type { PageComponent } from "../types";

const PATHS = paths as [string, PageComponent][];

export function componentForPath(pathname: string): PageComponent | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const literal = PATHS.find(([pattern]) => pattern === p);
  if (literal) return literal[1];
  const segments = p.replace(/^\//, "").split("/");
  for (const [pattern, component] of PATHS) {
    const parts = pattern.replace(/^\//, "").split("/");
    if (parts.length !== segments.length || !parts.some((s) => s.startsWith("{"))) continue;
    if (parts.every((part, i) => (part.startsWith("{") ? segments[i] !== "" : part === segments[i]))) return component;
  }
  return null;
}

interface LocationLike {
  pathname: string;
  search: string;
  state?: unknown;
}

/**
 * The path and query whose props a location shows. A link to /doctorDetail
 * carries the doctor's id as navigation state ({doctorId}), as the original
 * client did: it becomes `?doctorId=` for the props request.
 */
export function propsKey(location: LocationLike): string {
  const { pathname, search } = location;
  if (pathname === "/doctorDetail" && !/[?&]doctorId=/.test(search)) {
    const state = location.state as { doctorId?: unknown } | null | undefined;
    const id = state && (typeof state.doctorId === "string" || typeof state.doctorId === "number") ? state.doctorId : null;
    if (id !== null && id !== "") {
      const sep = search ? "&" : "?";
      return `${pathname}${search}${sep}doctorId=${encodeURIComponent(String(id))}`;
    }
  }
  return pathname + search;
}

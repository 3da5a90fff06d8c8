// Which page a path shows, and which path its props are requested for.
import type { PageName } from "../types";

/** The paths of the content pages and their aliases (src/pages/content.rs has the same list). */
const CONTENT_PATHS = [
  "/about", "/about-us", "/about-us-HYGO", "/founder", "/founding-team", "/about-hygo", "/our-mission",
  "/our-vision", "/patient-resources", "/contactus", "/privacy-policy", "/terms-and-conditions", "/reviews",
  "/specialists", "/schedules", "/banner", "/departments/general-consultation",
];

export function pageForPath(pathname: string): PageName | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (CONTENT_PATHS.includes(p)) return "content";
  if (p === "/") return "home";
  if (p === "/doctors") return "doctors";
  if (/^\/doctors\/[^/]+$/.test(p) || p === "/doctorDetail") return "doctor";
  if (p === "/departments") return "departments";
  if (p === "/search") return "search";
  if (p === "/news") return "news";
  if (/^\/news\/[^/]+$/.test(p)) return "article";
  if (p === "/services") return "services";
  if (/^\/services\/[^/]+$/.test(p)) return "service";
  if (/^\/specializations\/[^/]+$/.test(p)) return "specialization";
  if (p === "/subscription") return "subscription";
  if (p === "/newsletter" || p === "/unsubscribe") return "newsletter";
  if (p === "/appointment" || /^\/appointment\/[^/]+$/.test(p)) return "appointment";
  if (/^\/departments\/[^/]+$/.test(p)) return "department";
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

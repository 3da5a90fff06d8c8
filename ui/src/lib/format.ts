// Formatting that gives the same text in QuickJS (no Intl) and in browsers,
// so server and client markup always agree.
const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/** "2025-01-20" → "20 January 2025". */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? ""} ${m[1]}`;
}

/** The name without a leading "Dr.", for sorting and initials. */
export function bareName(name: string): string {
  return name.replace(/^\s*dr\.?\s*/i, "").trim();
}

export function initials(name: string): string {
  const parts = bareName(name).split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? parts[parts.length - 1][0] : "";
  return (first + last).toUpperCase();
}

export function compareNames(a: string, b: string): number {
  const x = bareName(a).toLowerCase();
  const y = bareName(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export function yearsExperience(n: number): string {
  return `${n} ${n === 1 ? "year" : "years"} experience`;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

// The audit log in words (hygo_core::audit::Entry, hygo_booking::inbox::visits_in_words):
// "Rescheduled from Fri, 27 November 2026, 09:00 AM (Dr. Bhavna Dave, HYGO Clinic,
// Kalawad Road) to … by Asha Patel". Used by the audit log and by each request's,
// card request's and message's history.
import { fill, formatDate, instant, weekdayShort } from "../lib/format";
import type { AuditBy, AuditChange, AuditEntry, AuditVisit } from "../generated/props";
import { useActionLabel, useStaffTexts } from "./staff";

/** Who acted, as people say it: a name, the command line, the patient (their link) or the server itself. */
export function useWho(): (by: AuditBy) => string {
  const t = useStaffTexts().audit;
  return (by) => (by.kind === "staff" ? by.name : by.kind === "command-line" ? t.commandLine : by.kind === "patient" ? t.patient : t.system);
}

/** The entry's sentence: what was done (and for a visit, where it was and is), by whom. */
export function useSentence(): (e: AuditEntry) => string {
  const all = useStaffTexts();
  const t = all.audit;
  const action = useActionLabel();
  const who = useWho();
  const visit = (v: AuditVisit) => fill(t.visit, { date: `${weekdayShort(v.date)}, ${formatDate(v.date)}`, time: v.time, doctor: v.doctor, clinic: v.clinic });
  return (e) => {
    const moved = e.from && e.to && JSON.stringify(e.from) !== JSON.stringify(e.to);
    const what = moved ? fill(t.moved, { action: action(e.action), from: visit(e.from!), to: visit(e.to!) })
      : e.to ? fill(t.visitAt, { action: action(e.action), visit: visit(e.to) })
      : action(e.action);
    return fill(t.by, { what, who: who(e.by) });
  };
}

/** A changed field in words: "Status: Requested → Confirmed" (a card request's or a message's statuses are their own). */
export function useChange(): (c: AuditChange, targetKind: string) => string {
  const all = useStaffTexts();
  const t = all.audit;
  const fields: Record<string, string> = t.fields;
  const appointment: Record<string, string> = all.inbox.statuses;
  const item: Record<string, string> = all.items.statuses;
  return (c, kind) => {
    const statuses = kind === "appointment" ? appointment : item;
    const value = (v: string) => (v === "" ? t.empty : c.field === "status" ? statuses[v] ?? v : v);
    return fill(c.field ? t.changeText : t.changeValue, { field: fields[c.field] ?? c.field, before: value(c.before), after: value(c.after) });
  };
}

/** The changes of an entry as a short list (nothing when none). */
export function Changes({ entry }: { entry: AuditEntry }) {
  const change = useChange();
  if (entry.changes.length === 0) return null;
  return <ul className="staff-changes">{entry.changes.map((c, i) => <li key={i}><bdi>{change(c, entry.targetKind)}</bdi></li>)}</ul>;
}

/** A record's history, oldest first: when, and the sentence with its changes. */
export function History({ entries, heading }: { entries: AuditEntry[]; heading: string }) {
  const sentence = useSentence();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="history-h">
      <h2 id="history-h">{heading}</h2>
      <ol className="staff-history">
        {entries.map((e, i) => <li key={i}><span className="staff-muted">{instant(e.at)}</span>: {sentence(e)}<Changes entry={e} /></li>)}
      </ol>
    </section>
  );
}

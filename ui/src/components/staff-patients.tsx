// A patient's requests as a list of cards (StaffPatients, StaffPatient): each
// with its time, doctor, status and how it came in, linked to the request. Cards
// rather than a table, so nothing scrolls sideways on a phone.
import { formatDate } from "../lib/format";
import type { InboxRow } from "../types";
import { useStaffTexts, StaffLink } from "./staff";
import { pageLink } from "../lib/links";

export function PatientRequests({ rows }: { rows: readonly InboxRow[] }) {
  const all = useStaffTexts();
  return (
    <ul className="staff-cards">
      {rows.map((r) => (
        <li key={r.reference}>
          <StaffLink to={pageLink("staff-appointment", { reference: r.reference })}>{formatDate(r.date)}, {r.time}</StaffLink>
          {r.soon ? <strong className="staff-flag"> {all.inbox.soon[r.soon]}</strong> : null}
          <span> · {r.doctor}{r.clinic ? `, ${r.clinic}` : ""} · <bdi>{r.name}</bdi> · {all.inbox.statuses[r.status]} · {all.book.channels[r.channel]}</span>
        </li>
      ))}
    </ul>
  );
}

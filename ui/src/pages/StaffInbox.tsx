// /staff (src/pages/staff.rs, inbox): appointment requests, newest first, with
// what waits, filters by status, doctor and date (a GET form: the filters are
// the address), requests past the 24-hour promise flagged, and the CSV export.
import { useEffect } from "react";
import { formatDate } from "../lib/format";
import { usePlural } from "../components/ui";
import { usePageProps, useProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { instant, Pager, StaffState, useStaffTexts, StaffFrame, StaffTable, StaffErrors, useFieldError, useSent, StaffLink } from "../components/staff";
import { pageLink, writeLink } from "../lib/links";
import { FailedMessages } from "../components/phone-messages";

function StaffInboxPage() {
  const state = usePageProps("StaffInbox");
  const all = useStaffTexts();
  const t = all.inbox;
  const fromError = useFieldError("from");
  const toError = useFieldError("to");
  const sentFrom = useSent("from");
  const sentTo = useSent("to");
  const { refresh } = useProps();
  const count = usePlural();
  // What waits changes while the desk looks: the list is read again every 30
  // seconds while the tab is on screen (without JavaScript, the links reload it).
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, 30_000);
    return () => window.clearInterval(timer);
  }, [refresh]);
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const query = (page: number) => {
    const q = new URLSearchParams();
    q.set("status", d.status ?? "");
    if (d.doctor) q.set("doctor", String(d.doctor));
    if (d.date) q.set("date", d.date);
    q.set("page", String(page));
    return `${pageLink("staff-inbox")}?${q.toString()}`;
  };
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p className="staff-actions">
        <StaffLink to={pageLink("staff-book")} className="button button--primary">{all.book.newAppointment}</StaffLink>
        <StaffLink to={pageLink("staff-book", {}, { channel: "walk-in" })} className="button button--outline">{all.book.walkInNow}</StaffLink>
      </p>
      <ul className="staff-counts">
        <li><StaffLink to={pageLink("staff-inbox", {}, { status: "requested" })}>{count(t.waiting, d.counts.requested)}</StaffLink></li>
        <li className={d.counts.overdue > 0 ? "staff-overdue" : undefined}>{count(t.overdue, d.counts.overdue)}</li>
        <li>{count(t.today, d.counts.today)}</li>
        <li><StaffLink to={pageLink("staff-card-requests")}>{count(t.openCards, d.openCards)}</StaffLink></li>
        <li><StaffLink to={pageLink("staff-messages")}>{count(t.openMessages, d.openMessages)}</StaffLink></li>
      </ul>
      <FailedMessages messages={d.failedMessages} />
      <form method="get" action={pageLink("staff-inbox")} className="staff-filters" aria-label={t.filters}>
        <label>{t.status}
          <select name="status" className="input" defaultValue={d.status ?? ""}>
            <option value="">{t.any}</option>
            {d.statuses.map((s) => <option key={s} value={s}>{t.statuses[s]}</option>)}
          </select>
        </label>
        <label>{t.doctor}
          <select name="doctor" className="input" defaultValue={d.doctor ? String(d.doctor) : ""}>
            <option value="">{t.any}</option>
            {d.doctors.map((doc) => <option key={doc.id} value={doc.id}>{doc.name}</option>)}
          </select>
        </label>
        <label>{t.date}
          <input type="date" name="date" className="input" defaultValue={d.date ?? ""} />
        </label>
        <button type="submit" className="button button--primary">{t.apply}</button>
        <StaffLink to={pageLink("staff-inbox")}>{t.clear}</StaffLink>
      </form>
      {d.status === "requested" ? <p className="staff-muted">{t.waitingHint}</p> : null}
      {d.rows.length === 0 ? <p>{t.none}</p> : (
        <StaffTable label={t.heading}>
          {/* Explicit roles: on a phone the rows are shown as cards, and the roles keep them a table for screen readers. */}
          <table className="staff-table staff-table--cards" role="table">
            <thead role="rowgroup">
              <tr role="row"><th scope="col" role="columnheader">{t.reference}</th><th scope="col" role="columnheader">{t.status}</th><th scope="col" role="columnheader">{t.when}</th><th scope="col" role="columnheader">{t.doctor}</th><th scope="col" role="columnheader">{t.clinic}</th><th scope="col" role="columnheader">{t.patient}</th><th scope="col" role="columnheader">{t.requestedAt}</th></tr>
            </thead>
            <tbody role="rowgroup">
              {d.rows.map((r) => (
                <tr key={r.reference} role="row">
                  <td role="cell"><StaffLink to={pageLink("staff-appointment", { reference: r.reference })}>{r.reference}</StaffLink></td>
                  <td role="cell" data-label={t.status}>{t.statuses[r.status]}{r.overdue ? <strong className="staff-flag"> {t.overdueFlag}</strong> : null}{r.departmentDiffers ? <strong className="staff-flag"> {t.departmentFlag}</strong> : null}{r.away ? <strong className="staff-flag"> {t.awayFlag}</strong> : null}</td>
                  <td role="cell" data-label={t.when}>{formatDate(r.date)}, {r.time}{r.soon ? <strong className="staff-flag staff-soon"> {t.soon[r.soon]}</strong> : null}</td>
                  <td role="cell" data-label={t.doctor}>{r.doctor}</td>
                  <td role="cell" data-label={t.clinic}>{r.clinic}</td>
                  <td role="cell" data-label={t.patient}><bdi>{r.name}</bdi></td>
                  <td role="cell" data-label={t.requestedAt}>{instant(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </StaffTable>
      )}
      <Pager page={d.page} pages={d.pages} href={query} />
      <h2 id="export-h">{t.export}</h2>
      <StaffErrors form="export" order={["from", "to"]} />
      <form method="get" action={writeLink("/staff/appointments.csv")} className="staff-filters" aria-labelledby="export-h">
        <Field form="export" name="from" label={t.from} error={fromError}>
          <input {...describedBy("export", "from", fromError)} type="date" className="input" defaultValue={sentFrom || d.today} required />
        </Field>
        <Field form="export" name="to" label={t.to} error={toError}>
          <input {...describedBy("export", "to", toError)} type="date" className="input" defaultValue={sentTo || d.today} required />
        </Field>
        <button type="submit" className="button button--outline">{t.download}</button>
      </form>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffInbox() {
  return <StaffFrame><StaffInboxPage /></StaffFrame>;
}

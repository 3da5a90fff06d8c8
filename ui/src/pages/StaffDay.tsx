// /staff/day?clinic=&date= (src/pages/staff.rs, day; hygo_booking::inbox::lists::day):
// every doctor keeping hours at a clinic on a date, from the earliest start, each
// with their visits, runs of free slots (each a link to book it), breaks and
// closed times; the clinic's doctors who are not in; previous and next day.
// `?doctor=` shows one doctor at every clinic. Printed, it fits on A4 (app.css, @media print).
import { useEffect, useState } from "react";
import { fill, formatDate, longDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { Pager, StaffState, useStaffTexts, StaffFrame, StaffLink } from "../components/staff";
import { pageLink } from "../lib/links";
import { usePlural } from "../components/ui";
import type { DoctorDay, DayEntry, StaffDayData } from "../generated/props";

type Texts = ReturnType<typeof useStaffTexts>;

/** A plural text filled (`usePlural`), made once for the page. */
type Count = ReturnType<typeof usePlural>;

/**
 * A line of a doctor's day. Each text is one string where it can be: adjacent
 * text children cost a separator each when QuickJS renders the page, and a
 * network's clinic day has hundreds of lines.
 */
function Entry({ entry, day, date, all, clinic, count }: { entry: DayEntry; day: DoctorDay; date: string; all: Texts; clinic: boolean; count: Count }) {
  const t = all.day;
  switch (entry.kind) {
    case "visit": {
      const channel = entry.row.channel === "web" ? "" : `, ${all.book.channels[entry.row.channel]}`;
      return (
        <li className="staff-day-held">
          <span className="staff-day-time">{entry.time}</span>{" "}
          <StaffLink to={pageLink("staff-appointment", { reference: entry.row.reference })}><bdi>{entry.row.name}</bdi></StaffLink>
          {` (${all.inbox.statuses[entry.row.status]}${channel})`}
        </li>
      );
    }
    case "free": {
      // A run of free slots is one line and one link (to the form, its first time chosen; the form lists them all).
      const first = entry.times[0];
      return (
        <li className="staff-day-free">
          <span className="staff-day-time">{first}</span>{" "}
          <StaffLink to={pageLink("staff-book", {}, { doctor: String(day.doctorId), date, time: first })} aria-label={fill(all.book.bookAt, { time: first })}>
            {count(t.freeRun, entry.times.length, { count: entry.times.length, until: entry.until })}
          </StaffLink>
          {clinic ? ` ${fill(t.clinicOf, { clinic: entry.clinic })}` : null}
        </li>
      );
    }
    case "break":
      return <li className="staff-day-gap"><span className="staff-day-time">{entry.from}</span>{` ${fill(t.break, { from: entry.from, until: entry.until })}`}</li>;
    case "closed":
      return <li className="staff-day-gap"><span className="staff-day-time">{entry.from}</span> <strong>{fill(t.closedFrom, { from: entry.from, until: entry.until, note: entry.note })}</strong></li>;
  }
}

function DoctorSection({ day, d, all, count }: { day: DoctorDay; d: StaffDayData; all: Texts; count: Count }) {
  const t = all.day;
  const id = `doctor-${day.doctorId}`;
  return (
    <section className="staff-day-doctor" aria-labelledby={id}>
      <h3 id={id}><StaffLink to={pageLink("staff-day", {}, { doctor: String(day.doctorId), date: d.date })}>{day.doctor}</StaffLink></h3>
      <p>{day.hours ? fill(t.hours, { hours: day.hours }) : t.closed}</p>
      {day.onLeave ? <p className="staff-flag">{t.onLeave}</p> : null}
      {day.closed ? <p className="staff-flag">{fill(t.closedAll, { note: day.closed })}</p> : null}
      {day.entries.length ? <ul className="staff-day">{day.entries.map((e, i) => <Entry key={i} entry={e} day={day} date={d.date} all={all} clinic={!d.clinic} count={count} />)}</ul> : null}
      {day.elsewhere.length ? (
        <>
          <h4>{t.elsewhere}</h4>
          <ul className="staff-day">{day.elsewhere.map((r) => <li key={r.reference} className="staff-day-held"><span className="staff-day-time">{r.time}</span> <StaffLink to={pageLink("staff-appointment", { reference: r.reference })}><bdi>{r.name}</bdi></StaffLink> ({all.inbox.statuses[r.status]}){r.channel === "walk-in" ? ` ${all.book.channels["walk-in"]}, ${all.book.afterHours}` : null}</li>)}</ul>
        </>
      ) : null}
    </section>
  );
}

function StaffDayPage() {
  const state = usePageProps("StaffDay");
  const all = useStaffTexts();
  const count = usePlural();
  const t = all.day;
  // Printing needs the browser's own command without JavaScript; with it, a button.
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const clinic = d.clinics.find((c) => c.id === d.clinic);
  const doctor = d.doctors.find((doc) => doc.id === d.doctor);
  const where = clinic ? clinic.name : doctor ? doctor.name : "";
  const title = fill(t.title, { where, date: longDate(d.date) });
  const at = (date: string) => pageLink("staff-day", {}, d.doctor ? { doctor: String(d.doctor), date } : { clinic: d.clinic ?? "", date });
  return (
    <div className="container page-body staff-day-page">
      <h1>{t.heading}</h1>
      <div className="staff-day-actions">
        <StaffLink to={pageLink("staff-book", {}, d.doctor ? { doctor: String(d.doctor), date: d.date } : { date: d.date })} className="button button--primary">{all.book.newAppointment}</StaffLink>
        {canPrint ? <button type="button" className="button button--outline" onClick={() => window.print()}>{t.print}</button> : null}
      </div>
      <form method="get" action={pageLink("staff-day")} className="staff-filters">
        <div className="staff-filter">
          <label htmlFor="day-clinic">{t.clinic}</label>
          <select id="day-clinic" name="clinic" className="input" defaultValue={d.clinic ?? ""}>
            {d.clinics.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <label>{t.date}<input type="date" name="date" className="input" defaultValue={d.date} /></label>
        <button type="submit" className="button button--primary">{t.show}</button>
      </form>
      <nav className="staff-pager" aria-label={t.days}>
        <StaffLink to={at(d.previous)} rel="prev">{t.previous}</StaffLink>
        {d.date === d.today ? <span aria-current="date">{t.today}</span> : <StaffLink to={at(d.today)}>{t.today}</StaffLink>}
        <StaffLink to={at(d.next)} rel="next">{t.next}</StaffLink>
      </nav>
      <h2>{title}{d.date === d.today ? ` (${t.today})` : ""}</h2>
      {d.pages > 1 ? <p>{fill(t.page, { from: (d.page - 1) * d.perPage + 1, to: (d.page - 1) * d.perPage + d.day.doctors.length, total: d.total })}</p> : null}
      {d.day.doctors.length ? (
        <div className="staff-day-doctors">
          {d.day.doctors.map((day) => <DoctorSection key={day.doctorId} day={day} d={d} all={all} count={count} />)}
        </div>
      ) : <p>{doctor ? fill(t.noneDoctor, { doctor: doctor.name }) : t.none}</p>}
      <Pager page={d.page} pages={d.pages} href={(p) => pageLink("staff-day", {}, d.doctor ? { doctor: String(d.doctor), date: d.date, page: p } : { clinic: d.clinic ?? "", date: d.date, page: p })} />
      {d.day.away.length ? (
        <section aria-labelledby="away-h">
          <h3 id="away-h">{t.away}</h3>
          <ul>{d.day.away.map((a) => <li key={a.doctorId}>{a.doctor}{a.onLeave ? ` (${t.onLeaveShort})` : ""}</li>)}</ul>
        </section>
      ) : null}
      <p className="staff-print-only">{fill(t.printed, { date: formatDate(d.today) })}</p>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffDay() {
  return <StaffFrame><StaffDayPage /></StaffFrame>;
}

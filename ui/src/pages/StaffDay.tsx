// /staff/day?doctor=&date=: a doctor's day, their hours and each slot with the
// request or visit that holds it.
import { Link } from "react-router";
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { StaffState, useStaffTexts, StaffFrame } from "../components/staff";
import { pageLink } from "../lib/links";

function StaffDayPage() {
  const state = usePageProps("StaffDay");
  const all = useStaffTexts();
  const t = all.day;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const day = d.day;
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p><Link to={pageLink("staff-book", {}, day ? { doctor: String(day.doctorId), date: day.date } : {})} className="button button--primary">{all.book.newAppointment}</Link></p>
      <form method="get" action={pageLink("staff-day")} className="staff-filters">
        <label>{t.doctor}
          <select name="doctor" className="input" defaultValue={day ? String(day.doctorId) : ""}>
            {d.doctors.map((doc) => <option key={doc.id} value={doc.id}>{doc.name}</option>)}
          </select>
        </label>
        <label>{t.date}<input type="date" name="date" className="input" defaultValue={d.date} /></label>
        <button type="submit" className="button button--primary">{t.show}</button>
      </form>
      {!day ? <p>{t.noDoctor}</p> : (
        <>
          <h2>{day.doctor}, {formatDate(day.date)}</h2>
          <p>{day.hours ? fill(t.hours, { hours: day.hours }) : t.closed}</p>
          {day.slots.length ? (
            <ul className="staff-day">
              {day.slots.map((s) => (
                <li key={s.time} className={s.request ? "staff-day-held" : undefined}>
                  <span className="staff-day-time">{s.time}</span>{" "}
                  <span className="staff-muted">{fill(t.clinic, { clinic: s.clinic })}</span>{" "}
                  {s.request ? <Link to={pageLink("staff-appointment", { reference: s.request.reference })}><bdi>{s.request.name}</bdi> ({all.inbox.statuses[s.request.status]})</Link> : <Link to={pageLink("staff-book", {}, { doctor: String(day.doctorId), date: day.date, time: s.time })} aria-label={fill(all.book.bookAt, { time: s.time })}>{t.free}: {all.book.newAppointment}</Link>}
                </li>
              ))}
            </ul>
          ) : null}
          {day.elsewhere.length ? (
            <>
              <h3>{t.elsewhere}</h3>
              <ul>{day.elsewhere.map((r) => <li key={r.reference}><Link to={pageLink("staff-appointment", { reference: r.reference })}>{r.time}: <bdi>{r.name}</bdi></Link>{r.channel === "walk-in" ? ` (${all.book.channels["walk-in"]}, ${all.book.afterHours})` : null}</li>)}</ul>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffDay() {
  return <StaffFrame><StaffDayPage /></StaffFrame>;
}

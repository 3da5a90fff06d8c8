// /staff/week (src/pages/staff.rs, week): for each current doctor, the week's
// days at a glance: hours (and whether they are a change), leave, a closed
// clinic, and how many requests hold a time; each day links to the day view.
import { Link } from "react-router";
import { addDays, dayOfMonth, fill, formatDate, longDate, weekdayShort } from "../lib/format";
import { usePageProps } from "../lib/props";
import { Pager, StaffFrame, StaffState, StaffTable, useStaffTexts } from "../components/staff";
import { pageLink } from "../lib/links";
import type { StaffWeekDay, StaffWeekDoctor } from "../generated/props";

type WeekTexts = ReturnType<typeof useStaffTexts>["week"];

/** A doctor's day of the week: hours (or leave, a closure), and the requests holding a time. */
function DayCell({ day, doctor, t }: { day: StaffWeekDay; doctor: StaffWeekDoctor; t: WeekTexts }) {
  return (
    <>
      {day.onLeave ? <strong>{t.onLeave}</strong>
        : day.closed ? <strong>{fill(t.closed, { note: day.closed })}</strong>
        : <span>{day.hours || t.noHours}{day.changed ? ` ${t.changed}` : ""}</span>}
      {day.requests > 0 ? (
        <>
          <br />
          <Link to={pageLink("staff-day", {}, { doctor: doctor.id, date: day.date })} aria-label={fill(t.dayLink, { doctor: doctor.name, date: longDate(day.date) })}>
            {day.requests === 1 ? t.oneRequest : fill(t.requests, { count: day.requests })}
          </Link>
        </>
      ) : null}
    </>
  );
}

function StaffWeekPage() {
  const state = usePageProps("StaffWeek");
  const t = useStaffTexts().week;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const title = fill(t.heading, { date: formatDate(d.from) });
  return (
    <div className="container page-body">
      <h1>{title}</h1>
      <p>{t.intro}</p>
      <form method="get" action={pageLink("staff-week")} className="staff-filters">
        <input type="hidden" name="from" value={d.from} />
        <div className="staff-filter">
          <label htmlFor="week-clinic">{t.clinic}</label>
          <select id="week-clinic" name="clinic" className="input" defaultValue={d.clinic}>
            {d.clinics.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <button type="submit" className="button button--primary">{t.show}</button>
      </form>
      <nav className="staff-pager" aria-label={title}>
        <Link to={pageLink("staff-week", {}, { clinic: d.clinic, from: addDays(d.from, -7) })} rel="prev">{t.previous}</Link>
        <Link to={pageLink("staff-week", {}, { clinic: d.clinic, from: d.today })}>{t.thisWeek}</Link>
        <Link to={pageLink("staff-week", {}, { clinic: d.clinic, from: addDays(d.from, 7) })} rel="next">{t.next}</Link>
      </nav>
      {d.pages > 1 ? <p>{fill(t.page, { from: (d.page - 1) * d.perPage + 1, to: (d.page - 1) * d.perPage + d.doctors.length, total: d.total })}</p> : null}
      <div className="staff-week-grid"><StaffTable label={title}>
        <table className="staff-table staff-week">
          <thead>
            <tr>
              <th scope="col">{t.doctor}</th>
              {d.days.map((day) => (
                <th key={day} scope="col" className={day === d.today ? "staff-week-today" : undefined} aria-current={day === d.today ? "date" : undefined}>
                  <abbr title={longDate(day)}>{weekdayShort(day)} {dayOfMonth(day)}</abbr>{day === d.today ? <> <span className="staff-flag">{t.today}</span></> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {d.doctors.map((doc) => (
              <tr key={doc.id}>
                <th scope="row"><Link to={pageLink("staff-hours", { id: doc.id })}>{doc.name}</Link></th>
                {doc.days.map((day) => (
                  <td key={day.date} className={[day.onLeave || day.closed ? "staff-week-off" : "", day.date === d.today ? "staff-week-today" : ""].join(" ").trim() || undefined}>
                    <DayCell day={day} doctor={doc} t={t} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </StaffTable></div>
      {/* On a phone: the same week as a list by day (the table is hidden there, app.css). */}
      <div className="staff-week-list">
        {d.days.map((day) => {
          const working = d.doctors.filter((doc) => doc.days.some((x) => x.date === day && (x.hours || x.onLeave || x.requests)));
          return (
            <section key={day} aria-labelledby={`week-${day}`} className={day === d.today ? "staff-week-today" : undefined}>
              <h2 id={`week-${day}`}>{longDate(day)}{day === d.today ? ` (${t.today})` : ""}</h2>
              {working.length ? (
                <ul className="staff-cards">
                  {working.map((doc) => {
                    const x = doc.days.find((w) => w.date === day)!;
                    return <li key={doc.id}><strong>{doc.name}</strong>: <DayCell day={x} doctor={doc} t={t} /></li>;
                  })}
                </ul>
              ) : <p>{t.nobody}</p>}
            </section>
          );
        })}
      </div>
      <Pager page={d.page} pages={d.pages} href={(p) => pageLink("staff-week", {}, { clinic: d.clinic, from: d.from, page: p })} />
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffWeek() {
  return <StaffFrame><StaffWeekPage /></StaffFrame>;
}

// /staff/week (src/pages/staff.rs, week): for each current doctor, the week's
// days at a glance: hours (and whether they are a change), leave, a closed
// clinic, and how many requests hold a time; each day links to the day view.
// On a phone, one day of the week as a list (`?from=` names it).
import { addDays, dayOfMonth, fill, formatDate, longDate, weekdayShort } from "../lib/format";
import { usePageProps } from "../lib/props";
import { Pager, StaffFrame, StaffState, StaffTable, useStaffTexts, StaffLink } from "../components/staff";
import { pageLink } from "../lib/links";
import type { StaffWeekDay, StaffWeekDoctor } from "../generated/props";

type WeekTexts = ReturnType<typeof useStaffTexts>["week"];

/**
 * A doctor's day of the week: hours (or leave, a closure), and the requests
 * holding a time. As few elements as it can: the table has a cell for every
 * doctor and day, and each element costs when QuickJS renders the page.
 */
function DayCell({ day, doctor, t }: { day: StaffWeekDay; doctor: StaffWeekDoctor; t: WeekTexts }) {
  const state = day.onLeave ? <strong>{t.onLeave}</strong>
    : day.closed ? <strong>{fill(t.closed, { note: day.closed })}</strong>
    : day.changed ? `${day.hours || t.noHours} ${t.changed}` : day.hours || t.noHours;
  if (day.requests === 0) return state;
  return (
    <>
      {state}
      <StaffLink to={pageLink("staff-day", {}, { doctor: doctor.id, date: day.date })} className="staff-week-count" aria-label={fill(t.dayLink, { doctor: doctor.name, date: longDate(day.date) })}>
        {day.requests === 1 ? t.oneRequest : fill(t.requests, { count: day.requests })}
      </StaffLink>
    </>
  );
}

function StaffWeekPage() {
  const state = usePageProps("StaffWeek");
  const t = useStaffTexts().week;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const title = fill(t.heading, { date: formatDate(d.from) });
  // The phone's day: each doctor who keeps hours, is away or has requests that day.
  const listed = d.doctors.flatMap((doc) => {
    const x = doc.days.find((w) => w.date === d.day);
    return x && (x.hours || x.onLeave || x.requests) ? [[doc, x] as const] : [];
  });
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
        <StaffLink to={pageLink("staff-week", {}, { clinic: d.clinic, from: addDays(d.from, -7) })} rel="prev">{t.previous}</StaffLink>
        <StaffLink to={pageLink("staff-week", {}, { clinic: d.clinic, from: d.today })}>{t.thisWeek}</StaffLink>
        <StaffLink to={pageLink("staff-week", {}, { clinic: d.clinic, from: addDays(d.from, 7) })} rel="next">{t.next}</StaffLink>
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
                <th scope="row"><StaffLink to={pageLink("staff-hours", { id: doc.id })}>{doc.name}</StaffLink></th>
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
      {/* On a phone: one day of the week at a time as a list, the week's days
          as links (the table is hidden there, app.css). One day, not seven: the
          page stays as light as the table alone. */}
      <div className="staff-week-list" id="week-list">
        <ul className="staff-week-days" aria-label={t.listDays}>
          {d.days.map((day) => (
            <li key={day}>
              <StaffLink to={`${pageLink("staff-week", {}, { clinic: d.clinic, from: day, page: d.page > 1 ? d.page : undefined })}#week-list`} aria-current={day === d.day ? "true" : undefined} className={day === d.today ? "staff-week-today" : undefined}>
                <abbr title={longDate(day)}>{weekdayShort(day)} {dayOfMonth(day)}</abbr>
              </StaffLink>
            </li>
          ))}
        </ul>
        <section aria-labelledby="week-list-day" className={d.day === d.today ? "staff-week-today" : undefined}>
          <h2 id="week-list-day">{longDate(d.day)}{d.day === d.today ? ` (${t.today})` : ""}</h2>
          {listed.length ? (
            <ul className="staff-cards">
              {listed.map(([doc, x]) => <li key={doc.id}><strong>{doc.name}</strong>: <DayCell day={x} doctor={doc} t={t} /></li>)}
            </ul>
          ) : <p>{t.nobody}</p>}
        </section>
      </div>
      <Pager page={d.page} pages={d.pages} href={(p) => pageLink("staff-week", {}, { clinic: d.clinic, from: d.from, page: p })} />
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffWeek() {
  return <StaffFrame><StaffWeekPage /></StaffFrame>;
}

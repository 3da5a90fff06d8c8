// /staff/week (src/pages/staff.rs, week): for each current doctor, the week's
// days at a glance: hours (and whether they are a change), leave, a closed
// clinic, and how many requests hold a time; each day links to the day view.
import { Link } from "react-router";
import { addDays, dayOfMonth, fill, formatDate, longDate, weekdayShort } from "../lib/format";
import { usePageProps } from "../lib/props";
import { StaffFrame, StaffState, StaffTable, useStaffTexts } from "../components/staff";
import { pageLink } from "../lib/links";

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
      <nav className="staff-pager" aria-label={title}>
        <Link to={pageLink("staff-week", {}, { from: addDays(d.from, -7) })} rel="prev">{t.previous}</Link>
        <Link to={pageLink("staff-week", {}, { from: d.today })}>{t.thisWeek}</Link>
        <Link to={pageLink("staff-week", {}, { from: addDays(d.from, 7) })} rel="next">{t.next}</Link>
      </nav>
      <StaffTable label={title}>
        <table className="staff-table staff-week">
          <thead>
            <tr>
              <th scope="col">{t.doctor}</th>
              {d.days.map((day) => <th key={day} scope="col"><abbr title={longDate(day)}>{weekdayShort(day)} {dayOfMonth(day)}</abbr></th>)}
            </tr>
          </thead>
          <tbody>
            {d.doctors.map((doc) => (
              <tr key={doc.id}>
                <th scope="row"><Link to={pageLink("staff-hours", { id: doc.id })}>{doc.name}</Link></th>
                {doc.days.map((day) => (
                  <td key={day.date} className={day.onLeave || day.closed ? "staff-week-off" : undefined}>
                    {day.onLeave ? <strong>{t.onLeave}</strong>
                      : day.closed ? <strong>{fill(t.closed, { note: day.closed })}</strong>
                      : <span>{day.hours || t.noHours}{day.changed ? ` ${t.changed}` : ""}</span>}
                    {day.requests > 0 ? (
                      <>
                        <br />
                        <Link to={pageLink("staff-day", {}, { doctor: doc.id, date: day.date })} aria-label={fill(t.dayLink, { doctor: doc.name, date: longDate(day.date) })}>
                          {day.requests === 1 ? t.oneRequest : fill(t.requests, { count: day.requests })}
                        </Link>
                      </>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </StaffTable>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffWeek() {
  return <StaffFrame><StaffWeekPage /></StaffFrame>;
}

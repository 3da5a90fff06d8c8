// /staff/today: the front desk's day. Today's visits by clinic and time, each
// with the patient's phone and the buttons that mark them arrived, a no-show or
// completed (one-button forms to the request's own address, which come back here).
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { StaffErrors, StaffForm, StaffFrame, StaffState, useStaffTexts, StaffLink } from "../components/staff";
import { pageLink, writeLink } from "../lib/links";

function StaffTodayPage() {
  const state = usePageProps("StaffToday");
  const all = useStaffTexts();
  const t = all.today;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const done = d.done ? (t.done as Record<string, string>)[d.done] : undefined;
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{fill(t.intro, { date: formatDate(d.date) })}</p>
      {done ? <p className="staff-done" role="status">{done}</p> : null}
      <StaffErrors form="today" />
      {d.clinics.map((c, i) => (
        <section key={c.clinic} aria-labelledby={`clinic-${i}`} className="staff-today-clinic">
          <h2 id={`clinic-${i}`}>{c.clinic}</h2>
          {c.visits.length === 0 ? <p>{t.empty}</p> : (
            <ol className="staff-today">
              {c.visits.map((v) => (
                <li key={v.reference}>
                  <p className="staff-today-who">
                    <span className="staff-day-time">{v.time}</span> <bdi>{v.name}</bdi>
                    {" "}<span className="staff-muted">({all.inbox.statuses[v.status]})</span>
                    {v.away ? <strong className="staff-flag"> {all.inbox.awayFlag}</strong> : null}
                  </p>
                  <dl className="staff-dl">
                    <dt>{t.doctor}</dt><dd>{v.doctor}</dd>
                    <dt>{t.phone}</dt>
                    <dd><a href={v.tel} aria-label={fill(t.call, { name: v.name })}>{v.phone}</a></dd>
                    <dt>{t.reference}</dt>
                    <dd><StaffLink to={pageLink("staff-appointment", { reference: v.reference })}>{v.reference}</StaffLink></dd>
                  </dl>
                  {v.steps.length ? (
                    <div className="staff-actions" role="group" aria-label={fill(t.stepsFor, { name: v.name, time: v.time })}>
                      {v.steps.map((step) => (
                        <StaffForm key={step} action={writeLink("/staff/appointments/{reference}", { reference: v.reference })} id={`${step}-${v.reference}`} className="staff-inline">
                          <input type="hidden" name="step" value={step} />
                          <input type="hidden" name="back" value="today" />
                          <button type="submit" className="button button--outline">{(t.steps as Record<string, string>)[step]}</button>
                        </StaffForm>
                      ))}
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffToday() {
  return <StaffFrame><StaffTodayPage /></StaffFrame>;
}

// /staff/away/{kind}/{id} (src/pages/staff.rs, away; hygo_booking::inbox::away):
// the sick day. Every visit a doctor's leave or a clinic's closure covers, with
// the patient's phone, language and what they were sent; "tell everyone" and
// "move all to" (plain forms to this address, which come back here with
// ?done=); and with ?sheet=1 the call sheet to print.
import { useEffect, useState } from "react";
import { fill, formatDate, longDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { StaffErrors, StaffForm, StaffFrame, StaffLink, StaffState, StaffTable, useClosureWhen, useFieldError, useStaffTexts } from "../components/staff";
import { DoneNote } from "../components/staff-done";
import { pageLink } from "../lib/links";
import type { StaffAway, StaffAwayVisit } from "../generated/props";

type Texts = ReturnType<typeof useStaffTexts>;

/** "Dr. Rahul Patel is away: the visits to move" or "Gondal Road Clinic is closed: …". */
function useTitle(): (a: StaffAway) => { heading: string; when: string } {
  const all = useStaffTexts();
  const closureWhen = useClosureWhen();
  return (a) => {
    if (a.kind === "closure") return { heading: fill(all.away.closureHeading, { clinic: a.clinic ?? "" }), when: closureWhen(a.from, a.starts, a.ends) };
    // A sick day is one day: its date alone.
    const when = a.until === a.from ? longDate(a.from) : a.until ? fill(all.leave.fromUntil, { from: formatDate(a.from), until: formatDate(a.until) }) : fill(all.leave.fromOn, { from: formatDate(a.from) });
    return { heading: fill(all.away.leaveHeading, { doctor: a.doctor ?? "" }), when };
  };
}

/** What the patient was sent: the state of "your doctor is away", or why nothing. */
function told(all: Texts, v: StaffAwayVisit): string {
  const m = all.phoneMessages;
  const channel = m.channels[v.updates as keyof Texts["phoneMessages"]["channels"]];
  if (!channel) return all.away.notAgreed;
  if (!v.told) return fill(all.away.notTold, { channel });
  return `${channel}: ${m.states[v.told as keyof Texts["phoneMessages"]["states"]] ?? v.told}`;
}

/** Where it stands, and where it went once moved. */
function outcome(all: Texts, v: StaffAwayVisit): string {
  const word = all.away.outcomes[v.outcome];
  if (v.outcome !== "moved") return word;
  return `${word}: ${fill(all.away.movedTo, { doctor: v.now.doctor, date: formatDate(v.now.date), time: v.now.time })}`;
}

function Counts({ visits }: { visits: readonly StaffAwayVisit[] }) {
  const t = useStaffTexts().away;
  const n = (o: StaffAwayVisit["outcome"]) => String(visits.filter((v) => v.outcome === o).length);
  return <p className="staff-away-counts">{fill(t.counts, { visits: String(visits.length), call: n("call"), told: n("told"), moved: n("moved"), cancelled: n("cancelled") })}</p>;
}

function Visits({ visits }: { visits: readonly StaffAwayVisit[] }) {
  const all = useStaffTexts();
  const t = all.away;
  return (
    <StaffTable label={t.visitsHeading}>
      <table className="staff-table staff-table--cards" role="table">
        <thead role="rowgroup">
          <tr role="row">
            {[t.time, t.patient, t.phone, t.language, t.message, t.now].map((h) => <th key={h} scope="col" role="columnheader">{h}</th>)}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {visits.map((v) => (
            <tr key={v.reference} role="row" data-outcome={v.outcome}>
              <td role="cell">{formatDate(v.date)}, {v.time}<br /><span className="staff-muted">{v.doctor}</span></td>
              <td role="cell" data-label={t.patient}>
                <bdi>{v.name}</bdi><br />
                <StaffLink to={pageLink("staff-appointment", { reference: v.reference })}>{v.reference}</StaffLink>
              </td>
              <td role="cell" data-label={t.phone}><a href={`tel:${v.phone}`} aria-label={fill(t.call, { name: v.name })}>{v.phone}</a></td>
              <td role="cell" data-label={t.language}>{t.languages[v.lang as keyof Texts["away"]["languages"]] ?? v.lang}</td>
              <td role="cell" data-label={t.message}>{told(all, v)}</td>
              <td role="cell" data-label={t.now}>{v.outcome === "call" ? <strong>{outcome(all, v)}</strong> : outcome(all, v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StaffTable>
  );
}

/** The two buttons: tell everyone; move all to a doctor free at the same times. */
function Steps({ a, action }: { a: StaffAway; action: string }) {
  const t = useStaffTexts().away;
  const doctorError = useFieldError("doctorId");
  const toTell = a.visits.some((v) => v.outcome === "call" && v.updates !== "none" && !v.told);
  const toMove = a.visits.some((v) => v.outcome === "call" || v.outcome === "told");
  return (
    <div className="staff-away-steps">
      {toTell ? (
        <section aria-labelledby="tell-h">
          <h2 id="tell-h">{t.tellHeading}</h2>
          <p>{t.tellLead}</p>
          <StaffForm action={action} id="tell">
            <input type="hidden" name="op" value="tell" />
            <button type="submit" className="button button--primary">{t.tell}</button>
          </StaffForm>
        </section>
      ) : null}
      {toMove ? (
        <section aria-labelledby="move-h">
          <h2 id="move-h">{t.moveHeading}</h2>
          <p>{t.moveLead}</p>
          {a.doctors.length === 0 ? <p>{t.noDoctors}</p> : (
            <StaffForm action={action} id="move">
              <input type="hidden" name="op" value="move" />
              <Field form="move" name="doctorId" label={t.doctor} error={doctorError}>
                <select {...describedBy("move", "doctorId", doctorError)} className="input">
                  {a.doctors.map((d) => (
                    <option key={d.id} value={d.id}>{fill(t.freeFor, { name: d.name, specialization: d.specialization, clinic: d.clinic, free: String(d.free), of: String(d.of) })}</option>
                  ))}
                </select>
              </Field>
              <button type="submit" className="button button--primary">{t.move}</button>
            </StaffForm>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The call sheet: those still to call and those told without a new time, to print and tick. */
function Sheet({ a, what, back }: { a: StaffAway; what: string; back: string }) {
  const all = useStaffTexts();
  const t = all.away;
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  const rows = a.visits.filter((v) => v.outcome === "call" || v.outcome === "told");
  return (
    <div className="container page-body staff-sheet-page">
      <h1>{fill(t.sheetHeading, { what })}</h1>
      <p>{t.sheetLead}</p>
      <div className="staff-day-actions">
        <StaffLink to={back}>{t.back}</StaffLink>
        {canPrint ? <button type="button" className="button button--outline" onClick={() => window.print()}>{t.print}</button> : null}
      </div>
      {rows.length === 0 ? <p>{t.sheetNone}</p> : (
        <table className="staff-table staff-table--cards staff-sheet" role="table">
          <thead role="rowgroup">
            <tr role="row">{[t.time, t.patient, t.phone, t.language, t.message, t.reached].map((h) => <th key={h} scope="col" role="columnheader">{h}</th>)}</tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((v) => (
              <tr key={v.reference} role="row">
                <td role="cell">{formatDate(v.date)}, {v.time}</td>
                <td role="cell" data-label={t.patient}><bdi>{v.name}</bdi> ({v.reference})</td>
                <td role="cell" data-label={t.phone}><a href={`tel:${v.phone}`}>{v.phone}</a></td>
                <td role="cell" data-label={t.language}>{t.languages[v.lang as keyof Texts["away"]["languages"]] ?? v.lang}</td>
                <td role="cell" data-label={t.message}>{told(all, v)}</td>
                <td role="cell" data-label={t.reached}><span className="staff-sheet-box" aria-hidden="true" /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function StaffAwayPage() {
  const state = usePageProps("StaffAway");
  const all = useStaffTexts();
  const t = all.away;
  const title = useTitle();
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const a = d.away;
  if (!a) {
    return (
      <div className="container page-body">
        <h1>{all.titles["staff-away"]}</h1>
        <p>{t.notFound}</p>
        <p><StaffLink to={pageLink("staff-leave")}>{all.titles["staff-leave"]}</StaffLink></p>
      </div>
    );
  }
  const here = pageLink("staff-away", { kind: a.kind, id: a.id });
  const { heading, when } = title(a);
  if (d.sheet) return <Sheet a={a} what={`${a.doctor ?? a.clinic ?? ""}, ${when}`} back={here} />;
  return (
    <div className="container page-body">
      <h1>{heading}</h1>
      <p className="staff-away-when">{when}</p>
      {a.note ? <p className="staff-text">{a.note}</p> : null}
      <p>{t.intro}</p>
      <DoneNote texts={t.done} />
      <StaffErrors form="move" />
      {a.visits.length === 0 ? <p>{t.none}</p> : (
        <>
          <Counts visits={a.visits} />
          <Steps a={a} action={here} />
          <h2>{t.visitsHeading}</h2>
          <p><StaffLink to={pageLink("staff-away", { kind: a.kind, id: a.id }, { sheet: "1" })}>{t.sheetLink}</StaffLink></p>
          <Visits visits={a.visits} />
        </>
      )}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffAwayScreen() {
  return <StaffFrame><StaffAwayPage /></StaffFrame>;
}

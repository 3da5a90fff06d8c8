// /staff/leave (src/pages/staff.rs, leave; hygo_schedule::leave): a doctor's current
// and coming leave, each with the requests already made for its days (the desk
// moves or declines them), and for admins the forms to add and remove leave.
// Plain forms: a GET one chooses the doctor, POSTs change the leave.
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { StaffErrors, StaffForm, StaffFrame, StaffState, useFieldError, useSent, useStaffTexts, ScheduleEntries } from "../components/staff";
import { DoneNote } from "../components/staff-done";
import { pageLink, writeLink } from "../lib/links";

function StaffLeavePage() {
  const state = usePageProps("StaffLeave");
  const all = useStaffTexts();
  const t = all.leave;
  const fromError = useFieldError("from");
  const untilError = useFieldError("until");
  const noteError = useFieldError("note");
  const sent = { from: useSent("from"), until: useSent("until"), note: useSent("note") };
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const doctor = d.doctors.find((doc) => doc.id === d.doctor);
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <DoneNote texts={t.done} />
      <form method="get" action={pageLink("staff-leave")} className="staff-filters" aria-label={t.doctor}>
        <Field form="choose" name="doctor" label={t.doctor}>
          <select {...describedBy("choose", "doctor")} className="input" defaultValue={d.doctor ? String(d.doctor) : ""}>
            {d.doctors.map((doc) => <option key={doc.id} value={doc.id}>{doc.name}</option>)}
          </select>
        </Field>
        <button type="submit" className="button button--primary">{t.show}</button>
      </form>
      {doctor ? (
        <>
          <h2>{fill(t.current, { doctor: doctor.name })}</h2>
          {d.periods.length === 0 ? <p>{fill(t.none, { doctor: doctor.name })}</p> : (
            <ScheduleEntries
              entries={d.periods}
              title={(p) => (p.until ? fill(t.fromUntil, { from: formatDate(p.from), until: formatDate(p.until) }) : fill(t.fromOn, { from: formatDate(p.from) }))}
              texts={t}
              remove={d.canEdit ? (p) => ({ action: writeLink("/staff/leave"), id: `remove-${p.id}`, fields: { op: "remove", doctorId: doctor.id, leaveId: p.id }, label: t.remove }) : null}
            />
          )}
          {d.canEdit ? (
            <section aria-labelledby="add-leave-h">
              <h2 id="add-leave-h">{t.addHeading}</h2>
              <StaffForm action={writeLink("/staff/leave")} id="leave">
                <StaffErrors form="leave" order={["from", "until", "note"]} />
                <input type="hidden" name="op" value="add" />
                <input type="hidden" name="doctorId" value={doctor.id} />
                <Field form="leave" name="from" label={t.from} error={fromError}>
                  <input {...describedBy("leave", "from", fromError)} type="date" className="input" min={d.today} defaultValue={sent.from} required />
                </Field>
                <Field form="leave" name="until" label={t.until} hint={t.untilHint} error={untilError}>
                  <input {...describedBy("leave", "until", untilError, true)} type="date" className="input" min={d.today} defaultValue={sent.until} />
                </Field>
                <Field form="leave" name="note" label={t.note} hint={t.noteHint} error={noteError}>
                  <input {...describedBy("leave", "note", noteError, true)} className="input" maxLength={d.limits.note} defaultValue={sent.note} />
                </Field>
                <button type="submit" className="button button--primary">{t.add}</button>
              </StaffForm>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffLeave() {
  return <StaffFrame><StaffLeavePage /></StaffFrame>;
}

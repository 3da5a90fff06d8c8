// /staff/leave (src/pages/staff.rs, leave; hygo_schedule::leave): who is away in
// the coming 30 days (every doctor's leave and every clinic closure, each with
// the requests on it), or with ?doctor= one doctor's current and coming leave.
// The desk and admins add leave (a doctor phoning in sick); only admins remove it
// (/staff/leave/remove). Plain forms: a GET one chooses the doctor, POSTs change the leave.
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { StaffErrors, StaffForm, StaffFrame, StaffState, useFieldError, useSent, useStaffTexts, ScheduleEntries, useClosureWhen, StaffLink } from "../components/staff";
import { DoneNote } from "../components/staff-done";
import { pageLink, writeLink } from "../lib/links";
import type { StaffLeavePeriod } from "../generated/props";

function StaffLeavePage() {
  const state = usePageProps("StaffLeave");
  const all = useStaffTexts();
  const t = all.leave;
  const closureWhen = useClosureWhen();
  const doctorError = useFieldError("doctorId");
  const fromError = useFieldError("from");
  const untilError = useFieldError("until");
  const noteError = useFieldError("note");
  const sent = { doctorId: useSent("doctorId"), from: useSent("from"), until: useSent("until"), note: useSent("note") };
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const doctor = d.doctors.find((doc) => doc.id === d.doctor);
  const dates = (p: StaffLeavePeriod) => (p.until ? fill(t.fromUntil, { from: formatDate(p.from), until: formatDate(p.until) }) : fill(t.fromOn, { from: formatDate(p.from) }));
  const remove = d.canRemove ? (p: StaffLeavePeriod) => ({ action: writeLink("/staff/leave/remove"), id: `remove-${p.id}`, fields: { doctorId: p.doctorId, leaveId: p.id }, label: t.remove }) : null;
  return (
    <div className="container page-body">
      <h1>{doctor ? fill(t.current, { doctor: doctor.name }) : fill(t.awayHeading, { days: d.days })}</h1>
      <p>{t.intro}</p>
      <DoneNote texts={t.done} />
      <form method="get" action={pageLink("staff-leave")} className="staff-filters" aria-label={t.doctor}>
        <Field form="choose" name="doctor" label={t.doctor}>
          <select {...describedBy("choose", "doctor")} className="input" defaultValue={d.doctor ? String(d.doctor) : ""}>
            <option value="">{t.everyone}</option>
            {d.doctors.map((doc) => <option key={doc.id} value={doc.id}>{doc.name}</option>)}
          </select>
        </Field>
        <button type="submit" className="button button--primary">{t.show}</button>
      </form>
      {doctor ? (
        d.periods.length === 0 ? <p>{fill(t.none, { doctor: doctor.name })}</p> : <ScheduleEntries entries={d.periods} level={2} title={dates} texts={t} remove={remove} away="leave" />
      ) : (
        <>
          <h2>{t.awayDoctors}</h2>
          {d.periods.length === 0 ? <p>{fill(t.nobodyAway, { days: d.days })}</p> : (
            <ScheduleEntries entries={d.periods} title={(p) => `${p.doctor}: ${dates(p)}`} texts={t} remove={remove} away="leave" />
          )}
          <h2>{t.closuresHeading}</h2>
          {d.closures.length === 0 ? <p>{fill(t.noClosures, { days: d.days })}</p> : (
            <ScheduleEntries
              entries={d.closures}
              title={(c) => `${d.clinics.find((k) => k.id === c.clinic)?.name ?? ""}: ${closureWhen(c.date, c.from, c.until)}`}
              texts={all.closures}
              withDoctor
              remove={null}
              away="closure"
            />
          )}
          <p><StaffLink to={pageLink("staff-closures")}>{t.allClosures}</StaffLink></p>
        </>
      )}
      <section aria-labelledby="add-leave-h">
        <h2 id="add-leave-h">{doctor ? t.addHeading : t.addAnyHeading}</h2>
        <p>{t.addIntro}</p>
        <StaffForm action={writeLink("/staff/leave")} id="leave">
          <StaffErrors form="leave" order={["doctorId", "from", "until", "note"]} />
          <input type="hidden" name="op" value="add" />
          {doctor ? <input type="hidden" name="doctorId" value={doctor.id} /> : (
            <Field form="leave" name="doctorId" label={t.doctor} error={doctorError} required>
              <select {...describedBy("leave", "doctorId", doctorError)} className="input" defaultValue={sent.doctorId}>
                <option value="" disabled>{t.chooseDoctor}</option>
                {d.doctors.map((doc) => <option key={doc.id} value={doc.id}>{doc.name}</option>)}
              </select>
            </Field>
          )}
          <Field form="leave" name="from" label={t.from} error={fromError}>
            <input {...describedBy("leave", "from", fromError)} type="date" className="input" min={d.today} defaultValue={sent.from || d.today} required />
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
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffLeave() {
  return <StaffFrame><StaffLeavePage /></StaffFrame>;
}

// /staff/closures (src/pages/staff.rs, closures; hygo_schedule::schedule): the dates a
// clinic is closed, all day or part of it, with the note patients see and the
// requests at the closed time; admins add and remove them.
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { useRefusedForm, StaffErrors, StaffForm, StaffFrame, StaffState, useFieldError, useSent, useStaffTexts, ScheduleEntries, useClosureWhen } from "../components/staff";
import { DoneNote } from "../components/staff-done";
import { writeLink } from "../lib/links";

const CLOSURE_FIELDS = ["clinic", "date", "from", "until", "note"];

function StaffClosuresPage() {
  const state = usePageProps("StaffClosures");
  const all = useStaffTexts();
  const t = all.closures;
  const errors = { clinic: useFieldError("clinic"), date: useFieldError("date"), from: useFieldError("from"), until: useFieldError("until"), note: useFieldError("note") };
  const when = useClosureWhen();
  const sent = { clinic: useSent("clinic"), date: useSent("date"), from: useSent("from"), until: useSent("until"), note: useSent("note") };
  const which = useRefusedForm({ closure: CLOSURE_FIELDS });
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const clinicName = (id: string | null) => d.clinics.find((c) => c.id === id)?.name ?? "";
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <DoneNote texts={t.done} />
      {which === "" ? <StaffErrors form="page" /> : null}
      {d.closures.length === 0 ? <p>{t.none}</p> : (
        <ScheduleEntries
          entries={d.closures}
          level={2}
          title={(c) => `${clinicName(c.clinic)}: ${when(c.date, c.from, c.until)}`}
          texts={t}
          withDoctor
          away="closure"
          remove={d.canEdit ? (c) => ({ action: writeLink("/staff/closures"), id: `remove-${c.id}`, fields: { op: "remove", closureId: c.id }, label: t.remove }) : null}
        />
      )}
      {d.canEdit ? (
        <section aria-labelledby="close-h">
          <h2 id="close-h">{t.addHeading}</h2>
          <StaffForm action={writeLink("/staff/closures")} id="closure">
            {which === "closure" ? <StaffErrors form="closure" order={CLOSURE_FIELDS} /> : null}
            <input type="hidden" name="op" value="add" />
            <Field form="closure" name="clinic" label={t.clinic} error={errors.clinic} required>
              <select {...describedBy("closure", "clinic", errors.clinic)} className="input" defaultValue={sent.clinic}>
                {d.clinics.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
              </select>
            </Field>
            <Field form="closure" name="date" label={t.date} error={errors.date} required>
              <input {...describedBy("closure", "date", errors.date)} type="date" className="input" min={d.today} defaultValue={sent.date} />
            </Field>
            <p className="field-hint" id="closure-times-hint">{t.timeHint}</p>
            <Field form="closure" name="from" label={t.fromField} error={errors.from}>
              <input {...describedBy("closure", "from", errors.from)} aria-describedby={["closure-times-hint", errors.from ? "closure-from-error" : ""].filter(Boolean).join(" ")} className="input" maxLength={d.limits.from} defaultValue={sent.from} />
            </Field>
            <Field form="closure" name="until" label={t.untilField} error={errors.until}>
              <input {...describedBy("closure", "until", errors.until)} aria-describedby={["closure-times-hint", errors.until ? "closure-until-error" : ""].filter(Boolean).join(" ")} className="input" maxLength={d.limits.until} defaultValue={sent.until} />
            </Field>
            <Field form="closure" name="note" label={t.note} hint={t.noteHint} error={errors.note} required>
              <input {...describedBy("closure", "note", errors.note, true)} className="input" maxLength={d.limits.note} defaultValue={sent.note} />
            </Field>
            <button type="submit" className="button button--primary">{t.add}</button>
          </StaffForm>
        </section>
      ) : null}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffClosures() {
  return <StaffFrame><StaffClosuresPage /></StaffFrame>;
}

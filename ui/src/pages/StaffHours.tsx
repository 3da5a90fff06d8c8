// /staff/doctors/{id}/hours (src/pages/staff.rs, hours; hygo_schedule::schedule): a
// doctor's weekly hours, one box per weekday and clinic (ranges such as
// "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM"), and changes of hours on a date, each
// with the requests that no longer fit. Admins change them; the desk sees them.
import { Fragment } from "react";
import { fill, longDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { StaffErrors, useRefusedForm, StaffForm, StaffFrame, StaffState, useFieldError, useSent, useStaff, useStaffTexts, ScheduleEntries, StaffLink } from "../components/staff";
import { DoneNote } from "../components/staff-done";
import { pageLink, writeLink } from "../lib/links";

const CHANGE_FIELDS = ["date", "hours", "clinic", "note"];

function StaffHoursPage() {
  const state = usePageProps("StaffHours");
  const all = useStaffTexts();
  const t = all.hours;
  const { form } = useStaff();
  const dateError = useFieldError("date");
  const hoursError = useFieldError("hours");
  const clinicError = useFieldError("clinic");
  const noteError = useFieldError("note");
  const sent = { date: useSent("date"), hours: useSent("hours"), note: useSent("note"), clinic: useSent("clinic") };
  const weekFields = state.status === "ready" ? state.props.data.week.flatMap((day) => day.fields.map((f) => f.name)) : [];
  const which = useRefusedForm({ week: weekFields, change: CHANGE_FIELDS });
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  if (!d.doctor) return <div className="container page-body"><h1>{all.doctor.notFound}</h1><p><StaffLink to={pageLink("staff-doctors")}>{all.doctor.back}</StaffLink></p></div>;
  const doctor = d.doctor;
  const refused = form && form.status >= 400 ? form : undefined;
  const weekRefused = which === "week";
  const weekValue = (name: string, stored: string) => {
    const v = weekRefused ? refused?.values[name] : undefined;
    return typeof v === "string" ? v : stored;
  };
  const clinicName = (id: string | null) => d.clinics.find((c) => c.id === id)?.name ?? "";
  return (
    <div className="container page-body">
      <p><StaffLink to={pageLink("staff-doctor", { id: doctor.id })}>{fill(t.back, { doctor: doctor.name })}</StaffLink></p>
      <h1>{fill(t.heading, { doctor: doctor.name })}</h1>
      <p>{t.intro}</p>
      <DoneNote texts={t.done} />
      {which === "" ? <StaffErrors form="page" /> : null}
      <section aria-labelledby="week-h">
        <h2 id="week-h">{t.weekHeading}</h2>
        {d.canEdit ? (
        <StaffForm action={writeLink("/staff/doctors/{id}/hours", { id: doctor.id })} id="week">
          {weekRefused ? <StaffErrors form="week" order={weekFields} /> : null}
          <input type="hidden" name="op" value="week" />
          {d.week.map((day) => (
            <fieldset key={day.weekday} className="staff-week-day">
              <legend>{t.weekdays[String(day.weekday) as keyof typeof t.weekdays]}</legend>
              {day.fields.map((f) => {
                const error = weekRefused ? refused?.errors[f.name] : undefined;
                const label = `${fill(t.atClinic, { clinic: clinicName(f.clinic) })}${f.clinic === d.ownClinic ? ` ${t.own}` : ""}`;
                return (
                  <Field key={f.name} form="week" name={f.name} label={label} error={error}>
                    <input {...describedBy("week", f.name, error)} className="input" maxLength={d.weekLimits.hours} defaultValue={weekValue(f.name, f.value)} />
                  </Field>
                );
              })}
            </fieldset>
          ))}
          <button type="submit" className="button button--primary">{t.saveWeek}</button>
        </StaffForm>
        ) : (
          // The desk reads the week as text: a field it cannot change is no input.
          <dl className="staff-dl">
            {d.week.map((day) => (
              <Fragment key={day.weekday}>
                <dt>{t.weekdays[String(day.weekday) as keyof typeof t.weekdays]}</dt>
                <dd>{day.fields.some((f) => f.value) ? day.fields.filter((f) => f.value).map((f) => `${clinicName(f.clinic)}: ${f.value}`).join("; ") : t.noHours}</dd>
              </Fragment>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="changes-h">
        <h2 id="changes-h">{t.changesHeading}</h2>
        <p>{t.changesIntro}</p>
        {d.changes.length === 0 ? <p>{t.noChanges}</p> : (
          <ScheduleEntries
            entries={d.changes}
            title={(c) => fill(t.changeHours, { date: longDate(c.date), hours: c.hours || t.noHours }) + (c.clinic ? ` (${clinicName(c.clinic)})` : "")}
            texts={t}
            remove={d.canEdit ? (c) => ({ action: writeLink("/staff/doctors/{id}/hours", { id: doctor.id }), id: `unchange-${c.id}`, fields: { op: "unchange", changeId: c.id }, label: t.removeChange }) : null}
          />
        )}
        {d.canEdit ? (
          <>
            <h3 id="change-h">{t.addChange}</h3>
            <StaffForm action={writeLink("/staff/doctors/{id}/hours", { id: doctor.id })} id="change">
              {which === "change" ? <StaffErrors form="change" order={CHANGE_FIELDS} /> : null}
              <input type="hidden" name="op" value="change" />
              <Field form="change" name="date" label={t.date} error={dateError} required>
                <input {...describedBy("change", "date", dateError)} type="date" className="input" min={d.today} defaultValue={sent.date} />
              </Field>
              <Field form="change" name="hours" label={t.hours} hint={t.hoursHint} error={hoursError}>
                <input {...describedBy("change", "hours", hoursError, true)} className="input" maxLength={d.changeLimits.hours} defaultValue={sent.hours} />
              </Field>
              <Field form="change" name="clinic" label={t.clinic} error={clinicError}>
                <select {...describedBy("change", "clinic", clinicError)} className="input" defaultValue={sent.clinic || d.ownClinic}>
                  {d.clinics.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
                </select>
              </Field>
              <Field form="change" name="note" label={t.note} hint={t.noteHint} error={noteError}>
                <input {...describedBy("change", "note", noteError, true)} className="input" maxLength={d.changeLimits.note} defaultValue={sent.note} />
              </Field>
              <button type="submit" className="button button--primary">{t.add}</button>
            </StaffForm>
          </>
        ) : null}
      </section>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffHours() {
  return <StaffFrame><StaffHoursPage /></StaffFrame>;
}

// /staff/appointments/{reference} (src/pages/staff.rs): one request in full, the
// ways to reach the patient (call, WhatsApp), what may be done next (each a form
// the server checks against the request's status), a reschedule, and its history.
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import type { StaffAppointmentData, StaffReschedule } from "../types";
import { describedBy, Field } from "../components/form";
import { instant, StaffErrors, StaffForm, StaffState, useFieldError, useSent, useStaffTexts, StaffFrame, StaffLink } from "../components/staff";
import { History } from "../components/audit";
import { RequestMessages } from "../components/phone-messages";
import { usePlural } from "../components/ui";
import { pageLink, writeLink } from "../lib/links";

function StaffAppointmentPage() {
  const state = usePageProps("StaffAppointment");
  const all = useStaffTexts();
  const t = all.request;
  const { search } = useLocation();
  const count = usePlural();
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const r = d.request;
  if (!r) {
    return <div className="container page-body"><h1>{all.titles["staff-appointment"]}</h1><p>{all.frame.notFound}</p><StaffLink to={pageLink("staff-inbox")}>{all.frame.backToList}</StaffLink></div>;
  }
  const done = new URLSearchParams(search).get("done") as keyof typeof t.done | null;
  const action = writeLink("/staff/appointments/{reference}", { reference: r.reference });
  // Decline and cancel go through a confirmation step with a reason (`?confirm=`).
  const simple = r.next.filter((s) => s !== "reschedule" && s !== "decline" && s !== "cancel");
  const confirmable = r.next.filter((s): s is "decline" | "cancel" => s === "decline" || s === "cancel");
  return (
    <div className="container page-body staff-detail">
      <p><StaffLink to={pageLink("staff-inbox")}>{all.frame.backToList}</StaffLink></p>
      <h1>{fill(t.heading, { reference: r.reference })}</h1>
      {done && t.done[done] ? <p className="staff-done" role="status">{t.done[done]}</p> : null}
      <StaffErrors form="step" order={["status", "doctor", "date", "time"]} />
      <section aria-labelledby="contact-h">
        <h2 id="contact-h">{t.contact}</h2>
        <p className="staff-contact">
          <a className="button button--outline" href={d.reach?.tel}>{fill(t.call, { phone: r.phone })}</a>
          <a className="button button--outline" href={d.reach?.whatsapp} rel="noreferrer noopener" target="_blank">{fill(t.whatsapp, { phone: r.phone })}</a>
          {r.email ? <a href={`mailto:${r.email}`}>{t.email}: {r.email}</a> : null}
        </p>
      </section>
      <RequestMessages updates={r.updates} messages={d.messages} action={action} />
      <section aria-labelledby="details-h">
        <h2 id="details-h">{t.details}</h2>
        <dl className="staff-dl">
          <dt>{t.status}</dt><dd>{all.inbox.statuses[r.status]}{r.overdue ? <strong className="staff-flag"> {all.inbox.overdueFlag}</strong> : null}</dd>
          <dt>{all.inbox.patient}</dt><dd><bdi>{r.name}</bdi></dd>
          <dt>{t.when}</dt><dd>{formatDate(r.date)}, {r.time}</dd>
          <dt>{t.doctor}</dt><dd>{r.doctor}</dd>
          <dt>{t.clinic}</dt><dd>{r.clinic}</dd>
          {r.department ? (
            <>
              <dt>{t.department}</dt>
              <dd>
                {r.department}
                {r.askedDepartment ? <strong className="staff-flag" data-department-differs=""> {fill(t.askedDepartment, { asked: r.askedDepartment, doctor: r.doctor })}</strong> : null}
              </dd>
            </>
          ) : null}
          <dt>{t.visitType}</dt><dd>{r.visitType}</dd>
          <dt>{t.channel}</dt><dd>{all.book.channels[r.channel]}</dd>
          <dt>{t.newPatient}</dt>
          <dd>
            {r.visitsBefore > 0 ? <strong>{count(t.returning, r.visitsBefore)}</strong> : (r.isNewPatient ? t.yes : t.no)}
            {" "}<StaffLink to={pageLink("staff-patient", { reference: r.reference })}>{t.patientRecord}</StaffLink>
          </dd>
          {r.reason ? <><dt>{t.reason}</dt><dd><bdi>{r.reason}</bdi></dd></> : null}
          {r.symptoms.length ? <><dt>{t.symptoms}</dt><dd>{r.symptoms.join(", ")}</dd></> : null}
          {r.notes ? <><dt>{t.notes}</dt><dd className="staff-text"><bdi>{r.notes}</bdi></dd></> : null}
          {r.insurance ? <><dt>{t.insurance}</dt><dd><bdi>{r.insurance}</bdi></dd></> : null}
          {r.policyNumber ? <><dt>{t.policyNumber}</dt><dd><bdi>{r.policyNumber}</bdi></dd></> : null}
          <dt>{t.requestedAt}</dt><dd>{instant(r.createdAt)}</dd>
        </dl>
      </section>
      <section aria-labelledby="actions-h">
        <h2 id="actions-h">{t.actions}</h2>
        {r.next.length === 0 ? <p>{t.nothingMore}</p> : null}
        <div className="staff-actions">
          {simple.map((step) => (
            <StaffForm key={step} action={action} id={`step-${step}`} className="staff-inline">
              <input type="hidden" name="step" value={step} />
              <button type="submit" className={`button ${step === "confirm" ? "button--primary" : "button--outline"}`}>{t.steps[step]}</button>
            </StaffForm>
          ))}
          {confirmable.map((step) => (
            <StaffLink key={step} to={`${pageLink("staff-appointment", { reference: r.reference })}?confirm=${step}#confirm`} className="button button--outline staff-inline">{t.steps[step]}</StaffLink>
          ))}
        </div>
        {d.confirm === "decline" || d.confirm === "cancel" ? <ConfirmStep step={d.confirm} reference={r.reference} data={d} /> : null}
        {d.reschedule ? <Reschedule reference={r.reference} data={d.reschedule} doctors={d.doctors} today={d.today} current={r.clinic} /> : null}
      </section>
      <History entries={r.history} heading={t.history} />
    </div>
  );
}

/**
 * The confirmation step of a decline or a cancellation: what will happen, the
 * reason the patient will read (one of the clinic's list), a note for staff,
 * and one clear button; or back without changing anything.
 */
function ConfirmStep({ step, reference, data }: { step: "decline" | "cancel"; reference: string; data: StaffAppointmentData }) {
  const t = useStaffTexts().request;
  const reasonError = useFieldError("reason");
  const noteError = useFieldError("note");
  const sentReason = useSent("reason");
  const sentNote = useSent("note");
  return (
    <section aria-labelledby="confirm-h" id="confirm" className="staff-confirm">
      <h3 id="confirm-h">{fill(t.confirmHeading[step], { reference })}</h3>
      <p>{t.confirmIntro[step]}</p>
      <StaffForm action={writeLink("/staff/appointments/{reference}", { reference })} id="confirm-step">
        <StaffErrors form="confirm-step" order={["reason", "note"]} />
        <input type="hidden" name="step" value={step} />
        <fieldset className="staff-fieldset" aria-describedby={reasonError ? "confirm-step-reason-error" : undefined}>
          <legend>{t.reasonLegend}</legend>
          {reasonError ? <p className="field-error" id="confirm-step-reason-error">{reasonError}</p> : null}
          {data.reasons.map((reason, i) => (
            <label key={reason.id} className="radio">
              <input type="radio" name="reason" value={reason.id} id={i === 0 ? "confirm-step-reason" : undefined} defaultChecked={sentReason === reason.id} required />
              {reason.label}
            </label>
          ))}
        </fieldset>
        <Field form="confirm-step" name="note" label={t.note} error={noteError}>
          <textarea {...describedBy("confirm-step", "note", noteError)} className="input" rows={2} maxLength={data.limits.note} defaultValue={sentNote} />
        </Field>
        <p className="staff-actions">
          <button type="submit" className="button button--danger">{t.confirmButton[step]}</button>
          <StaffLink to={pageLink("staff-appointment", { reference })}>{t.keep}</StaffLink>
        </p>
      </StaffForm>
    </section>
  );
}

/**
 * Moving a request: first a day (a GET form, so the choice is the address and
 * works without JavaScript), then one of that day's free times, as the public
 * wizards offer them. The server checks the time again when the form is sent.
 */
function Reschedule({ reference, data, doctors, today, current }: {
  reference: string;
  /** The clinic of the visit now: a time at the other one says so. */
  current: string;
  data: StaffReschedule;
  doctors: StaffAppointmentData["doctors"];
  today: string;
}) {
  const t = useStaffTexts().request;
  const doctorError = useFieldError("doctor");
  const dateError = useFieldError("date");
  const timeError = useFieldError("time");
  const doctor = doctors.find((doc) => doc.id === data.doctorId)?.name ?? "";
  const action = writeLink("/staff/appointments/{reference}", { reference });
  const navigate = useNavigate();
  // The times change in place only with JavaScript: then a status line says whose they are.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // With JavaScript the free times follow the doctor and the day as they are
  // chosen, the page staying as it is (no reload, focus kept); without it, "Show free times".
  const choose = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const [next, date] = [String(form.get("doctor") ?? ""), String(form.get("date") ?? "")];
    if (!next || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    navigate(`${pageLink("staff-appointment", { reference })}?doctor=${encodeURIComponent(next)}&date=${date}`, { replace: true, preventScrollReset: true, state: { inPlace: true } });
  };
  return (
    <section aria-labelledby="reschedule-h" id="reschedule" className="staff-reschedule">
      <h3 id="reschedule-h">{t.rescheduleHeading}</h3>
      <form method="get" action={`${action}#reschedule`} className="staff-filters" aria-label={t.rescheduleFind} onChange={choose}>
        <Field form="step" name="doctor" label={t.rescheduleDoctor} error={doctorError}>
          <select {...describedBy("step", "doctor", doctorError)} className="input" defaultValue={String(data.doctorId)}>
            {doctors.map((doc) => <option key={doc.id} value={doc.id}>{doc.name}</option>)}
          </select>
        </Field>
        <Field form="step" name="date" label={t.rescheduleDate} error={dateError}>
          <input {...describedBy("step", "date", dateError)} type="date" className="input" min={today} defaultValue={data.date} required />
        </Field>
        <button type="submit" className="button button--outline">{t.rescheduleFind}</button>
      </form>
      {data.free.length === 0 ? (
        <p className="staff-muted" role="status">{fill(t.noFreeTimes[data.availability], { doctor, date: formatDate(data.date) })}</p>
      ) : (
        <>
        {live ? <p className="visually-hidden" role="status">{fill(t.freeTimes, { doctor, date: formatDate(data.date) })}</p> : null}
        <StaffForm action={action} id="reschedule-time">
          <input type="hidden" name="step" value="reschedule" />
          <input type="hidden" name="doctorId" value={data.doctorId} />
          <input type="hidden" name="date" value={data.date} />
          <fieldset className="slot-group" aria-describedby={timeError ? "step-time-error" : undefined}>
            <legend>{fill(t.freeTimes, { doctor, date: formatDate(data.date) })}</legend>
            {timeError ? <p className="field-error" id="step-time-error">{timeError}</p> : null}
            <div className="slot-grid">
              {data.free.map((time, i) => (
                <label key={time} className="slot">
                  <input type="radio" name="time" value={time} id={i === 0 ? "step-time" : undefined} required />
                  <span>
                    {time}
                    <span className={`staff-slot-clinic${data.clinics[i] !== current ? " staff-slot-other" : ""}`}>
                      {data.clinics[i] !== current ? fill(t.otherClinic, { clinic: data.clinics[i], current }) : data.clinics[i]}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="button button--primary">{t.steps.reschedule}</button>
        </StaffForm>
        </>
      )}
    </section>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffAppointment() {
  return <StaffFrame><StaffAppointmentPage /></StaffFrame>;
}

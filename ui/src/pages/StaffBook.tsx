// /staff/appointments/new (src/pages/staff.rs, book; hygo_booking::desk): the desk
// books a caller or a walk-in. A GET form chooses the doctor and the day (a free
// slot of the day view links here with them and the time chosen); the POST form
// takes how the patient came, the time, and a name and phone number. Stored, the
// request's page shows the links to call or write to the patient.
import { fill, formatDate } from "../lib/format";
import { usePageProps, useSite } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { StaffErrors, StaffForm, StaffFrame, StaffKept, StaffState, useFieldError, useSent, useStaffTexts, Choices } from "../components/staff";
import { pageLink, writeLink } from "../lib/links";

const ORDER = ["doctorId", "channel", "date", "time", "name", "phone", "email", "lang", "updates", "visitType", "notes"] as const;

/** A set of radio buttons of the booking form: its legend, its error, one option chosen. */
function StaffBookPage() {
  const state = usePageProps("StaffBook");
  const all = useStaffTexts();
  const t = all.book;
  const errors = {
    doctorId: useFieldError("doctorId"), channel: useFieldError("channel"), date: useFieldError("date"), time: useFieldError("time"),
    name: useFieldError("name"), phone: useFieldError("phone"), email: useFieldError("email"), lang: useFieldError("lang"), updates: useFieldError("updates"), visitType: useFieldError("visitType"), notes: useFieldError("notes"),
  };
  const sent = { name: useSent("name"), phone: useSent("phone"), email: useSent("email"), notes: useSent("notes"), time: useSent("time"), channel: useSent("channel"), visitType: useSent("visitType"), lang: useSent("lang"), updates: useSent("updates") };
  const site = useSite();
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const doctor = d.doctors.find((doc) => doc.id === d.doctorId);
  const channel = sent.channel || d.channel;
  const chosenTime = sent.time || d.time || "";
  const visitType = sent.visitType || "in-person";
  return (
    <div className="container page-body staff-book">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <StaffKept />
      <form method="get" action={pageLink("staff-book")} className="staff-filters" aria-label={t.find}>
        <Field form="find" name="doctor" label={t.doctor}>
          <select {...describedBy("find", "doctor")} className="input" defaultValue={d.doctorId ? String(d.doctorId) : ""} required>
            <option value="" disabled>{t.chooseDoctor}</option>
            {d.doctors.map((doc) => <option key={doc.id} value={doc.id}>{doc.name}</option>)}
          </select>
        </Field>
        <Field form="find" name="date" label={t.date}>
          <input {...describedBy("find", "date")} type="date" className="input" min={d.today} defaultValue={d.date} required />
        </Field>
        <input type="hidden" name="channel" value={channel} />
        <button type="submit" className="button button--outline">{t.show}</button>
      </form>
      {!doctor ? <p>{t.noDoctor}</p> : (
        <StaffForm action={writeLink("/staff/appointments/new")} id="book">
          <StaffErrors form="book" order={ORDER} />
          <input type="hidden" name="doctorId" value={doctor.id} />
          <input type="hidden" name="date" value={d.date} />
          <Choices form="book" name="channel" legend={t.channel} error={errors.channel} chosen={channel === "walk-in" ? "walk-in" : "phone"}
            options={[["phone", t.phone], ["walk-in", t.walkIn]]} />
          <fieldset className="slot-group" aria-describedby={`book-time-hint${errors.time ? " book-time-error" : ""}${errors.date ? " book-date-error" : ""}`}>
            <legend>{fill(t.times, { doctor: doctor.name, date: formatDate(d.date) })}</legend>
            <p className="field-hint" id="book-time-hint">{t.timesHint}</p>
            {errors.date ? <p className="field-error" id="book-date-error">{errors.date}</p> : null}
            {errors.time ? <p className="field-error" id="book-time-error">{errors.time}</p> : null}
            {d.free.length === 0 ? (
              <p className="staff-muted" role="status">{fill(all.request.noFreeTimes[d.availability], { doctor: doctor.name, date: formatDate(d.date) })}</p>
            ) : (
              <div className="slot-grid">
                {d.free.map((time, i) => (
                  <label key={time} className="slot">
                    <input type="radio" name="time" value={time} id={i === 0 ? "book-time" : undefined} defaultChecked={time === chosenTime} />
                    <span>{time}<span className="staff-slot-clinic">{d.clinics[i]}</span></span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <fieldset className="staff-fieldset">
            <legend>{t.patient}</legend>
            <Field form="book" name="name" label={t.name} error={errors.name}>
              <input {...describedBy("book", "name", errors.name)} className="input" autoComplete="off" maxLength={d.limits.name} defaultValue={sent.name} required />
            </Field>
            <Field form="book" name="phone" label={t.phoneNumber} error={errors.phone}>
              <input {...describedBy("book", "phone", errors.phone)} type="tel" className="input" autoComplete="off" maxLength={d.limits.phone} defaultValue={sent.phone} required />
            </Field>
            <Field form="book" name="email" label={t.email} hint={t.emailHint} error={errors.email}>
              <input {...describedBy("book", "email", errors.email, true)} type="email" className="input" autoComplete="off" maxLength={d.limits.email} defaultValue={sent.email} />
            </Field>
            {site.languages.length > 1 ? (
              <Field form="book" name="lang" label={t.language} hint={t.languageHint} error={errors.lang}>
                <select {...describedBy("book", "lang", errors.lang, true)} className="input" defaultValue={sent.lang || site.languages[0].tag}>
                  {site.languages.map((l) => <option key={l.tag} value={l.tag} lang={l.tag}>{l.name}</option>)}
                </select>
              </Field>
            ) : null}
          </fieldset>
          <Choices form="book" name="updates" legend={t.updates} error={errors.updates} chosen={sent.updates || "none"}
            options={[["none", t.updatesNone], ["whatsapp", t.updatesWhatsapp], ["sms", t.updatesSms]]} />
          <Choices form="book" name="visitType" legend={t.visitType} error={errors.visitType} chosen={visitType === "video" ? "video" : "in-person"}
            options={[["in-person", t.inPerson], ["video", t.video]]} />
          <Field form="book" name="notes" label={t.notes} error={errors.notes}>
            <textarea {...describedBy("book", "notes", errors.notes)} className="input" rows={2} maxLength={d.limits.notes} defaultValue={sent.notes} />
          </Field>
          <button type="submit" className="button button--primary">{t.submit}</button>
        </StaffForm>
      )}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffBook() {
  return <StaffFrame><StaffBookPage /></StaffFrame>;
}

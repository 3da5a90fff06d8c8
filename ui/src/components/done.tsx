// The success screens of the forms that store a request: drawn after a send with
// JavaScript (from the JSON answer) and on the confirmation page a send without it
// lands on (/requests?token=, pages/Request.tsx), so both say the same.
import { Check } from "lucide-react";
import { longDate, fill, timeOfDay } from "../lib/format";
import { useTexts } from "../lib/texts";
import { useSite } from "../lib/props";
import type { AppointmentTexts, HomeContent, SubscriptionTexts } from "../types";

/** What an appointment request's success screen shows. */
export interface Booked {
  doctor: string;
  date: string;
  time: string;
  visitType: string;
  reference?: string;
  /** The clinic's id, where the visit is (the server's answer). */
  clinic?: string;
  /** "today": the clinic calls within two hours; "later": within 24 hours. */
  reply?: "today" | "later";
  /** The requested time's calendar file (tentative). */
  calendar?: string;
  /** No e-mail address was given: the clinic calls or writes on WhatsApp. */
  byPhone?: boolean;
  /** Wizard B repeats the personal details (spec section 2). */
  details?: { name: string; phone: string; email: string };
}

/** "Your reference is HY-7K3M-Q9TD…", when there is one. */
export function Reference({ reference }: { reference?: string }) {
  const t = useTexts("request");
  return reference ? <p className="reference">{fill(t.reference, { reference })}</p> : null;
}

/** A clinic as the review and success screens name it: name, address, and the way there. */
export function ClinicPlace({ texts, id }: { texts: AppointmentTexts; id?: string }) {
  const clinic = useSite().clinics.find((c) => c.id === id);
  if (!clinic) return null;
  return (
    <div>
      <dt>{texts.where}</dt>
      <dd>
        {clinic.name}<br />{clinic.address}<br />
        <a href={clinic.mapUrl} className="text-link" rel="noopener">{texts.directions}<span className="visually-hidden">: {clinic.name}</span></a>
      </dd>
    </div>
  );
}

/** "Appointment Request Sent", what happens next (by when the clinic calls), and
 * the request: doctor, date and time, clinic, visit type and (wizard B) the
 * personal details; the requested time as a calendar file. */
export function AppointmentDone({ texts, done, headingRef, children }: {
  texts: AppointmentTexts;
  done: Booked;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** The buttons under it. */
  children: React.ReactNode;
}) {
  const site = useSite();
  const visit = texts.visitTypes.find((v) => v.id === done.visitType)?.label ?? done.visitType;
  const d = done.details;
  const label = texts.summaryFields;
  return (
    <div className="card form-card wizard-done">
      <h2 ref={headingRef} tabIndex={-1}><Check aria-hidden="true" focusable="false" size={24} /> {texts.successHeading}</h2>
      <p role="status">{done.reply === "today" ? fill(texts.successToday, { phone: site.phone }) : texts.successText}</p>
      {done.byPhone ? <p>{texts.successByPhone}</p> : null}
      <Reference reference={done.reference} />
      <dl className="summary">
        <div><dt>{label.doctor}</dt><dd>{done.doctor}</dd></div>
        {done.date ? <div><dt>{label.date}</dt><dd>{longDate(done.date)}</dd></div> : null}
        {done.time ? <div><dt>{label.time}</dt><dd>{timeOfDay(done.time)}</dd></div> : null}
        <ClinicPlace texts={texts} id={done.clinic} />
        {visit ? <div><dt>{label.visitType}</dt><dd>{visit}</dd></div> : null}
        {d?.name ? <div><dt>{label.name}</dt><dd>{d.name}</dd></div> : null}
        {d?.phone ? <div><dt>{label.phone}</dt><dd>{d.phone}</dd></div> : null}
        {d?.email ? <div><dt>{label.email}</dt><dd>{d.email}</dd></div> : null}
      </dl>
      {done.calendar ? (
        <p className="calendar-file">
          <a href={done.calendar} className="text-link" download>{texts.addToCalendar}</a>
          <span className="field-hint"> {texts.calendarHint}</span>
        </p>
      ) : null}
      <div className="form-actions">{children}</div>
    </div>
  );
}

/** The health-card request's thank-you: the card asked for and what happens next. */
export function CardThanks({ texts, plans, card, reference, headingRef }: {
  texts: SubscriptionTexts;
  plans: HomeContent["subscription"]["plans"];
  card: string;
  reference?: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const t = useTexts("subscription");
  const name = plans.find((p) => p.id === card || p.name === card)?.name ?? card;
  return (
    <div className="form-success" role="status">
      <h3 ref={headingRef} tabIndex={-1}><Check aria-hidden="true" focusable="false" size={22} /> {texts.successHeading}</h3>
      <p>{fill(t.received, { card: name })}</p>
      <Reference reference={reference} />
      <p>{texts.next}</p>
    </div>
  );
}

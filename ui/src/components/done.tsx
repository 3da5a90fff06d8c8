// The success screens of the forms that store a request: drawn after a send with
// JavaScript (from the JSON answer) and on the confirmation page a send without it
// lands on (/requests?token=, pages/Request.tsx), so both say the same.
import { Check } from "lucide-react";
import { longDate, fill } from "../lib/format";
import { useTexts } from "../lib/texts";
import type { AppointmentTexts, HomeContent, SubscriptionTexts } from "../types";

/** What an appointment request's success screen shows. */
export interface Booked {
  doctor: string;
  date: string;
  time: string;
  visitType: string;
  reference?: string;
  /** Wizard B repeats the personal details (spec section 2). */
  details?: { name: string; phone: string; email: string };
}

/** "Your reference is HY-7K3M-Q9TD…", when there is one. */
export function Reference({ reference }: { reference?: string }) {
  const t = useTexts("request");
  return reference ? <p className="reference">{fill(t.reference, { reference })}</p> : null;
}

/** "Appointment Confirmed!" with doctor, date and time, visit type and (wizard B) the personal details. */
export function AppointmentDone({ texts, general, done, headingRef, children }: {
  texts: AppointmentTexts;
  general: boolean;
  done: Booked;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** The buttons under it. */
  children: React.ReactNode;
}) {
  const visit = texts.visitTypes.find((v) => v.id === done.visitType)?.label ?? done.visitType;
  const d = done.details;
  return (
    <div className="card form-card wizard-done">
      <h2 ref={headingRef} tabIndex={-1}><Check aria-hidden="true" focusable="false" size={24} /> {general ? texts.successHeadingA : texts.successHeadingB}</h2>
      <p role="status">{texts.successText}</p>
      <Reference reference={done.reference} />
      <dl className="summary">
        <div><dt>{texts.fields.doctor}</dt><dd>{done.doctor}</dd></div>
        {done.date ? <div><dt>{texts.fields.date}</dt><dd>{longDate(done.date)}, {done.time}</dd></div> : null}
        {visit ? <div><dt>{texts.fields.visitType}</dt><dd>{visit}</dd></div> : null}
        {d?.name ? <div><dt>{texts.fields.name}</dt><dd>{d.name}</dd></div> : null}
        {d?.phone ? <div><dt>{texts.fields.phone}</dt><dd>{d.phone}</dd></div> : null}
        {d?.email ? <div><dt>{texts.fields.email}</dt><dd>{d.email}</dd></div> : null}
      </dl>
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

// The success screens of the forms that store a request: drawn after a send with
// JavaScript (from the JSON answer) and on the confirmation page a send without it
// lands on (/requests?token=, pages/Request.tsx), so both say the same.
import { Check, MessageCircle, Printer, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { longDate, fill, moment, timeOfDay } from "../lib/format";
import { useTexts } from "../lib/texts";
import { useSite } from "../lib/props";
import type { AppointmentTexts, HomeContent, RequestPromise as Promised, SubscriptionTexts } from "../types";

/** What an appointment request's success screen shows. */
export interface Booked {
  doctor: string;
  date: string;
  time: string;
  visitType: string;
  reference?: string;
  /** The clinic's id, where the visit is (the server's answer). */
  clinic?: string;
  /** By when the clinic calls, what to do if nobody does, when the request lapses (the server decides it). */
  promise?: Promised;
  /** The requested time's calendar file (tentative). */
  calendar?: string;
  /** The request's own page, which shows it until the day of the visit. */
  page?: string;
  /** The clinic has confirmed it (its page, once the desk has). */
  confirmed?: boolean;
  /** No e-mail address was given: the clinic calls or writes on WhatsApp. */
  byPhone?: boolean;
  /** Wizard B repeats the personal details (spec section 2). */
  details?: { name: string; phone: string; email: string };
}

/** What a reference is shared with: a line naming the request, and its page's address. */
export interface Shared {
  text: string;
  /** The request's page (path or full address); none: the text alone. */
  url?: string;
}

/**
 * "Your reference is HY-7K3M-Q9TD…", when there is one, large enough to write
 * down, and the ways to keep it (issue 43): "Send on WhatsApp" (a link, so it
 * works without JavaScript), and with JavaScript the phone's share sheet (where
 * the browser has one) and "Print". Those two are drawn only once the page runs
 * its script, so a page without it shows no button that does nothing.
 */
export function Reference({ reference, share, keep }: { reference?: string; share?: Shared; keep?: string }) {
  const t = useTexts("request");
  const [live, setLive] = useState<{ share: boolean } | null>(null);
  useEffect(() => setLive({ share: typeof navigator !== "undefined" && typeof navigator.share === "function" }), []);
  if (!reference) return null;
  const address = share?.url && typeof window !== "undefined" ? new URL(share.url, window.location.origin).href : share?.url;
  const message = share ? [share.text, address].filter(Boolean).join(" ") : "";
  return (
    <div className="reference-box">
      <p className="reference">{fill(t.reference, { reference })}</p>
      <p className="reference-code" aria-hidden="true">{reference}</p>
      {keep ? <p className="field-hint">{keep}</p> : null}
      {share ? (
        <ul className="reference-actions plain-list" aria-label={t.actions}>
          <li>
            <a className="button button--outline" href={`https://wa.me/?text=${encodeURIComponent(message)}`} rel="noopener noreferrer" target="_blank">
              <MessageCircle aria-hidden="true" focusable="false" size={18} /> {t.whatsApp}
            </a>
          </li>
          {live?.share ? (
            <li>
              <button type="button" className="button button--outline" onClick={() => void navigator.share({ text: share.text, url: address }).catch(() => undefined)}>
                <Share2 aria-hidden="true" focusable="false" size={18} /> {t.share}
              </button>
            </li>
          ) : null}
          {live ? (
            <li>
              <button type="button" className="button button--outline" onClick={() => window.print()}>
                <Printer aria-hidden="true" focusable="false" size={18} /> {t.print}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * What happens next: by when the clinic calls (the spec's 24 hours, or a time
 * before a visit that comes sooner, or "call us"), what to do if nobody calls,
 * and, when the request would lapse before the visit, when it lapses.
 */
export function WhatHappensNext({ texts, promise }: { texts: AppointmentTexts; promise?: Promised }) {
  if (!promise) return <p role="status">{texts.successText}</p>;
  const p = texts.promise;
  const values = { by: moment(promise.by), opens: moment(promise.opens), lapses: moment(promise.lapses), phone: promise.phone };
  const first = {
    later: texts.successText,
    "later-by": p.by,
    before: p.soon,
    "call-us": promise.opens === promise.asked ? p.callUsNow : p.callUs,
  }[promise.reply];
  return (
    <div role="status" className="what-next">
      <p>{fill(first, values)}</p>
      {promise.reply !== "call-us" ? <p>{fill(p.ifNobody, values)}</p> : null}
      {promise.lapsesFirst ? <p>{fill(p.lapses, values)}</p> : null}
    </div>
  );
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
  const t = useTexts("request");
  const site = useSite();
  const visit = texts.visitTypes.find((v) => v.id === done.visitType)?.label ?? done.visitType;
  const d = done.details;
  const label = texts.summaryFields;
  return (
    <div className="card form-card wizard-done">
      <h2 ref={headingRef} tabIndex={-1}><Check aria-hidden="true" focusable="false" size={24} /> {done.confirmed ? t.confirmedHeading : texts.successHeading}</h2>
      {done.confirmed ? <p role="status">{t.confirmedText}</p> : <WhatHappensNext texts={texts} promise={done.promise} />}
      {done.byPhone && !done.confirmed ? <p>{texts.successByPhone}</p> : null}
      <Reference reference={done.reference} keep={done.page ? t.keep : undefined} share={done.reference ? {
        text: fill(t.shareAppointment, {
          reference: done.reference, doctor: done.doctor,
          when: [done.date ? longDate(done.date) : "", done.time ? timeOfDay(done.time) : ""].filter(Boolean).join(", "),
          clinic: site.clinics.find((c) => c.id === done.clinic)?.name ?? "",
        }),
        url: done.page,
      } : undefined} />
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
export function CardThanks({ texts, plans, card, reference, page, headingRef }: {
  texts: SubscriptionTexts;
  plans: HomeContent["subscription"]["plans"];
  card: string;
  reference?: string;
  /** The request's page, to share with the reference. */
  page?: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const t = useTexts("subscription");
  const r = useTexts("request");
  const name = plans.find((p) => p.id === card || p.name === card)?.name ?? card;
  return (
    <div className="form-success" role="status">
      <h3 ref={headingRef} tabIndex={-1}><Check aria-hidden="true" focusable="false" size={22} /> {texts.successHeading}</h3>
      <p>{fill(t.received, { card: name })}</p>
      <Reference reference={reference} keep={page ? r.keepOther : undefined} share={reference ? { text: fill(r.shareOther, { reference }), url: page } : undefined} />
      <p>{texts.next}</p>
    </div>
  );
}

// The contact form of /contactus (spec sections 4 and 5): name, subject and message
// required; a phone number or an e-mail address (issue 43: a phone is enough; the
// spec asked for the e-mail), the clinic optional. "Sending Message..." while it is
// sent, then the success message, and the form empties for a next message. The
// message is stored for real (POST /api/contact); without JavaScript the form
// posts to /contactus and lands on its confirmation page (/requests?token=).
import { useEffect, useRef, useState } from "react";
import type { Clinic, ContactTexts, FormState, FormsCommon } from "../types";
import { Reference } from "./done";
import { ErrorSummary, Field, FormGuard, PrivacyNotice, TextField, describedBy, initialForm, postJson, str, type Errors } from "./form";
import { link } from "../lib/public-links";
import { inLanguage } from "../lib/language";

const EMPTY = { name: "", email: "", phone: "", clinic: "", subject: "", message: "" };
const ID = "contact";

export function ContactForm({ texts, forms, sentMessage, clinics, initial }: {
  texts: ContactTexts;
  forms: FormsCommon;
  sentMessage: string;
  clinics: Clinic[];
  initial?: FormState;
}) {
  const start = initialForm(initial);
  const [values, setValues] = useState(() => {
    const v = { ...EMPTY };
    for (const k of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) v[k] = str(start.values, k);
    return v;
  });
  const [errors, setErrors] = useState<Errors>(start.errors);
  const [message, setMessage] = useState(start.message);
  const [attempt, setAttempt] = useState(start.status >= 400 ? 1 : 0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [reference, setReference] = useState<string | undefined>(undefined);
  const sentRef = useRef<HTMLDivElement>(null);
  const set = (name: keyof typeof EMPTY) => (v: string) => {
    setValues((o) => ({ ...o, [name]: v }));
    setSent(false);
  };

  useEffect(() => {
    if (sent && attempt > 0) sentRef.current?.focus();
  }, [sent, attempt]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    setSent(false);
    const answer = await postJson("/api/contact", values, forms.networkError);
    setSending(false);
    setAttempt((n) => n + 1);
    if (answer.ok) {
      setValues({ ...EMPTY });
      setErrors({});
      setMessage("");
      const r = (answer.data as { reference?: unknown } | undefined)?.reference;
      setReference(typeof r === "string" ? r : undefined);
      setSent(true);
      return;
    }
    setErrors(answer.errors);
    setMessage(answer.message);
  }

  return (
    <div className="card form-card">
      <h2 className="section-title" id="contact-form-heading">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <div aria-live="polite">
        {sent ? <div ref={sentRef} tabIndex={-1} className="form-success"><p>{sentMessage}</p><Reference reference={reference} /></div> : null}
      </div>
      <form method="post" action={inLanguage(link("contact"))} noValidate onSubmit={submit} className="form" aria-labelledby="contact-form-heading">
        <ErrorSummary form={ID} title={forms.errorSummaryTitle} errors={errors} message={message} attempt={sent ? 0 : attempt}
          order={Object.keys(EMPTY)} />
        <div className="form-grid">
          <TextField form={ID} name="name" label={texts.fields.name} value={values.name} onChange={set("name")} error={errors.name}
            autoComplete="name" required />
          <TextField form={ID} name="email" label={texts.fields.email} value={values.email} onChange={set("email")} error={errors.email}
            type="email" autoComplete="email" hint={texts.reach} />
          <TextField form={ID} name="phone" label={texts.fields.phone} value={values.phone} onChange={set("phone")} error={errors.phone}
            type="tel" autoComplete="tel" />
          <Field form={ID} name="clinic" label={texts.fields.clinic} error={errors.clinic}>
            <select {...describedBy(ID, "clinic", errors.clinic)} className="input" value={values.clinic}
              onChange={(e) => set("clinic")(e.target.value)}>
              <option value="">{texts.anyClinic}</option>
              {clinics.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </Field>
        </div>
        <TextField form={ID} name="subject" label={texts.fields.subject} value={values.subject} onChange={set("subject")}
          error={errors.subject} required />
        <Field form={ID} name="message" label={texts.fields.message} error={errors.message} required hint={texts.medicalNote}>
          <textarea {...describedBy(ID, "message", errors.message, true)} className="input" rows={6} required value={values.message}
            onChange={(e) => set("message")(e.target.value)} />
        </Field>
        <PrivacyNotice text={texts.privacy} forms={forms} />
        <button type="submit" className="button button--primary" disabled={sending}>{sending ? texts.sending : texts.submit}</button>
        <p className="visually-hidden" aria-live="polite">{sending ? texts.sending : ""}</p>
        <FormGuard form={ID} />
      </form>
    </div>
  );
}

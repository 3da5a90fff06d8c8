// The newsletter sign-up (spec sections 4 and 5): "Subscribing..." with the button
// disabled while it is sent, then the server's message below the field (success,
// or "Please enter a valid email address" and the like); the field clears on
// success: an e-mail with a link to confirm is on its way (double opt-in). Without
// JavaScript it posts to /newsletter, which answers with a page.
import { useState } from "react";
import { useSite } from "../lib/props";
import type { FormState } from "../types";
import { FormGuard, PrivacyNotice, describedBy, initialForm, postJson, str } from "./form";
import { inLanguage } from "../lib/language";

/** `source` names the form in the consent record: "footer" or "newsletter-page". */
export function NewsletterForm({ id, source, initial, labelledBy }: {
  id: string;
  source: "footer" | "newsletter-page";
  initial?: FormState;
  labelledBy?: string;
}) {
  const site = useSite();
  const t = site.newsletter;
  const start = initialForm(initial);
  const [email, setEmail] = useState(str(start.values, "email"));
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(
    start.status >= 400 ? { ok: false, text: start.errors.email ?? start.message } : null,
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    setResult(null);
    const answer = await postJson("/newsletter/subscribe", { email, source }, t.failed);
    setSending(false);
    if (answer.ok) {
      setEmail("");
      setResult({ ok: true, text: answer.message });
    } else {
      setResult({ ok: false, text: answer.errors.email ?? (answer.message || t.failed) });
    }
  }

  const error = result && !result.ok ? result.text : undefined;
  return (
    <form className="newsletter-form" method="post" action={inLanguage("/newsletter")} noValidate onSubmit={submit} aria-labelledby={labelledBy}>
      <input type="hidden" name="source" value={source} />
      <label htmlFor={`${id}-email`} className="visually-hidden">{t.label}</label>
      <div className="newsletter-row">
        <input {...describedBy(id, "email", error)} type="email" required autoComplete="email" className="input"
          placeholder={t.placeholder} value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="button button--primary" disabled={sending}>{sending ? t.sending : t.button}</button>
      </div>
      <div aria-live="polite">
        {result ? (
          <p id={result.ok ? undefined : `${id}-email-error`} className={result.ok ? "form-message form-message--ok" : "form-message form-message--error"}>
            {result.text}
          </p>
        ) : null}
      </div>
      <PrivacyNotice text={t.privacy} forms={t} />
      <FormGuard form={id} timed={false} />
    </form>
  );
}

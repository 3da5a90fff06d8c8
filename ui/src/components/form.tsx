// The parts every form is made of (GOV.UK's patterns): a label above each field,
// its error under the label, an error summary that takes focus and links to each
// field, and the notice of what is collected and why. The same markup is a plain
// HTML form without JavaScript; with it, forms post JSON and show the server's
// messages in the same places.
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { useFormToken } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { FormState, FormsCommon } from "../types";
import { pageLanguage } from "../lib/language";

export type Errors = Record<string, string>;
export type Values = Record<string, string | string[]>;

/** The id of a field's input, and of its error text. */
export const fieldId = (form: string, name: string) => `${form}-${name}`;
const errorId = (form: string, name: string) => `${form}-${name}-error`;

/**
 * The problems, listed with links to their fields. It takes focus when it appears
 * (and whenever `attempt` changes), so a screen reader reads it at once.
 */
export function ErrorSummary({ form, title, errors, message, attempt, order = [] }: {
  form: string;
  title: string;
  errors: Errors;
  message?: string;
  attempt: number;
  /** The form's fields in the order they appear, which is the order of the list. */
  order?: readonly string[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length);
  const names = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
  const shown = names.length > 0 || !!message;
  useEffect(() => {
    if (shown && attempt > 0) ref.current?.focus();
  }, [shown, attempt]);
  if (!shown) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby={`${form}-error-title`} tabIndex={-1}>
      <h2 id={`${form}-error-title`} className="error-summary-title">{title}</h2>
      {names.length === 0 && message ? <p>{message}</p> : null}
      {names.length ? (
        <ul>
          {names.map((n) => (
            <li key={n}><a href={`#${fieldId(form, n)}`}>{errors[n]}</a></li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A labelled field: its label, optional hint, its error, then the control. */
export function Field({ form, name, label, hint, error, required, children }: {
  form: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const t = useTexts("form");
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={fieldId(form, name)} className="field-label">
        {label}{required ? <span className="required-mark" aria-hidden="true"> *</span> : null}
      </label>
      {hint ? <p className="field-hint" id={`${form}-${name}-hint`}>{hint}</p> : null}
      {error ? <p className="field-error" id={errorId(form, name)}><span className="visually-hidden">{t.errorPrefix}</span>{error}</p> : null}
      {children}
    </div>
  );
}

/** The attributes that tie an input to its error and hint. */
export function describedBy(form: string, name: string, error?: string, hint?: boolean) {
  const ids = [hint ? `${form}-${name}-hint` : "", error ? errorId(form, name) : ""].filter(Boolean).join(" ");
  return {
    id: fieldId(form, name),
    name,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": ids || undefined,
  };
}

/** A text input in a Field. */
export function TextField({ form, name, label, value, onChange, error, type = "text", autoComplete, required, hint, inputMode }: {
  form: string;
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  inputMode?: "tel" | "email" | "text";
}) {
  return (
    <Field form={form} name={name} label={label} error={error} required={required} hint={hint}>
      <input {...describedBy(form, name, error, !!hint)} type={type} value={value} autoComplete={autoComplete}
        required={required} inputMode={inputMode} className="input" onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

/**
 * What a form posted without JavaScript brings besides its fields (`src/form_guard.rs`):
 * a box people leave empty, hidden from sight, from the keyboard and from screen
 * readers, which form-filling programs fill in; and, with `timed`, the signed time
 * the page was issued. Posts with JavaScript are JSON and ignore both.
 */
export function FormGuard({ form, timed = true }: { form: string; timed?: boolean }) {
  const t = useTexts("form");
  const token = useFormToken();
  return (
    <>
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={fieldId(form, "website")}>{t.honeypot}</label>
        <input id={fieldId(form, "website")} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {timed && token ? <input type="hidden" name="formIssued" value={token} /> : null}
    </>
  );
}

/** What a form collects and why, next to its button (India's DPDP Act 2023). */
export function PrivacyNotice({ text, forms }: { text: string; forms: Pick<FormsCommon, "privacyLink" | "privacyLabel"> }) {
  return (
    <p className="privacy-notice">
      {text} <Link to={forms.privacyLink}>{forms.privacyLabel}</Link>.
    </p>
  );
}

/** A text value of a form's state. */
export function str(values: Values | undefined, name: string, fallback = ""): string {
  const v = values?.[name];
  return typeof v === "string" ? v : fallback;
}

/** The server's answer to a JSON post. */
export interface Answer {
  ok: boolean;
  status: number;
  message: string;
  errors: Errors;
  data?: unknown;
}

/**
 * Posts JSON and reads the API's answer (`{success, message, errors}`). A network
 * failure answers status 0 with `networkError`.
 */
export async function postJson(url: string, body: unknown, networkError: string): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      // The answer's messages in the page's language.
      headers: { "content-type": "application/json", accept: "application/json", "accept-language": pageLanguage() },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: networkError, errors: {} };
  }
  let json: { success?: unknown; message?: unknown; errors?: unknown; data?: unknown } = {};
  try {
    json = await res.json();
  } catch {
    /* not JSON: a proxy's error page */
  }
  const message = typeof json.message === "string" ? json.message : "";
  const errors = json.errors && typeof json.errors === "object" ? (json.errors as Errors) : {};
  return { ok: res.ok && json.success !== false, status: res.status, message: message || (res.ok ? "" : networkError), errors, data: json.data };
}

/** The initial state of a form from the page's props (a no-JavaScript post answered again). */
export function initialForm(form: FormState | undefined) {
  return { values: form?.values ?? {}, errors: form?.errors ?? {}, message: form?.message ?? "", status: form?.status ?? 0 };
}

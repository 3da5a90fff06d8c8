// /staff/account: one's own account: the recovery codes right after setting up
// (shown once), changing the password with the current one, and the sessions,
// each of which can be ended, or all at once.
import { useLocation } from "react-router";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { instant, StaffErrors, StaffForm, StaffState, useFieldError, useStaff, useStaffTexts, StaffFrame } from "../components/staff";

function StaffAccountPage() {
  const state = usePageProps("StaffAccount");
  const t = useStaffTexts().account;
  const { form } = useStaff();
  const { search } = useLocation();
  const currentError = useFieldError("current");
  const passwordError = useFieldError("password");
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const codes = Array.isArray(form?.values.recoveryCodes) ? form.values.recoveryCodes : null;
  return (
    <div className="container page-body staff-narrow">
      <h1>{t.heading}</h1>
      <p>{d.email}</p>
      {codes ? (
        <section className="staff-done" aria-labelledby="codes-h">
          <h2 id="codes-h">{t.recoveryHeading}</h2>
          <p>{t.recoveryText}</p>
          <ul className="staff-codes">{codes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
        </section>
      ) : <p>{fill(t.recoveryLeft, { count: d.recoveryLeft })}</p>}
      {new URLSearchParams(search).get("changed") === "password" ? <p className="staff-done" role="status">{t.changed}</p> : null}
      <section aria-labelledby="password-h">
        <h2 id="password-h">{t.passwordHeading}</h2>
        <StaffForm action="/staff/account/password" id="password">
          <StaffErrors form="password" order={["current", "password"]} />
          <input type="hidden" name="username" value={d.email} autoComplete="username" />
          <Field form="password" name="current" label={t.current} error={currentError}>
            <input {...describedBy("password", "current", currentError)} type="password" className="input" autoComplete="current-password" required />
          </Field>
          <Field form="password" name="password" label={t.newPassword} hint={fill(t.passwordHint, { min: d.minChars })} error={passwordError}>
            <input {...describedBy("password", "password", passwordError, true)} type="password" className="input" autoComplete="new-password" maxLength={d.maxChars} required />
          </Field>
          <button type="submit" className="button button--primary">{t.changePassword}</button>
        </StaffForm>
      </section>
      <section aria-labelledby="sessions-h">
        <h2 id="sessions-h">{t.sessionsHeading}</h2>
        <ul className="staff-sessions">
          {d.sessions.map((s) => (
            <li key={s.id}>
              <strong>{s.device}</strong>{s.this ? ` (${t.thisSession})` : ""}: {t.since} {instant(s.createdAt)}, {t.lastSeen} {instant(s.lastSeenAt)}
              <StaffForm action="/staff/account/sessions" id={`end-${s.id}`} className="staff-inline">
                <input type="hidden" name="end" value={s.id} />
                <button type="submit" className="button button--outline">{t.end}<span className="visually-hidden"> {s.device}</span></button>
              </StaffForm>
            </li>
          ))}
        </ul>
        <StaffForm action="/staff/account/sessions" id="everywhere">
          <input type="hidden" name="everywhere" value="1" />
          <button type="submit" className="button button--outline">{t.everywhere}</button>
        </StaffForm>
      </section>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffAccount() {
  return <StaffFrame><StaffAccountPage /></StaffFrame>;
}

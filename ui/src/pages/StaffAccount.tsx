// /staff/account: one's own account: the recovery codes right after setting up
// (shown once), changing the password with the current one, and the sessions,
// each of which can be ended, or all at once.
import { useLocation } from "react-router";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { instant, StaffErrors, StaffForm, StaffState, useFieldError, useStaff, useStaffTexts, StaffFrame } from "../components/staff";
import { writeLink } from "../lib/links";

function StaffAccountPage() {
  const state = usePageProps("StaffAccount");
  const t = useStaffTexts().account;
  const { form } = useStaff();
  const { search } = useLocation();
  const currentError = useFieldError("current");
  const passwordError = useFieldError("password");
  const endError = useFieldError("end");
  const confirmError = useFieldError("confirm");
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const codes = Array.isArray(form?.values.recoveryCodes) ? form.values.recoveryCodes : null;
  const changed = new URLSearchParams(search).get("changed");
  const mine = d.sessions.find((s) => s.this);
  const others = d.sessions.filter((s) => !s.this);
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
      {changed === "password" ? <p className="staff-done" role="status">{t.changed}</p> : null}
      <section aria-labelledby="password-h">
        <h2 id="password-h">{t.passwordHeading}</h2>
        <StaffForm action={writeLink("/staff/account/password")} id="password">
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
        {changed === "sessions" ? <p className="staff-done" role="status">{t.sessionsEnded}</p> : null}
        <StaffForm action={writeLink("/staff/account/sessions")} id="sessions">
          <StaffErrors form="sessions" order={["end", "confirm"]} />
          <p>{fill(t.thisOne, { device: mine?.device ?? "", since: mine ? instant(mine.createdAt) : "" })}</p>
          {others.length === 0 ? <p>{t.noOthers}</p> : (
            <fieldset className="staff-checks" aria-describedby={endError ? "sessions-end-error" : undefined}>
              <legend>{t.others}</legend>
              {endError ? <p className="field-error" id="sessions-end-error">{endError}</p> : null}
              {others.map((s, i) => (
                <label key={s.id} className="staff-check">
                  <input type="checkbox" name="end" value={s.id} id={i === 0 ? "sessions-end" : undefined} />
                  {fill(t.sessionLine, { device: s.device, since: instant(s.createdAt), seen: instant(s.lastSeenAt) })}
                </label>
              ))}
            </fieldset>
          )}
          <Field form="sessions" name="confirm" label={t.confirmPassword} hint={t.confirmHint} error={confirmError}>
            <input {...describedBy("sessions", "confirm", confirmError, true)} type="password" className="input" autoComplete="current-password" required />
          </Field>
          <div className="staff-actions">
            {others.length > 0 ? <button type="submit" name="op" value="chosen" className="button button--primary">{t.endChosen}</button> : null}
            <button type="submit" name="op" value="everywhere" className="button button--outline">{t.everywhere}</button>
          </div>
        </StaffForm>
      </section>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffAccount() {
  return <StaffFrame><StaffAccountPage /></StaffFrame>;
}

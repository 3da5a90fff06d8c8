// /staff/setup?token= and /staff/setup/code (src/pages/staff.rs): a new account
// (or a reset one) chooses its password, then sets up its authenticator app with
// the QR code; the recovery codes are shown next, once, on the account page.
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { StaffErrors, StaffForm, StaffState, useFieldError, useStaffTexts, StaffFrame } from "../components/staff";
import { writeLink } from "../lib/links";

function StaffSetupPage() {
  const state = usePageProps("StaffSetup");
  const t = useStaffTexts().setup;
  const tokenError = useFieldError("token");
  const passwordError = useFieldError("password") ?? tokenError;
  const codeError = useFieldError("code");
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  if (d.step === "invalid") {
    return (
      <div className="container page-body staff-narrow">
        <h1>{t.invalidHeading}</h1>
        <p>{t.invalidText}</p>
      </div>
    );
  }
  if (d.step === "password") {
    return (
      <div className="container page-body staff-narrow">
        <h1>{t.heading}</h1>
        <p>{fill(t.intro, { email: d.email ?? "" })}</p>
        <StaffForm action={writeLink("/staff/setup")} id="setup">
          <StaffErrors form="setup" order={["password"]} />
          <input type="hidden" name="token" value={d.token ?? ""} />
          <input type="hidden" name="username" value={d.email ?? ""} autoComplete="username" />
          <Field form="setup" name="password" label={t.password} hint={fill(t.passwordHint, { min: d.minChars })} error={passwordError}>
            <input {...describedBy("setup", "password", passwordError, true)} type="password" className="input" autoComplete="new-password"
              minLength={d.minChars} maxLength={d.maxChars} required />
          </Field>
          <button type="submit" className="button button--primary">{t.submit}</button>
        </StaffForm>
      </div>
    );
  }
  return (
    <div className="container page-body staff-narrow">
      <h1>{t.codeHeading}</h1>
      <p>{t.codeIntro}</p>
      <p>{t.scan}</p>
      {/* The server's SVG of the otpauth address (hygo_staff::totp::qr_svg): markup it made, no input of anyone's. */}
      <div className="staff-qr" role="img" aria-label={t.qrLabel} dangerouslySetInnerHTML={{ __html: d.qr ?? "" }} />
      <p>{t.key}: <code className="staff-secret">{d.secret}</code></p>
      <StaffForm action={writeLink("/staff/setup/code")} id="enrol">
        <StaffErrors form="enrol" order={["code"]} />
        <Field form="enrol" name="code" label={t.code} error={codeError}>
          <input {...describedBy("enrol", "code", codeError)} className="input" autoComplete="one-time-code" inputMode="numeric" required />
        </Field>
        <button type="submit" className="button button--primary">{t.codeSubmit}</button>
      </StaffForm>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffSetup() {
  return <StaffFrame><StaffSetupPage /></StaffFrame>;
}

// /staff/sign-in and /staff/sign-in/code (src/pages/staff.rs): the password, then
// the authenticator app's code or a recovery code. Plain forms; the server
// checks, limits failures and sets the session cookie (src/staff/actions.rs).
import { useEffect, useRef } from "react";
import { StaffErrors, StaffForm, StaffState, useFieldError, useStaffTexts, StaffFrame } from "../components/staff";
import { describedBy, Field } from "../components/form";
import { usePageProps } from "../lib/props";
import { pageLink, writeLink } from "../lib/links";

// The server does not send the address back after a refusal (that page is the
// same for everyone, kept rendered, so a flood of wrong passwords costs no
// renders); with JavaScript, this tab keeps what was typed and fills it in again.
const TYPED = "hygo-staff-sign-in-email";

function StaffSignInPage() {
  const state = usePageProps("StaffSignIn");
  const t = useStaffTexts().signIn;
  const emailError = useFieldError("email");
  const codeError = useFieldError("code");
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = emailInput.current;
    if (input && !input.value) input.value = sessionStorage.getItem(TYPED) ?? "";
  }, [state.status]);
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const code = state.props.data.step === "code";
  return (
    <div className="container page-body staff-narrow">
      <h1>{code ? t.codeHeading : t.heading}</h1>
      {code ? (
        <StaffForm action={writeLink("/staff/sign-in/code")} id="code">
          <StaffErrors form="code" order={["code"]} />
          <Field form="code" name="code" label={t.code} hint={t.codeHint} error={codeError}>
            <input {...describedBy("code", "code", codeError, true)} className="input" autoComplete="one-time-code" inputMode="text" required />
          </Field>
          <button type="submit" className="button button--primary">{t.codeSubmit}</button>
          <p><a href={pageLink("staff-sign-in")}>{t.startAgain}</a></p>
        </StaffForm>
      ) : (
        <StaffForm action={writeLink("/staff/sign-in")} id="sign-in">
          <StaffErrors form="sign-in" order={["email", "password"]} />
          <Field form="sign-in" name="email" label={t.email} error={emailError}>
            <input {...describedBy("sign-in", "email", emailError)} ref={emailInput} type="email" className="input" autoComplete="username" required
              onChange={(e) => sessionStorage.setItem(TYPED, e.target.value)} />
          </Field>
          <Field form="sign-in" name="password" label={t.password}>
            <input {...describedBy("sign-in", "password")} type="password" className="input" autoComplete="current-password" required />
          </Field>
          <button type="submit" className="button button--primary">{t.submit}</button>
        </StaffForm>
      )}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffSignIn() {
  return <StaffFrame><StaffSignInPage /></StaffFrame>;
}

// /staff/accounts (admins): the accounts, adding one (its one-time link is shown
// once, in the answer), disabling, enabling and resetting.
import { useLocation } from "react-router";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { StaffErrors, StaffForm, StaffState, useFieldError, useStaff, useStaffTexts, StaffFrame, StaffTable } from "../components/staff";
import { writeLink } from "../lib/links";

function StaffAccountsPage() {
  const state = usePageProps("StaffAccounts");
  const t = useStaffTexts().accounts;
  const { form } = useStaff();
  const { search } = useLocation();
  const emailError = useFieldError("email");
  const roleError = useFieldError("role");
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const link = typeof form?.values.link === "string" ? form.values.link : null;
  const linkFor = typeof form?.values.linkFor === "string" ? form.values.linkFor : "";
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      {link ? (
        <div className="staff-done" role="status">
          <h2>{fill(t.linkHeading, { email: linkFor })}</h2>
          <p><code className="staff-secret">{link}</code></p>
          <p>{t.linkText}</p>
        </div>
      ) : null}
      {new URLSearchParams(search).get("done") === "sign-out" ? <p className="staff-done" role="status">{t.signedOut}</p> : null}
      <StaffErrors form="accounts" order={["email", "name", "role"]} />
      <StaffTable label={t.heading}>
        <table className="staff-table staff-table--cards" role="table">
          <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">{t.email}</th><th scope="col" role="columnheader">{t.name}</th><th scope="col" role="columnheader">{t.role}</th><th scope="col" role="columnheader">{t.state}</th><th scope="col" role="columnheader"><span className="visually-hidden">{t.state}</span></th></tr></thead>
          <tbody role="rowgroup">
            {d.accounts.map((a) => (
              <tr key={a.id} role="row">
                <td role="cell" className="staff-break">{a.email}</td><td role="cell" data-label={t.name}>{a.name}</td><td role="cell" data-label={t.role}>{t.roles[a.role]}</td>
                <td role="cell" data-label={t.state}>{a.disabled ? t.disabled : a.ready ? t.active : a.halfSetUp ? t.halfSetUp : t.pending}</td>
                <td role="cell"><div className="staff-actions">
                  {a.id !== d.you ? (
                    <StaffForm action={writeLink("/staff/accounts")} id={`toggle-${a.id}`} className="staff-inline">
                      <input type="hidden" name="email" value={a.email} />
                      <input type="hidden" name="op" value={a.disabled ? "enable" : "disable"} />
                      <button type="submit" className="button button--outline">{a.disabled ? t.enable : t.disable}<span className="visually-hidden"> {a.email}</span></button>
                    </StaffForm>
                  ) : null}
                  {!a.disabled && a.id !== d.you ? (
                    <StaffForm action={writeLink("/staff/accounts")} id={`sign-out-${a.id}`} className="staff-inline">
                      <input type="hidden" name="email" value={a.email} />
                      <input type="hidden" name="op" value="sign-out" />
                      <button type="submit" className="button button--outline">{t.signOut}<span className="visually-hidden"> {a.email}</span></button>
                    </StaffForm>
                  ) : null}
                  <StaffForm action={writeLink("/staff/accounts")} id={`reset-${a.id}`} className="staff-inline">
                    <input type="hidden" name="email" value={a.email} />
                    <input type="hidden" name="op" value="reset" />
                    <button type="submit" className="button button--outline">{t.reset}<span className="visually-hidden"> {a.email}</span></button>
                  </StaffForm>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </StaffTable>
      <h2>{t.addHeading}</h2>
      <StaffForm action={writeLink("/staff/accounts")} id="accounts">
        <input type="hidden" name="op" value="add" />
        <Field form="accounts" name="email" label={t.email} error={emailError}>
          <input {...describedBy("accounts", "email", emailError)} type="email" className="input" autoComplete="off" required />
        </Field>
        <Field form="accounts" name="name" label={t.name}>
          <input {...describedBy("accounts", "name")} className="input" autoComplete="off" />
        </Field>
        <Field form="accounts" name="role" label={t.role} error={roleError}>
          <select {...describedBy("accounts", "role", roleError)} className="input" defaultValue="desk">
            {d.roles.map((r) => <option key={r} value={r}>{t.roles[r]}</option>)}
          </select>
        </Field>
        <button type="submit" className="button button--primary">{t.add}</button>
      </StaffForm>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffAccounts() {
  return <StaffFrame><StaffAccountsPage /></StaffFrame>;
}

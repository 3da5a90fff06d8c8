// /staff/patients (src/pages/staff.rs, patients; hygo_booking::patients): the desk
// finds a patient by phone, name or reference. The search is a POST, so what was
// typed never goes into an address; its answer is this page with what it found.
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { usePlural } from "../components/ui";
import { StaffErrors, StaffForm, StaffFrame, StaffState, useFieldError, useSent, useStaff, useStaffTexts, StaffLink } from "../components/staff";
import { PatientRequests } from "../components/staff-patients";
import type { Patient } from "../types";
import { pageLink, writeLink } from "../lib/links";

function StaffPatientsPage() {
  const state = usePageProps("StaffPatients");
  const t = useStaffTexts().patients;
  const count = usePlural();
  const qError = useFieldError("q");
  const q = useSent("q");
  const form = useStaff().form;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  // What the search found, when this page is its answer (`FindPatient` puts the
  // `Patient` list, the type of `data.found`, in the values it answers with).
  const found = form && form.status < 400 ? (form.values.patients as unknown as Patient[] | undefined) : undefined;
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <StaffForm action={writeLink("/staff/patients")} id="find" className="staff-filters">
        <StaffErrors form="find" order={["q"]} />
        <Field form="find" name="q" label={t.q} error={qError}>
          <input {...describedBy("find", "q", qError)} type="search" className="input" autoComplete="off" maxLength={d.limits.q} defaultValue={q} required />
        </Field>
        <button type="submit" className="button button--primary">{t.submit}</button>
      </StaffForm>
      {found ? (
        <section aria-labelledby="found-h">
          <h2 id="found-h">{found.length ? count(t.found, found.length, { q }) : fill(t.none, { q })}</h2>
          {found.length >= d.max ? <p>{fill(t.more, { max: d.max })}</p> : null}
          {found.map((p) => (
            <article key={p.reference} className="staff-patient">
              <h3><StaffLink to={pageLink("staff-patient", { reference: p.reference })}><bdi>{p.name}</bdi></StaffLink></h3>
              <p>{t.phone}: <a href={`tel:${p.phone.replace(/[^\d+]/g, "")}`}>{p.phone}</a> · {count(t.visitsMade, p.visitsMade)}</p>
              <PatientRequests rows={p.requests.slice(0, 3)} />
              {p.requests.length > 3 ? <p><StaffLink to={pageLink("staff-patient", { reference: p.reference })}>{t.open}</StaffLink></p> : null}
            </article>
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffPatients() {
  return <StaffFrame><StaffPatientsPage /></StaffFrame>;
}

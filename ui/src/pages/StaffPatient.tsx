// /staff/patients/{reference} (src/pages/staff.rs, patient): one patient, named in
// the address by one of their requests: every request made with their phone
// number, past and coming, with its status, and a new appointment for them.
import { usePageProps } from "../lib/props";
import { Fill, usePlural } from "../components/ui";
import { StaffFrame, StaffState, useStaffTexts, StaffLink } from "../components/staff";
import { PatientRequests } from "../components/staff-patients";
import { pageLink } from "../lib/links";

function StaffPatientPage() {
  const state = usePageProps("StaffPatient");
  const all = useStaffTexts();
  const t = all.patients;
  const count = usePlural();
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const p = state.props.data.patient;
  if (!p) {
    return <div className="container page-body"><h1>{all.titles["staff-patient"]}</h1><p>{t.notFound}</p><StaffLink to={pageLink("staff-patients")}>{t.heading}</StaffLink></div>;
  }
  return (
    <div className="container page-body">
      <h1><Fill text={t.patientHeading} values={{ name: <bdi>{p.name}</bdi> }} /></h1>
      <p>{t.phone}: <a href={`tel:${p.phone.replace(/[^\d+]/g, "")}`}>{p.phone}</a> · {count(t.visitsMade, p.visitsMade)}</p>
      <p><StaffLink to={pageLink("staff-book")} className="button button--primary">{t.book}</StaffLink></p>
      <h2>{t.requests}</h2>
      <p className="staff-muted">{t.sameNumber}</p>
      <PatientRequests rows={p.requests} />
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffPatient() {
  return <StaffFrame><StaffPatientPage /></StaffFrame>;
}

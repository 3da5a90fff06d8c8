// /staff/doctors (src/pages/staff.rs, doctor_list; hygo_directory::doctor_edit): every
// doctor, current first, with links to their profile and hours; admins add one.
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { StaffFrame, StaffState, StaffTable, useStaffTexts, StaffLink } from "../components/staff";
import { DoneNote } from "../components/staff-done";
import { pageLink } from "../lib/links";

function StaffDoctorsPage() {
  const state = usePageProps("StaffDoctors");
  const t = useStaffTexts().doctors;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <DoneNote texts={t.done} />
      {d.canEdit ? <p><StaffLink to={pageLink("staff-doctor-new")} className="button button--primary">{t.add}</StaffLink></p> : null}
      <StaffTable label={t.heading}>
        <table className="staff-table staff-table--cards" role="table">
          <thead role="rowgroup">
            <tr role="row"><th scope="col" role="columnheader">{t.name}</th><th scope="col" role="columnheader">{t.specialization}</th><th scope="col" role="columnheader">{t.clinic}</th><th scope="col" role="columnheader">{t.state}</th><th scope="col" role="columnheader">{t.photo}</th><th scope="col" role="columnheader">{t.hours}</th></tr>
          </thead>
          <tbody role="rowgroup">
            {d.doctors.map((doc) => (
              <tr key={doc.id} role="row">
                <th scope="row" role="rowheader"><StaffLink to={pageLink("staff-doctor", { id: doc.id })}>{doc.name}</StaffLink></th>
                <td role="cell" data-label={t.specialization}>{doc.specialization}</td>
                <td role="cell" data-label={t.clinic}>{doc.clinic}</td>
                <td role="cell" data-label={t.state}>{doc.retiredOn ? fill(t.retired, { date: formatDate(doc.retiredOn) }) : t.current}</td>
                <td role="cell" data-label={t.photo}>{doc.hasPhoto ? t.hasPhoto : t.noPhoto}</td>
                <td role="cell"><StaffLink to={pageLink("staff-hours", { id: doc.id })}>{t.hours}<span className="visually-hidden">: {doc.name}</span></StaffLink></td>
              </tr>
            ))}
          </tbody>
        </table>
      </StaffTable>
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffDoctors() {
  return <StaffFrame><StaffDoctorsPage /></StaffFrame>;
}

// /staff/content (editors and admins; src/pages/editor.rs, list; docs/editors.md):
// everything editors may change, by kind, with the state of its newest revision.
import { usePageProps } from "../lib/props";
import { StaffFrame, StaffLink, StaffState, StaffTable, useStaffTexts } from "../components/staff";

function StaffContentPage() {
  const state = usePageProps("StaffContent");
  const t = useStaffTexts().editor;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      {d.groups.map((g) => (
        <section key={g.kind} aria-labelledby={`group-${g.kind}`}>
          <h2 id={`group-${g.kind}`}>{t.groups[g.kind]}</h2>
          <StaffTable label={t.groups[g.kind]}>
            <table className="staff-table staff-table--cards">
              <thead><tr><th scope="col">{t.title}</th><th scope="col">{t.state}</th><th scope="col">{t.live}</th></tr></thead>
              <tbody>
                {g.entries.map((e) => (
                  <tr key={e.key}>
                    <td><StaffLink to={e.link}>{e.title}</StaffLink></td>
                    <td data-label={t.state}>{e.state ? t.states[e.state] : t.unchanged}</td>
                    <td data-label={t.live}><a href={e.public} className="staff-break">{e.public}</a></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </StaffTable>
        </section>
      ))}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffContent() {
  return <StaffFrame><StaffContentPage /></StaffFrame>;
}

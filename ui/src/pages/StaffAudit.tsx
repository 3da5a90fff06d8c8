// /staff/audit (admins): every staff action, newest first; nobody can change it.
import { Link } from "react-router";
import { usePageProps } from "../lib/props";
import { instant, Pager, StaffState, useStaffTexts, StaffFrame, StaffTable, useActionLabel } from "../components/staff";
import { pageLink } from "../lib/links";

function StaffAuditPage() {
  const state = usePageProps("StaffAudit");
  const t = useStaffTexts().audit;
  const action = useActionLabel();
  const kinds: Record<string, string> = t.kinds;
  const kind = (name: string) => kinds[name] ?? name;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <p><Link to={d.views ? pageLink("staff-audit") : pageLink("staff-audit", {}, { views: 1 })}>{d.views ? t.hideViews : t.showViews}</Link></p>
      {d.entries.length === 0 ? <p>{t.none}</p> : (
        <StaffTable label={t.heading}>
          <table className="staff-table">
            <thead><tr><th scope="col">{t.at}</th><th scope="col">{t.actor}</th><th scope="col">{t.action}</th><th scope="col">{t.target}</th><th scope="col">{t.change}</th></tr></thead>
            <tbody>
              {d.entries.map((e, i) => (
                <tr key={i}>
                  <td>{instant(e.at)}</td><td>{e.actor}</td><td>{action(e.action)}</td><td>{kind(e.targetKind)} {e.target}</td>
                  <td><code>{JSON.stringify(e.before)}</code> → <code>{JSON.stringify(e.after)}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </StaffTable>
      )}
      <Pager page={d.page} pages={d.pages} href={(p) => pageLink("staff-audit", {}, { page: p, views: d.views ? 1 : undefined })} />
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffAudit() {
  return <StaffFrame><StaffAuditPage /></StaffFrame>;
}

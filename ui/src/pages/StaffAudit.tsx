// /staff/audit (admins): every staff action, newest first, in words; filtered by
// person, action, dates (IST) and the thing acted on, 50 a page. Nobody can change it.
import { usePageProps } from "../lib/props";
import { instant, Pager, StaffState, useStaffTexts, StaffFrame, StaffTable, useActionLabel, StaffLink } from "../components/staff";
import { Changes, useSentence } from "../components/audit";
import { pageLink } from "../lib/links";

function StaffAuditPage() {
  const state = usePageProps("StaffAudit");
  const t = useStaffTexts().audit;
  const action = useActionLabel();
  const sentence = useSentence();
  const kinds: Record<string, string> = t.kinds;
  const kind = (name: string) => kinds[name] ?? name;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const f = d.filter;
  const asked: Record<string, string | number | undefined> = { who: f.who || undefined, action: f.action || undefined, from: f.from || undefined, to: f.to || undefined, on: f.on || undefined, views: f.views ? 1 : undefined };
  const filtered = Boolean(f.who || f.action || f.from || f.to || f.on);
  const actions = [...d.actions].sort((a, b) => action(a).localeCompare(action(b)));
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <form method="get" action={pageLink("staff-audit")} className="staff-filters" aria-label={t.filters}>
        <div className="staff-filter">
          <label htmlFor="audit-who">{t.actor}</label>
          <select id="audit-who" name="who" className="input" defaultValue={f.who}>
            <option value="">{t.anyone}</option>
            {d.people.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            <option value="cli">{t.commandLine}</option>
            <option value="system">{t.system}</option>
          </select>
        </div>
        <div className="staff-filter">
          <label htmlFor="audit-action">{t.action}</label>
          <select id="audit-action" name="action" className="input" defaultValue={f.action}>
            <option value="">{t.anyAction}</option>
            {actions.map((a) => <option key={a} value={a}>{action(a)}</option>)}
          </select>
        </div>
        <label>{t.from}<input type="date" name="from" className="input" defaultValue={f.from} /></label>
        <label>{t.to}<input type="date" name="to" className="input" defaultValue={f.to} /></label>
        <label>{t.target}<input name="on" className="input" defaultValue={f.on} maxLength={d.targetMax} /></label>
        <label className="staff-check"><input type="checkbox" name="views" value="1" defaultChecked={f.views} /> {t.showViews}</label>
        <button type="submit" className="button button--primary">{t.apply}</button>
      </form>
      {filtered ? <p><StaffLink to={pageLink("staff-audit")}>{t.clear}</StaffLink></p> : null}
      {d.entries.length === 0 ? <p>{filtered ? t.noneFound : t.none}</p> : (
        <StaffTable label={t.heading}>
          <table className="staff-table staff-table--cards" role="table">
            <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">{t.at}</th><th scope="col" role="columnheader">{t.what}</th><th scope="col" role="columnheader">{t.target}</th></tr></thead>
            <tbody role="rowgroup">
              {d.entries.map((e, i) => (
                <tr key={i} role="row">
                  <td role="cell" data-label={t.at}>{instant(e.at)}</td>
                  <td role="cell" data-label={t.what}>{sentence(e)}<Changes entry={e} /></td>
                  <td role="cell" data-label={t.target}>{kind(e.targetKind)} <bdi>{e.target}</bdi></td>
                </tr>
              ))}
            </tbody>
          </table>
        </StaffTable>
      )}
      <Pager page={d.page} pages={d.pages} href={(p) => pageLink("staff-audit", {}, { ...asked, page: p })} />
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffAudit() {
  return <StaffFrame><StaffAuditPage /></StaffFrame>;
}

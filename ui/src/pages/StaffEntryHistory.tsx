// /staff/content/{entry}/history (editors and admins; src/pages/editor.rs, history):
// an entry's revisions with who and when, two of them side by side (`?a=&b=`), and
// restore (a new draft from an earlier revision).
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { ButtonForm, instant, StaffFrame, StaffLink, StaffState, StaffTable, useStaffTexts } from "../components/staff";
import { pageLink, writeLink } from "../lib/links";
import { DEFAULT_LANGUAGE } from "../lib/language";

function StaffEntryHistoryPage() {
  const state = usePageProps("StaffEntryHistory");
  const t = useStaffTexts().editor;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  if (state.props.status === 404) return <div className="container page-body"><h1>{t.heading}</h1><p>{t.noSuchEntry}</p></div>;
  const names = t.names as Record<string, string>;
  const entry = { entry: d.key };
  const inLang = d.lang === DEFAULT_LANGUAGE ? {} : { lang: d.lang };
  const compare = (a: number, b: number) => pageLink("staff-entry-history", entry, { ...inLang, a, b });
  const changed = d.rows.filter((r) => r.changed);
  return (
    <div className="container page-body">
      <p><StaffLink to={d.editor}>{fill(t.editingTitle, { title: d.title })}</StaffLink></p>
      <h1>{fill(t.historyTitle, { title: d.title })}</h1>
      <h2>{t.revisionsHeading}</h2>
      <StaffTable label={t.revisionsHeading}>
        <table className="staff-table staff-table--cards">
          <thead><tr><th scope="col">{t.revision}</th><th scope="col">{t.state}</th><th scope="col">{t.by}</th><th scope="col">{t.saved}</th><th scope="col"><span className="visually-hidden">{t.compare}</span></th></tr></thead>
          <tbody>
            {d.revisions.map((r, i) => (
              <tr key={r.id}>
                <td><StaffLink to={pageLink("staff-entry", entry, { ...inLang, revision: r.id })}>{fill(t.forRevision, { revision: r.id })}</StaffLink></td>
                <td data-label={t.state}>{t.states[r.state]}</td>
                <td data-label={t.by} className="staff-break">{r.author}</td>
                <td data-label={t.saved}>{instant(r.saved)}</td>
                <td><div className="staff-actions">
                  {i + 1 < d.revisions.length ? <StaffLink to={compare(d.revisions[i + 1].id, r.id)} className="button button--outline">{t.compare}<span className="visually-hidden"> {fill(t.forRevision, { revision: r.id })}</span></StaffLink> : null}
                  <ButtonForm action={writeLink("/staff/content/{entry}/restore", entry)} id={`restore-${r.id}`} fields={{ revision: r.id }} label={`${t.restore} (${fill(t.forRevision, { revision: r.id })})`} />
                </div></td>
              </tr>
            ))}
          </tbody>
        </table>
      </StaffTable>
      {d.a !== null && d.b !== null ? (
        <section aria-labelledby="diff-h">
          <h2 id="diff-h">{fill(t.compareHeading, { a: d.a, b: d.b })}</h2>
          {changed.length === 0 ? <p>{t.nothing}</p> : (
            <StaffTable label={fill(t.compareHeading, { a: d.a, b: d.b })}>
              <table className="staff-table editor-diff">
                <thead><tr><th scope="col">{t.field}</th><th scope="col">{fill(t.forRevision, { revision: d.a })}</th><th scope="col">{fill(t.forRevision, { revision: d.b })}</th></tr></thead>
                <tbody>
                  {changed.map((r) => (
                    <tr key={r.path}>
                      <th scope="row">{names[r.name] ?? r.name} <span className="editor-path">{r.path}</span></th>
                      <td className="editor-old">{r.left ?? t.absent}</td>
                      <td className="editor-new">{r.right ?? t.absent}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </StaffTable>
          )}
        </section>
      ) : <p>{t.onlyOne}</p>}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffEntryHistory() {
  return <StaffFrame><StaffEntryHistoryPage /></StaffFrame>;
}

// /staff/content (editors and admins; src/pages/editor.rs, list; docs/editors.md):
// everything editors may change, by kind, with the state of its newest revision.
import { usePageProps } from "../lib/props";
import { StaffErrors, StaffForm, StaffFrame, StaffLink, StaffState, StaffTable, useFieldError, useSent, useStaffTexts } from "../components/staff";
import { writeLink } from "../lib/links";
import { fill } from "../lib/format";
import { DEFAULT_LANGUAGE } from "../lib/language";
import { EditorLanguages } from "../components/editor-languages";
import { usePlural } from "../components/ui";

function StaffContentPage() {
  const state = usePageProps("StaffContent");
  const t = useStaffTexts().editor;
  const count = usePlural();
  const titleError = useFieldError("title");
  const sentTitle = useSent("title");
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  if (state.props.status === 404) return <div className="container page-body"><h1>{t.heading}</h1><p>{t.noSuchEntry}</p></div>;
  const translation = d.lang !== DEFAULT_LANGUAGE;
  const language = (t.languageNames as Record<string, string>)[d.lang] ?? d.lang;
  const toTranslate = d.groups.flatMap((g) => g.entries).filter((e) => (e.untranslated ?? 0) > 0);
  return (
    <div className="container page-body">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <EditorLanguages languages={d.languages} label={t.languages} />
      {translation ? (
        <section aria-labelledby="untranslated-h" className="staff-done">
          <h2 id="untranslated-h" className="visually-hidden">{t.untranslatedColumn}</h2>
          {d.untranslated > 0 ? (
            <>
              <p>{count(t.listUntranslated, d.untranslated, { language })}</p>
              <p>{t.listEntries}</p>
              <ul>{toTranslate.map((e) => <li key={e.key}><StaffLink to={e.link}>{e.title}</StaffLink> ({e.untranslated})</li>)}</ul>
            </>
          ) : <p>{fill(t.listAllTranslated, { language })}</p>}
        </section>
      ) : null}
      {d.groups.map((g) => (
        <section key={g.kind} aria-labelledby={`group-${g.kind}`}>
          <h2 id={`group-${g.kind}`}>{t.groups[g.kind]}</h2>
          {g.kind === "doctor" ? <p>{fill(t.doctorIntro, { language })}</p> : null}
          <StaffTable label={t.groups[g.kind]}>
            <table className="staff-table staff-table--cards">
              <thead><tr><th scope="col">{t.title}</th><th scope="col">{t.state}</th>{translation ? <th scope="col">{t.untranslatedColumn}</th> : null}<th scope="col">{t.live}</th></tr></thead>
              <tbody>
                {g.entries.map((e) => (
                  <tr key={e.key}>
                    <td><StaffLink to={e.link}>{e.title}</StaffLink></td>
                    <td data-label={t.state}>{e.state ? t.states[e.state] : t.unchanged}</td>
                    {translation ? <td data-label={t.untranslatedColumn}>{e.untranslated ?? ""}</td> : null}
                    <td data-label={t.live}>{e.public ? <a href={e.public} className="staff-break">{e.public}</a> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </StaffTable>
          {g.kind === "article" && !translation ? (
            <StaffForm action={writeLink("/staff/content")} id="article">
              <h3>{t.newArticleHeading}</h3>
              <p className="field-hint" id="article-title-hint">{t.newArticleIntro}</p>
              <StaffErrors form="article" order={["title"]} />
              <div className={`field${titleError ? " field--error" : ""}`}>
                <label htmlFor="article-title" className="field-label">{t.newArticleTitle}</label>
                {titleError ? <p className="field-error" id="article-title-error">{titleError}</p> : null}
                <input id="article-title" name="title" className="input" maxLength={120} defaultValue={sentTitle} aria-describedby={["article-title-hint", titleError ? "article-title-error" : ""].filter(Boolean).join(" ")} aria-invalid={titleError ? true : undefined} />
              </div>
              <button type="submit" className="button button--primary">{t.newArticle}</button>
            </StaffForm>
          ) : null}
        </section>
      ))}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffContent() {
  return <StaffFrame><StaffContentPage /></StaffFrame>;
}

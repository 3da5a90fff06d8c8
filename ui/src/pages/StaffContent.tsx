// /staff/content (editors and admins; src/pages/editor.rs, list; docs/editors.md):
// everything editors may change, by kind, with the state of its newest revision.
import { usePageProps } from "../lib/props";
import { StaffErrors, StaffForm, StaffFrame, StaffLink, StaffState, StaffTable, useFieldError, useSent, useStaffTexts } from "../components/staff";
import { writeLink } from "../lib/links";

function StaffContentPage() {
  const state = usePageProps("StaffContent");
  const t = useStaffTexts().editor;
  const titleError = useFieldError("title");
  const sentTitle = useSent("title");
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
                    <td data-label={t.live}>{e.public ? <a href={e.public} className="staff-break">{e.public}</a> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </StaffTable>
          {g.kind === "article" ? (
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

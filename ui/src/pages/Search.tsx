import { Search } from "lucide-react";
import { Link } from "react-router";
import { LeaveBadge, Spinner } from "../components/ui";
import { fill } from "../lib/format";
import { usePageProps, useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";
import { inLanguage } from "../lib/language";
import { EmergencyHelp } from "../components/Emergency";

/** The search as a page: a plain GET form, so it works without JavaScript. */
export default function SearchPage() {
  const state = usePageProps("Search");
  const site = useSite();
  const labels = site.searchTypes;
  const t = useTexts("search");
  const query = state.status === "ready" ? state.props.data.query : "";
  let body;
  if (state.status === "loading") body = <Spinner label={t.loading} />;
  else if (state.status === "error") body = <p className="page-status page-status--error" role="alert">{t.failed}</p>;
  else if (query.trim().length < 2) body = <p className="page-status">{t.tooShort}</p>;
  else if (!state.props.data.results.length) {
    // Nothing found: the nearest entries, the departments, and a number to call.
    const { suggestions, departments } = state.props.data;
    body = (
      <section className="search-none" aria-labelledby="search-none-heading">
        <h2 id="search-none-heading" className="page-status" role="status">{fill(t.noResults, { query: query.trim() })}</h2>
        {suggestions.length ? (
          <>
            <p>{t.didYouMean}</p>
            <ul className="search-page-results plain-list" data-suggestions="">
              {suggestions.map((r) => (
                <li key={`${r.type}-${r.id}`} className="card search-page-result">
                  <span className="badge">{labels[r.type] ?? r.type}</span>
                  <h3><Link to={r.link}>{r.name}</Link></h3>
                  {r.description ? <p>{r.description}</p> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p>{t.browseDepartments}</p>
        <ul className="tag-list search-departments" data-departments="">
          {departments.map((d) => <li key={d.link}><Link to={d.link} className="text-link">{d.name}</Link></li>)}
        </ul>
        <p>{fill(t.callUs, { phone: site.phone })}</p>
      </section>
    );
  }
  else {
    body = (
      <section aria-labelledby="results-heading">
        <h2 id="results-heading">{t.resultsHeading}</h2>
        <ul className="search-page-results plain-list">
          {state.props.data.results.map((r) => (
            <li key={`${r.type}-${r.id}`} className="card search-page-result">
              <span className="badge">{labels[r.type] ?? r.type}</span>
              <h3><Link to={r.link}>{r.name}</Link></h3>
              {r.description ? <p>{r.description}</p> : null}
              {r.leave ? <LeaveBadge doctor={{ availability: "", onLeave: true, leave: [r.leave] }} /> : null}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <h1>{t.heading}</h1>
          {/* `key` resets the field to the query of each new results page. */}
          <form role="search" action={inLanguage(link("search"))} method="get" className="search-page-form" key={query}>
            <label htmlFor="search-page-q">{t.label}</label>
            <div className="search-input-wrap">
              <Search aria-hidden="true" focusable="false" size={18} className="search-icon" />
              <input id="search-page-q" name="q" type="search" defaultValue={query} autoComplete="off"
                placeholder={t.placeholder} />
              <button type="submit" className="button button--primary">{t.submit}</button>
            </div>
          </form>
        </div>
      </div>
      <div className="container page-body">
        {/* An emergency's help comes before anything found (issue 43). */}
        {state.status === "ready" ? <EmergencyHelp help={state.props.data.emergency} /> : null}
        {body}
      </div>
    </div>
  );
}

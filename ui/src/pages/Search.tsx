import { Search } from "lucide-react";
import { Link } from "react-router";
import { Spinner } from "../components/ui";
import { usePageProps, useSite } from "../lib/props";

/** The search as a page: a plain GET form, so it works without JavaScript. */
export default function SearchPage() {
  const state = usePageProps("Search");
  const labels = useSite().searchTypes;
  const query = state.status === "ready" ? state.props.data.query : "";
  let body;
  if (state.status === "loading") body = <Spinner label="Searching" />;
  else if (state.status === "error") body = <p className="page-status page-status--error" role="alert">The search failed. Please try again.</p>;
  else if (query.trim().length < 2) body = <p className="page-status">Type at least 2 characters to search.</p>;
  else if (!state.props.data.results.length) body = <p className="page-status" role="status">No results for “{query.trim()}”.</p>;
  else {
    body = (
      <section aria-labelledby="results-heading">
        <h2 id="results-heading">Search Results</h2>
        <ul className="search-page-results plain-list">
          {state.props.data.results.map((r) => (
            <li key={`${r.type}-${r.id}`} className="card search-page-result">
              <span className="badge">{labels[r.type] ?? r.type}</span>
              <h3><Link to={r.link}>{r.name}</Link></h3>
              {r.description ? <p>{r.description}</p> : null}
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
          <h1>Search</h1>
          {/* `key` resets the field to the query of each new results page. */}
          <form role="search" action="/search" method="get" className="search-page-form" key={query}>
            <label htmlFor="search-page-q">Search for departments, doctors, services and specializations</label>
            <div className="search-input-wrap">
              <Search aria-hidden="true" focusable="false" size={18} className="search-icon" />
              <input id="search-page-q" name="q" type="search" defaultValue={query} autoComplete="off"
                placeholder="Search for departments, doctors..." />
              <button type="submit" className="button button--primary">Search</button>
            </div>
          </form>
        </div>
      </div>
      <div className="container page-body">{body}</div>
    </div>
  );
}

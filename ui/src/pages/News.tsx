import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { Spinner } from "../components/ui";
import { formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";

/**
 * Back goes to the previous page when the visitor came here within the site, else
 * home (react-router gives the first page of a visit the key "default").
 */
export function BackButton({ label = "Back" }: { label?: string }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <Link to="/" className="back-link" onClick={(e) => {
      if (key !== "default") {
        e.preventDefault();
        navigate(-1);
      }
    }}>
      <ArrowLeft aria-hidden="true" focusable="false" size={18} />{label}
    </Link>
  );
}

export default function NewsPage() {
  const state = usePageProps("News");
  let body;
  if (state.status === "loading") body = <Spinner label="Loading news" />;
  else if (state.status === "error") body = <p className="page-status page-status--error" role="alert">Failed to load news. Please try again later.</p>;
  else {
    const { articles, page, pages } = state.props.data;
    body = (
      <>
        {articles.length ? (
          <div className="card-grid card-grid--3">
            {articles.map((a) => (
              <article key={a.id} className="card news-card" data-article-card="">
                <p className="news-meta">
                  <span className="badge">{a.category}</span>
                  <time dateTime={a.date}>{formatDate(a.date)}</time>
                </p>
                <h2 className="news-title">{a.title}</h2>
                <p className="muted">By {a.author}</p>
                <p>{a.excerpt}</p>
                <Link to={`/news/${a.id}`} className="text-link" aria-label={`Read full article: ${a.title}`}>
                  Read full article <ArrowRight aria-hidden="true" focusable="false" size={16} />
                </Link>
              </article>
            ))}
          </div>
        ) : <p className="page-status">There are no articles on this page.</p>}
        {pages > 1 ? (
          <nav className="pagination" aria-label="News pages">
            <ul className="plain-list">
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <li key={n}>
                  <Link to={n === 1 ? "/news" : `/news?page=${n}`} aria-current={n === page ? "page" : undefined}
                    aria-label={`Page ${n}`}>{n}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <BackButton />
          <h1>News & Updates</h1>
          <p className="page-lead">What's new at HYGO, and guides to help you make the most of your care.</p>
        </div>
      </div>
      <div className="container page-body">{body}</div>
    </div>
  );
}

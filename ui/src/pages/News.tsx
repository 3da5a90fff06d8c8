import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { Spinner } from "../components/ui";
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";

/**
 * Back goes to the previous page when the visitor came here within the site, else
 * home (react-router gives the first page of a visit the key "default").
 */
export function BackButton({ label }: { label?: string }) {
  const common = useTexts("common");
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <Link to="/" className="back-link" onClick={(e) => {
      if (key !== "default") {
        e.preventDefault();
        navigate(-1);
      }
    }}>
      <ArrowLeft aria-hidden="true" focusable="false" size={18} />{label ?? common.back}
    </Link>
  );
}

export default function NewsPage() {
  const state = usePageProps("News");
  const t = useTexts("news");
  let body;
  if (state.status === "loading") body = <Spinner label={t.loading} />;
  else if (state.status === "error") body = <p className="page-status page-status--error" role="alert">{t.failed}</p>;
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
                <p className="muted">{fill(t.byAuthor, { author: a.author })}</p>
                <p>{a.excerpt}</p>
                <Link to={link("article", { id: a.id })} className="text-link" aria-label={fill(t.readMoreAbout, { title: a.title })}>
                  {t.readMore} <ArrowRight aria-hidden="true" focusable="false" size={16} />
                </Link>
              </article>
            ))}
          </div>
        ) : <p className="page-status">{t.noArticles}</p>}
        {pages > 1 ? (
          <nav className="pagination" aria-label={t.pagination}>
            <ul className="plain-list">
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <li key={n}>
                  <Link to={n === 1 ? link("news") : link("news", {}, { page: n })} aria-current={n === page ? "page" : undefined}
                    aria-label={fill(t.page, { n })}>{n}</Link>
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
          <h1>{t.heading}</h1>
          <p className="page-lead">{t.lead}</p>
        </div>
      </div>
      <div className="container page-body">{body}</div>
    </div>
  );
}

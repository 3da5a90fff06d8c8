import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { NotFound, Spinner } from "../components/ui";
import { formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";

export default function ArticlePage() {
  const state = usePageProps("Article");
  if (state.status === "loading") return <div className="container page-body"><Spinner label="Loading article" /></div>;
  const back = (
    <Link to="/news" className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />Back to News</Link>
  );
  if (state.status === "error" || !state.props.data.article) {
    return <NotFound heading="Article Not Found" text="The article you're looking for doesn't exist or has been removed." back="/news" backLabel="Back to News" />;
  }
  const a = state.props.data.article;
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container narrow">
          {back}
          <p className="news-meta">
            <span className="badge">{a.category}</span>
            <time dateTime={a.date}>{formatDate(a.date)}</time>
          </p>
          <h1>{a.title}</h1>
          <p className="muted">By {a.author}</p>
        </div>
      </div>
      <article className="container page-body narrow prose">
        <p className="page-lead">{a.excerpt}</p>
        {a.content.map((p) => <p key={p}>{p}</p>)}
      </article>
    </div>
  );
}

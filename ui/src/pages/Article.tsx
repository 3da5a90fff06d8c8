import { Paragraph } from "../components/Prose";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ContentPicture, NotFound, Spinner } from "../components/ui";
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";

export default function ArticlePage() {
  const state = usePageProps("Article");
  const news = useTexts("news");
  const t = useTexts("article");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={t.loading} /></div>;
  const back = (
    <Link to={link("news")} className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />{news.backToNews}</Link>
  );
  if (state.status === "error" || !state.props.data.article) {
    return <NotFound heading={t.notFoundHeading} text={t.notFoundText} back={link("news")} backLabel={news.backToNews} />;
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
          <p className="muted">{fill(news.byAuthor, { author: a.author })}</p>
        </div>
      </div>
      <article className="container page-body narrow prose">
        {a.image ? <ContentPicture picture={a.image} sizes="(min-width: 900px) 860px, calc(100vw - 2rem)" eager /> : null}
        <p className="page-lead">{a.excerpt}</p>
        {a.content.map((p) => <Paragraph key={p} text={p} />)}
      </article>
    </div>
  );
}

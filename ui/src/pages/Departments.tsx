import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { FlipCard } from "../components/FlipCard";
import { Spinner } from "../components/ui";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";

export default function DepartmentsPage() {
  const state = usePageProps("Departments");
  const common = useTexts("common");
  const t = useTexts("departments");
  let body;
  if (state.status === "loading") {
    body = <Spinner label={t.loading} />;
  } else if (state.status === "error") {
    body = (
      <div className="page-status page-status--error" role="alert">
        <p>{t.failed}</p>
        <button type="button" className="button button--outline" onClick={state.retry}>{common.tryAgain}</button>
      </div>
    );
  } else {
    const departments = [...state.props.data.departments].sort((a, b) => a.name.localeCompare(b.name, "en"));
    body = (
      <ul className="flip-grid plain-list" aria-label={t.listLabel}>
        {departments.map((d) => <FlipCard key={d.slug} department={d} href={link("department", { id: d.slug })} />)}
      </ul>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to="/" className="back-link">
            <ArrowLeft aria-hidden="true" focusable="false" size={18} />{common.back}
          </Link>
          <h1>{t.heading}</h1>
          <p className="page-lead">{t.lead}</p>
        </div>
      </div>
      <div className="container page-body">{body}</div>
    </div>
  );
}

import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Spinner } from "../components/ui";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { Department } from "../types";
import { link } from "../lib/public-links";

/**
 * A card that flips to its long description on hover and on keyboard focus. The
 * whole card is one link; both faces are in it, so screen readers hear the name,
 * the summary and the description whichever face is showing.
 */
export function FlipCard({ department }: { department: Department }) {
  const t = useTexts("departments");
  return (
    <li className="flip-card" data-department-card="">
      <Link to={link("department", { id: department.slug })} className="flip-card-link">
        <span className="flip-card-inner">
          <span className="flip-face flip-front">
            <span className="flip-name">{department.name}</span>
            <span className="flip-summary">{department.description}</span>
          </span>
          <span className="flip-face flip-back">
            <span className="flip-long">{department.longDescription}</span>
            <span className="flip-more">{fill(t.visit, { name: department.name })}<ArrowRight aria-hidden="true" focusable="false" size={16} /></span>
          </span>
        </span>
      </Link>
    </li>
  );
}

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
        {departments.map((d) => <FlipCard key={d.slug} department={d} />)}
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

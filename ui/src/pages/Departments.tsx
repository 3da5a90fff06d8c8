import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Spinner } from "../components/ui";
import { usePageProps } from "../lib/props";
import type { Department } from "../types";

/**
 * A card that flips to its long description on hover and on keyboard focus. The
 * whole card is one link; both faces are in it, so screen readers hear the name,
 * the summary and the description whichever face is showing.
 */
export function FlipCard({ department }: { department: Department }) {
  return (
    <li className="flip-card" data-department-card="">
      <Link to={`/departments/${department.slug}`} className="flip-card-link">
        <span className="flip-card-inner">
          <span className="flip-face flip-front">
            <span className="flip-name">{department.name}</span>
            <span className="flip-summary">{department.description}</span>
          </span>
          <span className="flip-face flip-back">
            <span className="flip-long">{department.longDescription}</span>
            <span className="flip-more">Visit {department.name}<ArrowRight aria-hidden="true" focusable="false" size={16} /></span>
          </span>
        </span>
      </Link>
    </li>
  );
}

export default function DepartmentsPage() {
  const state = usePageProps("Departments");
  let body;
  if (state.status === "loading") {
    body = <Spinner label="Loading departments" />;
  } else if (state.status === "error") {
    body = (
      <div className="page-status page-status--error" role="alert">
        <p>Failed to load departments. Please try again later.</p>
        <button type="button" className="button button--outline" onClick={state.retry}>Try again</button>
      </div>
    );
  } else {
    const departments = [...state.props.data.departments].sort((a, b) => a.name.localeCompare(b.name, "en"));
    body = (
      <ul className="flip-grid plain-list" aria-label="Departments">
        {departments.map((d) => <FlipCard key={d.slug} department={d} />)}
      </ul>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to="/" className="back-link">
            <ArrowLeft aria-hidden="true" focusable="false" size={18} />Back
          </Link>
          <h1>Our Departments</h1>
          <p className="page-lead">Specialist care at HYGO in Rajkot. Choose a department to see what it offers and meet its specialists.</p>
        </div>
      </div>
      <div className="container page-body">{body}</div>
    </div>
  );
}

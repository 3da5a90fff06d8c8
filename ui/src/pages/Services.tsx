import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ServiceIcon } from "../components/ServiceIcon";
import { Spinner } from "../components/ui";
import { usePageProps } from "../lib/props";

export default function ServicesPage() {
  const state = usePageProps("Services");
  let body;
  if (state.status === "loading") body = <Spinner label="Loading services" />;
  else if (state.status === "error") {
    body = (
      <div className="page-status page-status--error" role="alert">
        <p>Failed to load services. Please try again later.</p>
        <button type="button" className="button button--outline" onClick={state.retry}>Try again</button>
      </div>
    );
  } else {
    body = (
      <ul className="card-grid service-grid plain-list" aria-label="Services">
        {state.props.data.services.map((s) => (
          <li key={s.id} className="card service-card" data-service-card="">
            <ServiceIcon id={s.id} size={56} />
            <h2>{s.name}</h2>
            <p>{s.description}</p>
            <Link to={`/services/${s.id}`} className="button button--outline" aria-label={`Know More about ${s.name}`}>Know More</Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to="/" className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />Back</Link>
          <h1>Our Services</h1>
          <p className="page-lead">Everything from a first consultation to medicines at your door, at HYGO in Rajkot.</p>
        </div>
      </div>
      <div className="container page-body">{body}</div>
    </div>
  );
}

import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ServiceIcon } from "../components/ServiceIcon";
import { Spinner } from "../components/ui";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";

export default function ServicesPage() {
  const state = usePageProps("Services");
  const common = useTexts("common");
  const t = useTexts("services");
  let body;
  if (state.status === "loading") body = <Spinner label={t.loading} />;
  else if (state.status === "error") {
    body = (
      <div className="page-status page-status--error" role="alert">
        <p>{t.failed}</p>
        <button type="button" className="button button--outline" onClick={state.retry}>{common.tryAgain}</button>
      </div>
    );
  } else {
    body = (
      <ul className="card-grid service-grid plain-list" aria-label={t.listLabel}>
        {state.props.data.services.map((s) => (
          <li key={s.id} className="card service-card" data-service-card="">
            <ServiceIcon id={s.id} size={56} />
            <h2>{s.name}</h2>
            <p>{s.description}</p>
            <Link to={link("service", { id: s.id })} className="button button--outline" aria-label={fill(t.knowMoreAbout, { name: s.name })}>{t.knowMore}</Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to="/" className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />{common.back}</Link>
          <h1>{t.heading}</h1>
          <p className="page-lead">{t.lead}</p>
        </div>
      </div>
      <div className="container page-body">{body}</div>
    </div>
  );
}

import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ServiceIcon } from "../components/ServiceIcon";
import { BookLink, NotFound, Spinner } from "../components/ui";
import { fill } from "../lib/format";
import { usePageProps, useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { Service } from "../types";
import { link } from "../lib/public-links";

function Details({ service }: { service: Service }) {
  const site = useSite();
  const t = useTexts("service");
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to={link("services")} className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />{t.backToServices}</Link>
          <div className="dept-hero-body">
            <ServiceIcon id={service.id} />
            <div>
              <h1>{service.name}</h1>
              <p className="page-lead">{service.description}</p>
            </div>
          </div>
        </div>
      </div>
      <div className="container page-body narrow">
        <section className="card">
          <h2>{fill(t.about, { name: service.name })}</h2>
          <p>{service.longDescription}</p>
        </section>
        <section className="card">
          <h2>{t.details}</h2>
          <ul className="check-list">{service.offers.map((o) => <li key={o}>{o}</li>)}</ul>
        </section>
        <p className="section-action">
          <BookLink className="button button--primary button--large">{site.bookLabel}</BookLink>
        </p>
      </div>
    </div>
  );
}

export default function ServicePage() {
  const state = usePageProps("Service");
  const t = useTexts("service");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={t.loading} /></div>;
  if (state.status === "error" || !state.props.data.service) return <NotFound heading={t.notFoundHeading} text={t.notFoundText} back={link("services")} backLabel={t.backToServices} />;
  return <Details service={state.props.data.service} />;
}

import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ServiceIcon } from "../components/ServiceIcon";
import { BookLink, NotFound, Spinner } from "../components/ui";
import { usePageProps, useSite } from "../lib/props";
import type { Service } from "../types";

function Details({ service }: { service: Service }) {
  const site = useSite();
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to="/services" className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />Back to Services</Link>
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
          <h2>About Our {service.name} Service</h2>
          <p>{service.longDescription}</p>
        </section>
        <section className="card">
          <h2>Service Details</h2>
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
  if (state.status === "loading") return <div className="container page-body"><Spinner label="Loading service" /></div>;
  if (state.status === "error" || !state.props.data.service) return <NotFound heading="Service Not Found" text="The service you're looking for doesn't exist or has been removed." back="/services" backLabel="Back to Services" />;
  return <Details service={state.props.data.service} />;
}

// /requests?token=: where a form sent without JavaScript lands (src/pages/request.rs).
// It shows what the form's success screen shows after a send with JavaScript (the
// wizards' "Appointment Request Sent", the health card's thank-you, the contact
// form's message) with the request's reference to write down, share or print,
// for as long as the request lives; then, as for a token that never existed,
// "Page not found".
import { Link } from "react-router";
import { AppointmentDone, CardThanks, Reference } from "../components/done";
import { NotFound, Spinner } from "../components/ui";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";
import { fill } from "../lib/format";

export default function RequestPage() {
  const state = usePageProps("Request");
  const t = useTexts("request");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={t.loading} /></div>;
  if (state.status === "error") {
    return <div className="container page-body"><p className="page-status page-status--error" role="alert">{t.failed}</p></div>;
  }
  const data = state.props.data;
  const r = data.receipt;
  if (!r) return <NotFound heading={t.notFoundHeading} text={t.notFoundText} back="/" backLabel={t.home} />;
  let heading: string;
  let body: React.ReactNode;
  switch (r.kind) {
    case "appointment": {
      const texts = data.appointment;
      heading = t.appointmentHeading;
      body = (
        <AppointmentDone texts={texts} done={{ ...r, calendar: data.calendar ?? undefined, page: data.address }}>
          {r.general ? <Link to="/" className="button button--outline">{texts.returnHome}</Link>
            : <Link to={link("doctors")} className="button button--outline">{texts.returnDoctors}</Link>}
          <Link to={r.general ? link("appointment") : link("doctor-appointment", { id: r.doctorId })} className="button button--primary">{texts.another}</Link>
        </AppointmentDone>
      );
      break;
    }
    case "card":
      heading = t.cardHeading;
      body = <div className="card form-card"><CardThanks texts={data.subscription} plans={data.plans.plans} card={r.card} reference={r.reference} page={data.address} /></div>;
      break;
    case "contact":
      heading = t.contactHeading;
      body = (
        <div className="card form-card">
          <div className="form-success" role="status"><p>{data.contactSent}</p><Reference reference={r.reference} keep={t.keepOther} share={{ text: fill(t.shareOther, { reference: r.reference }), url: data.address }} /></div>
          <Link to={link("contact")} className="button button--outline">{t.backToContact}</Link>
        </div>
      );
      break;
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container narrow"><h1>{heading}</h1></div>
      </div>
      <div className="container page-body narrow">{body}</div>
    </div>
  );
}

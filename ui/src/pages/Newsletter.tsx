// /newsletter: the sign-up form on a page of its own, where the footer's form lands
// without JavaScript (`?subscribed=1`: check your e-mail; or the form again with
// its error); /newsletter/confirm?token=: the page the confirmation e-mail's link
// opens, and /unsubscribe?token=: the one the newsletter's link opens, each with
// one button (`?confirmed=1`, `?unsubscribed=1` once pressed).
import { ArrowLeft } from "lucide-react";
import { Link, useLocation } from "react-router";
import { NewsletterForm } from "../components/NewsletterForm";
import { Spinner } from "../components/ui";
import { usePageProps, useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";
import { inLanguage } from "../lib/language";

export default function NewsletterPage() {
  const site = useSite();
  const state = usePageProps("Newsletter");
  const common = useTexts("common");
  const texts = useTexts("newsletter");
  const { search } = useLocation();
  if (state.status === "loading") return <div className="container page-body"><Spinner label={texts.loading} /></div>;
  if (state.status === "error") {
    return <div className="container page-body"><p className="page-status page-status--error" role="alert">{texts.failed}</p></div>;
  }
  const t = site.newsletter;
  const { unsubscribe, confirm, messages } = state.props.data;
  const params = new URLSearchParams(search);
  const done = (text: string) => <p className="form-success" role="status">{text}</p>;
  let body;
  if (confirm) {
    body = confirm.valid ? (
      <form method="post" action={inLanguage(link("newsletter-confirm", {}, { token: confirm.token }))} className="form">
        <p>{t.confirmText}</p>
        <button type="submit" className="button button--primary">{t.confirmButton}</button>
      </form>
    ) : (
      <>
        <p className="page-status page-status--error" role="alert">{t.confirmInvalid}</p>
        <NewsletterForm id="newsletter-page" source="newsletter-page" labelledBy="newsletter-page-heading" />
      </>
    );
  } else if (unsubscribe) {
    body = unsubscribe.valid ? (
      <form method="post" action={inLanguage(`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribe.token)}`)} className="form">
        <p>{t.unsubscribeText}</p>
        <button type="submit" className="button button--primary">{t.unsubscribeButton}</button>
      </form>
    ) : <p className="page-status page-status--error" role="alert">{t.unsubscribeInvalid}</p>;
  } else if (params.get("unsubscribed") === "1") {
    body = done(messages.unsubscribed);
  } else if (params.get("confirmed") === "1") {
    body = done(messages.confirmed);
  } else {
    body = (
      <>
        {params.get("subscribed") === "1" ? done(messages.checkEmail) : null}
        <p>{t.text}</p>
        <NewsletterForm id="newsletter-page" source="newsletter-page" initial={state.props.form} labelledBy="newsletter-page-heading" />
      </>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container narrow">
          <Link to="/" className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />{common.back}</Link>
          <h1 id="newsletter-page-heading">{confirm ? t.confirmHeading : unsubscribe ? t.unsubscribeHeading : t.pageHeading}</h1>
        </div>
      </div>
      <div className="container page-body narrow">{body}</div>
    </div>
  );
}

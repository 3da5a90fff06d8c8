// /subscription: the two health-card plans and the request form. Each plan's button
// opens the request dialog (closed, open form, thank-you with Close; closing
// resets it). The same form is also on the page itself, which is where the plan
// buttons lead without JavaScript: it posts to /subscription and comes back with
// the visitor's values and an error summary, or lands on its confirmation page
// (/requests?token=, pages/Request.tsx) with the thank-you.
import { ArrowLeft, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { CardThanks } from "../components/done";
import { ErrorSummary, FormGuard, PrivacyNotice, TextField, initialForm, postJson, str, type Errors } from "../components/form";
import { Spinner } from "../components/ui";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { FormState, SubscriptionProps } from "../types";
import { link } from "../lib/public-links";
import { inLanguage } from "../lib/language";

type Data = SubscriptionProps["data"];
type Plan = Data["plans"]["plans"][number];
/** A request stored after a send with JavaScript: its card and reference. */
interface Sent {
  card: string;
  reference?: string;
}

/** The plan a value names: its id (what is stored and posted) or its name (older links). */
function planOf(plans: Plan[], key: string | null | undefined): Plan | undefined {
  return key ? plans.find((p) => p.id === key || p.name === key) : undefined;
}

/** The request form: in the dialog for one plan (`plan` given), or on the page with a choice of plan. */
function RequestForm({ data, id, plan, initial, onSent }: {
  data: Data;
  id: string;
  plan?: string;
  initial?: FormState;
  onSent: (sent: Sent) => void;
}) {
  const start = initialForm(initial);
  const plans = data.plans.plans;
  const [values, setValues] = useState({
    name: str(start.values, "name"),
    email: str(start.values, "email"),
    number: str(start.values, "number"),
    subscriptionType: plan ?? planOf(plans, str(start.values, "subscriptionType"))?.id ?? plans[0]?.id ?? "",
  });
  const [errors, setErrors] = useState<Errors>(start.errors);
  const [message, setMessage] = useState(start.message);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(start.status >= 400 ? 1 : 0);
  const set = (name: keyof typeof values) => (v: string) => setValues((o) => ({ ...o, [name]: v }));
  const t = data.texts;
  const own = useTexts("subscription");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    const answer = await postJson("/api/SubscriptionData/subscription-form", values, data.forms.networkError);
    setSending(false);
    if (answer.ok) {
      const reference = (answer.data as { reference?: unknown } | undefined)?.reference;
      onSent({ card: values.subscriptionType, reference: typeof reference === "string" ? reference : undefined });
      return;
    }
    setErrors(answer.errors);
    setMessage(answer.message);
    setAttempt((n) => n + 1);
  }

  return (
    <form method="post" action={inLanguage(link("subscription"))} noValidate onSubmit={submit} className="form" aria-describedby={`${id}-privacy`}>
      <ErrorSummary form={id} title={data.forms.errorSummaryTitle} errors={errors} message={message} attempt={attempt}
        order={["subscriptionType", "name", "email", "number"]} />
      {plan ? <input type="hidden" name="subscriptionType" value={plan} /> : (
        <fieldset className="field radio-group" aria-describedby={errors.subscriptionType ? `${id}-subscriptionType-error` : undefined}>
          <legend className="field-label">{own.card}</legend>
          {errors.subscriptionType ? <p className="field-error" id={`${id}-subscriptionType-error`}>{errors.subscriptionType}</p> : null}
          {plans.map((p, i) => (
            <label key={p.id} className="radio">
              <input type="radio" name="subscriptionType" value={p.id} id={i === 0 ? `${id}-subscriptionType` : undefined}
                checked={values.subscriptionType === p.id} onChange={() => set("subscriptionType")(p.id)} />
              {p.name} ({data.plans.currency}{p.price}{data.plans.periodLabel})
            </label>
          ))}
        </fieldset>
      )}
      <TextField form={id} name="name" label={t.fields.name} value={values.name} onChange={set("name")} error={errors.name}
        autoComplete="name" required />
      <TextField form={id} name="email" label={t.fields.email} value={values.email} onChange={set("email")} error={errors.email}
        type="email" autoComplete="email" />
      <TextField form={id} name="number" label={t.fields.number} value={values.number} onChange={set("number")} error={errors.number}
        type="tel" autoComplete="tel" required />
      <div id={`${id}-privacy`}><PrivacyNotice text={t.privacy} forms={data.forms} /></div>
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t.sending : t.submit}
      </button>
      <p className="visually-hidden" aria-live="polite">{sending ? t.sending : ""}</p>
      <FormGuard form={id} />
    </form>
  );
}

/** The modal dialog of one plan: form, then thank-you with Close. Closing resets it. */
function RequestDialog({ data, plan, onClose }: { data: Data; plan: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);
  const title = fill(data.texts.dialogTitle, { plan: planOf(data.plans.plans, plan)?.name ?? plan });
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="card-dialog-title" onClose={onClose}
      onClick={(e) => { if (e.target === ref.current) ref.current?.close(); }}>
      <div className="dialog-body">
        <div className="dialog-head">
          <h2 id="card-dialog-title">{title}</h2>
          <button type="button" className="icon-button" onClick={() => ref.current?.close()}>
            <X aria-hidden="true" focusable="false" size={22} /><span className="visually-hidden">{data.texts.close}</span>
          </button>
        </div>
        {sent ? (
          <>
            <CardThanks texts={data.texts} plans={data.plans.plans} card={sent.card} reference={sent.reference} headingRef={thanksRef} />
            <button type="button" className="button button--primary" onClick={() => ref.current?.close()}>{data.texts.close}</button>
          </>
        ) : (
          <>
            <p>{data.texts.dialogIntro}</p>
            <RequestForm data={data} id="card-dialog" plan={plan} onSent={setSent} />
          </>
        )}
      </div>
    </dialog>
  );
}

export default function SubscriptionPage() {
  const state = usePageProps("Subscription");
  const { search } = useLocation();
  const [dialogPlan, setDialogPlan] = useState<string | null>(null);
  const [sentInPage, setSentInPage] = useState<Sent | null>(null);
  const common = useTexts("common");
  const own = useTexts("subscription");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={own.loading} /></div>;
  if (state.status === "error") {
    return <div className="container page-body"><p className="page-status page-status--error" role="alert">{own.failed}</p></div>;
  }
  const { data, form } = state.props;
  const { plans: content, texts } = data;
  const params = new URLSearchParams(search);
  const chosen = params.get("plan");
  // The plan a button chose without JavaScript (`?plan=`), unless a refused post brought values back.
  const initial: FormState | undefined = form ?? (chosen ? { status: 0, message: "", errors: {}, values: { subscriptionType: chosen } } : undefined);
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to="/" className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />{common.back}</Link>
          <h1>{texts.heading}</h1>
          <p className="page-lead">{texts.lead}</p>
        </div>
      </div>
      <div className="container page-body">
        <div className="plans plans--page">
          {content.plans.map((p) => (
            <article key={p.id} className="card plan-card" aria-labelledby={`plan-${p.id}`}>
              {p.badge ? <p className="badge">{p.badge}</p> : null}
              <h2 id={`plan-${p.id}`}>{p.name}</h2>
              <p className="muted">{p.audience}</p>
              <p className="price">
                <span className="price-amount">{content.currency}{p.price}</span>
                <span className="price-period">{content.periodLabel}</span>
              </p>
              <a href={`${inLanguage(link("subscription", {}, { plan: p.id }))}#request`} className="button button--primary"
                aria-label={`${texts.requestLabel}: ${p.name}`}
                onClick={(e) => { e.preventDefault(); setDialogPlan(p.id); }}>
                {texts.requestLabel}
              </a>
            </article>
          ))}
        </div>
        {/* What both plans give, said once for both (not "Both plans include" inside each plan). */}
        <section className="card plan-benefits" aria-labelledby="plan-benefits">
          <h2 id="plan-benefits" className="offer-heading">{content.benefitsHeading}</h2>
          <ul className="check-list">
            {content.benefits.map((b) => <li key={b}>{b}</li>)}
          </ul>
        </section>

        <section id="request" className="card form-card" aria-labelledby="request-heading">
          <h2 id="request-heading">{own.requestHeading}</h2>
          {sentInPage ? <CardThanks texts={texts} plans={content.plans} card={sentInPage.card} reference={sentInPage.reference} /> : (
            <>
              <p>{texts.dialogIntro}</p>
              <RequestForm data={data} id="card" initial={initial} onSent={setSentInPage} key={chosen ?? ""} />
            </>
          )}
        </section>
      </div>
      {dialogPlan ? <RequestDialog key={dialogPlan} data={data} plan={dialogPlan} onClose={() => setDialogPlan(null)} /> : null}
    </div>
  );
}

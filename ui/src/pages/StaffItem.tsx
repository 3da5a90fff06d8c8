// /staff/card-requests/{reference} and /staff/messages/{reference}: one health
// card request or contact message, who handled it and when, or the form to mark
// it handled with a note; and its history.
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { instant, StaffErrors, StaffForm, StaffState, useFieldError, useStaffTexts, StaffFrame, Choices, useSent, StaffLink } from "../components/staff";
import { History } from "../components/audit";
import { pageLink, writeLink } from "../lib/links";

function StaffItemPage() {
  const state = usePageProps("StaffItem");
  const all = useStaffTexts();
  const t = all.items;
  const noteError = useFieldError("note");
  const stepError = useFieldError("step");
  const sent = { step: useSent("step"), note: useSent("note") };
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const cards = d.kind === "card-request";
  const stepLabels: Record<string, string> = t.steps;
  const list = pageLink(cards ? "staff-card-requests" : "staff-messages");
  const item = d.item;
  if (!item) return <div className="container page-body"><p>{all.frame.notFound}</p><StaffLink to={list}>{all.frame.backToList}</StaffLink></div>;
  return (
    <div className="container page-body staff-detail">
      <p><StaffLink to={list}>{all.frame.backToList}</StaffLink></p>
      <h1>{fill(d.kind === "card-request" ? t.cardHeading : t.messageHeading, { reference: item.reference })}</h1>
      <dl className="staff-dl">
        <dt>{t.name}</dt><dd><bdi>{item.name}</bdi></dd>
        <dt>{t.email}</dt><dd><a href={`mailto:${item.email}`}>{item.email}</a></dd>
        {item.phone ? <><dt>{t.phone}</dt><dd><a href={`tel:${item.phone.replace(/\s/g, "")}`}>{item.phone}</a></dd></> : null}
        <dt>{d.kind === "card-request" ? t.topicCard : t.topicMessage}</dt><dd><bdi>{item.topic}</bdi></dd>
        {item.clinic ? <><dt>{t.clinic}</dt><dd>{item.clinic}</dd></> : null}
        {item.text ? <><dt>{t.message}</dt><dd className="staff-text"><bdi>{item.text}</bdi></dd></> : null}
        <dt>{t.received}</dt><dd>{instant(item.createdAt)}</dd>
      </dl>
      <p><strong>{t.status}:</strong> {t.statuses[item.status]}</p>
      {item.handledAt ? (
        <p className="staff-done">{fill(t.handledBy, { status: t.statuses[item.status], who: item.handledBy ?? "", when: instant(item.handledAt) })}{item.handledNote ? <>: <bdi>{item.handledNote}</bdi></> : null}</p>
      ) : null}
      {item.steps.length ? (
        <StaffForm action={writeLink(cards ? "/staff/card-requests/{reference}" : "/staff/messages/{reference}", { reference: item.reference })} id="handled">
          <StaffErrors form="handled" order={["step", "note"]} />
          {item.steps.length > 1 ? (
            <Choices form="handled" name="step" legend={t.whatHappened} error={stepError} chosen={sent.step} options={item.steps.map((s) => [s, stepLabels[s]] as const)} />
          ) : <input type="hidden" name="step" value={item.steps[0]} />}
          <Field form="handled" name="note" label={t.note} hint={cards ? t.noteHintCard : undefined} error={noteError}>
            <textarea {...describedBy("handled", "note", noteError, cards)} className="input" rows={3} maxLength={d.limits.note} defaultValue={sent.note} />
          </Field>
          <button type="submit" className="button button--primary">{item.steps.length > 1 ? t.save : stepLabels[item.steps[0]]}</button>
        </StaffForm>
      ) : null}
      <History entries={d.history} heading={all.request.history} />
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffItem() {
  return <StaffFrame><StaffItemPage /></StaffFrame>;
}

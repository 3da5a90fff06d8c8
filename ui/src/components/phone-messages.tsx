// The messages to patients' phones as the desk sees them (`hygo_core::messaging`):
// on a request's page, what was sent about it and what became of each; on the
// inbox, the ones that did not arrive, for the desk to call. Never their text.

import { fill } from "../lib/format";
import { pageLink } from "../lib/links";
import type { StaffPhoneMessage } from "../types";
import { instant, StaffForm, StaffLink, StaffTable, useStaffTexts } from "./staff";

type Texts = ReturnType<typeof useStaffTexts>["phoneMessages"];

/** What a message was: its template, the SMS version named as the WhatsApp one. */
function what(t: Texts, m: StaffPhoneMessage): string {
  const name = m.template.replace(/_sms$/, "") as keyof Texts["templates"];
  return t.templates[name] ?? m.template;
}

/** What became of it, and why when it failed. */
function outcome(t: Texts, m: StaffPhoneMessage): string {
  const state = t.states[m.state as keyof Texts["states"]] ?? m.state;
  if (m.error === "withdrawn") return `${state}. ${t.withdrawn}`;
  return m.state === "failed" && m.error ? `${state}. ${fill(t.why, { error: m.error })}` : state;
}

/**
 * A request's messages, with the patient's consent, and the desk's way to
 * withdraw it when the patient asks (`action`: the request's write address).
 */
export function RequestMessages({ updates, messages, action }: { updates: string; messages: readonly StaffPhoneMessage[]; action: string }) {
  const t = useStaffTexts().phoneMessages;
  return (
    <section aria-labelledby="messages-h">
      <h2 id="messages-h">{t.heading}</h2>
      <p>{t.updates[updates as keyof Texts["updates"]] ?? t.updates.none}</p>
      {updates !== "none" ? (
        <StaffForm action={action} id="step-stop-messages" className="staff-inline">
          <input type="hidden" name="step" value="stop-messages" />
          <button type="submit" className="button button--outline">{t.stop}</button>
        </StaffForm>
      ) : null}
      {messages.length === 0 ? <p>{t.none}</p> : (
        <StaffTable label={t.heading}>
          <table className="staff-table staff-table--cards" role="table">
            <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">{t.what}</th><th scope="col" role="columnheader">{t.channel}</th><th scope="col" role="columnheader">{t.state}</th><th scope="col" role="columnheader">{t.at}</th></tr></thead>
            <tbody role="rowgroup">
              {messages.map((m, i) => (
                <tr key={i} role="row" data-message-state={m.state}>
                  <td role="cell">{what(t, m)}</td>
                  <td role="cell" data-label={t.channel}>{t.channels[m.channel as keyof Texts["channels"]] ?? m.channel}</td>
                  <td role="cell" data-label={t.state}>{outcome(t, m)}</td>
                  <td role="cell" data-label={t.at}>{instant(m.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </StaffTable>
      )}
    </section>
  );
}

/** The messages that did not arrive, for the desk to call: nothing when there are none. */
export function FailedMessages({ messages }: { messages: readonly StaffPhoneMessage[] }) {
  const m = useStaffTexts().phoneMessages;
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="failed-h" className="staff-failed">
      <h2 id="failed-h">{m.failedHeading}</h2>
      <p>{m.failedLead}</p>
      <StaffTable label={m.failedHeading}>
        <table className="staff-table staff-table--cards" role="table">
          <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">{m.failedRequest}</th><th scope="col" role="columnheader">{m.failedPhone}</th><th scope="col" role="columnheader">{m.failedWhat}</th><th scope="col" role="columnheader">{m.failedWhy}</th></tr></thead>
          <tbody role="rowgroup">
            {messages.map((f, i) => (
              <tr key={i} role="row">
                <td role="cell"><StaffLink to={pageLink("staff-appointment", { reference: f.reference })}>{f.reference}</StaffLink></td>
                <td role="cell" data-label={m.failedPhone}><a href={`tel:${f.phone.replace(/\s/g, "")}`}>{f.phone}</a></td>
                <td role="cell" data-label={m.failedWhat}>{what(m, f)} ({m.channels[f.channel as keyof Texts["channels"]] ?? f.channel}, {instant(f.at)})</td>
                <td role="cell" data-label={m.failedWhy}>{f.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StaffTable>
    </section>
  );
}

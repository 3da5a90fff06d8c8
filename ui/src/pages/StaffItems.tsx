// /staff/card-requests and /staff/messages: the open ones (or the handled ones), newest first.
import { usePageProps } from "../lib/props";
import { instant, Pager, StaffState, useStaffTexts, StaffFrame, StaffTable, StaffLink } from "../components/staff";
import { pageLink } from "../lib/links";

function StaffItemsPage() {
  const state = usePageProps("StaffItems");
  const t = useStaffTexts().items;
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const cards = d.kind === "card-request";
  const base = pageLink(cards ? "staff-card-requests" : "staff-messages");
  const heading = cards ? t.cardsHeading : t.messagesHeading;
  return (
    <div className="container page-body">
      <h1>{heading}</h1>
      <nav className="staff-tabs" aria-label={heading}>
        <StaffLink to={base} aria-current={!d.handled ? "page" : undefined}>{t.open}</StaffLink>
        <StaffLink to={`${base}?handled=1`} aria-current={d.handled ? "page" : undefined}>{t.handled}</StaffLink>
      </nav>
      {d.items.length === 0 ? <p>{t.none}</p> : (
        <StaffTable label={cards ? t.cardsHeading : t.messagesHeading}>
          <table className="staff-table staff-table--cards" role="table">
            <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">{t.reference}</th><th scope="col" role="columnheader">{t.status}</th><th scope="col" role="columnheader">{t.name}</th><th scope="col" role="columnheader">{cards ? t.topicCard : t.topicMessage}</th><th scope="col" role="columnheader">{t.received}</th></tr></thead>
            <tbody role="rowgroup">
              {d.items.map((i) => (
                <tr key={i.reference} role="row">
                  <td role="cell"><StaffLink to={pageLink(cards ? "staff-card-request" : "staff-message", { reference: i.reference })}>{i.reference}</StaffLink></td>
                  <td role="cell" data-label={t.status}>{t.statuses[i.status]}</td>
                  <td role="cell" data-label={t.name}><bdi>{i.name}</bdi></td>
                  <td role="cell" data-label={cards ? t.topicCard : t.topicMessage}><bdi>{i.topic}</bdi></td>
                  <td role="cell" data-label={t.received}>{instant(i.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </StaffTable>
      )}
      <Pager page={d.page} pages={d.pages} href={(p) => `${base}?${d.handled ? "handled=1&" : ""}page=${p}`} />
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffItems() {
  return <StaffFrame><StaffItemsPage /></StaffFrame>;
}

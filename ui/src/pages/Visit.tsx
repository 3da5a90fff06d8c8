// /v/{code}: the patient's manage-my-visit page (src/pages/visit.rs,
// hygo_booking::visits), which every message about a request links to. Each
// thing to do is a plain link or form that posts to the page itself
// (src/actions/visit.rs), so it works the same without JavaScript on a cheap
// phone: choose another time (?ask=move), cancel (?ask=cancel asks once more),
// stop the messages. Links load the page whole (<a>, not the router): each load
// is counted against the visitor's limit, as its address is the visit's key.
import { NotFound, Spinner } from "../components/ui";
import { usePageProps, useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import { fill, longDate, telHref, timeOfDay } from "../lib/format";
import type { VisitData } from "../generated/props";

export default function VisitPage() {
  const state = usePageProps("Visit");
  const r = useTexts("request");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={r.loading} /></div>;
  if (state.status === "error") {
    return <div className="container page-body"><p className="page-status page-status--error" role="alert">{r.failed}</p></div>;
  }
  return <Visit data={state.props.data} />;
}

function Visit({ data }: { data: VisitData }) {
  const t = data.texts;
  const site = useSite();
  const phone = site.clinics[0]?.phone ?? "";
  const done = data.done ? <p className="form-success" role="status" data-visit-done={data.done}>{t.done[data.done]}</p> : null;
  const v = data.visit;
  if (!v) {
    if (done) {
      return (
        <Frame heading={t.heading}>
          {done}
          <p><a href={data.book} className="button button--primary">{t.book}</a></p>
          <p>{t.emergency}</p>
        </Frame>
      );
    }
    return <NotFound heading={t.notFoundHeading} text={t.notFoundText} back={data.book} backLabel={t.book} />;
  }
  const clinic = site.clinics.find((c) => c.id === v.clinic);
  // The page itself, without the part asked for.
  const here = "?";
  const error = data.error ? <p className="field-error" role="alert" id="visit-error">{data.error}</p> : null;
  return (
    <Frame heading={t.heading}>
      {done}
      {data.ask ? null : error}
      <div className="card form-card">
        <p className="visit-status" data-visit-status={v.status}><strong>{t.statuses[v.status]}</strong></p>
        <p>{t.next[v.status]}</p>
        <dl className="summary">
          <div><dt>{t.reference}</dt><dd>{v.reference}</dd></div>
          <div><dt>{t.doctor}</dt><dd>{v.doctor}</dd></div>
          <div><dt>{t.when}</dt><dd>{longDate(v.date)}, {timeOfDay(v.time)}</dd></div>
          {clinic ? (
            <div>
              <dt>{t.clinic}</dt>
              <dd>
                {clinic.name}<br />{clinic.address}<br />
                <a href={clinic.mapUrl} className="text-link" rel="noopener">{t.map}<span className="visually-hidden">: {clinic.name}</span></a>
              </dd>
            </div>
          ) : null}
        </dl>
        {data.calendar ? <p><a href={data.calendar} className="text-link" download>{t.calendar}</a></p> : null}
      </div>

      {data.ask === "move" ? (
        <section className="card form-card" aria-labelledby="visit-move">
          <h2 id="visit-move">{t.moveHeading}</h2>
          {error}
          {data.free.length === 0 ? <p>{fill(t.noTimes, { doctor: v.doctor, phone })}</p> : (
            <form method="post" action={here}>
              <input type="hidden" name="step" value="move" />
              <p>{fill(t.moveLead, { doctor: v.doctor })}</p>
              {data.free.map((day) => (
                <fieldset key={day.date} className="slot-group">
                  <legend>{longDate(day.date)}</legend>
                  <div className="slot-grid">
                    {day.times.map((time) => (
                      <label className="slot" key={time}>
                        <input type="radio" name="slot" value={`${day.date} ${time}`} required aria-describedby={data.error ? "visit-error" : undefined} />
                        <span>{timeOfDay(time)}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
              <div className="form-actions">
                <button type="submit" className="button button--primary">{t.moveSubmit}</button>
                <a href={here} className="button button--outline">{t.keep}</a>
              </div>
            </form>
          )}
        </section>
      ) : null}

      {data.ask === "cancel" ? (
        <section className="card form-card" aria-labelledby="visit-cancel">
          <h2 id="visit-cancel">{t.cancelHeading}</h2>
          {error}
          <p>{t.cancelLead}</p>
          <form method="post" action={here} className="form-actions">
            <input type="hidden" name="step" value="cancel" />
            <button type="submit" className="button button--danger">{t.cancelSubmit}</button>
            <a href={here} className="button button--outline">{t.keep}</a>
          </form>
        </section>
      ) : null}

      {data.ask ? null : (
        <div className="form-actions">
          <a href="?ask=move" className="button button--primary">{t.moveLink}</a>
          <a href="?ask=cancel" className="button button--outline">{t.cancelLink}</a>
        </div>
      )}

      {v.updates !== "none" && !data.ask ? (
        <form method="post" action={here} className="visit-messages">
          <input type="hidden" name="step" value="stop" />
          <p>{fill(t.messages, { channel: t.channels[v.updates] ?? v.updates })}</p>
          <button type="submit" className="button button--outline">{t.stopSubmit}</button>
        </form>
      ) : null}

      <p><a href={telHref(phone)} className="text-link">{fill(t.callUs, { phone })}</a></p>
      <p>{t.emergency}</p>
    </Frame>
  );
}

function Frame({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container narrow"><h1>{heading}</h1></div>
      </div>
      <div className="container page-body narrow">{children}</div>
    </div>
  );
}

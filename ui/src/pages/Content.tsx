// The content pages (About, Founding Team, Mission, Vision, Patient Resources,
// Contact, Privacy Policy, Terms and Conditions): the texts come from
// catalogue/pages.json; this file only draws each kind of section.
import { Paragraph } from "../components/Prose";
import { ArrowLeft, Clock, Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { BookLink, ClinicAddress, ClosureNotes, DoctorImage, ExternalLink, Fill, hoursOf, LeaveBadge, Spinner, Stars } from "../components/ui";
import { fill, grouped, telHref } from "../lib/format";
import { usePageProps, useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import { ContactForm } from "../components/ContactForm";
import type { Clinic, ContentProps, ContentSection, Doctor, FormState, MapPoint, PublicClosure, Review } from "../types";
import { link } from "../lib/public-links";
import { untranslated } from "../lib/language";

/**
 * Counts from 0 to each target in 60 steps of about 33 ms, starting 1 s after the
 * page shows (spec section 4). The server renders the targets, so they are there
 * without JavaScript; with reduced motion they simply stay.
 */
function Counters({ items }: { items: { value: number; suffix: string; label: string }[] }) {
  const [step, setStep] = useState(60);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    setStep(0);
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      timer = setInterval(() => {
        setStep((s) => {
          if (s >= 59 && timer) clearInterval(timer);
          return Math.min(60, s + 1);
        });
      }, 1000 / 30);
    }, 1000);
    return () => {
      clearTimeout(start);
      if (timer) clearInterval(timer);
    };
  }, []);
  return (
    <ul className="counters plain-list">
      {items.map((c) => (
        <li key={c.label} className="counter">
          {/* Screen readers get the target at once, not every step. */}
          <span className="counter-value" aria-hidden="true">{grouped((c.value * step) / 60)}{c.suffix}</span>
          <span className="visually-hidden">{grouped(c.value)}{c.suffix}</span>
          <span className="counter-label">{c.label}</span>
        </li>
      ))}
    </ul>
  );
}

function Founders({ founders }: { founders: Doctor[] }) {
  const common = useTexts("common");
  const lang = useSite().lang;
  return (
    <ul className="founders plain-list">
      {founders.map((d, i) => (
        <li key={d.id} className={`card founder-row${i % 2 ? " founder-row--flip" : ""}`}>
          <DoctorImage name={d.name} image={d.image} photo={d.photo} size={160} />
          <div>
            <h2>{d.name}</h2>
            {d.founder ? <p className="founder-title" lang={untranslated(d.english, "founder", lang)}>{d.founder.title}</p> : null}
            {d.founder?.job ? <p className="muted" lang={untranslated(d.english, "founder", lang)}>{d.founder.job}</p> : null}
            <p lang={untranslated(d.english, d.founder?.description ? "founder" : "bio", lang)}>{d.founder?.description || d.bio}</p>
            <Link to={link("doctor", { id: d.id })} className="text-link" aria-label={fill(common.viewProfileOf, { name: d.name })}>{common.viewProfile}</Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Specialists({ doctors }: { doctors: Doctor[] }) {
  const common = useTexts("common");
  const lang = useSite().lang;
  return (
    <ul className="specialist-grid specialist-grid--wide plain-list">
      {doctors.map((d) => (
        <li key={d.id} className="card specialist-card" data-specialist-card="">
          <DoctorImage name={d.name} image={d.image} photo={d.photo} size={96} />
          <h2 className="doctor-name">{d.name}</h2>
          <p className="doctor-spec" lang={d.specializationLang}>{d.specialization}</p>
          <LeaveBadge doctor={d} />
          {d.education.length ? <p className="muted" lang={untranslated(d.english, "education", lang)}>{d.education.join("; ")}</p> : null}
          <Link to={link("doctor", { id: d.id })} className="button button--outline" aria-label={fill(common.viewProfileOf, { name: d.name })}>{common.viewProfile}</Link>
        </li>
      ))}
    </ul>
  );
}

function Schedules({ doctors }: { doctors: Doctor[] }) {
  const t = useTexts("content");
  const site = useSite();
  return (
    <div className="table-wrap" role="region" aria-label={t.schedulesLabel} tabIndex={0}>
      <table className="schedule-table">
        <caption className="visually-hidden">{t.schedulesCaption}</caption>
        <thead><tr><th scope="col">{t.doctor}</th><th scope="col">{t.day}</th><th scope="col">{t.time}</th></tr></thead>
        {/* One row group per doctor: on a phone each is a card of its own (no sideways scroll). */}
        {doctors.map((d) => (
          <tbody key={d.id}>
            {(d.week?.length ? d.week.map((h) => hoursOf(h, site.clinics)) : [{ day: "—", hours: t.callUs }]).map((h, i) => (
              <tr key={`${d.id}-${h.day}`}>
                {i === 0 ? (
                  <th scope="rowgroup" rowSpan={Math.max(1, d.week?.length ?? 0)}>
                    <Link to={link("doctor", { id: d.id })} className="text-link">{d.name}</Link>
                    <span className="muted schedule-spec" lang={d.specializationLang}>{d.specialization}</span>
                    <LeaveBadge doctor={d} />
                  </th>
                ) : null}
                <td>{h.day}</td>
                <td>{h.hours}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function Reviews({ reviews }: { reviews: Review[] }) {
  return (
    <ul className="card-grid card-grid--3 plain-list">
      {reviews.map((r) => (
        <li key={r.name} className="card review-card">
          <Stars rating={r.rating} />
          <blockquote><p>“{r.text}”</p></blockquote>
          <p className="review-name">{r.name}<span className="muted">, {r.area}</span></p>
        </li>
      ))}
    </ul>
  );
}

function ContactBlock() {
  const site = useSite();
  const label = site.contactLabels;
  const icon = (I: typeof Clock) => <I aria-hidden="true" focusable="false" size={20} />;
  return (
    <dl className="contact-list">
      <div><dt>{icon(Phone)}{label.phone}</dt><dd><a className="text-link" href={telHref(site.phone)}>{site.phone}</a></dd></div>
      <div><dt>{icon(Mail)}{label.email}</dt><dd><a className="text-link" href={`mailto:${site.email}`}>{site.email}</a></dd></div>
      <div><dt>{icon(MapPin)}{label.address}</dt>{site.clinics.map((c) => <dd key={c.id}><ClinicAddress clinic={c} /></dd>)}</div>
      <div><dt>{icon(Clock)}{label.hours}</dt><dd>{site.hours}</dd></div>
    </dl>
  );
}

/** OpenStreetMap's addresses for a point: the embeddable map and the map on its site. */
function osm({ latitude: lat, longitude: lon, exact }: MapPoint) {
  const bbox = [lon - 0.008, lat - 0.005, lon + 0.008, lat + 0.005].map((n) => n.toFixed(4)).join(",");
  const marker = exact ? `&marker=${lat},${lon}` : "";
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik${marker}`,
    page: `https://www.openstreetmap.org/${exact ? `?mlat=${lat}&mlon=${lon}` : ""}#map=16/${lat}/${lon}`,
  };
}

/**
 * A clinic's map behind "Show map": nothing is fetched from OpenStreetMap until
 * it is opened (the frame exists only while open, which needs JavaScript; without
 * it the disclosure opens on a link to the same map on openstreetmap.org).
 */
function ClinicMap({ clinic, point }: { clinic: Clinic; point: MapPoint }) {
  const label = useSite().contactLabels;
  const [open, setOpen] = useState(false);
  const at = osm(point);
  const place = { street: clinic.street, city: clinic.city, name: clinic.name };
  return (
    <details className="clinic-map" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="text-link">
        <span className="clinic-map-show">{label.showMap}</span><span className="clinic-map-hide">{label.hideMap}</span>
        <span className="visually-hidden"> {clinic.name}</span>
      </summary>
      {open ? <iframe className="clinic-map-frame" src={at.embed} title={fill(label.mapTitle, place)} loading="lazy" /> : null}
      {point.exact ? null : <p className="field-hint">{fill(label.mapArea, place)}</p>}
      <p><a className="text-link" href={at.page} rel="noopener">{label.openMap}<span className="visually-hidden"> {clinic.name}</span></a></p>
    </details>
  );
}

interface Rows {
  founders: Doctor[];
  doctors: Doctor[];
  reviews: Review[];
  form: ContentProps["data"]["form"];
  formState?: FormState;
  clinics: Clinic[];
  closures: PublicClosure[];
}

function Section({ section, rows }: { section: ContentSection; rows: Rows }) {
  const site = useSite();
  const t = useTexts("content");
  const heading = section.heading ? <h2 className="section-title">{section.heading}</h2> : null;
  // A section's cards are headed one level below its heading, or h2 without one
  // (headings never skip a level: screen-reader users move by them).
  const Card = section.heading ? "h3" : "h2";
  let body;
  switch (section.type) {
    case "text":
      body = <div className="prose">{section.paragraphs.map((p) => <Paragraph key={p} text={p} />)}</div>;
      break;
    case "cards":
      body = (
        <ul className={`card-grid card-grid--${section.columns ?? 3} plain-list`}>
          {section.cards.map((c) => (
            <li key={c.title} className="card info-card">
              <Card className="card-title">{c.title}</Card>
              <p>{c.text}</p>
              {c.link && c.label ? (
                c.link === "/appointment" ? <BookLink className="text-link">{c.label}</BookLink>
                  : c.external ? <ExternalLink href={c.link} className="text-link">{c.label}</ExternalLink>
                  : c.link.startsWith("#") ? <a href={c.link} className="text-link">{c.label}</a>
                  : <Link to={c.link} className="text-link">{c.label}</Link>
              ) : null}
            </li>
          ))}
        </ul>
      );
      break;
    case "counters":
      body = <Counters items={section.items} />;
      break;
    case "stats":
      body = (
        <ul className="counters plain-list">
          {section.items.map((s) => (
            <li key={s.label} className="counter"><span className="counter-value">{s.value}</span><span className="counter-label">{s.label}</span></li>
          ))}
        </ul>
      );
      break;
    case "faq":
      body = (
        <div className="faq">
          {section.items.map((f) => (
            <details key={f.q} className="faq-item">
              <summary>{f.q}</summary>
              <p>{f.a}</p>
            </details>
          ))}
        </div>
      );
      break;
    case "list":
      body = (
        <>
          {section.lead ? <p>{section.lead}</p> : null}
          <ul className={section.lead ? "topic-list" : "check-list"}>{section.items.map((i) => <li key={i}>{i}</li>)}</ul>
        </>
      );
      break;
    case "legal":
      body = (
        <div className="prose legal">
          {section.sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p) => <Paragraph key={p} text={p} />)}
              {s.items ? <ul>{s.items.map((i) => <li key={i}>{i}</li>)}</ul> : null}
            </section>
          ))}
          {section.mailto ? <p><Fill text={t.questions} values={{ email: <a className="text-link" href={`mailto:${section.mailto}`}>{section.mailto}</a> }} /></p> : null}
        </div>
      );
      break;
    case "clinics":
      body = (
        <ul className="card-grid clinic-grid plain-list">
          {site.clinics.map((c) => (
            <li key={c.id} id={c.id} className="card clinic-card" data-clinic-card="">
              <Card className="card-title">{c.name}</Card>
              <Stars rating={c.rating} />
              <p><MapPin aria-hidden="true" focusable="false" size={18} /> {c.address}</p>
              <p><Phone aria-hidden="true" focusable="false" size={18} /> <a className="text-link" href={telHref(c.phone)}>{c.phone}</a></p>
              <p><Mail aria-hidden="true" focusable="false" size={18} /> <a className="text-link" href={`mailto:${c.email}`}>{c.email}</a></p>
              <p><Clock aria-hidden="true" focusable="false" size={18} /> {c.hours}</p>
              <ClosureNotes closures={rows.closures.filter((x) => x.clinic === c.id)} />
              <ul className="tag-list" aria-label={t.specialties}>{c.specialties.map((s) => <li key={s}>{s}</li>)}</ul>
              <a href={c.mapUrl} className="text-link" rel="noopener">
                {site.contactLabels.map}<span className="visually-hidden"> {c.name} {site.contactLabels.mapNote}</span>
              </a>
              {c.map ? <ClinicMap clinic={c} point={c.map} /> : null}
            </li>
          ))}
        </ul>
      );
      break;
    case "founders":
      body = <Founders founders={rows.founders} />;
      break;
    case "contact":
      body = <ContactBlock />;
      break;
    case "specialists":
      body = <Specialists doctors={rows.doctors} />;
      break;
    case "schedules":
      body = <Schedules doctors={rows.doctors} />;
      break;
    case "reviews":
      body = <Reviews reviews={rows.reviews} />;
      break;
    case "book":
      body = (
        <p className="section-action">
          {section.text} <BookLink to={link("appointment", {}, { isGeneralConsultation: "true" })} className="button button--primary">{site.bookLabel}</BookLink>
        </p>
      );
      break;
    case "visit":
      body = (
        <ul className="card-grid card-grid--3 plain-list">
          <li className="card info-card"><Card className="card-title"><MapPin aria-hidden="true" focusable="false" size={20} /> {section.labels.visit}</Card>
            {site.clinics.map((c) => <p key={c.id}><ClinicAddress clinic={c} /></p>)}</li>
          <li className="card info-card"><Card className="card-title"><Phone aria-hidden="true" focusable="false" size={20} /> {section.labels.call}</Card>
            <p><a className="text-link" href={telHref(site.phone)}>{site.phone}</a></p></li>
          <li className="card info-card"><Card className="card-title"><Clock aria-hidden="true" focusable="false" size={20} /> {section.labels.hours}</Card><p>{site.hours}</p></li>
        </ul>
      );
      break;
    case "contactForm":
      body = rows.form ? (
        <ContactForm texts={rows.form.texts} forms={rows.form.forms} sentMessage={rows.form.sent} clinics={rows.clinics}
          initial={rows.formState} />
      ) : null;
      break;
    case "cta":
      body = <p className="section-action">{section.text} <Link to={section.link} className="button button--primary">{section.label}</Link></p>;
      break;
  }
  return <section id={section.id} className="content-section">{heading}{body}</section>;
}

export default function ContentPage() {
  const state = usePageProps("Content");
  const common = useTexts("common");
  const t = useTexts("content");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={common.loadingPage} /></div>;
  if (state.status === "error") {
    return (
      <div className="container page-message" role="alert">
        <h1>{t.failed}</h1>
        <button type="button" className="button button--primary" onClick={state.retry}>{common.tryAgain}</button>
      </div>
    );
  }
  const { content, founders, doctors, reviews, form, closures } = state.props.data;
  const rows: Rows = { founders, doctors, reviews, form, formState: state.props.form, clinics: state.props.site.clinics, closures };
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to={content.back.link} className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />{content.back.label}</Link>
          <h1>{content.heading}</h1>
          <p className="page-lead">{content.lead}</p>
        </div>
      </div>
      <div className="container page-body content-body">
        {content.sections.map((s, i) => <Section key={`${s.type}-${i}`} section={s} rows={rows} />)}
      </div>
    </div>
  );
}

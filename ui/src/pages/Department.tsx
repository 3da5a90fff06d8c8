import { ArrowLeft, CalendarCheck, Clock, MapPin, Phone, Stethoscope } from "lucide-react";
import { Link } from "react-router";
import { BookLink, ClinicAddress, DoctorImage, EmergencyNote, hoursOf, LeaveBadge, NotFound, Spinner } from "../components/ui";
import { fill } from "../lib/format";
import { usePageProps, useSite } from "../lib/props";
import { useTexts, type Texts } from "../lib/texts";
import type { DayHours, Department, Doctor } from "../types";
import { link } from "../lib/public-links";

/** Doctor names already carry their title; "Dr." is added only where it is missing. */
function withTitle(name: string, t: Texts["department"]): string {
  return /^dr\.?\s/i.test(name.trim()) ? name : fill(t.doctorName, { name });
}

function Specialist({ doctor }: { doctor: Doctor }) {
  const common = useTexts("common");
  const t = useTexts("department");
  const name = withTitle(doctor.name, t);
  return (
    <li className="card specialist-card" data-specialist-card="">
      <DoctorImage name={doctor.name} image={doctor.image} photo={doctor.photo} size={96} />
      <h3 className="doctor-name">{name}</h3>
      <p className="doctor-spec" lang={doctor.specializationLang}>{doctor.specialization}</p>
      <LeaveBadge doctor={doctor} />
      {/* The query form works without JavaScript; with it, the id also travels as navigation state, as in the original. */}
      <Link to={`/doctorDetail?doctorId=${doctor.id}`} state={{ doctorId: doctor.id }}
        className="button button--outline" aria-label={fill(common.viewProfileOf, { name })}>
        {common.viewProfile}
      </Link>
    </li>
  );
}

function Details({ department, specialists, hours }: { department: Department; specialists: Doctor[]; hours: DayHours[] }) {
  const site = useSite();
  const common = useTexts("common");
  const t = useTexts("department");
  const icon = (I: typeof Clock) => <I aria-hidden="true" focusable="false" size={20} />;
  // Where its specialists see patients; both clinics while it has none.
  const here = site.clinics.filter((c) => specialists.some((d) => d.clinic === c.id));
  const clinics = here.length ? here : site.clinics;
  // The request form knows the departments a booking may name (spec section 5);
  // a department without a doctor is not bookable: a general consultation is.
  const staffed = specialists.length > 0;
  const book = staffed ? link("appointment", {}, { department: department.slug }) : link("appointment", {}, { isGeneralConsultation: "true" });
  return (
    <div className="page">
      <div className="page-hero dept-hero">
        <div className="container">
          <Link to={link("departments")} className="back-link">
            <ArrowLeft aria-hidden="true" focusable="false" size={18} />{common.back}
          </Link>
          <div className="dept-hero-body">
            <svg className="dept-hero-art" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" focusable="false">
              <circle cx="32" cy="32" r="30" />
              <path d="M27 16h10v11h11v10H37v11H27V37H16V27h11z" />
            </svg>
            <div>
              <h1>{department.name}</h1>
              <p className="page-lead">{department.description}</p>
            </div>
          </div>
        </div>
      </div>
      <div className="container page-body dept-layout">
        <div className="dept-main">
          <section className="card">
            <h2>{fill(t.about, { name: department.name })}</h2>
            <p>{department.longDescription}</p>
          </section>
          {department.services.length ? (
            <section className="card">
              <h2>{t.services}</h2>
              <ul className="check-list">{department.services.map((s) => <li key={s}>{s}</li>)}</ul>
            </section>
          ) : null}
          <section aria-labelledby="specialists-heading">
            <h2 id="specialists-heading">{fill(t.specialists, { name: department.name })}</h2>
            {specialists.length ? (
              <ul className="specialist-grid plain-list">
                {specialists.map((d) => <Specialist key={d.id} doctor={d} />)}
              </ul>
            ) : (
              <div className="page-status" data-no-specialist="">
                <p>{t.noSpecialists}</p>
                <p>{fill(t.careThroughGeneral, { name: department.name })}</p>
              </div>
            )}
          </section>
        </div>
        <aside className="dept-aside" aria-label={fill(t.visiting, { name: department.name })}>
          <section className="card">
            <h2>{icon(MapPin)}{t.location}</h2>
            {clinics.map((c) => (
              <div key={c.id} className="dept-clinic">
                <p><ClinicAddress clinic={c} /></p>
                <a href={c.mapUrl} className="text-link" rel="noopener">
                  {site.contactLabels.map}<span className="visually-hidden"> {c.name} {site.contactLabels.mapNote}</span>
                </a>
              </div>
            ))}
          </section>
          <section className="card">
            <h2>{icon(Clock)}{t.hours}</h2>
            {hours.length ? (
              // When its doctors see patients, not the clinics' opening hours.
              <dl className="dept-hours" data-department-hours="">
                {hours.map((h) => hoursOf(h, site.clinics)).map((h) => <div key={h.day}><dt>{h.day}</dt><dd>{h.hours}</dd></div>)}
              </dl>
            ) : <p>{site.hours}</p>}
          </section>
          <section className="card">
            <h2>{icon(Phone)}{t.contact}</h2>
            <p><a href={`tel:${site.phone.replace(/\s+/g, "")}`} className="text-link">{site.phone}</a></p>
          </section>
          <BookLink to={book} className="button button--primary button--large dept-book">
            {icon(CalendarCheck)}{staffed ? t.book : t.bookGeneral}
          </BookLink>
          <p className="muted dept-note">{icon(Stethoscope)}<span><EmergencyNote /></span></p>
        </aside>
      </div>
    </div>
  );
}

export default function DepartmentPage() {
  const state = usePageProps("Department");
  const t = useTexts("department");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={t.loading} /></div>;
  // A failed load leads to the Not Found view (spec section 8).
  if (state.status === "error" || !state.props.data.department) return <NotFound heading={t.notFoundHeading} text={t.notFoundText} back={link("departments")} backLabel={t.backToDepartments} />;
  return <Details department={state.props.data.department} specialists={state.props.data.specialists} hours={state.props.data.hours} />;
}

import { ArrowLeft, Briefcase, CalendarCheck, Clock, GraduationCap, Languages, MapPin, ShieldCheck, Stethoscope } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BookLink, DoctorImage, DoctorStatus, hoursOf, NotFound, Spinner, DoctorFee, DoctorRating, usePlural } from "../components/ui";
import { usePageProps, useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import { fill } from "../lib/format";
import { untranslated } from "../lib/language";
import type { Doctor } from "../types";
import { link } from "../lib/public-links";

function Block({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="card profile-block">
      <h2>{icon}{title}</h2>
      {children}
    </section>
  );
}

/** A list of the doctor's own texts, which the console keeps in English: marked so on a page in another language. */
function List({ items, lang }: { items: string[]; lang?: string }) {
  return <ul className="bullet-list" lang={lang}>{items.map((i) => <li key={i}>{i}</li>)}</ul>;
}

function Profile({ doctor }: { doctor: Doctor }) {
  const site = useSite();
  const common = useTexts("common");
  const t = useTexts("doctorProfile");
  const count = usePlural();
  // The doctor's own texts the editors have not translated are the record's English.
  const own = (text: string) => untranslated(doctor.english, text, site.lang);
  const icon = (I: typeof Clock) => <I aria-hidden="true" focusable="false" size={20} />;
  return (
    <div className="page">
      <div className="container page-body">
        <Link to={link("doctors")} className="back-link">
          <ArrowLeft aria-hidden="true" focusable="false" size={18} />{common.backToDoctors}
        </Link>
        <div className="profile-header card">
          <DoctorImage name={doctor.name} image={doctor.image} photo={doctor.photo} size={144} lazy={false} />
          <div className="profile-summary">
            <h1 lang={own("name")}>{doctor.name}</h1>
            <p className="doctor-spec" lang={doctor.specializationLang}>{doctor.specialization}</p>
            <p className="doctor-meta">{icon(Briefcase)}{count(common.experience, doctor.experience)}</p>
            <DoctorRating rated={doctor.rated} />
            <p className="doctor-meta">{icon(MapPin)}{doctor.location}</p>
            {doctor.registrationNumber && doctor.registrationCouncil ? (
              <p className="doctor-meta">{fill(t.registration, { number: doctor.registrationNumber, council: doctor.registrationCouncil })}</p>
            ) : null}
            <DoctorStatus doctor={doctor} />
            <DoctorFee fee={doctor.fee} />
            <div className="form-actions">
              <BookLink to={link("doctor-appointment", { id: doctor.id })} className="button button--primary">{site.bookLabel}</BookLink>
            </div>
          </div>
        </div>
        <div className="profile-grid">
          <Block title={t.about} icon={icon(Stethoscope)}><p lang={own("bio")}>{doctor.bio}</p></Block>
          {doctor.education.length ? <Block title={t.education} icon={icon(GraduationCap)}><List items={doctor.education} lang={own("education")} /></Block> : null}
          {doctor.services.length ? <Block title={t.services} icon={icon(CalendarCheck)}><List items={doctor.services} lang={own("services")} /></Block> : null}
          {doctor.languages.length ? <Block title={t.languages} icon={icon(Languages)}><List items={doctor.languages} lang={own("languages")} /></Block> : null}
          {doctor.insurances.length ? <Block title={t.insurances} icon={icon(ShieldCheck)}><List items={doctor.insurances} lang={own("insurances")} /></Block> : null}
          <Block title={t.hours} icon={icon(Clock)}>
            {doctor.week?.length ? (
              <dl className="hours">
                {doctor.week.map((h) => hoursOf(h, site.clinics)).map((h) => (
                  <div key={h.day}><dt>{h.day}</dt><dd>{h.hours}</dd></div>
                ))}
              </dl>
            ) : <p>{t.callForHours}</p>}
          </Block>
        </div>
      </div>
    </div>
  );
}

export default function DoctorProfilePage() {
  const state = usePageProps("DoctorProfile");
  const common = useTexts("common");
  const t = useTexts("doctorProfile");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={t.loading} /></div>;
  // A failed fetch shows the same view as a missing doctor (spec section 8).
  if (state.status === "error" || !state.props.data.doctor) return <NotFound heading={t.notFoundHeading} text={t.notFoundText} back={link("doctors")} backLabel={common.backToDoctors} />;
  return <Profile doctor={state.props.data.doctor} />;
}

import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { DoctorImage, NotFound, Spinner } from "../components/ui";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import { link } from "../lib/public-links";

export default function SpecializationPage() {
  const state = usePageProps("Specialization");
  const common = useTexts("common");
  const t = useTexts("specialization");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={t.loading} /></div>;
  if (state.status === "error" || !state.props.data.specialization) return <NotFound heading={t.notFoundHeading} text={t.notFoundText} back={link("doctors")} backLabel={common.backToDoctors} />;
  const { specialization, doctors, department } = state.props.data;
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to={link("doctors")} className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />{common.backToDoctors}</Link>
          <h1>{specialization.name}</h1>
          <p className="page-lead">
            {fill(doctors.length ? t.leadDoctors : t.leadNone, { name: specialization.name.toLowerCase() })}
          </p>
        </div>
      </div>
      <div className="container page-body">
        {doctors.length ? (
          <ul className="specialist-grid plain-list" aria-label={fill(t.listLabel, { name: specialization.name })}>
            {doctors.map((d) => (
              <li key={d.id} className="card specialist-card" data-specialist-card="">
                <DoctorImage name={d.name} image={d.image} photo={d.photo} size={96} />
                <h2 className="doctor-name">{d.name}</h2>
                <p className="doctor-spec" lang={d.specializationLang}>{d.specialization}</p>
                <Link to={link("doctor", { id: d.id })} className="button button--outline" aria-label={fill(common.viewProfileOf, { name: d.name })}>{common.viewProfile}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="page-status">
            <p>{t.noDoctors}</p>
            <Link to={link("general-consultation")} className="button button--primary">{t.generalConsultation}</Link>
          </div>
        )}
        {department ? (
          <p className="section-action">
            <Link to={link("department", { id: department.slug })} className="text-link">{fill(t.seeDepartment, { name: department.name })}</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { DoctorImage, NotFound, Spinner } from "../components/ui";
import { usePageProps } from "../lib/props";

export default function SpecializationPage() {
  const state = usePageProps("Specialization");
  if (state.status === "loading") return <div className="container page-body"><Spinner label="Loading specialization" /></div>;
  if (state.status === "error" || !state.props.data.specialization) return <NotFound heading="Specialization Not Found" text="The specialization you're looking for doesn't exist or has been removed." back="/doctors" backLabel="Back to Doctors" />;
  const { specialization, doctors, department } = state.props.data;
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <Link to="/doctors" className="back-link"><ArrowLeft aria-hidden="true" focusable="false" size={18} />Back to Doctors</Link>
          <h1>{specialization.name}</h1>
          <p className="page-lead">
            {doctors.length
              ? `HYGO doctors in Rajkot who practise as ${specialization.name.toLowerCase()}s or in that speciality.`
              : `We do not have a ${specialization.name.toLowerCase()} at HYGO yet.`}
          </p>
        </div>
      </div>
      <div className="container page-body">
        {doctors.length ? (
          <ul className="specialist-grid plain-list" aria-label={`${specialization.name} doctors`}>
            {doctors.map((d) => (
              <li key={d.id} className="card specialist-card" data-specialist-card="">
                <DoctorImage name={d.name} image={d.image} size={96} />
                <h2 className="doctor-name">{d.name}</h2>
                <p className="doctor-spec">{d.specialization}</p>
                <Link to={`/doctors/${d.id}`} className="button button--outline" aria-label={`View Profile of ${d.name}`}>View Profile</Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="page-status">
            <p>Our general physicians can advise you and refer you to the right specialist in the HYGO network.</p>
            <Link to="/departments/general-consultation" className="button button--primary">General Consultation</Link>
          </div>
        )}
        {department ? (
          <p className="section-action">
            <Link to={`/departments/${department.slug}`} className="text-link">See the {department.name} department</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

import { Briefcase, MapPin, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { DoctorImage, Stars } from "../components/ui";
import { compareNames, yearsExperience } from "../lib/format";
import { usePageProps, type LoadError } from "../lib/props";
import type { Doctor } from "../types";

export function errorText(error: LoadError): string {
  switch (error.kind) {
    case "network":
      return "Network error while fetching doctors";
    case "server":
      return `Server error: ${error.status} - ${error.message || "Unknown server error"}`;
    case "format":
      return "Unexpected response format from the server.";
  }
}

function DoctorCard({ doctor }: { doctor: Doctor }) {
  return (
    <li className="card doctor-card" data-doctor-card="">
      <DoctorImage name={doctor.name} image={doctor.image} size={88} />
      <div className="doctor-card-body">
        <h2 className="doctor-name">{doctor.name}</h2>
        <p className="doctor-spec">{doctor.specialization}</p>
        <p className="doctor-meta"><Briefcase aria-hidden="true" focusable="false" size={16} />{yearsExperience(doctor.experience)}</p>
        <Stars rating={doctor.rating} />
        <p className="doctor-meta"><MapPin aria-hidden="true" focusable="false" size={16} />{doctor.location}</p>
        <Link to={`/doctors/${doctor.id}`} className="button button--outline doctor-link"
          aria-label={`View Profile of ${doctor.name}`}>
          View Profile
        </Link>
      </div>
    </li>
  );
}

export default function DoctorsPage() {
  const state = usePageProps("Doctors");
  const [query, setQuery] = useState("");

  let body;
  if (state.status === "loading") {
    body = <p className="page-status" role="status">Loading doctors...</p>;
  } else if (state.status === "error") {
    body = (
      <div className="page-status page-status--error" role="alert">
        <p>{errorText(state.error)}</p>
        <button type="button" className="button button--outline" onClick={state.retry}>Try again</button>
      </div>
    );
  } else {
    const q = query.trim().toLowerCase();
    const doctors = state.props.data.doctors
      .filter((d) => !q || d.name.toLowerCase().includes(q) || d.specialization.toLowerCase().includes(q))
      .sort((a, b) => compareNames(a.name, b.name));
    body = doctors.length ? (
      <>
        <p className="visually-hidden" role="status">
          {doctors.length === 1 ? "1 doctor found" : `${doctors.length} doctors found`}
        </p>
        <ul className="doctor-grid plain-list" aria-label="Doctors">
          {doctors.map((d) => <DoctorCard key={d.id} doctor={d} />)}
        </ul>
      </>
    ) : (
      <p className="page-status" role="status">No doctors found matching your search criteria.</p>
    );
  }

  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <h1>Our Doctors</h1>
          <p className="page-lead">General physicians and specialists at HYGO clinics in Rajkot.</p>
        </div>
      </div>
      <div className="container page-body">
        <div className="search-field">
          <label htmlFor="doctor-search">Search doctors by name or specialization</label>
          <div className="search-input-wrap">
            <Search aria-hidden="true" focusable="false" size={18} className="search-icon" />
            <input id="doctor-search" type="search" value={query} autoComplete="off"
              placeholder="For example: cardiologist" onChange={(e) => setQuery(e.target.value)} />
          </div>
        </div>
        {body}
      </div>
    </div>
  );
}

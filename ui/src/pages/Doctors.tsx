import { Briefcase, MapPin, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { DoctorImage, LeaveBadge, Stars, usePlural } from "../components/ui";
import { compareNames, fill } from "../lib/format";
import { usePageProps, type LoadError } from "../lib/props";
import { useTexts, type Texts } from "../lib/texts";
import type { Doctor } from "../types";
import { link } from "../lib/public-links";

export function errorText(error: LoadError, t: Texts["doctors"]): string {
  switch (error.kind) {
    case "network":
      return t.networkError;
    case "server":
      return fill(t.serverError, { status: error.status, message: error.message || t.unknownServerError });
    case "format":
      return t.formatError;
  }
}

function DoctorCard({ doctor }: { doctor: Doctor }) {
  const count = usePlural();
  const common = useTexts("common");
  return (
    <li className="card doctor-card" data-doctor-card="">
      <DoctorImage name={doctor.name} image={doctor.image} photo={doctor.photo} size={88} />
      <div className="doctor-card-body">
        <h2 className="doctor-name">{doctor.name}</h2>
        <p className="doctor-spec">{doctor.specialization}</p>
        <LeaveBadge doctor={doctor} />
        <p className="doctor-meta"><Briefcase aria-hidden="true" focusable="false" size={16} />{count(common.experience, doctor.experience)}</p>
        <Stars rating={doctor.rating} />
        <p className="doctor-meta"><MapPin aria-hidden="true" focusable="false" size={16} />{doctor.location}</p>
        <Link to={link("doctor", { id: doctor.id })} className="button button--outline doctor-link"
          aria-label={fill(common.viewProfileOf, { name: doctor.name })}>
          {common.viewProfile}
        </Link>
      </div>
    </li>
  );
}

export default function DoctorsPage() {
  const state = usePageProps("Doctors");
  const [query, setQuery] = useState("");
  const count = usePlural();
  const common = useTexts("common");
  const t = useTexts("doctors");

  let body;
  if (state.status === "loading") {
    body = <p className="page-status" role="status">{t.loading}</p>;
  } else if (state.status === "error") {
    body = (
      <div className="page-status page-status--error" role="alert">
        <p>{errorText(state.error, t)}</p>
        <button type="button" className="button button--outline" onClick={state.retry}>{common.tryAgain}</button>
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
          {count(t.found, doctors.length)}
        </p>
        <ul className="doctor-grid plain-list" aria-label={t.listLabel}>
          {doctors.map((d) => <DoctorCard key={d.id} doctor={d} />)}
        </ul>
      </>
    ) : (
      <p className="page-status" role="status">{t.none}</p>
    );
  }

  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <h1>{t.heading}</h1>
          <p className="page-lead">{t.lead}</p>
        </div>
      </div>
      <div className="container page-body">
        <div className="search-field">
          <label htmlFor="doctor-search">{t.searchLabel}</label>
          <div className="search-input-wrap">
            <Search aria-hidden="true" focusable="false" size={18} className="search-icon" />
            <input id="doctor-search" type="search" value={query} autoComplete="off"
              placeholder={t.searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
          </div>
        </div>
        {body}
      </div>
    </div>
  );
}

import { Briefcase, MapPin, Search } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { DoctorImage, LeaveBadge, DoctorRating, usePlural } from "../components/ui";
import { fill } from "../lib/format";
import { fetchPageProps, usePageProps, type LoadError } from "../lib/props";
import { useTexts, type Texts } from "../lib/texts";
import type { DoctorFilterOption, DoctorFilters, DoctorSummary } from "../types";
import { link } from "../lib/public-links";
import { inLanguage } from "../lib/language";

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

function DoctorCard({ doctor, headingRef }: { doctor: DoctorSummary; headingRef?: (el: HTMLHeadingElement | null) => void }) {
  const count = usePlural();
  const common = useTexts("common");
  return (
    <li className="card doctor-card" data-doctor-card="">
      <DoctorImage name={doctor.name} image={doctor.image} photo={doctor.photo} size={88} />
      <div className="doctor-card-body">
        <h2 className="doctor-name" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>{doctor.name}</h2>
        <p className="doctor-spec" lang={doctor.specializationLang}>{doctor.specialization}</p>
        <LeaveBadge doctor={doctor} />
        <p className="doctor-meta"><Briefcase aria-hidden="true" focusable="false" size={16} />{count(common.experience, doctor.experience)}</p>
        <DoctorRating rated={doctor.rated} />
        <p className="doctor-meta"><MapPin aria-hidden="true" focusable="false" size={16} />{doctor.location}</p>
        <Link to={link("doctor", { id: doctor.id })} className="button button--outline doctor-link"
          aria-label={fill(common.viewProfileOf, { name: doctor.name })}>
          {common.viewProfile}
        </Link>
      </div>
    </li>
  );
}

/** One of the list's selects (`name` is its query parameter), "All …" first. */
function FilterSelect({ name, label, all, options, value, onChoose }: {
  name: "department" | "clinic";
  label: string;
  all: string;
  options: DoctorFilterOption[] | undefined;
  value: string;
  onChoose: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`doctor-${name}`} className="field-label">{label}</label>
      <select id={`doctor-${name}`} name={name} className="input" value={value} onChange={(e) => onChoose(e.target.value)}>
        <option value="">{all}</option>
        {(options ?? []).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

/** The list's address for a search and filters (the first page). */
function listAddress(f: DoctorFilters): string {
  const q = new URLSearchParams();
  if (f.q.trim()) q.set("q", f.q.trim());
  if (f.department) q.set("department", f.department);
  if (f.clinic) q.set("clinic", f.clinic);
  if (f.week) q.set("week", "1");
  const s = q.toString();
  return link("doctors") + (s ? `?${s}` : "");
}

/** Where a reload without JavaScript lands: the list, not the top of the page. */
const RESULTS = "doctor-results";

/** Doctors added in place by "Show more", for the list they continue. */
interface More {
  from: string;
  doctors: DoctorSummary[];
  next: string | null;
  /** How many the last "Show more" added. */
  last: number;
}

export default function DoctorsPage() {
  const state = usePageProps("Doctors");
  const location = useLocation();
  const navigate = useNavigate();
  const count = usePlural();
  const common = useTexts("common");
  const t = useTexts("doctors");
  const ready = state.status === "ready" ? state.props.data : null;
  const here = location.pathname + location.search;

  // The search and filters as the visitor sets them; they follow the page's when it changes.
  const [filters, setFilters] = useState<DoctorFilters>(() => ready?.filters ?? { q: "", department: "", clinic: "", week: false });
  const shown = ready?.filters;
  // Typing searches all the doctors on the server, a moment after the last key;
  // while keys come, a list that arrives does not overwrite what is in the field.
  const typed = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (shown) setFilters((f) => ({ ...shown, q: typed.current !== undefined || f.q.trim() === shown.q ? f.q : shown.q }));
    // Only when another list arrives, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown?.q, shown?.department, shown?.clinic, shown?.week]);

  const apply = (f: DoctorFilters) => {
    const to = listAddress(f);
    if (to !== here) navigate(to, { replace: true, state: { inPlace: true } });
  };
  useEffect(() => () => window.clearTimeout(typed.current), []);
  const setQuery = (q: string) => {
    const next = { ...filters, q };
    setFilters(next);
    window.clearTimeout(typed.current);
    typed.current = window.setTimeout(() => {
      typed.current = undefined;
      apply(next);
    }, 300);
  };
  const choose = (change: Partial<DoctorFilters>) => {
    // What was typed goes with the choice, not after it.
    window.clearTimeout(typed.current);
    typed.current = undefined;
    const next = { ...filters, ...change };
    setFilters(next);
    apply(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    window.clearTimeout(typed.current);
    typed.current = undefined;
    apply(filters);
  };

  // "Show more": the next page's doctors, added below with focus on the first of them.
  const [more, setMore] = useState<More | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const firstAdded = useRef<HTMLHeadingElement | null>(null);
  const added = more && more.from === here ? more : null;
  const next = added ? added.next : ready?.next ?? null;
  const showMore = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!next || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setLoadingMore(true);
    setMoreFailed(false);
    fetchPageProps(next, new AbortController().signal).then(
      (props) => {
        setLoadingMore(false);
        if (props.component !== "Doctors") return setMoreFailed(true);
        focusAdded.current = true;
        setMore({ from: here, doctors: [...(added?.doctors ?? []), ...props.data.doctors], next: props.data.next, last: props.data.doctors.length });
      },
      () => {
        setLoadingMore(false);
        setMoreFailed(true);
      },
    );
  };
  const firstNew = ready && added ? ready.doctors.length + added.doctors.length - added.last : -1;
  // Once the added doctors are on the page (after React's commit, not a frame later).
  const focusAdded = useRef(false);
  useEffect(() => {
    if (focusAdded.current && firstAdded.current) {
      focusAdded.current = false;
      firstAdded.current.focus();
    }
  }, [more]);

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
    const d = state.props.data;
    const doctors = [...d.doctors, ...(added?.doctors ?? [])];
    const last = d.first + doctors.length - 1;
    body = doctors.length ? (
      <div id={RESULTS}>
        <p className="doctor-count" role="status">
          {count(t.found, d.total)}
          {d.total > doctors.length ? <> · {fill(t.range, { from: d.first, to: last })}</> : null}
          {added ? <span className="visually-hidden"> · {count(t.added, added.last)}</span> : null}
        </p>
        {d.previous ? <p><Link to={`${d.previous}#${RESULTS}`} className="text-link">{t.previous}</Link></p> : null}
        <ul className="doctor-grid plain-list" aria-label={t.listLabel}>
          {doctors.map((doc, i) => (
            <DoctorCard key={doc.id} doctor={doc} headingRef={i === firstNew ? (el) => { firstAdded.current = el; } : undefined} />
          ))}
        </ul>
        {next ? (
          <p className="show-more">
            <a href={`${inLanguage(next)}#${RESULTS}`} className="button button--outline" onClick={showMore} aria-disabled={loadingMore || undefined}>
              {loadingMore ? t.loadingMore : t.showMore}
            </a>
          </p>
        ) : null}
        {moreFailed ? <p className="field-error" role="alert">{t.moreError}</p> : null}
      </div>
    ) : (
      <p className="page-status" role="status" id={RESULTS}>{t.none}</p>
    );
  }

  const filtered = Boolean(shown && (shown.q || shown.department || shown.clinic || shown.week));
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container">
          <h1>{t.heading}</h1>
          <p className="page-lead">{t.lead}</p>
        </div>
      </div>
      <div className="container page-body">
        <form method="get" action={`${inLanguage(link("doctors"))}#${RESULTS}`} className="doctor-filters" role="search" aria-label={t.filtersLabel} onSubmit={submit}>
          <div className="search-field">
            <label htmlFor="doctor-search">{t.searchLabel}</label>
            <div className="search-input-wrap">
              <Search aria-hidden="true" focusable="false" size={18} className="search-icon" />
              <input id="doctor-search" type="search" name="q" value={filters.q} autoComplete="off" maxLength={100}
                placeholder={t.searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
            </div>
          </div>
          <div className="doctor-filter-row">
            <FilterSelect name="department" label={t.departmentLabel} all={t.allDepartments} options={ready?.departments}
              value={filters.department} onChoose={(department) => choose({ department })} />
            <FilterSelect name="clinic" label={t.clinicLabel} all={t.allClinics} options={ready?.clinics}
              value={filters.clinic} onChoose={(clinic) => choose({ clinic })} />
            <div className="doctor-week">
              <label className="checkbox">
                <input type="checkbox" name="week" value="1" checked={filters.week} aria-describedby="doctor-week-hint"
                  onChange={(e) => choose({ week: e.target.checked })} />
                {t.weekLabel}
              </label>
              <p className="field-hint" id="doctor-week-hint">{t.weekHint}</p>
            </div>
            <button type="submit" className="button button--primary">{t.apply}</button>
          </div>
          {filtered ? <p className="doctor-clear"><Link to={link("doctors")} className="text-link">{t.clear}</Link></p> : null}
        </form>
        {body}
      </div>
    </div>
  );
}

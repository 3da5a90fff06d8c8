// Small shared pieces of markup.
import { Star } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { clockTime, fill, formatDate, grouped, initials, longDate, telHref, weekdayNumber } from "../lib/format";
import { plural, type Plural } from "../lib/plural";
import { inLanguage } from "../lib/language";
import { useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { Clinic, DayHours, Doctor, Photo, Picture, PublicClosure, Rated } from "../types";

/**
 * A working day's hours in the page's language, from the server's "HH:MM"
 * ranges: "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM (HYGO Clinic…)", a clinic named
 * once after the last of its ranges in a row, in the language's name for it.
 */
export function hoursOf(day: DayHours, clinics: Clinic[]): { day: string; hours: string } {
  const named = (id: string) => clinics.find((c) => c.id === id)?.name ?? id;
  const parts = day.ranges.map((r, i) => {
    const text = `${clockTime(r.from)} - ${clockTime(r.to)}`;
    const lastHere = day.ranges[i + 1]?.clinic !== r.clinic;
    return r.clinic && lastHere ? `${text} (${named(r.clinic)})` : text;
  });
  return { day: weekdayNumber(day.weekday), hours: parts.join(", ") };
}

/** Five stars, filled by the rating rounded down, with a text alternative. */
export function Stars({ rating, className }: { rating: number | null; className?: string }) {
  const t = useTexts("stars");
  if (rating === null || rating === undefined) {
    return <span className={`stars stars--none ${className ?? ""}`}>{t.notRated}</span>;
  }
  const filled = Math.max(0, Math.min(5, Math.floor(rating)));
  return (
    <span className={`stars ${className ?? ""}`}>
      <span className="stars-icons" role="img" aria-label={fill(t.rated, { rating })}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Star key={i} aria-hidden="true" focusable="false" size={18}
            className={i < filled ? "star star--filled" : "star"} />
        ))}
      </span>
      <span className="stars-value" aria-hidden="true">{rating.toFixed(1)}</span>
    </span>
  );
}

/**
 * A doctor's rating, only with how many reviews it is of and where they were
 * given (issue 43: a bare rating says nothing a patient can weigh); nothing
 * without them.
 */
export function DoctorRating({ rated }: { rated?: Rated | null }) {
  const t = useTexts("stars");
  const count = usePlural();
  if (!rated) return null;
  return (
    <p className="doctor-rating">
      <Stars rating={rated.value} /> <span className="doctor-rating-source">{fill(count(t.reviews, rated.count), { source: rated.source })}</span>
    </p>
  );
}

/** A doctor's consultation fee, or that the clinic gives it when it calls (with what the health card covers). */
export function DoctorFee({ fee }: { fee?: number | null }) {
  const t = useTexts("stars");
  return <p className="doctor-meta doctor-fee">{fee === null || fee === undefined ? t.feeUnknown : fill(t.fee, { fee: grouped(fee) })}</p>;
}

/** The media type of the photos' WebP versions. */
const WEBP = "image/webp";

/**
 * An uploaded picture's versions (a doctor's photo, a picture an editor gave the
 * content): the browser takes the width `sizes` asks for and the first type it
 * supports; `src` is the widest JPEG. `box`: the side of a square it is drawn
 * in (a photo), else its own width and height give its shape.
 */
export function Sources({ sources, sizes, alt, className, eager, box, onError }: {
  sources: Photo["sources"]; sizes: string; alt: string; className?: string; eager?: boolean; box?: number; onError?: () => void;
}) {
  const of = (type: string) => sources.filter((s) => s.type === type).map((s) => `${s.url} ${s.width}w`).join(", ");
  const jpeg = sources.filter((s) => s.type !== WEBP);
  const widest = jpeg[jpeg.length - 1] ?? sources[sources.length - 1];
  return (
    <picture>
      {of(WEBP) ? <source type={WEBP} srcSet={of(WEBP)} sizes={sizes} /> : null}
      <img className={className} src={widest.url} srcSet={of("image/jpeg")} sizes={sizes} alt={alt}
        width={box ?? widest.width} height={box ?? widest.height} loading={eager ? "eager" : "lazy"} decoding="async" onError={onError} />
    </picture>
  );
}

/** A picture an editor gave the content (a hero slide's, an article's), at the width the layout gives it. */
export function ContentPicture({ picture, sizes, eager }: { picture: Picture; sizes: string; eager?: boolean }) {
  return picture.sources.length ? <Sources sources={picture.sources} sizes={sizes} alt={picture.alt} className="content-picture" eager={eager} /> : null;
}

/** The doctor's photo, or an avatar with their initials when there is none (or it fails to load).
 * An uploaded photo (`photo`) comes as WebP and JPEG at two widths; the browser picks. */
export function DoctorImage({ name, image, photo, size = 96, lazy = true }: {
  name: string; image: string | null; photo?: Photo | null; size?: number; lazy?: boolean;
}) {
  const t = useTexts("doctorImage");
  const [failed, setFailed] = useState(false);
  if (photo && photo.sources.length && !failed) {
    return <Sources sources={photo.sources} sizes={`${size}px`} alt={fill(t.photo, { name })} className="avatar avatar--photo" eager={!lazy} box={size} onError={() => setFailed(true)} />;
  }
  if (image && !failed) {
    return (
      <img className="avatar avatar--photo" src={image} alt={fill(t.photo, { name })} width={size} height={size}
        loading={lazy ? "lazy" : "eager"} decoding="async" onError={() => setFailed(true)} />
    );
  }
  return (
    <svg className="avatar" viewBox="0 0 96 96" width={size} height={size} role="img" aria-label={fill(t.initials, { name })}>
      <circle cx="48" cy="48" r="48" className="avatar-bg" />
      <text x="48" y="49" textAnchor="middle" dominantBaseline="central" className="avatar-text">{initials(name)}</text>
    </svg>
  );
}

/** A clinic closure in words: "HYGO Clinic, Kalawad Road is closed on Thursday, 12 November 2026: Closed for Diwali." */
export function useClosureText(): (c: PublicClosure) => string {
  const t = useTexts("closures");
  return (c) => {
    const values = { clinic: c.clinicName, date: longDate(c.date), note: c.note, from: c.from ?? "", until: c.until ?? "" };
    if (c.from && c.until) return fill(t.fromUntil, values);
    if (c.from) return fill(t.from, values);
    if (c.until) return fill(t.until, values);
    return fill(t.allDay, values);
  };
}

/** The closures of a clinic (or of all), as a list of sentences; nothing when there are none. */
export function ClosureNotes({ closures, className }: { closures: readonly PublicClosure[]; className?: string }) {
  const text = useClosureText();
  if (!closures.length) return null;
  return <ul className={className ?? "closure-notes"}>{closures.map((c) => <li key={`${c.clinic}-${c.date}`}>{text(c)}</li>)}</ul>;
}

/** A link that leaves the site. */
export function ExternalLink({ href, className, children, label }: {
  href: string; className?: string; children: ReactNode; label?: string;
}) {
  return (
    <a href={href} className={className} rel="noopener" aria-label={label}>
      {children}
    </a>
  );
}

/**
 * Every "Book" call to action: our own request form (`/appointment`, or
 * `/appointment/{id}` for one doctor), or the external booking site when the
 * `HYGO_BOOKING_URL` setting names one.
 */
export function BookLink({ to = "/appointment", className, children, label }: {
  to?: string; className?: string; children: ReactNode; label?: string;
}) {
  const site = useSite();
  if (site.bookingUrl) return <ExternalLink href={site.bookingUrl} className={className} label={label}>{children}</ExternalLink>;
  return <Link to={to} className={className} aria-label={label}>{children}</Link>;
}

/** Counted texts in the page's language: `const count = usePlural(); count(t.found, n)` ("1 doctor found", "3 doctors found"). */
export function usePlural() {
  const { lang } = useSite();
  return (forms: Plural, n: number, values?: Record<string, string | number>) => plural(lang, forms, n, values);
}

/** A catalogue text whose `{name}` placeholders are filled with text or elements. */
export function Fill({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  const parts = text.split(/\{(\w+)\}/);
  return <>{parts.map((p, i) => (i % 2 ? <Fragment key={i}>{p in values ? values[p] : `{${p}}`}</Fragment> : p))}</>;
}

/** A clinic's name, and its address on the next line. */
export function ClinicAddress({ clinic }: { clinic: Clinic }) {
  return <><strong className="clinic-name">{clinic.name}</strong><br />{clinic.address}</>;
}

/** The emergency number as a link to call it. */
export function EmergencyNumber() {
  const site = useSite();
  return <a href={telHref(site.emergencyNumber)} className="emergency-number">{site.emergencyNumber}</a>;
}

/** "HYGO clinics are for non-emergency care. In an emergency, call 108 …", with 108 to call. */
export function EmergencyNote({ text }: { text?: string }) {
  const site = useSite();
  return <Fill text={text ?? site.emergencyNote} values={{ number: <EmergencyNumber /> }} />;
}

/** What a doctor's availability is today, and their coming leave. */
export function doctorStatus(doctor: Pick<Doctor, "availability" | "availabilityLang" | "onLeave" | "leave">, texts: ReturnType<typeof useSite>["doctorStatus"]) {
  const [first] = doctor.leave;
  if (doctor.onLeave) {
    const now = first?.backOn ? fill(texts.backOn, { date: longDate(first.backOn) })
      : first && first.until === null ? texts.untilFurtherNotice : texts.onLeave;
    return { now, onLeave: true, coming: null, lang: undefined };
  }
  const coming = first ? first.until ? fill(texts.coming, { from: formatDate(first.from), until: formatDate(first.until) })
    : fill(texts.comingOpen, { from: formatDate(first.from) }) : null;
  // What staff wrote themselves is English's (marked so on a page in another language).
  return { now: doctor.availability, onLeave: false, coming, lang: doctor.availabilityLang };
}

export function DoctorStatus({ doctor }: { doctor: Pick<Doctor, "availability" | "availabilityLang" | "onLeave" | "leave"> }) {
  const status = doctorStatus(doctor, useSite().doctorStatus);
  return (
    <>
      {status.now ? <p className={`badge ${status.onLeave ? "badge--warn" : "badge--ok"}`} lang={status.lang}>{status.now}</p> : null}
      {status.coming ? <p className="muted doctor-leave-note">{status.coming}</p> : null}
    </>
  );
}

/** "On leave, back on Monday, 7 December 2026" where a doctor is listed (the lists,
 * the department pages, the search), only while the doctor is on leave. */
export function LeaveBadge({ doctor }: { doctor: Pick<Doctor, "availability" | "availabilityLang" | "onLeave" | "leave"> }) {
  const status = doctorStatus(doctor, useSite().doctorStatus);
  return status.onLeave ? <p className="badge badge--warn leave-badge" data-leave-badge="">{status.now}</p> : null;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The "Not Found" view of a page whose doctor, department, service or article does not exist. */
export function NotFound({ heading, text, back, backLabel }: { heading: string; text: string; back: string; backLabel: string }) {
  return (
    <div className="container page-message">
      <h1>{heading}</h1>
      <p>{text}</p>
      <Link to={back} className="button button--primary">{backLabel}</Link>
    </div>
  );
}

/**
 * The same page in each language the site serves, each named in itself: plain
 * links (the whole page's texts change, so the page is loaded again). None when
 * the site serves one language.
 */
export function LanguageLinks({ className }: { className: string }) {
  const site = useSite();
  const t = useTexts("common");
  const { pathname, search } = useLocation();
  if (site.languages.length < 2) return null;
  return (
    <ul className={`language-links ${className}`} aria-label={t.languages}>
      {site.languages.map((l) => (
        <li key={l.tag}>
          <a href={inLanguage(pathname + search, l.tag)} hrefLang={l.tag} lang={l.tag} aria-current={l.tag === site.lang ? "true" : undefined}
            className={l.tag === site.lang ? "page-font" : undefined}>{l.name}</a>
        </li>
      ))}
    </ul>
  );
}

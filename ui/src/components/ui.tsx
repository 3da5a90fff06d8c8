// Small shared pieces of markup.
import { Star } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { initials } from "../lib/format";

/** Five stars, filled by the rating rounded down, with a text alternative. */
export function Stars({ rating, className }: { rating: number | null; className?: string }) {
  if (rating === null || rating === undefined) {
    return <span className={`stars stars--none ${className ?? ""}`}>Not yet rated</span>;
  }
  const filled = Math.max(0, Math.min(5, Math.floor(rating)));
  return (
    <span className={`stars ${className ?? ""}`}>
      <span className="stars-icons" role="img" aria-label={`Rated ${rating} out of 5`}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Star key={i} aria-hidden="true" focusable="false" size={18}
            className={i < filled ? "star star--filled" : "star"} />
        ))}
      </span>
      <span className="stars-value" aria-hidden="true">{rating.toFixed(1)}</span>
    </span>
  );
}

/** The doctor's photo, or an avatar with their initials when there is none (or it fails to load). */
export function DoctorImage({ name, image, size = 96 }: { name: string; image: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (image && !failed) {
    return (
      <img className="avatar avatar--photo" src={image} alt={`Photo of ${name}`} width={size} height={size}
        loading="lazy" decoding="async" onError={() => setFailed(true)} />
    );
  }
  return (
    <svg className="avatar" viewBox="0 0 96 96" width={size} height={size} role="img" aria-label={`Initials of ${name}`}>
      <circle cx="48" cy="48" r="48" className="avatar-bg" />
      <text x="48" y="49" textAnchor="middle" dominantBaseline="central" className="avatar-text">{initials(name)}</text>
    </svg>
  );
}

/** A link that leaves the site (the external booking site). */
export function ExternalLink({ href, className, children, label }: {
  href: string; className?: string; children: ReactNode; label?: string;
}) {
  return (
    <a href={href} className={className} rel="noopener" aria-label={label}>
      {children}
    </a>
  );
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

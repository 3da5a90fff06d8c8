import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { fill, telHref } from "../lib/format";
import { useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import { Logo } from "./Logo";
import { NewsletterForm } from "./NewsletterForm";
import { ClinicAddress, EmergencyNote, LanguageLinks } from "./ui";

export function Footer() {
  const site = useSite();
  const common = useTexts("common");
  const t = useTexts("footer");
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="logo-link" aria-label={fill(common.homeLink, { name: site.name })}>
            <Logo />
          </Link>
          <p className="footer-tagline">{site.tagline}</p>
          <p>{site.about}</p>
          <ul className="social-list" aria-label={t.social}>
            {site.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} rel="noopener" className="social-link">{s.name}</a>
              </li>
            ))}
          </ul>
        </div>

        <nav className="footer-col" aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="footer-heading">{t.quickLinks}</h2>
          <ul>
            {site.quickLinks.map((l) => (
              <li key={l.link}><Link to={l.link}>{l.label}</Link></li>
            ))}
          </ul>
        </nav>

        <nav className="footer-col" aria-labelledby="footer-departments">
          <h2 id="footer-departments" className="footer-heading">{t.departments}</h2>
          <ul>
            {site.footerDepartments.map((d) => (
              <li key={d.link}><Link to={d.link}>{d.name}</Link></li>
            ))}
          </ul>
        </nav>

        <div className="footer-col">
          <h2 className="footer-heading">{t.contact}</h2>
          <address className="contact-list">
            {site.clinics.map((c) => (
              <p key={c.id}><MapPin aria-hidden="true" focusable="false" size={18} /><span><ClinicAddress clinic={c} /></span></p>
            ))}
            <p><Phone aria-hidden="true" focusable="false" size={18} /><a href={telHref(site.phone)}>{site.phone}</a></p>
            <p><Mail aria-hidden="true" focusable="false" size={18} /><a href={`mailto:${site.email}`}>{site.email}</a></p>
            <p><Clock aria-hidden="true" focusable="false" size={18} /><span>{site.hours}</span></p>
          </address>
        </div>

        <div className="footer-col footer-newsletter">
          <h2 className="footer-heading" id="newsletter-heading">{site.newsletter.heading}</h2>
          <p>{site.newsletter.text}</p>
          <NewsletterForm id="newsletter" source="footer" labelledBy="newsletter-heading" />
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          <p>{site.copyright}</p>
          <p><EmergencyNote /></p>
          <ul className="legal-links" aria-label={t.legal}>
            {site.legal.map((l) => (
              <li key={l.label}><Link to={l.link}>{l.label}</Link></li>
            ))}
          </ul>
          <LanguageLinks className="footer-languages" />
        </div>
      </div>
    </footer>
  );
}

import { ArrowRight, Clock, Mail, MapPin, Pause, Phone, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Fade, preloadMotion } from "../components/Fade";
import { BookLink, ClinicAddress, ContentPicture, DoctorImage, Spinner, Stars } from "../components/ui";
import { fill, formatDate, telHref } from "../lib/format";
import { untranslated } from "../lib/language";
import { usePageProps, useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { Department, Doctor, HomeContent, Site } from "../types";
import { FlipCard } from "../components/FlipCard";

/**
 * Which of a group of radio buttons the page shows checked (a choice made
 * before hydration, or kept by the browser on Back), as the index of `values`.
 */
function checkedIn(root: HTMLElement | null, name: string, values: readonly string[]): number {
  const input = root?.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);
  return input ? values.indexOf(input.value) : -1;
}

// The slides and the service tiles work without JavaScript: their choices are
// radio buttons, and the stylesheet shows the part of the checked one (`:has()`).
// Server and browser draw the same page; once React owns it (`live`), it hides
// the others itself (`hidden`), as many as there are.

function Hero({ content, site }: { content: HomeContent["hero"]; site: Site }) {
  const t = useTexts("home");
  const slides = content.slides;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [moved, setMoved] = useState(false);
  const [live, setLive] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const chosen = checkedIn(ref.current, "hero-slide", slides.map((_, i) => String(i)));
    if (chosen > 0) setIndex(chosen);
    setLive(true);
    // Once, when React takes the page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Auto-advance every 5 s, looping; not for people who asked for reduced motion.
  useEffect(() => {
    if (!playing || slides.length < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    // The fade's code is fetched before the first change, not with the first load.
    const early = window.setTimeout(preloadMotion, 3000);
    const timer = window.setInterval(() => {
      setMoved(true);
      setIndex((i) => (i + 1) % slides.length);
    }, 5000);
    return () => {
      window.clearTimeout(early);
      window.clearInterval(timer);
    };
  }, [playing, slides.length]);

  const show = (i: number) => {
    setMoved(true);
    setIndex(i);
  };

  return (
    <section id="home" ref={ref} className="hero" aria-labelledby="hero-heading">
      <div className="container hero-inner">
        <h1 id="hero-heading" className="hero-kicker">{site.name} · {site.tagline}</h1>
        <div className={`hero-slides${live ? " is-live" : ""}`} role="region" aria-roledescription={t.carousel} aria-label={t.highlights}>
          {slides.map((s, i) => (
            <div key={i} className="hero-slide-wrap" role="group" aria-roledescription={t.slide} aria-label={fill(t.slideOf, { n: i + 1, total: slides.length })}
              hidden={live && i !== index}>
              <Fade key={i === index ? `on-${i}` : `off-${i}`} animate={moved && i === index} className={s.image ? "hero-slide hero-slide--pictured" : "hero-slide"}>
                <div>
                  <p className="hero-eyebrow">{s.eyebrow}</p>
                  <p className="hero-title">{s.title}</p>
                  <p className="hero-text">{s.text}</p>
                </div>
                {s.image ? <ContentPicture picture={s.image} sizes="(min-width: 640px) 16rem, calc(100vw - 2rem)" eager={i === 0} /> : null}
              </Fade>
            </div>
          ))}
        </div>
        <div className="hero-actions">
          <BookLink className="button button--primary button--large">{content.bookLabel}</BookLink>
          <Link to={content.subscribeLink} className="button button--light button--large">{content.subscribeLabel}</Link>
        </div>
        <div className="hero-controls">
          <ul className="hero-dots" aria-label={t.chooseSlide}>
            {slides.map((s, i) => (
              <li key={i}>
                <input type="radio" name="hero-slide" value={String(i)} className="hero-dot" checked={i === index}
                  aria-label={fill(t.slideLabel, { n: i + 1, title: s.title })} onChange={() => show(i)} />
              </li>
            ))}
          </ul>
          {/* Nothing moves before React runs the slideshow: no pause button until then. */}
          <button type="button" className="hero-pause" onClick={() => setPlaying((p) => !p)}>
            {playing ? <Pause aria-hidden="true" focusable="false" size={16} /> : <Play aria-hidden="true" focusable="false" size={16} />}
            <span className="visually-hidden">{playing ? t.pause : t.play}</span>
          </button>
        </div>
      </div>
    </section>
  );
}

function WhyChooseUs({ content }: { content: HomeContent["whyChooseUs"] }) {
  return (
    <section id="why-choose-us" className="section section--tinted" aria-labelledby="why-heading">
      <div className="container">
        <h2 id="why-heading" className="section-title">{content.heading}</h2>
        <p className="section-intro">{content.intro}</p>
        <div className="card-grid card-grid--3">
          {content.cards.map((c) => {
            const words = <>{c.linkLabel}<span className="visually-hidden">: {c.title}</span> <ArrowRight aria-hidden="true" focusable="false" size={16} /></>;
            return (
              <article key={c.title} className="card quick-card">
                <h3>{c.title}</h3>
                <p>{c.text}</p>
                {c.link === "/appointment" ? <BookLink className="text-link">{words}</BookLink> : <Link to={c.link} className="text-link">{words}</Link>}
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function Departments({ content, departments }: { content: HomeContent["departments"]; departments: Department[] }) {
  return (
    <section id="departments" className="section" aria-labelledby="departments-heading">
      <div className="container">
        <h2 id="departments-heading" className="section-title">{content.heading}</h2>
        <p className="section-intro">{content.intro}</p>
        <ul className="flip-grid flip-grid--4 plain-list">
          {departments.map((d) => <FlipCard key={d.slug} department={d} href={`/departments/${d.slug}`} />)}
        </ul>
        <p className="section-action">
          <Link to={content.viewAllLink} className="button button--outline">{content.viewAllLabel}</Link>
        </p>
      </div>
    </section>
  );
}

function Founders({ content, founders }: { content: HomeContent["founders"]; founders: Doctor[] }) {
  const lang = useSite().lang;
  return (
    <section id="doctors" className="section section--tinted" aria-labelledby="founders-heading">
      <div className="container">
        <h2 id="founders-heading" className="section-title">{content.heading}</h2>
        <p className="section-intro">{content.intro}</p>
        <div className="card-grid card-grid--3">
          {founders.map((d) => {
            const own = untranslated(d.english, "founder", lang);
            return (
            <article key={d.id} className="card founder-card">
              <DoctorImage name={d.name} image={d.image} photo={d.photo} size={112} />
              <h3>{d.name}</h3>
              {d.founder ? <p className="founder-title" lang={own}>{d.founder.title}</p> : null}
              <p className="muted" lang={d.founder ? own : d.specializationLang}>{d.founder?.job ?? d.specialization}</p>
              {d.founder ? <p lang={own}>{d.founder.description}</p> : null}
              <Link to={`/doctors/${d.id}`} className="text-link" aria-label={`${content.linkLabel}: ${d.name}`}>
                {content.linkLabel} <ArrowRight aria-hidden="true" focusable="false" size={16} />
              </Link>
            </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function Services({ content, specialities }: { content: HomeContent["services"]; specialities: string[] }) {
  const t = useTexts("home");
  const tiles = content.tiles;
  const [selected, setSelected] = useState(tiles[0]?.id ?? "");
  const [touched, setTouched] = useState(false);
  const [live, setLive] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const shown = tiles.some((x) => x.id === selected) ? selected : tiles[0]?.id;

  useEffect(() => {
    const chosen = checkedIn(ref.current, "service", tiles.map((x) => x.id));
    if (chosen > 0) setSelected(tiles[chosen].id);
    setLive(true);
    // Once, when React takes the page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section id="services" ref={ref} className="section" aria-labelledby="services-heading">
      <div className="container">
        <h2 id="services-heading" className="section-title">{content.heading}</h2>
        <p className="section-intro">{content.intro}</p>
        <div className="services-layout">
          <fieldset className="service-choice">
            <legend className="visually-hidden">{t.servicesLabel}</legend>
            <ul className="service-tiles plain-list">
              {tiles.map((x) => (
                <li key={x.id}>
                  <input type="radio" name="service" value={x.id} id={`service-${x.id}`} className="service-pick"
                    checked={x.id === shown} onChange={() => {
                      setTouched(true);
                      setSelected(x.id);
                    }} />
                  <label htmlFor={`service-${x.id}`} className="service-tile">
                    <span className="service-tile-name">{x.name}</span>
                    <span className="service-tile-summary">{x.summary}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div id="service-detail" className={`service-details${live ? " is-live" : ""}`} aria-live="polite">
            {tiles.map((tile, i) => (
              <div key={tile.id} className="card service-detail" hidden={live && tile.id !== shown}>
                <Fade animate={touched && tile.id === shown} duration={0.3} rise={8}>
                  <h3>{tile.name}</h3>
                  <h4 className="offer-heading">{content.offerHeading}</h4>
                  <ul className="check-list">
                    {tile.offers.map((o) => <li key={o}>{o}</li>)}
                  </ul>
                  {i === 0 ? (
                    <>
                      <h4 className="offer-heading">{content.specialitiesHeading}</h4>
                      <ul className="tag-list">
                        {specialities.map((s) => <li key={s}>{s}</li>)}
                      </ul>
                    </>
                  ) : null}
                  <div className="service-actions">
                    <Link to={tile.link} className="button button--outline" aria-label={`${content.knowMoreLabel}: ${tile.name}`}>
                      {content.knowMoreLabel}
                    </Link>
                    <BookLink className="button button--primary">{content.readyLabel}</BookLink>
                  </div>
                </Fade>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

function Subscription({ content }: { content: HomeContent["subscription"] }) {
  return (
    <section id="subscription" className="section section--tinted" aria-labelledby="subscription-heading">
      <div className="container">
        <h2 id="subscription-heading" className="section-title">{content.heading}</h2>
        <p className="section-intro">{content.intro}</p>
        <div className="plans">
          {content.plans.map((p) => (
            <article key={p.id} className="card plan-card">
              {p.badge ? <p className="badge">{p.badge}</p> : null}
              <h3>{p.name}</h3>
              <p className="muted">{p.audience}</p>
              <p className="price">
                <span className="price-amount">{content.currency}{p.price}</span>
                <span className="price-period">{content.periodLabel}</span>
              </p>
            </article>
          ))}
        </div>
        <div className="card benefits">
          <h3>{content.benefitsHeading}</h3>
          <ul className="check-list check-list--columns">
            {content.benefits.map((b) => <li key={b}>{b}</li>)}
          </ul>
        </div>
        <p className="section-action">
          <Link to={content.ctaLink} className="button button--primary">{content.ctaLabel}</Link>
        </p>
      </div>
    </section>
  );
}

function Appointment({ content, site }: { content: HomeContent["appointment"]; site: Site }) {
  const c = content.contact;
  return (
    <section id="appointment" className="section" aria-labelledby="appointment-heading">
      <div className="container">
        <h2 id="appointment-heading" className="section-title">{content.heading}</h2>
        <div className="problem-solution">
          <div className="card problem">
            <h3>{content.problem.heading}</h3>
            <ul>{content.problem.points.map((p) => <li key={p}>{p}</li>)}</ul>
          </div>
          <div className="card solution">
            <h3>{content.solution.heading}</h3>
            <ul className="check-list">{content.solution.points.map((p) => <li key={p}>{p}</li>)}</ul>
          </div>
        </div>
        <p className="target">{content.target}</p>
        <div className="contact-panel">
          <div>
            <h3>{c.heading}</h3>
            <p>{c.text}</p>
          </div>
          <dl className="contact-details">
            <div><dt><Phone aria-hidden="true" focusable="false" size={18} />{c.phoneLabel}</dt><dd><a href={telHref(site.phone)}>{site.phone}</a></dd></div>
            <div><dt><Mail aria-hidden="true" focusable="false" size={18} />{c.emailLabel}</dt><dd><a href={`mailto:${site.email}`}>{site.email}</a></dd></div>
            <div><dt><MapPin aria-hidden="true" focusable="false" size={18} />{c.addressLabel}</dt>
              {site.clinics.map((clinic) => <dd key={clinic.id}><ClinicAddress clinic={clinic} /></dd>)}
            </div>
            <div><dt><Clock aria-hidden="true" focusable="false" size={18} />{c.hoursLabel}</dt><dd>{site.hours}</dd></div>
          </dl>
          <BookLink className="button button--light">{c.bookLabel}</BookLink>
        </div>
      </div>
    </section>
  );
}

function News({ content }: { content: HomeContent["news"] }) {
  return (
    <section id="news" className="section section--tinted" aria-labelledby="news-heading">
      <div className="container">
        <h2 id="news-heading" className="section-title">{content.heading}</h2>
        <div className="card-grid card-grid--3">
          {content.items.map((n) => (
            <article key={n.title} className="card news-card">
              <p className="news-meta">
                <span className="badge">{n.category}</span>
                <time dateTime={n.date}>{formatDate(n.date)}</time>
              </p>
              <h3>{n.title}</h3>
              <p>{n.excerpt}</p>
              {/* The title is in the link's text, not only its label: search engines read text. */}
              <Link to={`/news/${n.id}`} className="text-link">
                {content.readMoreLabel}<span className="visually-hidden">: {n.title}</span> <ArrowRight aria-hidden="true" focusable="false" size={16} />
              </Link>
            </article>
          ))}
        </div>
        <p className="section-action">
          <Link to={content.viewAllLink} className="button button--outline">{content.viewAllLabel}</Link>
        </p>
      </div>
    </section>
  );
}

function Reviews({ content }: { content: HomeContent["reviews"] }) {
  return (
    <section id="reviews" className="section" aria-labelledby="reviews-heading">
      <div className="container">
        <h2 id="reviews-heading" className="section-title">{content.heading}</h2>
        <ul className="review-list plain-list">
          {content.items.map((r) => (
            <li key={r.name} className="card review-card">
              <figure>
                <span aria-hidden="true" className="quote-icon">“</span>
                <blockquote><p>{r.text}</p></blockquote>
                <figcaption>
                  <Stars rating={r.rating} />
                  <span className="review-name">{r.name}</span>
                  <span className="muted">{r.area}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function HomePage() {
  const site = useSite();
  const common = useTexts("common");
  const t = useTexts("home");
  const state = usePageProps("Home");
  if (state.status === "loading") return <Spinner label={t.loading} />;
  if (state.status === "error") {
    return (
      <div className="container page-message" role="alert">
        <h1>{t.failedHeading}</h1>
        <p>{t.failedText}</p>
        <button type="button" className="button button--primary" onClick={state.retry}>{common.tryAgain}</button>
      </div>
    );
  }
  const { home, founders, departments, specialities } = state.props.data;
  return (
    <>
      <Hero content={home.hero} site={site} />
      <WhyChooseUs content={home.whyChooseUs} />
      <Departments content={home.departments} departments={departments} />
      <Founders content={home.founders} founders={founders} />
      <Services content={home.services} specialities={specialities} />
      <Subscription content={home.subscription} />
      <Appointment content={home.appointment} site={site} />
      <News content={home.news} />
      <Reviews content={home.reviews} />
    </>
  );
}

import type { Texts } from "./lib/texts";
import type { ContactTexts } from "./components/ContactForm";
import type { SearchResult } from "./components/SearchBox";
// The props the server hands to every page (docs/architecture.md, "Props").
// `site` is catalogue/site.json and `data.home` is catalogue/home.json, passed
// through untouched by the Rust side.

export interface Link {
  label: string;
  link: string;
}

export interface NavItem {
  label: string;
  /** Shown instead of `label` below 1024 px. */
  mobileLabel?: string;
  link?: string;
  items?: NavItem[];
}

export interface PageMeta {
  title: string;
  description: string;
}

export interface Site {
  name: string;
  tagline: string;
  about: string;
  /** An external booking site (the `HYGO_BOOKING_URL` setting); null: our own request form. */
  bookingUrl: string | null;
  bookLabel: string;
  phone: string;
  email: string;
  adminEmail: string;
  hours: string;
  /** The clinics (catalogue/clinics.json), the first the main one. */
  clinics: Clinic[];
  emergencyNumber: string;
  /** With `{number}` where the emergency number goes. */
  emergencyNote: string;
  contactLabels: { phone: string; email: string; address: string; hours: string; map: string; mapNote: string };
  doctorStatus: { onLeave: string; backOn: string; untilFurtherNotice: string; coming: string; comingOpen: string };
  searchTypes: Record<SearchResult["type"], string>;
  nav: NavItem[];
  social: { name: string; url: string }[];
  quickLinks: Link[];
  footerDepartments: { name: string; link: string }[];
  newsletter: {
    heading: string;
    text: string;
    label: string;
    placeholder: string;
    button: string;
    title: string;
    description: string;
    pageHeading: string;
    sending: string;
    privacy: string;
    unsubscribeHeading: string;
    unsubscribeText: string;
    unsubscribeButton: string;
    unsubscribeInvalid: string;
    failed: string;
    privacyLink: string;
    privacyLabel: string;
  };
  legal: Link[];
  copyright: string;
  /** The page's language (BCP 47), for `<html lang>` and the texts. */
  lang: string;
  /** The interface texts of that language, by area (see lib/texts.ts). */
  texts: Texts;
  meta: {
    home: PageMeta;
    doctors: PageMeta;
    doctorNotFound: PageMeta;
    departments: PageMeta;
    departmentNotFound: PageMeta;
    search: PageMeta;
    services: PageMeta;
    serviceNotFound: PageMeta;
    specializationNotFound: PageMeta;
    titleSuffix: string;
  };
}

export interface OfficeHours {
  day: string;
  hours: string;
}

export interface Founder {
  title: string;
  job: string;
  description: string;
}

export interface Doctor {
  id: number;
  _id: string;
  name: string;
  specialization: string;
  department: string;
  departmentName: string;
  /** Whole years. */
  experience: number;
  rating: number | null;
  image: string | null;
  /** A clinic's id (Site["clinics"]). */
  clinic: string;
  /** "HYGO Clinic, Kalawad Road, Rajkot". */
  location: string;
  bio: string;
  education: string[];
  services: string[];
  languages: string[];
  insurances: string[];
  officeHours: OfficeHours[];
  /** "On leave" on a day of leave, otherwise what staff wrote. */
  availability: string;
  onLeave: boolean;
  /** Current and coming leave (dates YYYY-MM-DD; `until` null: until further notice). */
  leave: Leave[];
  founder?: Founder;
}

export interface Leave {
  from: string;
  until: string | null;
  /** The first day after the leave on which the doctor sees patients. */
  backOn: string | null;
}

/** Why a day offers the times it does (`/appointments/slots`). */
export type DayAvailability = "open" | "full" | "past" | "closed" | "on-leave";

export interface DaySlots {
  availableSlots: string[];
  bookedSlots: string[];
  availability: DayAvailability;
  backOn?: string;
}

export interface HeroSlide {
  eyebrow: string;
  title: string;
  text: string;
}

export interface QuickCard {
  title: string;
  text: string;
  linkLabel: string;
  link: string;
}

export interface ServiceTile {
  id: string;
  name: string;
  summary: string;
  offers: string[];
  link: string;
}

export interface Plan {
  id: string;
  name: string;
  badge?: string;
  audience: string;
  price: number;
}

export interface NewsItem {
  category: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  title: string;
  excerpt: string;
  id: string;
  author: string;
  content: string[];
}

export interface Review {
  name: string;
  area: string;
  rating: number;
  text: string;
}

export interface HomeContent {
  hero: { slides: HeroSlide[]; bookLabel: string; subscribeLabel: string; subscribeLink: string };
  whyChooseUs: { heading: string; intro: string; cards: QuickCard[] };
  departments: {
    heading: string;
    intro: string;
    cards: { name: string; link: string; text: string }[];
    viewAllLabel: string;
    viewAllLink: string;
  };
  founders: { heading: string; intro: string; linkLabel: string };
  services: {
    heading: string;
    intro: string;
    offerHeading: string;
    knowMoreLabel: string;
    readyLabel: string;
    specialitiesHeading: string;
    specialities: string[];
    tiles: ServiceTile[];
  };
  subscription: {
    heading: string;
    intro: string;
    currency: string;
    periodLabel: string;
    plans: Plan[];
    benefitsHeading: string;
    benefits: string[];
    ctaLabel: string;
    ctaLink: string;
  };
  appointment: {
    heading: string;
    problem: { heading: string; points: string[] };
    solution: { heading: string; points: string[] };
    target: string;
    contact: {
      heading: string;
      text: string;
      phoneLabel: string;
      emailLabel: string;
      addressLabel: string;
      hoursLabel: string;
      bookLabel: string;
    };
  };
  news: { heading: string; items: NewsItem[]; readMoreLabel: string; viewAllLabel: string; viewAllLink: string };
  reviews: { heading: string; items: Review[] };
}

/** A form's state when the server answers a no-JavaScript post with its page again. */
export interface FormState {
  status: number;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string | string[]>;
  /** The wizards' step, 1 to 3. */
  step?: number;
  /** The wizards' times for the chosen doctor and day. */
  slots?: (DaySlots & { date: string }) | null;
}

interface PropsBase {
  /** The page's name in the registry (src/pages/registry.rs). */
  page: string;
  path: string;
  /** The document's title and description, made by the server. */
  head: Head;
  status: number;
  site: Site;
  form?: FormState;
}

/** What every form shows: the privacy link, the error summary's title. */
export interface FormsCommon {
  privacyLink: string;
  privacyLabel: string;
  errorSummaryTitle: string;
  networkError: string;
}

export interface SubscriptionTexts {
  title: string;
  description: string;
  heading: string;
  lead: string;
  requestLabel: string;
  dialogTitle: string;
  dialogIntro: string;
  fields: { name: string; email: string; number: string };
  submit: string;
  sending: string;
  successHeading: string;
  next: string;
  close: string;
  privacy: string;
}

export interface SubscriptionProps extends PropsBase {
  component: "Subscription";
  data: { plans: HomeContent["subscription"]; texts: SubscriptionTexts; forms: FormsCommon };
}

export interface NewsletterProps extends PropsBase {
  component: "Newsletter";
  data: {
    unsubscribe: { token: string; valid: boolean } | null;
    messages: { subscribed: string; unsubscribed: string };
    forms: FormsCommon;
  };
}

export interface AppointmentTexts {
  title: string;
  description: string;
  heading: string;
  lead: string;
  doctorTitle: string;
  doctorDescription: string;
  stepsA: string[];
  stepsB: string[];
  titlesA: string[];
  titlesB: string[];
  stepOf: string;
  fields: Record<string, string>;
  departments: { id: string; label: string }[];
  chooseDepartment: string;
  chooseDoctor: string;
  chooseReason: string;
  visitTypes: { id: string; label: string }[];
  yes: string;
  no: string;
  reasonsA: string[];
  reasonsB: string[];
  symptoms: string[];
  today: string;
  tomorrow: string;
  nextWeek: string;
  previousWeek: string;
  followingWeek: string;
  showTimes: string;
  backToHours: string;
  selectDoctorFirst: string;
  loadingSlots: string;
  noHours: string;
  noFreeSlots: string;
  pastSlots: string;
  noHourlySlots: string;
  onLeaveDay: string;
  onLeaveDayNoBack: string;
  onLeaveOpen: string;
  onLeaveOption: string;
  emergencyLine: string;
  /** "Chosen: {date}". */
  chosen: string;
  hoursLabel: string;
  /** "Times from {hour}". */
  timesFrom: string;
  redFlagHeading: string;
  redFlagText: string;
  redFlagFollowUp: string;
  /** The reasons and symptoms that show the emergency notice. */
  redFlags: string[];
  slotsFailed: string;
  notAvailable: string;
  continue: string;
  back: string;
  review: string;
  submitA: string;
  submitB: string;
  sending: string;
  confirm: string;
  confirmRequired: string;
  summaryHeading: string;
  change: string;
  notGiven: string;
  privacy: string;
  successHeadingA: string;
  successHeadingB: string;
  successText: string;
  returnHome: string;
  returnDoctors: string;
  another: string;
  failed: string;
  doctorNotFound: string;
  doctorNotFoundText: string;
  backToDoctors: string;
  available: string;
}

export interface AppointmentProps extends PropsBase {
  component: "Appointment";
  data: {
    variant: "general" | "doctor";
    texts: AppointmentTexts;
    forms: FormsCommon;
    /** YYYY-MM-DD in India Standard Time. */
    today: string;
    maxDaysAhead: number;
    /** Wizard A's list: each doctor's id, name, specialization, hours and leave. */
    doctors?: Pick<Doctor, "id" | "name" | "specialization" | "officeHours" | "onLeave" | "leave">[];
    doctor?: Doctor | null;
  };
}

export interface HomeProps extends PropsBase {
  component: "Home";
  data: { home: HomeContent; founders: Doctor[]; departments: Department[] };
}

export interface DoctorsProps extends PropsBase {
  component: "Doctors";
  data: { doctors: Doctor[] };
}

export interface DoctorProps extends PropsBase {
  component: "DoctorProfile";
  data: { doctor: Doctor | null };
}

/** A department of the catalogue (catalogue/departments.json). */
export interface Department {
  slug: string;
  name: string;
  description: string;
  listed: boolean;
  longDescription: string;
  services: string[];
}

export interface DepartmentsProps extends PropsBase {
  component: "Departments";
  data: { departments: Department[] };
}

export interface DepartmentProps extends PropsBase {
  component: "Department";
  data: { department: Department | null; specialists: Doctor[] };
}

export interface SearchProps extends PropsBase {
  component: "Search";
  data: { query: string; results: SearchResult[] };
}

/** A service of the catalogue (the home page's service tiles). */
export interface Service {
  id: string;
  name: string;
  description: string;
  link: string;
  longDescription: string;
  offers: string[];
}

export interface ServicesProps extends PropsBase {
  component: "Services";
  data: { services: Service[] };
}

export interface ServiceProps extends PropsBase {
  component: "Service";
  data: { service: Service | null };
}

export interface Specialization {
  id: string;
  name: string;
  department: string | null;
}

export interface SpecializationProps extends PropsBase {
  component: "Specialization";
  data: { specialization: Specialization | null; doctors: Doctor[]; department: Department | null };
}

/** A section of a content page (catalogue/pages.json), drawn by pages/Content.tsx. */
export type ContentSection = { id?: string; heading?: string } & (
  | { type: "text"; paragraphs: string[] }
  | { type: "cards"; intro?: string; columns?: number; cards: { title: string; text: string; link?: string; label?: string; external?: boolean }[] }
  | { type: "counters"; items: { value: number; suffix: string; label: string }[] }
  | { type: "stats"; items: { value: string; label: string }[] }
  | { type: "faq"; items: { q: string; a: string }[] }
  | { type: "list"; items: string[] }
  | { type: "legal"; sections: { heading: string; paragraphs: string[]; items?: string[] }[]; mailto?: string }
  | { type: "clinics" }
  | { type: "founders" }
  | { type: "contact" }
  | { type: "cta"; text: string; label: string; link: string }
  | { type: "reviews" }
  | { type: "specialists" }
  | { type: "schedules" }
  | { type: "book"; text: string }
  | { type: "visit"; labels: { visit: string; call: string; hours: string } }
  | { type: "contactForm" }
);

/** A clinic of catalogue/clinics.json: the one place its address is written. */
export interface Clinic {
  id: string;
  name: string;
  /** "Kalawad Road, Rajkot, Gujarat 360005, India". */
  address: string;
  phone: string;
  email: string;
  hours: string;
  rating: number;
  specialties: string[];
  mapUrl: string;
}

export interface ContentPage {
  title: string;
  description: string;
  heading: string;
  lead: string;
  back: { label: string; link: string };
  sections: ContentSection[];
}

export interface ContentProps extends PropsBase {
  component: "Content";
  data: {
    key: string;
    content: ContentPage;
    founders: Doctor[];
    doctors: Doctor[];
    reviews: Review[];
    /** The contact form's texts, on /contactus only. */
    form: { texts: ContactTexts; forms: FormsCommon; sent: string } | null;
  };
}

export interface NewsProps extends PropsBase {
  component: "News";
  data: { articles: NewsItem[]; page: number; pages: number };
}

export interface ArticleProps extends PropsBase {
  component: "Article";
  data: { article: NewsItem | null };
}

export type PageProps =
  | SubscriptionProps
  | NewsletterProps
  | AppointmentProps
  | NewsProps
  | ArticleProps
  | ContentProps
  | HomeProps
  | DoctorsProps
  | DoctorProps
  | DepartmentsProps
  | DepartmentProps
  | SearchProps
  | ServicesProps
  | ServiceProps
  | SpecializationProps;
/** The component a page is drawn by (ui/src/pages/<component>.tsx). */
export type PageComponent = PageProps["component"];

/** What `/api/props` answers for a path that is no page. */
export interface RedirectProps {
  redirect: string;
}

export interface Head {
  title: string;
  description: string;
}

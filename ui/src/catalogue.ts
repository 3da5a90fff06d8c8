// The types of the catalogue: the texts and lists written as JSON files in
// crates/hygo-content/catalogue/, which the server passes to the pages as they are.
// The server's own shapes (props, doctors, slots…) are generated from its Rust
// structs (generated/props.ts); these describe what people author, and
// catalogue.check.ts makes tsc hold every catalogue file to them.
import type en from "../../crates/hygo-content/catalogue/texts/en.json";
import type staffEn from "../../crates/hygo-content/catalogue/staff/en.json";

/** The staff console's texts (`catalogue/staff/en.json`), given to its pages only. */
export type StaffTexts = typeof staffEn;

/** Every area's interface texts, typed from the English file (the other languages must match it). */
export type Texts = typeof en;

/** The contact form's texts (`forms.json`, `contact`). */
export interface ContactTexts {
  heading: string;
  intro: string;
  fields: { name: string; email: string; phone: string; clinic: string; subject: string; message: string };
  anyClinic: string;
  medicalNote: string;
  submit: string;
  sending: string;
  sendAnother: string;
  privacy: string;
}

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

/** `catalogue/site.json` as written (the server adds `SiteAdditions`: clinics, booking address, language, texts). */
export interface SiteCatalogue {
  /** On the staff console's pages only. */
  staffTexts?: StaffTexts;
  name: string;
  tagline: string;
  about: string;
  bookLabel: string;
  phone: string;
  email: string;
  adminEmail: string;
  hours: string;
  emergencyNumber: string;
  /** With `{number}` where the emergency number goes. */
  emergencyNote: string;
  contactLabels: { phone: string; email: string; address: string; hours: string; map: string; mapNote: string };
  doctorStatus: { onLeave: string; backOn: string; untilFurtherNotice: string; coming: string; comingOpen: string };
  searchTypes: Record<"doctor" | "department" | "service" | "specialization" | "page" | "article", string>;
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
    confirmHeading: string;
    confirmText: string;
    confirmButton: string;
    confirmInvalid: string;
    failed: string;
    privacyLink: string;
    privacyLabel: string;
  };
  legal: Link[];
  copyright: string;
  meta: {
    home: PageMeta;
    doctors: PageMeta;
    doctorNotFound: PageMeta;
    request: PageMeta;
    requestNotFound: PageMeta;
    departments: PageMeta;
    departmentNotFound: PageMeta;
    search: PageMeta;
    services: PageMeta;
    serviceNotFound: PageMeta;
    specializationNotFound: PageMeta;
    titleSuffix: string;
  };
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
  /** Stored by id; the label is what people read. */
  reasonsA: { id: string; label: string }[];
  reasonsB: { id: string; label: string }[];
  symptoms: { id: string; label: string }[];
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
  /** The ids of the reasons and symptoms that show the emergency notice. */
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

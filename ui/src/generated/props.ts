// Generated from the Rust structs of the props and the API's answers by
// `cargo test --test generated`; do not edit. The catalogue's types are
// hygo-content's (SiteCatalogue, HomeContent, …); only the interface texts'
// are the English files' own (ui/src/catalogue.ts).
import type { StaffTexts, Texts } from "../catalogue";

export type AppointmentData = { variant: AppointmentVariant, texts: AppointmentTexts, forms: FormsCommon, 
/**
 * YYYY-MM-DD in IST.
 */
today: string, maxDaysAhead: number, 
/**
 * Wizard A: what the doctor list, the date strip and the empty-state texts
 * need, not whole profiles.
 */
doctors?: Array<ListedDoctor>, 
/**
 * Wizard B: the doctor (null: not found).
 */
doctor?: Doctor | null, 
/**
 * Clinic closures within reach, for their notes beside the date strip.
 */
closures: Array<PublicClosure>, 
/**
 * What each doctor's days offer, from today on, as the slot engine decides
 * (`hygo_booking::appointments::days`): the date strip shows it, and asks
 * the slots of a day only when it is chosen.
 */
days: Array<DoctorDays>, 
/**
 * What the review step needs chosen first, with each message, as the server
 * refuses it without JavaScript (`REVIEW_NEEDS`).
 */
reviewNeeds: Record<string, string>, };

export type AppointmentTexts = { title: string, description: string, heading: string, lead: string, emergencyLine: string, redFlagHeading: string, redFlagText: string, redFlagFollowUp: string, 
/**
 * The ids of the reasons and symptoms that show the emergency notice.
 */
redFlags: Array<string>, doctorTitle: string, doctorDescription: string, stepsA: Array<string>, stepsB: Array<string>, titlesA: Array<string>, titlesB: Array<string>, stepOf: string, 
/**
 * Each field's label, by the field's name.
 */
fields: Record<string, string>, departments: Array<OptionText>, chooseDepartment: string, chooseDoctor: string, 
/**
 * What messages to the patient's phone about the request hold, and how to
 * stop them: the consent's notice (`hygo_core::messaging::CONSENT_VERSION`).
 */
updatesNotice: string, 
/**
 * The answers to "send me messages?": none (first, chosen until the patient
 * chooses), WhatsApp, SMS (`hygo_booking::appointments::UPDATES`).
 */
updatesChoices: Array<OptionText>, 
/**
 * The doctor list's second group once a department is chosen.
 */
otherDoctors: string, chooseReason: string, visitTypes: Array<OptionText>, yes: string, no: string, reasonsA: Array<OptionText>, reasonsB: Array<OptionText>, symptoms: Array<OptionText>, today: string, tomorrow: string, nextWeek: string, previousWeek: string, followingWeek: string, 
/**
 * "Chosen: {date}".
 */
chosen: string, showTimes: string, backToHours: string, hoursLabel: string, 
/**
 * "Times from {hour}".
 */
timesFrom: string, selectDoctorFirst: string, loadingSlots: string, noHours: string, noFreeSlots: string, pastSlots: string, onLeaveDay: string, onLeaveDayNoBack: string, onLeaveOpen: string, onLeaveOption: string, slotsFailed: string, continue: string, back: string, review: string, submitA: string, submitB: string, sending: string, confirm: string, confirmRequired: string, summaryHeading: string, change: string, notGiven: string, privacy: string, 
/**
 * Both wizards' success heading. The spec's wizard B says "Appointment
 * Confirmed!" for a request nobody has confirmed yet: an untrue sentence about
 * a patient's care gives way to an honest one (DESIGN.md, "One source of truth").
 */
successHeading: string, 
/**
 * The spec's promise, for a visit later than 24 hours on (the clinic open then).
 */
successText: string, 
/**
 * The other promises (`hygo_booking::promise`): `{by}`, `{opens}` and
 * `{lapses}` are moments, `{phone}` the clinic's number.
 */
promise: PromiseTexts, 
/**
 * The date strip's word for a day that cannot be chosen, by what the slot
 * engine says of it.
 */
dayStatus: DayStatus, 
/**
 * A day's accessible name with its word: "{date}: {status}".
 */
dayLabel: string, 
/**
 * Said after a request without an e-mail address: how the clinic answers.
 */
successByPhone: string, 
/**
 * Under the e-mail field: that it may be left empty, and what happens then.
 */
emailHint: string, 
/**
 * The review and success screens' names of the values ("Date", not "Select Date").
 */
summaryFields: Record<string, string>, 
/**
 * "Where", before the clinic's name and address.
 */
where: string, 
/**
 * The link to the clinic on a map.
 */
directions: string, 
/**
 * The link to the requested time's calendar file, and what it holds.
 */
addToCalendar: string, calendarHint: string, returnHome: string, returnDoctors: string, another: string, failed: string, doctorNotFound: string, doctorNotFoundText: string, backToDoctors: string, available: string, };

export type AppointmentVariant = "general" | "doctor";

export type ArticleData = { article: NewsItem | null, };

export type AuditBy = { "kind": "staff", name: string, } | { "kind": "system" } | { "kind": "command-line" } | { "kind": "patient" };

export type AuditChange = { field: string, before: string, after: string, };

export type AuditEntry = { at: string, by: AuditBy, action: string, targetKind: string, target: string, 
/**
 * The fields that changed, in the order stored (`before` to `after`), as text.
 */
changes: Array<AuditChange>, 
/**
 * An appointment's visit before and after the action (doctor, day, time, clinic).
 */
from: AuditVisit | null, to: AuditVisit | null, };

export type AuditVisit = { doctor: string, date: string, time: string, clinic: string, };

export type Booked = { 
/**
 * The request's public reference, `HY-7K3M-Q9TD`.
 */
reference: string, doctor: string, doctorId: number, date: string, 
/**
 * "09:15 AM".
 */
time: string, visitType: string, 
/**
 * The id of the clinic the visit is at (`schedule::clinic_of_visit`).
 */
clinic: string, 
/**
 * When the clinic will be in touch, and when the request lapses.
 */
promise: RequestPromise, 
/**
 * No e-mail address was given: the clinic answers by a call or WhatsApp.
 */
byPhone: boolean, 
/**
 * The address of the requested time's calendar file (tentative), set by
 * the server that knows its routes.
 */
calendar?: string, 
/**
 * The address of the request's confirmation page, which shows it for as
 * long as it lives (`receipts`), set by the server: a reload, a shared
 * link or a cheap phone's lost tab finds the request again.
 */
page?: string, 
/**
 * The patient's manage-my-visit link (`crate::visits`), in full, set by
 * the server: what every message about the request carries.
 */
manage?: string, };

export type BookingChannel = "web" | "phone" | "walk-in";

export type Card = { title: string, text: string, link?: string, label?: string, external?: boolean, };

export type ChosenDay = { 
/**
 * YYYY-MM-DD.
 */
date: string, 
/**
 * Free times from now on, "09:15 AM", in order.
 */
availableSlots: Array<string>, 
/**
 * Times held by active requests, in order.
 */
bookedSlots: Array<string>, 
/**
 * Why the day offers what it does; when there is no free time, which of
 * "full", "past", "closed" or "on-leave" it is.
 */
availability: DayAvailability, 
/**
 * With "on-leave": YYYY-MM-DD, the first day the doctor is back, if known.
 */
backOn?: string, 
/**
 * With "clinic-closed": the closure, with its note ("Closed for Diwali").
 */
closure?: PublicClosure, };

export type Clinic = { id: string, name: string, street: string, city: string, region: string, 
/**
 * Left out where the clinic has not confirmed it.
 */
postalCode?: string, 
/**
 * ISO 3166 code, for schema.org.
 */
country: string, countryName: string, phone: string, email: string, 
/**
 * As visitors read it: "Monday to Saturday, 8:00 AM to 8:00 PM".
 */
hours: string, 
/**
 * As schema.org writes it: "Mo-Sa 08:00-20:00".
 */
openingHours: string, rating: number, specialties: Array<string>, 
/**
 * Directions to the clinic (Google Maps).
 */
mapUrl: string, 
/**
 * Where the contact page's map (OpenStreetMap, after "Show map") is centred.
 */
map?: MapPoint, 
/**
 * "Kalawad Road, Rajkot, Gujarat 360005, India", made from the parts above.
 */
address: string, };

export type ContactFields = { name: string, email: string, phone: string, clinic: string, subject: string, message: string, };

export type ContactForm = { texts: ContactTexts, forms: FormsCommon, sent: string, };

export type ContactLabels = { phone: string, email: string, address: string, hours: string, 
/**
 * "Directions": the link to the clinic in Google Maps (`Clinic::map_url`).
 */
map: string, mapNote: string, 
/**
 * The contact page's map of a clinic, behind "Show map" (`Clinic::map`).
 */
showMap: string, hideMap: string, 
/**
 * The map's frame title: "Map of the area around {street}, {city}".
 */
mapTitle: string, 
/**
 * Under a map whose point the clinic has not confirmed (`MapPoint::exact`).
 */
mapArea: string, 
/**
 * The same map on openstreetmap.org (without JavaScript, the only one).
 */
openMap: string, };

export type ContactTexts = { heading: string, intro: string, fields: ContactFields, 
/**
 * Under the e-mail field: a phone, an e-mail address or both (one is needed).
 */
reach: string, anyClinic: string, medicalNote: string, submit: string, sending: string, sendAnother: string, privacy: string, };

export type ContentData = { 
/**
 * The page's name in the registry and in `pages.json`.
 */
key: string, content: ContentPage, 
/**
 * The Founding Team page's founders.
 */
founders: Array<Doctor>, 
/**
 * Every doctor, for the specialists and schedules pages.
 */
doctors: Array<Doctor>, reviews: Array<Review>, 
/**
 * The contact page's form.
 */
form: ContactForm | null, 
/**
 * The contact page: when a clinic is closed in the coming weeks ("Closed for Diwali").
 */
closures: Array<PublicClosure>, };

export type ContentPage = { title: string, description: string, heading: string, lead: string, back: Link, sections: Array<ContentSection>, };

export type ContentSection = { id?: string, heading?: string, } & ({ "type": "text", paragraphs: Array<string>, } | { "type": "cards", intro?: string, columns?: number, cards: Array<Card>, } | { "type": "counters", items: Array<Counter>, } | { "type": "stats", items: Array<Stat>, } | { "type": "faq", items: Array<Question>, } | { "type": "list", 
/**
 * What the items are, when their heading alone does not say (topics to
 * ask about, not pages to open).
 */
lead?: string, items: Array<string>, } | { "type": "legal", sections: Array<LegalPart>, mailto?: string, } | { "type": "cta", text: string, label: string, link: string, } | { "type": "book", text: string, } | { "type": "visit", labels: VisitLabels, } | { "type": "clinics" } | { "type": "founders" } | { "type": "contact" } | { "type": "contactForm" } | { "type": "reviews" } | { "type": "specialists" } | { "type": "schedules" });

export type Counter = { value: number, suffix: string, label: string, };

export type DayAvailability = "open" | "full" | "past" | "closed" | "on-leave" | "clinic-closed";

export type DayAway = { doctor: string, doctorId: number, onLeave: boolean, };

export type DayEntry = { "kind": "visit", time: string, row: InboxRow, } | { "kind": "free", times: Array<string>, until: string, clinic: string, } | { "kind": "break", from: string, until: string, } | { "kind": "closed", from: string, until: string, note: string, };

export type DayHours = { weekday: number, ranges: Array<HoursRange>, };

export type DaySlots = { 
/**
 * Free times from now on, "09:15 AM", in order.
 */
availableSlots: Array<string>, 
/**
 * Times held by active requests, in order.
 */
bookedSlots: Array<string>, 
/**
 * Why the day offers what it does; when there is no free time, which of
 * "full", "past", "closed" or "on-leave" it is.
 */
availability: DayAvailability, 
/**
 * With "on-leave": YYYY-MM-DD, the first day the doctor is back, if known.
 */
backOn?: string, 
/**
 * With "clinic-closed": the closure, with its note ("Closed for Diwali").
 */
closure?: PublicClosure, };

export type DayStatus = { full: string, past: string, 
/**
 * The doctor has no hours that weekday.
 */
noHours: string, onLeave: string, clinicClosed: string, };

export type Department = { slug: string, name: string, description: string, 
/**
 * On the departments listing (General Consultation has its own page instead).
 */
listed: boolean, 
/**
 * "About Our {name} Department".
 */
longDescription: string, 
/**
 * "Our Services".
 */
services: Array<string>, };

export type DepartmentCard = { name: string, link: string, text: string, };

export type DepartmentData = { department: Department | null, specialists: Array<Doctor>, 
/**
 * Its hours: its doctors' weekly hours together, day by day
 * (`doctors::hours_together`); empty without a doctor.
 */
hours: Array<DayHours>, };

export type DepartmentLink = { name: string, link: string, };

export type DepartmentsData = { departments: Array<Department>, };

export type Details = { name: string, phone: string, email: string, };

export type Doctor = { id: number, _id: string, name: string, specialization: string, department: string, departmentName: string, 
/**
 * "en" on a page in another language whose catalogue does not name the
 * specialization (one staff wrote: "Neurosurgeon"): it is shown marked as
 * English. Never in the API.
 */
specializationLang?: string, 
/**
 * Whole years.
 */
experience: number, rating: number | null, 
/**
 * The rating with how many reviews it is of and where they were given:
 * what the pages show (issue 43: a rating without them says nothing a
 * patient can weigh, so none shows).
 */
rated?: Rated, 
/**
 * The consultation fee in whole rupees, when staff have set it.
 */
fee?: number, 
/**
 * The address of a picture from the original data (none today); `photo` is
 * the photo staff upload.
 */
image: string | null, 
/**
 * The doctor's photo in the sizes it is served at; null: the page shows initials.
 */
photo: Photo | null, 
/**
 * The medical council registration, when staff have entered it: "G-12345".
 */
registrationNumber: string | null, 
/**
 * "Gujarat Medical Council".
 */
registrationCouncil: string | null, 
/**
 * The clinic's id (`catalogue/clinics.json`).
 */
clinic: string, 
/**
 * Where the doctor sees patients: "HYGO Clinic, Kalawad Road, Rajkot".
 */
location: string, bio: string, education: Array<string>, services: Array<string>, languages: Array<string>, insurances: Array<string>, 
/**
 * Only the days the doctor works, Monday first.
 */
officeHours: Array<OfficeHours>, 
/**
 * The same days as data, for the pages (`in_language` sets it; the API has
 * none, its clients read `office_hours`).
 */
week?: Array<DayHours>, 
/**
 * On a page in another language, the doctor's own texts still the
 * record's English (`name`, `bio`, `education`, `services`, `languages`,
 * `insurances`): the page marks them `lang="en"`. Never in the API.
 */
english?: Array<string>, 
/**
 * The clinics where the doctor has weekly hours (their own first), by id.
 */
clinics: Array<string>, 
/**
 * "On leave" on a day of leave; otherwise what staff wrote ("Available").
 */
availability: string, 
/**
 * "en" on a page in another language when `availability` is what staff
 * wrote themselves (in English), not the catalogue's words. Never in the API.
 */
availabilityLang?: string, 
/**
 * Whether the doctor is on leave today (and takes no requests for today).
 */
onLeave: boolean, 
/**
 * Current and coming leave, by start.
 */
leave: Array<Leave>, founder?: Founder, };

export type DoctorChoice = { id: number, name: string, };

export type DoctorData = { doctor: Doctor | null, };

export type DoctorDay = { doctor: string, doctorId: number, 
/**
 * The hours of the day at the clinic shown ("9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM").
 */
hours: string, 
/**
 * On leave that day: the requests still on it are the desk's to move.
 */
onLeave: boolean, 
/**
 * A closure's public note when it took every slot of the day.
 */
closed: string | null, 
/**
 * The hours in time order: visits, runs of free slots, breaks and closed times.
 */
entries: Array<DayEntry>, 
/**
 * Requests of the day off the grid (a walk-in after the last slot, hours
 * changed since they were made).
 */
elsewhere: Array<InboxRow>, };

export type DoctorDays = { doctor: number, days: string, };

export type DoctorFilterOption = { value: string, label: string, };

export type DoctorFilters = { q: string, 
/**
 * A department's slug, or "" for all.
 */
department: string, 
/**
 * A clinic's id, or "" for all.
 */
clinic: string, week: boolean, };

export type DoctorStatus = { 
/**
 * What a doctor's status says when the console's is the default ("Available").
 */
available: string, onLeave: string, backOn: string, untilFurtherNotice: string, coming: string, comingOpen: string, };

export type DoctorSummary = { id: number, name: string, specialization: string, 
/**
 * "en" when the page's language does not name it (`Doctor::in_language`).
 */
specializationLang?: string, experience: number, 
/**
 * The rating with its count and source; none without them (`Doctor::rated`).
 */
rated?: Rated, image: string | null, photo: Photo | null, location: string, availability: string, 
/**
 * "en" when staff wrote it themselves (`Doctor::in_language`).
 */
availabilityLang?: string, onLeave: boolean, leave: Array<Leave>, };

export type DoctorsData = { doctors: Array<DoctorSummary>, 
/**
 * How many doctors the search and filters keep, on all pages.
 */
total: number, 
/**
 * The place of this page's first doctor in the list, from 1.
 */
first: number, 
/**
 * The next page's address, with the same search and filters; none on the last.
 */
next: string | null, 
/**
 * The previous page's address; none on the first.
 */
previous: string | null, 
/**
 * The search and filters as understood (an unknown department or clinic is dropped).
 */
filters: DoctorFilters, 
/**
 * The departments that have a doctor, in the catalogue's order.
 */
departments: Array<DoctorFilterOption>, clinics: Array<DoctorFilterOption>, };

export type EditorDiffRow = { 
/**
 * `sections.2.heading`.
 */
path: string, 
/**
 * The key of its label (`editor.names.{name}`).
 */
name: string, left: string | null, right: string | null, changed: boolean, };

export type EditorEntryRow = { key: string, title: string, 
/**
 * The editor's address.
 */
link: string, 
/**
 * The live page's address (None: on no page, in e-mails).
 */
public: string | null, 
/**
 * The state of its newest revision; None: nobody has changed it (the files' text).
 */
state: RevisionState | null, 
/**
 * In a translation: how many of its texts are still English's (all of
 * them when the language has none of the entry); None in English, and for
 * the search's words, which are each language's own.
 */
untranslated: number | null, };

export type EditorField = { 
/**
 * The path in the body: `sections.2.heading`; the form's name is `f.` and this.
 */
path: string, 
/**
 * The key of its label in the console's texts (`editor.names.{name}`): its own
 * key, or for an item of a list the list's.
 */
name: string, shape: EditorShape, 
/**
 * A text, number or yes/no: its value as the form shows it.
 */
value?: string, 
/**
 * Shown, not changed (a section's type, an article's address); for a
 * list, that its items are known by their ids (decline reasons, service
 * tiles): none is added, removed or moved.
 */
fixed: boolean, 
/**
 * A group's or a list's fields (named, not expanded: the type is recursive).
 */
children: Array<EditorField>, 
/**
 * A list: what may be added to it; `""` is one more item like the others, a
 * name is a section of that type (`text`, `faq`…).
 */
add: Array<string>, 
/**
 * An item of a list: its place (from 0) and how many the list has.
 */
item?: [number, number], 
/**
 * The section type of an item that has one (`faq`).
 */
kind?: string, 
/**
 * In a translation: a text that is still English's, word for word.
 */
untranslated: boolean, };

export type EditorGroup = { kind: EntryKind, entries: Array<EditorEntryRow>, };

export type EditorLanguage = { lang: string, 
/**
 * Its name in itself (ગુજરાતી).
 */
name: string, link: string, current: boolean, };

export type EditorPicture = { 
/**
 * Its path in the body: `slides.0.image`, `image`.
 */
slot: string, 
/**
 * A hero slide's number (from 1); None for an article's.
 */
slide: number | null, 
/**
 * The words read in its place, when it has a picture.
 */
alt: string | null, 
/**
 * Its narrowest version, when it has one.
 */
thumbnail: string | null, };

export type EditorProblem = { path: string, message: string, };

export type EditorRevision = { id: number, state: RevisionState, author: string, 
/**
 * RFC 3339, UTC.
 */
saved: string, publishAt: string | null, publishedAt: string | null, 
/**
 * Restored from this revision.
 */
basedOn: number | null, };

export type EditorShape = "line" | "paragraph" | "number" | "flag" | "group" | "list" | "image";

export type EditorShare = { id: number, revision: number, 
/**
 * The whole address, to copy.
 */
link: string, 
/**
 * RFC 3339, UTC.
 */
expires: string, revoked: boolean, expired: boolean, };

export type EmergencyCall = { 
/**
 * The number as it is dialled ("108").
 */
number: string, label: string, };

export type EmergencyHelp = { 
/**
 * "suicide", "heart", "stroke", "breathing", "bleeding", "poisoning", "injury" or "general".
 */
kind: string, heading: string, text: string, 
/**
 * The numbers to call, the first to call first.
 */
calls: Array<EmergencyCall>, 
/**
 * The site and the clinics are not for emergencies.
 */
notFor: string, };

export type EntryKind = "page" | "home" | "article" | "department" | "site" | "desk" | "search" | "doctor";

export type ErrorAnswer = { 
/**
 * Always false.
 */
success: boolean, message: string, 
/**
 * Per-field messages, when fields were refused.
 */
errors?: { [key in string]: string }, };

export type FormState = { 
/**
 * 200 for a wizard's step; 422, 409, 429… for a refusal.
 */
status: number, message: string, errors: { [key in string]: string }, values: Record<string, string | string[]>, 
/**
 * The wizards' step, 1 to 3.
 */
step?: number, 
/**
 * The wizards' times for the chosen doctor and day.
 */
slots?: ChosenDay | null, };

export type FormsCommon = { privacyLink: string, privacyLabel: string, errorSummaryTitle: string, networkError: string, };

export type Founder = { title: string, job: string, description: string, };

export type Founders = { heading: string, intro: string, linkLabel: string, };

export type FreeDay = { 
/**
 * YYYY-MM-DD.
 */
date: string, times: Array<string>, };

export type Head = { title: string, description: string, };

export type Hero = { slides: Array<HeroSlide>, bookLabel: string, subscribeLabel: string, subscribeLink: string, };

export type HeroSlide = { eyebrow: string, title: string, text: string, 
/**
 * A picture an editor gave the slide (none in the files).
 */
image?: Picture, };

export type HomeAppointment = { heading: string, problem: Points, solution: Points, target: string, contact: HomeContact, };

export type HomeContact = { heading: string, text: string, phoneLabel: string, emailLabel: string, addressLabel: string, hoursLabel: string, bookLabel: string, };

export type HomeContent = { hero: Hero, whyChooseUs: WhyChooseUs, departments: HomeDepartments, founders: Founders, services: HomeServices, subscription: Plans, appointment: HomeAppointment, news: News, reviews: Reviews, };

export type HomeData = { home: HomeContent, founders: Array<Doctor>, 
/**
 * The four flip cards of the departments section, with the catalogue's texts:
 * the first four of the catalogue's cards whose department has a doctor.
 */
departments: Array<Department>, 
/**
 * "Specialities available": those whose department has a doctor.
 */
specialities: Array<string>, };

export type HomeDepartments = { heading: string, intro: string, cards: Array<DepartmentCard>, viewAllLabel: string, viewAllLink: string, };

export type HomeServices = { heading: string, intro: string, offerHeading: string, knowMoreLabel: string, readyLabel: string, specialitiesHeading: string, 
/**
 * Each speciality with the department that gives it: the home page lists
 * only those whose department has a doctor (`hygo::pages::home`).
 */
specialities: Array<Speciality>, tiles: Array<ServiceTile>, };

export type HoursRange = { from: string, to: string, clinic?: string, };

export type InboxCounts = { requested: number, overdue: number, 
/**
 * Today's visits (IST), requested or confirmed (rescheduled and arrived too).
 */
today: number, };

export type InboxItem = { kind: InboxKind, reference: string, name: string, email: string, phone: string, 
/**
 * The card asked for (its name), or the message's subject.
 */
topic: string, 
/**
 * The message's text; empty for a card request.
 */
text: string, 
/**
 * The clinic the message is for; empty: any.
 */
clinic: string, createdAt: string, status: ItemStatus, 
/**
 * The steps the console offers now (`ItemStatus::next`).
 */
steps: Array<ItemStatus>, 
/**
 * When it was closed (issued, not interested, answered), by whom and the note.
 */
handledAt: string | null, handledBy: string | null, handledNote: string | null, };

export type InboxKind = "card-request" | "contact-message";

export type InboxRow = { reference: string, status: RequestStatus, doctor: string, doctorId: number, 
/**
 * YYYY-MM-DD.
 */
date: string, 
/**
 * "09:15 AM".
 */
time: string, name: string, 
/**
 * When it was made (RFC 3339, UTC).
 */
createdAt: string, 
/**
 * Still `requested` after the site's promise to call within 24 hours.
 */
overdue: boolean, 
/**
 * How it came in: the website, a call to the desk, or a walk-in.
 */
channel: BookingChannel, 
/**
 * The patient chose a department the doctor is not in: the inbox flags it.
 */
departmentDiffers: boolean, 
/**
 * The visit is today or tomorrow (IST): the inbox flags it.
 */
soon: VisitSoon | null, 
/**
 * Where the visit takes place (the clinic of the doctor's hours at its
 * time); "" where a list does not say (`rows_of` fills it).
 */
clinic: string, 
/**
 * Nobody can see the patient then (the doctor on leave, the clinic closed):
 * the desk moves the visit (`super::nobody_works`).
 */
away: boolean, };

export type ItemStatus = "new" | "called" | "issued" | "not-interested" | "answered" | "handled";

export type LanguageName = { tag: string, name: string, offer: LanguageOffer, };

export type LanguageOffer = { text: string, open: string, dismiss: string, };

export type Leave = { 
/**
 * YYYY-MM-DD, the first day of leave.
 */
from: string, 
/**
 * YYYY-MM-DD, the last day of leave; null: until further notice.
 */
until: string | null, 
/**
 * YYYY-MM-DD, the first day after the leave on which the doctor sees
 * patients; null when the leave has no end (or no such day is near).
 */
backOn: string | null, };

export type LegalPart = { heading: string, paragraphs: Array<string>, items?: Array<string>, };

export type Link = { label: string, link: string, };

export type ListedDoctor = { id: number, name: string, specialization: string, onLeave: boolean, leave: Array<Leave>, 
/**
 * The clinic's id.
 */
clinic: string, 
/**
 * The clinics where the doctor has weekly hours.
 */
clinics: Array<string>, 
/**
 * The department's slug: a chosen department lists its own doctors first.
 */
department: string, };

export type ManagedVisit = { reference: string, 
/**
 * `requested` (waiting for the clinic), `confirmed` or `rescheduled`.
 */
status: RequestStatus, 
/**
 * The doctor as the request's language names them.
 */
doctor: string, 
/**
 * YYYY-MM-DD.
 */
date: string, 
/**
 * "09:15 AM".
 */
time: string, 
/**
 * The id of the clinic the visit is at.
 */
clinic: string, 
/**
 * The channel messages go to (`whatsapp`, `sms`), or `none`.
 */
updates: string, 
/**
 * The request's language: the page's, whatever the address says.
 */
lang: string, };

export type MapPoint = { latitude: number, longitude: number, 
/**
 * The clinic has confirmed the point: the map marks it. Otherwise it is the
 * middle of the clinic's road and the map shows the area, unmarked
 * (`docs/patients.md`, "Maps").
 */
exact: boolean, };

export type Messages = { 
/**
 * After a sign-up: an e-mail is on its way.
 */
checkEmail: string, confirmed: string, unsubscribed: string, };

export type Meta = { home: PageMeta, doctors: PageMeta, doctorNotFound: PageMeta, request: PageMeta, requestNotFound: PageMeta, 
/**
 * The manage-my-visit page, and its page for a link that no longer works.
 */
visit: PageMeta, visitNotFound: PageMeta, 
/**
 * " | HYGO", after a title made by a page.
 */
titleSuffix: string, departments: PageMeta, departmentNotFound: PageMeta, search: PageMeta, services: PageMeta, serviceNotFound: PageMeta, specializationNotFound: PageMeta, 
/**
 * `{name}`, `{specialization}`…
 */
doctor: PageMeta, news: NewsMeta, article: TitleOnly, articleNotFound: PageMeta, service: ServiceMeta, specialization: SpecializationMeta, searchResults: TitleOnly, department: TitleOnly, };

export type NamedLink = { name: string, link: string, };

export type NavItem = { label: string, 
/**
 * Shown instead of `label` below 1024 px.
 */
mobileLabel?: string, link?: string, 
/**
 * A menu's links (named, not inlined: the type is recursive).
 */
items?: Array<NavItem>, };

export type News = { heading: string, items: Array<NewsItem>, readMoreLabel: string, viewAllLabel: string, viewAllLink: string, };

export type NewsData = { articles: Array<NewsItem>, 
/**
 * 1-based; past the end on a 404.
 */
page: number, pages: number, };

export type NewsItem = { category: string, 
/**
 * ISO date, YYYY-MM-DD.
 */
date: string, title: string, excerpt: string, id: string, author: string, content: Array<string>, 
/**
 * A picture an editor gave the article, shown under its title (none in the files).
 */
image?: Picture, };

export type NewsMeta = { title: string, 
/**
 * With `{page}`.
 */
titlePaged: string, description: string, };

export type Newsletter = { heading: string, text: string, label: string, placeholder: string, button: string, title: string, description: string, pageHeading: string, sending: string, privacy: string, unsubscribeHeading: string, unsubscribeText: string, unsubscribeButton: string, unsubscribeInvalid: string, confirmHeading: string, confirmText: string, confirmButton: string, confirmInvalid: string, failed: string, privacyLink: string, privacyLabel: string, };

export type NewsletterData = { 
/**
 * On `/unsubscribe`: the link's token and whether it is a subscriber's.
 */
unsubscribe: TokenLink | null, 
/**
 * On `/newsletter/confirm`: the link's token and whether it still works.
 */
confirm: TokenLink | null, messages: Messages, forms: FormsCommon, };

export type OfficeHours = { day: string, hours: string, };

export type OptionText = { id: string, label: string, };

export type OwnSession = { id: number, device: string, createdAt: string, lastSeenAt: string, 
/**
 * The session this list is shown in.
 */
this: boolean, };

export type PageMeta = { title: string, description: string, };

export type PageProps = { 
/**
 * The registry's name of the page.
 */
page: string, 
/**
 * The path and query the props are for.
 */
path: string, status: number, head: Head, 
/**
 * `catalogue/site.json` with the clinics, the settings' booking address, the
 * language and its interface texts.
 */
site: Site, form?: FormState, 
/**
 * For a form posted without JavaScript: when the page was issued, signed
 * (`crate::form_guard`); on the pages whose form writes.
 */
formToken?: string, 
/**
 * On the staff console's pages: who is signed in, and the anti-forgery token
 * every form there carries.
 */
staff?: StaffBar, } & ({ "component": "Home", "data": HomeData } | { "component": "Doctors", "data": DoctorsData } | { "component": "DoctorProfile", "data": DoctorData } | { "component": "Departments", "data": DepartmentsData } | { "component": "Department", "data": DepartmentData } | { "component": "Search", "data": SearchData } | { "component": "Services", "data": ServicesData } | { "component": "Service", "data": ServiceData } | { "component": "Specialization", "data": SpecializationData } | { "component": "News", "data": NewsData } | { "component": "Article", "data": ArticleData } | { "component": "Subscription", "data": SubscriptionData } | { "component": "Newsletter", "data": NewsletterData } | { "component": "Appointment", "data": AppointmentData } | { "component": "Content", "data": ContentData } | { "component": "Request", "data": RequestData } | { "component": "Visit", "data": VisitData } | { "component": "StaffSignIn", "data": StaffSignInData } | { "component": "StaffSetup", "data": StaffSetupData } | { "component": "StaffInbox", "data": StaffInboxData } | { "component": "StaffAppointment", "data": StaffAppointmentData } | { "component": "StaffBook", "data": StaffBookData } | { "component": "StaffPatients", "data": StaffPatientsData } | { "component": "StaffPatient", "data": StaffPatientData } | { "component": "StaffDay", "data": StaffDayData } | { "component": "StaffToday", "data": StaffTodayData } | { "component": "StaffItems", "data": StaffItemsData } | { "component": "StaffItem", "data": StaffItemData } | { "component": "StaffAudit", "data": StaffAuditData } | { "component": "StaffLeave", "data": StaffLeaveData } | { "component": "StaffDoctors", "data": StaffDoctorsData } | { "component": "StaffDoctor", "data": StaffDoctorData } | { "component": "StaffHours", "data": StaffHoursData } | { "component": "StaffClosures", "data": StaffClosuresData } | { "component": "StaffAway", "data": StaffAwayData } | { "component": "StaffWeek", "data": StaffWeekData } | { "component": "StaffAccounts", "data": StaffAccountsData } | { "component": "StaffAccount", "data": StaffAccountData } | { "component": "StaffContent", "data": StaffContentData } | { "component": "StaffEntry", "data": StaffEntryData } | { "component": "StaffEntryHistory", "data": StaffEntryHistoryData });

export type Patient = { 
/**
 * The reference that names this patient in the console's addresses: their latest request's.
 */
reference: string, 
/**
 * The name on the latest request.
 */
name: string, phone: string, 
/**
 * Visits that took place (arrived or completed).
 */
visitsMade: number, requests: Array<InboxRow>, };

export type Photo = { 
/**
 * The versions offered, by width: a JPEG at each, and a WebP before it where
 * the WebP is smaller.
 */
sources: Array<Source>, };

export type Picture = { alt: string, 
/**
 * Narrowest first; a JPEG at each width, a WebP before it where smaller.
 */
sources: Array<PictureSource>, };

export type PictureSource = { 
/**
 * "/photos/a1b2c3d4e5f60718-960.jpg".
 */
url: string, 
/**
 * "image/webp" or "image/jpeg".
 */
type: string, width: number, height: number, };

export type Plan = { id: string, name: string, badge?: string, audience: string, price: number, };

export type Plans = { heading: string, intro: string, currency: string, periodLabel: string, plans: Array<Plan>, benefitsHeading: string, benefits: Array<string>, ctaLabel: string, ctaLink: string, };

export type Points = { heading: string, points: Array<string>, };

export type PromiseTexts = { 
/**
 * 24 hours on the clinic is closed: a call by a time it is open.
 */
by: string, 
/**
 * A visit sooner than 24 hours on: a call before it.
 */
soon: string, 
/**
 * No time left to call: the patient calls, from when the clinic opens.
 */
callUs: string, 
/**
 * The same, while the clinic is open.
 */
callUsNow: string, 
/**
 * What to do if nobody calls.
 */
ifNobody: string, 
/**
 * When a request nobody confirms lapses.
 */
lapses: string, };

export type PublicClosure = { 
/**
 * The clinic's id.
 */
clinic: string, clinicName: string, 
/**
 * YYYY-MM-DD.
 */
date: string, 
/**
 * "1:00 PM": closed from; null: from opening.
 */
from: string | null, 
/**
 * "1:00 PM": closed until; null: to closing.
 */
until: string | null, 
/**
 * "Closed for Diwali".
 */
note: string, };

export type Question = { q: string, a: string, };

export type QuickCard = { title: string, text: string, linkLabel: string, link: string, };

export type Rated = { value: number, count: number, 
/**
 * Where the reviews were given ("Google", "HYGO's patient survey").
 */
source: string, };

export type ReachLinks = { 
/**
 * `tel:+919876543210`.
 */
tel: string, 
/**
 * `https://wa.me/919876543210?text=…`, with `text` written in.
 */
whatsapp: string, };

export type Receipt = { "kind": "appointment", reference: string, 
/**
 * Wizard A (true) or B.
 */
general: boolean, doctor: string, doctorId: number, 
/**
 * YYYY-MM-DD.
 */
date: string, 
/**
 * "09:15 AM".
 */
time: string, visitType: string, 
/**
 * The id of the clinic the visit is at.
 */
clinic: string, 
/**
 * When the clinic will be in touch, and when the request lapses.
 */
promise: RequestPromise, 
/**
 * The clinic has confirmed the visit (or the patient has come).
 */
confirmed: boolean, 
/**
 * No e-mail address was given: the clinic answers by a call or WhatsApp.
 */
byPhone: boolean, 
/**
 * Wizard B's confirmation repeats the personal details (spec section 2).
 */
details?: Details, } | { "kind": "card", reference: string, 
/**
 * The card's id (`essential`, `family`).
 */
card: string, } | { "kind": "contact", reference: string, };

export type Reply = "later" | "later-by" | "before" | "call-us";

export type RequestData = { 
/**
 * What was stored; null: not found (or no longer shown).
 */
receipt: Receipt | null, 
/**
 * The booking wizards' texts (their success screen).
 */
appointment: AppointmentTexts, 
/**
 * The health-card request's texts, and the plans that name the card.
 */
subscription: SubscriptionTexts, plans: Plans, 
/**
 * What the contact form says once a message is stored.
 */
contactSent: string, 
/**
 * An appointment request's calendar file (`url::request_calendar`).
 */
calendar: string | null, 
/**
 * The page's full address, to share.
 */
address: string, };

export type RequestDetail = { 
/**
 * The department's name (the doctor's department when the patient chose another).
 */
department: string, 
/**
 * The department the patient chose when the doctor is not in it: the desk
 * checks with the patient which they need.
 */
askedDepartment?: string, visitType: string, phone: string, email: string, 
/**
 * The reason's label, as the patient chose it.
 */
reason: string, 
/**
 * The symptoms' labels.
 */
symptoms: Array<string>, notes: string, insurance: string, policyNumber: string, isNewPatient: boolean, 
/**
 * Visits the same phone made before this one (`patients::visits_before`):
 * more than none is a returning patient, whatever was ticked.
 */
visitsBefore: number, statusChangedAt: string | null, 
/**
 * What may be done now.
 */
next: Array<RequestStep>, 
/**
 * Its audit rows, oldest first.
 */
history: Array<AuditEntry>, 
/**
 * Where the patient agreed to messages about it: `whatsapp`, `sms` or `none`.
 */
updates: string, reference: string, status: RequestStatus, doctor: string, doctorId: number, 
/**
 * YYYY-MM-DD.
 */
date: string, 
/**
 * "09:15 AM".
 */
time: string, name: string, 
/**
 * When it was made (RFC 3339, UTC).
 */
createdAt: string, 
/**
 * Still `requested` after the site's promise to call within 24 hours.
 */
overdue: boolean, 
/**
 * How it came in: the website, a call to the desk, or a walk-in.
 */
channel: BookingChannel, 
/**
 * The patient chose a department the doctor is not in: the inbox flags it.
 */
departmentDiffers: boolean, 
/**
 * The visit is today or tomorrow (IST): the inbox flags it.
 */
soon: VisitSoon | null, 
/**
 * Where the visit takes place (the clinic of the doctor's hours at its
 * time); "" where a list does not say (`rows_of` fills it).
 */
clinic: string, 
/**
 * Nobody can see the patient then (the doctor on leave, the clinic closed):
 * the desk moves the visit (`super::nobody_works`).
 */
away: boolean, };

export type RequestPromise = { reply: Reply, 
/**
 * When the request was sent.
 */
asked: string, 
/**
 * By when the clinic calls (Later, Before); for CallUs, the visit.
 */
by: string, 
/**
 * When the clinic next answers its phone (now, if it is open).
 */
opens: string, 
/**
 * When the request lapses if nobody confirms it (its time is freed).
 */
lapses: string, 
/**
 * Whether it would lapse before the visit (then the patient is told when).
 */
lapsesFirst: boolean, 
/**
 * The clinic's number to call.
 */
phone: string, };

export type RequestStatus = "requested" | "confirmed" | "declined" | "rescheduled" | "arrived" | "completed" | "no-show" | "cancelled" | "expired";

export type RequestStep = "confirm" | "decline" | "reschedule" | "arrive" | "complete" | "no-show" | "cancel";

export type Review = { name: string, area: string, rating: number, text: string, };

export type Reviews = { heading: string, items: Array<Review>, };

export type RevisionState = "draft" | "scheduled" | "published" | "replaced";

export type SearchAnswer = { 
/**
 * Always true.
 */
success: boolean, data: Array<SearchResult>, emergency?: Array<EmergencyHelp>, };

export type SearchData = { query: string, results: Array<SearchResult>, 
/**
 * With no results: the nearest entries ("Did you mean"), at most three.
 */
suggestions: Array<SearchResult>, 
/**
 * With no results: every department, to choose from.
 */
departments: Array<DepartmentLink>, 
/**
 * The query means an emergency: the help, shown before any result.
 */
emergency: Array<EmergencyHelp>, };

export type SearchResult = { 
/**
 * "doctor", "department", "service", "specialization", "clinic", "page" or "article".
 */
type: "doctor" | "department" | "service" | "specialization" | "clinic" | "page" | "article", name: string, description?: string, 
/**
 * The site path of the result's page.
 */
link: string, id: string, 
/**
 * A doctor on leave today: the leave (to say when they are back).
 */
leave?: Leave, };

export type SearchTypes = { doctor: string, department: string, service: string, specialization: string, clinic: string, page: string, article: string, };

export type Service = { id: string, name: string, description: string, link: string, 
/**
 * "About Our {name} Service".
 */
longDescription: string, 
/**
 * "Service Details".
 */
offers: Array<string>, };

export type ServiceData = { service: Service | null, };

export type ServiceMeta = { title: string, titleNamed: string, };

export type ServiceTile = { id: string, name: string, summary: string, offers: Array<string>, link: string, 
/**
 * "About Our {name} Service"; the tiles with a page of their own have it.
 */
longDescription?: string, };

export type ServicesData = { services: Array<Service>, };

export type Site = { 
/**
 * The clinics (`catalogue/clinics.json`), the first the main one.
 */
clinics: Array<Clinic>, 
/**
 * An external booking site (the `HYGO_BOOKING_URL` setting); null: our own request form.
 */
bookingUrl: string | null, 
/**
 * The page's language (BCP 47), for `<html lang>` and the texts.
 */
lang: string, 
/**
 * The languages the site serves (`HYGO_LANGUAGES`), for the language switcher.
 */
languages: Array<LanguageName>, 
/**
 * The interface texts of that language, by area (`ui/src/lib/texts.ts`).
 */
texts: Texts, 
/**
 * The console's texts, on its pages only, so public pages never carry them;
 * a page before signing in carries only its own areas (`Console::SignedOut`).
 */
staffTexts?: StaffTexts, name: string, tagline: string, about: string, bookLabel: string, phone: string, email: string, adminEmail: string, hours: string, emergencyNumber: string, 
/**
 * With `{number}` where the emergency number goes.
 */
emergencyNote: string, nav: Array<NavItem>, social: Array<Social>, quickLinks: Array<Link>, footerDepartments: Array<NamedLink>, newsletter: Newsletter, legal: Array<Link>, copyright: string, meta: Meta, contactLabels: ContactLabels, doctorStatus: DoctorStatus, searchTypes: SearchTypes, };

export type Social = { name: string, url: string, };

export type Source = { 
/**
 * "/photos/a1b2c3d4e5f60718-480.webp".
 */
url: string, 
/**
 * "image/webp" or "image/jpeg".
 */
type: string, width: number, height: number, };

export type Speciality = { name: string, department?: string, };

export type Specialization = { id: string, name: string, department: string | null, };

export type SpecializationData = { specialization: Specialization | null, doctors: Array<Doctor>, department: Department | null, };

export type SpecializationMeta = { title: string, descriptionOne: string, descriptionMany: string, descriptionNone: string, };

export type StaffAccount = { id: number, email: string, name: string, role: StaffRole, 
/**
 * A password and second factor are set up.
 */
ready: boolean, 
/**
 * A password is chosen (so the set-up link was used) but the second factor
 * not yet: set-up unfinished; a new link comes from `hygo staff reset`.
 */
halfSetUp: boolean, disabled: boolean, createdAt: string, };

export type StaffAccountData = { email: string, sessions: Array<OwnSession>, recoveryLeft: number, minChars: number, maxChars: number, };

export type StaffAccountsData = { accounts: Array<StaffAccount>, roles: Array<StaffRole>, 
/**
 * The admin looking: their own account cannot be disabled or signed out from
 * this page (the server refuses it too), so its row offers neither.
 */
you: number, };

export type StaffAppointmentData = { request: RequestDetail | null, 
/**
 * The links to call the patient and to write to them (`crate::links`).
 */
reach: ReachLinks | null, 
/**
 * For a reschedule.
 */
doctors: Array<DoctorChoice>, today: string, 
/**
 * Where the request could move, when it may be rescheduled.
 */
reschedule: StaffReschedule | null, 
/**
 * The confirmation step of a decline or a cancellation (`?confirm=`), when it may be taken.
 */
confirm: RequestStep | null, 
/**
 * The reasons the patient may read (`forms.json`, `declineReasons`).
 */
reasons: Array<OptionText>, limits: Record<string, number>, 
/**
 * The messages to the patient's phone about this request, oldest first.
 */
messages: Array<StaffPhoneMessage>, };

export type StaffAuditData = { entries: Array<AuditEntry>, page: number, pages: number, 
/**
 * The filters as asked (`?who=&action=&from=&to=&on=&views=1`), for the form and the pager.
 */
filter: StaffAuditFilter, 
/**
 * The staff accounts to filter by (id, name).
 */
people: Array<StaffOption>, 
/**
 * The actions the log knows, to filter by.
 */
actions: Array<string>, targetMax: number, };

export type StaffAuditFilter = { who: string, action: string, from: string, to: string, on: string, 
/**
 * Whether the pages staff looked at are listed too (`?views=1`); by
 * default only what was done.
 */
views: boolean, };

export type StaffAway = { 
/**
 * `leave` or `closure`.
 */
kind: string, id: number, 
/**
 * Leave: the doctor.
 */
doctor: string | null, 
/**
 * A closure: the clinic's name, and its hours ("1:00 PM"; None for the edge of the day).
 */
clinic: string | null, starts: string | null, ends: string | null, 
/**
 * YYYY-MM-DD: the first day; the last (None: until further notice).
 */
from: string, until: string | null, note: string | null, 
/**
 * By the time they were booked for.
 */
visits: Array<StaffAwayVisit>, 
/**
 * Only doctors free for at least one visit, the most first.
 */
doctors: Array<StaffAwayDoctor>, };

export type StaffAwayData = { 
/**
 * None: no such leave or closure (404).
 */
away: StaffAway | null, today: string, sheet: boolean, };

export type StaffAwayDoctor = { id: number, name: string, specialization: string, 
/**
 * The doctor's own clinic's name.
 */
clinic: string, 
/**
 * Free at the time of this many of the visits still to move…
 */
free: number, 
/**
 * …of this many in the doctor's department.
 */
of: number, };

export type StaffAwayOutcome = "call" | "told" | "moved" | "cancelled";

export type StaffAwayVisit = { reference: string, name: string, 
/**
 * E.164, for `tel:`.
 */
phone: string, 
/**
 * The language the patient wrote in (`en`, `hi`, `gu`).
 */
lang: string, 
/**
 * What they agreed to be sent: `whatsapp`, `sms` or `none`.
 */
updates: string, 
/**
 * The visit as the cover found it: the doctor, YYYY-MM-DD, "09:15 AM".
 */
doctor: string, date: string, time: string, 
/**
 * The request as it is now (another doctor or time, once moved).
 */
now: InboxRow, 
/**
 * The state of "your doctor is away", once sent (`queued` … `failed`).
 */
told: string | null, outcome: StaffAwayOutcome, };

export type StaffBar = { 
/**
 * Signed in (the whole way): the name, the role and the sign-out button show.
 */
signedIn: boolean, name: string | null, role: StaffRole | null, csrf: string | null, 
/**
 * The console's navigation for this session (`pages::staff_nav`).
 */
nav: Array<StaffNavItem>, 
/**
 * The longest query of the header's patient search (`hygo_booking::patients::LIMITS`).
 */
findMax: number, 
/**
 * Signed in: the minutes without a request after which the session ends
 * (`HYGO_STAFF_IDLE_MINUTES`); the page warns before (`IdleWarning`).
 */
idleMinutes: number | null, };

export type StaffBookData = { doctors: Array<DoctorChoice>, doctorId: number | null, 
/**
 * YYYY-MM-DD, today or later.
 */
date: string, today: string, 
/**
 * The time a free slot's link chose, when it is still free.
 */
time: string | null, 
/**
 * "phone" or "walk-in".
 */
channel: BookingChannel, 
/**
 * "09:15 AM", in order.
 */
free: Array<string>, availability: DayAvailability, 
/**
 * The clinic of each free time, in the same order (a doctor may work at both in a day).
 */
clinics: Array<string>, limits: Record<string, number>, };

export type StaffClosuresData = { clinics: Array<StaffOption>, 
/**
 * From today on, each with the requests it leaves without a slot.
 */
closures: Array<StaffDayChange>, today: string, canEdit: boolean, limits: Record<string, number>, };

export type StaffContentData = { 
/**
 * The language the list is in (`?lang=`), and the others.
 */
lang: string, languages: Array<EditorLanguage>, groups: Array<EditorGroup>, 
/**
 * In a translation: how many texts are still English's (the rows say where).
 */
untranslated: number, };

export type StaffDayChange = { id: number, 
/**
 * YYYY-MM-DD.
 */
date: string, 
/**
 * For a change of hours: the doctor's id and name.
 */
doctorId: number | null, doctor: string | null, 
/**
 * The clinic (a closure's, or a change's when not the doctor's own).
 */
clinic: string | null, 
/**
 * A change: "9:00 AM - 1:00 PM" ("" for no hours). A closure: from and until ("" for the edge of the day).
 */
hours: string, from: string | null, until: string | null, 
/**
 * A change's staff note; a closure's public note.
 */
note: string | null, affected: Array<InboxRow>, };

export type StaffDayData = { day: StaffDayView, clinics: Array<StaffOption>, 
/**
 * The clinic shown; None when one doctor is (`?doctor=`).
 */
clinic: string | null, doctors: Array<DoctorChoice>, 
/**
 * The doctor shown alone, if one was asked for.
 */
doctor: number | null, 
/**
 * YYYY-MM-DD: the date shown, the days before and after it, and today (IST).
 */
date: string, previous: string, next: string, today: string, page: number, pages: number, total: number, perPage: number, };

export type StaffDayView = { 
/**
 * YYYY-MM-DD.
 */
date: string, doctors: Array<DoctorDay>, 
/**
 * The clinic's own doctors without hours there that day, by name; those on
 * leave say so.
 */
away: Array<DayAway>, };

export type StaffDoctorData = { 
/**
 * None: the form adds a doctor.
 */
id: number | null, fields: StaffDoctorFields, departments: Array<StaffOption>, clinics: Array<StaffOption>, 
/**
 * YYYY-MM-DD when retired.
 */
retiredOn: string | null, photo: Photo | null, 
/**
 * A retired doctor's requests still to come, for the desk to move or decline.
 */
upcoming: Array<InboxRow>, 
/**
 * The largest upload, in MB.
 */
maxPhotoMb: number, canEdit: boolean, limits: Record<string, number>, };

export type StaffDoctorFields = { name: string, specialization: string, 
/**
 * A department's slug.
 */
department: string, 
/**
 * Whole years.
 */
experience: string, bio: string, 
/**
 * One item per line.
 */
education: string, services: string, languages: string, insurances: string, 
/**
 * A clinic's id.
 */
clinic: string, registrationNumber: string, registrationCouncil: string, 
/**
 * "Available", "Limited availability": what the profile says besides leave.
 */
availability: string, 
/**
 * The consultation fee in whole rupees; empty: not said (the clinic tells
 * the patient when it calls).
 */
fee: string, 
/**
 * "4.8", of `rating_count` reviews given at `rating_source` ("Google"): the
 * pages show a rating only with all three (issue 43).
 */
rating: string, ratingCount: string, ratingSource: string, };

export type StaffDoctorRow = { id: number, name: string, specialization: string, clinic: string, 
/**
 * YYYY-MM-DD; null: current.
 */
retiredOn: string | null, hasPhoto: boolean, };

export type StaffDoctorsData = { doctors: Array<StaffDoctorRow>, canEdit: boolean, };

export type StaffEntryData = { key: string, kind: EntryKind, title: string, 
/**
 * The language edited (`?lang=`), and the entry in each language.
 */
lang: string, languages: Array<EditorLanguage>, 
/**
 * The entry is, in this language, a translation of English's: data and
 * the lists' structure are English's, texts still English's are marked.
 */
translation: boolean, 
/**
 * How many of the shown texts are still English's.
 */
untranslated: number, 
/**
 * A translation of an entry English does not have live (an article not
 * published in English): nothing to translate until it is.
 */
englishFirst: boolean, 
/**
 * The live page (None: on no page).
 */
public: string | null, 
/**
 * Whether visitors see the entry now (a new article not yet, a retired one no longer).
 */
live: boolean, 
/**
 * The shown revision retires the article (it has no body).
 */
retired: boolean, history: string, 
/**
 * The revision the fields show (None: nobody has changed the entry yet,
 * the fields show the live text).
 */
revision: EditorRevision | null, fields: Array<EditorField>, 
/**
 * The places that take a picture, each with its own upload form.
 */
pictures: Array<EditorPicture>, 
/**
 * The largest upload, in MB, and the narrowest picture taken, in pixels.
 */
pictureMaxMb: number, pictureMinWidth: number, 
/**
 * What would stop the shown revision being published.
 */
problems: Array<EditorProblem>, 
/**
 * The preview of the shown revision (or of the live text); None for an
 * entry on no page.
 */
preview: string | null, published: EditorRevision | null, scheduled: EditorRevision | null, 
/**
 * The newest revisions, newest first.
 */
revisions: Array<EditorRevision>, shares: Array<EditorShare>, 
/**
 * Today in IST (YYYY-MM-DD), the earliest day to schedule.
 */
today: string, shareHours: number, shareMaxHours: number, };

export type StaffEntryHistoryData = { key: string, title: string, 
/**
 * The editor of the entry in the history's language, and that language.
 */
editor: string, lang: string, revisions: Array<EditorRevision>, 
/**
 * The two compared (older on the left); None when there are fewer than two.
 */
a: number | null, b: number | null, rows: Array<EditorDiffRow>, };

export type StaffHoursData = { doctor: DoctorChoice | null, 
/**
 * The doctor's own clinic's id.
 */
ownClinic: string, clinics: Array<StaffOption>, week: Array<StaffHoursDay>, 
/**
 * Changes of hours from today on, with the requests each leaves without a slot.
 */
changes: Array<StaffDayChange>, today: string, canEdit: boolean, 
/**
 * The week form's and a change's longest values.
 */
weekLimits: Record<string, number>, changeLimits: Record<string, number>, };

export type StaffHoursDay = { 
/**
 * 1 Monday … 7 Sunday.
 */
weekday: number, fields: Array<StaffHoursField>, };

export type StaffHoursField = { clinic: string, 
/**
 * `hours-1-kalawad-road`.
 */
name: string, 
/**
 * "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM".
 */
value: string, };

export type StaffInboxData = { rows: Array<InboxRow>, page: number, pages: number, counts: InboxCounts, 
/**
 * Open health-card requests and contact messages.
 */
openCards: number, openMessages: number, 
/**
 * The filters as applied (empty: any).
 */
status: RequestStatus | null, doctor: number | null, date: string | null, statuses: Array<RequestStatus>, doctors: Array<DoctorChoice>, 
/**
 * Today in IST (the export's and the day view's default).
 */
today: string, 
/**
 * The phone messages that did not arrive, for requests still to come: the
 * desk calls these patients (`hygo_core::messaging::failed_to_call`).
 */
failedMessages: Array<StaffPhoneMessage>, };

export type StaffItemData = { kind: InboxKind, item: InboxItem | null, history: Array<AuditEntry>, limits: Record<string, number>, };

export type StaffItemsData = { kind: InboxKind, 
/**
 * Showing the handled ones (else the open ones).
 */
handled: boolean, items: Array<InboxItem>, page: number, pages: number, };

export type StaffLeaveData = { doctors: Array<DoctorChoice>, 
/**
 * The doctor shown (`?doctor=`); None: who is away, every doctor.
 */
doctor: number | null, 
/**
 * The doctor's current and coming leave, or every doctor's leave in the
 * coming `days`, with the requests on it.
 */
periods: Array<StaffLeavePeriod>, 
/**
 * Without a doctor: the clinics' closures in the coming `days`.
 */
closures: Array<StaffDayChange>, clinics: Array<StaffOption>, days: number, today: string, 
/**
 * The desk adds leave (a doctor phoning in sick); only admins remove it.
 */
canRemove: boolean, limits: Record<string, number>, };

export type StaffLeavePeriod = { id: number, doctorId: number, doctor: string, 
/**
 * YYYY-MM-DD, the first day.
 */
from: string, 
/**
 * YYYY-MM-DD, the last day; None: until further notice.
 */
until: string | null, note: string | null, affected: Array<InboxRow>, };

export type StaffNavItem = { label: string, paths: Array<string>, };

export type StaffOption = { id: string, name: string, };

export type StaffPatientData = { patient: Patient | null, };

export type StaffPatientsData = { limits: Record<string, number>, 
/**
 * The most a search shows.
 */
max: number, 
/**
 * The type of what a search found (`FormState.values.patients`).
 */
found: Array<Patient> | null, };

export type StaffPhoneMessage = { 
/**
 * `whatsapp` or `sms`.
 */
channel: string, 
/**
 * The template's name (`hygo_visit_confirmed`, `hygo_visit_confirmed_sms`…).
 */
template: string, 
/**
 * `queued`, `sent`, `delivered`, `read` or `failed`.
 */
state: string, 
/**
 * When it last changed (RFC 3339).
 */
at: string, 
/**
 * Why it failed: the provider's code (`whatsapp 131026`), or `withdrawn`.
 */
error: string | null, 
/**
 * The request it is about, and the number, as people read it (the failed list).
 */
reference: string, phone: string, };

export type StaffReschedule = { doctorId: number, 
/**
 * YYYY-MM-DD, today or later.
 */
date: string, 
/**
 * "09:15 AM", in order.
 */
free: Array<string>, 
/**
 * The clinic of each free time, in the same order: a move to the other clinic shows.
 */
clinics: Array<string>, availability: DayAvailability, };

export type StaffRole = "admin" | "desk" | "editor";

export type StaffSetupData = { 
/**
 * `password` (choose one), `code` (set up the authenticator app), or `invalid` (a used or expired link).
 */
step: string, email: string | null, 
/**
 * The link's token, carried by the password form.
 */
token: string | null, 
/**
 * The authenticator app's QR code (SVG) and its secret for typing in by hand.
 */
qr: string | null, secret: string | null, minChars: number, maxChars: number, };

export type StaffSignInData = { 
/**
 * `password`, then `code` (the authenticator app's code or a recovery code).
 */
step: string, };

export type StaffTodayData = { 
/**
 * YYYY-MM-DD (IST).
 */
date: string, clinics: Array<TodayClinic>, 
/**
 * The step just taken (`?done=`), for its message.
 */
done: RequestStep | null, };

export type StaffWeekData = { 
/**
 * The clinic whose doctors are shown (`?clinic=`, default the first).
 */
clinic: string, clinics: Array<StaffOption>, 
/**
 * The Monday of the week shown, YYYY-MM-DD.
 */
from: string, days: Array<string>, 
/**
 * The day of the week a phone shows as a list: the date asked for (`?from=`,
 * default today), YYYY-MM-DD.
 */
day: string, doctors: Array<StaffWeekDoctor>, today: string, page: number, pages: number, total: number, perPage: number, };

export type StaffWeekDay = { date: string, 
/**
 * "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM"; "" for none.
 */
hours: string, onLeave: boolean, 
/**
 * The hours are the date's own (a change), not the weekday's.
 */
changed: boolean, 
/**
 * A closure's public note when the doctor's clinic is closed for all their hours.
 */
closed: string | null, 
/**
 * Requests holding a slot that day.
 */
requests: number, };

export type StaffWeekDoctor = { id: number, name: string, days: Array<StaffWeekDay>, };

export type Stat = { value: string, label: string, };

export type StoredAnswer = { 
/**
 * Always true.
 */
success: boolean, message: string, data?: Booked | { reference: string }, };

export type SubscriptionData = { plans: Plans, texts: SubscriptionTexts, forms: FormsCommon, };

export type SubscriptionFields = { name: string, email: string, number: string, };

export type SubscriptionTexts = { title: string, description: string, heading: string, lead: string, requestLabel: string, dialogTitle: string, dialogIntro: string, fields: SubscriptionFields, submit: string, sending: string, successHeading: string, next: string, close: string, privacy: string, };

export type TitleOnly = { title: string, };

export type TodayClinic = { clinic: string, visits: Array<TodayVisit>, };

export type TodayVisit = { reference: string, 
/**
 * "09:15 AM".
 */
time: string, name: string, phone: string, 
/**
 * `tel:` in international form (`crate::links`).
 */
tel: string, doctor: string, status: RequestStatus, 
/**
 * What the desk may do now: of "arrive", "no-show" and "complete", those the status allows.
 */
steps: Array<RequestStep>, 
/**
 * Nobody can see the patient then (the doctor away, the clinic closed): the desk moves the visit.
 */
away: boolean, };

export type TokenLink = { token: string, valid: boolean, };

export type VisitData = { 
/**
 * The visit; null: the link no longer works.
 */
visit: ManagedVisit | null, 
/**
 * The page's code, for its forms' address.
 */
code: string, 
/**
 * `move` or `cancel`: the part asked for.
 */
ask: string | null, 
/**
 * With `ask=move`: the doctor's next free times.
 */
free: Array<FreeDay>, 
/**
 * What was just done (`cancelled`, `moved`, `stopped`).
 */
done: string | null, 
/**
 * Why what was asked could not be done, in words.
 */
error: string | null, 
/**
 * The visit's calendar file.
 */
calendar: string | null, 
/**
 * The address of the request form, in the page's language.
 */
book: string, texts: VisitTexts, };

export type VisitLabels = { visit: string, call: string, hours: string, };

export type VisitSoon = "today" | "tomorrow";

export type VisitTexts = { heading: string, 
/**
 * By status: `requested`, `confirmed`, `rescheduled`.
 */
statuses: { [key in string]: string }, 
/**
 * What happens next, by status.
 */
next: { [key in string]: string }, reference: string, doctor: string, when: string, clinic: string, map: string, calendar: string, moveLink: string, moveHeading: string, moveLead: string, moveSubmit: string, noTimes: string, cancelLink: string, cancelHeading: string, cancelLead: string, cancelSubmit: string, keep: string, messages: string, stopSubmit: string, channels: { [key in string]: string }, 
/**
 * After a cancel, a move or a stop, by which.
 */
done: { [key in string]: string }, callUs: string, emergency: string, notFoundHeading: string, notFoundText: string, book: string, };

export type WhyChooseUs = { heading: string, intro: string, cards: Array<QuickCard>, };

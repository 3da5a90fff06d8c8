//! Every page's address, declared once: its name and path patterns (`Route`),
//! and reverse routing, the one way a link to a page is made (`Route::link` and
//! the typed helpers below: `url::doctor(4)` is `/doctors/4`). The registry
//! (`registry::PAGES`) gives each route its component, data and rules; page
//! modules make their links here, so nothing that links to a page depends on the
//! registry that lists it. The browser's table (`ui/src/generated/pages.json`)
//! carries the same names and paths.

use hygo_directory::search::Target;

/// A page's address: its name (unique: `props.page`, the logs, the tests) and the
/// paths it answers, as patterns (`{id}` is one segment). The first path is its
/// canonical address; the others are aliases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub name: &'static str,
    /// `page:{name}`: the label its answers are counted under in `/metrics`.
    pub label: &'static str,
    pub paths: &'static [&'static str],
}

macro_rules! routes {
    ($($constant:ident $name:literal [$($path:literal),+ $(,)?]),+ $(,)?) => {
        $(pub const $constant: Route = Route { name: $name, label: concat!("page:", $name), paths: &[$($path),+] };)+
        /// Every route, in the registry's order.
        pub const ROUTES: &[Route] = &[$($constant),+];
    };
}

routes! {
    HOME "home" ["/"],
    DOCTORS "doctors" ["/doctors"],
    DOCTOR "doctor" ["/doctors/{id}", "/doctorDetail"],
    DEPARTMENTS "departments" ["/departments"],
    DEPARTMENT "department" ["/departments/{id}"],
    SEARCH "search" ["/search"],
    SERVICES "services" ["/services"],
    SERVICE "service" ["/services/{id}"],
    SPECIALIZATION "specialization" ["/specializations/{id}"],
    NEWS "news" ["/news"],
    ARTICLE "article" ["/news/{id}"],
    SUBSCRIPTION "subscription" ["/subscription"],
    NEWSLETTER "newsletter" ["/newsletter"],
    UNSUBSCRIBE "unsubscribe" ["/unsubscribe"],
    NEWSLETTER_CONFIRM "newsletter-confirm" ["/newsletter/confirm"],
    REQUEST "request" ["/requests"],
    VISIT "visit" ["/v/{code}"],
    APPOINTMENT "appointment" ["/appointment"],
    DOCTOR_APPOINTMENT "doctor-appointment" ["/appointment/{id}"],
    ABOUT "about" ["/about-us-HYGO", "/about", "/about-us"],
    FOUNDING_TEAM "founding-team" ["/about-hygo", "/founder", "/founding-team"],
    MISSION "mission" ["/our-mission"],
    VISION "vision" ["/our-vision"],
    PATIENT_RESOURCES "patient-resources" ["/patient-resources"],
    PATIENT_FORMS "patient-forms" ["/patient-forms"],
    CONTACT "contact" ["/contactus"],
    PRIVACY_POLICY "privacy-policy" ["/privacy-policy"],
    TERMS_AND_CONDITIONS "terms-and-conditions" ["/terms-and-conditions"],
    REVIEWS "reviews" ["/reviews"],
    SPECIALISTS "specialists" ["/specialists"],
    SCHEDULES "schedules" ["/schedules"],
    BANNER "banner" ["/banner"],
    GENERAL_CONSULTATION "general-consultation" ["/departments/general-consultation"],
    STAFF_SIGN_IN "staff-sign-in" ["/staff/sign-in"],
    STAFF_CODE "staff-code" ["/staff/sign-in/code"],
    STAFF_SETUP "staff-setup" ["/staff/setup"],
    STAFF_ENROL "staff-enrol" ["/staff/setup/code"],
    STAFF_INBOX "staff-inbox" ["/staff", "/staff/appointments"],
    STAFF_TODAY "staff-today" ["/staff/today"],
    STAFF_BOOK "staff-book" ["/staff/appointments/new"],
    STAFF_APPOINTMENT "staff-appointment" ["/staff/appointments/{reference}"],
    STAFF_PATIENTS "staff-patients" ["/staff/patients"],
    STAFF_PATIENT "staff-patient" ["/staff/patients/{reference}"],
    STAFF_DAY "staff-day" ["/staff/day"],
    STAFF_WEEK "staff-week" ["/staff/week"],
    STAFF_DOCTORS "staff-doctors" ["/staff/doctors"],
    STAFF_DOCTOR_NEW "staff-doctor-new" ["/staff/doctors/new"],
    STAFF_DOCTOR "staff-doctor" ["/staff/doctors/{id}"],
    STAFF_HOURS "staff-hours" ["/staff/doctors/{id}/hours"],
    STAFF_LEAVE "staff-leave" ["/staff/leave"],
    STAFF_CLOSURES "staff-closures" ["/staff/closures"],
    STAFF_AWAY "staff-away" ["/staff/away/{kind}/{id}"],
    STAFF_CARD_REQUESTS "staff-card-requests" ["/staff/card-requests"],
    STAFF_CARD_REQUEST "staff-card-request" ["/staff/card-requests/{reference}"],
    STAFF_MESSAGES "staff-messages" ["/staff/messages"],
    STAFF_MESSAGE "staff-message" ["/staff/messages/{reference}"],
    STAFF_AUDIT "staff-audit" ["/staff/audit"],
    STAFF_ACCOUNTS "staff-accounts" ["/staff/accounts"],
    STAFF_CONTENT "staff-content" ["/staff/content"],
    STAFF_ENTRY "staff-entry" ["/staff/content/{entry}"],
    STAFF_ENTRY_HISTORY "staff-entry-history" ["/staff/content/{entry}/history"],
    STAFF_ACCOUNT "staff-account" ["/staff/account"],
}

/// What a path segment keeps as it is; everything else is percent-encoded.
pub const SEGMENT: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

impl Route {
    /// The canonical address of a page without parameters (its first path).
    pub const fn canonical(&self) -> &'static str {
        self.paths[0]
    }

    /// Whether the page's first path has no parameter (it is one address, listed in the sitemap).
    pub fn is_fixed(&self) -> bool {
        !self.paths[0].contains('{')
    }

    /// The page's address: its canonical pattern with each `{…}` segment filled
    /// from `params`, percent-encoded as `registry::find` reads it back.
    ///
    /// # Panics
    /// For a parameter its pattern lacks: the callers are the typed helpers
    /// below, each tested.
    pub fn link(&self, params: &[(&str, &str)]) -> String {
        self.canonical()
            .split('/')
            .map(|part| match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                Some(param) => {
                    let value = params.iter().find(|(n, _)| *n == param).unwrap_or_else(|| panic!("{}: no value for {{{param}}}", self.name)).1;
                    percent_encoding::utf8_percent_encode(value, SEGMENT).to_string()
                }
                None => part.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

impl Route {
    /// `link`, with a query string: each value percent-encoded, in the order given.
    pub fn with_query(&self, params: &[(&str, &str)], query: &[(&str, &str)]) -> String {
        let mut out = self.link(params);
        for (i, (name, value)) in query.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            out.push_str(name);
            out.push('=');
            out.push_str(&percent_encoding::utf8_percent_encode(value, SEGMENT).to_string());
        }
        out
    }
}

/// A doctor's profile.
pub fn doctor(id: i32) -> String {
    DOCTOR.link(&[("id", &id.to_string())])
}

/// The booking wizard with a doctor chosen.
pub fn doctor_appointment(id: i32) -> String {
    DOCTOR_APPOINTMENT.link(&[("id", &id.to_string())])
}

/// A department's page, by its slug.
pub fn department(slug: &str) -> String {
    DEPARTMENT.link(&[("id", slug)])
}

/// A specialization's page.
pub fn specialization(id: &str) -> String {
    SPECIALIZATION.link(&[("id", id)])
}

/// A service's page.
pub fn service(id: &str) -> String {
    SERVICE.link(&[("id", id)])
}

/// A news article.
pub fn article(id: &str) -> String {
    ARTICLE.link(&[("id", id)])
}

/// A request in the console, by its reference.
pub fn staff_appointment(reference: &str) -> String {
    STAFF_APPOINTMENT.link(&[("reference", reference)])
}

/// A doctor in the console.
pub fn staff_doctor(id: i32) -> String {
    STAFF_DOCTOR.link(&[("id", &id.to_string())])
}

/// A doctor's hours in the console.
pub fn staff_hours(id: i32) -> String {
    STAFF_HOURS.link(&[("id", &id.to_string())])
}

/// The sick day's screen of a leave or a closure.
pub fn staff_away(cover: hygo_booking::inbox::away::Cover) -> String {
    STAFF_AWAY.link(&[("kind", cover.kind()), ("id", &cover.id().to_string())])
}

/// The one-click unsubscribe address (`List-Unsubscribe-Post`, RFC 8058), routed
/// in `crate::app` beside the JSON API's writes: mail clients post to it.
pub const ONE_CLICK_UNSUBSCRIBE: &str = "/newsletter/unsubscribe";

/// Who the clinic's e-mails go to and where their links lead
/// (`hygo_booking::notices`): the pages of this registry, in the patient's language.
pub fn notices(state: &crate::state::AppState) -> hygo_booking::notices::Notices {
    let from = &state.config.mail_from;
    let organizer = from.rsplit_once('<').and_then(|(_, rest)| rest.strip_suffix('>')).unwrap_or(from).trim().to_owned();
    hygo_booking::notices::Notices {
        clinic_email: state.config.clinic_email.clone(),
        public_url: state.config.public_url.clone(),
        organizer,
        links: mail_links(),
        expiry_hours: state.config.request_expiry_hours,
        channels: state.config.phone_channels(),
    }
}

/// The pages the e-mails link to, by this registry's routes (`notices`).
pub fn mail_links() -> hygo_booking::notices::Links {
    hygo_booking::notices::Links {
        appointment: |lang| in_language(lang, APPOINTMENT.canonical()),
        newsletter_confirm: |lang, token| in_language(lang, &NEWSLETTER_CONFIRM.with_query(&[], &[("token", token)])),
        unsubscribe: |lang, token| in_language(lang, &UNSUBSCRIBE.with_query(&[], &[("token", token)])),
        one_click_unsubscribe: |token| format!("{ONE_CLICK_UNSUBSCRIBE}?token={}", percent_encoding::utf8_percent_encode(token, SEGMENT)),
        console: |kind, reference| match kind {
            "appointment" => STAFF_APPOINTMENT.link(&[("reference", reference)]),
            "card" => STAFF_CARD_REQUEST.link(&[("reference", reference)]),
            _ => STAFF_MESSAGE.link(&[("reference", reference)]),
        },
        visit,
    }
}

/// Whether a path is the address of a public page (a pattern's `{…}` is any one
/// segment): where an editor's link may lead (`pages::editor::link_ok`).
pub fn is_public_page(path: &str) -> bool {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    ROUTES.iter().filter(|r| !r.paths[0].starts_with("/staff")).any(|r| {
        r.paths.iter().any(|pattern| {
            let parts: Vec<&str> = pattern.trim_start_matches('/').split('/').collect();
            parts.len() == segments.len()
                && parts.iter().zip(&segments).all(|(part, segment)| if part.starts_with('{') { !segment.is_empty() } else { part == segment })
        })
    })
}

/// An entry in the content editor, by its key (`page.about`).
pub fn staff_entry(entry: &str) -> String {
    STAFF_ENTRY.link(&[("entry", entry)])
}

/// The history of an entry in the content editor.
pub fn staff_entry_history(entry: &str) -> String {
    STAFF_ENTRY_HISTORY.link(&[("entry", entry)])
}

/// The preview of an entry's revision in the console (not a page: the public
/// page's component with the revision laid over the content, `crate::staff::editor`).
pub fn staff_entry_preview(entry: &str, revision: i32) -> String {
    format!("{}/preview?revision={revision}", staff_entry(entry))
}

/// A share link of a revision, opened without signing in.
pub fn shared_preview(token: &str) -> String {
    format!("/preview/{token}")
}

/// The calendar file of an appointment request's requested time (tentative), by
/// its confirmation page's token: not a page, a download (`request::calendar`).
pub const REQUEST_CALENDAR: &str = "/requests/calendar.ics";

/// `REQUEST_CALENDAR` for a token.
pub fn request_calendar(token: &str) -> String {
    format!("{REQUEST_CALENDAR}?token={}", percent_encoding::utf8_percent_encode(token, SEGMENT))
}

/// A patient's manage-my-visit page, by its code, in a language.
pub fn visit(lang: hygo_content::Lang, code: &str) -> String {
    in_language(lang, &VISIT.link(&[("code", code)]))
}

/// The calendar file of a visit (`visit`'s, `hygo_booking::visits::calendar_file`).
pub fn visit_calendar(code: &str) -> String {
    format!("{}/calendar.ics", VISIT.link(&[("code", code)]))
}

/// A request's confirmation page, by its token, in a language.
pub fn request(lang: hygo_content::Lang, token: &str) -> String {
    in_language(lang, &REQUEST.with_query(&[], &[("token", token)]))
}

/// The page a search result leads to (`hygo_directory::search::Target`).
pub fn search_result(target: Target, id: &str) -> String {
    match target {
        Target::Doctor => DOCTOR.link(&[("id", id)]),
        Target::Department => department(id),
        Target::Specialization => specialization(id),
        Target::Article => article(id),
        Target::Clinic => CONTACT.canonical().to_owned(),
    }
}

// ---- Languages: English at `/`, each other served language under `/{tag}/`
// (`crate::language_paths`, which the state's mail notices use too).

pub use crate::language_paths::{asked, in_language, language};

//! The page registry: every page of the site, once. A URL is matched here and
//! nowhere else; the browser's table of pages (`ui/src/generated/pages.json`) is
//! generated from this list (`cargo test --test generated` writes it), and the app
//! renders the component the props name.
//!
//! Adding a page is: an entry here, a data function (`load` in its module under
//! `src/pages/`), a component (`ui/src/pages/<Component>.tsx`) and a test
//! (docs/architecture.md, "Adding a page").

use crate::access::{Admin, AnyRole, Anyone, Desk, Editing, Enrolling, PasswordGiven, Staff, Who};

use super::page::{Keep, Page, Robots, Scope};
use super::{
    appointment, staff, content, department, editor, departments, doctor, doctors, home, news, newsletter, request, search, services, visit,
    specialization, subscription, url,
};

macro_rules! page {
    ($route:expr, $component:literal, $keep:ident, $query:expr, $robots:ident, $load:path) => {
        Page {
            name: $route.name,
            label: $route.label,
            component: $component,
            paths: $route.paths,
            keep: Keep::$keep,
            query: $query,
            robots: Robots::$robots,
            scope: Scope::Public,
            patient_data: false,
            nav: None,
            limited: None,
            load: |cx| Box::pin($load(cx)),
        }
    };
}

/// A page of the staff console. `$who` is who its data function is for
/// (`crate::access::Who`: `Staff<Desk>`, `Staff<Admin>`, `Anyone`, …): the page
/// needs what that type needs (`Who::NEED`), and its data function takes the
/// proof as its second argument, so the role is stated once and a page without
/// one does not compile. `nav "key"` puts it in the console's navigation. A page
/// is never kept, but for one the same for everyone without a session, which says
/// how: the sign-in page, kept by data version, so that a flood of it, or of
/// wrong passwords, costs neither props nor renders.
macro_rules! staff_page {
    ($route:expr, $component:literal, $who:ty, $query:expr, $load:path $(, nav $nav:literal)? $(, keep $keep:ident)?) => {
        staff_page!(@page $route, $component, $who, $query, $load, [$($keep)?], false, [$($nav)?])
    };
    (@page $route:expr, $component:literal, $who:ty, $query:expr, $load:path, [$($keep:ident)?], $patient_data:literal, [$($nav:literal)?]) => {
        Page {
            name: $route.name,
            label: $route.label,
            component: $component,
            paths: $route.paths,
            keep: staff_page!(@keep $($keep)?),
            query: $query,
            robots: Robots::NoIndex,
            scope: Scope::Staff(<$who as Who>::NEED),
            patient_data: $patient_data,
            nav: staff_page!(@nav $($nav)?),
            limited: None,
            load: |cx| {
                Box::pin(async move {
                    let who = <$who as Who>::admit(cx.staff).ok_or_else(super::unchecked)?;
                    $load(cx, who).await
                })
            },
        }
    };
    (@keep) => { Keep::Never };
    (@keep $keep:ident) => { Keep::$keep };
    (@nav) => { None };
    (@nav $nav:literal) => { Some($nav) };
}

/// A staff page that shows patients' data: never kept, and every view audited
/// first (`Page::patient_data`).
macro_rules! patient_page {
    ($route:expr, $component:literal, $who:ty, $query:expr, $load:path $(, nav $nav:literal)?) => {
        staff_page!(@page $route, $component, $who, $query, $load, [], true, [$($nav)?])
    };
}

/// The wizards' parameters: a department's "Book" button names it (or asks for
/// a general consultation).
const BOOKING: &[&str] = &["department", "isGeneralConsultation"];

/// The newsletter's page says what just happened (`?subscribed=1` after a sign-up
/// without JavaScript, `?confirmed=1`, `?unsubscribed=1`); its links' pages also
/// read their `?token=`.
const NEWSLETTER: &[&str] = &["confirmed", "subscribed", "unsubscribed"];
const NEWSLETTER_LINK: &[&str] = &["confirmed", "subscribed", "token", "unsubscribed"];

/// Every page (spec section 2, route table). Literal paths win over patterns, so
/// `/departments/general-consultation` is its own page and not a department.
pub static PAGES: &[Page] = &[
    page!(url::HOME, "Home", ByDataVersion, &[], Index, home::load),
    page!(url::DOCTORS, "Doctors", ByDataVersion, &["q", "department", "clinic", "week", "page"], Index, doctors::load),
    // `/doctorDetail?doctorId={id}` is the original client's address of a profile.
    page!(url::DOCTOR, "DoctorProfile", ByDataVersion, &["doctorId"], Index, doctor::load),
    page!(url::DEPARTMENTS, "Departments", ByDataVersion, &[], Index, departments::load),
    page!(url::DEPARTMENT, "Department", ByDataVersion, &[], Index, department::load),
    page!(url::SEARCH, "Search", ByDataVersion, &["q"], NoIndex, search::load),
    page!(url::SERVICES, "Services", ByDataVersion, &[], Index, services::load_list),
    page!(url::SERVICE, "Service", ByDataVersion, &[], Index, services::load_one),
    page!(url::SPECIALIZATION, "Specialization", ByDataVersion, &[], Index, specialization::load),
    page!(url::NEWS, "News", ByDataVersion, &["page"], Index, news::load_list),
    page!(url::ARTICLE, "Article", ByDataVersion, &[], Index, news::load_article),
    // The pages with a form that writes carry a token that changes every few seconds (`crate::form_guard`).
    page!(url::SUBSCRIPTION, "Subscription", ByProps, &["plan"], Index, subscription::load),
    page!(url::NEWSLETTER, "Newsletter", ByDataVersion, NEWSLETTER, Index, newsletter::load),
    // The page the e-mails' unsubscribe link opens (`?token=`).
    page!(url::UNSUBSCRIBE, "Newsletter", ByProps, NEWSLETTER_LINK, NoIndex, newsletter::load),
    // The page the confirmation e-mail's link opens (`?token=`), with one button.
    page!(url::NEWSLETTER_CONFIRM, "Newsletter", ByProps, NEWSLETTER_LINK, NoIndex, newsletter::load),
    // Where a form sent without JavaScript lands: what was stored, for a short time.
    page!(url::REQUEST, "Request", Never, &["token"], NoIndex, request::load),
    // The patient's manage-my-visit link (`hygo_booking::visits`): its code is the key.
    Page { limited: Some("visit"), ..page!(url::VISIT, "Visit", Never, visit::QUERY, NoIndex, visit::load) },
    page!(url::APPOINTMENT, "Appointment", ByProps, BOOKING, Index, appointment::load_general),
    page!(url::DOCTOR_APPOINTMENT, "Appointment", ByProps, BOOKING, Index, appointment::load_with_doctor),
    // The content pages: their texts are `catalogue/pages.json` under the page's name.
    page!(url::ABOUT, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::FOUNDING_TEAM, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::MISSION, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::VISION, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::PATIENT_RESOURCES, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::PATIENT_FORMS, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::CONTACT, "Content", ByProps, &[], Index, content::load),
    page!(url::PRIVACY_POLICY, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::TERMS_AND_CONDITIONS, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::REVIEWS, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::SPECIALISTS, "Content", ByDataVersion, &[], Index, content::load),
    page!(url::SCHEDULES, "Content", ByDataVersion, &[], Index, content::load),
    // A demonstration of the banner component (spec): not for search engines.
    page!(url::BANNER, "Content", ByDataVersion, &[], NoIndex, content::load),
    page!(url::GENERAL_CONSULTATION, "Content", ByDataVersion, &[], Index, content::load),
    // The staff console (src/pages/staff.rs, docs/staff.md), its navigation in this order.
    staff_page!(url::STAFF_SIGN_IN, "StaffSignIn", Anyone, &[], staff::sign_in, keep ByDataVersion),
    staff_page!(url::STAFF_CODE, "StaffSignIn", PasswordGiven, &[], staff::sign_in),
    staff_page!(url::STAFF_SETUP, "StaffSetup", Anyone, &["token"], staff::setup),
    staff_page!(url::STAFF_ENROL, "StaffSetup", Enrolling, &[], staff::setup),
    patient_page!(url::STAFF_INBOX, "StaffInbox", Staff<Desk>, STAFF_INBOX, staff::inbox, nav "inbox"),
    patient_page!(url::STAFF_TODAY, "StaffToday", Staff<Desk>, &["done"], staff::today, nav "today"),
    staff_page!(url::STAFF_BOOK, "StaffBook", Staff<Desk>, &["doctor", "date", "time", "channel"], staff::book),
    patient_page!(url::STAFF_APPOINTMENT, "StaffAppointment", Staff<Desk>, &["done", "doctor", "date", "confirm"], staff::appointment),
    patient_page!(url::STAFF_PATIENTS, "StaffPatients", Staff<Desk>, &[], staff::patients, nav "patients"),
    patient_page!(url::STAFF_PATIENT, "StaffPatient", Staff<Desk>, &[], staff::patient),
    patient_page!(url::STAFF_DAY, "StaffDay", Staff<Desk>, &["clinic", "date", "doctor", "page"], staff::day, nav "day"),
    staff_page!(url::STAFF_WEEK, "StaffWeek", Staff<Desk>, &["clinic", "from", "page"], staff::week, nav "week"),
    staff_page!(url::STAFF_DOCTORS, "StaffDoctors", Staff<Desk>, &["done"], staff::doctor_list, nav "doctors"),
    staff_page!(url::STAFF_DOCTOR_NEW, "StaffDoctor", Staff<Admin>, &["done"], staff::doctor),
    // A retired doctor's page lists the requests still to come.
    patient_page!(url::STAFF_DOCTOR, "StaffDoctor", Staff<Desk>, &["done"], staff::doctor),
    staff_page!(url::STAFF_HOURS, "StaffHours", Staff<Desk>, &["done"], staff::hours),
    patient_page!(url::STAFF_LEAVE, "StaffLeave", Staff<Desk>, &["doctor", "done"], staff::leave, nav "leave"),
    patient_page!(url::STAFF_CLOSURES, "StaffClosures", Staff<Desk>, &["done"], staff::closures, nav "closures"),
    // The sick day: what a leave or a closure covers, to tell, move or call.
    patient_page!(url::STAFF_AWAY, "StaffAway", Staff<Desk>, &["done", "sheet"], staff::away),
    patient_page!(url::STAFF_CARD_REQUESTS, "StaffItems", Staff<Desk>, &["handled", "page"], staff::items, nav "cards"),
    patient_page!(url::STAFF_CARD_REQUEST, "StaffItem", Staff<Desk>, &[], staff::item),
    patient_page!(url::STAFF_MESSAGES, "StaffItems", Staff<Desk>, &["handled", "page"], staff::items, nav "messages"),
    patient_page!(url::STAFF_MESSAGE, "StaffItem", Staff<Desk>, &[], staff::item),
    staff_page!(url::STAFF_AUDIT, "StaffAudit", Staff<Admin>, &["action", "from", "on", "page", "to", "views", "who"], staff::audit, nav "audit"),
    staff_page!(url::STAFF_ACCOUNTS, "StaffAccounts", Staff<Admin>, &["done"], staff::accounts, nav "accounts"),
    // The content editor (src/pages/editor.rs, docs/editors.md).
    staff_page!(url::STAFF_CONTENT, "StaffContent", Staff<Editing>, &["done", "lang"], editor::list, nav "content"),
    staff_page!(url::STAFF_ENTRY, "StaffEntry", Staff<Editing>, &["done", "revision", "lang"], editor::entry),
    staff_page!(url::STAFF_ENTRY_HISTORY, "StaffEntryHistory", Staff<Editing>, &["a", "b", "lang"], editor::history),
    staff_page!(url::STAFF_ACCOUNT, "StaffAccount", Staff<AnyRole>, &["changed"], staff::account, nav "account"),
];

/// The inbox's filters and page.
const STAFF_INBOX: &[&str] = &["date", "doctor", "page", "status"];

/// A page found for a path, with the values of its `{…}` segments.
pub struct Found {
    pub page: &'static Page,
    pub params: Vec<(&'static str, String)>,
    /// The path as the page knows it: the registry's own spelling of a fixed path
    /// (no trailing slashes), a pattern with its segments decoded and encoded again
    /// one way. Every spelling of an address is one page, rendered and kept once.
    pub path: String,
}

impl Found {
    /// The address the page is loaded, rendered and kept under: its path and, of
    /// the request's query, only the parameters the page declares, sorted by name,
    /// each once with its first value as sent. Any other parameter (tracking, a
    /// random one) neither makes a new entry in the render cache nor changes the page.
    pub fn url(&self, query: &str) -> String {
        let mut kept: Vec<(&str, &str)> = Vec::new();
        for pair in query.split('&') {
            let name = pair.split_once('=').map_or(pair, |(name, _)| name);
            if self.page.query.contains(&name) && !kept.iter().any(|(n, _)| *n == name) {
                kept.push((name, pair));
            }
        }
        kept.sort_unstable();
        let query: Vec<&str> = kept.into_iter().map(|(_, pair)| pair).collect();
        match query.is_empty() {
            true => self.path.clone(),
            false => format!("{}?{}", self.path, query.join("&")),
        }
    }
}

/// The page a path shows (a trailing slash is ignored, segments are
/// percent-decoded); None for a path that is no page, which is redirected to `/`.
pub fn find(path: &str) -> Option<Found> {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let literal = PAGES.iter().find_map(|p| p.paths.iter().find(|pattern| **pattern == path).map(|pattern| (p, pattern)));
    if let Some((page, pattern)) = literal {
        return Some(Found { page, params: Vec::new(), path: (*pattern).to_owned() });
    }
    PAGES.iter().find_map(|page| {
        page.paths.iter().find_map(|pattern| {
            let params = matches(pattern, &segments)?;
            let path = pattern
                .split('/')
                .map(|part| match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                    Some(name) => params.iter().find(|(n, _)| *n == name).map_or(String::new(), |(_, value)| {
                        percent_encoding::utf8_percent_encode(value, url::SEGMENT).to_string()
                    }),
                    None => part.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("/");
            Some(Found { page, params, path })
        })
    })
}

/// The page of a name.
pub fn by_name(name: &str) -> Option<&'static Page> {
    PAGES.iter().find(|p| p.name == name)
}

fn matches(pattern: &'static str, segments: &[&str]) -> Option<Vec<(&'static str, String)>> {
    let parts: Vec<&'static str> = pattern.trim_start_matches('/').split('/').collect();
    if parts.len() != segments.len() || !parts.iter().any(|p| p.starts_with('{')) {
        return None;
    }
    let mut params = Vec::new();
    for (part, segment) in parts.iter().zip(segments) {
        match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            Some(name) if !segment.is_empty() => params.push((name, super::percent_decode(segment))),
            Some(_) => return None,
            None if part == segment => {}
            None => return None,
        }
    }
    Some(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(path: &str) -> Option<(&'static str, Vec<(&'static str, String)>)> {
        find(path).map(|f| (f.page.name, f.params))
    }

    #[test]
    fn links_are_made_from_the_pages_patterns_and_lead_back_to_them() {
        use hygo_directory::search::Target;
        assert_eq!(url::DOCTORS.link(&[]), "/doctors");
        assert_eq!(url::doctor(4), "/doctors/4");
        assert_eq!(url::doctor_appointment(4), "/appointment/4");
        assert_eq!(url::ABOUT.link(&[]), "/about-us-HYGO", "the first path, not an alias");
        for (path, name, id) in [
            (url::search_result(Target::Doctor, "4"), "doctor", "4"),
            (url::search_result(Target::Department, "cardiology"), "department", "cardiology"),
            (url::search_result(Target::Specialization, "allergist"), "specialization", "allergist"),
            (url::search_result(Target::Article, "lab-sample-collection-at-home"), "article", "lab-sample-collection-at-home"),
            (url::search_result(Target::Department, "a b/c"), "department", "a b/c"),
            (url::department("a b/c"), "department", "a b/c"),
            (url::specialization("x"), "specialization", "x"),
            (url::service("lab"), "service", "lab"),
            (url::article("y"), "article", "y"),
            (url::doctor_appointment(7), "doctor-appointment", "7"),
        ] {
            assert_eq!(at(&path), Some((name, vec![("id", id.to_owned())])), "{path}");
        }
    }

    /// Every console page has its title, and every label of the navigation its words.
    #[test]
    fn console_pages_have_their_titles_and_navigation_labels() {
        let content = hygo_content::default();
        let text = |area: &str, key: &str| {
            matches!(
                content.staff_texts.get(area).and_then(|a| a.get(key)),
                Some(hygo_content::Text::One(_))
            )
        };
        let mut labels = 0;
        for page in PAGES.iter().filter(|p| matches!(p.scope, Scope::Staff(_))) {
            assert!(
                text("titles", page.name),
                "{}: no title in catalogue/staff/en.json",
                page.name
            );
            if let Some(label) = page.nav {
                assert!(
                    text("frame", label),
                    "{}: no words for its navigation label {label}",
                    page.name
                );
                assert!(
                    matches!(page.scope, Scope::Staff(crate::access::Need::Role(_))),
                    "{}: only pages of a role are in the navigation",
                    page.name
                );
                labels += 1;
            }
        }
        assert_eq!(labels, 14, "the navigation's links");
    }

    /// The routes and the pages are one list: the same names and paths in the same order.
    #[test]
    fn every_route_has_its_page_and_every_page_its_route() {
        let routes: Vec<(&str, &[&str])> = url::ROUTES.iter().map(|r| (r.name, r.paths)).collect();
        let pages: Vec<(&str, &[&str])> = PAGES.iter().map(|p| (p.name, p.paths)).collect();
        assert_eq!(routes, pages);
        assert!(PAGES.iter().all(|p| p.label == format!("page:{}", p.name)));
    }

    /// The editor's check of a link (`url::is_public_page`) agrees with the registry.
    #[test]
    fn a_public_page_is_what_the_registry_finds_for_the_public() {
        for path in ["/", "/doctors", "/doctors/4", "/news/x", "/about", "/about-us-HYGO/", "/staff", "/staff/content", "/nowhere",
            "/doctors/1/more", "/departments/general-consultation", "/appointment/3", "/requests", "/news/"] {
            let public = find(path).is_some_and(|f| f.page.scope == Scope::Public);
            assert_eq!(url::is_public_page(path), public, "{path}");
        }
    }

    #[test]
    fn paths_find_their_pages() {
        assert_eq!(at("/").unwrap().0, "home");
        assert_eq!(at("/doctors").unwrap().0, "doctors");
        assert_eq!(at("/doctors/").unwrap().0, "doctors");
        assert_eq!(at("/doctors/7"), Some(("doctor", vec![("id", "7".to_owned())])));
        assert_eq!(at("/doctors/abc"), Some(("doctor", vec![("id", "abc".to_owned())])));
        assert_eq!(at("/doctorDetail").unwrap().0, "doctor");
        assert_eq!(at("/departments/home_services"), Some(("department", vec![("id", "home_services".to_owned())])));
        assert_eq!(at("/departments/Diet%20%26%20Nutrition").unwrap().1, vec![("id", "Diet & Nutrition".to_owned())]);
        assert_eq!(at("/departments/general-consultation").unwrap().0, "general-consultation");
        for (path, name) in [("/about", "about"), ("/about-us", "about"), ("/about-us-HYGO", "about"), ("/founder", "founding-team"),
            ("/founding-team", "founding-team"), ("/about-hygo", "founding-team"), ("/our-mission", "mission"),
            ("/our-vision", "vision"), ("/contactus", "contact"), ("/privacy-policy", "privacy-policy"),
            ("/subscription", "subscription"), ("/appointment", "appointment"), ("/appointment/3", "doctor-appointment"),
            ("/appointment/x", "doctor-appointment"), ("/unsubscribe", "unsubscribe"), ("/news/a", "article"),
            ("/newsletter/confirm", "newsletter-confirm"), ("/requests", "request")] {
            assert_eq!(at(path).map(|f| f.0), Some(name), "{path}");
        }
        assert!(at("/nowhere").is_none());
        assert!(at("/doctors/1/more").is_none());
        assert!(at("/news/").is_some_and(|f| f.0 == "news"));
    }

    #[test]
    fn a_page_is_kept_under_its_own_path_and_declared_parameters_only() {
        let url = |path: &str, query: &str| find(path).unwrap().url(query);
        assert_eq!(url("/doctors", "utm_source=x&fbclid=y"), "/doctors");
        assert_eq!(url("/doctors///", ""), "/doctors", "one spelling of a fixed path");
        assert_eq!(url("/news", "utm=1&page=2&page=3"), "/news?page=2", "the first value counts");
        assert_eq!(url("/search", "x=1&q=a%20b"), "/search?q=a%20b", "values as sent");
        assert_eq!(
            url("/appointment", "isGeneralConsultation=true&time=10%3A00&department=cardiology&zz=1"),
            "/appointment?department=cardiology&isGeneralConsultation=true",
            "sorted, and only what the page reads"
        );
        assert_eq!(url("/departments/Diet%20%26%20Nutrition", ""), "/departments/Diet%20%26%20Nutrition");
        assert_eq!(url("/departments/%44iet+%26%20Nutrition/", "a=b"), "/departments/Diet%20%26%20Nutrition", "one spelling of a segment");
        assert_eq!(url("/departments/home_services", ""), "/departments/home_services");
        assert_eq!(url("/doctorDetail", "doctorId=4&utm=x"), "/doctorDetail?doctorId=4");
    }

    /// The names a component reads from its address (`params.get("…")` on a
    /// `URLSearchParams`), in its own file and the components it imports.
    fn names_read_by(component: &str) -> Vec<String> {
        let ui = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/src");
        let page = std::fs::read_to_string(ui.join(format!("pages/{component}.tsx"))).unwrap();
        let imported = page.lines().filter_map(|line| line.split("from \"../components/").nth(1)?.split('"').next());
        let sources = std::iter::once(page.clone())
            .chain(imported.filter_map(|file| std::fs::read_to_string(ui.join(format!("components/{file}.tsx"))).ok()));
        let mut names = Vec::new();
        for source in sources {
            let reads_search = source.contains("URLSearchParams(");
            for piece in source.split(".get(\"").skip(1).filter(|_| reads_search) {
                names.extend(piece.split('"').next().map(str::to_owned));
            }
        }
        names
    }

    #[test]
    fn every_parameter_a_component_reads_is_declared() {
        let mut checked = 0;
        for page in PAGES {
            for name in names_read_by(page.component) {
                assert!(page.query.contains(&name.as_str()), "{} ({}) reads ?{name}: declare it in its entry", page.name, page.component);
                checked += 1;
            }
        }
        assert!(checked >= 10, "the components' reads were found ({checked})");
    }

    #[test]
    fn every_declared_parameter_is_read_by_its_component_or_a_data_function() {
        let pages = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/pages");
        let loaders: String = std::fs::read_dir(pages).unwrap().map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap()).collect();
        for page in PAGES {
            let read = names_read_by(page.component);
            for name in page.query {
                let by_loader = loaders.contains(&format!("query(\"{name}\")"));
                assert!(read.iter().any(|r| r == name) || by_loader, "{} declares ?{name}, which nothing reads: a needless cache key", page.name);
            }
        }
    }

    #[test]
    fn names_and_paths_are_unique() {
        let mut names: Vec<&str> = PAGES.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), PAGES.len(), "two pages share a name");
        let mut paths: Vec<&str> = PAGES.iter().flat_map(|p| p.paths.iter().copied()).collect();
        let all = paths.len();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), all, "two pages share a path");
        for page in PAGES {
            assert!(page.paths.iter().all(|p| p.starts_with('/')), "{}", page.name);
            assert!(page.component.chars().next().is_some_and(|c| c.is_ascii_uppercase()), "{}", page.name);
        }
    }

    #[test]
    fn every_content_page_of_the_catalogue_has_an_entry() {
        let content = hygo_content::default();
        for key in content.page_keys() {
            let page = by_name(key)
                .unwrap_or_else(|| panic!("catalogue/pages.json has {key}, the registry does not"));
            assert_eq!(page.component, "Content", "{key}");
        }
        for page in PAGES.iter().filter(|p| p.component == "Content") {
            assert!(
                content.page(page.name).is_some(),
                "{} has no texts in pages.json",
                page.name
            );
        }
    }
}

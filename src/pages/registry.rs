//! The page registry: every page of the site, once. A URL is matched here and
//! nowhere else; the browser's table of pages (`ui/src/generated/pages.json`) is
//! generated from this list (`cargo test --test generated` writes it), and the app
//! renders the component the props name.
//!
//! Adding a page is: an entry here, a data function (`load` in its module under
//! `src/pages/`), a component (`ui/src/pages/<Component>.tsx`) and a test
//! (docs/architecture.md, "Adding a page").

use crate::access::{Need, ADMIN, ANY_ROLE, DESK};
use hygo_data::staff::sessions::Stage;

use super::{
    appointment, staff, content, department, departments, doctor, doctors, home, news, newsletter, request, search, services,
    specialization, subscription, Loader,
};

/// How the render cache may keep a page (see `crate::cache`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Made only from the URL, the catalogue and the tables the data version
    /// watches: kept by URL, data version and day.
    ByDataVersion,
    /// Shows bookings, the date, a visitor's token or a form's token
    /// (`crate::form_guard`): its props are read on every request and the page is
    /// kept by its props.
    ByProps,
    /// Shows a visitor's own request: never kept, and sent with `Cache-Control:
    /// no-store` and `Referrer-Policy: no-referrer` (`request::keep_private`).
    Never,
}

/// Whether search engines may index a page (an error page never is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Robots {
    Index,
    NoIndex,
}

/// Who may see a page. A staff page (under `/staff/`) is checked on the server,
/// for the page and for `/api/props` alike (`crate::access::check`), is sent
/// `no-store`, never indexed and never in the sitemap, and never kept when shown
/// with a session (the sign-in page alone is kept for visitors without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Public,
    /// The staff console, needing this much of a session.
    Staff(Need),
}

pub struct Page {
    /// The page's name, unique: `props.page`, the logs, the tests.
    pub name: &'static str,
    /// `page:{name}`: the label its answers are counted under in `/metrics`.
    pub label: &'static str,
    /// Its component: `ui/src/pages/<component>.tsx`, named in `props.component`.
    pub component: &'static str,
    /// The paths it answers, as patterns (`{id}` is one segment). The first is its
    /// canonical address when it has no parameter; the others are aliases.
    pub paths: &'static [&'static str],
    pub keep: Keep,
    /// The query parameters the page reads, its data function (`Cx::query`) and
    /// its components (`URLSearchParams` in `ui/src`): the page is loaded, rendered
    /// and kept by these alone, so any other parameter (`utm_source`, a random
    /// one) gives the same page from the same entry (see `Found::url`).
    pub query: &'static [&'static str],
    pub robots: Robots,
    pub scope: Scope,
    /// A staff page that shows patients' data: every view of it, its props too,
    /// is written to the audit log, committed, before anything is answered, and is
    /// answered 503 when it cannot be (`pages::disclose`).
    pub patient_data: bool,
    /// Loads the props' data and head (`Loader`).
    pub load: Loader,
}

macro_rules! page {
    ($name:literal, $component:literal, [$($path:literal),+ $(,)?], $keep:ident, $query:expr, $robots:ident, $load:path) => {
        Page {
            name: $name,
            label: concat!("page:", $name),
            component: $component,
            paths: &[$($path),+],
            keep: Keep::$keep,
            query: $query,
            robots: Robots::$robots,
            scope: Scope::Public,
            patient_data: false,
            load: |cx| Box::pin($load(cx)),
        }
    };
}

/// A page of the staff console: what it needs of a session instead of how it is
/// kept (never, but for a page the same for everyone without a session, which
/// says how: the sign-in page, kept by data version, so that a flood of it, or
/// of wrong passwords, costs neither props nor renders).
macro_rules! staff_page {
    ($name:literal, $component:literal, [$($path:literal),+ $(,)?], $need:expr, $query:expr, $load:path) => {
        staff_page!($name, $component, [$($path),+], $need, $query, $load, Never)
    };
    ($name:literal, $component:literal, [$($path:literal),+ $(,)?], $need:expr, $query:expr, $load:path, $keep:ident) => {
        staff_page!(@page $name, $component, [$($path),+], $need, $query, $load, $keep, false)
    };
    (@page $name:literal, $component:literal, [$($path:literal),+ $(,)?], $need:expr, $query:expr, $load:path, $keep:ident, $patient_data:literal) => {
        Page {
            name: $name,
            label: concat!("page:", $name),
            component: $component,
            paths: &[$($path),+],
            keep: Keep::$keep,
            query: $query,
            robots: Robots::NoIndex,
            scope: Scope::Staff($need),
            patient_data: $patient_data,
            load: |cx| Box::pin($load(cx)),
        }
    };
}

/// A staff page that shows patients' data: never kept, and every view audited
/// first (`Page::patient_data`).
macro_rules! patient_page {
    ($name:literal, $component:literal, [$($path:literal),+ $(,)?], $need:expr, $query:expr, $load:path) => {
        staff_page!(@page $name, $component, [$($path),+], $need, $query, $load, Never, true)
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
    page!("home", "Home", ["/"], ByDataVersion, &[], Index, home::load),
    page!("doctors", "Doctors", ["/doctors"], ByDataVersion, &[], Index, doctors::load),
    // `/doctorDetail?doctorId={id}` is the original client's address of a profile.
    page!("doctor", "DoctorProfile", ["/doctors/{id}", "/doctorDetail"], ByDataVersion, &["doctorId"], Index, doctor::load),
    page!("departments", "Departments", ["/departments"], ByDataVersion, &[], Index, departments::load),
    page!("department", "Department", ["/departments/{id}"], ByDataVersion, &[], Index, department::load),
    page!("search", "Search", ["/search"], ByDataVersion, &["q"], NoIndex, search::load),
    page!("services", "Services", ["/services"], ByDataVersion, &[], Index, services::load_list),
    page!("service", "Service", ["/services/{id}"], ByDataVersion, &[], Index, services::load_one),
    page!("specialization", "Specialization", ["/specializations/{id}"], ByDataVersion, &[], Index, specialization::load),
    page!("news", "News", ["/news"], ByDataVersion, &["page"], Index, news::load_list),
    page!("article", "Article", ["/news/{id}"], ByDataVersion, &[], Index, news::load_article),
    // The pages with a form that writes carry a token that changes every few seconds (`crate::form_guard`).
    page!("subscription", "Subscription", ["/subscription"], ByProps, &["plan"], Index, subscription::load),
    page!("newsletter", "Newsletter", ["/newsletter"], ByDataVersion, NEWSLETTER, Index, newsletter::load),
    // The page the e-mails' unsubscribe link opens (`?token=`).
    page!("unsubscribe", "Newsletter", ["/unsubscribe"], ByProps, NEWSLETTER_LINK, NoIndex, newsletter::load),
    // The page the confirmation e-mail's link opens (`?token=`), with one button.
    page!("newsletter-confirm", "Newsletter", ["/newsletter/confirm"], ByProps, NEWSLETTER_LINK, NoIndex, newsletter::load),
    // Where a form sent without JavaScript lands: what was stored, for a short time.
    page!("request", "Request", ["/requests"], Never, &["token"], NoIndex, request::load),
    page!("appointment", "Appointment", ["/appointment"], ByProps, BOOKING, Index, appointment::load_general),
    page!("doctor-appointment", "Appointment", ["/appointment/{id}"], ByProps, BOOKING, Index, appointment::load_with_doctor),
    // The content pages: their texts are `catalogue/pages.json` under the page's name.
    page!("about", "Content", ["/about-us-HYGO", "/about", "/about-us"], ByDataVersion, &[], Index, content::load),
    page!("founding-team", "Content", ["/about-hygo", "/founder", "/founding-team"], ByDataVersion, &[], Index, content::load),
    page!("mission", "Content", ["/our-mission"], ByDataVersion, &[], Index, content::load),
    page!("vision", "Content", ["/our-vision"], ByDataVersion, &[], Index, content::load),
    page!("patient-resources", "Content", ["/patient-resources"], ByDataVersion, &[], Index, content::load),
    page!("patient-forms", "Content", ["/patient-forms"], ByDataVersion, &[], Index, content::load),
    page!("contact", "Content", ["/contactus"], ByProps, &[], Index, content::load),
    page!("privacy-policy", "Content", ["/privacy-policy"], ByDataVersion, &[], Index, content::load),
    page!("terms-and-conditions", "Content", ["/terms-and-conditions"], ByDataVersion, &[], Index, content::load),
    page!("reviews", "Content", ["/reviews"], ByDataVersion, &[], Index, content::load),
    page!("specialists", "Content", ["/specialists"], ByDataVersion, &[], Index, content::load),
    page!("schedules", "Content", ["/schedules"], ByDataVersion, &[], Index, content::load),
    page!("banner", "Content", ["/banner"], ByDataVersion, &[], Index, content::load),
    page!("general-consultation", "Content", ["/departments/general-consultation"], ByDataVersion, &[], Index, content::load),
    // The staff console (src/pages/staff.rs, docs/staff.md).
    staff_page!("staff-sign-in", "StaffSignIn", ["/staff/sign-in"], Need::Anyone, &[], staff::sign_in, ByDataVersion),
    staff_page!("staff-code", "StaffSignIn", ["/staff/sign-in/code"], Need::Stage(Stage::Password), &[], staff::sign_in),
    staff_page!("staff-setup", "StaffSetup", ["/staff/setup"], Need::Anyone, &["token"], staff::setup),
    staff_page!("staff-enrol", "StaffSetup", ["/staff/setup/code"], Need::Stage(Stage::Enrol), &[], staff::setup),
    patient_page!("staff-inbox", "StaffInbox", ["/staff", "/staff/appointments"], Need::Role(DESK), STAFF_INBOX, staff::inbox),
    patient_page!("staff-appointment", "StaffAppointment", ["/staff/appointments/{reference}"], Need::Role(DESK), &["done", "doctor", "date"], staff::appointment),
    patient_page!("staff-day", "StaffDay", ["/staff/day"], Need::Role(DESK), &["date", "doctor"], staff::day),
    patient_page!("staff-card-requests", "StaffItems", ["/staff/card-requests"], Need::Role(DESK), &["handled", "page"], staff::items),
    patient_page!("staff-card-request", "StaffItem", ["/staff/card-requests/{reference}"], Need::Role(DESK), &[], staff::item),
    patient_page!("staff-messages", "StaffItems", ["/staff/messages"], Need::Role(DESK), &["handled", "page"], staff::items),
    patient_page!("staff-message", "StaffItem", ["/staff/messages/{reference}"], Need::Role(DESK), &[], staff::item),
    patient_page!("staff-leave", "StaffLeave", ["/staff/leave"], Need::Role(DESK), &["doctor", "done"], staff::leave),
    staff_page!("staff-doctors", "StaffDoctors", ["/staff/doctors"], Need::Role(DESK), &["done"], staff::doctor_list),
    staff_page!("staff-doctor-new", "StaffDoctor", ["/staff/doctors/new"], Need::Role(ADMIN), &["done"], staff::doctor),
    // A retired doctor's page lists the requests still to come.
    patient_page!("staff-doctor", "StaffDoctor", ["/staff/doctors/{id}"], Need::Role(DESK), &["done"], staff::doctor),
    staff_page!("staff-hours", "StaffHours", ["/staff/doctors/{id}/hours"], Need::Role(DESK), &["done"], staff::hours),
    patient_page!("staff-closures", "StaffClosures", ["/staff/closures"], Need::Role(DESK), &["done"], staff::closures),
    staff_page!("staff-week", "StaffWeek", ["/staff/week"], Need::Role(DESK), &["from"], staff::week),
    staff_page!("staff-audit", "StaffAudit", ["/staff/audit"], Need::Role(ADMIN), &["page", "views"], staff::audit),
    staff_page!("staff-accounts", "StaffAccounts", ["/staff/accounts"], Need::Role(ADMIN), &["done"], staff::accounts),
    staff_page!("staff-account", "StaffAccount", ["/staff/account"], Need::Role(ANY_ROLE), &["changed"], staff::account),
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

/// What a path segment keeps as it is; everything else is percent-encoded.
const SEGMENT: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

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
                        percent_encoding::utf8_percent_encode(value, SEGMENT).to_string()
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

/// Reverse routing: the address of the page named `name`, its canonical pattern
/// with each `{…}` segment filled from `params` (percent-encoded as `find` reads
/// it back). Every link to a page is made here, so a path is spelled once, in
/// `PAGES`.
///
/// # Panics
/// For a name that is no page or a parameter its pattern lacks: both are the
/// caller's constants, and the registry's tests call every one.
pub fn link(name: &str, params: &[(&str, &str)]) -> String {
    let page = by_name(name).unwrap_or_else(|| panic!("no page is named {name}"));
    page.canonical()
        .split('/')
        .map(|part| match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            Some(param) => {
                let value = params.iter().find(|(n, _)| *n == param).unwrap_or_else(|| panic!("{name}: no value for {{{param}}}")).1;
                percent_encoding::utf8_percent_encode(value, SEGMENT).to_string()
            }
            None => part.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The page a search result leads to (`hygo_data::search::Target`).
pub fn search_link(target: hygo_data::search::Target, id: &str) -> String {
    use hygo_data::search::Target;
    let name = match target {
        Target::Doctor => "doctor",
        Target::Department => "department",
        Target::Specialization => "specialization",
        Target::Article => "article",
    };
    link(name, &[("id", id)])
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

impl Page {
    /// The canonical address of a page without parameters.
    pub fn canonical(&self) -> &'static str {
        self.paths[0]
    }

    /// Whether the page's first path has no parameter (it is one address, listed in the sitemap).
    pub fn is_fixed(&self) -> bool {
        !self.paths[0].contains('{')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(path: &str) -> Option<(&'static str, Vec<(&'static str, String)>)> {
        find(path).map(|f| (f.page.name, f.params))
    }

    #[test]
    fn links_are_made_from_the_pages_patterns_and_lead_back_to_them() {
        use hygo_data::search::Target;
        assert_eq!(link("doctors", &[]), "/doctors");
        assert_eq!(link("doctor", &[("id", "4")]), "/doctors/4");
        assert_eq!(link("about", &[]), "/about-us-HYGO", "the first path, not an alias");
        for (target, id, name) in [
            (Target::Doctor, "4", "doctor"),
            (Target::Department, "cardiology", "department"),
            (Target::Specialization, "allergist", "specialization"),
            (Target::Article, "lab-sample-collection-at-home", "article"),
            (Target::Department, "a b/c", "department"),
        ] {
            let path = search_link(target, id);
            assert_eq!(at(&path), Some((name, vec![("id", id.to_owned())])), "{path}");
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
        for key in hygo_data::catalogue::content_pages() {
            let page = by_name(key).unwrap_or_else(|| panic!("catalogue/pages.json has {key}, the registry does not"));
            assert_eq!(page.component, "Content", "{key}");
        }
        for page in PAGES.iter().filter(|p| p.component == "Content") {
            assert!(hygo_data::catalogue::content_page(page.name).is_some(), "{} has no texts in pages.json", page.name);
        }
    }
}

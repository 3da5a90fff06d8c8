//! Server-rendered pages. A request's path is matched against the page table
//! (`Route::parse`), the page's props are loaded from the database and the
//! catalogue, React renders them in the embedded runtime, and the askama shell
//! wraps the markup. `GET /api/props` hands the same props to the browser after
//! hydration, so a page reached by a link and one loaded directly are the same.

mod appointment;
pub mod cache;
mod content;
mod department;
mod departments;
mod doctor;
mod doctors;
mod home;
mod news;
mod newsletter;
mod search;
mod services;
mod specialization;
mod subscription;
pub mod render;
pub mod seo;

use serde::Serialize;
use serde_json::Value;

use crate::state::AppState;
use hygo_data::DataError;

/// The page table: every public page path (spec section 2, route table).
#[derive(Debug, Clone, PartialEq)]
pub enum Route {
    Home,
    Doctors,
    /// `/doctors/{id}` or `/doctorDetail?doctorId={id}`; None when the id is missing
    /// or not a number (the "Doctor Not Found" view).
    Doctor(Option<i32>),
    Departments,
    /// `/departments/{id}`: the id as written (slug, alias or name).
    Department(String),
    /// `/search?q=`: the text searched for.
    Search(String),
    /// A content page of `catalogue/pages.json`, by key.
    Content(&'static str),
    /// `/news?page=N` (1-based).
    News(u32),
    /// `/news/{id}`: one article.
    Article(String),
    Services,
    Service(String),
    Specialization(String),
    /// `/subscription`: the health-card plans and their request form.
    Subscription,
    /// `/newsletter`: the sign-up form on a page of its own (where the footer's form
    /// lands without JavaScript).
    Newsletter,
    /// `/unsubscribe?token=`: the page the e-mails' link opens (its button posts to
    /// the API's `/newsletter/unsubscribe`).
    Unsubscribe(String),
    /// `/appointment` (wizard A) and `/appointment/{doctorId}` (wizard B; None for
    /// an id that is not a number, the "Doctor not found" view).
    Appointment,
    DoctorAppointment(Option<i32>),
}

impl Route {
    /// Matches a path (and its query, for `/doctorDetail`); None for a path that is no
    /// page, which the caller redirects to `/`.
    pub fn parse(path: &str, query: &str) -> Option<Route> {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        match segments.as_slice() {
            [""] => Some(Route::Home),
            ["doctors"] => Some(Route::Doctors),
            ["doctors", id] => Some(Route::Doctor(positive_id(id))),
            ["departments"] => Some(Route::Departments),
            // Its own static page (spec section 2), not the department template.
            ["departments", "general-consultation"] => Some(Route::Content("general-consultation")),
            ["news"] => Some(Route::News(query_param(query, "page").and_then(|p| p.parse().ok()).filter(|p| *p >= 1).unwrap_or(1))),
            ["news", id] if !id.is_empty() => Some(Route::Article(percent_decode(id))),
            ["search"] => Some(Route::Search(query_param(query, "q").unwrap_or_default())),
            [one] if content::key_of(one).is_some() => content::key_of(one).map(Route::Content),
            ["services"] => Some(Route::Services),
            ["services", id] if !id.is_empty() => Some(Route::Service(percent_decode(id))),
            ["specializations", id] if !id.is_empty() => Some(Route::Specialization(percent_decode(id))),
            ["departments", id] if !id.is_empty() => Some(Route::Department(percent_decode(id))),
            ["subscription"] => Some(Route::Subscription),
            ["newsletter"] => Some(Route::Newsletter),
            ["unsubscribe"] => Some(Route::Unsubscribe(query_param(query, "token").unwrap_or_default())),
            ["appointment"] => Some(Route::Appointment),
            ["appointment", id] => Some(Route::DoctorAppointment(positive_id(id))),
            ["doctorDetail"] => {
                let id = query_param(query, "doctorId").and_then(|v| positive_id(&v));
                Some(Route::Doctor(id))
            }
            _ => None,
        }
    }

    /// The address search engines should index for this page.
    /// Whether the page is made only from its URL, the catalogue and the tables the
    /// data version watches (doctors, departments, hours), so the render cache may
    /// keep it by URL and data version. Not so for the pages that show bookings and
    /// the date (the wizards) or a subscriber's token.
    pub fn follows_data_version(&self) -> bool {
        !matches!(self, Route::Appointment | Route::DoctorAppointment(_) | Route::Unsubscribe(_))
    }

    pub fn canonical_path(&self) -> String {
        match self {
            Route::Home => "/".into(),
            Route::Doctors => "/doctors".into(),
            Route::Doctor(Some(id)) => format!("/doctors/{id}"),
            Route::Doctor(None) => "/doctors".into(),
            Route::Departments => "/departments".into(),
            Route::Search(_) => "/search".into(),
            Route::Content(key) => content::canonical(key).into(),
            Route::News(1) => "/news".into(),
            Route::News(page) => format!("/news?page={page}"),
            Route::Article(id) => format!("/news/{id}"),
            Route::Services => "/services".into(),
            Route::Service(id) => match hygo_data::catalogue::find_service(id) {
                Some(s) => format!("/services/{}", s.id),
                None => "/services".into(),
            },
            Route::Specialization(id) => match hygo_data::catalogue::find_specialization(id) {
                Some(s) => format!("/specializations/{}", s.id),
                None => "/doctors".into(),
            },
            Route::Department(id) => match hygo_data::catalogue::find_department(id) {
                Some(d) => format!("/departments/{}", d.slug),
                None => "/departments".into(),
            },
            Route::Subscription => "/subscription".into(),
            Route::Newsletter | Route::Unsubscribe(_) => "/newsletter".into(),
            Route::Appointment => "/appointment".into(),
            Route::DoctorAppointment(Some(id)) => format!("/appointment/{id}"),
            Route::DoctorAppointment(None) => "/doctors".into(),
        }
    }
}

/// What React renders a page from (docs/architecture.md, "Props").
#[derive(Debug, Serialize)]
pub struct Props<'a> {
    pub page: &'static str,
    pub path: String,
    pub status: u16,
    pub site: &'a Value,
    pub data: Value,
    /// A form's state when a no-JavaScript post is answered with its page again:
    /// `{status, values, errors, message}` and, for the wizards, `step`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<Value>,
}

/// Loads the props of a route. `path` is the path and query the props are for.
pub async fn load<'a>(state: &'a AppState, route: &Route, path: String) -> Result<Props<'a>, DataError> {
    let (page, status, data) = match route {
        Route::Home => ("home", 200, home::data(&state.db, &state.clock).await?),
        Route::Doctors => ("doctors", 200, doctors::data(&state.db, &state.clock).await?),
        Route::Doctor(id) => {
            let (status, data) = doctor::data(&state.db, &state.clock, *id).await?;
            ("doctor", status, data)
        }
        Route::Departments => ("departments", 200, departments::data()),
        Route::Search(q) => ("search", 200, search::data(&state.db, &state.clock, q).await?),
        Route::Content(key) => ("content", 200, content::data(&state.db, &state.clock, key).await?),
        Route::News(page) => {
            let (status, data) = news::list(*page);
            ("news", status, data)
        }
        Route::Article(id) => {
            let (status, data) = news::article(id);
            ("article", status, data)
        }
        Route::Services => ("services", 200, services::list()),
        Route::Service(id) => {
            let (status, data) = services::one(id);
            ("service", status, data)
        }
        Route::Specialization(id) => {
            let (status, data) = specialization::data(&state.db, &state.clock, id).await?;
            ("specialization", status, data)
        }
        Route::Department(id) => {
            let (status, data) = department::data(&state.db, &state.clock, id).await?;
            ("department", status, data)
        }
        Route::Subscription => ("subscription", 200, subscription::data()),
        Route::Newsletter => ("newsletter", 200, newsletter::data(&state.db, None).await?),
        Route::Unsubscribe(token) => ("newsletter", 200, newsletter::data(&state.db, Some(token)).await?),
        Route::Appointment => ("appointment", 200, appointment::general(&state.db, &state.clock).await?),
        Route::DoctorAppointment(id) => {
            let (status, data) = appointment::with_doctor(&state.db, &state.clock, *id).await?;
            ("appointment", status, data)
        }
    };
    Ok(Props { page, path, status, site: &state.site, data, form: None })
}

fn positive_id(text: &str) -> Option<i32> {
    text.parse::<i32>().ok().filter(|id| *id > 0)
}

/// The first value of `name` in a query string, percent-decoded.
pub fn query_param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == name).then(|| percent_decode(v))
    })
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_table() {
        assert_eq!(Route::parse("/", ""), Some(Route::Home));
        assert_eq!(Route::parse("/doctors", ""), Some(Route::Doctors));
        assert_eq!(Route::parse("/doctors/", ""), Some(Route::Doctors));
        assert_eq!(Route::parse("/doctors/7", ""), Some(Route::Doctor(Some(7))));
        assert_eq!(Route::parse("/doctors/abc", ""), Some(Route::Doctor(None)));
        assert_eq!(Route::parse("/doctors/-3", ""), Some(Route::Doctor(None)));
        assert_eq!(Route::parse("/doctors/99999999999", ""), Some(Route::Doctor(None)));
        assert_eq!(Route::parse("/doctorDetail", "doctorId=4"), Some(Route::Doctor(Some(4))));
        assert_eq!(Route::parse("/doctorDetail", "x=1&doctorId=%34"), Some(Route::Doctor(Some(4))));
        assert_eq!(Route::parse("/doctorDetail", ""), Some(Route::Doctor(None)));
        assert_eq!(Route::parse("/departments", ""), Some(Route::Departments));
        assert_eq!(Route::parse("/departments/home_services", ""), Some(Route::Department("home_services".into())));
        assert_eq!(Route::parse("/departments/Diet%20%26%20Nutrition", ""), Some(Route::Department("Diet & Nutrition".into())));
        for (path, key) in [("/about", "about"), ("/about-us", "about"), ("/about-us-HYGO", "about"), ("/founder", "founding-team"),
            ("/founding-team", "founding-team"), ("/about-hygo", "founding-team"), ("/our-mission", "mission"),
            ("/our-vision", "vision"), ("/contactus", "contact"), ("/privacy-policy", "privacy-policy")] {
            assert_eq!(Route::parse(path, ""), Some(Route::Content(key)), "{path}");
        }
        assert_eq!(Route::parse("/subscription", ""), Some(Route::Subscription));
        assert_eq!(Route::parse("/appointment", ""), Some(Route::Appointment));
        assert_eq!(Route::parse("/appointment/3", ""), Some(Route::DoctorAppointment(Some(3))));
        assert_eq!(Route::parse("/appointment/x", ""), Some(Route::DoctorAppointment(None)));
        assert_eq!(Route::parse("/unsubscribe", "token=ab%20c"), Some(Route::Unsubscribe("ab c".into())));
        assert_eq!(Route::parse("/nowhere", ""), None);
        assert_eq!(Route::parse("/doctors/1/more", ""), None);
    }

    #[test]
    fn query_params_are_decoded() {
        assert_eq!(query_param("a=1&b=x%20y+z", "b").as_deref(), Some("x y z"));
        assert_eq!(query_param("a=%", "a").as_deref(), Some("%"));
        assert_eq!(query_param("a=%e0%a4", "a").as_deref(), Some("\u{fffd}"));
        assert_eq!(query_param("a", "a").as_deref(), Some(""));
        assert_eq!(query_param("", "a"), None);
    }
}

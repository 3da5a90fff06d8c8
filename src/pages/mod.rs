//! Server-rendered pages. A request's path is matched against the page registry
//! (`registry::find`), the page's props are loaded from the database and the
//! catalogue, React renders them in the embedded runtime, and the askama shell
//! wraps the markup. `GET /api/props` hands the same props to the browser after
//! hydration, so a page reached by a link and one loaded directly are the same.

pub(crate) mod appointment;
mod content;
mod department;
mod departments;
mod doctor;
mod doctors;
pub mod editor;
mod home;
mod news;
mod newsletter;
mod page;
pub mod registry;
pub mod render;
pub mod request;
pub mod search;
pub mod seo;
mod services;
pub mod sitemap;
mod specialization;
pub mod staff;
mod subscription;
pub mod url;
pub mod visit;

use std::future::Future;
use std::pin::Pin;

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::state::{AppState, Console};
use hygo_core::DataError;
pub use page::{Keep, Page, Robots, Scope};
pub use registry::{Found, PAGES};

/// A page's data function: `load` in the page's module, listed in the registry.
pub type Loader = for<'a> fn(&'a Cx<'a>) -> Pin<Box<dyn Future<Output = Result<Loaded, DataError>> + 'a>>;

/// What a page's data function gets: the state, its registry entry, the values of
/// the path's `{…}` segments and the query string.
pub struct Cx<'a> {
    pub state: &'a AppState,
    pub page: &'static Page,
    pub params: &'a [(&'static str, String)],
    pub query: &'a str,
    /// The staff session of a console page (`Scope::Staff`), checked before loading.
    pub staff: Option<&'a hygo_staff::sessions::Current>,
    /// The content of the page's language, one version for the whole page
    /// (`hygo_content::get`).
    pub content: std::sync::Arc<hygo_content::Content>,
    /// A parameter read that the page's entry does not declare (see `query`).
    undeclared: std::sync::Mutex<Option<String>>,
}

impl Cx<'_> {
    /// A `{name}` segment of the path, decoded.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// A query parameter, decoded. Only the parameters the page's registry entry
    /// declares (`Page::query`): the page is kept by those alone, so reading any
    /// other is a defect, which `load` reports.
    pub fn query(&self, name: &str) -> Option<String> {
        if !self.page.query.contains(&name) {
            *self.undeclared.lock().unwrap_or_else(|e| e.into_inner()) = Some(name.to_owned());
            return None;
        }
        query_param(self.query, name)
    }

    pub fn db(&self) -> &hygo_core::Db {
        &self.state.db
    }

    pub fn clock(&self) -> &hygo_core::ist::Clock {
        &self.state.clock
    }

    /// The pages' titles and descriptions (`catalogue/site.json`, `meta`).
    pub fn meta(&self) -> &hygo_content::Meta {
        &self.content.site.meta
    }

    /// An address on this site as visitors see it (for JSON-LD).
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.state.config.public_url)
    }
}

/// What a data function answers: the status, the page's data and its head.
pub struct Loaded {
    pub status: u16,
    pub data: PageData,
    pub head: Head,
}

impl Loaded {
    pub fn ok(data: PageData, head: Head) -> Self {
        Loaded { status: 200, data, head }
    }

    pub fn not_found(data: PageData, head: Head) -> Self {
        Loaded { status: 404, data, head }
    }
}

/// Declares `PageData` from one line a page, `Component(its data type)`: the
/// variant, its tag in the props (the component's name, which the registry's
/// entry names too) and `PageData::component`.
macro_rules! page_data {
    ($($component:ident($data:ty)),* $(,)?) => {
        /// Each component's data, tagged with the component's name: in the props they
        /// are `component` and `data`, and the TypeScript union of the props follows
        /// (`ui/src/generated/props.ts`).
        #[derive(Serialize, TS)]
        #[serde(tag = "component", content = "data")]
        pub enum PageData {
            $($component($data)),*
        }

        impl PageData {
            /// The component the data is for (the serialized tag).
            pub fn component(&self) -> &'static str {
                match self {
                    $(PageData::$component(_) => stringify!($component)),*
                }
            }
        }
    };
}

page_data! {
    Home(home::Data),
    Doctors(doctors::Data),
    DoctorProfile(doctor::Data),
    Departments(departments::Data),
    Department(department::Data),
    Search(search::Data),
    Services(services::ListData),
    Service(services::OneData),
    Specialization(specialization::Data),
    News(news::ListData),
    Article(news::ArticleData),
    Subscription(subscription::Data),
    Newsletter(newsletter::Data),
    Appointment(appointment::Data),
    Content(content::Data),
    Request(request::Data),
    Visit(visit::Data),
    StaffSignIn(staff::SignInData),
    StaffSetup(staff::SetupData),
    StaffInbox(staff::InboxData),
    StaffAppointment(staff::AppointmentData),
    StaffBook(staff::BookData),
    StaffPatients(staff::PatientsData),
    StaffPatient(staff::PatientData),
    StaffDay(staff::DayData),
    StaffToday(staff::TodayData),
    StaffItems(staff::ItemsData),
    StaffItem(staff::ItemData),
    StaffAudit(staff::AuditData),
    StaffLeave(staff::LeaveData),
    StaffDoctors(staff::DoctorsData),
    StaffDoctor(staff::DoctorData),
    StaffHours(staff::HoursData),
    StaffClosures(staff::ClosuresData),
    StaffAway(staff::AwayData),
    StaffWeek(staff::WeekData),
    StaffAccounts(staff::AccountsData),
    StaffAccount(staff::AccountData),
    StaffContent(editor::ListData),
    StaffEntry(editor::EntryData),
    StaffEntryHistory(editor::HistoryData),
}

/// A form's state when a no-JavaScript post is answered with its page again: the
/// visitor's values, the messages, and for the wizards the step and free times.
#[derive(Debug, Clone, Default, Serialize, TS)]
pub struct FormState {
    /// 200 for a wizard's step; 422, 409, 429… for a refusal.
    pub status: u16,
    pub message: String,
    pub errors: BTreeMap<String, String>,
    #[ts(type = "Record<string, string | string[]>")]
    pub values: Map<String, Value>,
    /// The wizards' step, 1 to 3.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub step: Option<u8>,
    /// The wizards' times for the chosen doctor and day.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub slots: Option<Option<ChosenDay>>,
}

/// The wizards' times for the chosen doctor and day: the slots API's answer
/// and the day it is for.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ChosenDay {
    #[serde(flatten)]
    pub day: hygo_booking::appointments::DaySlots,
    /// YYYY-MM-DD.
    pub date: String,
}

/// The document head of a page, made once, by its data function: the title and
/// description (also in the props, for the browser's title after a navigation),
/// the canonical path and the JSON-LD.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// The path search engines should index; None: the page's first path.
    #[serde(skip)]
    pub canonical: Option<String>,
    #[serde(skip)]
    pub structured_data: Option<Value>,
    /// This answer is not for search engines' indexes, whatever its page's rule
    /// (a department without a doctor).
    #[serde(skip)]
    pub noindex: bool,
}

impl Head {
    pub fn new(title: impl Into<String>, description: impl Into<String>) -> Self {
        Head { title: title.into(), description: description.into(), canonical: None, structured_data: None, noindex: false }
    }

    pub fn noindex(mut self, noindex: bool) -> Self {
        self.noindex = noindex;
        self
    }

    /// The head of a page's title and description (`site.json`, `meta`).
    pub fn meta(meta: &hygo_content::PageMeta) -> Self {
        Head::new(&meta.title, &meta.description)
    }

    pub fn canonical(mut self, path: impl Into<String>) -> Self {
        self.canonical = Some(path.into());
        self
    }

    pub fn structured_data(mut self, value: Option<Value>) -> Self {
        self.structured_data = value;
        self
    }
}

/// What React renders a page from (docs/architecture.md, "Props"): with
/// `component` (the component that draws it, `ui/src/pages/<component>.tsx`)
/// and `data` from `PageData`.
#[derive(Serialize, TS)]
#[ts(rename = "PageProps")]
pub struct Props {
    /// The registry's name of the page.
    pub page: &'static str,
    /// The path and query the props are for.
    pub path: String,
    pub status: u16,
    pub head: Head,
    /// `catalogue/site.json` with the clinics, the settings' booking address, the
    /// language and its interface texts.
    pub site: crate::state::PageSite,
    #[serde(flatten)]
    pub data: PageData,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub form: Option<FormState>,
    /// For a form posted without JavaScript: when the page was issued, signed
    /// (`crate::form_guard`); on the pages whose form writes.
    #[serde(rename = "formToken", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub form_token: Option<String>,
    /// On the staff console's pages: who is signed in, and the anti-forgery token
    /// every form there carries.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub staff: Option<staff::Bar>,
}

/// Loads the props of a page found for `path` (the path and query they are for).
/// A staff page's session was checked before (`crate::access::check`).
pub async fn load(
    state: &AppState,
    found: &Found,
    path: String,
    staff: Option<&hygo_staff::sessions::Current>,
) -> Result<Props, DataError> {
    // The address says the language (`/gu/doctors`, `url::language`).
    let (lang, _) = url::language(&path, &state.config.languages);
    load_with(state, found, path, staff, hygo_content::get(lang)).await
}

/// `load` from this content: the live content, or a copy with a draft laid
/// over it for a preview (`hygo_editorial::preview`).
pub async fn load_with(
    state: &AppState,
    found: &Found,
    path: String,
    staff: Option<&hygo_staff::sessions::Current>,
    content: std::sync::Arc<hygo_content::Content>,
) -> Result<Props, DataError> {
    let query = path.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let cx = Cx {
        state,
        page: found.page,
        params: &found.params,
        query,
        staff,
        content: content.clone(),
        undeclared: Default::default(),
    };
    let Loaded { status, data, head } = (found.page.load)(&cx).await?;
    if let Some(name) = cx.undeclared.into_inner().unwrap_or_else(|e| e.into_inner()) {
        let detail = format!("page {} reads ?{name}, which its entry does not declare", found.page.name);
        return Err(DataError::Corrupt { what: "the page registry".into(), detail });
    }
    if data.component() != found.page.component {
        let detail = format!("page {} is drawn by {}, its data is for {}", found.page.name, found.page.component, data.component());
        return Err(DataError::Corrupt { what: "the page registry".into(), detail });
    }
    let form_token = crate::form_guard::for_page(state, found.page.name).await?;
    let (site, bar) = match found.page.scope {
        Scope::Public => (
            crate::state::PageSite::of(&content, &state.config, Console::No),
            None,
        ),
        Scope::Staff(need) => (
            crate::state::PageSite::of(&content, &state.config, console(need, staff)),
            Some(staff::Bar::of(staff, staff_nav(staff), state.config.staff_idle)),
        ),
    };
    Ok(Props { page: found.page.name, path: path.clone(), status, head, site, data, form: None, form_token, staff: bar })
}

/// Which console texts a page carries: all of them for a signed-in session
/// (on any page, as its links move in place), its own areas before.
fn console(need: crate::access::Need, staff: Option<&hygo_staff::sessions::Current>) -> Console {
    let signed_in = staff.is_some_and(|c| c.stage == hygo_staff::sessions::Stage::Full);
    match (need, signed_in) {
        (crate::access::Need::Role(_), _) | (_, true) => Console::SignedIn,
        _ => Console::SignedOut,
    }
}

/// The console's navigation for a session: the registry's pages that name a
/// label (`Page::nav`), in its order, each only to the roles it needs.
pub fn staff_nav(current: Option<&hygo_staff::sessions::Current>) -> Vec<staff::NavItem> {
    let Some(current) = current.filter(|c| c.stage == hygo_staff::sessions::Stage::Full) else { return Vec::new() };
    PAGES
        .iter()
        .filter_map(|page| {
            let label = page.nav?;
            let allowed = matches!(page.scope, Scope::Staff(crate::access::Need::Role(roles)) if roles.contains(&current.role));
            allowed.then(|| staff::NavItem { label, paths: page.paths.to_vec() })
        })
        .collect()
}

/// What a console page's data function answers when it is called for a session
/// its entry does not admit: never, as the page's handler checks the same need
/// first (`crate::access::check`); a defect, not the visitor's fault.
fn unchecked() -> DataError {
    DataError::Corrupt { what: "the page registry".into(), detail: "a console page was loaded for a session its entry does not admit".into() }
}

/// Before a page that shows patients' data is answered (`Page::patient_data`):
/// who looks at which page, in the audit log, committed to the database the
/// server opened. When that cannot be (the file deleted, replaced, read-only),
/// the page is not sent (503), so no disclosure goes unrecorded. The page's
/// handler and `/api/props` run it beside loading and rendering the page (its
/// commit takes a disk's flush; nothing is sent before both are done), through
/// `loaded_with_record`.
pub async fn disclose(state: &AppState, staff: Option<&hygo_staff::sessions::Current>, url: &str) -> Result<(), DataError> {
    use hygo_core::audit::{self, Actor, Target};
    let Some(current) = staff else {
        return Err(DataError::Corrupt { what: "the page registry".into(), detail: format!("{url} shows patients' data without a session") });
    };
    let fault = |f: hygo_core::db::Fault| DataError::Storage(f.to_string());
    state.storage.files().map_err(fault)?;
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let after = serde_json::json!({ "query": query });
    audit::record(&state.db, &Actor::staff(current.account_id, &current.email), audit::VIEW, Target { kind: "page", name: path }, serde_json::Value::Null, after).await?;
    // Committed, but to a file deleted or replaced meanwhile, which nobody will read: no record.
    state.storage.same_file().map_err(fault)?;
    Ok(())
}

/// `work` (loading a page, or loading and rendering it), with the audit row of
/// `disclose` when the page shows patients' data, made at the same time: its
/// answer only when the row is committed; a `DataError` otherwise.
pub async fn loaded_with_record<T>(
    state: &AppState,
    found: &Found,
    staff: Option<&hygo_staff::sessions::Current>,
    url: &str,
    work: impl Future<Output = T>,
) -> Result<T, DataError> {
    if !found.page.patient_data {
        return Ok(work.await);
    }
    let (recorded, done) = futures_util::join!(disclose(state, staff, url), work);
    recorded.map(|()| done)
}

/// The first sentences of a text, at most `max` characters, for a description.
pub fn first_sentences(text: &str, max: usize) -> String {
    let clean = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if clean.chars().count() <= max {
        return clean;
    }
    let cut: String = clean.chars().take(max).collect();
    if let Some(stop) = cut.rfind(". ").filter(|s| cut[..*s].chars().count() > 60) {
        return cut[..=stop].to_owned();
    }
    let end = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", &cut[..end])
}

pub fn positive_id(text: &str) -> Option<i32> {
    text.parse::<i32>().ok().filter(|id| *id > 0)
}

/// The first value of `name` in a query string, percent-decoded.
pub fn query_param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == name).then(|| percent_decode(v))
    })
}

pub fn percent_decode(text: &str) -> String {
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
    fn query_params_are_decoded() {
        assert_eq!(query_param("a=1&b=x%20y+z", "b").as_deref(), Some("x y z"));
        assert_eq!(query_param("a=%", "a").as_deref(), Some("%"));
        assert_eq!(query_param("a=%e0%a4", "a").as_deref(), Some("\u{fffd}"));
        assert_eq!(query_param("a", "a").as_deref(), Some(""));
        assert_eq!(query_param("", "a"), None);
    }

    #[test]
    fn descriptions_stop_at_a_sentence_or_a_word() {
        assert_eq!(first_sentences("  Short   text. ", 160), "Short text.");
        let long = format!("{} Second sentence goes on and on.", "First sentence is long enough to pass sixty characters easily.");
        assert_eq!(first_sentences(&long, 70), "First sentence is long enough to pass sixty characters easily.");
        assert_eq!(first_sentences(&"word ".repeat(50), 22), "word word word word…");
    }
}

//! The staff console's pages (`Scope::Staff` in the registry): their data functions.
//! The session was checked before any of these runs (`crate::staff::guard`); they
//! read it from `Cx::staff`. Their writes are `crate::staff::actions`.

use chrono::NaiveDate;
use serde::Serialize;
use ts_rs::TS;

use hygo_booking::appointments;
use hygo_booking::inbox::lists::{self, Counts, Detail, Filter, Row};
use hygo_booking::inbox::messages::{self, Item, Kind};
use hygo_booking::status::{Status, Step};
use hygo_core::DataError;
use hygo_core::audit;
use hygo_staff::accounts::{self, Account};
use hygo_staff::sessions::{self, Current, Own};
use hygo_staff::{Role, sign_in, totp};

use super::{Cx, Head, Loaded, PageData};
use crate::access::{Admin, AnyRole, Desk, Roles, Staff, Who};

/// Who is signed in, as every console page shows it, and the anti-forgery token
/// its forms carry (`Props.staff`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffBar")]
pub struct Bar {
    /// Signed in (the whole way): the name, the role and the sign-out button show.
    pub signed_in: bool,
    pub name: Option<String>,
    pub role: Option<Role>,
    pub csrf: Option<String>,
    /// The console's navigation for this session (`pages::staff_nav`).
    pub nav: Vec<NavItem>,
    /// The longest query of the header's patient search (`hygo_booking::patients::LIMITS`).
    #[ts(type = "number")]
    pub find_max: usize,
    /// Signed in: the minutes without a request after which the session ends
    /// (`HYGO_STAFF_IDLE_MINUTES`); the page warns before (`IdleWarning`).
    #[ts(type = "number | null")]
    pub idle_minutes: Option<i64>,
}

impl Bar {
    pub fn of(current: Option<&Current>, nav: Vec<NavItem>, idle: chrono::Duration) -> Self {
        let full = current.filter(|c| c.stage == sessions::Stage::Full);
        Bar {
            idle_minutes: full.map(|_| idle.num_minutes()),
            signed_in: full.is_some(),
            name: full.map(|c| c.name.clone()),
            role: full.map(|c| c.role),
            csrf: current.map(|c| c.csrf.clone()),
            nav,
            find_max: hygo_core::form::limit(hygo_booking::patients::LIMITS, "q"),
        }
    }
}

/// One link of the console's navigation: its label's key in the console's texts
/// (`frame.{label}`) and the page's paths (the first is the link; the page is the
/// current section on any of them or below one, but for `/staff` itself).
#[derive(Debug, Clone, Serialize, TS)]
#[ts(rename = "StaffNavItem")]
pub struct NavItem {
    pub label: &'static str,
    pub paths: Vec<&'static str>,
}

/// A console page's title: `titles.{page}` of the console's texts.
pub(super) fn head(cx: &Cx<'_>) -> Head {
    let title = match cx
        .content
        .staff_texts
        .get("titles")
        .and_then(|t| t.get(cx.page.name))
    {
        Some(hygo_content::Text::One(title)) => title.as_str(),
        _ => "HYGO staff",
    };
    Head::new(format!("{title} · HYGO staff"), String::new())
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffSignInData")]
pub struct SignInData {
    /// `password`, then `code` (the authenticator app's code or a recovery code).
    pub step: &'static str,
}

pub async fn sign_in<W: Who>(cx: &Cx<'_>, _who: W) -> Result<Loaded, DataError> {
    let step = if cx.page.name == "staff-code" { "code" } else { "password" };
    Ok(Loaded::ok(PageData::StaffSignIn(SignInData { step }), head(cx)))
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffSetupData")]
pub struct SetupData {
    /// `password` (choose one), `code` (set up the authenticator app), or `invalid` (a used or expired link).
    pub step: &'static str,
    pub email: Option<String>,
    /// The link's token, carried by the password form.
    pub token: Option<String>,
    /// The authenticator app's QR code (SVG) and its secret for typing in by hand.
    pub qr: Option<String>,
    pub secret: Option<String>,
    pub min_chars: usize,
    pub max_chars: usize,
}

pub async fn setup<W: Who>(cx: &Cx<'_>, _who: W) -> Result<Loaded, DataError> {
    let mut data = SetupData {
        step: "invalid",
        email: None,
        token: None,
        qr: None,
        secret: None,
        min_chars: hygo_staff::password::MIN_CHARS,
        max_chars: hygo_staff::password::MAX_CHARS,
    };
    if let Some(current) = cx.staff.filter(|_| cx.page.name == "staff-enrol") {
        let account = accounts::by_id(cx.db(), current.account_id).await?;
        if let Some(secret) = account.and_then(|a| a.totp_secret) {
            let url = totp::otpauth_url(&secret, &current.email);
            data = SetupData { step: "code", email: Some(current.email.clone()), qr: Some(totp::qr_svg(&url)), secret: Some(secret), ..data };
        }
    } else if let Some(token) = cx.query("token").filter(|t| !t.is_empty()) {
        if let Some((_, account)) = accounts::by_link(cx.db(), &token).await? {
            data = SetupData { step: "password", email: Some(account.email), token: Some(token), ..data };
        }
    }
    let found = data.step != "invalid";
    let data = PageData::StaffSetup(data);
    Ok(if found { Loaded::ok(data, head(cx)) } else { Loaded::not_found(data, head(cx)) })
}

/// A doctor to choose in a filter or a reschedule.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DoctorChoice {
    pub id: i32,
    pub name: String,
}

/// Every doctor, retired too (to find their past requests).
async fn doctors(cx: &Cx<'_>) -> Result<Vec<DoctorChoice>, DataError> {
    choices(cx, false).await
}

/// The doctors who still see patients: to move a request to, or to give leave.
async fn current_doctors(cx: &Cx<'_>) -> Result<Vec<DoctorChoice>, DataError> {
    choices(cx, true).await
}

async fn choices(cx: &Cx<'_>, current: bool) -> Result<Vec<DoctorChoice>, DataError> {
    let rows = hygo_directory::doctor_edit::names(cx.db(), current).await?;
    Ok(rows.into_iter().map(|(id, name)| DoctorChoice { id, name }).collect())
}

fn page_number(cx: &Cx<'_>) -> u64 {
    cx.query("page").and_then(|p| p.parse::<u64>().ok()).filter(|p| *p >= 1).unwrap_or(1)
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffInboxData")]
pub struct InboxData {
    pub rows: Vec<Row>,
    #[ts(type = "number")]
    pub page: u64,
    #[ts(type = "number")]
    pub pages: u64,
    pub counts: Counts,
    /// Open health-card requests and contact messages.
    #[ts(type = "number")]
    pub open_cards: u64,
    #[ts(type = "number")]
    pub open_messages: u64,
    /// The filters as applied (empty: any).
    pub status: Option<Status>,
    pub doctor: Option<i32>,
    pub date: Option<String>,
    pub statuses: Vec<Status>,
    pub doctors: Vec<DoctorChoice>,
    /// Today in IST (the export's and the day view's default).
    pub today: String,
    /// The phone messages that did not arrive, for requests still to come: the
    /// desk calls these patients (`hygo_core::messaging::failed_to_call`).
    pub failed_messages: Vec<PhoneMessage>,
}

/// A message to a patient's phone as the desk sees it: what it was, on which
/// channel, what became of it and when; never its text.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffPhoneMessage")]
pub struct PhoneMessage {
    /// `whatsapp` or `sms`.
    pub channel: String,
    /// The template's name (`hygo_visit_confirmed`, `hygo_visit_confirmed_sms`…).
    pub template: String,
    /// `queued`, `sent`, `delivered`, `read` or `failed`.
    pub state: String,
    /// When it last changed (RFC 3339).
    pub at: String,
    /// Why it failed: the provider's code (`whatsapp 131026`), or `withdrawn`.
    pub error: Option<String>,
    /// The request it is about, and the number, as people read it (the failed list).
    pub reference: String,
    pub phone: String,
}

impl PhoneMessage {
    fn of(m: hygo_core::entities::outbox::Model, reference: String) -> Self {
        PhoneMessage {
            channel: m.channel,
            template: m.template,
            state: m.state,
            at: m.state_at.unwrap_or(m.created_at),
            error: m.error,
            reference,
            phone: hygo_core::phone::for_people(&m.to_address),
        }
    }
}

pub async fn inbox(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    expire_due(cx).await;
    // Without a status in the address, what waits; "any" is the empty status.
    let filter = Filter {
        status: match cx.query("status") {
            None => Some(Status::Requested),
            Some(s) => Status::parse(&s),
        },
        doctor_id: cx.query("doctor").and_then(|d| d.parse().ok()),
        date: cx.query("date").and_then(|d| hygo_core::ist::parse_date(&d)),
    };
    let page = page_number(cx);
    let (rows, pages) = lists::list(cx.db(), &filter, page, cx.clock().today()).await?;
    let (open_cards, open_messages) = messages::open_counts(cx.db()).await?;
    let counts = lists::counts(cx.db(), cx.clock().today()).await?;
    // The tab says how many wait, so the desk sees it from another tab.
    let mut head = head(cx);
    if counts.requested > 0 {
        head.title = format!("({}) {}", counts.requested, head.title);
    }
    let data = InboxData {
        rows,
        page: page.min(pages),
        pages,
        counts,
        open_cards,
        open_messages,
        status: filter.status,
        doctor: filter.doctor_id,
        date: filter.date.map(|d| d.to_string()),
        statuses: Status::ALL.to_vec(),
        doctors: doctors(cx).await?,
        today: cx.clock().today().to_string(),
        failed_messages: hygo_core::messaging::failed_to_call(cx.db(), &cx.clock().today().to_string(), 20)
            .await?
            .into_iter()
            .map(|(m, reference)| PhoneMessage::of(m, reference))
            .collect(),
    };
    Ok(Loaded::ok(PageData::StaffInbox(data), head))
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAppointmentData")]
pub struct AppointmentData {
    pub request: Option<Detail>,
    /// The links to call the patient and to write to them (`crate::links`).
    pub reach: Option<crate::links::Reach>,
    /// For a reschedule.
    pub doctors: Vec<DoctorChoice>,
    pub today: String,
    /// Where the request could move, when it may be rescheduled.
    pub reschedule: Option<Reschedule>,
    /// The confirmation step of a decline or a cancellation (`?confirm=`), when it may be taken.
    pub confirm: Option<Step>,
    /// The reasons the patient may read (`forms.json`, `declineReasons`).
    pub reasons: Vec<hygo_content::OptionText>,
    pub limits: FieldLimits,
    /// The messages to the patient's phone about this request, oldest first.
    pub messages: Vec<PhoneMessage>,
}

/// A day the desk looks at to move a request: the doctor and date asked for
/// (`?doctor=&date=`; the request's own by default) and that day's free times,
/// from the same slot engine as the public wizards (hours, leave, past times and
/// the requests holding a slot).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffReschedule")]
pub struct Reschedule {
    pub doctor_id: i32,
    /// YYYY-MM-DD, today or later.
    pub date: String,
    /// "09:15 AM", in order.
    pub free: Vec<String>,
    /// The clinic of each free time, in the same order: a move to the other clinic shows.
    pub clinics: Vec<String>,
    pub availability: appointments::DayAvailability,
}

pub async fn appointment(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    expire_due(cx).await;
    let reference = cx.param("reference").unwrap_or_default();
    let request = lists::one(cx.db(), reference, cx.clock().now()).await?;
    let doctors = current_doctors(cx).await?;
    let today = cx.clock().today();
    let reschedule = match &request {
        Some(r) if r.next.contains(&Step::Reschedule) => {
            let doctor_id = cx.query("doctor").and_then(|d| d.parse().ok()).filter(|id| doctors.iter().any(|d| d.id == *id)).unwrap_or(r.row.doctor_id);
            let date = cx.query("date").and_then(|d| hygo_core::ist::parse_date(&d)).or_else(|| hygo_core::ist::parse_date(&r.row.date)).map_or(today, |d| d.max(today));
            let day = appointments::day_slots(cx.db(), cx.clock(), doctor_id, date).await?;
            let clinics = hygo_schedule::schedule::clinic_names(cx.db(), doctor_id, date, &day.available_slots).await?;
            Some(Reschedule { doctor_id, date: date.to_string(), free: day.available_slots, clinics, availability: day.availability })
        }
        _ => None,
    };
    let found = request.is_some();
    let reach = request.as_ref().map(|r| crate::links::Reach::of(&r.phone, &r.chat));
    let confirm = cx
        .query("confirm")
        .and_then(|c| serde_json::from_value::<Step>(serde_json::Value::from(c)).ok())
        .filter(|s| matches!(s, Step::Decline | Step::Cancel) && request.as_ref().is_some_and(|r| r.next.contains(s)));
    let reasons = cx.content.forms.decline_reasons.clone();
    let limits = FieldLimits(hygo_booking::inbox::WHY_LIMITS);
    let messages = match &request {
        Some(r) => hygo_core::messaging::of_appointment(cx.db(), r.id).await?.into_iter().map(|m| PhoneMessage::of(m, r.row.reference.clone())).collect(),
        None => Vec::new(),
    };
    let data = PageData::StaffAppointment(AppointmentData { request, reach, doctors, today: today.to_string(), reschedule, confirm, reasons, limits, messages });
    Ok(if found { Loaded::ok(data, head(cx)) } else { Loaded::not_found(data, head(cx)) })
}

/// The desk books a caller or a walk-in (`/staff/appointments/new`): a doctor and
/// a day chosen (`?doctor=&date=`, a GET form, so it works without JavaScript;
/// a free slot of the day and week views links here with `&time=`), that day's
/// free times from the public wizards' slot engine, and where the visit is.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffBookData")]
pub struct BookData {
    pub doctors: Vec<DoctorChoice>,
    pub doctor_id: Option<i32>,
    /// YYYY-MM-DD, today or later.
    pub date: String,
    pub today: String,
    /// The time a free slot's link chose, when it is still free.
    pub time: Option<String>,
    /// "phone" or "walk-in".
    pub channel: hygo_booking::desk::Channel,
    /// "09:15 AM", in order.
    pub free: Vec<String>,
    pub availability: appointments::DayAvailability,
    /// The clinic of each free time, in the same order (a doctor may work at both in a day).
    pub clinics: Vec<String>,
    pub limits: FieldLimits,
}

pub async fn book(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    use hygo_booking::desk::Channel;
    let doctors = current_doctors(cx).await?;
    let today = cx.clock().today();
    let doctor_id = cx.query("doctor").and_then(|d| d.parse().ok()).filter(|id| doctors.iter().any(|d| d.id == *id));
    let date = cx.query("date").and_then(|d| hygo_core::ist::parse_date(&d)).map_or(today, |d| d.max(today));
    let channel = match cx.query("channel").as_deref() {
        Some("walk-in") => Channel::WalkIn,
        _ => Channel::Phone,
    };
    let (mut free, mut availability, mut clinics) = (Vec::new(), appointments::DayAvailability::Open, Vec::new());
    if let Some(id) = doctor_id {
        let day = appointments::day_slots(cx.db(), cx.clock(), id, date).await?;
        clinics = hygo_schedule::schedule::clinic_names(cx.db(), id, date, &day.available_slots).await?;
        (free, availability) = (day.available_slots, day.availability);
    }
    let time = cx.query("time").filter(|t| free.contains(t));
    let data = BookData { doctors, doctor_id, date: date.to_string(), today: today.to_string(), time, channel, free, availability, clinics, limits: FieldLimits(hygo_booking::desk::LIMITS) };
    Ok(Loaded::ok(PageData::StaffBook(data), head(cx)))
}

/// Finding a patient (`/staff/patients`): the search is a POST (a phone number
/// or a name is never in an address), answered with this page and what it
/// found in the form's values (`patients`, `crate::staff::actions::FindPatient`).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffPatientsData")]
pub struct PatientsData {
    pub limits: FieldLimits,
    /// The most a search shows.
    #[ts(type = "number")]
    pub max: usize,
    /// The type of what a search found (`FormState.values.patients`).
    pub found: Option<Vec<hygo_booking::patients::Patient>>,
}

pub async fn patients(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    let data = PatientsData { limits: FieldLimits(hygo_booking::patients::LIMITS), max: hygo_booking::patients::MAX_PATIENTS, found: None };
    Ok(Loaded::ok(PageData::StaffPatients(data), head(cx)))
}

/// One patient (`/staff/patients/{reference}`, named by one of their requests):
/// every request of their phone, past and coming, with its status.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffPatientData")]
pub struct PatientData {
    pub patient: Option<hygo_booking::patients::Patient>,
}

pub async fn patient(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    let reference = cx.param("reference").unwrap_or_default();
    let patient = hygo_booking::patients::of_reference(cx.db(), reference, cx.clock().today()).await?;
    let found = patient.is_some();
    let data = PageData::StaffPatient(PatientData { patient });
    Ok(if found { Loaded::ok(data, head(cx)) } else { Loaded::not_found(data, head(cx)) })
}

/// Requests past the clinic's time expire before the desk looks at them, so no
/// list shows as waiting a request whose slot is free already (the job in
/// `crate::staff::jobs` does the same each minute, whoever looks). A database that
/// cannot take the write leaves them for the job.
async fn expire_due(cx: &Cx<'_>) {
    if crate::write::writable(cx.state).is_err() {
        return;
    }
    let hours = cx.state.config.request_expiry_hours;
    match hygo_booking::inbox::expire_due(cx.db(), chrono::Utc::now(), hours, &crate::pages::url::notices(cx.state)).await {
        Ok(0) => {}
        Ok(_) => {
            cx.state.render_cache.data_changed();
            cx.state.mail_queued();
        }
        Err(e) => tracing::warn!(error = %e, "expiring requests before a list failed; the job will retry"),
    }
}

/// The day view: a clinic's doctors on a date (or one doctor's, at every clinic).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffDayData")]
pub struct DayData {
    pub day: lists::DayView,
    pub clinics: Vec<Choice>,
    /// The clinic shown; None when one doctor is (`?doctor=`).
    pub clinic: Option<String>,
    pub doctors: Vec<DoctorChoice>,
    /// The doctor shown alone, if one was asked for.
    pub doctor: Option<i32>,
    /// YYYY-MM-DD: the date shown, the days before and after it, and today (IST).
    pub date: String,
    pub previous: String,
    pub next: String,
    pub today: String,
    /// The doctors come `PER_PAGE` to a page (a network's clinic has a hundred).
    #[serde(flatten)]
    #[ts(flatten)]
    pub paged: DoctorsPage,
}

/// Doctors on a page of the day and week views.
pub const PER_PAGE: usize = 30;

/// Which page of a list of doctors is shown (the day and week views).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DoctorsPage {
    #[ts(type = "number")]
    pub page: u64,
    #[ts(type = "number")]
    pub pages: u64,
    pub total: usize,
    pub per_page: usize,
}

/// The page `?page=` asks for of `total` doctors (1 and up, at most the last),
/// the number of pages, and the range of the page's doctors.
fn doctors_page(cx: &Cx<'_>, total: usize) -> (u64, u64, std::ops::Range<usize>) {
    let pages = total.div_ceil(PER_PAGE).max(1) as u64;
    let page = page_number(cx).clamp(1, pages);
    let start = (page as usize - 1) * PER_PAGE;
    (page, pages, start..(start + PER_PAGE).min(total))
}

/// `?clinic=` (default the first clinic of `catalogue/clinics.json`: staff
/// accounts have no clinic of their own yet), `?doctor=` for one doctor at
/// every clinic, `?date=` (default today, IST).
pub async fn day(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    use chrono::Duration;
    expire_due(cx).await;
    let today = cx.clock().today();
    let date: NaiveDate = cx.query("date").and_then(|d| hygo_core::ist::parse_date(&d)).unwrap_or(today);
    let doctors = doctors(cx).await?;
    let doctor = cx.query("doctor").and_then(|d| d.parse::<i32>().ok()).filter(|id| doctors.iter().any(|d| d.id == *id));
    let clinics = clinic_choices(cx);
    let clinic = match doctor {
        Some(_) => None,
        None => cx.query("clinic").filter(|c| clinics.iter().any(|k| &k.id == c)).or_else(|| clinics.first().map(|c| c.id.clone())),
    };
    let mut day = lists::day(cx.db(), lists::DayOf { clinic: clinic.as_deref(), doctor, date }).await?;
    let total = day.doctors.len();
    let (page, pages, shown) = doctors_page(cx, total);
    day.doctors = day.doctors.drain(shown).collect();
    let data = DayData {
        paged: DoctorsPage { page, pages, total, per_page: PER_PAGE },
        day,
        clinics,
        clinic,
        doctors,
        doctor,
        date: date.to_string(),
        previous: (date - Duration::days(1)).to_string(),
        next: (date + Duration::days(1)).to_string(),
        today: today.to_string(),
    };
    Ok(Loaded::ok(PageData::StaffDay(data), head(cx)))
}

/// "Today at the front desk": today's visits by clinic and time, each with what
/// the desk may mark (arrived, no-show, completed).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffTodayData")]
pub struct TodayData {
    /// YYYY-MM-DD (IST).
    pub date: String,
    pub clinics: Vec<TodayClinic>,
    /// The step just taken (`?done=`), for its message.
    pub done: Option<Step>,
}

/// One clinic's visits of the day, by time.
#[derive(Serialize, TS)]
pub struct TodayClinic {
    pub clinic: String,
    pub visits: Vec<TodayVisit>,
}

/// A visit on the front desk's list of the day.
#[derive(Serialize, TS)]
pub struct TodayVisit {
    pub reference: String,
    /// "09:15 AM".
    pub time: String,
    pub name: String,
    pub phone: String,
    /// `tel:` in international form (`crate::links`).
    pub tel: String,
    pub doctor: String,
    pub status: Status,
    /// What the desk may do now: of "arrive", "no-show" and "complete", those the status allows.
    pub steps: Vec<Step>,
    /// Nobody can see the patient then (the doctor away, the clinic closed): the desk moves the visit.
    pub away: bool,
}

pub async fn today(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    let date = cx.clock().today();
    let clinics = lists::today(cx.db(), date, cx.clock().now())
        .await?
        .into_iter()
        .map(|c| TodayClinic {
            clinic: c.clinic,
            visits: c
                .visits
                .into_iter()
                .map(|v| TodayVisit {
                    tel: crate::links::tel(&v.phone),
                    reference: v.reference,
                    time: v.time,
                    name: v.name,
                    phone: v.phone,
                    doctor: v.doctor,
                    status: v.status,
                    steps: v.steps,
                    away: v.away,
                })
                .collect(),
        })
        .collect();
    let done = cx.query("done").and_then(|d| serde_json::from_value(serde_json::Value::from(d)).ok());
    Ok(Loaded::ok(PageData::StaffToday(TodayData { date: date.to_string(), clinics, done }), head(cx)))
}

fn kind_of(cx: &Cx<'_>) -> Kind {
    if cx.page.name.starts_with("staff-card") { Kind::CardRequest } else { Kind::ContactMessage }
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffItemsData")]
pub struct ItemsData {
    pub kind: Kind,
    /// Showing the handled ones (else the open ones).
    pub handled: bool,
    pub items: Vec<Item>,
    #[ts(type = "number")]
    pub page: u64,
    #[ts(type = "number")]
    pub pages: u64,
}

pub async fn items(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    let (kind, handled, page) = (kind_of(cx), cx.query("handled").is_some_and(|h| h == "1"), page_number(cx));
    let (items, pages) = messages::list(cx.db(), kind, handled, page).await?;
    Ok(Loaded::ok(PageData::StaffItems(ItemsData { kind, handled, items, page: page.min(pages), pages }), head(cx)))
}

/// A form's longest values by field (`hygo_core::form::Limits`), as the page's
/// inputs read them (`maxLength={d.limits.note}`): the same numbers the checks use.
#[derive(Clone, Copy)]
pub struct FieldLimits(pub hygo_core::form::Limits);

impl Serialize for FieldLimits {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (field, max) in self.0 {
            map.serialize_entry(field, max)?;
        }
        map.end()
    }
}

impl TS for FieldLimits {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &ts_rs::Config) -> String {
        "Record<string, number>".to_owned()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffItemData")]
pub struct ItemData {
    pub kind: Kind,
    pub item: Option<Item>,
    pub history: Vec<audit::Entry>,
    pub limits: FieldLimits,
}

pub async fn item(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    let kind = kind_of(cx);
    let found = messages::one(cx.db(), kind, cx.param("reference").unwrap_or_default()).await?;
    let ok = found.is_some();
    let (mut item, history) = found.map_or((None, Vec::new()), |(item, history)| (Some(item), history));
    // Who closed it, by name (the row keeps the e-mail of the time).
    if let Some(by) = item.as_mut().and_then(|i| i.handled_by.as_mut()) {
        if let Some(account) = hygo_staff::accounts::by_email(cx.db(), by).await?.filter(|a| !a.name.trim().is_empty()) {
            *by = account.name;
        }
    }
    let data = PageData::StaffItem(ItemData { kind, item, history, limits: FieldLimits(messages::LIMITS) });
    Ok(if ok { Loaded::ok(data, head(cx)) } else { Loaded::not_found(data, head(cx)) })
}

/// How far ahead "who is away" looks.
pub const AWAY_DAYS: i64 = 30;

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffLeaveData")]
pub struct LeaveData {
    pub doctors: Vec<DoctorChoice>,
    /// The doctor shown (`?doctor=`); None: who is away, every doctor.
    pub doctor: Option<i32>,
    /// The doctor's current and coming leave, or every doctor's leave in the
    /// coming `days`, with the requests on it.
    pub periods: Vec<hygo_booking::inbox::affected::LeaveListed>,
    /// Without a doctor: the clinics' closures in the coming `days`.
    pub closures: Vec<hygo_booking::inbox::affected::Listed>,
    pub clinics: Vec<Choice>,
    #[ts(type = "number")]
    pub days: i64,
    pub today: String,
    /// The desk adds leave (a doctor phoning in sick); only admins remove it.
    pub can_remove: bool,
    pub limits: FieldLimits,
}

/// `/staff/leave`: who is away in the coming 30 days (leave and closures), or
/// with `?doctor=` one doctor's leave; the form to add leave on both.
pub async fn leave(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    use hygo_booking::inbox::affected;
    let doctors = current_doctors(cx).await?;
    let doctor = cx.query("doctor").and_then(|d| d.parse::<i32>().ok()).filter(|id| doctors.iter().any(|d| d.id == *id));
    let today = cx.clock().today();
    let last = (today + chrono::Duration::days(AWAY_DAYS - 1)).to_string();
    let (periods, closures) = match doctor {
        Some(id) => (affected::leave(cx.db(), id, today).await?, Vec::new()),
        None => {
            let mut closures = affected::closures(cx.db(), today).await?;
            closures.retain(|c| c.date <= last);
            (affected::away(cx.db(), today, AWAY_DAYS).await?, closures)
        }
    };
    let can_remove = cx.staff.is_some_and(|c| crate::access::ADMIN.contains(&c.role));
    let data = LeaveData { doctors, doctor, periods, closures, clinics: clinic_choices(cx), days: AWAY_DAYS, today: today.to_string(), can_remove, limits: FieldLimits(hygo_schedule::leave::LIMITS) };
    Ok(Loaded::ok(PageData::StaffLeave(data), head(cx)))
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAuditData")]
pub struct AuditData {
    pub entries: Vec<audit::Entry>,
    #[ts(type = "number")]
    pub page: u64,
    #[ts(type = "number")]
    pub pages: u64,
    /// The filters as asked (`?who=&action=&from=&to=&on=&views=1`), for the form and the pager.
    pub filter: AuditFilter,
    /// The staff accounts to filter by (id, name).
    pub people: Vec<Choice>,
    /// The actions the log knows, to filter by.
    pub actions: Vec<String>,
    pub target_max: usize,
}

#[derive(Serialize, TS, Default)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAuditFilter")]
pub struct AuditFilter {
    pub who: String,
    pub action: String,
    pub from: String,
    pub to: String,
    pub on: String,
    /// Whether the pages staff looked at are listed too (`?views=1`); by
    /// default only what was done.
    pub views: bool,
}

/// The audit log, filtered by person, action, IST dates and the thing acted on, 50 a page.
pub async fn audit(cx: &Cx<'_>, _staff: Staff<Admin>) -> Result<Loaded, DataError> {
    let page = page_number(cx);
    let asked = |value: Option<String>| value.map(|v| v.trim().to_owned()).unwrap_or_default();
    let (who_text, action_text) = (asked(cx.query("who")), asked(cx.query("action")));
    let (from, to) = (hygo_core::ist::parse_date(&asked(cx.query("from"))), hygo_core::ist::parse_date(&asked(cx.query("to"))));
    let on: String = asked(cx.query("on")).chars().take(audit::TARGET_MAX).collect();
    // The actions the console has words for (`catalogue/staff/en.json`, audit.actions).
    let actions: Vec<String> = match cx.content.staff_texts.get("audit").and_then(|a| a.get("actions")) {
        Some(hygo_content::Text::Group(labels)) => labels.keys().cloned().collect(),
        _ => Vec::new(),
    };
    let action = Some(action_text).filter(|a| actions.contains(a));
    let who = audit::Who::parse(&who_text);
    let views = asked(cx.query("views")) == "1" || action.as_deref() == Some(audit::VIEW);
    let filter = audit::Filter { views, who, action: action.clone(), from, to, target: Some(on.clone()) };
    let (entries, pages) = audit::list(cx.db(), page, &filter).await?;
    let entries = lists::visits_in_words(cx.db(), entries).await?;
    let people = hygo_staff::accounts::list(cx.db()).await?.into_iter().map(|a| Choice { id: a.id.to_string(), name: a.name }).collect();
    let filter = AuditFilter {
        who: if who.is_some() { who_text } else { String::new() },
        action: action.unwrap_or_default(),
        from: filter.from.map(|d| d.to_string()).unwrap_or_default(),
        to: filter.to.map(|d| d.to_string()).unwrap_or_default(),
        on,
        views,
    };
    Ok(Loaded::ok(PageData::StaffAudit(AuditData { entries, page: page.min(pages), pages, filter, people, actions, target_max: audit::TARGET_MAX }), head(cx)))
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAccountsData")]
pub struct AccountsData {
    pub accounts: Vec<Account>,
    pub roles: Vec<Role>,
    /// The admin looking: their own account cannot be disabled or signed out from
    /// this page (the server refuses it too), so its row offers neither.
    pub you: i32,
}

pub async fn accounts(cx: &Cx<'_>, staff: Staff<Admin>) -> Result<Loaded, DataError> {
    let you = staff.account_id();
    let data = AccountsData { accounts: accounts::list(cx.db()).await?, roles: Role::ALL.to_vec(), you };
    Ok(Loaded::ok(PageData::StaffAccounts(data), head(cx)))
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAccountData")]
pub struct AccountData {
    pub email: String,
    pub sessions: Vec<Own>,
    #[ts(type = "number")]
    pub recovery_left: u64,
    pub min_chars: usize,
    pub max_chars: usize,
}

pub async fn account(cx: &Cx<'_>, staff: Staff<AnyRole>) -> Result<Loaded, DataError> {
    let current = staff.current();
    let data = AccountData {
        email: current.email.clone(),
        sessions: sessions::own(cx.db(), current, crate::access::lifetimes(cx.state), cx.state.clock.real()).await?,
        recovery_left: sign_in::recovery_left(cx.db(), current.account_id).await?,
        min_chars: hygo_staff::password::MIN_CHARS,
        max_chars: hygo_staff::password::MAX_CHARS,
    };
    Ok(Loaded::ok(PageData::StaffAccount(data), head(cx)))
}

// ---- Doctors, their hours, clinic closures, the week ---------------------------------

/// An option of a console select: a department or a clinic.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffOption")]
pub struct Choice {
    pub id: String,
    pub name: String,
}

fn clinic_choices(cx: &Cx<'_>) -> Vec<Choice> {
    cx.content
        .clinics
        .iter()
        .map(|c| Choice {
            id: c.id.clone(),
            name: c.name.clone(),
        })
        .collect()
}

fn is_admin(cx: &Cx<'_>) -> bool {
    cx.staff.is_some_and(|c| crate::access::ADMIN.contains(&c.role))
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffDoctorsData")]
pub struct DoctorsData {
    pub doctors: Vec<hygo_directory::doctor_edit::Row>,
    pub can_edit: bool,
}

pub async fn doctor_list(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    let data = DoctorsData { doctors: hygo_directory::doctor_edit::rows(cx.db()).await?, can_edit: is_admin(cx) };
    Ok(Loaded::ok(PageData::StaffDoctors(data), head(cx)))
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffDoctorData")]
pub struct DoctorData {
    /// None: the form adds a doctor.
    pub id: Option<i32>,
    pub fields: hygo_directory::doctor_edit::Fields,
    pub departments: Vec<Choice>,
    pub clinics: Vec<Choice>,
    /// YYYY-MM-DD when retired.
    pub retired_on: Option<String>,
    pub photo: Option<hygo_directory::doctor_photos::Photo>,
    /// A retired doctor's requests still to come, for the desk to move or decline.
    pub upcoming: Vec<Row>,
    /// The largest upload, in MB.
    pub max_photo_mb: usize,
    pub can_edit: bool,
    pub limits: FieldLimits,
}

pub async fn doctor<R: Roles>(cx: &Cx<'_>, _staff: Staff<R>) -> Result<Loaded, DataError> {
    use hygo_directory::doctor_edit;
    // The departments doctors can be in, named as the catalogue names them.
    let departments = doctor_edit::departments(cx.db()).await?;
    let id = cx.param("id").and_then(super::positive_id);
    let row = match id {
        Some(id) => doctor_edit::record(cx.db(), id).await?,
        None => None,
    };
    let found = cx.page.name == "staff-doctor-new" || row.is_some();
    let fields = match &row {
        Some(r) => {
            let slug = departments.iter().find(|d| d.id == r.department_id).map(|d| d.slug.as_str()).unwrap_or_default();
            hygo_directory::doctor_edit::Fields::of(r, slug)
        }
        None => hygo_directory::doctor_edit::Fields {
            clinic: cx
                .content
                .clinics
                .first()
                .map(|c| c.id.clone())
                .unwrap_or_default(),
            availability: cx.content.message("doctor.availableDefault").to_owned(),
            ..Default::default()
        },
    };
    let data = DoctorData {
        id: row.as_ref().map(|r| r.id),
        fields,
        departments: {
            let mut named: Vec<Choice> = departments
                .into_iter()
                .filter_map(|d| {
                    cx.content.find_department(&d.slug).map(|known| Choice {
                        id: d.slug,
                        name: known.name.clone(),
                    })
                })
                .collect();
            named.sort_by(|a, b| a.name.cmp(&b.name));
            named
        },
        clinics: clinic_choices(cx),
        retired_on: row.as_ref().and_then(|r| r.retired_on.clone()),
        photo: row.as_ref().and_then(|r| r.photo.as_deref()).and_then(hygo_directory::doctor_photos::Photo::read),
        upcoming: match row.as_ref().filter(|r| r.retired_on.is_some()) {
            Some(r) => hygo_booking::inbox::affected::upcoming(cx.db(), r.id, cx.clock().today()).await?,
            None => Vec::new(),
        },
        max_photo_mb: hygo_directory::photos::MAX_BYTES / (1024 * 1024),
        can_edit: is_admin(cx),
        limits: FieldLimits(hygo_directory::doctor_edit::LIMITS),
    };
    let data = PageData::StaffDoctor(data);
    Ok(if found { Loaded::ok(data, head(cx)) } else { Loaded::not_found(data, head(cx)) })
}

/// A weekday's hours at a clinic, as the week form's field.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffHoursField")]
pub struct HoursField {
    pub clinic: String,
    /// `hours-1-kalawad-road`.
    pub name: String,
    /// "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM".
    pub value: String,
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffHoursDay")]
pub struct HoursDay {
    /// 1 Monday … 7 Sunday.
    pub weekday: i16,
    pub fields: Vec<HoursField>,
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffHoursData")]
pub struct HoursData {
    pub doctor: Option<DoctorChoice>,
    /// The doctor's own clinic's id.
    pub own_clinic: String,
    pub clinics: Vec<Choice>,
    pub week: Vec<HoursDay>,
    /// Changes of hours from today on, with the requests each leaves without a slot.
    pub changes: Vec<hygo_booking::inbox::affected::Listed>,
    pub today: String,
    pub can_edit: bool,
    /// The week form's and a change's longest values.
    pub week_limits: FieldLimits,
    pub change_limits: FieldLimits,
}

pub async fn hours(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    use hygo_schedule::schedule;
    let today = cx.clock().today();
    let row = match cx.param("id").and_then(super::positive_id) {
        Some(id) => hygo_directory::doctor_edit::record(cx.db(), id).await?,
        None => None,
    };
    let (mut week, mut changes) = (Vec::new(), Vec::new());
    if let Some(d) = &row {
        let stored = schedule::week_of(cx.db(), d).await?;
        for weekday in 1..=7i16 {
            let fields = cx
                .content
                .clinics
                .iter()
                .map(|c| HoursField {
                    clinic: c.id.clone(),
                    name: schedule::week_field(weekday, &c.id),
                    value: stored.get(&(weekday, c.id.clone())).map(|r| schedule::ranges_text(r)).unwrap_or_default(),
                })
                .collect();
            week.push(HoursDay { weekday, fields });
        }
        changes = hygo_booking::inbox::affected::changes(cx.db(), d.id, today).await?;
    }
    let found = row.is_some();
    let data = PageData::StaffHours(HoursData {
        own_clinic: row
            .as_ref()
            .map(|d| d.clinic_id.clone())
            .unwrap_or_default(),
        doctor: row.map(|d| DoctorChoice {
            id: d.id,
            name: d.name,
        }),
        clinics: clinic_choices(cx),
        week,
        changes,
        today: today.to_string(),
        can_edit: is_admin(cx),
        week_limits: FieldLimits(hygo_schedule::schedule::WEEK_LIMITS),
        change_limits: FieldLimits(hygo_schedule::schedule::CHANGE_LIMITS),
    });
    Ok(if found { Loaded::ok(data, head(cx)) } else { Loaded::not_found(data, head(cx)) })
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffClosuresData")]
pub struct ClosuresData {
    pub clinics: Vec<Choice>,
    /// From today on, each with the requests it leaves without a slot.
    pub closures: Vec<hygo_booking::inbox::affected::Listed>,
    pub today: String,
    pub can_edit: bool,
    pub limits: FieldLimits,
}

pub async fn closures(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    let today = cx.clock().today();
    let data = ClosuresData {
        clinics: clinic_choices(cx),
        closures: hygo_booking::inbox::affected::closures(cx.db(), today).await?,
        today: today.to_string(),
        can_edit: is_admin(cx),
        limits: FieldLimits(hygo_schedule::schedule::CLOSURE_LIMITS),
    };
    Ok(Loaded::ok(PageData::StaffClosures(data), head(cx)))
}

/// The sick day's screen (`hygo_booking::inbox::away`): the visits a leave or a
/// closure covers, with `?sheet=1` the call sheet to print.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAwayData")]
pub struct AwayData {
    /// None: no such leave or closure (404).
    pub away: Option<hygo_booking::inbox::away::Away>,
    pub today: String,
    pub sheet: bool,
}

pub async fn away(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    use hygo_booking::inbox::away;
    let cover = away::Cover::parse(cx.param("kind").unwrap_or_default(), cx.param("id").unwrap_or_default());
    let found = match cover {
        Some(cover) => away::load(cx.db(), cx.clock(), cover).await?,
        None => None,
    };
    let ok = found.is_some();
    let data = PageData::StaffAway(AwayData { away: found, today: cx.clock().today().to_string(), sheet: cx.query("sheet").as_deref() == Some("1") });
    Ok(if ok { Loaded::ok(data, head(cx)) } else { Loaded::not_found(data, head(cx)) })
}

/// A doctor's day in the week view.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffWeekDay")]
pub struct WeekDay {
    pub date: String,
    /// "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM"; "" for none.
    pub hours: String,
    pub on_leave: bool,
    /// The hours are the date's own (a change), not the weekday's.
    pub changed: bool,
    /// A closure's public note when the doctor's clinic is closed for all their hours.
    pub closed: Option<String>,
    /// Requests holding a slot that day.
    pub requests: u32,
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffWeekDoctor")]
pub struct WeekDoctor {
    pub id: i32,
    pub name: String,
    pub days: Vec<WeekDay>,
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffWeekData")]
pub struct WeekData {
    /// The clinic whose doctors are shown (`?clinic=`, default the first).
    pub clinic: String,
    pub clinics: Vec<Choice>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub paged: DoctorsPage,
    /// The Monday of the week shown, YYYY-MM-DD.
    pub from: String,
    pub days: Vec<String>,
    /// The day of the week a phone shows as a list: the date asked for (`?from=`,
    /// default today), YYYY-MM-DD.
    pub day: String,
    pub doctors: Vec<WeekDoctor>,
    pub today: String,
}

pub async fn week(cx: &Cx<'_>, _staff: Staff<Desk>) -> Result<Loaded, DataError> {
    use chrono::{Datelike, Duration};
    use hygo_schedule::schedule;
    let today = cx.clock().today();
    let asked = cx.query("from").and_then(|d| hygo_core::ist::parse_date(&d)).unwrap_or(today);
    let monday = asked - Duration::days(asked.weekday().num_days_from_monday() as i64);
    let days: Vec<NaiveDate> = (0..7).map(|i| monday + Duration::days(i)).collect();
    // A clinic's doctors, a page of them, in a handful of queries however many (`day_plans`).
    let clinics = clinic_choices(cx);
    let clinic = cx.query("clinic").filter(|c| clinics.iter().any(|k| &k.id == c)).or_else(|| clinics.first().map(|c| c.id.clone())).unwrap_or_default();
    // The clinic's doctors, and those of the other clinics with hours here this
    // week (issue 44: a doctor's Friday at the other clinic was shown, unmarked,
    // in her own clinic's week, and missing from the other's).
    let mut rows = hygo_directory::doctor_edit::records(cx.db(), true).await?;
    let plans = schedule::day_plans(cx.db(), &rows, &days).await?;
    let here = |plan: &schedule::DayPlan| plan.hours.iter().any(|h| h.clinic == clinic);
    rows.retain(|d| d.clinic_id == clinic || days.iter().any(|&day| here(&plans.of(d.id, day))));
    rows.sort_by_key(|d| hygo_core::entities::doctor::sort_key(&d.name));
    let total = rows.len();
    let (page, pages, shown) = doctors_page(cx, total);
    let rows: Vec<_> = rows.drain(shown).collect();
    let ids: Vec<i32> = rows.iter().map(|d| d.id).collect();
    let counts = hygo_booking::appointments::held_counts(cx.db(), &ids, days[0], days[6]).await?;
    let leave = hygo_schedule::leave::periods(cx.db(), &ids, days[0]).await?;
    let mut doctors = Vec::with_capacity(rows.len());
    for d in rows {
        let periods = leave.get(&d.id).map_or(&[][..], Vec::as_slice);
        let out = days
            .iter()
            .map(|&day| {
                let plan = plans.of(d.id, day);
                let date = day.to_string();
                // Only the hours at this clinic: the other clinic's week shows the rest.
                let ranges: Vec<_> = plan.hours.iter().filter(|h| h.clinic == clinic).map(|h| h.range).collect();
                WeekDay {
                    requests: counts.get(&(d.id, date.clone())).copied().unwrap_or(0),
                    date,
                    hours: schedule::ranges_text(&ranges),
                    on_leave: periods.iter().any(|p| p.covers(day)),
                    changed: plan.changed,
                    closed: plan.closed_by.filter(|c| c.clinic == clinic).map(|c| c.note),
                }
            })
            .collect();
        doctors.push(WeekDoctor { id: d.id, name: d.name, days: out });
    }
    doctors.sort_by_key(|d| hygo_core::entities::doctor::sort_key(&d.name));
    let data = WeekData { clinic, clinics, paged: DoctorsPage { page, pages, total, per_page: PER_PAGE }, from: monday.to_string(), days: days.iter().map(|d| d.to_string()).collect(), day: asked.to_string(), doctors, today: today.to_string() };
    Ok(Loaded::ok(PageData::StaffWeek(data), head(cx)))
}

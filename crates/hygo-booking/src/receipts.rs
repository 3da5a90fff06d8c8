//! Confirmation pages of the requests (issue 43: proof of a request for a
//! patient with a phone only). A stored form post is sent on (303) to
//! `/requests?token=`, and a JSON booking's answer names the same page: the
//! token is 130 random bits, not the request's reference, so the address
//! cannot be guessed. The address carries no name, doctor or time into the
//! browser's history, and a page cannot be made to show words of a stranger's
//! choosing. An unknown or ended token is "not found", the same for both.
//!
//! How long a page shows what:
//! - an appointment request's page lives as long as the request does: while
//!   it is waiting, confirmed or the patient has arrived, until its day is over
//!   (`LIVE`); it shows the reference, the doctor, day, time, clinic and status,
//!   never a reason, symptoms or notes; the person's own details (wizard B's
//!   name, phone and e-mail) only for `HYGO_RECEIPT_MINUTES` after the request;
//! - a health-card request's or a contact message's page (a reference and a
//!   card's name, nothing personal) for `OTHER_DAYS` days.

use chrono::{Duration, NaiveDate, SecondsFormat, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};
use serde::Serialize;

use crate::promise::{Opening, Promise};
use crate::entities::{appointment, card_request, contact_message, doctor, receipt};
use crate::status::Status;
use crate::{ist, refs, schedule, slots, DataError, Db};

/// What a confirmation page is for: which form stored which table's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Wizard A (`/appointment`).
    AppointmentGeneral,
    /// Wizard B (`/appointment/{id}`): its confirmation repeats the personal details.
    AppointmentDoctor,
    Card,
    Contact,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::AppointmentGeneral, Kind::AppointmentDoctor, Kind::Card, Kind::Contact];

    fn as_str(self) -> &'static str {
        match self {
            Kind::AppointmentGeneral => "appointment-general",
            Kind::AppointmentDoctor => "appointment-doctor",
            Kind::Card => "card",
            Kind::Contact => "contact",
        }
    }
}

/// What a confirmation page shows: what the success screens show after a send with
/// JavaScript, and the reference.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Receipt {
    #[serde(rename_all = "camelCase")]
    Appointment {
        reference: String,
        /// Wizard A (true) or B.
        general: bool,
        doctor: String,
        doctor_id: i32,
        /// YYYY-MM-DD.
        date: String,
        /// "09:15 AM".
        time: String,
        visit_type: String,
        /// The id of the clinic the visit is at.
        clinic: String,
        /// When the clinic will be in touch, and when the request lapses.
        promise: Promise,
        /// The clinic has confirmed the visit (or the patient has come).
        confirmed: bool,
        /// No e-mail address was given: the clinic answers by a call or WhatsApp.
        by_phone: bool,
        /// Wizard B's confirmation repeats the personal details (spec section 2).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        details: Option<Details>,
    },
    #[serde(rename_all = "camelCase")]
    Card {
        reference: String,
        /// The card's id (`essential`, `family`).
        card: String,
    },
    Contact { reference: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Details {
    pub name: String,
    pub phone: String,
    pub email: String,
}

/// The statuses of an appointment request whose page still shows.
const LIVE: [Status; 3] = [Status::Requested, Status::Confirmed, Status::Arrived];

/// How many days a health-card request's or a contact message's page shows.
pub const OTHER_DAYS: i64 = 30;

/// Stores a confirmation page for a row just inserted, in its transaction; answers the token.
pub async fn issue(conn: &impl ConnectionTrait, kind: Kind, row_id: i32) -> Result<String, DbErr> {
    let token = refs::new_token();
    receipt::ActiveModel { token: Set(token.clone()), kind: Set(kind.as_str().to_owned()), row_id: Set(row_id), created_at: Set(crate::ist::stamp()), ..Default::default() }
        .insert(conn)
        .await?;
    Ok(token)
}

/// A stored receipt of a token: its kind, its row, and whether it was issued
/// less than `details_for` ago.
struct Found {
    kind: Kind,
    row_id: i32,
    recent: bool,
}

async fn found(db: &Db, token: &str, details_for: Duration) -> Result<Option<Found>, DataError> {
    if token.len() != 26 || !token.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()) {
        return Ok(None);
    }
    let Some(found) = receipt::Entity::find().filter(receipt::Column::Token.eq(token)).one(db).await? else {
        return Ok(None);
    };
    let Some(kind) = Kind::ALL.into_iter().find(|k| k.as_str() == found.kind) else {
        return Err(DataError::Corrupt { what: "receipts".into(), detail: format!("receipt {} has an unknown kind", found.id) });
    };
    let issued = chrono::DateTime::parse_from_rfc3339(&found.created_at).map(|t| t.with_timezone(&Utc)).unwrap_or_default();
    let age = Utc::now() - issued;
    if !matches!(kind, Kind::AppointmentGeneral | Kind::AppointmentDoctor) && age > Duration::days(OTHER_DAYS) {
        return Ok(None);
    }
    Ok(Some(Found { kind, row_id: found.row_id, recent: age <= details_for }))
}

/// An appointment request that still lives: waiting, confirmed or arrived, on
/// a day that is not over (`today`, IST).
async fn living(db: &Db, row_id: i32, today: NaiveDate) -> Result<Option<appointment::Model>, DataError> {
    let Some(row) = appointment::Entity::find_by_id(row_id).one(db).await? else { return Ok(None) };
    let live = LIVE.iter().any(|s| s.as_str() == row.status) && ist::parse_date(&row.date).is_some_and(|d| d >= today);
    Ok(live.then_some(row))
}

/// The confirmation page of a token, while it shows (see the module's notes);
/// None for any other text. The person's details only within `details_for`
/// of the request; `today` (IST) says whether a visit's day is over.
pub async fn find(db: &Db, token: &str, details_for: Duration, today: NaiveDate) -> Result<Option<Receipt>, DataError> {
    let Some(Found { kind, row_id, recent }) = found(db, token, details_for).await? else { return Ok(None) };
    Ok(match kind {
        Kind::AppointmentGeneral | Kind::AppointmentDoctor => {
            let Some(row) = living(db, row_id, today).await? else { return Ok(None) };
            let doctor = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name).unwrap_or_default();
            let doctor = crate::notices::doctor_name(crate::content::Lang::parse(&row.lang).unwrap_or_default(), row.doctor_id, &doctor);
            let clinic = schedule::clinic_of_visit(db, row.doctor_id, &row.date, &row.start_time).await?;
            let general = kind == Kind::AppointmentGeneral;
            let promise = promise_of(&row, &clinic);
            Some(Receipt::Appointment {
                reference: row.reference,
                general,
                doctor,
                doctor_id: row.doctor_id,
                time: slots::parse_time(&row.start_time).map(slots::format_12h).unwrap_or(row.start_time),
                promise,
                confirmed: row.status != Status::Requested.as_str(),
                by_phone: row.email.is_empty(),
                date: row.date,
                visit_type: row.visit_type,
                clinic: clinic.map(|c| c.id).unwrap_or_default(),
                details: (!general && recent).then_some(Details { name: row.name, phone: hygo_core::phone::for_people(&row.phone), email: row.email }),
            })
        }
        Kind::Card => card_request::Entity::find_by_id(row_id)
            .one(db)
            .await?
            .map(|row| Receipt::Card { reference: row.reference, card: row.subscription_type }),
        Kind::Contact => {
            contact_message::Entity::find_by_id(row_id).one(db).await?.map(|row| Receipt::Contact { reference: row.reference })
        }
    })
}

/// The promise made when a request was stored (`appointments.promise`); for a
/// row written before promises were kept, the one its times give now, with
/// the default time to lapse.
fn promise_of(row: &appointment::Model, clinic: &Option<crate::content::Clinic>) -> Promise {
    if let Some(kept) = Promise::read(&row.promise) {
        return kept;
    }
    let english = crate::content::default();
    let clinic = clinic.as_ref().unwrap_or(&english.clinics[0]);
    let asked = chrono::DateTime::parse_from_rfc3339(&row.created_at).map(|t| t.with_timezone(&ist::offset()).naive_local()).unwrap_or_default();
    let visit = ist::parse_date(&row.date).zip(slots::parse_time(&row.start_time)).map(|(d, t)| d.and_hms_opt(t / 60, t % 60, 0).unwrap_or_default()).unwrap_or(asked);
    Promise::decide(asked, visit, &Opening::parse(&clinic.opening_hours), &clinic.phone, 2 * crate::promise::PROMISE_HOURS)
}

/// The calendar file (`calendar::requested`, tentative) of the appointment request
/// a token was issued for, while its confirmation page shows; None for any other
/// token, and for a request no longer waiting (once confirmed, the invitation
/// e-mailed is the calendar's; declined or cancelled, the time is not held).
pub async fn calendar(db: &Db, token: &str, today: NaiveDate) -> Result<Option<String>, DataError> {
    let Some(Found { kind: Kind::AppointmentGeneral | Kind::AppointmentDoctor, row_id, .. }) = found(db, token, Duration::zero()).await? else { return Ok(None) };
    let Some(row) = living(db, row_id, today).await? else { return Ok(None) };
    if row.status != Status::Requested.as_str() {
        return Ok(None);
    }
    calendar_of(db, &row).await
}

/// The calendar file of a request's visit, in its language (the confirmation
/// page's, `calendar`, and the manage link's, `crate::visits::calendar_file`).
pub(crate) async fn calendar_of(db: &Db, row: &appointment::Model) -> Result<Option<String>, DataError> {
    let (Some(date), Some(start)) = (ist::parse_date(&row.date), slots::parse_time(&row.start_time)) else { return Ok(None) };
    let lang = crate::content::Lang::parse(&row.lang).unwrap_or_default();
    let record = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name).unwrap_or_default();
    let doctor = crate::notices::doctor_name(lang, row.doctor_id, &record);
    let c = crate::content::get(lang);
    let clinic = schedule::clinic_of_visit(db, row.doctor_id, &row.date, &row.start_time).await?;
    let clinic = clinic.as_ref().and_then(|k| c.find_clinic(&k.id)).unwrap_or(&c.clinics[0]);
    let visit = crate::calendar::Visit {
        reference: &row.reference,
        doctor: &doctor,
        date,
        start,
        minutes: slots::SLOT_MINUTES,
        clinic_name: &clinic.name,
        clinic_address: &clinic.address,
        organizer_email: "",
        attendee_email: "",
        attendee_name: "",
        sequence: row.sequence,
        lang,
    };
    let now = chrono::Utc::now();
    Ok(Some(match row.status == Status::Requested.as_str() {
        true => crate::calendar::requested(&visit, now),
        false => crate::calendar::invitation(&visit, crate::calendar::Method::Request, now),
    }))
}

/// Deletes the confirmation pages that can show nothing any more: a card's or
/// a message's after `OTHER_DAYS` days, an appointment's once its request has
/// ended or its day is over (the rows stay with the requests). Answers how many went.
pub async fn forget_expired(db: &Db, today: NaiveDate) -> Result<u64, DataError> {
    let since = |days: i64| (Utc::now() - Duration::days(days)).to_rfc3339_opts(SecondsFormat::Secs, true);
    let others = [Kind::Card.as_str(), Kind::Contact.as_str()];
    let mut gone = receipt::Entity::delete_many().filter(receipt::Column::Kind.is_in(others)).filter(receipt::Column::CreatedAt.lt(since(OTHER_DAYS))).exec(db).await?.rows_affected;
    // An appointment's: those whose request has ended or is past, a few at a time.
    let today = today.to_string();
    let kept = receipt::Entity::find().filter(receipt::Column::Kind.is_not_in(others)).all(db).await?;
    let mut live = std::collections::HashSet::new();
    for chunk in kept.chunks(500) {
        let rows: Vec<i32> = chunk.iter().map(|r| r.row_id).collect();
        let found = appointment::Entity::find()
            .filter(appointment::Column::Id.is_in(rows))
            .filter(appointment::Column::Status.is_in(LIVE.map(|s| s.as_str())))
            .filter(appointment::Column::Date.gte(today.clone()))
            .all(db)
            .await?;
        live.extend(found.into_iter().map(|a| a.id));
    }
    let ended: Vec<i32> = kept.iter().filter(|r| !live.contains(&r.row_id)).map(|r| r.id).collect();
    for chunk in ended.chunks(500) {
        gone += receipt::Entity::delete_many().filter(receipt::Column::Id.is_in(chunk.to_vec())).exec(db).await?.rows_affected;
    }
    Ok(gone)
}

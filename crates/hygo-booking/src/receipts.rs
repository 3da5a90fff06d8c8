//! Confirmation pages of the forms sent without JavaScript. A stored form post is
//! sent on (303) to `/requests?token=`: the token is 130 random bits, not the
//! request's reference, so the address cannot be guessed, and it names what was
//! stored for a short time only (`HYGO_RECEIPT_MINUTES`). The address carries no
//! name, doctor or time into the browser's history, and a page cannot be made to
//! show words of a stranger's choosing. An unknown or expired token is "not found",
//! the same for both.

use chrono::{Duration, SecondsFormat, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};
use serde::Serialize;

use crate::promise::Reply;
use crate::entities::{appointment, card_request, contact_message, doctor, receipt};
use crate::{calendar, ist, refs, schedule, slots, DataError, Db};

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
        /// When the clinic will be in touch.
        reply: Reply,
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

/// Stores a confirmation page for a row just inserted, in its transaction; answers the token.
pub async fn issue(conn: &impl ConnectionTrait, kind: Kind, row_id: i32) -> Result<String, DbErr> {
    let token = refs::new_token();
    receipt::ActiveModel { token: Set(token.clone()), kind: Set(kind.as_str().to_owned()), row_id: Set(row_id), created_at: Set(crate::ist::stamp()), ..Default::default() }
        .insert(conn)
        .await?;
    Ok(token)
}

/// The stored receipt of a token issued less than `valid_for` ago, and its kind.
async fn found(db: &Db, token: &str, valid_for: Duration) -> Result<Option<(Kind, i32)>, DataError> {
    if token.len() != 26 || !token.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()) {
        return Ok(None);
    }
    let since = (Utc::now() - valid_for).to_rfc3339_opts(SecondsFormat::Secs, true);
    let Some(found) = receipt::Entity::find()
        .filter(receipt::Column::Token.eq(token))
        .filter(receipt::Column::CreatedAt.gte(since))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    match Kind::ALL.into_iter().find(|k| k.as_str() == found.kind) {
        Some(kind) => Ok(Some((kind, found.row_id))),
        None => Err(DataError::Corrupt { what: "receipts".into(), detail: format!("receipt {} has an unknown kind", found.id) }),
    }
}

/// The confirmation page of a token issued less than `valid_for` ago; None for any
/// other text.
pub async fn find(db: &Db, token: &str, valid_for: Duration) -> Result<Option<Receipt>, DataError> {
    let Some((kind, row_id)) = found(db, token, valid_for).await? else { return Ok(None) };
    Ok(match kind {
        Kind::AppointmentGeneral | Kind::AppointmentDoctor => {
            let Some(row) = appointment::Entity::find_by_id(row_id).one(db).await? else { return Ok(None) };
            let doctor = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name).unwrap_or_default();
            let clinic = schedule::clinic_of_visit(db, row.doctor_id, &row.date, &row.start_time).await?.map(|c| c.id).unwrap_or_default();
            let general = kind == Kind::AppointmentGeneral;
            Some(Receipt::Appointment {
                reference: row.reference,
                general,
                doctor,
                doctor_id: row.doctor_id,
                time: slots::parse_time(&row.start_time).map(slots::format_12h).unwrap_or(row.start_time),
                reply: reply_of(&row.date, &row.created_at),
                by_phone: row.email.is_empty(),
                date: row.date,
                visit_type: row.visit_type,
                clinic,
                details: (!general).then_some(Details { name: row.name, phone: row.phone, email: row.email }),
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

/// The promise made when a request was stored: the visit's day against the IST
/// day of `created_at` (an RFC 3339 stamp).
fn reply_of(date: &str, created_at: &str) -> Reply {
    let asked = chrono::DateTime::parse_from_rfc3339(created_at).map(|t| t.with_timezone(&ist::offset()).date_naive());
    match (ist::parse_date(date), asked) {
        (Some(visit), Ok(asked)) => Reply::of(visit, asked),
        _ => Reply::Later,
    }
}

/// The calendar file (`calendar::requested`, tentative) of the appointment request
/// a token was issued for, while its confirmation page shows; None for any other
/// token, and for a request no longer waiting (once confirmed, the invitation
/// e-mailed is the calendar's; declined or cancelled, the time is not held).
pub async fn calendar(db: &Db, token: &str, valid_for: Duration) -> Result<Option<String>, DataError> {
    let Some((Kind::AppointmentGeneral | Kind::AppointmentDoctor, row_id)) = found(db, token, valid_for).await? else { return Ok(None) };
    let Some(row) = appointment::Entity::find_by_id(row_id).one(db).await? else { return Ok(None) };
    if row.status != crate::status::Status::Requested.as_str() {
        return Ok(None);
    }
    let (Some(date), Some(start)) = (ist::parse_date(&row.date), slots::parse_time(&row.start_time)) else { return Ok(None) };
    let doctor = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name).unwrap_or_default();
    let clinic = schedule::clinic_of_visit(db, row.doctor_id, &row.date, &row.start_time).await?;
    let (clinic_name, clinic_address) = clinic.map(|c| (c.name, c.address)).unwrap_or_default();
    let visit = calendar::Visit {
        reference: &row.reference,
        doctor: &doctor,
        date,
        start,
        minutes: slots::SLOT_MINUTES,
        clinic_name: &clinic_name,
        clinic_address: &clinic_address,
        organizer_email: "",
        attendee_email: "",
        attendee_name: "",
        sequence: row.sequence,
        lang: crate::content::Lang::parse(&row.lang).unwrap_or_default(),
    };
    Ok(Some(calendar::requested(&visit, Utc::now())))
}

/// Deletes the confirmation pages older than `valid_for`: they show nothing any
/// more, and their rows stay with the requests. Answers how many went.
pub async fn forget_expired(db: &Db, valid_for: Duration) -> Result<u64, DataError> {
    let since = (Utc::now() - valid_for).to_rfc3339_opts(SecondsFormat::Secs, true);
    Ok(receipt::Entity::delete_many().filter(receipt::Column::CreatedAt.lt(since)).exec(db).await?.rows_affected)
}

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

use crate::entities::{appointment, card_request, contact_message, doctor, receipt};
use crate::{refs, slots, DataError, Db};

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

/// The confirmation page of a token issued less than `valid_for` ago; None for any
/// other text.
pub async fn find(db: &Db, token: &str, valid_for: Duration) -> Result<Option<Receipt>, DataError> {
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
    let Some(kind) = Kind::ALL.into_iter().find(|k| k.as_str() == found.kind) else {
        return Err(DataError::Corrupt { what: "receipts".into(), detail: format!("receipt {} has an unknown kind", found.id) });
    };
    Ok(match kind {
        Kind::AppointmentGeneral | Kind::AppointmentDoctor => {
            let Some(row) = appointment::Entity::find_by_id(found.row_id).one(db).await? else { return Ok(None) };
            let doctor = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name).unwrap_or_default();
            let general = kind == Kind::AppointmentGeneral;
            Some(Receipt::Appointment {
                reference: row.reference,
                general,
                doctor,
                doctor_id: row.doctor_id,
                time: slots::parse_time(&row.start_time).map(slots::format_12h).unwrap_or(row.start_time),
                date: row.date,
                visit_type: row.visit_type,
                details: (!general).then_some(Details { name: row.name, phone: row.phone, email: row.email }),
            })
        }
        Kind::Card => card_request::Entity::find_by_id(found.row_id)
            .one(db)
            .await?
            .map(|row| Receipt::Card { reference: row.reference, card: row.subscription_type }),
        Kind::Contact => {
            contact_message::Entity::find_by_id(found.row_id).one(db).await?.map(|row| Receipt::Contact { reference: row.reference })
        }
    })
}

/// Deletes the confirmation pages older than `valid_for`: they show nothing any
/// more, and their rows stay with the requests. Answers how many went.
pub async fn forget_expired(db: &Db, valid_for: Duration) -> Result<u64, DataError> {
    let since = (Utc::now() - valid_for).to_rfc3339_opts(SecondsFormat::Secs, true);
    Ok(receipt::Entity::delete_many().filter(receipt::Column::CreatedAt.lt(since)).exec(db).await?.rows_affected)
}

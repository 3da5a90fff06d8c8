//! Patients as the desk finds them (issue 26): there is no patient account; a
//! patient is the requests made with one phone number, compared as the
//! per-person limit compares them (`hygo_core::phone::key`: an Indian number
//! by its last 10 digits, however it was written). The desk finds a patient by
//! phone, by name or by a request's reference, and sees their past and coming
//! visits; a request says "returning patient" when its phone has visited before,
//! whatever the patient ticked.
//!
//! A patient is named in addresses by the reference of one of their requests
//! (`/staff/patients/{reference}`), never by their phone or name: those travel
//! only in a form's body.

use chrono::NaiveDate;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use ts_rs::TS;

use hygo_core::phone::key as phone_key;
use crate::entities::appointment;
use crate::form::{Invalid, Message, WriteError};
use crate::inbox::lists::{Row, rows_of};
use crate::status::Status;
use crate::{DataError, Db};

/// The patients a search shows at most, and the requests it reads at most.
pub const MAX_PATIENTS: usize = 20;
/// The most patient searches one member of staff makes in `SEARCH_WINDOW_SECS`
/// (a desk on a busy morning makes one or two a minute; a script or a curious
/// colleague paging through the town's phone numbers many more).
pub const SEARCHES_PER_WINDOW: u32 = 60;
pub const SEARCH_WINDOW_SECS: i64 = 10 * 60;
const MAX_ROWS: u64 = 500;
/// The shortest query: a name's first letters, or the end of a phone number.
pub(crate) const MIN_LETTERS: usize = 3;
pub(crate) const MIN_DIGITS: usize = 6;

/// The search box's longest query.
pub const LIMITS: crate::form::Limits = &[("q", 100)];


/// A patient: the requests of one phone number, newest visit first.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "Patient")]
pub struct Patient {
    /// The reference that names this patient in the console's addresses: their latest request's.
    pub reference: String,
    /// The name on the latest request.
    pub name: String,
    pub phone: String,
    /// Visits that took place (arrived or completed).
    #[ts(type = "number")]
    pub visits_made: u64,
    pub requests: Vec<Row>,
}

/// What a search looks for, read from what the desk typed (a reference is tried first).
#[derive(Debug, PartialEq, Eq)]
enum Query {
    /// A whole number (its `phone_key`) or the end of one.
    Phone { key: String, whole: bool },
    Name(String),
}

fn read(text: &str) -> Result<Query, Message> {
    let text = text.trim();
    if text.chars().count() > crate::form::limit(LIMITS, "q") {
        return Err(Message::new("patients.tooLong").with("max", crate::form::limit(LIMITS, "q").to_string()));
    }
    let digits = text.chars().filter(char::is_ascii_digit).count();
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    if digits > 0 && letters == 0 {
        if digits < MIN_DIGITS {
            return Err(Message::new("patients.tooShort").with("digits", MIN_DIGITS.to_string()).with("letters", MIN_LETTERS.to_string()));
        }
        let key = phone_key(text);
        return Ok(Query::Phone { whole: key.len() >= 10, key });
    }
    if letters < MIN_LETTERS {
        return Err(Message::new("patients.tooShort").with("digits", MIN_DIGITS.to_string()).with("letters", MIN_LETTERS.to_string()));
    }
    Ok(Query::Name(text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()))
}

/// The patients a query finds, the most recent first: by reference (that
/// request's patient), by phone (written any way; six digits or more match the
/// end of a number), or by name (any part, any case). A query too short to mean
/// anything is refused on `q`.
pub async fn find(db: &Db, text: &str, today: NaiveDate) -> Result<Vec<Patient>, WriteError> {
    // A reference first: eight letters of a name or digits of a number may read as one.
    if let Some(reference) = crate::refs::normalize_reference(text) {
        if let Some(patient) = of_reference(db, &reference, today).await? {
            return Ok(vec![patient]);
        }
    }
    let query = read(text).map_err(|m| WriteError::Invalid(Invalid::field("q", m)))?;
    let keys: Vec<String> = match query {
        Query::Phone { key, whole: true } => vec![key],
        Query::Phone { key, whole: false } => distinct_keys(db, appointment::Column::PhoneKey.like(format!("%{key}"))).await?,
        Query::Name(name) => {
            distinct_keys(db, crate::db::contains(appointment::Column::Name, &name)).await?
        }
    };
    let mut patients = Vec::new();
    for key in keys.iter().take(MAX_PATIENTS) {
        if let Some(p) = of_key(db, key, today).await? {
            patients.push(p);
        }
    }
    patients.sort_by(|a, b| b.requests.first().map(|r| &r.date).cmp(&a.requests.first().map(|r| &r.date)));
    Ok(patients)
}

/// The patient of a request, by its reference; None for no such request.
pub async fn of_reference(db: &Db, reference: &str, today: NaiveDate) -> Result<Option<Patient>, DataError> {
    let row = appointment::Entity::find().filter(appointment::Column::Reference.eq(reference)).one(db).await?;
    match row {
        Some(row) => of_key(db, &row.phone_key, today).await,
        None => Ok(None),
    }
}

/// The phone keys of the requests a condition finds, most recent request first, each once.
async fn distinct_keys(db: &Db, condition: impl sea_orm::sea_query::IntoCondition) -> Result<Vec<String>, DataError> {
    let rows: Vec<String> = appointment::Entity::find()
        .select_only()
        .column(appointment::Column::PhoneKey)
        .filter(condition)
        .order_by_desc(appointment::Column::Id)
        .limit(MAX_ROWS)
        .into_tuple()
        .all(db)
        .await?;
    let mut keys: Vec<String> = Vec::new();
    for key in rows {
        if !key.is_empty() && !keys.contains(&key) {
            keys.push(key);
        }
    }
    Ok(keys)
}

async fn of_key(db: &Db, key: &str, today: NaiveDate) -> Result<Option<Patient>, DataError> {
    let rows = appointment::Entity::find()
        .filter(appointment::Column::PhoneKey.eq(key))
        .order_by_desc(appointment::Column::Date)
        .order_by_desc(appointment::Column::StartTime)
        .limit(MAX_ROWS)
        .all(db)
        .await?;
    let Some(latest) = rows.iter().max_by_key(|a| a.id) else { return Ok(None) };
    let visits_made = rows.iter().filter(|a| Status::parse(&a.status).is_some_and(|s| Status::VISITED.contains(&s))).count() as u64;
    Ok(Some(Patient {
        reference: latest.reference.clone(),
        name: latest.name.clone(),
        phone: latest.phone.clone(),
        visits_made,
        requests: rows_of(db, &rows, Some(today)).await?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_written_three_ways_is_one_query() {
        for written in ["+91 98250 12345", "09825012345", "9825012345"] {
            assert_eq!(read(written), Ok(Query::Phone { key: "9825012345".into(), whole: true }), "{written}");
        }
        assert_eq!(read("012345"), Ok(Query::Phone { key: "012345".into(), whole: false }), "the end of a number");
        assert!(read("12345").is_err(), "too few digits to mean one person");
    }

    #[test]
    fn names_are_read_whole_and_in_lower_case() {
        assert_eq!(read("  Meena   JOSHI "), Ok(Query::Name("meena joshi".into())));
        assert!(read("ab").is_err() && read("").is_err());
    }
}

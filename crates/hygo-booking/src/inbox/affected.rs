//! A doctor's leave, the changes of hours and the closures as the console lists
//! them, each with the requests that hold a slot the day no longer offers (the
//! desk moves or declines them): the schedule's days seen from the inbox.

use std::collections::HashMap;

use chrono::NaiveDate;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::lists::{self, Row};
use crate::entities::{appointment, clinic_closure, doctor, doctor_leave, hour_change};
use crate::schedule::{self, DayPlan, PublicClosure};
use crate::appointments::{self, Held};
use crate::{slots, DataError, Db};

/// A change of hours, or a closure, as the console lists it: with the requests
/// that hold a slot it no longer offers (the desk moves or declines them).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffDayChange")]
pub struct Listed {
    pub id: i32,
    /// YYYY-MM-DD.
    pub date: String,
    /// For a change of hours: the doctor's id and name.
    pub doctor_id: Option<i32>,
    pub doctor: Option<String>,
    /// The clinic (a closure's, or a change's when not the doctor's own).
    pub clinic: Option<String>,
    /// A change: "9:00 AM - 1:00 PM" ("" for no hours). A closure: from and until ("" for the edge of the day).
    pub hours: String,
    pub from: Option<String>,
    pub until: Option<String>,
    /// A change's staff note; a closure's public note.
    pub note: Option<String>,
    pub affected: Vec<Row>,
}

/// The requests on `date` (of one doctor, or of any) that hold a slot the day no longer offers.
async fn affected_on(db: &Db, date: &str, doctor_id: Option<i32>) -> Result<Vec<Row>, DataError> {
    let (names, cutoff) = (lists::doctor_names(db).await?, lists::promise_cutoff());
    Ok(unseen_on(db, date, doctor_id).await?.iter().map(|a| lists::row_of(a, &names, &cutoff)).collect())
}

/// `affected_on`'s requests, as they are stored.
pub(crate) async fn unseen_on(db: &Db, date: &str, doctor_id: Option<i32>) -> Result<Vec<appointment::Model>, DataError> {
    let Some(day) = crate::ist::parse_date(date) else { return Ok(Vec::new()) };
    let which = match doctor_id {
        Some(id) => Held::on(day).of_doctor(id),
        None => Held::on(day),
    };
    let held = appointments::holding(db, which).await?;
    let mut doctors: HashMap<i32, DayPlan> = HashMap::new();
    let mut out = Vec::new();
    for a in held {
        if !doctors.contains_key(&a.doctor_id) {
            let plan = match doctor::Entity::find_by_id(a.doctor_id).one(db).await? {
                Some(d) => schedule::day_plan(db, &d, day).await?,
                None => DayPlan::default(),
            };
            doctors.insert(a.doctor_id, plan);
        }
        let offered = slots::parse_time(&a.start_time).is_some_and(|t| doctors[&a.doctor_id].grid.contains(&t));
        if !offered {
            out.push(a);
        }
    }
    Ok(out)
}

/// A doctor's changes of hours from `today` on, by date.
pub async fn changes(db: &Db, doctor_id: i32, today: NaiveDate) -> Result<Vec<Listed>, DataError> {
    let rows = hour_change::Entity::find()
        .filter(hour_change::Column::DoctorId.eq(doctor_id))
        .filter(hour_change::Column::Day.gte(today.to_string()))
        .order_by_asc(hour_change::Column::Day)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push(Listed {
            id: row.id,
            affected: affected_on(db, &row.day, Some(doctor_id)).await?,
            date: row.day,
            doctor_id: Some(doctor_id),
            doctor: None,
            clinic: row.clinic_id,
            hours: hygo_schedule::schedule::hours_words(&row.hours),
            from: None,
            until: None,
            note: row.note,
        });
    }
    Ok(out)
}

/// The closures from `today` on, by date, each with the requests it leaves without a slot.
pub async fn closures(db: &Db, today: NaiveDate) -> Result<Vec<Listed>, DataError> {
    let rows = clinic_closure::Entity::find()
        .filter(clinic_closure::Column::Day.gte(today.to_string()))
        .order_by_asc(clinic_closure::Column::Day)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let public = PublicClosure::of(&row);
        out.push(Listed {
            id: row.id,
            affected: affected_on(db, &row.day, None).await?,
            date: row.day,
            doctor_id: None,
            doctor: None,
            clinic: Some(row.clinic_id),
            hours: String::new(),
            from: public.from,
            until: public.until,
            note: Some(row.note),
        });
    }
    Ok(out)
}

/// A doctor's leave as the console lists it: its dates, the note for staff, and
/// the requests that hold a slot on one of its days (the desk reschedules or
/// declines them; nothing is ever cancelled silently).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffLeavePeriod")]
pub struct LeaveListed {
    pub id: i32,
    pub doctor_id: i32,
    pub doctor: String,
    /// YYYY-MM-DD, the first day.
    pub from: String,
    /// YYYY-MM-DD, the last day; None: until further notice.
    pub until: Option<String>,
    pub note: Option<String>,
    pub affected: Vec<Row>,
}

/// A doctor's current and coming leave, by start, each with the requests on it from `today` on.
pub async fn leave(db: &Db, doctor_id: i32, today: NaiveDate) -> Result<Vec<LeaveListed>, DataError> {
    let rows = doctor_leave::Entity::find()
        .filter(doctor_leave::Column::DoctorId.eq(doctor_id))
        .filter(Condition::any().add(doctor_leave::Column::EndsOn.is_null()).add(doctor_leave::Column::EndsOn.gte(today.to_string())))
        .order_by_asc(doctor_leave::Column::StartsOn)
        .all(db)
        .await?;
    listed(db, rows, today).await
}

/// Who is away: every doctor's leave that covers a day of the coming `days`
/// (from `today`), by start, each with the requests on it.
pub async fn away(db: &Db, today: NaiveDate, days: i64) -> Result<Vec<LeaveListed>, DataError> {
    let last = today + chrono::Duration::days(days - 1);
    let rows = doctor_leave::Entity::find()
        .filter(doctor_leave::Column::StartsOn.lte(last.to_string()))
        .filter(Condition::any().add(doctor_leave::Column::EndsOn.is_null()).add(doctor_leave::Column::EndsOn.gte(today.to_string())))
        .order_by_asc(doctor_leave::Column::StartsOn)
        .order_by_asc(doctor_leave::Column::DoctorId)
        .all(db)
        .await?;
    listed(db, rows, today).await
}

async fn listed(db: &Db, rows: Vec<doctor_leave::Model>, today: NaiveDate) -> Result<Vec<LeaveListed>, DataError> {
    let (doctors, cutoff) = (lists::doctor_names(db).await?, lists::promise_cutoff());
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let corrupt = || DataError::Corrupt { what: format!("doctor_leave {}", row.id), detail: "a date is not YYYY-MM-DD".into() };
        let first = crate::ist::parse_date(&row.starts_on).ok_or_else(corrupt)?.max(today);
        let until = row.ends_on.as_deref().map(|d| crate::ist::parse_date(d).ok_or_else(corrupt)).transpose()?;
        let affected = appointments::holding(db, Held { until, ..Held::from(first).of_doctor(row.doctor_id) })
            .await?
            .iter()
            .map(|a| lists::row_of(a, &doctors, &cutoff))
            .collect();
        let doctor = doctors.iter().find(|(id, _)| *id == row.doctor_id).map(|(_, n)| n.clone()).unwrap_or_default();
        out.push(LeaveListed { id: row.id, doctor_id: row.doctor_id, doctor, from: row.starts_on, until: row.ends_on, note: row.note, affected });
    }
    Ok(out)
}

/// The requests still to come that hold a slot with a doctor: a retired
/// doctor's page lists them for the desk to move or decline.
pub async fn upcoming(db: &Db, doctor_id: i32, today: NaiveDate) -> Result<Vec<Row>, DataError> {
    let rows = appointments::holding(db, Held::from(today).of_doctor(doctor_id)).await?;
    let (names, cutoff) = (lists::doctor_names(db).await?, lists::promise_cutoff());
    Ok(rows.iter().map(|a| lists::row_of(a, &names, &cutoff)).collect())
}

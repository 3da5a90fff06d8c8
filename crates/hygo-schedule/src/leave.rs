//! Doctors' leave (table `doctor_leave`): a doctor on leave offers no slots and
//! cannot be booked, and the public pages say when they are back. Dates are IST
//! days, both ends included; a period without an end lasts until further notice.
//!
//! Until staff edit leave in the console, someone may still write "On leave" into
//! a doctor's `availability` the old way: that counts as leave until further
//! notice, so a doctor shown as on leave can never be booked. A leave row whose
//! dates cannot be read counts the same way (logged), rather than failing every
//! page that lists doctors.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{Datelike, Duration, NaiveDate};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use crate::entities::{clinic_closure, doctor, doctor_leave, hour_change, office_hours};
use crate::{DataError, Db};

/// How far after a leave "back on" looks for a day the doctor works.
const BACK_ON_SEARCH_DAYS: i64 = 62;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    /// The last day of leave; None: until further notice.
    pub until: Option<NaiveDate>,
}

impl Period {
    pub fn covers(&self, day: NaiveDate) -> bool {
        self.from <= day && self.until.is_none_or(|u| day <= u)
    }
}

/// A period as the API and the pages show it.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Leave {
    /// YYYY-MM-DD, the first day of leave.
    pub from: String,
    /// YYYY-MM-DD, the last day of leave; null: until further notice.
    pub until: Option<String>,
    /// YYYY-MM-DD, the first day after the leave on which the doctor sees
    /// patients; null when the leave has no end (or no such day is near).
    pub back_on: Option<String>,
}

/// What one doctor's leave and working days are, to answer questions about a day.
#[derive(Debug, Clone, Default)]
pub struct Schedule {
    /// Periods that end on or after the day asked about, by start.
    pub periods: Vec<Period>,
    /// ISO weekdays (1 Monday … 7 Sunday) with office hours.
    pub working_days: Vec<u32>,
    /// Dates on which a change of hours or a clinic closure overrides the week,
    /// with whether the doctor still offers slots on them: "back on" skips a day
    /// the clinic is closed and counts a day the doctor was given hours.
    pub exceptions: BTreeMap<NaiveDate, bool>,
}

impl Schedule {
    /// The period of leave that covers `day`, if any.
    pub fn leave_on(&self, day: NaiveDate) -> Option<Period> {
        self.periods.iter().copied().find(|p| p.covers(day))
    }

    /// The first day after `period` on which the doctor works and is not on
    /// leave again. None for a leave until further notice.
    pub fn back_on(&self, period: Period) -> Option<NaiveDate> {
        let mut day = period.until? + Duration::days(1);
        for _ in 0..BACK_ON_SEARCH_DAYS {
            if self.works_on(day) && self.leave_on(day).is_none() {
                return Some(day);
            }
            day += Duration::days(1);
        }
        None
    }

    /// Whether the doctor offers slots on `day`, leave aside.
    pub(crate) fn works_on(&self, day: NaiveDate) -> bool {
        match self.exceptions.get(&day) {
            Some(&works) => works,
            None => self.working_days.contains(&day.weekday().number_from_monday()),
        }
    }

    /// The current and coming periods, from `today` on, as the pages show them.
    pub fn shown(&self, today: NaiveDate) -> Vec<Leave> {
        self.periods
            .iter()
            .filter(|p| p.until.is_none_or(|u| u >= today))
            .map(|&p| Leave {
                from: p.from.to_string(),
                until: p.until.map(|u| u.to_string()),
                back_on: self.back_on(p).map(|d| d.to_string()),
            })
            .collect()
    }
}

/// The leave of some doctors that has not ended before `from`, by doctor.
pub async fn periods(db: &Db, doctor_ids: &[i32], from: NaiveDate) -> Result<HashMap<i32, Vec<Period>>, DataError> {
    let mut out: HashMap<i32, Vec<Period>> = HashMap::new();
    if doctor_ids.is_empty() {
        return Ok(out);
    }
    let rows = doctor_leave::Entity::find()
        .filter(doctor_leave::Column::DoctorId.is_in(doctor_ids.to_vec()))
        .filter(
            Condition::any()
                .add(doctor_leave::Column::EndsOn.is_null())
                .add(doctor_leave::Column::EndsOn.gte(from.to_string())),
        )
        .order_by_asc(doctor_leave::Column::StartsOn)
        .all(db)
        .await?;
    for row in rows {
        let period = period_of(&row).unwrap_or_else(|e| {
            tracing::error!(error = %e, "leave with unreadable dates counts as leave until further notice");
            Period { from, until: None }
        });
        out.entry(row.doctor_id).or_default().push(period);
    }
    let said = doctor::Entity::find()
        .filter(doctor::Column::Id.is_in(doctor_ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .filter(|d| says_on_leave(&d.availability));
    for d in said {
        out.entry(d.id).or_default().insert(0, Period { from, until: None });
    }
    Ok(out)
}

/// Whether staff wrote the old free-text status "On leave".
pub(crate) fn says_on_leave(availability: &str) -> bool {
    availability.trim().to_lowercase().starts_with("on leave")
}

/// One doctor's leave from `from` on, the weekdays they work, and the dates
/// that differ from their week in the days "back on" may look at.
pub async fn schedule(db: &Db, doctor_id: i32, from: NaiveDate) -> Result<Schedule, DataError> {
    let periods = periods(db, &[doctor_id], from).await?.remove(&doctor_id).unwrap_or_default();
    let hours = office_hours::Entity::find().filter(office_hours::Column::DoctorId.eq(doctor_id)).all(db).await?;
    let exceptions = match doctor::Entity::find_by_id(doctor_id).one(db).await? {
        Some(doctor) => exceptions(db, &doctor, &periods).await?,
        None => BTreeMap::new(),
    };
    Ok(Schedule { periods, working_days: working_days(&hours), exceptions })
}

/// The dates after the ends of `periods`, as far as "back on" looks, that have a
/// change of the doctor's hours or a closure of a clinic, with whether the doctor
/// offers slots on them (the slot engine's own answer). Nothing to look at when
/// no period has an end.
pub async fn exceptions(db: &Db, doctor: &doctor::Model, periods: &[Period]) -> Result<BTreeMap<NaiveDate, bool>, DataError> {
    let ends = || periods.iter().filter_map(|p| p.until);
    let (Some(first), Some(last)) = (ends().min(), ends().max()) else { return Ok(BTreeMap::new()) };
    let (from, until) = ((first + Duration::days(1)).to_string(), (last + Duration::days(BACK_ON_SEARCH_DAYS)).to_string());
    let mut dates = BTreeSet::new();
    for day in hour_change::Entity::find()
        .filter(hour_change::Column::DoctorId.eq(doctor.id))
        .filter(hour_change::Column::Day.between(from.clone(), until.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|c| c.day)
        .chain(
            clinic_closure::Entity::find()
                .filter(clinic_closure::Column::Day.between(from, until))
                .all(db)
                .await?
                .into_iter()
                .map(|c| c.day),
        )
    {
        dates.extend(crate::ist::parse_date(&day));
    }
    let mut out = BTreeMap::new();
    for date in dates {
        out.insert(date, !crate::schedule::day_plan(db, doctor, date).await?.grid.is_empty());
    }
    Ok(out)
}

/// The ISO weekdays on which hours offer slots (not "Closed for renovation").
pub fn working_days(hours: &[office_hours::Model]) -> Vec<u32> {
    hours
        .iter()
        .filter(|h| crate::slots::parse_range(&h.hours).is_some())
        .filter_map(|h| u32::try_from(h.weekday).ok())
        .collect()
}

fn period_of(row: &doctor_leave::Model) -> Result<Period, DataError> {
    let corrupt = |what: &str| DataError::Corrupt { what: format!("doctor_leave {}", row.id), detail: format!("{what} is not YYYY-MM-DD") };
    let from = crate::ist::parse_date(&row.starts_on).ok_or_else(|| corrupt("starts_on"))?;
    let until = match &row.ends_on {
        Some(text) => Some(crate::ist::parse_date(text).ok_or_else(|| corrupt("ends_on"))?),
        None => None,
    };
    Ok(Period { from, until })
}

// ---- The console: leave as staff set it (issue 16, `/staff/leave`) -------------

/// The leave form's longest value: its note for staff.
pub const LIMITS: crate::form::Limits = &[("note", 200)];

/// Leave as the console's form sends it.
#[derive(Debug, Clone, Default)]
pub struct NewLeave<'a> {
    pub doctor_id: Option<i32>,
    pub from: Option<&'a str>,
    pub until: Option<&'a str>,
    pub note: Option<&'a str>,
}

/// Adds a doctor's leave: from today or later, an end on or after its start (or
/// none: until further notice), not overlapping leave they have already; with
/// its audit row. The doctor's slots go at once (the catalogue's version follows
/// `doctor_leave`); requests already on those days stay, listed for the desk.
pub async fn add(db: &Db, actor: &crate::audit::Actor, leave: NewLeave<'_>, today: NaiveDate) -> Result<doctor_leave::Model, crate::form::WriteError> {
    use crate::audit::{self, Target};
    use crate::form::{Check, Message, WriteError};
    use sea_orm::{ActiveModelTrait, Set};
    let mut c = Check::default();
    let doctor = match leave.doctor_id {
        Some(id) => doctor::Entity::find_by_id(id).one(db).await?,
        None => None,
    };
    if doctor.is_none() {
        c.fail("doctorId", Message::new("appointment.doctorRequired"));
    }
    let date = |c: &mut Check, field: &str, value: Option<&str>, required: bool| -> Option<NaiveDate> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            None if required => {
                c.fail(field, Message::new("leave.fromRequired"));
                None
            }
            None => None,
            Some(v) => crate::ist::parse_date(v).or_else(|| {
                c.fail(field, Message::new("appointment.dateFormat"));
                None
            }),
        }
    };
    let from = date(&mut c, "from", leave.from, true);
    let until = date(&mut c, "until", leave.until, false);
    if from.is_some_and(|f| f < today) {
        c.fail("from", Message::new("leave.fromPast"));
    }
    if let (Some(f), Some(u)) = (from, until) {
        if u < f {
            c.fail("until", Message::new("leave.untilBeforeFrom"));
        }
    }
    let note = c.paragraph("note", "leave.noteLabel", leave.note, crate::form::limit(LIMITS, "note"), None);
    c.finish().map_err(WriteError::Invalid)?;
    let (doctor, from) = (doctor.expect("checked"), from.expect("checked"));
    let txn = crate::db::begin_write(db).await?;
    let new = Period { from, until };
    let existing = doctor_leave::Entity::find().filter(doctor_leave::Column::DoctorId.eq(doctor.id)).all(&txn).await?;
    for row in &existing {
        let Ok(old) = period_of(row) else { continue };
        let overlaps = old.from <= new.until.unwrap_or(NaiveDate::MAX) && new.from <= old.until.unwrap_or(NaiveDate::MAX);
        if overlaps {
            let message = Message::new("leave.overlaps").with_day("from", old.from);
            let message = match old.until {
                Some(until) => message.with_day("until", until),
                None => message.with_key("until", "leave.furtherNotice"),
            };
            return Err(WriteError::Conflict { field: "from", message });
        }
    }
    let row = doctor_leave::ActiveModel {
        doctor_id: Set(doctor.id),
        starts_on: Set(from.to_string()),
        ends_on: Set(until.map(|u| u.to_string())),
        note: Set(Some(note).filter(|n| !n.is_empty())),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let after = serde_json::json!({ "from": row.starts_on, "until": row.ends_on });
    audit::record(&txn, actor, "leave-add", Target { kind: "doctor", name: &doctor.name }, serde_json::Value::Null, after).await?;
    txn.commit().await?;
    Ok(row)
}

/// Removes a doctor's leave (entered by mistake, or the doctor is back early), with its audit row.
pub async fn remove(db: &Db, actor: &crate::audit::Actor, doctor_id: i32, leave_id: i32) -> Result<(), crate::form::WriteError> {
    use crate::audit::{self, Target};
    use crate::form::{Invalid, Message, WriteError};
    let txn = crate::db::begin_write(db).await?;
    let found = doctor_leave::Entity::find_by_id(leave_id).filter(doctor_leave::Column::DoctorId.eq(doctor_id)).one(&txn).await?;
    let (Some(row), Some(doctor)) = (found, doctor::Entity::find_by_id(doctor_id).one(&txn).await?) else {
        return Err(WriteError::Invalid(Invalid::field("leaveId", Message::new("leave.notFound"))));
    };
    doctor_leave::Entity::delete_by_id(row.id).exec(&txn).await?;
    let before = serde_json::json!({ "from": row.starts_on, "until": row.ends_on });
    audit::record(&txn, actor, "leave-remove", Target { kind: "doctor", name: &doctor.name }, before, serde_json::Value::Null).await?;
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn back_on_is_the_next_working_day_not_on_leave() {
        // Works Monday and Thursday. Leave Mon 7 Dec to Fri 11 Dec 2026, and again Mon 14 Dec.
        let s = Schedule {
            periods: vec![
                Period { from: d("2026-12-07"), until: Some(d("2026-12-11")) },
                Period { from: d("2026-12-14"), until: Some(d("2026-12-14")) },
            ],
            working_days: vec![1, 4],
            exceptions: BTreeMap::new(),
        };
        assert!(s.leave_on(d("2026-12-07")).is_some());
        assert!(s.leave_on(d("2026-12-11")).is_some(), "the last day is included");
        assert!(s.leave_on(d("2026-12-12")).is_none());
        assert_eq!(s.back_on(s.periods[0]), Some(d("2026-12-17")), "not Monday the 14th: on leave again");
        let open = Period { from: d("2026-12-01"), until: None };
        assert!(open.covers(d("2099-01-01")));
        assert_eq!(s.back_on(open), None);
        let nowhere = Schedule { periods: s.periods.clone(), working_days: vec![], exceptions: BTreeMap::new() };
        assert_eq!(nowhere.back_on(s.periods[0]), None, "no working day at all");
        let shown = s.shown(d("2026-12-12"));
        assert_eq!(shown.len(), 1, "a leave that has ended is not shown");
        assert_eq!(shown[0].from, "2026-12-14");
        assert_eq!(shown[0].back_on.as_deref(), Some("2026-12-17"));
    }
}

//! What hours a doctor keeps on a date, and so which slots they offer.
//!
//! A doctor's week is `office_hours`: for each weekday one or more ranges (a
//! break at lunch is two), each at the doctor's clinic or, when they work at
//! both, at the other one. A date can have its own hours instead (`hour_changes`:
//! longer, shorter, elsewhere, or none at all). A clinic can be closed on a date,
//! all day or part of it (`clinic_closures`), which takes away the slots of every
//! range at that clinic that overlap it. Leave (`crate::leave`) is checked before
//! all of this. Ranges never cross midnight: a day in IST is the unit of all of it.
//!
//! `plan` is the rule, without a database; `day_plan` reads a doctor's day and
//! applies it. The slots API, both wizards, bookings and the desk's reschedule all
//! go through `day_plan`, so they cannot disagree.

use std::collections::{BTreeMap, HashMap};

use chrono::{Datelike, NaiveDate};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;

use crate::audit::{self, Actor, Target};
use crate::entities::{clinic_closure, doctor, hour_change, office_hours};
use crate::form::{Check, Invalid, Limits, Message, WriteError, limit};
use crate::slots::{self, Minutes, Range, SLOT_MINUTES};
use crate::{DataError, Db, content};

/// The week form's longest value: each day's hours at a clinic ("9:00 AM - 1:00 PM, …").
pub const WEEK_LIMITS: Limits = &[("hours", 200)];
/// A change of hours: its hours and its note for staff.
pub const CHANGE_LIMITS: Limits = &[("hours", 200), ("note", 200)];
/// A closure: from and until ("12:30 PM"), and its public note.
pub const CLOSURE_LIMITS: Limits = &[("from", 8), ("until", 8), ("note", 120)];

/// A range of hours at a clinic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hours {
    pub clinic: String,
    pub range: Range,
}

/// A clinic closed on a day: `window` None is the whole day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closure {
    pub clinic: String,
    pub window: Option<Range>,
    pub note: String,
}

impl Closure {
    pub(crate) fn takes(&self, clinic: &str, t: Minutes) -> bool {
        self.clinic == clinic && self.window.is_none_or(|w| t < w.end && t + SLOT_MINUTES > w.start)
    }
}

/// A doctor's day: the slot starts it offers, and when a closure took every one
/// of them, that closure (the pages say why there is nothing). `day_plan` also
/// says the hours it was made from and whether they are the date's own (a change
/// of hours), for the console's day and week views.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DayPlan {
    pub grid: Vec<Minutes>,
    pub closed_by: Option<Closure>,
    pub hours: Vec<Hours>,
    pub changed: bool,
}

impl DayPlan {
    /// The hours as the console shows them: "9:00 AM - 1:00 PM" ("" for none).
    pub fn hours_text(&self) -> String {
        ranges_text(&self.hours.iter().map(|h| h.range).collect::<Vec<_>>())
    }
}

/// The rule: every range's 15-minute grid, without the slots that overlap a
/// closure of the range's clinic, in order and once each.
pub fn plan(hours: &[Hours], closures: &[Closure]) -> DayPlan {
    let mut grid = Vec::new();
    let mut closed_by = None;
    for h in hours {
        for t in slots::grid(h.range) {
            match closures.iter().find(|c| c.takes(&h.clinic, t)) {
                Some(c) => closed_by = closed_by.or_else(|| Some(c.clone())),
                None => grid.push(t),
            }
        }
    }
    grid.sort_unstable();
    grid.dedup();
    DayPlan { closed_by: if grid.is_empty() { closed_by } else { None }, grid, hours: hours.to_vec(), changed: false }
}

/// Reads "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM": ranges in order, apart, each
/// starting and ending on the 15-minute grid. Empty text is no ranges. The error
/// is the message's key.
pub(crate) fn parse_ranges(text: &str) -> Result<Vec<Range>, &'static str> {
    let mut out: Vec<Range> = Vec::new();
    for part in text.split([',', ';', '\n']).map(str::trim).filter(|p| !p.is_empty()) {
        let Some(range) = slots::parse_range(part) else {
            // "10:00 PM - 1:00 AM" reads as a range that ends before it starts.
            let crosses = ["-", "–", " to "].iter().find_map(|s| part.split_once(s)).is_some_and(|(a, b)| {
                slots::parse_time(a).zip(slots::parse_time(b)).is_some_and(|(a, b)| b <= a)
            });
            return Err(if crosses { "hours.crossesMidnight" } else { "hours.format" });
        };
        if range.start % SLOT_MINUTES != 0 || range.end % SLOT_MINUTES != 0 {
            return Err("hours.grid");
        }
        if range.end - range.start < SLOT_MINUTES {
            return Err("hours.format");
        }
        if out.last().is_some_and(|last| range.start < last.end) {
            return Err("hours.overlap");
        }
        out.push(range);
    }
    Ok(out)
}

/// "9:00 AM": how hours are written for people (no leading zero).
pub fn time_text(t: Minutes) -> String {
    let text = slots::format_12h(t);
    text.strip_prefix('0').map(str::to_owned).unwrap_or(text)
}

/// "9:00 AM - 1:00 PM": a range in the spec's words (the API's `officeHours`, the console).
pub fn range_text(r: Range) -> String {
    format!("{} - {}", time_text(r.start), time_text(r.end))
}

/// "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM".
pub fn ranges_text(ranges: &[Range]) -> String {
    ranges.iter().map(|r| range_text(*r)).collect::<Vec<_>>().join(", ")
}

/// Hours as they are kept ("09:00-13:00, 14:00-17:00") in the spec's words
/// ("9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM"); text that does not read, as it is.
pub fn hours_words(kept: &str) -> String {
    parse_ranges(kept).map(|r| ranges_text(&r)).unwrap_or_else(|_| kept.to_owned())
}

pub(crate) fn closure_of(row: &clinic_closure::Model) -> Closure {
    let at =
        |t: &Option<String>, default| t.as_deref().and_then(slots::parse_time).unwrap_or(default);
    let window = (row.starts_at.is_some() || row.ends_at.is_some()).then(|| Range {
        start: at(&row.starts_at, 0),
        end: at(&row.ends_at, 24 * 60),
    });
    Closure {
        clinic: row.clinic_id.clone(),
        window,
        note: row.note.clone(),
    }
}

/// The hours of a doctor on a date: the date's own hours when it has them,
/// otherwise the weekday's; with whether they are the date's own.
pub(crate) async fn hours_on(db: &Db, doctor: &doctor::Model, date: NaiveDate) -> Result<(Vec<Hours>, bool), DataError> {
    let change = hour_change::Entity::find()
        .filter(hour_change::Column::DoctorId.eq(doctor.id))
        .filter(hour_change::Column::Day.eq(date.to_string()))
        .one(db)
        .await?;
    let day = date.weekday().number_from_monday() as i16;
    let week = match change {
        Some(_) => Vec::new(),
        None => {
            office_hours::Entity::find()
                .filter(office_hours::Column::DoctorId.eq(doctor.id))
                .filter(office_hours::Column::Weekday.eq(day))
                .order_by_asc(office_hours::Column::Id)
                .all(db)
                .await?
        }
    };
    Ok(hours_from(doctor, date, change.as_ref(), &week))
}

/// The rule of a date's hours, without a database: the date's change of hours
/// if it has one (and whether it had), or else the ranges of `week` (the
/// doctor's office hours, any weekday: those of `date`'s are taken) in order.
pub(crate) fn hours_from(
    doctor: &doctor::Model,
    date: NaiveDate,
    change: Option<&hour_change::Model>,
    week: &[office_hours::Model],
) -> (Vec<Hours>, bool) {
    if let Some(change) = change {
        let clinic = change.clinic_id.clone().unwrap_or_else(|| doctor.clinic_id.clone());
        let ranges = parse_ranges(&change.hours).unwrap_or_else(|key| {
            tracing::error!(doctor = doctor.id, day = %change.day, key, "a change of hours cannot be read; the day offers nothing");
            Vec::new()
        });
        let hours = ranges
            .into_iter()
            .map(|range| Hours {
                clinic: clinic.clone(),
                range,
            })
            .collect();
        return (hours, true);
    }
    let day = date.weekday().number_from_monday() as i16;
    let mut hours: Vec<Hours> = week
        .iter()
        .filter(|h| h.doctor_id == doctor.id && h.weekday == day)
        .filter_map(|h| {
            let range = slots::parse_range(&h.hours);
            if range.is_none() {
                slots::grid_of(&h.hours); // logs the unreadable text once
            }
            Some(Hours { clinic: h.clinic_id.clone().unwrap_or_else(|| doctor.clinic_id.clone()), range: range? })
        })
        .collect();
    hours.sort_by_key(|h| h.range.start);
    (hours, false)
}

/// Where a visit takes place: the clinic of the doctor's range that holds its
/// start on its date, or else the doctor's own clinic (the e-mails and the
/// calendar invitation name it).
pub async fn clinic_of_visit(
    db: &Db,
    doctor_id: i32,
    date: &str,
    start: &str,
) -> Result<Option<content::Clinic>, DataError> {
    let c = content::default();
    let Some(doctor) = doctor::Entity::find_by_id(doctor_id).one(db).await? else {
        return Ok(None);
    };
    let (Some(day), Some(t)) = (crate::ist::parse_date(date), slots::parse_time(start)) else {
        return Ok(c.find_clinic(&doctor.clinic_id).cloned());
    };
    let (hours, _) = hours_on(db, &doctor, day).await?;
    let at = hours
        .iter()
        .find(|h| h.range.start <= t && t < h.range.end)
        .map_or(doctor.clinic_id.as_str(), |h| h.clinic.as_str());
    Ok(c.find_clinic(at)
        .or_else(|| c.find_clinic(&doctor.clinic_id))
        .cloned())
}

/// The clinic's name of each of a doctor's times on a date ("09:15 AM" or
/// "09:15"): `clinics_of_visits` for one doctor's day.
pub async fn clinic_names(db: &Db, doctor_id: i32, date: NaiveDate, times: &[String]) -> Result<Vec<String>, DataError> {
    let day = date.to_string();
    let visits: Vec<(i32, &str, &str)> = times.iter().map(|t| (doctor_id, day.as_str(), t.as_str())).collect();
    clinics_of_visits(db, &visits).await
}

/// The clinic's name of each visit (doctor, date YYYY-MM-DD, start "09:15"), as
/// `clinic_of_visit` gives it, for a list: the doctors, their weeks and the
/// dates' changes of hours are read once for all of them (three queries, however
/// many visits). A visit whose doctor is gone has "".
pub async fn clinics_of_visits(db: &Db, visits: &[(i32, &str, &str)]) -> Result<Vec<String>, DataError> {
    if visits.is_empty() {
        return Ok(Vec::new());
    }
    let c = content::default();
    let mut ids: Vec<i32> = visits.iter().map(|v| v.0).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut days: Vec<String> = visits.iter().map(|v| v.1.to_owned()).collect();
    days.sort_unstable();
    days.dedup();
    let doctors: HashMap<i32, doctor::Model> =
        doctor::Entity::find().filter(doctor::Column::Id.is_in(ids.clone())).all(db).await?.into_iter().map(|d| (d.id, d)).collect();
    // By doctor and by (doctor, day), once: a month's CSV asks for thousands of visits.
    let mut weeks: HashMap<i32, Vec<office_hours::Model>> = HashMap::new();
    let dates: Vec<NaiveDate> = days.iter().filter_map(|d| crate::ist::parse_date(d)).collect();
    for row in office_hours::Entity::find()
        .filter(office_hours::Column::DoctorId.is_in(ids.clone()))
        .filter(office_hours::Column::Weekday.is_in(weekdays(&dates)))
        .order_by_asc(office_hours::Column::Id)
        .all(db)
        .await?
    {
        weeks.entry(row.doctor_id).or_default().push(row);
    }
    let changes: HashMap<(i32, String), hour_change::Model> = hour_change::Entity::find()
        .filter(hour_change::Column::DoctorId.is_in(ids))
        .filter(hour_change::Column::Day.is_in(days))
        .all(db)
        .await?
        .into_iter()
        .map(|h| ((h.doctor_id, h.day.clone()), h))
        .collect();
    // A doctor's hours of a day, read once however many visits that day has.
    let mut days_hours: HashMap<(i32, &str), Vec<Hours>> = HashMap::new();
    Ok(visits
        .iter()
        .map(|&(doctor_id, date, start)| {
            let Some(doctor) = doctors.get(&doctor_id) else { return String::new() };
            // The clinic of the range the time falls in; the doctor's own otherwise.
            let at = crate::ist::parse_date(date).zip(slots::parse_time(start)).and_then(|(day, t)| {
                let hours = days_hours.entry((doctor_id, date)).or_insert_with(|| {
                    let change = changes.get(&(doctor.id, date.to_owned()));
                    let week = weeks.get(&doctor.id).map_or(&[][..], Vec::as_slice);
                    hours_from(doctor, day, change, week).0
                });
                hours.iter().find(|h| h.range.start <= t && t < h.range.end).map(|h| h.clinic.clone())
            });
            let at = at.unwrap_or_else(|| doctor.clinic_id.clone());
            c.find_clinic(&at).or_else(|| c.find_clinic(&doctor.clinic_id)).map(|k| k.name.clone()).unwrap_or_default()
        })
        .collect())
}

/// The closures of every clinic on a date.
pub(crate) async fn closures_on(db: &Db, date: NaiveDate) -> Result<Vec<Closure>, DataError> {
    let rows = clinic_closure::Entity::find().filter(clinic_closure::Column::Day.eq(date.to_string())).all(db).await?;
    Ok(rows.iter().map(closure_of).collect())
}

/// A doctor's slots on a date (leave is the caller's to check first): the one
/// place a day's hours, its change of hours and the clinics' closures meet.
pub async fn day_plan(db: &Db, doctor: &doctor::Model, date: NaiveDate) -> Result<DayPlan, DataError> {
    let (hours, changed) = hours_on(db, doctor, date).await?;
    if hours.is_empty() {
        return Ok(DayPlan { changed, ..DayPlan::default() });
    }
    Ok(DayPlan { changed, ..plan(&hours, &closures_on(db, date).await?) })
}

/// The plans of many doctors over some days, with the closures of those days:
/// what `day_plan` gives for each (doctor, day), read in three queries however
/// many doctors and days (the console's day and week views; no query per doctor
/// per day).
pub struct Plans {
    plans: HashMap<(i32, NaiveDate), DayPlan>,
    closures: HashMap<NaiveDate, Vec<Closure>>,
}

impl Plans {
    /// The plan of a doctor on a day (empty for a pair that was not read).
    pub fn of(&self, doctor_id: i32, day: NaiveDate) -> DayPlan {
        self.plans.get(&(doctor_id, day)).cloned().unwrap_or_default()
    }

    /// The closure of a clinic that takes the slot at `t` on `day`, if any.
    pub fn closure_at(&self, clinic: &str, day: NaiveDate, t: Minutes) -> Option<&Closure> {
        self.closures.get(&day)?.iter().find(|c| c.takes(clinic, t))
    }
}

/// The ISO weekdays (1 Monday … 7 Sunday) of `days`, once each.
fn weekdays(days: &[NaiveDate]) -> Vec<i16> {
    let mut out: Vec<i16> = days.iter().map(|d| d.weekday().number_from_monday() as i16).collect();
    out.sort_unstable();
    out.dedup();
    out
}

pub async fn day_plans(db: &Db, doctors: &[doctor::Model], days: &[NaiveDate]) -> Result<Plans, DataError> {
    let ids: Vec<i32> = doctors.iter().map(|d| d.id).collect();
    let dates: Vec<String> = days.iter().map(NaiveDate::to_string).collect();
    let mut weeks: HashMap<i32, Vec<office_hours::Model>> = HashMap::new();
    let mut changes: HashMap<(i32, String), hour_change::Model> = HashMap::new();
    let mut closures: HashMap<NaiveDate, Vec<Closure>> = HashMap::new();
    if !ids.is_empty() && !days.is_empty() {
        // Only the weekdays asked for: a day of a network's 200 doctors is a
        // seventh of their weeks' rows, and every row read costs.
        for row in office_hours::Entity::find()
            .filter(office_hours::Column::DoctorId.is_in(ids.clone()))
            .filter(office_hours::Column::Weekday.is_in(weekdays(days)))
            .order_by_asc(office_hours::Column::Id)
            .all(db)
            .await?
        {
            weeks.entry(row.doctor_id).or_default().push(row);
        }
        for row in hour_change::Entity::find().filter(hour_change::Column::DoctorId.is_in(ids)).filter(hour_change::Column::Day.is_in(dates.clone())).all(db).await? {
            changes.insert((row.doctor_id, row.day.clone()), row);
        }
        for row in clinic_closure::Entity::find().filter(clinic_closure::Column::Day.is_in(dates)).all(db).await? {
            if let Some(day) = crate::ist::parse_date(&row.day) {
                closures.entry(day).or_default().push(closure_of(&row));
            }
        }
    }
    let mut plans = HashMap::with_capacity(doctors.len() * days.len());
    for doctor in doctors {
        let week = weeks.get(&doctor.id).map_or(&[][..], Vec::as_slice);
        for &day in days {
            let (hours, changed) = hours_from(doctor, day, changes.get(&(doctor.id, day.to_string())), week);
            let plan = match hours.is_empty() {
                true => DayPlan { changed, ..DayPlan::default() },
                false => DayPlan { changed, ..plan(&hours, closures.get(&day).map_or(&[][..], Vec::as_slice)) },
            };
            plans.insert((doctor.id, day), plan);
        }
    }
    Ok(Plans { plans, closures })
}

// ---- What patients are told --------------------------------------------------------

/// A closure as the public pages show it: the contact page lists the coming
/// ones, the wizards the ones of the doctor's clinic.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PublicClosure {
    /// The clinic's id.
    pub clinic: String,
    pub clinic_name: String,
    /// YYYY-MM-DD.
    pub date: String,
    /// "1:00 PM": closed from; null: from opening.
    pub from: Option<String>,
    /// "1:00 PM": closed until; null: to closing.
    pub until: Option<String>,
    /// "Closed for Diwali".
    pub note: String,
}

impl PublicClosure {
    pub fn of(row: &clinic_closure::Model) -> Self {
        let time = |t: &Option<String>| t.as_deref().and_then(slots::parse_time).map(time_text);
        PublicClosure {
            clinic_name: content::default()
                .find_clinic(&row.clinic_id)
                .map(|c| c.name.clone())
                .unwrap_or_default(),
            clinic: row.clinic_id.clone(),
            date: row.day.clone(),
            from: time(&row.starts_at),
            until: time(&row.ends_at),
            note: row.note.clone(),
        }
    }
}

/// The closures from `from` to `until` (both included), by date and clinic.
pub async fn public_closures(db: &Db, from: NaiveDate, until: NaiveDate) -> Result<Vec<PublicClosure>, DataError> {
    let rows = clinic_closure::Entity::find()
        .filter(clinic_closure::Column::Day.gte(from.to_string()))
        .filter(clinic_closure::Column::Day.lte(until.to_string()))
        .order_by_asc(clinic_closure::Column::Day)
        .order_by_asc(clinic_closure::Column::ClinicId)
        .all(db)
        .await?;
    Ok(rows.iter().map(PublicClosure::of).collect())
}

// ---- The console -------------------------------------------------------------------

/// A doctor's week as the console shows and edits it: for each weekday (1 Monday
/// … 7 Sunday) and clinic, the ranges as text.
pub async fn week_of(db: &Db, doctor: &doctor::Model) -> Result<BTreeMap<(i16, String), Vec<Range>>, DataError> {
    let rows = office_hours::Entity::find().filter(office_hours::Column::DoctorId.eq(doctor.id)).all(db).await?;
    let mut week: BTreeMap<(i16, String), Vec<Range>> = BTreeMap::new();
    for row in rows {
        let clinic = row.clinic_id.clone().unwrap_or_else(|| doctor.clinic_id.clone());
        if let Some(range) = slots::parse_range(&row.hours) {
            week.entry((row.weekday, clinic)).or_default().push(range);
        }
    }
    for ranges in week.values_mut() {
        ranges.sort_by_key(|r| r.start);
    }
    Ok(week)
}

/// The field of a weekday's hours at a clinic in the console's form: `hours-1-kalawad-road`.
pub fn week_field(weekday: i16, clinic: &str) -> String {
    format!("hours-{weekday}-{clinic}")
}

/// Replaces a doctor's week with what the console's form sends: for each weekday
/// and clinic, ranges as text (`week_field` names them; a missing field is no
/// hours). Each field is checked on its own, and a weekday's ranges at the two
/// clinics must not overlap. One transaction, one audit row.
pub async fn set_week(db: &Db, actor: &Actor, doctor_id: i32, fields: &HashMap<String, String>) -> Result<(), WriteError> {
    let Some(doctor) = doctor::Entity::find_by_id(doctor_id).one(db).await? else {
        return Err(WriteError::Invalid(Invalid::field("doctor", Message::new("appointment.doctorRequired"))));
    };
    let mut c = Check::default();
    let mut week: Vec<(i16, String, Range)> = Vec::new();
    for day in 1..=7i16 {
        let mut of_day: Vec<Range> = Vec::new();
        for clinic in content::default().clinics.iter() {
            let field = week_field(day, &clinic.id);
            let text = fields.get(&field).map(String::as_str).unwrap_or_default();
            if text.chars().count() > limit(WEEK_LIMITS, "hours") {
                c.fail(&field, Message::new("hours.format"));
                continue;
            }
            match parse_ranges(text) {
                Err(key) => c.fail(&field, Message::new(key)),
                Ok(ranges) => {
                    if ranges.iter().any(|r| of_day.iter().any(|o| r.start < o.end && o.start < r.end)) {
                        c.fail(&field, Message::new("hours.twoPlaces"));
                    }
                    of_day.extend(&ranges);
                    week.extend(ranges.into_iter().map(|r| (day, clinic.id.clone(), r)));
                }
            }
        }
    }
    c.finish().map_err(WriteError::Invalid)?;
    let txn = crate::db::begin_write(db).await?;
    lock_doctor(&txn, doctor.id).await?;
    let before = week_json(&week_of_rows(&office_hours::Entity::find().filter(office_hours::Column::DoctorId.eq(doctor.id)).all(&txn).await?, &doctor));
    office_hours::Entity::delete_many().filter(office_hours::Column::DoctorId.eq(doctor.id)).exec(&txn).await?;
    for (day, clinic, range) in &week {
        office_hours::ActiveModel {
            doctor_id: Set(doctor.id),
            weekday: Set(*day),
            hours: Set(hygo_core::times::range_data(*range)),
            clinic_id: Set((*clinic != doctor.clinic_id).then(|| clinic.clone())),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    audit::record(&txn, actor, "hours-set", Target { kind: "doctor", name: &doctor.name }, before, week_json(&week)).await?;
    txn.commit().await?;
    Ok(())
}

/// Makes two writes to one doctor's hours wait for each other. SQLite's write
/// transactions already do (`begin_write`); PostgreSQL locks the doctor's row.
async fn lock_doctor(txn: &sea_orm::DatabaseTransaction, doctor_id: i32) -> Result<(), DataError> {
    use sea_orm::{ConnectionTrait, DbBackend, Statement};
    if txn.get_database_backend() == DbBackend::Postgres {
        txn.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, "SELECT id FROM doctors WHERE id = $1 FOR UPDATE", [doctor_id.into()])).await?;
    }
    Ok(())
}

/// A unique index refusing a second change or closure for a date that one
/// written at the same moment took: the same answer as when it was there before.
fn taken_meanwhile(e: sea_orm::DbErr, message: Message) -> WriteError {
    match e.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => WriteError::Conflict { field: "date", message },
        _ => e.into(),
    }
}

fn week_of_rows(rows: &[office_hours::Model], doctor: &doctor::Model) -> Vec<(i16, String, Range)> {
    rows.iter()
        .filter_map(|r| {
            let clinic = r.clinic_id.clone().unwrap_or_else(|| doctor.clinic_id.clone());
            Some((r.weekday, clinic, slots::parse_range(&r.hours)?))
        })
        .collect()
}

fn week_json(week: &[(i16, String, Range)]) -> serde_json::Value {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (day, clinic, range) in week {
        out.entry(format!("{day} {clinic}")).or_default().push(range_text(*range));
    }
    serde_json::json!(out)
}

/// A date from a console form: YYYY-MM-DD, today or later.
fn check_day(c: &mut Check, field: &str, value: Option<&str>, today: NaiveDate) -> Option<NaiveDate> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => {
            c.fail(field, Message::new("appointment.dateRequired"));
            None
        }
        Some(v) => match crate::ist::parse_date(v) {
            None => {
                c.fail(field, Message::new("appointment.dateFormat"));
                None
            }
            Some(d) if d < today => {
                c.fail(field, Message::new("hours.datePast"));
                None
            }
            Some(d) => Some(d),
        },
    }
}

fn check_clinic(c: &mut Check, field: &str, value: Option<&str>, required: bool) -> Option<String> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None if required => {
            c.fail(field, Message::new("closure.clinicRequired"));
            None
        }
        None => None,
        Some(v) => match content::default().find_clinic(v) {
            Some(clinic) => Some(clinic.id.clone()),
            None => {
                c.fail(field, Message::new("closure.clinicRequired"));
                None
            }
        },
    }
}

/// A change of hours as the console's form sends it.
#[derive(Debug, Clone, Default)]
pub struct NewChange<'a> {
    pub date: Option<&'a str>,
    /// Ranges; empty: no hours that day.
    pub hours: Option<&'a str>,
    pub clinic: Option<&'a str>,
    pub note: Option<&'a str>,
}

/// Gives a doctor their own hours on a date (one change per date: a second is
/// refused, remove the first), with its audit row.
pub async fn add_change(db: &Db, actor: &Actor, doctor_id: i32, new: NewChange<'_>, today: NaiveDate) -> Result<hour_change::Model, WriteError> {
    let Some(doctor) = doctor::Entity::find_by_id(doctor_id).one(db).await? else {
        return Err(WriteError::Invalid(Invalid::field("doctor", Message::new("appointment.doctorRequired"))));
    };
    let mut c = Check::default();
    let date = check_day(&mut c, "date", new.date, today);
    let hours_text = c.line("hours", "hours.label", new.hours, limit(CHANGE_LIMITS, "hours"), None);
    let ranges = match parse_ranges(&hours_text) {
        Ok(r) => r,
        Err(key) => {
            c.fail("hours", Message::new(key));
            Vec::new()
        }
    };
    let clinic = check_clinic(&mut c, "clinic", new.clinic, false).filter(|id| *id != doctor.clinic_id);
    let note = c.paragraph("note", "leave.noteLabel", new.note, limit(CHANGE_LIMITS, "note"), None);
    c.finish().map_err(WriteError::Invalid)?;
    let date = date.expect("checked");
    let txn = crate::db::begin_write(db).await?;
    let taken = hour_change::Entity::find()
        .filter(hour_change::Column::DoctorId.eq(doctor.id))
        .filter(hour_change::Column::Day.eq(date.to_string()))
        .one(&txn)
        .await?;
    if taken.is_some() {
        return Err(WriteError::Conflict { field: "date", message: Message::new("hours.changeExists").with_day("date", date) });
    }
    let row = hour_change::ActiveModel {
        doctor_id: Set(doctor.id),
        day: Set(date.to_string()),
        hours: Set(ranges.iter().map(|r| hygo_core::times::range_data(*r)).collect::<Vec<_>>().join(", ")),
        clinic_id: Set(clinic),
        note: Set(Some(note).filter(|n| !n.is_empty())),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|e| taken_meanwhile(e, Message::new("hours.changeExists").with_day("date", date)))?;
    let after = serde_json::json!({ "date": row.day, "hours": row.hours, "clinic": row.clinic_id });
    audit::record(&txn, actor, "hours-change-add", Target { kind: "doctor", name: &doctor.name }, serde_json::Value::Null, after).await?;
    txn.commit().await?;
    Ok(row)
}

pub async fn remove_change(db: &Db, actor: &Actor, doctor_id: i32, id: i32) -> Result<(), WriteError> {
    let txn = crate::db::begin_write(db).await?;
    let found = hour_change::Entity::find_by_id(id).filter(hour_change::Column::DoctorId.eq(doctor_id)).one(&txn).await?;
    let (Some(row), Some(doctor)) = (found, doctor::Entity::find_by_id(doctor_id).one(&txn).await?) else {
        return Err(WriteError::Invalid(Invalid::field("changeId", Message::new("hours.changeNotFound"))));
    };
    hour_change::Entity::delete_by_id(row.id).exec(&txn).await?;
    let before = serde_json::json!({ "date": row.day, "hours": row.hours, "clinic": row.clinic_id });
    audit::record(&txn, actor, "hours-change-remove", Target { kind: "doctor", name: &doctor.name }, before, serde_json::Value::Null).await?;
    txn.commit().await?;
    Ok(())
}

/// A closure as the console's form sends it.
#[derive(Debug, Clone, Default)]
pub struct NewClosure<'a> {
    pub clinic: Option<&'a str>,
    pub date: Option<&'a str>,
    /// "HH:MM" or "1:00 PM"; empty: from opening.
    pub from: Option<&'a str>,
    /// Empty: to closing.
    pub until: Option<&'a str>,
    pub note: Option<&'a str>,
}

/// Closes a clinic on a date, all day or part of it, with the note patients see
/// (one closure per clinic and date), and its audit row.
pub async fn add_closure(db: &Db, actor: &Actor, new: NewClosure<'_>, today: NaiveDate) -> Result<clinic_closure::Model, WriteError> {
    let mut c = Check::default();
    let clinic = check_clinic(&mut c, "clinic", new.clinic, true);
    let date = check_day(&mut c, "date", new.date, today);
    let time = |c: &mut Check, field: &str, value: Option<&str>| -> Option<Minutes> {
        let v = value.map(str::trim).filter(|v| !v.is_empty())?;
        match slots::parse_time(v) {
            Some(t) if t % SLOT_MINUTES == 0 => Some(t),
            Some(_) => {
                c.fail(field, Message::new("hours.grid"));
                None
            }
            None => {
                c.fail(field, Message::new("appointment.timeFormat"));
                None
            }
        }
    };
    let from = time(&mut c, "from", new.from);
    let until = time(&mut c, "until", new.until);
    // "Until 12:00 AM" would close nothing: the day starts then.
    if until.is_some_and(|u| u <= from.unwrap_or(0)) {
        c.fail("until", Message::new("closure.untilBeforeFrom"));
    }
    let note = c.line("note", "closure.noteLabel", new.note, limit(CLOSURE_LIMITS, "note"), Some("closure.noteRequired"));
    c.finish().map_err(WriteError::Invalid)?;
    let (clinic, date) = (clinic.expect("checked"), date.expect("checked"));
    let txn = crate::db::begin_write(db).await?;
    let taken = clinic_closure::Entity::find()
        .filter(clinic_closure::Column::ClinicId.eq(clinic.as_str()))
        .filter(clinic_closure::Column::Day.eq(date.to_string()))
        .one(&txn)
        .await?;
    if taken.is_some() {
        return Err(WriteError::Conflict { field: "date", message: Message::new("closure.exists").with_day("date", date) });
    }
    let row = clinic_closure::ActiveModel {
        clinic_id: Set(clinic),
        day: Set(date.to_string()),
        starts_at: Set(from.map(slots::format_24h)),
        ends_at: Set(until.map(slots::format_24h)),
        note: Set(note),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|e| taken_meanwhile(e, Message::new("closure.exists").with_day("date", date)))?;
    let after = serde_json::json!({ "date": row.day, "from": row.starts_at, "until": row.ends_at, "note": row.note });
    let content = content::default();
    let name = content
        .find_clinic(&row.clinic_id)
        .map(|c| c.name.as_str())
        .unwrap_or_default();
    audit::record(
        &txn,
        actor,
        "closure-add",
        Target {
            kind: "clinic",
            name,
        },
        serde_json::Value::Null,
        after,
    )
    .await?;
    txn.commit().await?;
    Ok(row)
}

pub async fn remove_closure(db: &Db, actor: &Actor, id: i32) -> Result<(), WriteError> {
    let txn = crate::db::begin_write(db).await?;
    let Some(row) = clinic_closure::Entity::find_by_id(id).one(&txn).await? else {
        return Err(WriteError::Invalid(Invalid::field("closureId", Message::new("closure.notFound"))));
    };
    clinic_closure::Entity::delete_by_id(row.id).exec(&txn).await?;
    let before = serde_json::json!({ "date": row.day, "from": row.starts_at, "until": row.ends_at, "note": row.note });
    let content = content::default();
    let name = content
        .find_clinic(&row.clinic_id)
        .map(|c| c.name.as_str())
        .unwrap_or_default();
    audit::record(
        &txn,
        actor,
        "closure-remove",
        Target {
            kind: "clinic",
            name,
        },
        before,
        serde_json::Value::Null,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(text: &str) -> Range {
        slots::parse_range(text).unwrap()
    }

    #[test]
    fn ranges_are_read_in_order_on_the_grid_and_apart() {
        assert_eq!(parse_ranges("9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM"), Ok(vec![r("9 AM - 1 PM"), r("2 PM - 5 PM")]));
        assert_eq!(parse_ranges("  "), Ok(vec![]));
        assert_eq!(parse_ranges("10:00 PM - 1:00 AM"), Err("hours.crossesMidnight"));
        assert_eq!(parse_ranges("9:10 AM - 1:00 PM"), Err("hours.grid"));
        assert_eq!(parse_ranges("9:00 AM - 1:00 PM, 12:00 PM - 5:00 PM"), Err("hours.overlap"));
        assert_eq!(parse_ranges("2:00 PM - 5:00 PM, 9:00 AM - 1:00 PM"), Err("hours.overlap"), "in order");
        assert_eq!(parse_ranges("mornings"), Err("hours.format"));
        assert_eq!(ranges_text(&parse_ranges("9 am - 1 pm; 2:00 PM - 5:30 PM").unwrap()), "9:00 AM - 1:00 PM, 2:00 PM - 5:30 PM");
    }

    #[test]
    fn a_closure_takes_the_slots_it_overlaps_at_its_clinic_only() {
        let hours = [Hours { clinic: "a".into(), range: r("9 AM - 11 AM") }, Hours { clinic: "b".into(), range: r("4 PM - 5 PM") }];
        let noon_on = Closure { clinic: "a".into(), window: Some(Range { start: 600, end: 24 * 60 }), note: "Half day".into() };
        let p = plan(&hours, &[noon_on.clone()]);
        assert_eq!(p.grid, vec![540, 555, 570, 585, 960, 975, 990, 1005]);
        assert_eq!(p.closed_by, None, "slots remain");
        let all_day = Closure { clinic: "b".into(), window: None, note: "Diwali".into() };
        let p = plan(&hours[1..], &[noon_on, all_day.clone()]);
        assert_eq!((p.grid, p.closed_by), (vec![], Some(all_day)));
    }
}

//! Appointment requests and the slots they take (spec sections 3, 4, 5 and 9).
//!
//! A request is checked in full, then stored with one INSERT. The partial unique
//! index on (doctor, date, start time) for active requests decides races: of two
//! requests for the same slot, on any number of app instances, the database accepts
//! exactly one. No read-then-write transaction, so SQLite never has to upgrade a
//! read lock under contention.

use chrono::{Datelike, Duration, NaiveDate, Timelike};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};

use crate::entities::{appointment, doctor, office_hours};
use crate::form::{Check, Invalid};
use crate::ist::{self, Clock};
use crate::slots::{self, Minutes};
use crate::{leave, DataError, Db};

/// How far ahead a request may be made.
pub const MAX_DAYS_AHEAD: i64 = 90;

/// The departments a booking may name (spec section 5).
pub const DEPARTMENTS: &[&str] = &[
    "cardiology",
    "neurology",
    "orthopedics",
    "pediatrics",
    "ophthalmology",
    "internal-medicine",
    "general-consultation",
];

pub const VISIT_TYPES: &[&str] = &["in-person", "video"];

/// Reasons of both wizards (variant A, then the ones only variant B has).
pub const REASONS: &[&str] = &[
    "Consultation",
    "Follow-up",
    "Routine Checkup",
    "Second Opinion",
    "Test Results",
    "Other",
    "Routine Check-up",
    "New Symptoms",
    "Chronic Condition",
    "Preventive Care",
    "Emergency",
];

pub const SYMPTOMS: &[&str] = &[
    "Fever",
    "Headache",
    "Cough",
    "Shortness of Breath",
    "Chest Pain",
    "Abdominal Pain",
    "Nausea",
    "Fatigue",
    "Dizziness",
    "Joint Pain",
    "Back Pain",
    "Skin Issues",
    "Vision Problems",
    "Hearing Issues",
    "Sleep Issues",
    "Anxiety",
    "Depression",
    "Other",
];

/// The appointment request as the booking clients send it (spec section 3). Every
/// field is optional here so that a missing one gets a message, not a parse error;
/// unknown fields are ignored.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppointmentRequest {
    /// Full name.
    pub name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// One of the booking departments; optional (wizard B sends none).
    pub department: Option<String>,
    /// The doctor's name, as the original client sends it.
    pub doctor: Option<String>,
    /// The doctor's id; wins over `doctor` when both are given.
    pub doctor_id: Option<i32>,
    /// YYYY-MM-DD, in India Standard Time.
    pub date: Option<String>,
    /// 12-hour time such as "09:15 AM" (or "9:00 AM").
    pub time: Option<String>,
    /// "in-person" (the default) or "video".
    pub visit_type: Option<String>,
    pub reason: Option<String>,
    pub selected_symptoms: Option<Vec<String>>,
    pub additional_notes: Option<String>,
    pub insurance: Option<String>,
    pub policy_number: Option<String>,
    /// "yes" (the default) or "no".
    pub is_new_patient: Option<String>,
}

/// What a stored request answers with: enough to show the confirmation, nothing
/// more of the person's data than they just sent.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booked {
    pub id: i32,
    pub doctor: String,
    pub doctor_id: i32,
    pub date: String,
    /// "09:15 AM".
    pub time: String,
    pub visit_type: String,
}

#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    #[error("the request is not valid")]
    Invalid(Invalid),
    #[error("the slot is taken")]
    Taken,
    #[error(transparent)]
    Data(#[from] DataError),
}

impl From<sea_orm::DbErr> for BookingError {
    fn from(e: sea_orm::DbErr) -> Self {
        BookingError::Data(e.into())
    }
}

pub const TAKEN_MESSAGE: &str =
    "Sorry, that time has just been requested by someone else. Please choose another time.";

/// Checks and stores a request. `Taken` when the slot is already held.
pub async fn book(db: &Db, clock: &Clock, req: AppointmentRequest) -> Result<Booked, BookingError> {
    let mut c = Check::default();
    let name = c.line("name", "Full name", req.name.as_deref(), 100, Some("Enter your full name"));
    let phone = c.phone("phone", req.phone.as_deref(), Some("Enter your phone number"));
    let email = c.email("email", req.email.as_deref());
    let department = match req.department.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => c.choice("department", Some(d), DEPARTMENTS, None, "Choose a department from the list"),
        None => String::new(),
    };
    let visit_type = c.choice("visitType", req.visit_type.as_deref(), VISIT_TYPES, Some("in-person"), "Choose in-person or video");
    let reason = match req.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) => c.choice("reason", Some(r), REASONS, None, "Choose a reason for your visit from the list"),
        None => String::new(),
    };
    let mut symptoms: Vec<String> = Vec::new();
    for s in req.selected_symptoms.unwrap_or_default() {
        match SYMPTOMS.iter().find(|k| k.eq_ignore_ascii_case(s.trim())) {
            Some(k) if !symptoms.iter().any(|x| x == k) => symptoms.push((*k).to_owned()),
            Some(_) => {}
            None => c.fail("selectedSymptoms", "Choose symptoms from the list"),
        }
    }
    let notes = c.paragraph("additionalNotes", "Additional notes", req.additional_notes.as_deref(), 2000, None);
    let insurance = c.line("insurance", "Insurance provider", req.insurance.as_deref(), 100, None);
    let policy_number = c.line("policyNumber", "Policy number", req.policy_number.as_deref(), 50, None);
    let is_new_patient = c.choice("isNewPatient", req.is_new_patient.as_deref(), &["yes", "no"], Some("yes"), "Answer yes or no") == "yes";

    let doctor = find_doctor(db, req.doctor_id, req.doctor.as_deref()).await?;
    if doctor.is_none() {
        let given = req.doctor_id.is_some() || req.doctor.as_deref().is_some_and(|d| !d.trim().is_empty());
        c.fail("doctor", if given { "We could not find that doctor. Choose a doctor from the list" } else { "Choose a doctor" });
    }
    let date = check_date(&mut c, clock, req.date.as_deref());
    let mut start: Option<Minutes> = None;
    match req.time.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => c.fail("time", "Choose a time for your appointment"),
        Some(t) => match slots::parse_time(t) {
            None => c.fail("time", "Enter the time like 09:15 AM"),
            Some(t) => start = Some(t),
        },
    }
    if let (Some(doctor), Some(date)) = (&doctor, date) {
        let schedule = leave::schedule(db, doctor.id, date).await?;
        // On `date`, the field both wizards show on the step where the day is chosen.
        if let Some(period) = schedule.leave_on(date) {
            let (name, day) = (&doctor.name, ist::long_date(date));
            let message = match (period.until, schedule.back_on(period)) {
                (Some(_), Some(back)) => {
                    format!("{name} is on leave on {day} and back on {}. Choose another day or another doctor", ist::long_date(back))
                }
                (Some(_), None) => format!("{name} is on leave on {day}. Choose another day or another doctor"),
                (None, _) if period.from > clock.today() => format!(
                    "{name} is on leave from {} until further notice. Choose an earlier day or another doctor",
                    ist::long_date(period.from)
                ),
                (None, _) => format!("{name} is on leave and is not taking appointment requests at the moment. Choose another doctor"),
            };
            c.fail("date", message);
        }
    }
    if let (Some(doctor), Some(date), Some(t), false) = (&doctor, date, start, c.has_error("date") || c.has_error("doctor")) {
        let grid = day_grid(db, doctor.id, date).await?;
        if !grid.contains(&t) {
            c.fail("time", format!("{} is not one of the times the doctor offers on that day. Choose a time from the list", slots::format_12h(t)));
        } else if is_past(clock, date, t) {
            c.fail("time", "That time has already passed. Choose a later time");
        }
    }
    c.finish().map_err(BookingError::Invalid)?;
    let (doctor, date, start) = (doctor.expect("checked"), date.expect("checked"), start.expect("checked"));

    let row = appointment::ActiveModel {
        doctor_id: Set(doctor.id),
        department: Set(department),
        date: Set(date.to_string()),
        start_time: Set(slots::format_24h(start)),
        visit_type: Set(visit_type.clone()),
        name: Set(name),
        phone: Set(phone),
        email: Set(email),
        reason: Set(reason),
        symptoms: Set(serde_json::to_string(&symptoms).expect("a list of strings serializes")),
        notes: Set(notes),
        insurance: Set(insurance),
        policy_number: Set(policy_number),
        is_new_patient: Set(is_new_patient),
        created_at: Set(crate::ist::stamp()),
        cancelled_at: Set(None),
        ..Default::default()
    };
    match row.insert(db).await {
        Ok(saved) => Ok(Booked {
            id: saved.id,
            doctor: doctor.name,
            doctor_id: doctor.id,
            date: saved.date,
            time: slots::format_12h(start),
            visit_type,
        }),
        Err(e) if matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => Err(BookingError::Taken),
        Err(e) => Err(e.into()),
    }
}

/// Why a day offers the times it does (or none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DayAvailability {
    /// Some times are free.
    #[default]
    Open,
    /// Every time still to come has been requested.
    Full,
    /// The day, or every time of it not requested, has passed.
    Past,
    /// The doctor has no hours on that weekday.
    Closed,
    /// The doctor is on leave that day.
    OnLeave,
}

/// The slots answer: times still free, and times held by active requests.
#[derive(Debug, Clone, Default, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DaySlots {
    /// Free times from now on, "09:15 AM", in order.
    pub available_slots: Vec<String>,
    /// Times held by active requests, in order.
    pub booked_slots: Vec<String>,
    /// Why the day offers what it does; when there is no free time, which of
    /// "full", "past", "closed" or "on-leave" it is.
    pub availability: DayAvailability,
    /// With "on-leave": YYYY-MM-DD, the first day the doctor is back, if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back_on: Option<String>,
}

/// The free and held slots of a doctor on a date, and why there are none when
/// there are none: a day in the past, on leave, or without hours offers nothing.
pub async fn day_slots(db: &Db, clock: &Clock, doctor_id: i32, date: NaiveDate) -> Result<DaySlots, DataError> {
    let empty = |availability| DaySlots { availability, ..DaySlots::default() };
    if date < clock.today() {
        return Ok(empty(DayAvailability::Past));
    }
    let schedule = leave::schedule(db, doctor_id, date).await?;
    if let Some(period) = schedule.leave_on(date) {
        let back_on = schedule.back_on(period).map(|d| d.to_string());
        return Ok(DaySlots { back_on, ..empty(DayAvailability::OnLeave) });
    }
    let grid = day_grid(db, doctor_id, date).await?;
    if grid.is_empty() {
        return Ok(empty(DayAvailability::Closed));
    }
    let held = held_slots(db, doctor_id, date).await?;
    let to_come: Vec<Minutes> = grid.iter().copied().filter(|t| !is_past(clock, date, *t)).collect();
    let available: Vec<String> = to_come.iter().filter(|t| !held.contains(t)).map(|&t| slots::format_12h(t)).collect();
    let availability = if !available.is_empty() {
        DayAvailability::Open
    } else if !to_come.is_empty() {
        DayAvailability::Full
    } else {
        DayAvailability::Past
    };
    Ok(DaySlots {
        available_slots: available,
        booked_slots: held.iter().map(|&t| slots::format_12h(t)).collect(),
        availability,
        back_on: None,
    })
}

/// A doctor by id, or else by name (trimmed, without regard to case).
pub async fn find_doctor(db: &Db, id: Option<i32>, name: Option<&str>) -> Result<Option<doctor::Model>, DataError> {
    if let Some(id) = id {
        return Ok(doctor::Entity::find_by_id(id).one(db).await?);
    }
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty() && n.chars().count() <= 200) else {
        return Ok(None);
    };
    // Few doctors: compare in Rust, which folds case the same on both backends.
    let wanted = name.to_lowercase();
    Ok(doctor::Entity::find().all(db).await?.into_iter().find(|d| d.name.trim().to_lowercase() == wanted))
}

/// Parses YYYY-MM-DD for a booking: today or later, within `MAX_DAYS_AHEAD`.
fn check_date(c: &mut Check, clock: &Clock, value: Option<&str>) -> Option<NaiveDate> {
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    let Some(value) = value else {
        c.fail("date", "Choose a date for your appointment");
        return None;
    };
    let Some(date) = parse_date(value) else {
        c.fail("date", "Enter the date as YYYY-MM-DD, like 2026-12-01");
        return None;
    };
    let today = clock.today();
    if date < today {
        c.fail("date", "The date has passed. Choose today or a later date");
        None
    } else if date > today + Duration::days(MAX_DAYS_AHEAD) {
        c.fail("date", format!("Appointments can be requested up to {MAX_DAYS_AHEAD} days ahead"));
        None
    } else {
        Some(date)
    }
}

/// Strictly YYYY-MM-DD (chrono alone would also take "2026-1-5").
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    let shape = b.len() == 10 && b[4] == b'-' && b[7] == b'-' && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shape {
        return None;
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

fn is_past(clock: &Clock, date: NaiveDate, t: Minutes) -> bool {
    let now = clock.now();
    // A slot that has started is past: it can no longer be reached in time.
    date < now.date() || (date == now.date() && t <= now.time().num_seconds_from_midnight() / 60)
}

async fn day_grid(db: &Db, doctor_id: i32, date: NaiveDate) -> Result<Vec<Minutes>, DataError> {
    let day = date.weekday().number_from_monday() as i16;
    let hours = office_hours::Entity::find()
        .filter(office_hours::Column::DoctorId.eq(doctor_id))
        .filter(office_hours::Column::Weekday.eq(day))
        .one(db)
        .await?;
    Ok(hours.map(|h| slots::grid_of(&h.hours)).unwrap_or_default())
}

async fn held_slots(db: &Db, doctor_id: i32, date: NaiveDate) -> Result<Vec<Minutes>, DataError> {
    let mut held: Vec<Minutes> = appointment::Entity::find()
        .filter(appointment::Column::DoctorId.eq(doctor_id))
        .filter(appointment::Column::Date.eq(date.to_string()))
        .filter(appointment::Column::CancelledAt.is_null())
        .all(db)
        .await?
        .iter()
        .filter_map(|a| slots::parse_time(&a.start_time))
        .collect();
    held.sort_unstable();
    held.dedup();
    Ok(held)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_strict() {
        assert_eq!(parse_date("2026-12-01"), NaiveDate::from_ymd_opt(2026, 12, 1));
        for bad in ["2026-1-05", "2026-02-30", "01-12-2026", "2026/12/01", "", "२०२६-१२-०१"] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }

    /// The lists of spec section 9, copied from its text, in its order.
    #[test]
    fn the_lists_are_the_spec_s() {
        assert_eq!(SYMPTOMS, [
            "Fever", "Headache", "Cough", "Shortness of Breath", "Chest Pain", "Abdominal Pain", "Nausea", "Fatigue",
            "Dizziness", "Joint Pain", "Back Pain", "Skin Issues", "Vision Problems", "Hearing Issues", "Sleep Issues",
            "Anxiety", "Depression", "Other",
        ]);
        assert_eq!(DEPARTMENTS, [
            "cardiology", "neurology", "orthopedics", "pediatrics", "ophthalmology", "internal-medicine", "general-consultation",
        ]);
        assert_eq!(VISIT_TYPES, ["in-person", "video"]);
        let variant_a = ["Consultation", "Follow-up", "Routine Checkup", "Second Opinion", "Test Results", "Other"];
        let variant_b = [
            "Routine Check-up", "Follow-up", "New Symptoms", "Chronic Condition", "Preventive Care", "Emergency", "Second Opinion", "Other",
        ];
        for reason in variant_a.iter().chain(&variant_b) {
            assert!(REASONS.contains(reason), "{reason} is accepted");
        }
        for reason in REASONS {
            assert!(variant_a.contains(reason) || variant_b.contains(reason), "{reason} is in neither wizard");
        }
        let mut unique = REASONS.to_vec();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), REASONS.len(), "each reason once");
    }
}

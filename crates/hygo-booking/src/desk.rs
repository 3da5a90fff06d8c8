//! Bookings the front desk makes (issue 26): a caller on the phone, or a patient
//! at the counter. The console is the clinic's one calendar, so a desk booking
//! takes its slot by the same unique index as a request from the website (of two
//! bookings of one slot, on any number of instances, the database keeps one),
//! after the same checks of the day and time (`appointments::check_slot`: hours,
//! leave, closures, past times). It differs from the public form in what the desk
//! knows: the patient needs only a name and a phone number; it is confirmed at
//! once (a walk-in has arrived); the per-person limit of the public form does not
//! apply (the desk knows who is calling); and it is audited as `book`, by whom.
//!
//! A walk-in is booked for now: the slot under way or the next free one today;
//! when every slot of the day is held or past, after the last slot, a slot's
//! length apart, so the desk sees the queue in order (the day view lists them after the slots, marked walk-in).

use chrono::Timelike;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::appointments::{check_slot, find_doctor, held_slots};
use hygo_core::phone::key as phone_key;
use crate::audit::{self, Actor, Target};
use crate::entities::{appointment, doctor};
use crate::form::{Check, Message, WriteError, limit};
use crate::ist::{self, Clock};
use crate::messaging::Updates;
use crate::notices::Notices;
use crate::slots::{self, Minutes, SLOT_MINUTES};
use crate::status::Status;
use crate::{DataError, Db, leave, refs, schedule};

/// How a request came in (the `channel` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "BookingChannel")]
pub enum Channel {
    /// The public site's forms and API.
    Web,
    /// The desk, for a caller.
    Phone,
    /// The desk, for a patient at the counter.
    WalkIn,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Web => "web",
            Channel::Phone => "phone",
            Channel::WalkIn => "walk-in",
        }
    }

    pub fn parse(text: &str) -> Option<Channel> {
        [Channel::Web, Channel::Phone, Channel::WalkIn].into_iter().find(|c| c.as_str() == text)
    }
}

/// The longest value of each of the form's fields, as the checks allow it
/// (the console's inputs read them: `maxLength`).
pub const LIMITS: crate::form::Limits = &[("name", 100), ("phone", 20), ("email", 254), ("notes", 2000)];

/// What the desk's form sends. Every field is text, so a missing or odd one gets
/// a message by its field rather than a parse error.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct DeskBooking {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub doctor_id: Option<String>,
    /// YYYY-MM-DD; a walk-in is today whatever is sent.
    pub date: Option<String>,
    /// "09:15 AM"; a walk-in's is chosen (`walk_in_time`).
    pub time: Option<String>,
    /// `phone` (the default) or `walk-in`.
    pub channel: Option<String>,
    /// "in-person" (the default) or "video".
    pub visit_type: Option<String>,
    /// For the clinic: not shown to the patient, not mailed.
    pub notes: Option<String>,
    /// The language the patient's messages are written in: a tag of
    /// `hygo_content::LANGUAGES` ("en" when none is sent).
    pub lang: Option<String>,
    /// The caller's answer to "may we send you messages about it on your
    /// phone?": `whatsapp`, `sms` or `none` (the default); recorded as their consent.
    pub updates: Option<String>,
}

/// Books for the desk: checked in full, then the row, its audit row and, when the
/// patient gave an address, the confirmation with its calendar invitation, in one
/// transaction. A slot taken meanwhile is a conflict on `time` (for a walk-in,
/// the next one is tried).
pub async fn book(db: &Db, clock: &Clock, actor: &Actor, input: &DeskBooking, notices: &Notices) -> Result<appointment::Model, WriteError> {
    let mut c = Check::default();
    let name = c.line("name", "label.fullName", input.name.as_deref(), limit(LIMITS, "name"), Some("name.required"));
    let phone = c.phone("phone", input.phone.as_deref(), Some("phone.required"));
    let email = match input.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        Some(e) => c.email("email", Some(e)),
        None => String::new(),
    };
    let channel = match input.channel.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        None => Channel::Phone,
        Some(text) => Channel::parse(text).filter(|c| *c != Channel::Web).unwrap_or_else(|| {
            c.fail("channel", Message::new("desk.channel"));
            Channel::Phone
        }),
    };
    let visit_type = c.choice("visitType", input.visit_type.as_deref(), crate::appointments::VISIT_TYPES, Some("in-person"), "appointment.visitType");
    let notes = c.paragraph("notes", "label.additionalNotes", input.notes.as_deref(), limit(LIMITS, "notes"), None);
    let tags: Vec<&'static str> = crate::content::LANGUAGES.iter().map(|l| l.as_str()).collect();
    let lang = c.choice("lang", input.lang.as_deref(), &tags, Some(crate::content::Lang::DEFAULT.as_str()), "desk.lang");
    let updates = c.choice("updates", input.updates.as_deref(), crate::appointments::UPDATES, Some(Updates::None.as_str()), "appointment.updates");
    let updates = Updates::parse(&updates).unwrap_or_default();
    let doctor_id = input.doctor_id.as_deref().and_then(|d| d.trim().parse::<i32>().ok());
    let doctor = find_doctor(db, doctor_id, None).await?;
    if doctor.is_none() {
        c.fail("doctorId", Message::new("appointment.doctorRequired"));
    }
    let slot = match channel {
        Channel::WalkIn => walk_in_day(&mut c, db, clock, doctor.as_ref()).await?,
        _ => check_slot(&mut c, db, clock, doctor.as_ref(), input.date.as_deref(), input.time.as_deref()).await?.map(|(d, t)| (d, Some(t))),
    };
    c.finish().map_err(WriteError::Invalid)?;
    let (doctor, (date, time)) = (doctor.expect("checked"), slot.expect("checked"));
    let status = if channel == Channel::WalkIn { Status::Arrived } else { Status::Confirmed };
    // The doctor's department (the CSV's column), and whether the caller is new:
    // no request of this phone before (issue 44: every desk booking said "No").
    let department = crate::entities::department::Entity::find_by_id(doctor.department_id).one(db).await?.map(|d| d.slug).unwrap_or_default();
    let is_new_patient = appointment::Entity::find().filter(appointment::Column::PhoneKey.eq(phone_key(&phone))).count(db).await? == 0;
    let mut attempt = 0;
    loop {
        attempt += 1;
        let start = match time {
            Some(t) => t,
            None => walk_in_time(db, clock, &doctor, date).await?.ok_or_else(|| {
                WriteError::Conflict { field: "doctorId", message: Message::new("desk.walkInQueueFull").with("doctor", doctor.name.clone()).with("minutes", WALK_IN_OVERTIME.to_string()) }
            })?,
        };
        let row = appointment::ActiveModel {
            reference: Set(refs::new_reference()),
            doctor_id: Set(doctor.id),
            department: Set(department.clone()),
            date: Set(date.to_string()),
            start_time: Set(slots::format_24h(start)),
            visit_type: Set(visit_type.clone()),
            name: Set(name.clone()),
            phone_key: Set(phone_key(&phone)),
            phone: Set(phone.clone()),
            email: Set(email.clone()),
            reason: Set(String::new()),
            symptoms: Set("[]".to_owned()),
            notes: Set(notes.clone()),
            insurance: Set(String::new()),
            policy_number: Set(String::new()),
            is_new_patient: Set(is_new_patient),
            created_at: Set(ist::stamp()),
            status: Set(status.as_str().to_owned()),
            sequence: Set(0),
            status_changed_at: Set(Some(ist::stamp())),
            channel: Set(channel.as_str().to_owned()),
            lang: Set(lang.clone()),
            updates: Set(updates.as_str().to_owned()),
            visit_code: Set(Some(refs::new_visit_code())),
            ..Default::default()
        };
        let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
        let saved = match row.insert(&txn).await {
            Ok(saved) => saved,
            Err(e) if attempt < 3 && refs::reference_clash(&e) => continue,
            // A walk-in's time was taken between choosing it and storing it: the next one.
            Err(e) if attempt < 5 && time.is_none() && matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => continue,
            Err(e) if matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => {
                return Err(WriteError::Conflict { field: "time", message: Message::new("appointment.taken") });
            }
            Err(e) => return Err(DataError::from(e).into()),
        };
        let after = json!({ "status": saved.status, "doctorId": saved.doctor_id, "date": saved.date, "time": saved.start_time, "sequence": 0, "channel": saved.channel });
        audit::record(&txn, actor, "book", Target { kind: "appointment", name: &saved.reference }, serde_json::Value::Null, after).await?;
        let clinic = schedule::clinic_of_visit(db, saved.doctor_id, &saved.date, &saved.start_time).await?;
        if let Some(mail) = notices.appointment_changed(&saved, &doctor.name, clinic.as_ref(), "", None) {
            crate::mail::queue(&txn, mail).await.map_err(DataError::from)?;
        }
        if let Some(channel) = updates.channel() {
            crate::messaging::record(&txn, &phone, channel, true, crate::messaging::How::Desk, Some(saved.id)).await.map_err(DataError::from)?;
        }
        if let Some(text) = notices.appointment_changed_text(&saved, &doctor.name, clinic.as_ref(), "") {
            crate::messaging::queue(&txn, text).await.map_err(DataError::from)?;
        }
        txn.commit().await.map_err(DataError::from)?;
        return Ok(saved);
    }
}

/// A walk-in's day: today, when the doctor works today (not on leave, with hours,
/// the clinic open). The time is chosen as it is stored (`walk_in_time`).
async fn walk_in_day(c: &mut Check, db: &Db, clock: &Clock, doctor: Option<&doctor::Model>) -> Result<Option<(chrono::NaiveDate, Option<Minutes>)>, DataError> {
    let Some(doctor) = doctor else { return Ok(None) };
    let today = clock.today();
    if leave::schedule(db, doctor.id, today).await?.leave_on(today).is_some() {
        c.fail("doctorId", Message::new("desk.walkInOnLeave").with("doctor", doctor.name.clone()));
        return Ok(None);
    }
    let plan = schedule::day_plan(db, doctor, today).await?;
    if plan.grid.is_empty() {
        c.fail("doctorId", Message::new("desk.walkInNoHours").with("doctor", doctor.name.clone()));
        return Ok(None);
    }
    Ok(Some((today, None)))
}

/// Now for a walk-in: the slot under way or the next free one of the doctor's
/// day; when none is left, after the last slot (and after any walk-in already
/// there), a slot's length apart.
async fn walk_in_time(db: &Db, clock: &Clock, doctor: &doctor::Model, date: chrono::NaiveDate) -> Result<Option<Minutes>, DataError> {
    let plan = schedule::day_plan(db, doctor, date).await?;
    let held = held_slots(db, doctor.id, date).await?;
    let now = clock.now().time().num_seconds_from_midnight() / 60;
    Ok(next_walk_in(&plan.grid, &held, now))
}

/// How long past the end of the doctor's hours walk-ins may queue, in minutes
/// (issue 44: they queued to 11:45 PM, then a "time taken" 409).
pub(crate) const WALK_IN_OVERTIME: Minutes = 60;

/// The rule of `walk_in_time`, on its own for its tests: None when no time is
/// left within `WALK_IN_OVERTIME` of the end of the day's hours (the desk is
/// told so, and books another day or doctor).
fn next_walk_in(grid: &[Minutes], held: &[Minutes], now: Minutes) -> Option<Minutes> {
    if let Some(t) = grid.iter().copied().find(|t| t + SLOT_MINUTES > now && !held.contains(t)) {
        return Some(t);
    }
    let last_end = grid.last().map_or(now, |t| t + SLOT_MINUTES);
    let mut t = last_end.max(now.div_ceil(SLOT_MINUTES) * SLOT_MINUTES);
    while held.contains(&t) {
        t += SLOT_MINUTES;
    }
    (t + SLOT_MINUTES <= last_end + WALK_IN_OVERTIME && t + SLOT_MINUTES <= 24 * 60).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_in_takes_the_slot_under_way_then_the_next_free_then_the_end_of_the_day() {
        // 10:00 to 11:00: 10:00, 10:15, 10:30, 10:45.
        let grid = [600, 615, 630, 645];
        assert_eq!(next_walk_in(&grid, &[], 620), Some(615), "the slot under way");
        assert_eq!(next_walk_in(&grid, &[615], 620), Some(630), "the next free one");
        assert_eq!(next_walk_in(&grid, &[615, 630, 645], 620), Some(660), "all held: after the last slot");
        assert_eq!(next_walk_in(&grid, &[615, 630, 645, 660], 620), Some(675), "after the walk-ins already there");
        assert_eq!(next_walk_in(&grid, &[], 700), Some(705), "the day over: now, on the grid");
        // Within an hour past the end of the hours (11:00): the last at 11:45, then none.
        assert_eq!(next_walk_in(&grid, &[615, 630, 645, 660, 675, 690], 620), Some(705));
        assert_eq!(next_walk_in(&grid, &[615, 630, 645, 660, 675, 690, 705], 620), None, "the queue is full");
        assert_eq!(next_walk_in(&grid, &[], 730), None, "an hour past the end: none");
    }

    #[test]
    fn channels_round_trip() {
        for c in [Channel::Web, Channel::Phone, Channel::WalkIn] {
            assert_eq!(Channel::parse(c.as_str()), Some(c));
        }
        assert_eq!(Channel::parse("fax"), None);
    }
}

//! Manage my visit (issue 45): the patient's own link to a request,
//! `/v/{code}`, which every phone message and e-mail about it carries. It shows
//! the visit (its status, doctor, day, time and clinic), adds it to a calendar,
//! cancels it (the slot is free at once, the desk sees it in the inbox and the
//! request's history) and asks for another free time of the same doctor (the
//! request waits for the desk again, as any request does); and it stops the
//! messages to the number.
//!
//! The code is twelve random symbols kept with the request
//! (`appointments.visit_code`, `hygo_core::refs::new_visit_code`): 60 bits, so
//! short enough for an SMS's link and, with the page rate-limited per network,
//! not worth guessing (docs/security.md, "The manage-my-visit link"). The link
//! works while the visit is to come: requested, confirmed or moved, until its
//! time; then, and for any other text, the page is the same "no longer works".
//! The page shows no phone number, name, symptoms, reason or notes: whoever
//! holds the phone reads it.

use chrono::NaiveDate;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use serde_json::json;

use crate::audit::{self, Actor, Target};
use crate::entities::{appointment, doctor};
use crate::form::{Check, Invalid, Message, WriteError};
use crate::ist::Clock;
use crate::messaging::{self, How, Updates};
use crate::notices::Notices;
use crate::promise::{Opening, Promise};
use crate::status::Status;
use crate::{DataError, Db, content, refs, schedule, slots};

/// The statuses of a visit its link still manages.
const OPEN: [Status; 3] = [Status::Requested, Status::Confirmed, Status::Rescheduled];

/// How many free times "choose another time" offers, how many a day (so that
/// several days show on a phone's screen), over how many days.
const OFFERED_TIMES: usize = 24;
const OFFERED_PER_DAY: usize = 6;
const OFFERED_DAYS: i64 = 30;

/// A visit as its page shows it: nothing a stranger holding the phone should not read.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ManagedVisit")]
pub struct Visit {
    pub reference: String,
    /// `requested` (waiting for the clinic), `confirmed` or `rescheduled`.
    pub status: Status,
    /// The doctor as the request's language names them.
    pub doctor: String,
    /// YYYY-MM-DD.
    pub date: String,
    /// "09:15 AM".
    pub time: String,
    /// The id of the clinic the visit is at.
    pub clinic: String,
    /// The channel messages go to (`whatsapp`, `sms`), or `none`.
    pub updates: String,
    /// The request's language: the page's, whatever the address says.
    pub lang: String,
}

/// A day's free times, "09:15 AM", as "choose another time" offers them.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[ts(rename = "FreeDay")]
pub struct FreeDay {
    /// YYYY-MM-DD.
    pub date: String,
    pub times: Vec<String>,
}

/// Who acts through the link, in the audit log.
fn patient() -> Actor {
    Actor::patient()
}

/// The request a code names while its visit is to come; None otherwise.
async fn open(db: &impl sea_orm::ConnectionTrait, clock: &Clock, code: &str) -> Result<Option<appointment::Model>, DataError> {
    if !refs::is_visit_code(code) {
        return Ok(None);
    }
    let Some(row) = appointment::Entity::find().filter(appointment::Column::VisitCode.eq(code)).one(db).await? else { return Ok(None) };
    let open = Status::parse(&row.status).is_some_and(|s| OPEN.contains(&s));
    let now = clock.now();
    let at = crate::ist::parse_date(&row.date).zip(slots::parse_time(&row.start_time)).and_then(|(d, t)| d.and_hms_opt(t / 60, t % 60, 0));
    Ok((open && at.is_some_and(|at| at > now)).then_some(row))
}

/// The visit of a code, as its page shows it; None when the link no longer works.
pub async fn find(db: &Db, clock: &Clock, code: &str) -> Result<Option<Visit>, DataError> {
    let Some(row) = open(db, clock, code).await? else { return Ok(None) };
    Ok(Some(shown(db, row).await?))
}

async fn shown(db: &Db, row: appointment::Model) -> Result<Visit, DataError> {
    let record = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name).unwrap_or_default();
    let lang = content::Lang::parse(&row.lang).unwrap_or_default();
    let clinic = schedule::clinic_of_visit(db, row.doctor_id, &row.date, &row.start_time).await?;
    Ok(Visit {
        reference: row.reference,
        status: Status::parse(&row.status).unwrap_or(Status::Requested),
        doctor: crate::notices::doctor_name(lang, row.doctor_id, &record),
        time: slots::parse_time(&row.start_time).map(slots::format_12h).unwrap_or(row.start_time),
        date: row.date,
        clinic: clinic.map(|c| c.id).unwrap_or_default(),
        updates: row.updates,
        lang: lang.as_str().to_owned(),
    })
}

/// The free times of the visit's doctor a patient may move to (not its own).
pub async fn free_times(db: &Db, clock: &Clock, code: &str) -> Result<Vec<FreeDay>, DataError> {
    let Some(row) = open(db, clock, code).await? else { return Ok(Vec::new()) };
    let Some(doctor) = crate::appointments::find_doctor(db, Some(row.doctor_id), None).await? else { return Ok(Vec::new()) };
    let found = crate::appointments::free_times(db, clock, &doctor, OFFERED_DAYS, OFFERED_PER_DAY, OFFERED_TIMES).await?;
    Ok(found.into_iter().map(|(date, times)| FreeDay { date: date.to_string(), times: times.into_iter().map(slots::format_12h).collect() }).collect())
}

/// The visit's calendar file: an invitation once confirmed, a tentative event
/// while it waits for the clinic.
pub async fn calendar_file(db: &Db, clock: &Clock, code: &str) -> Result<Option<String>, DataError> {
    let Some(row) = open(db, clock, code).await? else { return Ok(None) };
    crate::receipts::calendar_of(db, &row).await
}

/// The link no longer works (the visit passed, ended, or there was never one).
fn ended() -> WriteError {
    WriteError::Invalid(Invalid::field("code", Message::new("visit.ended")))
}

/// Writes `change` to the request `row` only from the state it was read in
/// (so a desk acting at the same moment wins or loses whole), with its audit
/// row and the patient's messages, in one transaction.
async fn write(db: &Db, row: &appointment::Model, change: appointment::ActiveModel, action: &str, notices: &Notices, reason: &str) -> Result<appointment::Model, WriteError> {
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    crate::inbox::update_as_read(&txn, row, change, "code").await?;
    let after = appointment::Entity::find_by_id(row.id).one(&txn).await?.ok_or_else(ended)?;
    let audited = |r: &appointment::Model| json!({ "status": r.status, "doctorId": r.doctor_id, "date": r.date, "time": r.start_time, "sequence": r.sequence });
    let mut recorded = audited(&after);
    if !reason.is_empty() {
        recorded["reason"] = json!(reason);
    }
    audit::record(&txn, &patient(), action, Target { kind: "appointment", name: &row.reference }, audited(row), recorded).await?;
    let doctor = doctor::Entity::find_by_id(after.doctor_id).one(&txn).await?.map(|d| d.name).unwrap_or_default();
    let clinic = schedule::clinic_of_visit(db, after.doctor_id, &after.date, &after.start_time).await?;
    if after.status == Status::Requested.as_str() {
        // Asked again: acknowledged as a new request is, with the new promise.
        let promise = Promise::read(&after.promise);
        if let Some(promise) = promise {
            let fallback = content::default().clinics[0].clone();
            for mail in notices.appointment_requested(&after, &doctor, clinic.as_ref().unwrap_or(&fallback), &promise) {
                crate::mail::queue(&txn, mail).await.map_err(DataError::from)?;
            }
            if let Some(text) = notices.appointment_requested_text(&after, &doctor, &promise) {
                messaging::queue(&txn, text).await.map_err(DataError::from)?;
            }
        }
    } else {
        if let Some(mail) = notices.appointment_changed(&after, &doctor, clinic.as_ref(), reason, None) {
            crate::mail::queue(&txn, mail).await.map_err(DataError::from)?;
        }
        if let Some(text) = notices.appointment_changed_text(&after, &doctor, clinic.as_ref(), reason) {
            messaging::queue(&txn, text).await.map_err(DataError::from)?;
        }
    }
    txn.commit().await.map_err(DataError::from)?;
    Ok(after)
}

/// The reason a visit the patient cancelled gives (`declineReasons`).
pub(crate) const PATIENT_ASKED: &str = "patient-asked";

/// The patient cancels through the link: the slot is free at once; they are
/// told (as by the desk, with the reason "You asked us to cancel it").
pub async fn cancel(db: &Db, clock: &Clock, code: &str, notices: &Notices) -> Result<appointment::Model, WriteError> {
    let row = open(db, clock, code).await?.ok_or_else(ended)?;
    let mut change = appointment::ActiveModel::from(row.clone());
    change.status = Set(Status::Cancelled.as_str().to_owned());
    change.sequence = Set(row.sequence + 1);
    change.status_changed_at = Set(Some(crate::ist::stamp()));
    write(db, &row, change, "patient-cancel", notices, PATIENT_ASKED).await
}

/// The patient asks for another free time of the same doctor (`date`
/// YYYY-MM-DD, `time` "09:15 AM"): the old slot is free at once, the new one
/// held, and the request waits for the desk to confirm it, with a new promise.
pub async fn choose(db: &Db, clock: &Clock, code: &str, date: Option<&str>, time: Option<&str>, notices: &Notices) -> Result<appointment::Model, WriteError> {
    let row = open(db, clock, code).await?.ok_or_else(ended)?;
    let doctor = crate::appointments::find_doctor(db, Some(row.doctor_id), None).await?;
    let mut c = Check::default();
    if doctor.is_none() {
        // The doctor retired meanwhile: only the desk can find another.
        c.fail("time", Message::new("visit.callUs"));
    }
    let checked = crate::appointments::check_slot(&mut c, db, clock, doctor.as_ref(), date, time).await?;
    c.finish().map_err(WriteError::Invalid)?;
    let (date, start): (NaiveDate, slots::Minutes) = checked.expect("checked");
    if date.to_string() == row.date && slots::format_24h(start) == row.start_time {
        return Err(WriteError::Invalid(Invalid::field("time", Message::new("inbox.sameSlot"))));
    }
    let clinic = schedule::clinic_of_visit(db, row.doctor_id, &date.to_string(), &slots::format_24h(start)).await?;
    let clinic = clinic.unwrap_or_else(|| content::default().clinics[0].clone());
    let visit = date.and_hms_opt(start / 60, start % 60, 0).unwrap_or_default();
    let promise = Promise::decide(clock.now(), visit, &Opening::parse(&clinic.opening_hours), &clinic.phone, notices.expiry_hours);
    let mut change = appointment::ActiveModel::from(row.clone());
    change.date = Set(date.to_string());
    change.start_time = Set(slots::format_24h(start));
    change.status = Set(Status::Requested.as_str().to_owned());
    change.sequence = Set(row.sequence + 1);
    change.status_changed_at = Set(Some(crate::ist::stamp()));
    change.promise = Set(promise.stored());
    write(db, &row, change, "patient-move", notices, "").await
}

/// The patient stops the messages to their number through the link (as a
/// reply of STOP does). Answers whether any request of the number had consented.
pub async fn stop_messages(db: &Db, clock: &Clock, code: &str) -> Result<bool, WriteError> {
    let row = open(db, clock, code).await?.ok_or_else(ended)?;
    if Updates::parse(&row.updates).unwrap_or_default() == Updates::None {
        return Ok(false);
    }
    Ok(messaging::withdraw(db, &row.phone, How::Link).await? > 0)
}

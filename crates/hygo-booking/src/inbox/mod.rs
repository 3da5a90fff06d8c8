//! The clinic's inbox: what staff do with appointment requests, health-card
//! requests and contact messages (issue 15).
//!
//! An appointment request is `requested`, then `confirmed`, `declined` or
//! `rescheduled` (to another free slot, the same unique rule deciding), then
//! `completed`, `no-show` or `cancelled`; a request nobody confirmed within the
//! clinic's time (`HYGO_REQUEST_EXPIRY_HOURS`) becomes `expired`. Declined,
//! cancelled and expired requests free their slot at once: the unique index on
//! (doctor, date, start time) covers only the statuses that hold one
//! (`Status::HOLDING_SLOT`, migration 10).
//!
//! Every change is one transaction: the row, its audit row (`crate::audit`) and
//! the patient's e-mail (`crate::notices`).

pub mod affected;
pub mod away;
pub mod lists;
pub mod messages;

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::appointments::{check_slot, find_doctor};
use crate::audit::{self, Actor, Target};
use crate::entities::{appointment, doctor};
use crate::form::{Check, Invalid, Message, WriteError};
use crate::ist::Clock;
use crate::notices::Notices;
use crate::status::{Status, Step};
use crate::{slots, DataError, Db};

/// Why the clinic declines or cancels a visit: one of the reasons the patient
/// reads (`forms.json`, `declineReasons`, by id), and a note for staff only.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct Why {
    pub reason: Option<String>,
    pub note: Option<String>,
}

/// The longest note for staff on a decline or cancellation.
pub const WHY_LIMITS: crate::form::Limits = &[("note", 500)];

/// Where a reschedule moves a request: a doctor (the same or another), a day and a time.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct NewSlot {
    pub doctor_id: Option<i32>,
    pub date: Option<String>,
    pub time: Option<String>,
}

/// The record of a request as the audit log keeps it: where and when, and its status.
fn audited(row: &appointment::Model) -> serde_json::Value {
    json!({ "status": row.status, "doctorId": row.doctor_id, "date": row.date, "time": row.start_time, "sequence": row.sequence })
}

/// Takes `step` on the request `reference` for `actor`: checked against its status
/// (and for a reschedule, the new slot), then the row, its audit row and the
/// patient's e-mail in one transaction. A slot taken meanwhile is a conflict on
/// `time`; a request changed meanwhile by someone else, a conflict on `status`.
pub async fn take(
    db: &Db,
    clock: &Clock,
    actor: &Actor,
    reference: &str,
    step: Step,
    slot: Option<NewSlot>,
    why: Why,
    notices: &Notices,
) -> Result<appointment::Model, WriteError> {
    let not_found = || WriteError::Invalid(Invalid::field("reference", Message::new("inbox.notFound")));
    let row = appointment::Entity::find().filter(appointment::Column::Reference.eq(reference)).one(db).await?.ok_or_else(not_found)?;
    let status = Status::parse(&row.status).ok_or_else(|| DataError::Corrupt { what: "appointments".into(), detail: format!("status {}", row.status) })?;
    if !status.next().contains(&step) {
        return Err(WriteError::Conflict { field: "status", message: Message::new("inbox.notNow").with("status", status.as_str()) });
    }
    if !due(step, status, &row, clock.now()) {
        return Err(WriteError::Invalid(Invalid::field("status", Message::new("inbox.notYet").with("minutes", ARRIVE_EARLY_MINUTES.to_string()))));
    }
    // Nobody confirms, or marks arrived, a visit nobody can see (issue 44): the
    // doctor on leave, the clinic closed. The desk moves the visit (Reschedule)
    // or declines it, and the patient is told.
    if matches!(step, Step::Confirm | Step::Arrive) {
        if let Some(why) = nobody_works(db, &row).await? {
            return Err(WriteError::Conflict { field: "status", message: why });
        }
    }
    // A decline or a cancellation says why: a reason the patient reads, and a note for staff.
    let mut reason: Option<(String, String)> = None;
    let mut note = String::new();
    if matches!(step, Step::Decline | Step::Cancel) {
        let mut c = Check::default();
        let known = crate::content::default();
        let chosen = why.reason.as_deref().map(str::trim).unwrap_or_default();
        match known.forms.decline_reasons.iter().find(|r| r.id == chosen) {
            Some(r) => reason = Some((r.id.clone(), r.label.clone())),
            None => c.fail("reason", Message::new("inbox.reasonRequired")),
        }
        note = c.paragraph("note", "label.additionalNotes", why.note.as_deref(), crate::form::limit(WHY_LIMITS, "note"), None);
        c.finish().map_err(WriteError::Invalid)?;
    }
    let mut change = appointment::ActiveModel::from(row.clone());
    // By id, retired or not: the request keeps its doctor's name.
    let mut doctor_name = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name).unwrap_or_default();
    if step == Step::Reschedule {
        let slot = slot.unwrap_or_default();
        let mut c = Check::default();
        let doctor = find_doctor(db, slot.doctor_id, None).await?;
        if doctor.is_none() {
            c.fail("doctor", Message::new("appointment.doctorRequired"));
        }
        let checked = check_slot(&mut c, db, clock, doctor.as_ref(), slot.date.as_deref(), slot.time.as_deref()).await?;
        c.finish().map_err(WriteError::Invalid)?;
        let (doctor, (date, start)) = (doctor.expect("checked"), checked.expect("checked"));
        if doctor.id == row.doctor_id && date.to_string() == row.date && slots::format_24h(start) == row.start_time {
            return Err(WriteError::Invalid(Invalid::field("time", Message::new("inbox.sameSlot"))));
        }
        change.doctor_id = Set(doctor.id);
        change.date = Set(date.to_string());
        change.start_time = Set(slots::format_24h(start));
        doctor_name = doctor.name;
    }
    // A calendar invitation changes version when it moves or is withdrawn.
    if matches!(step, Step::Reschedule | Step::Cancel) {
        change.sequence = Set(row.sequence + 1);
    }
    change.status = Set(step.result().as_str().to_owned());
    change.status_changed_at = Set(Some(crate::ist::stamp()));
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    update_as_read(&txn, &row, change, "status").await?;
    let after = appointment::Entity::find_by_id(row.id)
        .one(&txn)
        .await?
        .ok_or_else(not_found)?;
    audit::record(
        &txn,
        actor,
        step.as_str(),
        Target {
            kind: "appointment",
            name: &row.reference,
        },
        audited(&row),
        match &reason {
            Some((id, _)) => {
                let mut after = audited(&after);
                after["reason"] = json!(id);
                if !note.is_empty() {
                    after["note"] = json!(note);
                }
                after
            }
            None => audited(&after),
        },
    )
    .await?;
    let clinic =
        crate::schedule::clinic_of_visit(db, after.doctor_id, &after.date, &after.start_time)
            .await?;
    // The reason by its id: the mail says it in the patient's language.
    let told = reason.as_ref().map_or("", |(id, _)| id.as_str());
    // A move to the other clinic says where the visit was, so the patient does not go there.
    let before = match step {
        Step::Reschedule => crate::schedule::clinic_of_visit(db, row.doctor_id, &row.date, &row.start_time).await?,
        _ => None,
    };
    if let Some(mail) = notices.appointment_changed(&after, &doctor_name, clinic.as_ref(), told, before.as_ref()) {
        crate::mail::queue(&txn, mail)
            .await
            .map_err(DataError::from)?;
    }
    if let Some(text) = notices.appointment_changed_text(&after, &doctor_name, clinic.as_ref(), told) {
        crate::messaging::queue(&txn, text).await.map_err(DataError::from)?;
    }
    txn.commit().await.map_err(DataError::from)?;
    Ok(after)
}

/// Writes `change` to the request `row` only from the status and version it
/// was read in: two people (or the desk and the patient's link) acting at once,
/// one wins, and the other is told on `field` that it changed meanwhile; a slot
/// taken meanwhile is a conflict on `time`.
pub(crate) async fn update_as_read(txn: &sea_orm::DatabaseTransaction, row: &appointment::Model, change: appointment::ActiveModel, field: &'static str) -> Result<(), WriteError> {
    let updated = appointment::Entity::update_many()
        .set(change)
        .filter(appointment::Column::Id.eq(row.id))
        .filter(appointment::Column::Status.eq(row.status.clone()))
        .filter(appointment::Column::Sequence.eq(row.sequence))
        .exec(txn)
        .await;
    match updated {
        Ok(done) if done.rows_affected == 1 => Ok(()),
        Ok(_) => Err(WriteError::Conflict { field, message: Message::new("inbox.changedMeanwhile") }),
        Err(e) if matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => {
            Err(WriteError::Conflict { field: "time", message: Message::new("appointment.taken") })
        }
        Err(e) => Err(DataError::from(e).into()),
    }
}

/// Why nobody can see the patient at a request's time: the doctor is on leave
/// that day, or the clinic is closed then (its closure's note). None otherwise
/// (or when the request's doctor or time cannot be read: the other checks say
/// so). The same rules as the slots the site offers (`crate::window::Window`).
pub(crate) async fn nobody_works(db: &Db, row: &appointment::Model) -> Result<Option<Message>, DataError> {
    let Some(date) = crate::ist::parse_date(&row.date) else {
        return Ok(None);
    };
    let Some(doctor) = doctor::Entity::find_by_id(row.doctor_id).one(db).await? else {
        return Ok(None);
    };
    let window = crate::window::Window::load(db, std::slice::from_ref(&doctor), date, date).await?;
    Ok(away_in(&window, &doctor, row))
}

/// For a list's rows at once (the inbox, Today): whether nobody can see each
/// visit still to come (requested, confirmed, rescheduled), one window read
/// for all of them. The desk moves those visits.
pub(crate) async fn nobody_works_for(db: &Db, rows: &[appointment::Model]) -> Result<Vec<bool>, DataError> {
    let open = |a: &appointment::Model| matches!(Status::parse(&a.status), Some(Status::Requested | Status::Confirmed | Status::Rescheduled));
    let dates: Vec<chrono::NaiveDate> = rows.iter().filter(|a| open(a)).filter_map(|a| crate::ist::parse_date(&a.date)).collect();
    let (Some(&from), Some(&until)) = (dates.iter().min(), dates.iter().max()) else {
        return Ok(vec![false; rows.len()]);
    };
    let mut ids: Vec<i32> = rows.iter().map(|a| a.doctor_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let doctors = doctor::Entity::find().filter(doctor::Column::Id.is_in(ids)).all(db).await?;
    let window = crate::window::Window::load(db, &doctors, from, until).await?;
    Ok(rows.iter().map(|a| open(a) && doctors.iter().find(|d| d.id == a.doctor_id).is_some_and(|d| away_in(&window, d, a).is_some())).collect())
}

/// The rule of `nobody_works`, on a window read for the visit's day.
fn away_in(window: &crate::window::Window, doctor: &doctor::Model, row: &appointment::Model) -> Option<Message> {
    let (date, start) = (crate::ist::parse_date(&row.date)?, slots::parse_time(&row.start_time)?);
    if window.leave_on(doctor.id, date).is_some() {
        return Some(Message::new("inbox.doctorAway").with("doctor", doctor.name.clone()));
    }
    let plan = window.plan(doctor.id, date);
    if plan.grid.contains(&start) {
        return None;
    }
    // The clinic the visit is at: of the doctor's hours then, else the doctor's own.
    // (A time outside the hours with no closure, a walk-in queued after them, is no fault.)
    let clinic = plan.hours.iter().find(|h| h.range.start <= start && start < h.range.end).map_or_else(|| doctor.clinic_id.clone(), |h| h.clinic.clone());
    let closure = window.closure_at(&clinic, date, start)?;
    let name = crate::content::default().clinics.iter().find(|c| c.id == clinic).map_or(clinic.clone(), |c| c.name.clone());
    Some(Message::new("inbox.clinicClosed").with("clinic", name).with("note", closure.note.clone()))
}

/// How long before a visit's time the desk may mark the patient arrived.
pub(crate) const ARRIVE_EARLY_MINUTES: i64 = 30;

/// Whether a step of the visit's day may be taken now (IST): "Arrived" from
/// `ARRIVE_EARLY_MINUTES` before the visit's time, "Completed" and "No-show" from
/// its time (once the patient has arrived, "Completed" at any time). Every
/// other step, whenever the status allows it. The buttons the console shows and
/// the check of the write are this one rule.
pub(crate) fn due(step: Step, status: Status, row: &appointment::Model, now: chrono::NaiveDateTime) -> bool {
    let lead = match (step, status) {
        (Step::Arrive, _) => ARRIVE_EARLY_MINUTES,
        (Step::Complete, Status::Arrived) => return true,
        (Step::Complete | Step::NoShow, _) => 0,
        _ => return true,
    };
    let (Some(date), Some(start)) = (crate::ist::parse_date(&row.date), slots::parse_time(&row.start_time)) else {
        return false;
    };
    let at = date.and_time(chrono::NaiveTime::MIN) + Duration::minutes(i64::from(start) - lead);
    now >= at
}

/// What staff may do with a request now: its status's next steps that are due.
pub(crate) fn next_now(row: &appointment::Model, now: chrono::NaiveDateTime) -> Vec<Step> {
    let status = Status::parse(&row.status).unwrap_or(Status::Requested);
    status.next().iter().copied().filter(|s| due(*s, status, row, now)).collect()
}

/// Expires the requests nobody confirmed within `hours` of being made: each frees
/// its slot, gets an audit row (by `system`) and tells the patient, in its own
/// transaction. Each row changes only from `requested`, so with several instances
/// a request expires once. Answers how many expired.
pub async fn expire_due(db: &Db, now: DateTime<Utc>, hours: i64, notices: &Notices) -> Result<usize, DataError> {
    let cutoff = (now - Duration::hours(hours)).to_rfc3339_opts(SecondsFormat::Secs, true);
    let due = appointment::Entity::find()
        .filter(appointment::Column::Status.eq(Status::Requested.as_str()))
        // Since it was asked for, or asked for again at another time (the
        // patient's link, `crate::visits::choose`).
        .filter(
            sea_orm::Condition::any()
                .add(sea_orm::Condition::all().add(appointment::Column::StatusChangedAt.is_null()).add(appointment::Column::CreatedAt.lt(cutoff.clone())))
                .add(appointment::Column::StatusChangedAt.lt(cutoff)),
        )
        .all(db)
        .await?;
    let mut expired = 0;
    for row in due {
        let txn = crate::db::begin_write(db).await?;
        let done = appointment::Entity::update_many()
            .col_expr(appointment::Column::Status, Expr::value(Status::Expired.as_str()))
            .col_expr(appointment::Column::StatusChangedAt, Expr::value(crate::ist::stamp()))
            .filter(appointment::Column::Id.eq(row.id))
            .filter(appointment::Column::Status.eq(Status::Requested.as_str()))
            .exec(&txn)
            .await?;
        if done.rows_affected != 1 {
            continue;
        }
        let mut after = row.clone();
        after.status = Status::Expired.as_str().to_owned();
        audit::record(
            &txn,
            &Actor::system(),
            "expire",
            Target {
                kind: "appointment",
                name: &row.reference,
            },
            audited(&row),
            audited(&after),
        )
        .await?;
        let doctor = doctor::Entity::find_by_id(row.doctor_id)
            .one(db)
            .await?
            .map(|d| d.name)
            .unwrap_or_default();
        let clinic =
            crate::schedule::clinic_of_visit(db, after.doctor_id, &after.date, &after.start_time)
                .await?;
        if let Some(mail) = notices.appointment_changed(&after, &doctor, clinic.as_ref(), "", None) {
            crate::mail::queue(&txn, mail).await?;
        }
        if let Some(text) = notices.appointment_changed_text(&after, &doctor, clinic.as_ref(), "") {
            crate::messaging::queue(&txn, text).await?;
        }
        txn.commit().await?;
        expired += 1;
    }
    Ok(expired)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_and_only_open_ones_hold_a_slot() {
        for status in Status::ALL {
            assert_eq!(Status::parse(status.as_str()), Some(status));
        }
        let freeing: Vec<&str> = Status::ALL.iter().filter(|s| !s.holds_slot()).map(|s| s.as_str()).collect();
        assert_eq!(freeing, ["declined", "cancelled", "expired"]);
        assert_eq!(Status::parse("REQUESTED"), None);
    }

    #[test]
    fn the_day_s_steps_are_due_from_the_visit_s_time() {
        let row = appointment::Model {
            id: 1, reference: "HY-TEST-0001".into(), doctor_id: 1, department: String::new(), date: "2030-01-07".into(), start_time: "11:00".into(),
            visit_type: "in-person".into(), name: "N".into(), phone: "9825012345".into(), phone_key: "9825012345".into(), email: String::new(),
            reason: String::new(), symptoms: "[]".into(), notes: String::new(), insurance: String::new(), policy_number: String::new(),
            is_new_patient: false, created_at: String::new(), status: "confirmed".into(), sequence: 0, status_changed_at: None, channel: "web".into(), asked_department: String::new(), lang: "en".into(), promise: String::new(), updates: "none".into(), visit_code: None, reminded_for: None,
        };
        let at = |t: &str| chrono::NaiveDateTime::parse_from_str(&format!("2030-01-07 {t}"), "%Y-%m-%d %H:%M").unwrap();
        assert_eq!(next_now(&row, at("10:29")), [Step::Reschedule, Step::Cancel], "nothing of the day's yet");
        assert_eq!(next_now(&row, at("10:30")), [Step::Arrive, Step::Reschedule, Step::Cancel], "arrived from half an hour before");
        assert_eq!(next_now(&row, at("11:00")), [Step::Arrive, Step::Complete, Step::NoShow, Step::Reschedule, Step::Cancel], "the rest from its time");
        let tomorrow = chrono::NaiveDateTime::parse_from_str("2030-01-06 11:00", "%Y-%m-%d %H:%M").unwrap();
        assert!(!due(Step::Arrive, Status::Confirmed, &row, tomorrow), "not the day before at the same hour");
        let arrived = appointment::Model { status: "arrived".into(), ..row };
        assert_eq!(next_now(&arrived, at("10:40")), [Step::Complete], "an arrived patient may be seen early; not a no-show before the time");
    }

    #[test]
    fn a_request_moves_only_forward() {
        assert_eq!(Status::Requested.next(), &[Step::Confirm, Step::Reschedule, Step::Decline]);
        assert!(Status::Confirmed.next().contains(&Step::Complete));
        assert!(!Status::Confirmed.next().contains(&Step::Confirm));
        assert!(Status::Confirmed.next().contains(&Step::Arrive) && Status::Rescheduled.next().contains(&Step::Arrive));
        assert_eq!(Status::Arrived.next(), &[Step::Complete, Step::NoShow], "once in, the visit ends one way or the other");
        assert!(Status::Arrived.holds_slot());
        for done in [Status::Declined, Status::Completed, Status::NoShow, Status::Cancelled, Status::Expired] {
            assert!(done.next().is_empty(), "{done:?}");
        }
    }
}

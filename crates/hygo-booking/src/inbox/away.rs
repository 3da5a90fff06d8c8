//! The sick day and the closure (issue 45): one screen for the visits a doctor's
//! leave or a clinic's closure covers. Each with the patient's phone, language,
//! the channel they agreed to and the state of the message they were sent; "tell
//! everyone" sends each who agreed "your doctor is away" (once), "move all to"
//! moves each to another doctor of the department who is free at that very time
//! (each patient told, as any move tells them: `super::take`), and the list says
//! who chose another time, who cancelled and who still needs a call.
//!
//! A visit is kept (`away_visits`, migration 30) once told or moved, so it stays
//! on the list after it has left the cover.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use serde_json::json;

use super::lists::{self, Row};
use super::{NewSlot, Why};
use crate::appointments::{self, Held};
use crate::audit::{self, Actor, Target};
use crate::entities::{appointment, away_visit, clinic_closure, doctor, doctor_leave, outbox};
use crate::form::{Invalid, Message, WriteError};
use crate::ist::Clock;
use crate::notices::Notices;
use crate::status::{Status, Step};
use crate::{DataError, Db, content, slots};

/// What covers the visits: a doctor's leave or a clinic's closure, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    Leave(i32),
    Closure(i32),
}

impl Cover {
    /// The cover an address names: `leave` or `closure`, and its id.
    pub fn parse(kind: &str, id: &str) -> Option<Cover> {
        let id = id.parse::<i32>().ok().filter(|id| *id > 0)?;
        match kind {
            "leave" => Some(Cover::Leave(id)),
            "closure" => Some(Cover::Closure(id)),
            _ => None,
        }
    }

    /// `leave` or `closure`, as addresses name it.
    pub fn kind(self) -> &'static str {
        match self {
            Cover::Leave(_) => "leave",
            Cover::Closure(_) => "closure",
        }
    }

    pub fn id(self) -> i32 {
        match self {
            Cover::Leave(id) | Cover::Closure(id) => id,
        }
    }

    /// How `away_visits.cover` names it.
    fn key(self) -> String {
        match self {
            Cover::Leave(id) | Cover::Closure(id) => format!("{}:{id}", self.kind()),
        }
    }
}

/// Where a visit the cover found stands now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "StaffAwayOutcome")]
pub enum Outcome {
    /// Still at a time nobody can see them, and not told (no messages agreed
    /// to, or the message failed): the desk calls.
    Call,
    /// Told, no new time yet.
    Told,
    /// At another time or with another doctor now (the patient chose it, or the desk moved it).
    Moved,
    /// Cancelled, declined or lapsed.
    Cancelled,
}

/// A visit on the screen.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAwayVisit")]
pub struct AwayVisit {
    pub reference: String,
    pub name: String,
    /// E.164, for `tel:`.
    pub phone: String,
    /// The language the patient wrote in (`en`, `hi`, `gu`).
    pub lang: String,
    /// What they agreed to be sent: `whatsapp`, `sms` or `none`.
    pub updates: String,
    /// The visit as the cover found it: the doctor, YYYY-MM-DD, "09:15 AM".
    pub doctor: String,
    pub date: String,
    pub time: String,
    /// The request as it is now (another doctor or time, once moved).
    pub now: Row,
    /// The state of "your doctor is away", once sent (`queued` … `failed`).
    pub told: Option<String>,
    pub outcome: Outcome,
}

/// A doctor the visits can move to: of the department, with how many of its
/// visits they are free for at the same times.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAwayDoctor")]
pub struct Candidate {
    pub id: i32,
    pub name: String,
    pub specialization: String,
    /// The doctor's own clinic's name.
    pub clinic: String,
    /// Free at the time of this many of the visits still to move…
    pub free: u32,
    /// …of this many in the doctor's department.
    pub of: u32,
}

/// The screen: what covers the visits, the visits, where they can move.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAway")]
pub struct Away {
    /// `leave` or `closure`.
    pub kind: String,
    pub id: i32,
    /// Leave: the doctor.
    pub doctor: Option<String>,
    /// A closure: the clinic's name, and its hours ("1:00 PM"; None for the edge of the day).
    pub clinic: Option<String>,
    pub starts: Option<String>,
    pub ends: Option<String>,
    /// YYYY-MM-DD: the first day; the last (None: until further notice).
    pub from: String,
    pub until: Option<String>,
    pub note: Option<String>,
    /// By the time they were booked for.
    pub visits: Vec<AwayVisit>,
    /// Only doctors free for at least one visit, the most first.
    pub doctors: Vec<Candidate>,
}

/// What a cover is, read once.
struct Found {
    away: Away,
    /// The visits it covers now, from today on.
    live: Vec<appointment::Model>,
}

async fn find(db: &Db, cover: Cover, today: NaiveDate) -> Result<Option<Found>, DataError> {
    let corrupt = |what: &str| DataError::Corrupt { what: what.into(), detail: "a date is not YYYY-MM-DD".into() };
    let blank = |kind: &str, id: i32, from: String| Away {
        kind: kind.into(),
        id,
        doctor: None,
        clinic: None,
        starts: None,
        ends: None,
        from,
        until: None,
        note: None,
        visits: Vec::new(),
        doctors: Vec::new(),
    };
    match cover {
        Cover::Leave(id) => {
            let Some(row) = doctor_leave::Entity::find_by_id(id).one(db).await? else { return Ok(None) };
            let first = crate::ist::parse_date(&row.starts_on).ok_or_else(|| corrupt("doctor_leave"))?.max(today);
            let until = row.ends_on.as_deref().map(|d| crate::ist::parse_date(d).ok_or_else(|| corrupt("doctor_leave"))).transpose()?;
            let live = appointments::holding(db, Held { until, ..Held::from(first).of_doctor(row.doctor_id) }).await?;
            let name = doctor::Entity::find_by_id(row.doctor_id).one(db).await?.map(|d| d.name);
            let away = Away { doctor: name, until: row.ends_on, note: row.note, ..blank("leave", id, row.starts_on) };
            Ok(Some(Found { away, live }))
        }
        Cover::Closure(id) => {
            let Some(row) = clinic_closure::Entity::find_by_id(id).one(db).await? else { return Ok(None) };
            let day = crate::ist::parse_date(&row.day).ok_or_else(|| corrupt("clinic_closures"))?;
            let live = if day >= today { super::affected::unseen_on(db, &row.day, None).await? } else { Vec::new() };
            let public = crate::schedule::PublicClosure::of(&row);
            let away = Away { clinic: Some(public.clinic_name), starts: public.from, ends: public.until, note: Some(row.note), ..blank("closure", id, row.day) };
            Ok(Some(Found { away, live }))
        }
    }
}

/// The screen for `cover`; None when there is no such leave or closure.
pub async fn load(db: &Db, clock: &Clock, cover: Cover) -> Result<Option<Away>, DataError> {
    let today = clock.today();
    let Some(Found { mut away, live }) = find(db, cover, today).await? else { return Ok(None) };
    let kept = away_visit::Entity::find().filter(away_visit::Column::Cover.eq(cover.key())).all(db).await?;
    let live_ids: HashSet<i32> = live.iter().map(|a| a.id).collect();
    let more: Vec<i32> = kept.iter().map(|k| k.appointment_id).filter(|id| !live_ids.contains(id)).collect();
    let mut rows = live.clone();
    if !more.is_empty() {
        rows.extend(appointment::Entity::find().filter(appointment::Column::Id.is_in(more)).all(db).await?);
    }
    let now = lists::rows_of(db, &rows, Some(today)).await?;
    let told = told_states(db, &rows.iter().map(|a| a.id).collect::<Vec<_>>()).await?;
    let names = lists::doctor_names(db).await?;
    let name_of = |id: i32| names.iter().find(|(d, _)| *d == id).map(|(_, n)| n.clone()).unwrap_or_default();
    let mut visits: Vec<(String, AwayVisit)> = rows
        .iter()
        .zip(now)
        .map(|(a, now)| {
            let was = kept.iter().find(|k| k.appointment_id == a.id);
            let (doctor_id, date, start) = was.map_or((a.doctor_id, a.date.clone(), a.start_time.clone()), |k| (k.doctor_id, k.date.clone(), k.start_time.clone()));
            let told = told.get(&a.id).cloned();
            let status = Status::parse(&a.status).unwrap_or(Status::Requested);
            let outcome = if matches!(status, Status::Cancelled | Status::Declined | Status::Expired) {
                Outcome::Cancelled
            } else if !live_ids.contains(&a.id) {
                Outcome::Moved
            } else if told.as_deref().is_some_and(|s| s != crate::messaging::State::Failed.as_str()) {
                Outcome::Told
            } else {
                Outcome::Call
            };
            let visit = AwayVisit {
                reference: a.reference.clone(),
                name: a.name.clone(),
                phone: a.phone.clone(),
                lang: a.lang.clone(),
                updates: a.updates.clone(),
                doctor: name_of(doctor_id),
                date: date.clone(),
                time: slots::parse_time(&start).map(slots::format_12h).unwrap_or_else(|| start.clone()),
                now,
                told,
                outcome,
            };
            (format!("{date} {start} {}", a.reference), visit)
        })
        .collect();
    visits.sort_by(|a, b| a.0.cmp(&b.0));
    away.visits = visits.into_iter().map(|(_, v)| v).collect();
    away.doctors = candidates(db, clock, &live).await?;
    Ok(Some(away))
}

/// The state of the last "your doctor is away" sent about each request.
async fn told_states(db: &Db, ids: &[i32]) -> Result<HashMap<i32, String>, DataError> {
    let sent = outbox::Entity::find()
        .filter(outbox::Column::AppointmentId.is_in(ids.to_vec()))
        .filter(outbox::Column::Template.eq(crate::messages::DOCTOR_AWAY.name))
        .order_by_asc(outbox::Column::Id)
        .all(db)
        .await?;
    Ok(sent.into_iter().filter_map(|m| Some((m.appointment_id?, m.state))).collect())
}

/// The doctors of the visits' departments (not the visits' own) who are free at
/// the time of at least one of them, the most first.
async fn candidates(db: &Db, clock: &Clock, live: &[appointment::Model]) -> Result<Vec<Candidate>, DataError> {
    let current = doctor::Entity::find().filter(doctor::Column::RetiredOn.is_null()).order_by_asc(doctor::Column::Name).all(db).await?;
    let department: HashMap<i32, i32> = doctor::Entity::find().all(db).await?.into_iter().map(|d| (d.id, d.department_id)).collect();
    let away: HashSet<i32> = live.iter().map(|a| a.doctor_id).collect();
    let departments: HashSet<i32> = live.iter().filter_map(|a| department.get(&a.doctor_id).copied()).collect();
    let others: Vec<doctor::Model> = current.into_iter().filter(|d| departments.contains(&d.department_id) && !away.contains(&d.id)).collect();
    let times: Vec<(NaiveDate, slots::Minutes)> = live.iter().filter_map(|a| Some((crate::ist::parse_date(&a.date)?, slots::parse_time(&a.start_time)?))).collect();
    if times.len() != live.len() {
        return Err(DataError::Corrupt { what: "appointments".into(), detail: "a date or time does not read".into() });
    }
    let free = appointments::free_at(db, clock, &others, &times).await?;
    let c = content::default();
    let mut out: Vec<Candidate> = others
        .iter()
        .map(|d| {
            let mine: Vec<bool> = live.iter().zip(&free[&d.id]).filter(|(a, _)| department.get(&a.doctor_id) == Some(&d.department_id)).map(|(_, f)| *f).collect();
            Candidate {
                id: d.id,
                name: d.name.clone(),
                specialization: d.specialization.clone(),
                clinic: c.find_clinic(&d.clinic_id).map_or_else(|| d.clinic_id.clone(), |k| k.name.clone()),
                free: mine.iter().filter(|f| **f).count() as u32,
                of: mine.len() as u32,
            }
        })
        .filter(|c| c.free > 0)
        .collect();
    out.sort_by(|a, b| b.free.cmp(&a.free).then_with(|| a.name.cmp(&b.name)));
    Ok(out)
}

fn not_found() -> WriteError {
    WriteError::Invalid(Invalid::field("cover", Message::new("away.notFound")))
}

/// Keeps `row` on the cover's list (once); with `tell`, marks it told and
/// answers whether it was not before (so one "tell everyone" after another,
/// or two at once, tells each patient once).
async fn keep(txn: &sea_orm::DatabaseTransaction, cover: Cover, row: &appointment::Model, tell: bool) -> Result<bool, DataError> {
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    away_visit::Entity::insert(away_visit::ActiveModel {
        cover: Set(cover.key()),
        appointment_id: Set(row.id),
        doctor_id: Set(row.doctor_id),
        date: Set(row.date.clone()),
        start_time: Set(row.start_time.clone()),
        told_at: Set(None),
        added_at: Set(now.clone()),
        ..Default::default()
    })
    .on_conflict(OnConflict::columns([away_visit::Column::Cover, away_visit::Column::AppointmentId]).do_nothing().to_owned())
    .exec_without_returning(txn)
    .await?;
    if !tell {
        return Ok(false);
    }
    let marked = away_visit::Entity::update_many()
        .col_expr(away_visit::Column::ToldAt, sea_orm::sea_query::Expr::value(now))
        .filter(away_visit::Column::Cover.eq(cover.key()))
        .filter(away_visit::Column::AppointmentId.eq(row.id))
        .filter(away_visit::Column::ToldAt.is_null())
        .exec(txn)
        .await?;
    Ok(marked.rows_affected == 1)
}

/// What "tell everyone" did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Told {
    /// Sent "your doctor is away" now.
    pub sent: u32,
    /// Agreed to no messages (or their channel is not set up): to call.
    pub call: u32,
}

/// "Tell everyone": each patient the cover still holds who agreed to messages
/// and was not told yet is sent "your doctor is away" with their link (each its
/// own transaction: the list row, the message, the audit row); the others are
/// kept on the list for the desk to call.
pub async fn tell(db: &Db, clock: &Clock, actor: &Actor, cover: Cover, notices: &Notices) -> Result<Told, WriteError> {
    let Found { live, .. } = find(db, cover, clock.today()).await?.ok_or_else(not_found)?;
    let names = lists::doctor_names(db).await?;
    let mut done = Told::default();
    for row in &live {
        let doctor = names.iter().find(|(id, _)| *id == row.doctor_id).map(|(_, n)| n.as_str()).unwrap_or_default();
        let clinic = crate::schedule::clinic_of_visit(db, row.doctor_id, &row.date, &row.start_time).await?;
        let text = notices.doctor_away_text(row, doctor, clinic.as_ref());
        let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
        let first = keep(&txn, cover, row, text.is_some()).await?;
        match text {
            Some(text) if first => {
                crate::messaging::queue(&txn, text).await.map_err(DataError::from)?;
                let target = Target { kind: "appointment", name: &row.reference };
                audit::record(&txn, actor, "tell-away", target, json!({ "cover": cover.key() }), json!({ "told": row.updates })).await?;
                done.sent += 1;
            }
            Some(_) => {}
            None => done.call += 1,
        }
        txn.commit().await.map_err(DataError::from)?;
    }
    Ok(done)
}

/// What "move all to" did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Moved {
    pub moved: u32,
    /// Still covered: of another department, or the doctor is not free then
    /// (or the slot was taken meanwhile).
    pub left: u32,
}

/// "Move all to" `doctor_id`: each visit the cover still holds, of the doctor's
/// department, at whose time they are free, is moved to them at the same time
/// (`super::take`: audited, the patient told by e-mail and on their phone, as
/// any move), kept on the list first.
pub async fn move_all(db: &Db, clock: &Clock, actor: &Actor, cover: Cover, doctor_id: Option<i32>, notices: &Notices) -> Result<Moved, WriteError> {
    let Found { live, .. } = find(db, cover, clock.today()).await?.ok_or_else(not_found)?;
    let to = match doctor_id {
        Some(id) => appointments::find_doctor(db, Some(id), None).await?,
        None => None,
    };
    let Some(to) = to.filter(|d| !live.iter().any(|a| a.doctor_id == d.id)) else {
        return Err(WriteError::Invalid(Invalid::field("doctorId", Message::new("away.chooseDoctor"))));
    };
    let department: HashMap<i32, i32> = doctor::Entity::find().all(db).await?.into_iter().map(|d| (d.id, d.department_id)).collect();
    let mine: Vec<&appointment::Model> = live.iter().filter(|a| department.get(&a.doctor_id) == Some(&to.department_id)).collect();
    let times: Vec<(NaiveDate, slots::Minutes)> = mine.iter().filter_map(|a| Some((crate::ist::parse_date(&a.date)?, slots::parse_time(&a.start_time)?))).collect();
    let free = if times.len() == mine.len() { appointments::free_at(db, clock, std::slice::from_ref(&to), &times).await?.remove(&to.id).unwrap_or_default() } else { Vec::new() };
    let mut done = Moved { moved: 0, left: live.len() as u32 };
    for (row, free) in mine.iter().zip(free) {
        if !free {
            continue;
        }
        let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
        keep(&txn, cover, row, false).await?;
        txn.commit().await.map_err(DataError::from)?;
        let slot = NewSlot { doctor_id: Some(to.id), date: Some(row.date.clone()), time: Some(row.start_time.clone()) };
        match super::take(db, clock, actor, &row.reference, Step::Reschedule, Some(slot), Why::default(), notices).await {
            Ok(_) => {
                done.moved += 1;
                done.left -= 1;
            }
            // Taken or changed meanwhile: it stays on the list, to call.
            Err(WriteError::Conflict { .. } | WriteError::Invalid(_)) => {}
            Err(e) => return Err(e),
        }
    }
    if done.moved == 0 && !mine.is_empty() {
        return Err(WriteError::Conflict { field: "doctorId", message: Message::new("away.notFree").with("doctor", to.name) });
    }
    Ok(done)
}

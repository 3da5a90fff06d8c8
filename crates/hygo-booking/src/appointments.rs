//! Appointment requests and the slots they take (spec sections 3, 4, 5 and 9).
//!
//! A request is checked in full, then stored with one INSERT. The partial unique
//! index on (doctor, date, start time) for active requests decides races: of two
//! requests for the same slot, on any number of app instances, the database accepts
//! exactly one.
//!
//! One person may hold only a few pending requests (`PENDING_IN_ALL`), whatever
//! the doctor and the day: a limit per doctor and day would let anyone who knows a
//! patient's number find out, by trying, which doctor they asked for and when. A
//! person is a phone number and a name together (`person_key`), so a parent booking
//! for three children on one phone is three people; one phone holds at most
//! `PENDING_PER_PHONE` in all, whatever the names. The e-mail address is optional
//! (a patient with a phone only books all the same) and counts for nothing. The
//! count is made in the booking's transaction, after its INSERT, so two requests
//! sent at once cannot both pass it: on SQLite the INSERT takes the one write lock
//! first (the transaction never reads before it writes, so it never has to upgrade
//! a read lock under contention); on PostgreSQL the transaction first takes an
//! advisory lock per phone number (`pg_advisory_xact_lock`), which the other
//! request waits for. (Today the data-version trigger's UPDATE on `appointments`
//! also makes their INSERTs wait for one another; the lock does not rely on it:
//! `tests/abuse.rs` drops the trigger.)

use std::collections::HashMap;

use chrono::{Duration, NaiveDate, Timelike};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter,
    Set, Statement,
};
use serde::{Deserialize, Serialize};

use crate::entities::{appointment, doctor};
use crate::form::{Check, Invalid, Message, WriteError};
use crate::ist::{Clock, parse_date};
use crate::messaging::Updates;
use crate::notices::Notices;
use crate::promise::{Opening, Promise};
use crate::slots::{self, Minutes};
use crate::status::Status;
use crate::window::Window;
use crate::{DataError, Db, content, leave, receipts, refs, schedule};

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

pub(crate) const VISIT_TYPES: &[&str] = &["in-person", "video"];

/// Pending requests (not cancelled, for today or later) one person, a phone
/// number and a name together, may hold in all.
pub const PENDING_IN_ALL: usize = 4;

/// The answers to "send me updates on my phone?" (`AppointmentRequest::updates`).
pub(crate) const UPDATES: &[&str] = &["whatsapp", "sms", "none"];

/// Pending requests one phone number may hold in all, whatever the names: a
/// family on one phone fits; one number cannot fill a doctor's week.
pub(crate) const PENDING_PER_PHONE: usize = 12;

/// A name as the per-person limit compares it: in lower case, its words separated
/// by one space ("Asha  PATEL" and "asha patel" are one person).
pub(crate) fn name_key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The appointment request as the booking clients send it (spec section 3). Every
/// field is optional here so that a missing one gets a message, not a parse error;
/// unknown fields are ignored.
#[derive(Debug, Clone, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppointmentRequest {
    /// Full name.
    pub name: Option<String>,
    /// As people write it ("98765 43210", "+91 98765 43210") or with "+" and
    /// its country code; stored in E.164 ("+919876543210").
    pub phone: Option<String>,
    pub email: Option<String>,
    /// One of the booking departments; optional (wizard B sends none).
    pub department: Option<String>,
    /// The doctor's name, as the original client sends it.
    pub doctor: Option<String>,
    /// The doctor's id; wins over `doctor` when both are given.
    #[serde(skip_serializing)]
    pub doctor_id: Option<i32>,
    /// YYYY-MM-DD, in India Standard Time.
    pub date: Option<String>,
    /// 12-hour time such as "09:15 AM" (or "9:00 AM").
    pub time: Option<String>,
    /// "in-person" (the default) or "video".
    pub visit_type: Option<String>,
    /// A reason's id ("follow-up") or its label as the wizards show it
    /// ("Follow-up"); stored by id.
    pub reason: Option<String>,
    /// Symptoms by id ("chest-pain") or label ("Chest Pain"); stored by id.
    #[serde(deserialize_with = "one_or_many")]
    pub selected_symptoms: Option<Vec<String>>,
    pub additional_notes: Option<String>,
    pub insurance: Option<String>,
    pub policy_number: Option<String>,
    /// "yes" (the default) or "no".
    pub is_new_patient: Option<String>,
    /// "whatsapp", "sms" or "none" (the default, as when absent): whether the
    /// patient agreed to be sent updates about this request on their phone, and
    /// how (the consent: docs/security.md, "Messages to patients' phones").
    pub updates: Option<String>,
    /// The language of the page it was sent from (set by the server, never read
    /// from the body): the patient's mails and calendar file are written in it.
    #[serde(skip)]
    pub lang: content::Lang,
}

/// A list, or one value where a list is expected (a form post with a single box
/// ticked sends one).
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        Many(Vec<String>),
        One(String),
    }
    Ok(Option::<OneOrMany>::deserialize(d)?.map(|v| match v {
        OneOrMany::Many(all) => all,
        OneOrMany::One(one) => vec![one],
    }))
}

/// What a stored request answers with: enough to show the confirmation, nothing
/// more of the person's data than they just sent.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Booked {
    /// The row's id, for the logs only: answers name the reference.
    #[serde(skip)]
    pub id: i32,
    /// The request's public reference, `HY-7K3M-Q9TD`.
    pub reference: String,
    /// The token of its confirmation page, when one was asked for (a form post).
    #[serde(skip)]
    pub receipt: Option<String>,
    pub doctor: String,
    pub doctor_id: i32,
    pub date: String,
    /// "09:15 AM".
    pub time: String,
    pub visit_type: String,
    /// The id of the clinic the visit is at (`schedule::clinic_of_visit`).
    pub clinic: String,
    /// When the clinic will be in touch, and when the request lapses.
    pub promise: Promise,
    /// No e-mail address was given: the clinic answers by a call or WhatsApp.
    pub by_phone: bool,
    /// The address of the requested time's calendar file (tentative), set by
    /// the server that knows its routes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub calendar: Option<String>,
    /// The address of the request's confirmation page, which shows it for as
    /// long as it lives (`receipts`), set by the server: a reload, a shared
    /// link or a cheap phone's lost tab finds the request again.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub page: Option<String>,
    /// The patient's manage-my-visit link (`crate::visits`), in full, set by
    /// the server: what every message about the request carries.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub manage: Option<String>,
    /// The code of that link.
    #[serde(skip)]
    #[ts(skip)]
    pub visit_code: Option<String>,
}

/// A request's own fields, checked (the doctor and the time are checked with the database).
struct Fields {
    name: String,
    phone: String,
    email: String,
    department: String,
    visit_type: String,
    reason: String,
    symptoms: Vec<String>,
    notes: String,
    insurance: String,
    policy_number: String,
    is_new_patient: bool,
    updates: Updates,
}

/// The most characters a request's fields take together: name, phone,
/// e-mail, notes, insurance and policy, and 1,000 for the choices (doctor,
/// day, time, department, reason, the symptoms by their names) (the form's
/// body limit).
pub const MOST_CHARS: usize = 100 + 40 + 254 + 2000 + 100 + 50 + 1000;

fn fields(c: &mut Check, req: &AppointmentRequest) -> Fields {
    let name = c.line("name", "label.fullName", req.name.as_deref(), 100, Some("name.required"));
    let phone = c.phone("phone", req.phone.as_deref(), Some("phone.required"));
    let email = c.optional_email("email", req.email.as_deref());
    let department = match req.department.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => c.choice("department", Some(d), DEPARTMENTS, None, "appointment.department"),
        None => String::new(),
    };
    let visit_type = c.choice(
        "visitType",
        req.visit_type.as_deref(),
        VISIT_TYPES,
        Some("in-person"),
        "appointment.visitType",
    );
    let reason = match req
        .reason
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        Some(r) => c.option(
            "reason",
            Some(r),
            content::default().reasons(),
            "appointment.reason",
        ),
        None => String::new(),
    };
    let mut symptoms: Vec<String> = Vec::new();
    let known = content::default();
    for s in req.selected_symptoms.iter().flatten() {
        match known.symptoms().iter().find(|k| k.named_by(s)) {
            Some(k) if !symptoms.contains(&k.id) => symptoms.push(k.id.clone()),
            Some(_) => {}
            None => c.fail("selectedSymptoms", Message::new("appointment.symptoms")),
        }
    }
    let notes = c.paragraph("additionalNotes", "label.additionalNotes", req.additional_notes.as_deref(), 2000, None);
    let insurance = c.line("insurance", "label.insurance", req.insurance.as_deref(), 100, None);
    let policy_number = c.line("policyNumber", "label.policyNumber", req.policy_number.as_deref(), 50, None);
    let is_new_patient = c.choice("isNewPatient", req.is_new_patient.as_deref(), &["yes", "no"], Some("yes"), "appointment.isNewPatient") == "yes";
    let updates = c.choice("updates", req.updates.as_deref(), UPDATES, Some(Updates::None.as_str()), "appointment.updates");
    let updates = Updates::parse(&updates).unwrap_or_default();
    Fields { name, phone, email, department, visit_type, reason, symptoms, notes, insurance, policy_number, is_new_patient, updates }
}

/// What is wrong with a request's own fields (not its doctor or time), without
/// storing it: a form refused for its timing shows these too. None when nothing is.
pub fn check(req: &AppointmentRequest) -> Option<Invalid> {
    let mut c = Check::default();
    fields(&mut c, req);
    c.finish().err()
}

/// Checks and stores a request, with its confirmation page when `receipt` names
/// one. A conflict on `time` when the slot is already held.
///
/// In the same transaction, the clinic is told of it and the patient gets its
/// reference by e-mail (`Notices`).
pub async fn book(
    db: &Db,
    clock: &Clock,
    req: AppointmentRequest,
    receipt: Option<receipts::Kind>,
    notices: &Notices,
) -> Result<Booked, WriteError> {
    let mut c = Check::default();
    let Fields { name, phone, email, department, visit_type, reason, symptoms, notes, insurance, policy_number, is_new_patient, updates } = fields(&mut c, &req);
    let doctor = find_doctor(db, req.doctor_id, req.doctor.as_deref()).await?;
    if doctor.is_none() {
        let given = req.doctor_id.is_some() || req.doctor.as_deref().is_some_and(|d| !d.trim().is_empty());
        c.fail("doctor", Message::new(if given { "appointment.doctorUnknown" } else { "appointment.doctorRequired" }));
    }
    let slot = check_slot(&mut c, db, clock, doctor.as_ref(), req.date.as_deref(), req.time.as_deref()).await?;
    c.finish().map_err(WriteError::Invalid)?;
    let (doctor, (date, start)) = (doctor.expect("checked"), slot.expect("checked"));
    // Where the visit is: the clinic of the doctor's hours that hold the time.
    let clinic = match schedule::clinic_of_visit(db, doctor.id, &date.to_string(), &slots::format_24h(start)).await? {
        Some(clinic) => clinic,
        None => content::default().find_clinic(&doctor.clinic_id).unwrap_or(&content::default().clinics[0]).clone(),
    };
    // What the patient is promised: from when they ask and when the visit is.
    let visit = date.and_time(chrono::NaiveTime::from_hms_opt(start / 60, start % 60, 0).unwrap_or_default());
    let promise = Promise::decide(clock.now(), visit, &Opening::parse(&clinic.opening_hours), &clinic.phone, notices.expiry_hours);
    // A department the doctor is not in (Cardiology with a dermatologist): the
    // request goes under the doctor's, and the one chosen is kept for the desk.
    let doctors_department = crate::entities::department::Entity::find_by_id(doctor.department_id).one(db).await?.map(|d| d.slug);
    // Wizard B names no department: the doctor's (issue 44: the CSV's was empty).
    let (department, asked_department) = match doctors_department {
        Some(theirs) if !department.is_empty() && theirs != department => (theirs, department),
        Some(theirs) => (theirs, String::new()),
        None => (department, String::new()),
    };

    let row = |reference| appointment::ActiveModel {
        reference: Set(reference),
        lang: Set(req.lang.as_str().to_owned()),
        promise: Set(promise.stored()),
        doctor_id: Set(doctor.id),
        department: Set(department.clone()),
        asked_department: Set(asked_department.clone()),
        date: Set(date.to_string()),
        start_time: Set(slots::format_24h(start)),
        visit_type: Set(visit_type.clone()),
        name: Set(name.clone()),
        phone_key: Set(hygo_core::phone::key(&phone)),
        phone: Set(phone.clone()),
        email: Set(email.clone()),
        reason: Set(reason.clone()),
        symptoms: Set(serde_json::to_string(&symptoms).expect("a list of strings serializes")),
        notes: Set(notes.clone()),
        insurance: Set(insurance.clone()),
        policy_number: Set(policy_number.clone()),
        is_new_patient: Set(is_new_patient),
        updates: Set(updates.as_str().to_owned()),
        visit_code: Set(Some(refs::new_visit_code())),
        created_at: Set(crate::ist::stamp()),
        status: Set(Status::Requested.as_str().to_owned()),
        sequence: Set(0),
        status_changed_at: Set(None),
        ..Default::default()
    };
    // One transaction: the request (another reference if its own clashes), the
    // per-person check, and the confirmation page when a form post asked for one.
    let mut attempt = 0;
    loop {
        attempt += 1;
        let reference = refs::new_reference();
        let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
        if txn.get_database_backend() == DbBackend::Postgres {
            // One phone's requests one after another, on every instance (see the module's notes).
            let key = format!("phone:{}", hygo_core::phone::key(&phone));
            let lock = Statement::from_sql_and_values(DbBackend::Postgres, "SELECT pg_advisory_xact_lock(hashtext($1))", [key.into()]);
            txn.execute_raw(lock).await.map_err(DataError::from)?;
        }
        // A failed statement ends the transaction; dropped without a commit, it is rolled back.
        let saved = match row(reference.clone()).insert(&txn).await {
            Ok(saved) => saved,
            Err(e) if attempt < 3 && refs::reference_clash(&e) => continue,
            Err(e) if matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => {
                return Err(WriteError::Conflict { field: "time", message: Message::new("appointment.taken") });
            }
            Err(e) => return Err(DataError::from(e).into()),
        };
        if let Some((field, message)) = too_many_pending(&txn, clock, &saved).await? {
            return Err(WriteError::Invalid(Invalid::field(field, message)));
        }
        let receipt = match receipt {
            Some(kind) => Some(receipts::issue(&txn, kind, saved.id).await.map_err(DataError::from)?),
            None => None,
        };
        // The clinic is told, and the patient gets the request's reference, with the request.
        for mail in notices.appointment_requested(&saved, &doctor.name, &clinic, &promise) {
            crate::mail::queue(&txn, mail).await.map_err(DataError::from)?;
        }
        if let Some(channel) = updates.channel() {
            crate::messaging::record(&txn, &phone, channel, true, crate::messaging::How::Web, Some(saved.id)).await.map_err(DataError::from)?;
        }
        if let Some(text) = notices.appointment_requested_text(&saved, &doctor.name, &promise) {
            crate::messaging::queue(&txn, text).await.map_err(DataError::from)?;
        }
        txn.commit().await.map_err(DataError::from)?;
        return Ok(Booked {
            id: saved.id,
            reference,
            receipt,
            doctor: crate::notices::doctor_name(req.lang, doctor.id, &doctor.name),
            doctor_id: doctor.id,
            date: saved.date,
            time: slots::format_12h(start),
            visit_type,
            clinic: clinic.id,
            promise: promise.clone(),
            by_phone: email.is_empty(),
            calendar: None,
            page: None,
            manage: None,
            visit_code: saved.visit_code.clone(),
        });
    }
}

/// Whether the person of a request just stored (a phone number and a name), or
/// its phone number, now holds more pending requests than they may: the field to
/// blame and why.
async fn too_many_pending(
    txn: &impl ConnectionTrait,
    clock: &Clock,
    saved: &appointment::Model,
) -> Result<Option<(&'static str, Message)>, DataError> {
    let pending = holding(txn, Held { phone: Some(&saved.phone_key), ..Held::from(clock.today()) }).await?;
    // The message names neither doctor nor day: it says nothing about the
    // requests already made that the person asking does not know.
    let person = name_key(&saved.name);
    let by_person = pending.iter().filter(|a| name_key(&a.name) == person).count();
    let over = if by_person > PENDING_IN_ALL {
        Some(("appointment.pendingPerson", PENDING_IN_ALL))
    } else if pending.len() > PENDING_PER_PHONE {
        Some(("appointment.pendingAllPhone", PENDING_PER_PHONE))
    } else {
        None
    };
    let phone = content::default().site.phone.clone();
    Ok(over.map(|(key, count)| ("phone", Message::new(key).with("count", count.to_string()).with("phone", phone))))
}

/// Why a day offers the times it does (or none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, schemars::JsonSchema, ts_rs::TS)]
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
    /// The doctor's clinic is closed that day (or for all of their hours): `closure` says why.
    ClinicClosed,
}

impl DayAvailability {
    /// The day in a date strip's string (`days`): `o` open, `f` full, `p` past,
    /// `c` closed, `l` on leave, `x` clinic closed (`ui/src/lib/days.ts` reads it).
    pub fn letter(self) -> char {
        match self {
            DayAvailability::Open => 'o',
            DayAvailability::Full => 'f',
            DayAvailability::Past => 'p',
            DayAvailability::Closed => 'c',
            DayAvailability::OnLeave => 'l',
            DayAvailability::ClinicClosed => 'x',
        }
    }
}

/// The slots answer: times still free, and times held by active requests.
#[derive(Debug, Clone, Default, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
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
    #[ts(optional)]
    pub back_on: Option<String>,
    /// With "clinic-closed": the closure, with its note ("Closed for Diwali").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub closure: Option<crate::schedule::PublicClosure>,
}

/// The free and held slots of a doctor on a date, and why there are none when
/// there are none: a day in the past, on leave, or without hours offers nothing.
pub async fn day_slots(
    db: &Db,
    clock: &Clock,
    doctor_id: i32,
    date: NaiveDate,
) -> Result<DaySlots, DataError> {
    let Some(doctor) = doctor::Entity::find_by_id(doctor_id).one(db).await? else {
        let availability = if date < clock.today() {
            DayAvailability::Past
        } else {
            DayAvailability::Closed
        };
        return Ok(DaySlots {
            availability,
            ..DaySlots::default()
        });
    };
    let window = Window::load(db, std::slice::from_ref(&doctor), date, date).await?;
    let held = held_slots(db, doctor_id, date).await?;
    let day = decide(&window, &held, clock, doctor_id, date);
    let mut answer = DaySlots {
        available_slots: day.free.iter().map(|&t| slots::format_12h(t)).collect(),
        booked_slots: held.iter().map(|&t| slots::format_12h(t)).collect(),
        availability: day.availability,
        back_on: None,
        closure: None,
    };
    match day.availability {
        DayAvailability::OnLeave => {
            let schedule = leave::schedule(db, doctor_id, date).await?;
            answer.back_on = schedule
                .leave_on(date)
                .and_then(|p| schedule.back_on(p))
                .map(|d| d.to_string());
        }
        DayAvailability::ClinicClosed => {
            let clinic = day.closed_by.map(|c| c.clinic).unwrap_or_default();
            answer.closure = schedule::public_closures(db, date, date)
                .await?
                .into_iter()
                .find(|c| c.clinic == clinic);
        }
        _ => {}
    }
    if !matches!(
        day.availability,
        DayAvailability::Open | DayAvailability::Full | DayAvailability::Past
    ) || date < clock.today()
    {
        answer.booked_slots.clear();
    }
    Ok(answer)
}

/// What a day offers, decided once for the slots of one day (`day_slots`) and
/// for the wizards' date strips (`days`).
struct Decided {
    availability: DayAvailability,
    /// The free times to come.
    free: Vec<Minutes>,
    /// With `ClinicClosed`: the closure that took every slot.
    closed_by: Option<schedule::Closure>,
}

/// The rule: a past date, then leave, then the day's plan (hours, changes,
/// closures), then what is held and what has passed.
fn decide(
    window: &Window,
    held: &[Minutes],
    clock: &Clock,
    doctor_id: i32,
    date: NaiveDate,
) -> Decided {
    let nothing = |availability| Decided {
        availability,
        free: Vec::new(),
        closed_by: None,
    };
    if date < clock.today() {
        return nothing(DayAvailability::Past);
    }
    if window.leave_on(doctor_id, date).is_some() {
        return nothing(DayAvailability::OnLeave);
    }
    let plan = window.plan(doctor_id, date);
    if plan.closed_by.is_some() {
        return Decided {
            closed_by: plan.closed_by,
            ..nothing(DayAvailability::ClinicClosed)
        };
    }
    if plan.grid.is_empty() {
        return nothing(DayAvailability::Closed);
    }
    let to_come: Vec<Minutes> = plan
        .grid
        .iter()
        .copied()
        .filter(|t| !is_past(clock, date, *t))
        .collect();
    let free: Vec<Minutes> = to_come
        .iter()
        .copied()
        .filter(|t| !held.contains(t))
        .collect();
    let availability = if !free.is_empty() {
        DayAvailability::Open
    } else if !to_come.is_empty() {
        DayAvailability::Full
    } else {
        DayAvailability::Past
    };
    Decided {
        availability,
        free,
        closed_by: None,
    }
}

/// Each doctor's days from today to `MAX_DAYS_AHEAD` days on, one letter a day
/// in order (`DayAvailability::letter`): what the wizards' date strips show, by
/// the rule of `day_slots`, read with a few queries for all the doctors at once.
pub async fn days(
    db: &Db,
    clock: &Clock,
    doctor_ids: &[i32],
) -> Result<HashMap<i32, String>, DataError> {
    let doctors = doctor::Entity::find()
        .filter(doctor::Column::Id.is_in(doctor_ids.to_vec()))
        .all(db)
        .await?;
    let today = clock.today();
    let until = today + Duration::days(MAX_DAYS_AHEAD);
    let window = Window::load(db, &doctors, today, until).await?;
    let mut held: HashMap<(i32, NaiveDate), Vec<Minutes>> = HashMap::new();
    for a in holding(db, Held::between(today, until)).await? {
        if let (Some(day), Some(t)) = (
            crate::ist::parse_date(&a.date),
            slots::parse_time(&a.start_time),
        ) {
            held.entry((a.doctor_id, day)).or_default().push(t);
        }
    }
    Ok(doctors
        .iter()
        .map(|d| {
            let letters = today
                .iter_days()
                .take_while(|day| *day <= until)
                .map(|day| {
                    let held = held.get(&(d.id, day)).map_or(&[][..], Vec::as_slice);
                    decide(&window, held, clock, d.id, day)
                        .availability
                        .letter()
                })
                .collect();
            (d.id, letters)
        })
        .collect())
}

/// A doctor's first free times from now on, day by day, by the rule of
/// `day_slots`: at most `per_day` times a day and `limit` in all, over the
/// coming `days` days (within `MAX_DAYS_AHEAD`), with one read of the window
/// and one of what is held.
pub async fn free_times(db: &Db, clock: &Clock, doctor: &doctor::Model, days: i64, per_day: usize, limit: usize) -> Result<Vec<(NaiveDate, Vec<Minutes>)>, DataError> {
    let today = clock.today();
    let until = today + Duration::days(days.clamp(0, MAX_DAYS_AHEAD));
    let window = Window::load(db, std::slice::from_ref(doctor), today, until).await?;
    let mut held: HashMap<NaiveDate, Vec<Minutes>> = HashMap::new();
    for a in holding(db, Held::between(today, until).of_doctor(doctor.id)).await? {
        if let (Some(day), Some(t)) = (crate::ist::parse_date(&a.date), slots::parse_time(&a.start_time)) {
            held.entry(day).or_default().push(t);
        }
    }
    let mut found = Vec::new();
    let mut left = limit;
    for day in today.iter_days().take_while(|day| *day <= until) {
        if left == 0 {
            break;
        }
        let free = decide(&window, held.get(&day).map_or(&[][..], Vec::as_slice), clock, doctor.id, day).free;
        let take: Vec<Minutes> = free.into_iter().take(left.min(per_day)).collect();
        if !take.is_empty() {
            left -= take.len();
            found.push((day, take));
        }
    }
    Ok(found)
}

/// Whether each of `doctors` is free at each of `times` (a day and a time),
/// by the rule of `day_slots`: by doctor, one answer per time in order, with one
/// read of the window and one of what is held (the sick day's "move all to").
pub(crate) async fn free_at(db: &Db, clock: &Clock, doctors: &[doctor::Model], times: &[(NaiveDate, Minutes)]) -> Result<HashMap<i32, Vec<bool>>, DataError> {
    let (Some(from), Some(until)) = (times.iter().map(|t| t.0).min(), times.iter().map(|t| t.0).max()) else {
        return Ok(doctors.iter().map(|d| (d.id, Vec::new())).collect());
    };
    let window = Window::load(db, doctors, from, until).await?;
    let ids: Vec<i32> = doctors.iter().map(|d| d.id).collect();
    let mut held: HashMap<(i32, NaiveDate), Vec<Minutes>> = HashMap::new();
    for a in holding(db, Held::between(from, until).of_doctors(&ids)).await? {
        if let (Some(day), Some(t)) = (crate::ist::parse_date(&a.date), slots::parse_time(&a.start_time)) {
            held.entry((a.doctor_id, day)).or_default().push(t);
        }
    }
    let mut out = HashMap::new();
    for d in doctors {
        let mut free: HashMap<NaiveDate, Vec<Minutes>> = HashMap::new();
        let answers = times
            .iter()
            .map(|(day, t)| {
                free.entry(*day).or_insert_with(|| decide(&window, held.get(&(d.id, *day)).map_or(&[][..], Vec::as_slice), clock, d.id, *day).free).contains(t)
            })
            .collect();
        out.insert(d.id, answers);
    }
    Ok(out)
}

/// A doctor by id, or else by name (trimmed, without regard to case).
pub async fn find_doctor(db: &Db, id: Option<i32>, name: Option<&str>) -> Result<Option<doctor::Model>, DataError> {
    // A retired doctor takes no requests: they are not offered anywhere.
    let current = || doctor::Entity::find().filter(doctor::Column::RetiredOn.is_null());
    if let Some(id) = id {
        return Ok(current().filter(doctor::Column::Id.eq(id)).one(db).await?);
    }
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty() && n.chars().count() <= 200) else {
        return Ok(None);
    };
    // Few doctors: compare in Rust, which folds case the same on both backends.
    let wanted = name.to_lowercase();
    Ok(current().all(db).await?.into_iter().find(|d| d.name.trim().to_lowercase() == wanted))
}

/// Checks a date and time for a doctor, as a request or a reschedule needs them:
/// a day within reach, the doctor not on leave, a time of their hours not yet
/// past. Whether the slot is free is the unique index's to say, at the INSERT or
/// UPDATE. The messages go on `date` and `time`.
pub(crate) async fn check_slot(
    c: &mut Check,
    db: &Db,
    clock: &Clock,
    doctor: Option<&doctor::Model>,
    date: Option<&str>,
    time: Option<&str>,
) -> Result<Option<(NaiveDate, Minutes)>, DataError> {
    let date = check_date(c, clock, date);
    let mut start: Option<Minutes> = None;
    match time.map(str::trim).filter(|t| !t.is_empty()) {
        None => c.fail("time", Message::new("appointment.timeRequired")),
        Some(t) => match slots::parse_time(t) {
            None => c.fail("time", Message::new("appointment.timeFormat")),
            Some(t) => start = Some(t),
        },
    }
    if let (Some(doctor), Some(date)) = (doctor, date) {
        let schedule = leave::schedule(db, doctor.id, date).await?;
        // On `date`, the field both wizards show on the step where the day is chosen.
        if let Some(period) = schedule.leave_on(date) {
            let message = match (period.until, schedule.back_on(period)) {
                (Some(_), Some(back)) => Message::new("appointment.onLeaveBack").with_day("back", back),
                (Some(_), None) => Message::new("appointment.onLeaveDay"),
                (None, _) if period.from > clock.today() => {
                    Message::new("appointment.onLeaveFrom").with_day("from", period.from)
                }
                (None, _) => Message::new("appointment.onLeaveOpen"),
            };
            c.fail("date", message.with("doctor", doctor.name.clone()).with_day("day", date));
        }
    }
    if let (Some(doctor), Some(date), Some(t), false) = (doctor, date, start, c.has_error("date") || c.has_error("doctor")) {
        let plan = schedule::day_plan(db, doctor, date).await?;
        if let Some(closed) = &plan.closed_by {
            c.fail("date", Message::new("appointment.clinicClosed").with_day("day", date).with("note", closed.note.clone()));
        } else if !plan.grid.contains(&t) {
            c.fail("time", Message::new("appointment.timeNotOffered").with("time", slots::format_12h(t)));
        } else if is_past(clock, date, t) {
            c.fail("time", Message::new("appointment.timePast"));
        }
    }
    Ok(date.zip(start))
}

/// Parses YYYY-MM-DD for a booking: today or later, within `MAX_DAYS_AHEAD`.
fn check_date(c: &mut Check, clock: &Clock, value: Option<&str>) -> Option<NaiveDate> {
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    let Some(value) = value else {
        c.fail("date", Message::new("appointment.dateRequired"));
        return None;
    };
    let Some(date) = parse_date(value) else {
        c.fail("date", Message::new("appointment.dateFormat"));
        return None;
    };
    let today = clock.today();
    if date < today {
        c.fail("date", Message::new("appointment.datePast"));
        None
    } else if date > today + Duration::days(MAX_DAYS_AHEAD) {
        c.fail("date", Message::new("appointment.dateTooFar").with("days", MAX_DAYS_AHEAD.to_string()));
        None
    } else {
        Some(date)
    }
}

fn is_past(clock: &Clock, date: NaiveDate, t: Minutes) -> bool {
    let now = clock.now();
    // A slot that has started is past: it can no longer be reached in time.
    date < now.date() || (date == now.date() && t <= now.time().num_seconds_from_midnight() / 60)
}

/// Which requests that hold a slot to read (`holding`): of one doctor or of
/// all, on a day or over days (open-ended without `until`), of one person.
#[derive(Debug, Clone, Copy, Default)]
pub struct Held<'a> {
    pub doctor: Option<i32>,
    /// Only these doctors' (the day view's: a clinic's doctors, not the network's).
    pub doctors: Option<&'a [i32]>,
    pub from: Option<NaiveDate>,
    pub until: Option<NaiveDate>,
    /// One phone number's, as `hygo_core::phone::key` makes it.
    pub phone: Option<&'a str>,
}

impl Held<'_> {
    /// Everyone's requests on one day.
    pub fn on(date: NaiveDate) -> Self {
        Held { from: Some(date), until: Some(date), ..Held::default() }
    }

    /// Everyone's requests from one day to another, both included.
    pub fn between(from: NaiveDate, until: NaiveDate) -> Self {
        Held { from: Some(from), until: Some(until), ..Held::default() }
    }

    /// Everyone's requests from a day on.
    pub fn from(date: NaiveDate) -> Self {
        Held { from: Some(date), ..Held::default() }
    }

    /// Only one doctor's.
    pub(crate) fn of_doctor(self, doctor_id: i32) -> Self {
        Held { doctor: Some(doctor_id), ..self }
    }
}

impl<'a> Held<'a> {
    /// Only some doctors'.
    pub(crate) fn of_doctors(self, doctor_ids: &'a [i32]) -> Self {
        Held { doctors: Some(doctor_ids), ..self }
    }
}

/// The requests that hold a slot (`Status::HOLDING_SLOT`, the unique index's
/// statuses) that `which` names, by day and time: the one query for them.
pub(crate) async fn holding(conn: &impl ConnectionTrait, which: Held<'_>) -> Result<Vec<appointment::Model>, DataError> {
    use sea_orm::QueryOrder;
    let mut q = appointment::Entity::find().filter(appointment::Column::Status.is_in(Status::HOLDING_SLOT));
    if let Some(id) = which.doctor {
        q = q.filter(appointment::Column::DoctorId.eq(id));
    }
    if let Some(ids) = which.doctors {
        q = q.filter(appointment::Column::DoctorId.is_in(ids.to_vec()));
    }
    if let Some(from) = which.from {
        q = q.filter(appointment::Column::Date.gte(from.to_string()));
    }
    if let Some(until) = which.until {
        q = q.filter(appointment::Column::Date.lte(until.to_string()));
    }
    if let Some(phone_key) = which.phone {
        q = q.filter(appointment::Column::PhoneKey.eq(phone_key));
    }
    Ok(q.order_by_asc(appointment::Column::Date).order_by_asc(appointment::Column::StartTime).all(conn).await?)
}

/// How many requests hold a slot (`Status::HOLDING_SLOT`) for each of `doctors`
/// on each day from `from` to `until` (both included), by (doctor, "YYYY-MM-DD"):
/// one grouped query, so the week view counts a network's week without reading
/// its thousands of rows.
pub async fn held_counts(
    conn: &impl ConnectionTrait,
    doctors: &[i32],
    from: NaiveDate,
    until: NaiveDate,
) -> Result<HashMap<(i32, String), u32>, DataError> {
    use sea_orm::QuerySelect;
    use sea_orm::sea_query::{Expr, ExprTrait};
    let rows: Vec<(i32, String, i64)> = appointment::Entity::find()
        .select_only()
        .column(appointment::Column::DoctorId)
        .column(appointment::Column::Date)
        .column_as(Expr::col(appointment::Column::Id).count(), "held")
        .filter(appointment::Column::Status.is_in(Status::HOLDING_SLOT))
        .filter(appointment::Column::DoctorId.is_in(doctors.to_vec()))
        .filter(appointment::Column::Date.between(from.to_string(), until.to_string()))
        .group_by(appointment::Column::DoctorId)
        .group_by(appointment::Column::Date)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(|(doctor, date, n)| ((doctor, date), u32::try_from(n).unwrap_or(u32::MAX))).collect())
}

pub(crate) async fn held_slots(db: &Db, doctor_id: i32, date: NaiveDate) -> Result<Vec<Minutes>, DataError> {
    let mut held: Vec<Minutes> = holding(db, Held::on(date).of_doctor(doctor_id))
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
        // Spec section 8, word for word.
        let variant_a = "Consultation, Follow-up, Routine Checkup, Second Opinion, Test Results, Other";
        let variant_b = "Routine Check-up, Follow-up, New Symptoms, Chronic Condition, Preventive Care, Emergency, Second Opinion, Other";
        let symptoms = "Fever, Headache, Cough, Shortness of Breath, Chest Pain, Abdominal Pain, Nausea, Fatigue, Dizziness, \
                        Joint Pain, Back Pain, Skin Issues, Vision Problems, Hearing Issues, Sleep Issues, Anxiety, Depression, Other";
        let labels = |list: &[crate::content::OptionText]| {
            list.iter()
                .map(|o| o.label.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let c = crate::content::default();
        let texts = &c.forms.appointment;
        assert_eq!(labels(&texts.reasons_a), variant_a);
        assert_eq!(labels(&texts.reasons_b), variant_b);
        assert_eq!(labels(&texts.symptoms), symptoms);
        // Each label names one stored id; the two spellings of a check-up are one reason.
        let reasons = c.reasons();
        for label in variant_a.split(", ").chain(variant_b.split(", ")) {
            assert_eq!(reasons.iter().filter(|r| r.named_by(label)).count(), 1, "{label}");
        }
        let checkup = reasons.iter().find(|r| r.named_by("Routine Checkup")).unwrap();
        assert!(checkup.named_by("Routine Check-up") && checkup.id == "routine-checkup");
        assert!(
            c.symptoms()
                .iter()
                .all(|s| s.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        );
        assert_eq!(
            DEPARTMENTS,
            [
                "cardiology",
                "neurology",
                "orthopedics",
                "pediatrics",
                "ophthalmology",
                "internal-medicine",
                "general-consultation",
            ]
        );
        assert_eq!(VISIT_TYPES, ["in-person", "video"]);
    }
}

//! What the console shows of appointment requests: the list with its filters and
//! counts, one request in full, a doctor's day, and the CSV export.

use chrono::{Duration, NaiveDate, NaiveDateTime, SecondsFormat, Utc};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use ts_rs::TS;

use crate::audit;
use crate::desk::Channel;
use crate::entities::{appointment, doctor};
use crate::notices::when;
use crate::promise::PROMISE_HOURS;
use crate::status::{Status, Step};
use crate::{DataError, Db, appointments, content, slots};

/// Requests on a page of the list.
pub const PAGE_SIZE: u64 = 50;

/// What the list is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub status: Option<Status>,
    pub doctor_id: Option<i32>,
    pub date: Option<NaiveDate>,
}

/// A request in a list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InboxRow")]
pub struct Row {
    pub reference: String,
    pub status: Status,
    pub doctor: String,
    pub doctor_id: i32,
    /// YYYY-MM-DD.
    pub date: String,
    /// "09:15 AM".
    pub time: String,
    pub name: String,
    /// When it was made (RFC 3339, UTC).
    pub created_at: String,
    /// Still `requested` after the site's promise to call within 24 hours.
    pub overdue: bool,
    /// How it came in: the website, a call to the desk, or a walk-in.
    pub channel: Channel,
    /// The patient chose a department the doctor is not in: the inbox flags it.
    pub department_differs: bool,
    /// The visit is today or tomorrow (IST): the inbox flags it.
    pub soon: Option<Soon>,
    /// Where the visit takes place (the clinic of the doctor's hours at its
    /// time); "" where a list does not say (`rows_of` fills it).
    pub clinic: String,
    /// Nobody can see the patient then (the doctor on leave, the clinic closed):
    /// the desk moves the visit (`super::nobody_works`).
    pub away: bool,
}

/// A visit close enough to flag in the inbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "VisitSoon")]
pub enum Soon {
    Today,
    Tomorrow,
}

impl Soon {
    pub fn of(date: &str, today: NaiveDate) -> Option<Soon> {
        let date = crate::ist::parse_date(date)?;
        match (date - today).num_days() {
            0 => Some(Soon::Today),
            1 => Some(Soon::Tomorrow),
            _ => None,
        }
    }
}

/// How many requests wait, and how many of them are past the promise.
#[derive(Debug, Clone, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InboxCounts")]
pub struct Counts {
    #[ts(type = "number")]
    pub requested: u64,
    #[ts(type = "number")]
    pub overdue: u64,
    /// Today's visits (IST), requested or confirmed (rescheduled and arrived too).
    #[ts(type = "number")]
    pub today: u64,
}

pub(crate) fn promise_cutoff() -> String {
    (Utc::now() - Duration::hours(PROMISE_HOURS)).to_rfc3339_opts(SecondsFormat::Secs, true)
}

pub(crate) async fn doctor_names(db: &Db) -> Result<Vec<(i32, String)>, DataError> {
    // Two columns of every doctor, not their profiles.
    Ok(doctor::Entity::find()
        .select_only()
        .columns([doctor::Column::Id, doctor::Column::Name])
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?)
}

pub(crate) fn row_of(a: &appointment::Model, doctors: &[(i32, String)], cutoff: &str) -> Row {
    let status = Status::parse(&a.status).unwrap_or(Status::Requested);
    Row {
        reference: a.reference.clone(),
        status,
        doctor: doctors.iter().find(|(id, _)| *id == a.doctor_id).map(|(_, n)| n.clone()).unwrap_or_default(),
        doctor_id: a.doctor_id,
        date: a.date.clone(),
        time: slots::parse_time(&a.start_time).map(slots::format_12h).unwrap_or_else(|| a.start_time.clone()),
        name: a.name.clone(),
        created_at: a.created_at.clone(),
        overdue: status == Status::Requested && a.created_at.as_str() < cutoff,
        channel: Channel::parse(&a.channel).unwrap_or(Channel::Web),
        department_differs: !a.asked_department.is_empty(),
        soon: None,
        clinic: String::new(),
        away: false,
    }
}

/// Rows of a list with their clinic, and for `today` their Today/Tomorrow flag:
/// the doctors' names and the clinics read once for all of them.
pub(crate) async fn rows_of(db: &Db, rows: &[appointment::Model], today: Option<NaiveDate>) -> Result<Vec<Row>, DataError> {
    let (doctors, cutoff) = (doctor_names(db).await?, promise_cutoff());
    let visits: Vec<(i32, &str, &str)> = rows.iter().map(|a| (a.doctor_id, a.date.as_str(), a.start_time.as_str())).collect();
    let clinics = crate::schedule::clinics_of_visits(db, &visits).await?;
    let away = super::nobody_works_for(db, rows).await?;
    Ok(rows
        .iter()
        .zip(clinics)
        .zip(away)
        .map(|((a, clinic), away)| Row { soon: today.and_then(|t| Soon::of(&a.date, t)), clinic, away, ..row_of(a, &doctors, &cutoff) })
        .collect())
}

/// One page of requests, and how many pages the filter gives. Waiting requests
/// (`requested`) come by the time of the visit, soonest first, as the desk must
/// answer them; any other list by when the request was made, newest first. Each
/// row says whether its visit is today or tomorrow.
pub async fn list(db: &Db, filter: &Filter, page: u64, today: NaiveDate) -> Result<(Vec<Row>, u64), DataError> {
    let mut query = appointment::Entity::find();
    if let Some(status) = filter.status {
        query = query.filter(appointment::Column::Status.eq(status.as_str()));
    }
    if let Some(id) = filter.doctor_id {
        query = query.filter(appointment::Column::DoctorId.eq(id));
    }
    if let Some(date) = filter.date {
        query = query.filter(appointment::Column::Date.eq(date.to_string()));
    }
    let total = query.clone().count(db).await?;
    let pages = total.div_ceil(PAGE_SIZE).max(1);
    let query = match filter.status {
        Some(Status::Requested) => query.order_by_asc(appointment::Column::Date).order_by_asc(appointment::Column::StartTime).order_by_asc(appointment::Column::Id),
        _ => query.order_by_desc(appointment::Column::CreatedAt).order_by_desc(appointment::Column::Id),
    };
    let rows = query.offset((page.clamp(1, pages) - 1) * PAGE_SIZE).limit(PAGE_SIZE).all(db).await?;
    Ok((rows_of(db, &rows, Some(today)).await?, pages))
}

/// What waits: requests not yet answered, those past the promise, and today's visits.
pub async fn counts(db: &Db, today: NaiveDate) -> Result<Counts, DataError> {
    let requested = appointment::Entity::find().filter(appointment::Column::Status.eq(Status::Requested.as_str()));
    Ok(Counts {
        requested: requested.clone().count(db).await?,
        overdue: requested.filter(appointment::Column::CreatedAt.lt(promise_cutoff())).count(db).await?,
        today: appointment::Entity::find()
            .filter(appointment::Column::Status.is_in([Status::Requested].iter().chain(&Status::VISITING).map(|s| s.as_str())))
            .filter(appointment::Column::Date.eq(today.to_string()))
            .count(db)
            .await?,
    })
}

/// A visit on the front desk's list of the day (`today`).
#[derive(Debug, Clone)]
pub struct Visit {
    pub reference: String,
    /// "09:15 AM".
    pub time: String,
    pub name: String,
    pub phone: String,
    pub doctor: String,
    pub status: Status,
    /// What the desk may do now: of "arrive", "no-show" and "complete", those the status allows.
    pub steps: Vec<Step>,
    /// Nobody can see the patient then (`super::nobody_works`): flagged, without "Arrived".
    pub away: bool,
}

/// One clinic's visits of the day, by time.
#[derive(Debug, Clone)]
pub struct ClinicDay {
    pub clinic: String,
    pub visits: Vec<Visit>,
}

/// The day at the front desk: `date`'s visits (requested and not yet confirmed,
/// confirmed, rescheduled, arrived, and those already marked completed or
/// no-show), by clinic in the catalogue's
/// order and by time, each where it takes place (`schedule::clinic_of_visit`).
pub async fn today(db: &Db, date: NaiveDate, now: NaiveDateTime) -> Result<Vec<ClinicDay>, DataError> {
    // Requested ones too (issue 44: left out, the desk did not see who was coming).
    let day = [Status::Requested, Status::Confirmed, Status::Rescheduled, Status::Arrived, Status::Completed, Status::NoShow];
    let held = appointments::holding(db, appointments::Held::on(date)).await?;
    let doctors = doctor_names(db).await?;
    let mut clinics: Vec<ClinicDay> = content::default()
        .clinics
        .iter()
        .map(|c| ClinicDay {
            clinic: c.name.clone(),
            visits: Vec::new(),
        })
        .collect();
    let mut rows: Vec<(String, Option<u32>, Visit)> = Vec::new();
    let visits: Vec<(i32, &str, &str)> = held.iter().map(|a| (a.doctor_id, a.date.as_str(), a.start_time.as_str())).collect();
    let at_clinics = crate::schedule::clinics_of_visits(db, &visits).await?;
    let away = super::nobody_works_for(db, &held).await?;
    for ((a, at), away) in held.iter().zip(at_clinics).zip(away) {
        let Some(status) = Status::parse(&a.status).filter(|s| day.contains(s)) else {
            continue;
        };
        // In the order the desk meets them: Arrived, No-show, Completed.
        let due = super::next_now(a, now);
        let steps = [Step::Arrive, Step::NoShow, Step::Complete].into_iter().filter(|s| due.contains(s) && !(away && *s == Step::Arrive)).collect();
        let visit = Visit {
            reference: a.reference.clone(),
            time: slots::parse_time(&a.start_time).map(slots::format_12h).unwrap_or_else(|| a.start_time.clone()),
            name: a.name.clone(),
            phone: hygo_core::phone::for_people(&a.phone),
            doctor: doctors.iter().find(|(id, _)| *id == a.doctor_id).map(|(_, n)| n.clone()).unwrap_or_default(),
            status,
            steps,
            away,
        };
        rows.push((at, slots::parse_time(&a.start_time), visit));
    }
    rows.sort_by_key(|(_, t, _)| *t);
    for (at, _, visit) in rows {
        match clinics.iter_mut().find(|c| c.clinic == at) {
            Some(c) => c.visits.push(visit),
            None => clinics.push(ClinicDay { clinic: at.to_owned(), visits: vec![visit] }),
        }
    }
    Ok(clinics)
}

/// A request in full, as the front desk needs it to call the patient and decide.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "RequestDetail")]
pub struct Detail {
    #[serde(flatten)]
    pub row: Row,
    /// The department's name (the doctor's department when the patient chose another).
    pub department: String,
    /// The department the patient chose when the doctor is not in it: the desk
    /// checks with the patient which they need.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub asked_department: Option<String>,
    pub visit_type: String,
    pub phone: String,
    pub email: String,
    /// The reason's label, as the patient chose it.
    pub reason: String,
    /// The symptoms' labels.
    pub symptoms: Vec<String>,
    pub notes: String,
    pub insurance: String,
    pub policy_number: String,
    pub is_new_patient: bool,
    /// Visits the same phone made before this one (`patients::visits_before`):
    /// more than none is a returning patient, whatever was ticked.
    #[ts(type = "number")]
    pub visits_before: u64,
    pub status_changed_at: Option<String>,
    /// What may be done now.
    pub next: Vec<Step>,
    /// The sentence a WhatsApp message to the patient starts with (the web
    /// layer makes the link: `hygo::links`).
    #[serde(skip)]
    #[ts(skip)]
    pub chat: String,
    /// Its audit rows, oldest first.
    pub history: Vec<audit::Entry>,
    /// Where the patient agreed to messages about it: `whatsapp`, `sms` or `none`.
    pub updates: String,
    /// The stored row's id (its phone messages name it), never shown.
    #[serde(skip)]
    #[ts(skip)]
    pub id: i32,
}

/// A department's name from its slug; the slug itself for one the catalogue no longer has.
fn department_name(slug: &str) -> String {
    content::default().find_department(slug).map_or_else(|| slug.to_owned(), |d| d.name.clone())
}

/// A request by its reference.
pub async fn one(db: &Db, reference: &str, now: NaiveDateTime) -> Result<Option<Detail>, DataError> {
    let Some(a) = appointment::Entity::find().filter(appointment::Column::Reference.eq(reference)).one(db).await? else {
        return Ok(None);
    };
    let row = rows_of(db, std::slice::from_ref(&a), None).await?.remove(0);
    let known = content::default();
    let label = |choices: &[content::Choice], id: &str| {
        choices
            .iter()
            .find(|c| c.id == id)
            .and_then(|c| c.labels.first().cloned())
            .unwrap_or_else(|| id.to_owned())
    };
    let symptoms: Vec<String> =
        serde_json::from_str::<Vec<String>>(&a.symptoms).unwrap_or_default();
    // The desk's WhatsApp text in the patient's language (the request's), as the
    // e-mails are: the reference and the day and time as that language writes them.
    let lang = crate::notices::lang_of(&a);
    let chat = content::fill(content::get(lang).message("inbox.whatsappText"), &[("reference", &a.reference), ("when", &when(&a, lang))]);
    Ok(Some(Detail {
        next: super::next_now(&a, now),
        department: department_name(&a.department),
        asked_department: (!a.asked_department.is_empty()).then(|| department_name(&a.asked_department)),
        visit_type: label(known.visit_types(), &a.visit_type),
        chat,
        phone: hygo_core::phone::for_people(&a.phone),
        email: a.email.clone(),
        reason: if a.reason.is_empty() {
            String::new()
        } else {
            label(known.reasons(), &a.reason)
        },
        symptoms: symptoms
            .iter()
            .map(|s| label(known.symptoms(), s))
            .collect(),
        notes: a.notes.clone(),
        insurance: a.insurance.clone(),
        policy_number: a.policy_number.clone(),
        is_new_patient: a.is_new_patient,
        visits_before: visits_before(db, &a).await?,
        status_changed_at: a.status_changed_at.clone(),
        history: visits_in_words(db, audit::for_target(db, "appointment", &a.reference).await?).await?,
        updates: a.updates.clone(),
        id: a.id,
        row,
    }))
}

/// Audit entries about appointments in words: where the visit was and is
/// (`from`, `to`: the doctor by name, the day, the time and the clinic), the
/// decline reason by its label; the fields those say are not listed again. The
/// doctors and clinics of the whole list are read at once. Other entries are
/// left as they are.
pub async fn visits_in_words(db: &Db, mut entries: Vec<audit::Entry>) -> Result<Vec<audit::Entry>, DataError> {
    let visit = |v: &serde_json::Value| -> Option<(i32, String, String)> {
        Some((v["doctorId"].as_i64()? as i32, v["date"].as_str()?.to_owned(), v["time"].as_str()?.to_owned()))
    };
    let mut wanted: Vec<(i32, String, String)> = Vec::new();
    for e in entries.iter().filter(|e| e.target_kind == "appointment") {
        wanted.extend([visit(&e.before), visit(&e.after)].into_iter().flatten());
    }
    wanted.sort();
    wanted.dedup();
    let keys: Vec<(i32, &str, &str)> = wanted.iter().map(|(d, day, t)| (*d, day.as_str(), t.as_str())).collect();
    let clinics = crate::schedule::clinics_of_visits(db, &keys).await?;
    let doctors = doctor_names(db).await?;
    let reasons = &content::default().forms.decline_reasons;
    let at = |v: &serde_json::Value| {
        let key = visit(v)?;
        let i = wanted.iter().position(|w| *w == key)?;
        Some(audit::VisitAt {
            doctor: doctors.iter().find(|(id, _)| *id == key.0).map(|(_, n)| n.clone()).unwrap_or_default(),
            time: slots::parse_time(&key.2).map_or(key.2.clone(), slots::format_12h),
            date: key.1,
            clinic: clinics[i].clone(),
        })
    };
    for e in entries.iter_mut().filter(|e| e.target_kind == "appointment") {
        e.from = at(&e.before);
        e.to = at(&e.after);
        e.changes.retain(|c| !matches!(c.field.as_str(), "doctorId" | "date" | "time" | "sequence"));
        for c in e.changes.iter_mut().filter(|c| c.field == "reason") {
            if let Some(r) = reasons.iter().find(|r| r.id == c.after) {
                c.after = r.label.clone();
            }
        }
    }
    Ok(entries)
}

/// A day of a clinic (or of one doctor): each doctor who keeps hours there that
/// day, from the earliest start, with what fills their hours; and the clinic's
/// doctors who are not in.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffDayView")]
pub struct DayView {
    /// YYYY-MM-DD.
    pub date: String,
    pub doctors: Vec<Day>,
    /// The clinic's own doctors without hours there that day, by name; those on
    /// leave say so.
    pub away: Vec<Away>,
}

/// A doctor of the clinic who is not in on the day.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "DayAway")]
pub struct Away {
    pub doctor: String,
    pub doctor_id: i32,
    pub on_leave: bool,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "DoctorDay")]
pub struct Day {
    pub doctor: String,
    pub doctor_id: i32,
    /// The hours of the day at the clinic shown ("9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM").
    pub hours: String,
    /// On leave that day: the requests still on it are the desk's to move.
    pub on_leave: bool,
    /// A closure's public note when it took every slot of the day.
    pub closed: Option<String>,
    /// The hours in time order: visits, runs of free slots, breaks and closed times.
    pub entries: Vec<DayEntry>,
    /// Requests of the day off the grid (a walk-in after the last slot, hours
    /// changed since they were made).
    pub elsewhere: Vec<Row>,
}

/// A line of a doctor's day.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(rename = "DayEntry")]
pub enum DayEntry {
    /// A slot held by a request or a visit.
    Visit { time: String, row: Row },
    /// Free slots one after another ("09:15 AM", …) at a clinic, and when the
    /// last one ends ("10:30 AM"): each may be booked.
    Free { times: Vec<String>, until: String, clinic: String },
    /// Between two ranges of hours ("1:00 PM" to "2:00 PM").
    Break { from: String, until: String },
    /// Slots a clinic's closure takes, with its public note.
    Closed { from: String, until: String, note: String },
}

/// What the day view shows: `clinic` (an id of `catalogue/clinics.json`) or,
/// with `doctor`, that doctor at every clinic.
pub struct DayOf<'a> {
    pub clinic: Option<&'a str>,
    pub doctor: Option<i32>,
    pub date: NaiveDate,
}

/// The day of a clinic's doctors (or of one doctor), in a handful of queries
/// however many doctors: the current doctors, their plans (`day_plans`), their
/// leave, and the day's requests.
pub async fn day(db: &Db, of: DayOf<'_>) -> Result<DayView, DataError> {
    let date = of.date;
    let doctors: Vec<doctor::Model> = match of.doctor {
        Some(id) => doctor::Entity::find_by_id(id).all(db).await?,
        None => doctor::Entity::find().filter(doctor::Column::RetiredOn.is_null()).all(db).await?,
    };
    let plans = crate::schedule::day_plans(db, &doctors, &[date]).await?;
    // A clinic's day is its own doctors' (their visits off the grid are the
    // clinic's) and those with hours there that day, not the network's: only
    // their leave and requests are read.
    let doctors: Vec<doctor::Model> = match of.clinic {
        Some(c) => doctors.into_iter().filter(|d| d.clinic_id == c || plans.of(d.id, date).hours.iter().any(|h| h.clinic == c)).collect(),
        None => doctors,
    };
    let ids: Vec<i32> = doctors.iter().map(|d| d.id).collect();
    let leave = crate::leave::periods(db, &ids, date).await?;
    let held = crate::appointments::holding(db, crate::appointments::Held::on(date).of_doctors(&ids)).await?;
    let rows = rows_of(db, &held, None).await?;
    let clinic_name = |id: &str| content::default().find_clinic(id).map(|c| c.name.clone()).unwrap_or_default();
    let shown = of.clinic.map(clinic_name);
    let (mut days, mut away) = (Vec::new(), Vec::new());
    for d in &doctors {
        let plan = plans.of(d.id, date);
        let on_leave = leave.get(&d.id).is_some_and(|ps| ps.iter().any(|p| p.covers(date)));
        let hours: Vec<_> = plan.hours.iter().filter(|h| of.clinic.is_none_or(|c| h.clinic == c)).collect();
        let mine: Vec<(&appointment::Model, &Row)> =
            held.iter().zip(&rows).filter(|(a, r)| a.doctor_id == d.id && shown.as_ref().is_none_or(|c| &r.clinic == c)).collect();
        if hours.is_empty() && mine.is_empty() {
            if of.doctor.is_some() || of.clinic.is_some_and(|c| c == d.clinic_id) {
                away.push(Away { doctor: d.name.clone(), doctor_id: d.id, on_leave });
            }
            continue;
        }
        let mut entries = Vec::new();
        let mut placed = Vec::new();
        let mut last_end = None;
        for h in &hours {
            if let Some(end) = last_end.filter(|&end| end < h.range.start) {
                entries.push(DayEntry::Break { from: crate::schedule::time_text(end), until: crate::schedule::time_text(h.range.start) });
            }
            last_end = Some(h.range.end);
            let name = clinic_name(&h.clinic);
            for t in slots::grid(h.range) {
                let time = slots::format_12h(t);
                if let Some((a, row)) = mine.iter().find(|(a, _)| slots::parse_time(&a.start_time) == Some(t)) {
                    placed.push(a.id);
                    entries.push(DayEntry::Visit { time, row: (*row).clone() });
                } else if let Some(c) = plans.closure_at(&h.clinic, date, t).filter(|_| !plan.grid.contains(&t)) {
                    let until = crate::schedule::time_text(t + slots::SLOT_MINUTES);
                    match entries.last_mut() {
                        Some(DayEntry::Closed { until: u, note, .. }) if *note == c.note => *u = until,
                        _ => entries.push(DayEntry::Closed { from: crate::schedule::time_text(t), until, note: c.note.clone() }),
                    }
                } else if plan.grid.contains(&t) && !on_leave {
                    let end = crate::schedule::time_text(t + slots::SLOT_MINUTES);
                    match entries.last_mut() {
                        Some(DayEntry::Free { times, until, clinic }) if *clinic == name && *until == crate::schedule::time_text(t) => {
                            times.push(time);
                            *until = end;
                        }
                        _ => entries.push(DayEntry::Free { times: vec![time], until: end, clinic: name.clone() }),
                    }
                }
            }
        }
        let elsewhere = mine.iter().filter(|(a, _)| !placed.contains(&a.id)).map(|(_, r)| (*r).clone()).collect();
        let hours_text = crate::schedule::ranges_text(&hours.iter().map(|h| h.range).collect::<Vec<_>>());
        let first = hours.first().map_or(24 * 60, |h| h.range.start);
        days.push((first, Day { doctor: d.name.clone(), doctor_id: d.id, hours: hours_text, on_leave, closed: plan.closed_by.map(|c| c.note), entries, elsewhere }));
    }
    days.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| doctor::sort_key(&x.doctor).cmp(&doctor::sort_key(&y.doctor))));
    away.sort_by_key(|a| doctor::sort_key(&a.doctor));
    Ok(DayView { date: date.to_string(), doctors: days.into_iter().map(|(_, d)| d).collect(), away })
}

/// How many visits the phone of a request made before it (arrived or
/// completed, on an earlier day or earlier the same day): more than none is a
/// returning patient.
pub(crate) async fn visits_before(db: &Db, row: &appointment::Model) -> Result<u64, DataError> {
    if row.phone_key.is_empty() {
        return Ok(0);
    }
    let earlier = Condition::any()
        .add(appointment::Column::Date.lt(row.date.clone()))
        .add(Condition::all().add(appointment::Column::Date.eq(row.date.clone())).add(appointment::Column::StartTime.lt(row.start_time.clone())));
    Ok(appointment::Entity::find()
        .filter(appointment::Column::PhoneKey.eq(row.phone_key.clone()))
        .filter(appointment::Column::Status.is_in(Status::VISITED.map(Status::as_str)))
        .filter(appointment::Column::Id.ne(row.id))
        .filter(earlier)
        .count(db)
        .await?)
}

/// The longest range the export takes at once.
pub const EXPORT_MAX_DAYS: i64 = 366;

/// The appointments of a range of days (inclusive), every status, as CSV (RFC
/// 4180) that opens right in Excel: UTF-8 with a byte-order mark (without it
/// Excel reads Gujarati and Hindi names as Windows-1252), lines ending CRLF,
/// times in IST as the console shows them, statuses and departments in the console's words,
/// phone numbers in one form (`hygo_core::phone::for_people`). What the front desk needs to
/// plan, never symptoms, reasons or notes. Every cell is `cell_for_spreadsheet`:
/// no bidi override, and never read as a formula.
pub async fn csv(db: &Db, from: NaiveDate, to: NaiveDate) -> Result<String, DataError> {
    // Only the columns the file carries: a month of a network is thousands of
    // rows, and the symptoms, reasons and notes are never read for it.
    use appointment::Column as C;
    let rows: Vec<ExportRow> = appointment::Entity::find()
        .select_only()
        .columns([C::Reference, C::Status, C::Date, C::StartTime, C::DoctorId, C::Department, C::VisitType, C::Name, C::Phone, C::Email, C::IsNewPatient, C::CreatedAt, C::Channel])
        .filter(Condition::all().add(C::Date.gte(from.to_string())).add(C::Date.lte(to.to_string())))
        .order_by_asc(C::Date)
        .order_by_asc(C::StartTime)
        .into_model::<ExportRow>()
        .all(db)
        .await?;
    let doctors: std::collections::HashMap<i32, String> = doctor_names(db).await?.into_iter().collect();
    let visits: Vec<(i32, &str, &str)> = rows.iter().map(|a| (a.doctor_id, a.date.as_str(), a.start_time.as_str())).collect();
    let clinics = crate::schedule::clinics_of_visits(db, &visits).await?;
    let known = content::default();
    let group = |area: &str, key: &str| match known.staff_texts.get(area).and_then(|t| t.get(key)) {
        Some(content::Text::Group(g)) => Some(g),
        _ => None,
    };
    let (channels, statuses) = (group("book", "channels"), group("inbox", "statuses"));
    // The byte-order mark first, then the records, into one buffer of about the file's size.
    let mut buffer = Vec::with_capacity(64 + rows.len() * 192);
    buffer.extend_from_slice("\u{FEFF}".as_bytes());
    let mut out = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(buffer);
    let header = [
        "reference",
        "status",
        "date",
        "time",
        "doctor",
        "department",
        "visit type",
        "name",
        "phone",
        "email",
        "new patient",
        "requested at",
        "clinic",
        "booked by",
    ];
    let corrupt = |e: csv::Error| DataError::Corrupt {
        what: "the export".into(),
        detail: e.to_string(),
    };
    out.write_record(header).map_err(corrupt)?;
    // Each department's name found once, not once a row.
    let mut departments: std::collections::HashMap<&str, &str> = std::collections::HashMap::new();
    for (a, clinic) in rows.iter().zip(&clinics) {
        let channel = channels.and_then(|c| c.get(a.channel.as_str())).unwrap_or(&a.channel);
        let doctor = doctors.get(&a.doctor_id).map_or("", String::as_str);
        let time = slots::parse_time(&a.start_time)
            .map(slots::format_12h)
            .unwrap_or_else(|| a.start_time.clone());
        let status = statuses
            .and_then(|s| s.get(a.status.as_str()))
            .unwrap_or(&a.status);
        let new_patient = if a.is_new_patient { "yes" } else { "no" };
        let (phone, requested) = (hygo_core::phone::for_people(&a.phone), ist_minute(&a.created_at));
        // The department by its name, as the console shows it ("Cardiology", not "cardiology").
        let department = *departments
            .entry(a.department.as_str())
            .or_insert_with(|| known.find_department(&a.department).map_or(a.department.as_str(), |d| d.name.as_str()));
        let record = [&a.reference, status, &a.date, &time, doctor, department, &a.visit_type, &a.name, &phone, &a.email, new_patient, &requested, clinic, channel];
        for cell in record {
            out.write_field(cell_for_spreadsheet(cell).as_bytes()).map_err(corrupt)?;
        }
        out.write_record(None::<&[u8]>).map_err(corrupt)?;
    }
    let bytes = out.into_inner().map_err(|e| DataError::Corrupt { what: "the export".into(), detail: e.to_string() })?;
    // Every cell came from a `str`: the bytes are UTF-8.
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// The columns of an appointment the export carries (`csv`).
#[derive(Debug, sea_orm::FromQueryResult)]
struct ExportRow {
    reference: String,
    status: String,
    date: String,
    start_time: String,
    doctor_id: i32,
    department: String,
    visit_type: String,
    name: String,
    phone: String,
    email: String,
    is_new_patient: bool,
    created_at: String,
    channel: String,
}

/// "2026-11-26 14:05": a stored UTC time (RFC 3339) as a minute in IST, as the
/// console shows it; a text that is no such time, as it is.
pub(crate) fn ist_minute(stamp: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(stamp)
        .map(|t| t.with_timezone(&crate::ist::offset()).format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|_| stamp.to_owned())
}

/// Bidi overrides, embeddings and isolates (U+202A–202E, U+2066–2069): typed into
/// a name they turn the text around it (U+202E before "txt.exe" shows "exe.txt"). Removed
/// from what the CSV carries; the console shows such text isolated (`<bdi>`).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters a spreadsheet does not show, or shows as nothing, before a cell's
/// first real one: spaces, zero-width ones, the byte-order mark, and the bidi
/// marks and controls.
fn is_invisible_lead(c: char) -> bool {
    c.is_whitespace()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{061C}' | '\u{180E}')
        || is_bidi_control(c)
}

/// A phone number in its one form for people (`hygo_core::phone::for_people`): `+`, then digits and
/// single spaces, nothing else, with as many digits as a phone number has. It has no letter, so no function, reference or
/// link can be in it (what OWASP's rule guards against); prefixed with `'` it
/// showed the `'` in every phone cell (issue 44).
fn is_dialled_number(cell: &str) -> bool {
    cell.strip_prefix('+').is_some_and(|rest| {
        rest.starts_with(|c: char| c.is_ascii_digit())
            && rest.chars().all(|c| c.is_ascii_digit() || c == ' ')
            && !rest.contains("  ")
            && rest.chars().filter(char::is_ascii_digit).count() >= MIN_PHONE_DIGITS
    })
}

/// The fewest digits of a phone number with its country code (E.164: "+" and up to 15).
const MIN_PHONE_DIGITS: usize = 8;

/// A cell as a spreadsheet will read it as text, never as a formula (OWASP, "CSV
/// injection"): bidi overrides removed; then, when its first visible character
/// starts a formula (`=`, `+`, `-`, `@`, or their full-width and small forms
/// `＝＋－＠﹦﹢﹣﹫`, the minus sign `−`), or it begins with a tab or a carriage
/// return, it is prefixed with `'`. A phone number in its one form is no formula
/// (`is_dialled_number`): kept as it is.
pub(crate) fn cell_for_spreadsheet(cell: &str) -> std::borrow::Cow<'_, str> {
    use std::borrow::Cow;
    // Most cells need nothing: they are lent as they are (a month is thousands of rows).
    let cell: Cow<'_, str> = match cell.chars().any(is_bidi_control) {
        true => Cow::Owned(cell.chars().filter(|c| !is_bidi_control(*c)).collect()),
        false => Cow::Borrowed(cell),
    };
    if is_dialled_number(&cell) {
        return cell;
    }
    let starts_formula = matches!(cell.chars().next(), Some('\t' | '\r'))
        || matches!(
            cell.chars().find(|c| !is_invisible_lead(*c)),
            Some('=' | '+' | '-' | '@' | '\u{FF1D}' | '\u{FF0B}' | '\u{FF0D}' | '\u{FF20}' | '\u{FE66}' | '\u{FE62}' | '\u{FE63}' | '\u{FE6B}' | '\u{2212}')
        );
    match starts_formula {
        true => Cow::Owned(format!("'{cell}")),
        false => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_other_cells_kept() {
        let n = cell_for_spreadsheet;
        assert_eq!(n("=HYPERLINK(\"http://x\")"), "'=HYPERLINK(\"http://x\")");
        // A phone number in its one form is no formula: no `'` before it.
        assert_eq!(n("+91 98765 43210"), "+91 98765 43210");
        assert_eq!(n("+442079460958"), "+442079460958");
        for formula in ["+1+1", "+91 98765 43210=1", "+A1", "+91  1", "+ 91", "+", "+91 SUM(A1)", "+9\t1"] {
            assert_eq!(n(formula), format!("'{formula}"), "{formula:?}");
        }
        assert_eq!(n("-1"), "'-1");
        assert_eq!(n("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(n("\tx"), "'\tx");
        assert_eq!(n("Asha Patel"), "Asha Patel");
        assert_eq!(n("આશા પટેલ"), "આશા પટેલ");
        assert_eq!(n(""), "");
        // Hidden before the formula: zero-width and bidi characters, spaces.
        for hidden in ["\u{200B}=1+1", "\u{FEFF}=1+1", "\u{200E}=1+1", "\u{2060}@x", " =1+1", "\u{202E}=1+1", "\u{2066}+1"] {
            assert!(n(hidden).starts_with('\''), "{hidden:?} -> {:?}", n(hidden));
        }
        // Full-width and small look-alikes, and the minus sign.
        for look_alike in ["＝1+1", "＋1", "－1", "＠SUM(A1)", "﹦1", "﹢1", "﹣1", "﹫x", "−1"] {
            assert_eq!(n(look_alike), format!("'{look_alike}"), "{look_alike}");
        }
    }

    #[test]
    fn bidi_overrides_are_removed_and_other_text_kept() {
        assert_eq!(cell_for_spreadsheet("Asha\u{202E}lexe.txt"), "Ashalexe.txt");
        assert_eq!(cell_for_spreadsheet("\u{2067}Asha\u{2069} Patel"), "Asha Patel");
        // A right-to-left mark is no override: kept.
        assert_eq!(cell_for_spreadsheet("Asha\u{200F}"), "Asha\u{200F}");
    }

    #[test]
    fn times_are_ist() {
        assert_eq!(ist_minute("2026-11-26T08:35:10Z"), "2026-11-26 14:05");
        assert_eq!(ist_minute("2026-11-26T20:00:00Z"), "2026-11-27 01:30");
        assert_eq!(ist_minute("not a time"), "not a time");
    }
}

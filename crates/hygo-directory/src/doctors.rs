//! Doctors as the API and the pages show them (spec section 3, "Doctor (server)").

use std::collections::HashMap;

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use crate::entities::{department, doctor, office_hours};
use crate::ist::Clock;
use crate::leave::{self, Leave};
use crate::slots;
use crate::{DataError, Db, content, weekday};

/// A doctor with everything a profile shows. `_id` repeats `id` as text because the
/// original client reads either.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Doctor {
    pub id: i32,
    #[serde(rename = "_id")]
    pub legacy_id: String,
    pub name: String,
    pub specialization: String,
    pub department: String,
    pub department_name: String,
    /// "en" on a page in another language whose catalogue does not name the
    /// specialization (one staff wrote: "Neurosurgeon"): it is shown marked as
    /// English. Never in the API.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    #[ts(optional)]
    pub specialization_lang: Option<&'static str>,
    /// Whole years.
    pub experience: i32,
    pub rating: Option<f64>,
    /// The rating with how many reviews it is of and where they were given:
    /// what the pages show (issue 43: a rating without them says nothing a
    /// patient can weigh, so none shows).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rated: Option<Rated>,
    /// The consultation fee in whole rupees, when staff have set it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fee: Option<i32>,
    /// The address of a picture from the original data (none today); `photo` is
    /// the photo staff upload.
    pub image: Option<String>,
    /// The doctor's photo in the sizes it is served at; null: the page shows initials.
    pub photo: Option<crate::doctor_photos::Photo>,
    /// The medical council registration, when staff have entered it: "G-12345".
    pub registration_number: Option<String>,
    /// "Gujarat Medical Council".
    pub registration_council: Option<String>,
    /// The clinic's id (`catalogue/clinics.json`).
    pub clinic: String,
    /// Where the doctor sees patients: "HYGO Clinic, Kalawad Road, Rajkot".
    pub location: String,
    pub bio: String,
    pub education: Vec<String>,
    pub services: Vec<String>,
    pub languages: Vec<String>,
    pub insurances: Vec<String>,
    /// Only the days the doctor works, Monday first.
    pub office_hours: Vec<OfficeHours>,
    /// The same days as data, for the pages (`in_language` sets it; the API has
    /// none, its clients read `office_hours`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    #[ts(optional)]
    pub week: Option<Vec<DayHours>>,
    #[serde(skip)]
    #[schemars(skip)]
    #[ts(skip)]
    typed_week: Vec<DayHours>,
    /// On a page in another language, the doctor's own texts still the
    /// record's English (`name`, `bio`, `education`, `services`, `languages`,
    /// `insurances`): the page marks them `lang="en"`. Never in the API.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    #[ts(optional)]
    pub english: Option<Vec<&'static str>>,
    /// The clinics where the doctor has weekly hours (their own first), by id.
    pub clinics: Vec<String>,
    /// "On leave" on a day of leave; otherwise what staff wrote ("Available").
    pub availability: String,
    /// "en" on a page in another language when `availability` is what staff
    /// wrote themselves (in English), not the catalogue's words. Never in the API.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    #[ts(optional)]
    pub availability_lang: Option<&'static str>,
    /// Whether the doctor is on leave today (and takes no requests for today).
    pub on_leave: bool,
    /// Current and coming leave, by start.
    pub leave: Vec<Leave>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub founder: Option<Founder>,
}

/// A working day's hours as the spec's JSON API writes them, in English
/// ("Monday", "9:00 AM - 1:00 PM"). Pages get `DayHours` instead.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
pub struct OfficeHours {
    pub day: &'static str,
    pub hours: String,
}

/// A working day's hours as data (issue 29: no English in the pages' data): the
/// ISO weekday (1 Monday … 7 Sunday) and its ranges in order, which pages write
/// in their language.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
pub struct DayHours {
    pub weekday: u8,
    pub ranges: Vec<HoursRange>,
}

/// A range of hours: "HH:MM" (24-hour) to "HH:MM", and the clinic it is at
/// (its id) when that is not the doctor's own.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
pub struct HoursRange {
    pub from: String,
    pub to: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub clinic: Option<String>,
}

impl DayHours {
    fn of(weekday: i16, ranges: Vec<HoursRange>) -> Option<DayHours> {
        Some(DayHours { weekday: u8::try_from(weekday).ok().filter(|d| (1..=7).contains(d))?, ranges })
    }
}

impl HoursRange {
    fn of(range: &slots::Range, clinic: Option<&str>) -> HoursRange {
        HoursRange { from: slots::format_24h(range.start), to: slots::format_24h(range.end), clinic: clinic.map(str::to_owned) }
    }
}

/// A rating as the pages show it: its value, of how many reviews, given where.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
pub struct Rated {
    pub value: f64,
    pub count: i32,
    /// Where the reviews were given ("Google", "HYGO's patient survey").
    pub source: String,
}

impl Rated {
    /// The rating of a record that says how many reviews it is of and where.
    pub fn of(rating: Option<f64>, count: Option<i32>, source: Option<&str>) -> Option<Rated> {
        let source = source.map(str::trim).filter(|s| !s.is_empty())?;
        Some(Rated { value: rating?, count: count.filter(|n| *n > 0)?, source: source.to_owned() })
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
pub struct Founder {
    pub title: String,
    pub job: String,
    pub description: String,
}

impl Doctor {
    /// The doctor as a page in `c`'s language shows them: their specialization,
    /// department and clinic named in it (the catalogue's, by the English name and the
    /// department's slug). Their own texts (bio, education, services) are the
    /// console's, in English.
    pub fn in_language(mut self, c: &content::Content) -> Doctor {
        let english = content::default();
        let words = c.doctor_words.get(&self.id).cloned().unwrap_or_default();
        let given = |text: &str| !text.trim().is_empty();
        match english.specializations.iter().find(|s| s.name == self.specialization).and_then(|s| c.find_specialization(&s.id)) {
            Some(spec) => self.specialization = spec.name.clone(),
            None if given(&words.specialization) => self.specialization = words.specialization.clone(),
            None if c.lang != content::Lang::DEFAULT => self.specialization_lang = Some(content::Lang::DEFAULT.as_str()),
            None => {}
        }
        // The doctor's own texts the editors translated; the others stay the
        // record's, marked English on the page (`english`).
        if c.lang != content::Lang::DEFAULT {
            let mut english_texts = Vec::new();
            // A text the same as the record's is the record's English, not yet translated.
            let mut text = |name: &'static str, theirs: &mut String, own: &str| match given(own) && own != theirs.as_str() {
                true => *theirs = own.to_owned(),
                false if given(theirs) => english_texts.push(name),
                false => {}
            };
            text("name", &mut self.name, &words.name);
            text("bio", &mut self.bio, &words.bio);
            let mut list = |name: &'static str, theirs: &mut Vec<String>, own: &[String]| match own.iter().any(|t| given(t)) && own != theirs.as_slice() {
                true => *theirs = own.iter().filter(|t| given(t)).cloned().collect(),
                false if !theirs.is_empty() => english_texts.push(name),
                false => {}
            };
            list("education", &mut self.education, &words.education);
            list("services", &mut self.services, &words.services);
            list("languages", &mut self.languages, &words.languages);
            // A founder's words: translated together, or English's, marked.
            if let Some(founder) = self.founder.as_mut() {
                match words.founder.as_ref().filter(|w| given(&w.description) && w.description != founder.description) {
                    Some(own) => {
                        founder.description.clone_from(&own.description);
                        if given(&own.title) {
                            founder.title.clone_from(&own.title);
                        }
                        if given(&own.job) {
                            founder.job.clone_from(&own.job);
                        }
                    }
                    None => english_texts.push("founder"),
                }
            }
            if !self.insurances.is_empty() {
                english_texts.push("insurances");
            }
            self.english = Some(english_texts);
        }
        if let Some(dept) = c.find_department(&self.department) {
            self.department_name = dept.name.clone();
        }
        if let Some(clinic) = c.find_clinic(&self.clinic) {
            self.location = clinic.location();
        }
        self.week = Some(self.typed_week.clone());
        // The status when it is the catalogue's words (the console's default, or
        // on leave); what staff wrote themselves stays as they wrote it.
        let (said, theirs) = (&english.site.doctor_status, &c.site.doctor_status);
        if self.availability == said.available {
            self.availability = theirs.available.clone();
        } else if self.availability == said.on_leave {
            self.availability = theirs.on_leave.clone();
        } else if c.lang != content::Lang::DEFAULT {
            self.availability_lang = Some(content::Lang::DEFAULT.as_str());
        }
        self
    }
}

/// Every doctor, sorted by name with a leading "Dr." ignored. `clock` says which
/// day it is, for leave.
pub async fn all(db: &Db, clock: &Clock) -> Result<Vec<Doctor>, DataError> {
    let rows = doctor::Entity::find().filter(doctor::Column::RetiredOn.is_null()).all(db).await?;
    assemble(db, clock, rows).await
}

pub async fn by_id(db: &Db, clock: &Clock, id: i32) -> Result<Option<Doctor>, DataError> {
    let found = doctor::Entity::find_by_id(id).filter(doctor::Column::RetiredOn.is_null()).one(db).await?;
    let Some(row) = found else { return Ok(None) };
    Ok(assemble(db, clock, vec![row]).await?.pop())
}

/// What `/doctors` lists: the visitor's search and filters, and which page of them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// Part of a name or specialization, any case (the spec's doctor search).
    pub query: String,
    /// A department's slug.
    pub department: Option<String>,
    /// A clinic's id: the doctors whose clinic it is or who have weekly hours there.
    pub clinic: Option<String>,
    /// Only doctors with at least one day in the next seven (today included) with
    /// hours, no leave and their clinic open (`window::Window`, the slot engine's rules).
    pub this_week: bool,
}

/// One page of the doctors a filter keeps.
pub struct Listing {
    /// The page's doctors, in the list's order (by name, "Dr." aside).
    pub doctors: Vec<Doctor>,
    /// How many doctors the filter keeps, on every page.
    pub total: usize,
}

/// The doctors `filter` keeps, by name, `size` at a time: page `page` (from 0).
/// Only the page's doctors are assembled, so a page of 24 out of 200 costs a
/// few small queries, whatever the network's size.
pub async fn list(db: &Db, clock: &Clock, filter: &Filter, page: usize, size: usize) -> Result<Listing, DataError> {
    let mut rows = doctor::Entity::find().filter(doctor::Column::RetiredOn.is_null()).all(db).await?;
    let query = filter.query.trim().to_lowercase();
    if !query.is_empty() {
        rows.retain(|d| d.name.to_lowercase().contains(&query) || d.specialization.to_lowercase().contains(&query));
    }
    if let Some(slug) = &filter.department {
        let dept = department::Entity::find().filter(department::Column::Slug.eq(slug.as_str())).one(db).await?;
        rows.retain(|d| dept.as_ref().is_some_and(|dept| dept.id == d.department_id));
    }
    if let Some(clinic) = &filter.clinic {
        let ids: Vec<i32> = rows.iter().map(|d| d.id).collect();
        let elsewhere: std::collections::HashSet<i32> = office_hours::Entity::find()
            .filter(office_hours::Column::DoctorId.is_in(ids))
            .filter(office_hours::Column::ClinicId.eq(clinic.as_str()))
            .all(db)
            .await?
            .into_iter()
            .map(|h| h.doctor_id)
            .collect();
        rows.retain(|d| d.clinic_id == *clinic || elsewhere.contains(&d.id));
    }
    if filter.this_week {
        let today = clock.today();
        let until = today + chrono::Duration::days(6);
        let window = hygo_schedule::window::Window::load(db, &rows, today, until).await?;
        rows.retain(|d| {
            today.iter_days().take_while(|day| *day <= until).any(|day| window.leave_on(d.id, day).is_none() && !window.plan(d.id, day).grid.is_empty())
        });
    }
    rows.sort_by(|a, b| doctor::sort_key(&a.name).cmp(&doctor::sort_key(&b.name)).then(a.id.cmp(&b.id)));
    let total = rows.len();
    let shown: Vec<doctor::Model> = rows.into_iter().skip(page.saturating_mul(size)).take(size).collect();
    Ok(Listing { doctors: assemble(db, clock, shown).await?, total })
}

/// The doctors of a department, by anything its page accepts: the slug, an alias
/// of the original site (`laboratories`, `internal_medicine`) or its name
/// (`Neuroscience`), all without regard to case (`catalogue::find_department`).
/// `None` when there is no such department, so callers can tell "unknown" from
/// "nobody there yet".
pub async fn by_department(
    db: &Db,
    clock: &Clock,
    id: &str,
) -> Result<Option<Vec<Doctor>>, DataError> {
    let known = content::default();
    let Some(known) = known.find_department(id) else {
        return Ok(None);
    };
    let Some(dept) = department::Entity::find()
        .filter(department::Column::Slug.eq(known.slug.as_str()))
        .one(db)
        .await?
    else {
        // In the catalogue but not yet in the database (added after the seed): nobody there yet.
        return Ok(Some(Vec::new()));
    };
    let rows = doctor::Entity::find()
        .filter(doctor::Column::DepartmentId.eq(dept.id))
        .filter(doctor::Column::RetiredOn.is_null())
        .all(db)
        .await?;
    assemble(db, clock, rows).await.map(Some)
}

/// A department's hours: the weekly hours of its doctors together, day by day
/// (Monday first), each day's ranges merged where they overlap or meet ("9:00 AM
/// - 1:00 PM" and "12:00 PM - 5:00 PM" are "9:00 AM - 5:00 PM"); a day none of
/// them works is left out. One query.
pub async fn hours_together(db: &Db, doctor_ids: &[i32]) -> Result<Vec<DayHours>, DataError> {
    let rows = office_hours::Entity::find().filter(office_hours::Column::DoctorId.is_in(doctor_ids.to_vec())).all(db).await?;
    let mut days: std::collections::BTreeMap<i16, Vec<slots::Range>> = std::collections::BTreeMap::new();
    for row in &rows {
        if let Some(range) = slots::parse_range(&row.hours) {
            days.entry(row.weekday).or_default().push(range);
        }
    }
    Ok(days
        .into_iter()
        .filter_map(|(day, mut ranges)| {
            ranges.sort_by_key(|r| r.start);
            let mut merged: Vec<slots::Range> = Vec::new();
            for r in ranges {
                match merged.last_mut() {
                    Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                    _ => merged.push(r),
                }
            }
            DayHours::of(day, merged.iter().map(|r| HoursRange::of(r, None)).collect())
        })
        .collect())
}

/// The slugs of the departments that have a doctor (not retired): two small queries.
pub async fn staffed_departments(db: &Db) -> Result<std::collections::HashSet<String>, DataError> {
    use sea_orm::QuerySelect;
    let ids: Vec<i32> = doctor::Entity::find()
        .select_only()
        .column(doctor::Column::DepartmentId)
        .filter(doctor::Column::RetiredOn.is_null())
        .distinct()
        .into_tuple()
        .all(db)
        .await?;
    let slugs: Vec<String> = department::Entity::find()
        .select_only()
        .column(department::Column::Slug)
        .filter(department::Column::Id.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(slugs.into_iter().collect())
}

/// The founders, in the order of their ids (the order the home page shows them).
pub async fn founders(db: &Db, clock: &Clock) -> Result<Vec<Doctor>, DataError> {
    let rows = doctor::Entity::find()
        .filter(doctor::Column::FounderTitle.is_not_null())
        .filter(doctor::Column::RetiredOn.is_null())
        .order_by_asc(doctor::Column::Id)
        .all(db)
        .await?;
    let mut doctors = assemble(db, clock, rows).await?;
    doctors.sort_by_key(|d| d.id);
    Ok(doctors)
}

/// A week as the profile shows it: each working day once, Monday first, its
/// ranges in order ("9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM"), and a range at
/// another clinic than the doctor's followed by that clinic's name.
fn shown_hours(rows: &[office_hours::Model], own_clinic: &str) -> (Vec<OfficeHours>, Vec<DayHours>) {
    // For each weekday: (range, its text, the other clinic or None).
    let clinics = content::default();
    type Part<'a> = (Option<slots::Range>, String, Option<&'a content::Clinic>);
    let mut days: Vec<(i16, Vec<Part<'_>>)> = Vec::new();
    for h in rows {
        let range = crate::slots::parse_range(&h.hours);
        let elsewhere = h.clinic_id.as_deref().filter(|c| *c != own_clinic).and_then(|c| clinics.find_clinic(c));
        // Kept as data ("09:00-13:00"); the API's text is the spec's words.
        let words = range.map_or_else(|| h.hours.clone(), hygo_schedule::schedule::range_text);
        match days.iter_mut().find(|(d, _)| *d == h.weekday) {
            Some((_, ranges)) => ranges.push((range, words, elsewhere)),
            None => days.push((h.weekday, vec![(range, words, elsewhere)])),
        }
    }
    days.sort_by_key(|(d, _)| *d);
    days.into_iter()
        .filter_map(|(d, mut ranges)| {
            ranges.sort_by_key(|(range, text, _)| (range.map_or(0, |r| r.start), text.clone()));
            // Ranges in a row at one clinic name it once, after the last of them.
            let mut parts: Vec<String> = Vec::new();
            for (i, (_, text, at)) in ranges.iter().enumerate() {
                let last_here = ranges.get(i + 1).is_none_or(|(_, _, next)| next.map(|c| &c.id) != at.map(|c| &c.id));
                parts.push(match at {
                    Some(clinic) if last_here => format!("{text} ({})", clinic.name),
                    _ => text.clone(),
                });
            }
            let typed = ranges.iter().filter_map(|(range, _, at)| range.as_ref().map(|r| HoursRange::of(r, at.map(|c| c.id.as_str())))).collect();
            Some((OfficeHours { day: weekday::name(d)?, hours: parts.join(", ") }, DayHours::of(d, typed)?))
        })
        .unzip()
}

async fn assemble(db: &Db, clock: &Clock, rows: Vec<doctor::Model>) -> Result<Vec<Doctor>, DataError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let today = clock.today();
    let departments: HashMap<i32, department::Model> =
        department::Entity::find().all(db).await?.into_iter().map(|d| (d.id, d)).collect();
    let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
    let mut hours: HashMap<i32, Vec<office_hours::Model>> = HashMap::new();
    for h in office_hours::Entity::find()
        .filter(office_hours::Column::DoctorId.is_in(ids.clone()))
        .order_by_asc(office_hours::Column::Weekday)
        .all(db)
        .await?
    {
        hours.entry(h.doctor_id).or_default().push(h);
    }
    let mut periods = leave::periods(db, &ids, today).await?;
    let mut exceptions = HashMap::new();
    for row in rows.iter().filter(|r| periods.contains_key(&r.id)) {
        exceptions.insert(row.id, leave::exceptions(db, row, &periods[&row.id]).await?);
    }
    let known = content::default();
    let on_leave_text = known.site.doctor_status.on_leave.as_str();
    let mut doctors = rows
        .into_iter()
        .map(|row| {
            let dept = departments.get(&row.department_id);
            // A clinic that is not in the catalogue is a data error: logged, the doctor
            // shown without a location, the rest of the list unharmed.
            let clinic = known.find_clinic(&row.clinic_id);
            if clinic.is_none() {
                tracing::error!(doctor = row.id, clinic = %row.clinic_id, "doctor's clinic is not in catalogue/clinics.json");
            }
            let hours = hours.remove(&row.id).unwrap_or_default();
            let schedule = leave::Schedule {
                periods: periods.remove(&row.id).unwrap_or_default(),
                working_days: leave::working_days(&hours),
                exceptions: exceptions.remove(&row.id).unwrap_or_default(),
            };
            let on_leave = schedule.leave_on(today).is_some();
            let list = |field: &str, text: &str| -> Result<Vec<String>, DataError> {
                serde_json::from_str(text).map_err(|e| DataError::Corrupt {
                    what: format!("doctor {} {field}", row.id),
                    detail: e.to_string(),
                })
            };
            let (office_hours, typed_week) = shown_hours(&hours, &row.clinic_id);
            Ok(Doctor {
                id: row.id,
                legacy_id: row.id.to_string(),
                education: list("education", &row.education)?,
                services: list("services", &row.services)?,
                languages: list("languages", &row.languages)?,
                insurances: list("insurances", &row.insurances)?,
                office_hours,
                typed_week,
                week: None,
                clinics: {
                    let mut at = vec![row.clinic_id.clone()];
                    for h in &hours {
                        if let Some(c) = h.clinic_id.as_ref().filter(|c| !at.contains(c)) {
                            at.push(c.clone());
                        }
                    }
                    at
                },
                photo: row.photo.as_deref().and_then(crate::doctor_photos::Photo::read),
                registration_number: row.registration_number,
                registration_council: row.registration_council,
                department: dept.map(|d| d.slug.clone()).unwrap_or_default(),
                department_name: dept.and_then(|d| known.find_department(&d.slug)).map(|d| d.name.clone()).unwrap_or_default(),
                specialization_lang: None,
                founder: match (row.founder_title, row.founder_job, row.founder_description) {
                    (Some(title), job, description) => Some(Founder {
                        title,
                        job: job.unwrap_or_default(),
                        description: description.unwrap_or_default(),
                    }),
                    _ => None,
                },
                name: row.name,
                specialization: row.specialization,
                experience: row.experience_years,
                rated: Rated::of(row.rating, row.rating_count, row.rating_source.as_deref()),
                rating: row.rating,
                fee: row.fee,
                image: row.image,
                location: clinic.map(content::Clinic::location).unwrap_or_default(),
                clinic: row.clinic_id,
                bio: row.bio,
                availability_lang: None,
                english: None,
                availability: if on_leave { on_leave_text.to_owned() } else { row.availability },
                on_leave,
                leave: schedule.shown(today),
            })
        })
        .collect::<Result<Vec<_>, DataError>>()?;
    doctors.sort_by(|a, b| doctor::sort_key(&a.name).cmp(&doctor::sort_key(&b.name)).then(a.id.cmp(&b.id)));
    Ok(doctors)
}

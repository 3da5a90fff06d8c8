//! Adding, editing and retiring doctors from the console. Every field the public
//! profile shows is checked the way the public forms check theirs (`Check`,
//! the same messages); lists (education, services, languages, insurances) are
//! written one item per line. A save raises the catalogue's data version (the
//! `doctors` trigger), so the public pages change at once, on every instance.
//! Retiring keeps the row: past requests keep the doctor's name, and the public
//! pages, the search and the wizards leave them out (`doctors::all`).

use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;

use crate::audit::{self, Actor, Target};
use crate::entities::{department, doctor};
use crate::form::{Check, Invalid, Limits, Message, WriteError, limit};
use crate::{DataError, Db, content};

/// The profile as the console's form sends it; every field text.
#[derive(Debug, Clone, Default, serde::Deserialize, Serialize, PartialEq, ts_rs::TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(rename = "StaffDoctorFields")]
pub struct Fields {
    pub name: String,
    pub specialization: String,
    /// A department's slug.
    pub department: String,
    /// Whole years.
    pub experience: String,
    pub bio: String,
    /// One item per line.
    pub education: String,
    pub services: String,
    pub languages: String,
    pub insurances: String,
    /// A clinic's id.
    pub clinic: String,
    pub registration_number: String,
    pub registration_council: String,
    /// "Available", "Limited availability": what the profile says besides leave.
    pub availability: String,
    /// The consultation fee in whole rupees; empty: not said (the clinic tells
    /// the patient when it calls).
    pub fee: String,
    /// "4.8", of `rating_count` reviews given at `rating_source` ("Google"): the
    /// pages show a rating only with all three (issue 43).
    pub rating: String,
    pub rating_count: String,
    pub rating_source: String,
}

/// The lists' limits: items per list and characters per item.
const LIST_ITEMS: usize = 20;
const ITEM_CHARS: usize = 120;

/// The doctor form's longest values (`experience` in digits).
pub const LIMITS: Limits = &[
    ("name", 120),
    ("specialization", 80),
    ("experience", 2),
    ("bio", 2000),
    ("registrationNumber", 40),
    ("registrationCouncil", 120),
    ("availability", 60),
    ("fee", 6),
    ("rating", 3),
    ("ratingCount", 7),
    ("ratingSource", 80),
];

/// The most characters the doctor form's fields take together: the limits,
/// its four lists (education, services, languages, insurers) and 200 for the
/// choices (the form's body limit).
pub const MOST_CHARS: usize = hygo_core::form::total(LIMITS) + 4 * LIST_ITEMS * (ITEM_CHARS + 1) + 200;

impl Fields {
    /// A stored doctor's fields, to fill the form.
    pub fn of(row: &doctor::Model, department_slug: &str) -> Fields {
        let lines = |json: &str| serde_json::from_str::<Vec<String>>(json).unwrap_or_default().join("\n");
        Fields {
            name: row.name.clone(),
            specialization: row.specialization.clone(),
            department: department_slug.to_owned(),
            experience: row.experience_years.to_string(),
            bio: row.bio.clone(),
            education: lines(&row.education),
            services: lines(&row.services),
            languages: lines(&row.languages),
            insurances: lines(&row.insurances),
            clinic: row.clinic_id.clone(),
            registration_number: row.registration_number.clone().unwrap_or_default(),
            registration_council: row.registration_council.clone().unwrap_or_default(),
            availability: row.availability.clone(),
            fee: row.fee.map(|f| f.to_string()).unwrap_or_default(),
            rating: row.rating.map(|r| format!("{r:.1}")).unwrap_or_default(),
            rating_count: row.rating_count.map(|n| n.to_string()).unwrap_or_default(),
            rating_source: row.rating_source.clone().unwrap_or_default(),
        }
    }
}

/// A whole number in `range` from a field, or None when it is empty; a
/// failure with `message` when it is not one.
fn whole(c: &mut Check, field: &str, text: &str, range: std::ops::RangeInclusive<i32>, message: &'static str) -> Option<i32> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match text.parse::<i32>() {
        Ok(n) if range.contains(&n) => Some(n),
        _ => {
            c.fail(field, Message::new(message));
            None
        }
    }
}

/// The rating, its count and its source: all three or none.
fn rating(c: &mut Check, f: &Fields) -> (Option<f64>, Option<i32>, Option<String>) {
    let value = match f.rating.trim() {
        "" => None,
        text => match text.parse::<f64>() {
            Ok(r) if (1.0..=5.0).contains(&r) && text.len() <= 3 => Some((r * 10.0).round() / 10.0),
            _ => {
                c.fail("rating", Message::new("doctor.rating"));
                None
            }
        },
    };
    let count = whole(c, "ratingCount", &f.rating_count, 1..=1_000_000, "doctor.ratingCount");
    let source = c.line("ratingSource", "doctor.ratingSourceLabel", Some(&f.rating_source), limit(LIMITS, "ratingSource"), None);
    // A rating alone is kept (the sample doctors and older records have one) and
    // not shown; a count or a source needs the other two.
    let given = [!f.rating.trim().is_empty(), !f.rating_count.trim().is_empty(), !source.is_empty()];
    if (given[1] || given[2]) && given.contains(&false) {
        c.fail("rating", Message::new("doctor.ratingWhole"));
    }
    (value, count, Some(source).filter(|s| !s.is_empty()))
}

fn list(c: &mut Check, field: &str, label: &'static str, text: &str) -> String {
    let items: Vec<String> = text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect();
    if items.len() > LIST_ITEMS {
        c.fail(field, Message::new("doctor.listTooLong").with_key("label", label).with("max", LIST_ITEMS.to_string()));
    }
    for item in &items {
        c.line(field, label, Some(item), ITEM_CHARS, None);
    }
    serde_json::to_string(&items).unwrap_or_else(|_| "[]".to_owned())
}

/// Checks the fields; Ok with the row's values (department id resolved).
async fn checked(db: &Db, f: &Fields) -> Result<doctor::ActiveModel, WriteError> {
    let mut c = Check::default();
    let name = c.line("name", "doctor.nameLabel", Some(&f.name), limit(LIMITS, "name"), Some("doctor.nameRequired"));
    let specialization = c.line("specialization", "doctor.specializationLabel", Some(&f.specialization), limit(LIMITS, "specialization"), Some("doctor.specializationRequired"));
    let dept = department::Entity::find().filter(department::Column::Slug.eq(f.department.trim())).one(db).await?;
    if dept.is_none() {
        c.fail("department", Message::new("doctor.departmentRequired"));
    }
    let experience = match f.experience.trim().parse::<i32>() {
        Ok(y) if (0..=70).contains(&y) => y,
        _ => {
            c.fail("experience", Message::new("doctor.experience"));
            0
        }
    };
    let bio = c.paragraph("bio", "doctor.bioLabel", Some(&f.bio), limit(LIMITS, "bio"), Some("doctor.bioRequired"));
    let education = list(&mut c, "education", "doctor.educationLabel", &f.education);
    let services = list(&mut c, "services", "doctor.servicesLabel", &f.services);
    let languages = list(&mut c, "languages", "doctor.languagesLabel", &f.languages);
    let insurances = list(
        &mut c,
        "insurances",
        "doctor.insurancesLabel",
        &f.insurances,
    );
    let clinic = content::default()
        .find_clinic(f.clinic.trim())
        .map(|c| c.id.clone());
    if clinic.is_none() {
        c.fail("clinic", Message::new("closure.clinicRequired"));
    }
    let number = c.line("registrationNumber", "doctor.registrationNumberLabel", Some(&f.registration_number), limit(LIMITS, "registrationNumber"), None);
    if !number.is_empty() && !number.chars().all(|ch| ch.is_ascii_alphanumeric() || " /-.".contains(ch)) {
        c.fail("registrationNumber", Message::new("doctor.registrationNumberFormat"));
    }
    let council = c.line("registrationCouncil", "doctor.registrationCouncilLabel", Some(&f.registration_council), limit(LIMITS, "registrationCouncil"), None);
    if !number.is_empty() && council.is_empty() {
        c.fail("registrationCouncil", Message::new("doctor.registrationCouncilRequired"));
    }
    let availability = c.line("availability", "doctor.availabilityLabel", Some(&f.availability), limit(LIMITS, "availability"), None);
    let fee = whole(&mut c, "fee", &f.fee, 0..=100_000, "doctor.fee");
    let (rating_value, rating_count, rating_source) = rating(&mut c, f);
    c.finish().map_err(WriteError::Invalid)?;
    Ok(doctor::ActiveModel {
        name: Set(name),
        specialization: Set(specialization),
        department_id: Set(dept.expect("checked").id),
        experience_years: Set(experience),
        bio: Set(bio),
        education: Set(education),
        services: Set(services),
        languages: Set(languages),
        insurances: Set(insurances),
        clinic_id: Set(clinic.expect("checked")),
        registration_number: Set(Some(number).filter(|n| !n.is_empty())),
        registration_council: Set(Some(council).filter(|n| !n.is_empty())),
        availability: Set(if availability.is_empty() {
            content::message("doctor.availableDefault")
        } else {
            availability
        }),
        fee: Set(fee),
        rating: Set(rating_value),
        rating_count: Set(rating_count),
        rating_source: Set(rating_source),
        ..Default::default()
    })
}

/// Adds a doctor (no hours yet: they offer no slots until the week is set).
pub async fn add(db: &Db, actor: &Actor, f: &Fields) -> Result<doctor::Model, WriteError> {
    let mut row = checked(db, f).await?;
    row.image = Set(None);
    row.founder_title = Set(None);
    row.founder_job = Set(None);
    row.founder_description = Set(None);
    row.retired_on = Set(None);
    row.photo = Set(None);
    let txn = crate::db::begin_write(db).await?;
    let row = row.insert(&txn).await?;
    audit::record(&txn, actor, "doctor-add", Target { kind: "doctor", name: &row.name }, serde_json::Value::Null, serde_json::json!(f)).await?;
    txn.commit().await?;
    Ok(row)
}

/// Saves a doctor's profile.
pub async fn update(db: &Db, actor: &Actor, id: i32, f: &Fields) -> Result<doctor::Model, WriteError> {
    let mut row = checked(db, f).await?;
    let txn = crate::db::begin_write(db).await?;
    let Some(old) = doctor::Entity::find_by_id(id).one(&txn).await? else {
        return Err(WriteError::Invalid(Invalid::field("name", Message::new("doctor.notFound"))));
    };
    let slug = department::Entity::find_by_id(old.department_id).one(&txn).await?.map(|d| d.slug).unwrap_or_default();
    let before = serde_json::json!(Fields::of(&old, &slug));
    // Hours kept without a clinic are at the doctor's clinic: when that changes,
    // they stay where they were (the week is changed on its own page).
    if row.clinic_id.as_ref() != &old.clinic_id {
        use crate::entities::{hour_change, office_hours};
        use sea_orm::sea_query::Expr;
        office_hours::Entity::update_many()
            .col_expr(office_hours::Column::ClinicId, Expr::value(old.clinic_id.clone()))
            .filter(office_hours::Column::DoctorId.eq(id))
            .filter(office_hours::Column::ClinicId.is_null())
            .exec(&txn)
            .await?;
        hour_change::Entity::update_many()
            .col_expr(hour_change::Column::ClinicId, Expr::value(old.clinic_id.clone()))
            .filter(hour_change::Column::DoctorId.eq(id))
            .filter(hour_change::Column::ClinicId.is_null())
            .exec(&txn)
            .await?;
    }
    row.id = Set(id);
    let row = row.update(&txn).await?;
    audit::record(&txn, actor, "doctor-edit", Target { kind: "doctor", name: &row.name }, before, serde_json::json!(f)).await?;
    txn.commit().await?;
    Ok(row)
}

/// Retires a doctor from `today` (`retire` true), or brings them back.
pub async fn set_retired(db: &Db, actor: &Actor, id: i32, retire: bool, today: chrono::NaiveDate) -> Result<doctor::Model, WriteError> {
    let txn = crate::db::begin_write(db).await?;
    let Some(old) = doctor::Entity::find_by_id(id).one(&txn).await? else {
        return Err(WriteError::Invalid(Invalid::field("retire", Message::new("doctor.notFound"))));
    };
    let before = serde_json::json!({ "retiredOn": old.retired_on });
    let mut row: doctor::ActiveModel = old.into();
    row.retired_on = Set(retire.then(|| today.to_string()));
    let row = row.update(&txn).await?;
    let action = if retire { "doctor-retire" } else { "doctor-return" };
    audit::record(&txn, actor, action, Target { kind: "doctor", name: &row.name }, before, serde_json::json!({ "retiredOn": row.retired_on })).await?;
    txn.commit().await?;
    Ok(row)
}

/// A doctor in the console's list: current and retired alike.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffDoctorRow")]
pub struct Row {
    pub id: i32,
    pub name: String,
    pub specialization: String,
    pub clinic: String,
    /// YYYY-MM-DD; null: current.
    pub retired_on: Option<String>,
    pub has_photo: bool,
}

/// Every doctor, current first, by name.
pub async fn rows(db: &Db) -> Result<Vec<Row>, DataError> {
    let mut rows: Vec<Row> = doctor::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|d| Row {
            id: d.id,
            specialization: d.specialization,
            clinic: content::default()
                .find_clinic(&d.clinic_id)
                .map(|c| c.name.clone())
                .unwrap_or(d.clinic_id),
            retired_on: d.retired_on,
            has_photo: d.photo.is_some(),
            name: d.name,
        })
        .collect();
    rows.sort_by(|a, b| {
        (a.retired_on.is_some(), doctor::sort_key(&a.name)).cmp(&(b.retired_on.is_some(), doctor::sort_key(&b.name)))
    });
    Ok(rows)
}

/// The doctors' stored rows, by name: every one, or only those who still see
/// patients (`current`), for the console's choices and its week view.
pub async fn records(db: &Db, current: bool) -> Result<Vec<doctor::Model>, DataError> {
    let mut q = doctor::Entity::find().order_by_asc(doctor::Column::Name);
    if current {
        q = q.filter(doctor::Column::RetiredOn.is_null());
    }
    Ok(q.all(db).await?)
}

/// Every doctor's id and name (only the current ones with `current`), by name:
/// the console's lists of doctors to choose from, without their profiles.
pub async fn names(db: &Db, current: bool) -> Result<Vec<(i32, String)>, DataError> {
    use sea_orm::QuerySelect;
    let mut q = doctor::Entity::find().select_only().columns([doctor::Column::Id, doctor::Column::Name]).order_by_asc(doctor::Column::Name);
    if current {
        q = q.filter(doctor::Column::RetiredOn.is_null());
    }
    Ok(q.into_tuple::<(i32, String)>().all(db).await?)
}

/// One doctor's stored row, retired or not.
pub async fn record(db: &Db, id: i32) -> Result<Option<doctor::Model>, DataError> {
    Ok(doctor::Entity::find_by_id(id).one(db).await?)
}

/// The departments a doctor can be in (`id` and `slug`; their names are the
/// catalogue's), by slug.
pub async fn departments(db: &Db) -> Result<Vec<department::Model>, DataError> {
    Ok(department::Entity::find().order_by_asc(department::Column::Slug).all(db).await?)
}

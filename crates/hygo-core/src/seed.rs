//! First-start data: the departments of the catalogue and the doctors of
//! `seed/doctors.json`. Runs only on an empty table, so staff edits are never
//! overwritten.

use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseBackend, EntityTrait, PaginatorTrait, Set, Statement,
};
use serde::Deserialize;

use crate::entities::{content_revision, department, doctor, doctor_leave, office_hours};

/// Who the content store names as the author of the sample doctors' translations.
pub(crate) const SEED_AUTHOR: &str = "HYGO sample data";
use crate::ist::Clock;
use crate::{DataError, content, weekday};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedDoctor {
    pub id: i32,
    pub name: String,
    pub specialization: String,
    pub department: String,
    pub experience: i32,
    pub rating: Option<f64>,
    pub image: Option<String>,
    /// A clinic of `catalogue/clinics.json`.
    pub clinic: String,
    pub bio: String,
    pub education: Vec<String>,
    pub services: Vec<String>,
    pub languages: Vec<String>,
    pub insurances: Vec<String>,
    pub office_hours: Vec<SeedHours>,
    pub availability: String,
    /// On leave from the day the database is seeded, for this many days (a
    /// demonstration of leave on a fresh install).
    #[serde(default)]
    pub leave_days: Option<i64>,
    pub founder: Option<SeedFounder>,
}

#[derive(Debug, Deserialize)]
pub struct SeedHours {
    pub day: String,
    pub hours: String,
}

#[derive(Debug, Deserialize)]
pub struct SeedFounder {
    pub title: String,
    pub job: String,
    pub description: String,
}

pub const SEED_DOCTORS: &str = include_str!("../seed/doctors.json");

/// The sample doctors' own texts in Hindi and Gujarati (issue 43): seeded with
/// them as the editors' published translations (`doctor.{id}`), so a fresh
/// install's Hindi and Gujarati pages show no English but names. A clinic's own
/// doctors are translated in the content editor.
const SEED_TRANSLATIONS: &[(&str, &str)] = &[("hi", include_str!("../seed/doctors.hi.json")), ("gu", include_str!("../seed/doctors.gu.json"))];

/// Each sample doctor's translation: its id and its body as the content store keeps it.
pub(crate) fn seed_translations() -> Result<Vec<(&'static str, i32, String)>, DataError> {
    let mut out = Vec::new();
    for (lang, text) in SEED_TRANSLATIONS {
        let corrupt = |detail: String| DataError::Corrupt { what: format!("seed/doctors.{lang}.json"), detail };
        let items: Vec<serde_json::Map<String, serde_json::Value>> = serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
        for mut item in items {
            let id = item.remove("id").and_then(|v| v.as_i64()).and_then(|v| i32::try_from(v).ok()).ok_or_else(|| corrupt("an item without an id".into()))?;
            let words: content::DoctorWords = serde_json::from_value(serde_json::Value::Object(item)).map_err(|e| corrupt(format!("doctor {id}: {e}")))?;
            out.push((*lang, id, serde_json::to_string(&words).expect("the words serialize")));
        }
    }
    Ok(out)
}

pub(crate) fn seed_doctors() -> Result<Vec<SeedDoctor>, DataError> {
    serde_json::from_str(SEED_DOCTORS)
        .map_err(|e| DataError::Corrupt { what: "seed/doctors.json".into(), detail: e.to_string() })
}

/// Seeds departments and doctors into empty tables, in one transaction.
pub(crate) async fn seed_if_empty(db: &crate::Db) -> Result<(), DataError> {
    let txn = crate::db::begin_write(db).await?;
    if department::Entity::find().count(&txn).await? == 0 {
        for d in content::default().departments.iter() {
            department::ActiveModel {
                slug: Set(d.slug.clone()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    if doctor::Entity::find().count(&txn).await? == 0 {
        let departments = department::Entity::find().all(&txn).await?;
        let doctors = seed_doctors()?;
        for d in &doctors {
            let corrupt = |detail: String| DataError::Corrupt { what: format!("seed doctor {}", d.id), detail };
            let dept = departments
                .iter()
                .find(|x| x.slug == d.department)
                .ok_or_else(|| corrupt(format!("unknown department {}", d.department)))?;
            let json = |v: &Vec<String>| serde_json::to_string(v).expect("a list of strings serializes");
            doctor::ActiveModel {
                id: Set(d.id),
                name: Set(d.name.clone()),
                specialization: Set(d.specialization.clone()),
                department_id: Set(dept.id),
                experience_years: Set(d.experience),
                rating: Set(d.rating),
                image: Set(d.image.clone()),
                clinic_id: Set(d.clinic.clone()),
                bio: Set(d.bio.clone()),
                education: Set(json(&d.education)),
                services: Set(json(&d.services)),
                languages: Set(json(&d.languages)),
                insurances: Set(json(&d.insurances)),
                availability: Set(d.availability.clone()),
                founder_title: Set(d.founder.as_ref().map(|f| f.title.clone())),
                founder_job: Set(d.founder.as_ref().map(|f| f.job.clone())),
                founder_description: Set(d.founder.as_ref().map(|f| f.description.clone())),
                registration_number: Set(None),
                registration_council: Set(None),
                retired_on: Set(None),
                photo: Set(None),
                fee: Set(None),
                rating_count: Set(None),
                rating_source: Set(None),
            }
            .insert(&txn)
            .await?;
            if let Some(days) = d.leave_days.filter(|n| *n > 0) {
                let today = Clock::System.today();
                doctor_leave::ActiveModel {
                    doctor_id: Set(d.id),
                    starts_on: Set(today.to_string()),
                    ends_on: Set(Some((today + chrono::Duration::days(days - 1)).to_string())),
                    note: Set(None),
                    ..Default::default()
                }
                .insert(&txn)
                .await?;
            }
            for h in &d.office_hours {
                let day = weekday::number(&h.day).ok_or_else(|| corrupt(format!("unknown day {}", h.day)))?;
                office_hours::ActiveModel {
                    doctor_id: Set(d.id),
                    weekday: Set(day),
                    // The spec's words ("9:00 AM - 5:00 PM") kept as data ("09:00-17:00").
                    hours: Set(crate::times::stored(&h.hours)),
                    ..Default::default()
                }
                .insert(&txn)
                .await?;
            }
        }
        // Their texts in Hindi and Gujarati, as published translations of the content store.
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        for (lang, id, body) in seed_translations()? {
            content_revision::ActiveModel {
                entry: Set(format!("doctor.{id}")),
                lang: Set(lang.to_owned()),
                body: Set(body),
                state: Set("published".to_owned()),
                publish_at: Set(None),
                published_at: Set(Some(now.clone())),
                author_id: Set(None),
                author: Set(SEED_AUTHOR.to_owned()),
                based_on: Set(None),
                created_at: Set(now.clone()),
                updated_at: Set(now.clone()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        if txn.get_database_backend() == DatabaseBackend::Postgres {
            // Ids came from the seed file, so move the serial past them.
            txn.execute_raw(Statement::from_string(
                DatabaseBackend::Postgres,
                "SELECT setval(pg_get_serial_sequence('doctors', 'id'), (SELECT MAX(id) FROM doctors))",
            ))
            .await?;
        }
        tracing::info!(doctors = doctors.len(), "seeded an empty database");
    }
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_doctor_is_translated_whole_into_hindi_and_gujarati() {
        let doctors = seed_doctors().unwrap();
        let translations = seed_translations().unwrap();
        for lang in ["hi", "gu"] {
            for d in &doctors {
                let (_, _, body) = translations.iter().find(|(l, id, _)| *l == lang && *id == d.id).unwrap_or_else(|| panic!("doctor {} in {lang}", d.id));
                let w: content::DoctorWords = serde_json::from_str(body).unwrap();
                assert!(!w.name.is_empty() && w.name != d.name && !w.bio.is_empty() && w.bio != d.bio, "{lang} {}", d.id);
                assert_eq!((w.education.len(), w.services.len(), w.languages.len()), (d.education.len(), d.services.len(), d.languages.len()), "{lang} {}", d.id);
                assert_eq!(w.founder.is_some(), d.founder.is_some(), "{lang} {}: a founder's words where there is a founder", d.id);
            }
        }
    }

    #[test]
    fn the_seed_is_valid() {
        let doctors = seed_doctors().unwrap();
        assert!(doctors.len() >= 12);
        assert_eq!(doctors.iter().filter(|d| d.founder.is_some()).count(), 3);
        let c = content::default();
        let slugs: Vec<_> = c.departments.iter().map(|d| d.slug.as_str()).collect();
        for d in &doctors {
            assert!(
                slugs.contains(&d.department.as_str()),
                "{}: unknown department",
                d.name
            );
            assert!(
                c.find_clinic(&d.clinic).is_some(),
                "{}: unknown clinic {}",
                d.name,
                d.clinic
            );
            for h in &d.office_hours {
                assert!(weekday::number(&h.day).is_some(), "{}: bad day {}", d.name, h.day);
            }
        }
        let mut ids: Vec<_> = doctors.iter().map(|d| d.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), doctors.len());
    }
}

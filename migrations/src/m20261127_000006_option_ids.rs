//! The options a request stores are kept by a stable id instead of their English
//! label, so the labels can be translated and reworded without touching the data:
//! `appointments.reason` ("Follow-up" → "follow-up"), each entry of
//! `appointments.symptoms` (a JSON list: "Chest Pain" → "chest-pain") and
//! `card_requests.subscription_type` ("Essential individual" → "essential",
//! "Essential Family" → "family", the plans' ids). The two spellings of a
//! check-up the wizards offered ("Routine Checkup", "Routine Check-up") are one
//! reason. The lists are written here as they were when this shipped; the
//! catalogue (`forms.json`) holds the ids from now on.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const REASONS: &[(&str, &str)] = &[
    ("Consultation", "consultation"),
    ("Follow-up", "follow-up"),
    ("Routine Checkup", "routine-checkup"),
    ("Routine Check-up", "routine-checkup"),
    ("Second Opinion", "second-opinion"),
    ("Test Results", "test-results"),
    ("Other", "other"),
    ("New Symptoms", "new-symptoms"),
    ("Chronic Condition", "chronic-condition"),
    ("Preventive Care", "preventive-care"),
    ("Emergency", "emergency"),
];

const SYMPTOMS: &[(&str, &str)] = &[
    ("Fever", "fever"),
    ("Headache", "headache"),
    ("Cough", "cough"),
    ("Shortness of Breath", "shortness-of-breath"),
    ("Chest Pain", "chest-pain"),
    ("Abdominal Pain", "abdominal-pain"),
    ("Nausea", "nausea"),
    ("Fatigue", "fatigue"),
    ("Dizziness", "dizziness"),
    ("Joint Pain", "joint-pain"),
    ("Back Pain", "back-pain"),
    ("Skin Issues", "skin-issues"),
    ("Vision Problems", "vision-problems"),
    ("Hearing Issues", "hearing-issues"),
    ("Sleep Issues", "sleep-issues"),
    ("Anxiety", "anxiety"),
    ("Depression", "depression"),
    ("Other", "other"),
];

const CARDS: &[(&str, &str)] = &[("Essential individual", "essential"), ("Essential Family", "family")];

/// The statements that turn `from` into `to` for every pair (`forward`: label → id).
fn statements(forward: bool) -> Vec<String> {
    let pick = |&(label, id): &(&'static str, &'static str)| if forward { (label, id) } else { (id, label) };
    let mut sql = Vec::new();
    // Backwards, the first label of an id wins ("routine-checkup" → "Routine Checkup").
    let mut seen = Vec::new();
    for pair in REASONS {
        let (from, to) = pick(pair);
        if seen.contains(&from) {
            continue;
        }
        seen.push(from);
        sql.push(format!("UPDATE appointments SET reason = '{to}' WHERE reason = '{from}'"));
    }
    for pair in SYMPTOMS {
        let (from, to) = pick(pair);
        // Each entry is a JSON string, quotes included, so "Other" never matches inside another.
        sql.push(format!("UPDATE appointments SET symptoms = REPLACE(symptoms, '\"{from}\"', '\"{to}\"') WHERE symptoms LIKE '%\"{from}\"%'"));
    }
    for pair in CARDS {
        let (from, to) = pick(pair);
        sql.push(format!("UPDATE card_requests SET subscription_type = '{to}' WHERE subscription_type = '{from}'"));
    }
    sql
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in statements(true) {
            db.execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in statements(false) {
            db.execute_unprepared(&sql).await?;
        }
        Ok(())
    }
}

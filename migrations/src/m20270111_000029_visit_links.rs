//! The patient's own link to a visit, and the reminders (issue 45).
//!
//! - `appointments.visit_code`: twelve random symbols (60 bits, `hygo_core::refs`)
//!   naming the request in its manage-my-visit link (`/v/{code}`), unique; every
//!   request stored before this gets one here, as every new one does when it is
//!   stored.
//! - `appointments.reminded_for`: the day and time (`YYYY-MM-DD HH:MM`) the patient
//!   was last reminded of; a visit moved to another time is reminded again.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{DbBackend, Statement, Value};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A visit code, as `hygo_core::refs::new_visit_code` makes one.
fn code() -> String {
    crate::parts::random_symbols(12).to_ascii_lowercase()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::parts::statements(manager, &[
            "ALTER TABLE appointments ADD COLUMN visit_code VARCHAR(16)",
            "ALTER TABLE appointments ADD COLUMN reminded_for VARCHAR(32)",
        ])
        .await?;
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        let sql = match backend {
            DbBackend::Postgres => "UPDATE appointments SET visit_code = $1 WHERE id = $2",
            _ => "UPDATE appointments SET visit_code = ? WHERE id = ?",
        };
        let rows = db.query_all_raw(Statement::from_string(backend, "SELECT id FROM appointments")).await?;
        for row in rows {
            let id: i32 = row.try_get("", "id")?;
            db.execute_raw(Statement::from_sql_and_values(backend, sql, [Value::from(code()), Value::from(id)])).await?;
        }
        crate::parts::statements(manager, &["CREATE UNIQUE INDEX idx_appointments_visit_code ON appointments (visit_code)"]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::parts::statements(manager, &[
            "DROP INDEX idx_appointments_visit_code",
            "ALTER TABLE appointments DROP COLUMN reminded_for",
            "ALTER TABLE appointments DROP COLUMN visit_code",
        ])
        .await
    }
}

//! The front desk marks a patient who has come in (issue 25, "Today at the front
//! desk"): a request can be `arrived`, between `confirmed` (or `rescheduled`) and
//! `completed` or `no-show`. An arrived request holds its slot, so the unique
//! index on a doctor's held slots is made again with `arrived` in its condition.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

/// The statuses that hold their slot (`hygo_booking::status::Status::HOLDING_SLOT`), then and now.
const BEFORE: &str = "('requested', 'confirmed', 'rescheduled', 'completed', 'no-show')";
const AFTER: &str = "('requested', 'confirmed', 'rescheduled', 'arrived', 'completed', 'no-show')";

#[derive(DeriveMigrationName)]
/// `arrived` holds its slot.
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One transaction on every backend: the index is never missing (SQLite's
    /// DDL is transactional too), and both statements run on one connection.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for sql in [
            "DROP INDEX uq_appointments_held_slot".to_owned(),
            format!("CREATE UNIQUE INDEX uq_appointments_held_slot ON appointments (doctor_id, date, start_time) WHERE status IN {AFTER}"),
        ] {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for sql in [
            "UPDATE appointments SET status = 'confirmed' WHERE status = 'arrived'".to_owned(),
            "DROP INDEX uq_appointments_held_slot".to_owned(),
            format!("CREATE UNIQUE INDEX uq_appointments_held_slot ON appointments (doctor_id, date, start_time) WHERE status IN {BEFORE}"),
        ] {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }
}

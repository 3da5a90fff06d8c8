//! The requests of some doctors over some days, by (doctor, day, status): the
//! console's week view counts each doctor's requests of the week and its day
//! view reads a clinic's doctors' requests of a day (issue 26). The partial slot
//! index (`uq_appointments_held_slot`) has these columns but cannot serve them:
//! SQLite uses a partial index only when the query's own text implies its
//! `WHERE status IN (…)`, and the statuses are bound parameters here. Without
//! it, SQLite reads every doctor's requests of the days and then keeps the
//! clinic's (a network's week: 12 ms against 0.5 ms, docs/benchmarks.md).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared("CREATE INDEX idx_appointments_doctor_day ON appointments (doctor_id, date, status)")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("DROP INDEX idx_appointments_doctor_day").await?;
        Ok(())
    }
}

//! The console books too (issue 26): a request records how it came in, `web`
//! (the public site, every row until now), `phone` or `walk-in` (the desk);
//! and the inbox lists waiting requests by the time of the visit, so the
//! index it reads them by is on (status, date, start time).

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
        let db = manager.get_connection();
        for sql in [
            "ALTER TABLE appointments ADD COLUMN channel VARCHAR(16) NOT NULL DEFAULT 'web'",
            "CREATE INDEX idx_appointments_visit ON appointments (status, date, start_time)",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in ["DROP INDEX idx_appointments_visit", "ALTER TABLE appointments DROP COLUMN channel"] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}

//! A form posted into a staff session that had timed out (issue 44: a booking
//! half typed when the idle timeout passed was lost): kept on that session's row,
//! `staff_sessions.kept_form` (the page and the values, JSON) and `kept_at`, until
//! the same person signs in again and sees it, or for an hour at most
//! (`hygo_staff::sessions::keep_form`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::parts::statements(manager, &[
            "ALTER TABLE staff_sessions ADD COLUMN kept_form TEXT",
            "ALTER TABLE staff_sessions ADD COLUMN kept_at VARCHAR(40)",
        ]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::parts::statements(manager, &["ALTER TABLE staff_sessions DROP COLUMN kept_at", "ALTER TABLE staff_sessions DROP COLUMN kept_form"]).await
    }
}

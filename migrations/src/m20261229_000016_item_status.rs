//! Health-card requests and contact messages get a status that fits the work
//! (issue 26): a card request is `new`, `called`, then `issued` or
//! `not-interested`; a message `new`, then `answered`. Rows marked handled
//! before this became `answered` (a message) or `handled` (a card request: its
//! outcome was not recorded, and is not guessed).
//!
//! The audit log is read by target (a record's history) and filtered by person
//! (the console's audit page): both get an index, so neither reads the whole log.

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
            "ALTER TABLE card_requests ADD COLUMN status VARCHAR(16) NOT NULL DEFAULT 'new'",
            "ALTER TABLE contact_messages ADD COLUMN status VARCHAR(16) NOT NULL DEFAULT 'new'",
            "UPDATE card_requests SET status = 'handled' WHERE handled_at IS NOT NULL",
            "UPDATE contact_messages SET status = 'answered' WHERE handled_at IS NOT NULL",
            "CREATE INDEX idx_audit_log_target ON audit_log (target_kind, target)",
            "CREATE INDEX idx_audit_log_actor ON audit_log (actor_id)",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in [
            "DROP INDEX idx_audit_log_actor",
            "DROP INDEX idx_audit_log_target",
            "ALTER TABLE contact_messages DROP COLUMN status",
            "ALTER TABLE card_requests DROP COLUMN status",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}

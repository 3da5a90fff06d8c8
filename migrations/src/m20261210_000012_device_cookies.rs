//! Sign-in throttling that an attacker cannot turn against an account's owner
//! (issue 24; docs/staff.md, "Sign-in and sessions"): each attempt records the
//! device cookie it came with (`device_key`, a keyed hash of the cookie's
//! nonce, never the cookie), so that failures are counted per device for the
//! browsers an account signed in from before, and per account only for the
//! others.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
/// `sign_in_attempts.device_key`, and the index it is counted by.
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for sql in [
            "ALTER TABLE sign_in_attempts ADD COLUMN device_key VARCHAR(64)",
            "CREATE INDEX idx_sign_in_attempts_device ON sign_in_attempts (device_key, at)",
        ] {
            manager.get_connection().execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for sql in ["DROP INDEX idx_sign_in_attempts_device", "ALTER TABLE sign_in_attempts DROP COLUMN device_key"] {
            manager.get_connection().execute_unprepared(sql).await?;
        }
        Ok(())
    }
}

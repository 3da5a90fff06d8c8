//! What a patient was promised when they sent a request (issue 43): by when
//! the clinic calls, and when an unconfirmed request lapses
//! (`hygo_booking::promise::Promise`, as JSON). Decided from the request's time
//! and the visit's, once, when it is stored, so that the confirmation page
//! shown later says what the success screen and the e-mail said. Empty for
//! the rows written before, whose pages say the spec's 24 hours.

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
        manager.get_connection().execute_unprepared("ALTER TABLE appointments ADD COLUMN promise TEXT NOT NULL DEFAULT ''").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("ALTER TABLE appointments DROP COLUMN promise").await?;
        Ok(())
    }
}

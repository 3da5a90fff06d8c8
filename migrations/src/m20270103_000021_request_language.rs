//! The language a patient wrote in (issue 29), kept with what they sent, so
//! what the clinic sends back (the acknowledgement, the confirmation and its
//! calendar file, the newsletter's mails) is in it and the desk knows which to
//! answer a call in: `lang`, a tag of `hygo_content::LANGUAGES` ("en" for every
//! row written before).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: &[&str] = &["appointments", "card_requests", "contact_messages", "newsletter_subscribers"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            manager.get_connection().execute_unprepared(&format!("ALTER TABLE {table} ADD COLUMN lang VARCHAR(8) NOT NULL DEFAULT 'en'")).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            manager.get_connection().execute_unprepared(&format!("ALTER TABLE {table} DROP COLUMN lang")).await?;
        }
        Ok(())
    }
}

//! A doctor's consultation fee and where their rating comes from (issue 43: a
//! rating showed no count or source, and no fee was anywhere). `fee` is whole
//! rupees; `rating_count` and `rating_source` say how many reviews the rating
//! is of and where they were given. The public pages show a rating only with
//! both (a seeded rating has neither, so none shows), and the fee when staff
//! have set it. All three empty for the rows written before.

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
        for column in ["fee INTEGER NULL", "rating_count INTEGER NULL", "rating_source VARCHAR(80) NULL"] {
            db.execute_unprepared(&format!("ALTER TABLE doctors ADD COLUMN {column}")).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for column in ["fee", "rating_count", "rating_source"] {
            db.execute_unprepared(&format!("ALTER TABLE doctors DROP COLUMN {column}")).await?;
        }
        Ok(())
    }
}

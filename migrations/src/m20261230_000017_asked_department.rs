//! A request whose department and doctor disagree (Cardiology chosen, a
//! dermatologist picked) is stored under the doctor's department, and the one the
//! patient chose is kept beside it so the desk sees the disagreement (issue 27):
//! `asked_department`, "" when they agree or none was chosen.

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
            .execute_unprepared("ALTER TABLE appointments ADD COLUMN asked_department VARCHAR(64) NOT NULL DEFAULT ''")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("ALTER TABLE appointments DROP COLUMN asked_department").await?;
        Ok(())
    }
}

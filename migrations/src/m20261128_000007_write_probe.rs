//! The write probe: one row that the health check (`/healthz`) rewrites in a
//! transaction of its own, so that "healthy" means "a write can be committed",
//! not only "the database answers a query" (`hygo_data::db::Storage`).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("CREATE TABLE write_probe (id INTEGER PRIMARY KEY, written BIGINT NOT NULL)").await?;
        db.execute_unprepared("INSERT INTO write_probe (id, written) VALUES (1, 0)").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("DROP TABLE write_probe").await?;
        Ok(())
    }
}

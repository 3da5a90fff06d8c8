//! The write probe: one row that the health check (`/healthz`) rewrites in a
//! transaction of its own, so that "healthy" means "a write can be committed",
//! not only "the database answers a query" (`hygo_core::db::Storage`).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
/// `write_probe`: row 1 counts the health check's writes.
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for sql in ["CREATE TABLE write_probe (id INTEGER PRIMARY KEY, written BIGINT NOT NULL)", "INSERT INTO write_probe (id, written) VALUES (1, 0)"] {
            manager.get_connection().execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("DROP TABLE write_probe").await?;
        Ok(())
    }
}

//! Data versions: numbers that triggers raise whenever a table changes, whoever
//! writes (this instance, another one on the same PostgreSQL database, or a
//! person with `psql`). Row 1, the catalogue: doctors, their departments and
//! hours, which the public pages are made from. Row 2, the bookings
//! (`appointments`), which the free slots are made from. The render cache keys
//! pages and answers by them, so one served from memory needs no query for its
//! data, and a change is seen at the next check.
//!
//! Requests and subscribers are in neither: the unsubscribe page is keyed by its
//! data instead.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Each watched table and the row of `data_version` it raises.
const WATCHED: [(&str, i32); 4] = [("doctors", 1), ("departments", 1), ("office_hours", 1), ("appointments", 2)];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("CREATE TABLE data_version (id INTEGER PRIMARY KEY, version BIGINT NOT NULL)").await?;
        db.execute_unprepared("INSERT INTO data_version (id, version) VALUES (1, 1), (2, 1)").await?;
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                // The row to raise is the trigger's argument.
                db.execute_unprepared(
                    "CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN UPDATE data_version SET version = version + 1 WHERE id = TG_ARGV[0]::int; RETURN NULL; END $$",
                )
                .await?;
                for (table, row) in WATCHED {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} \
                         FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version({row})"
                    ))
                    .await?;
                }
            }
            _ => {
                for (table, row) in WATCHED {
                    for event in ["INSERT", "UPDATE", "DELETE"] {
                        db.execute_unprepared(&format!(
                            "CREATE TRIGGER {table}_{}_bump_data_version AFTER {event} ON {table} \
                             BEGIN UPDATE data_version SET version = version + 1 WHERE id = {row}; END",
                            event.to_lowercase()
                        ))
                        .await?;
                    }
                }
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                for (table, _) in WATCHED {
                    db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS {table}_bump_data_version ON {table}")).await?;
                }
                db.execute_unprepared("DROP FUNCTION IF EXISTS bump_data_version()").await?;
            }
            _ => {
                for (table, _) in WATCHED {
                    for event in ["insert", "update", "delete"] {
                        db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS {table}_{event}_bump_data_version")).await?;
                    }
                }
            }
        }
        db.execute_unprepared("DROP TABLE data_version").await?;
        Ok(())
    }
}

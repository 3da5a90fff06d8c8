//! The data version: one number that triggers raise whenever a table the public
//! pages are made from changes (doctors, their departments and hours). The render
//! cache keys pages by it, so a page served from memory needs no query for its
//! data, and an edit made by anyone (this instance, another one on the same
//! PostgreSQL database, or a person with `psql`) is seen at the next check.
//!
//! Bookings, requests and subscribers are not in it: the pages that show them
//! (the booking wizards, the unsubscribe page) are keyed by their data instead.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables whose rows the cached pages show.
const WATCHED: [&str; 3] = ["doctors", "departments", "office_hours"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("CREATE TABLE data_version (id INTEGER PRIMARY KEY, version BIGINT NOT NULL)").await?;
        db.execute_unprepared("INSERT INTO data_version (id, version) VALUES (1, 1)").await?;
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$",
                )
                .await?;
                for table in WATCHED {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} \
                         FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()"
                    ))
                    .await?;
                }
            }
            _ => {
                for table in WATCHED {
                    for event in ["INSERT", "UPDATE", "DELETE"] {
                        db.execute_unprepared(&format!(
                            "CREATE TRIGGER {table}_{}_bump_data_version AFTER {event} ON {table} \
                             BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END",
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
                for table in WATCHED {
                    db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS {table}_bump_data_version ON {table}")).await?;
                }
                db.execute_unprepared("DROP FUNCTION IF EXISTS bump_data_version()").await?;
            }
            _ => {
                for table in WATCHED {
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

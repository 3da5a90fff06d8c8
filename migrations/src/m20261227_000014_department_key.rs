//! Departments have one source (issue 25): their names, descriptions and whether
//! the listing shows them are the catalogue's (`hygo-content`,
//! `catalogue/departments.json`, which editors and translators change); the
//! table keeps what doctors point to, an id and the slug that names the
//! department in the catalogue. The copies of the texts made at the first start
//! are dropped, so nothing can read a stale one.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in ["name", "description", "listed"] {
            manager
                .get_connection()
                .execute_unprepared(&format!("ALTER TABLE departments DROP COLUMN {column}"))
                .await?;
        }
        Ok(())
    }

    /// The columns again, filled from the catalogue as the first start filled them.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in [
            "ALTER TABLE departments ADD COLUMN name VARCHAR(120) NOT NULL DEFAULT ''",
            "ALTER TABLE departments ADD COLUMN description TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE departments ADD COLUMN listed BOOLEAN NOT NULL DEFAULT FALSE",
        ] {
            db.execute_unprepared(sql).await?;
        }
        let backend = manager.get_database_backend();
        for d in hygo_content::default().departments.iter() {
            db.execute_raw(Statement::from_sql_and_values(
                backend,
                match backend {
                    sea_orm_migration::sea_orm::DbBackend::Postgres => {
                        "UPDATE departments SET name = $1, description = $2, listed = $3 WHERE slug = $4"
                    }
                    _ => "UPDATE departments SET name = ?, description = ?, listed = ? WHERE slug = ?",
                },
                [d.name.clone().into(), d.description.clone().into(), d.listed.into(), d.slug.clone().into()],
            ))
            .await?;
        }
        Ok(())
    }
}

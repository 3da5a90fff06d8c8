//! Issue 14 (hardening), points 8 to 10:
//! - every appointment request, health-card request and contact message gets a
//!   random public reference (`HY-7K3M-Q9TD`, unique): existing rows get one here;
//! - `receipts`: the confirmation pages of forms sent without JavaScript, each
//!   named by a random token;
//! - the newsletter's double opt-in and consent record: a one-time confirmation
//!   token, when it was confirmed, and from which form. Subscribers who signed up
//!   before this (single opt-in) stay subscribed: they are marked confirmed at
//!   their sign-up, with `source` = `single-opt-in`, so the record says how.
//!
//! The references are made here as `hygo_core::refs` (then `hygo_data::refs`) made them when this shipped:
//! eight symbols of Crockford's base32 from the operating system's random numbers.

use std::collections::HashSet;

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: &[&str] = &["appointments", "card_requests", "contact_messages"];

fn reference(taken: &mut HashSet<String>) -> String {
    loop {
        let s = crate::parts::random_symbols(8);
        let r = format!("HY-{}-{}", &s[..4], &s[4..]);
        if taken.insert(r.clone()) {
            return r;
        }
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        let mut taken = HashSet::new();
        for table in TABLES {
            db.execute_unprepared(&format!("ALTER TABLE {table} ADD COLUMN reference VARCHAR(16)")).await?;
            let rows = db.query_all_raw(Statement::from_string(backend, format!("SELECT id FROM {table}"))).await?;
            for row in rows {
                let id: i32 = row.try_get("", "id")?;
                let r = reference(&mut taken);
                db.execute_unprepared(&format!("UPDATE {table} SET reference = '{r}' WHERE id = {id}")).await?;
            }
            db.execute_unprepared(&format!("CREATE UNIQUE INDEX idx_{table}_reference ON {table} (reference)")).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(Receipts::Table)
                    .col(pk_auto(Receipts::Id))
                    .col(string_len_uniq(Receipts::Token, 64))
                    .col(string_len(Receipts::Kind, 32))
                    .col(integer(Receipts::RowId))
                    .col(string_len(Receipts::CreatedAt, 32))
                    .to_owned(),
            )
            .await?;
        for sql in [
            "ALTER TABLE newsletter_subscribers ADD COLUMN confirm_token VARCHAR(64)",
            "ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at VARCHAR(32)",
            "ALTER TABLE newsletter_subscribers ADD COLUMN source VARCHAR(32) NOT NULL DEFAULT 'single-opt-in'",
            "UPDATE newsletter_subscribers SET confirmed_at = subscribed_at WHERE unsubscribed_at IS NULL",
            "CREATE UNIQUE INDEX idx_newsletter_subscribers_confirm_token ON newsletter_subscribers (confirm_token)",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DROP INDEX idx_newsletter_subscribers_confirm_token").await?;
        for column in ["confirm_token", "confirmed_at", "source"] {
            db.execute_unprepared(&format!("ALTER TABLE newsletter_subscribers DROP COLUMN {column}")).await?;
        }
        manager.drop_table(Table::drop().table(Receipts::Table).to_owned()).await?;
        for table in TABLES {
            db.execute_unprepared(&format!("DROP INDEX idx_{table}_reference")).await?;
            db.execute_unprepared(&format!("ALTER TABLE {table} DROP COLUMN reference")).await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Receipts {
    Table,
    Id,
    Token,
    Kind,
    RowId,
    CreatedAt,
}

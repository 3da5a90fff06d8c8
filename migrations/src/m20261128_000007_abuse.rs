//! Against filling the calendar (issue 14, point 7):
//! - `appointments.phone_key`: the phone number as the per-person limit compares it
//!   (its digits; an Indian number by its last 10, so "+91 98765 43210" and
//!   "098765 43210" are one person; `hygo_booking::appointments::phone_key` is the
//!   same rule in Rust), with indexes on it and on `email` (stored lowercase), so
//!   counting a person's pending requests reads an index, not the table. Rows
//!   written before get their key here, in SQL both databases share (the phone
//!   check allows only digits and ` +-().`).
//! - `secrets`: server keys made once, at random, and shared by every instance
//!   through the database (the forms' signed "issued at" token, the hashes of
//!   client addresses); never in the repository or the configuration.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The digits of `phone`, in SQL.
const DIGITS: &str = "REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '+', ''), '-', ''), '(', ''), ')', ''), '.', '')";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Appointments::Table).add_column(string_len(Appointments::PhoneKey, 20).default("")).to_owned(),
            )
            .await?;
        let d = DIGITS;
        let backfill = format!(
            "UPDATE appointments SET phone_key = CASE \
             WHEN LENGTH({d}) = 12 AND SUBSTR({d}, 1, 2) = '91' THEN SUBSTR({d}, 3) \
             WHEN LENGTH({d}) = 14 AND SUBSTR({d}, 1, 4) = '0091' THEN SUBSTR({d}, 5) \
             WHEN LENGTH({d}) = 11 AND SUBSTR({d}, 1, 1) = '0' THEN SUBSTR({d}, 2) \
             ELSE {d} END"
        );
        manager.get_connection().execute_unprepared(&backfill).await?;
        for (name, column) in [("idx_appointments_phone_key", Appointments::PhoneKey), ("idx_appointments_email", Appointments::Email)] {
            manager.create_index(Index::create().name(name).table(Appointments::Table).col(column).to_owned()).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(Secrets::Table)
                    .col(string_len(Secrets::Name, 32).primary_key())
                    // Hex.
                    .col(string_len(Secrets::Value, 128))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Secrets::Table).to_owned()).await?;
        for name in ["idx_appointments_phone_key", "idx_appointments_email"] {
            manager.drop_index(Index::drop().name(name).table(Appointments::Table).to_owned()).await?;
        }
        manager.alter_table(Table::alter().table(Appointments::Table).drop_column(Appointments::PhoneKey).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    PhoneKey,
    Email,
}

#[derive(DeriveIden)]
enum Secrets {
    Table,
    Name,
    Value,
}

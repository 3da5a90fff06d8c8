//! The e-mail outbox: a message is written in the same transaction as what causes
//! it (a newsletter sign-up), then delivered by `hygo serve` when a relay is
//! configured, and deleted once the relay has taken it.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Outbox::Table)
                    .col(pk_auto(Outbox::Id))
                    .col(string_len(Outbox::ToAddress, 254))
                    .col(string_len(Outbox::Subject, 200))
                    .col(text(Outbox::Body))
                    .col(string_len_null(Outbox::ListUnsubscribe, 500))
                    .col(string_len(Outbox::CreatedAt, 32))
                    .col(integer(Outbox::Attempts).default(0))
                    .col(string_len_null(Outbox::NextAttemptAt, 32))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Outbox::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Outbox {
    Table,
    Id,
    ToAddress,
    Subject,
    Body,
    ListUnsubscribe,
    CreatedAt,
    Attempts,
    NextAttemptAt,
}

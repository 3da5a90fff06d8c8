//! The editors' content store (issue 28, docs/editors.md).
//!
//! - `content_revisions`: every save of an entry in a language is a row: the
//!   entry's key (`page.about`, `article.{id}`, `home.hero`…), the language, the
//!   body (the entry's typed value as JSON), who wrote it and when, and its
//!   state: `draft`, `scheduled` (with `publish_at`, UTC), `published` (with
//!   `published_at`) or `replaced` (published once, then another was). At most
//!   one revision of an entry and language is published: a partial unique index
//!   says so (written with the literal, so SQLite can use it).
//! - `content_shares`: a signed preview link of one revision, with when it
//!   expires and whether it was revoked; the link names the row, so a revoked
//!   one fails however well it is signed.
//! - Row 3 of `data_version`: raised by a publication (in its transaction, not by
//!   a trigger: drafts are saved as editors type and must not empty the render
//!   cache), so every instance lays the new published content over the files
//!   at its next check.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

use crate::parts::{self, Rows};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        manager
            .create_table(
                Table::create()
                    .table(ContentRevisions::Table)
                    .col(pk_auto(ContentRevisions::Id))
                    .col(string_len(ContentRevisions::Entry, 120))
                    .col(string_len(ContentRevisions::Lang, 8))
                    .col(text(ContentRevisions::Body))
                    .col(string_len(ContentRevisions::State, 12))
                    .col(string_len_null(ContentRevisions::PublishAt, 32))
                    .col(string_len_null(ContentRevisions::PublishedAt, 32))
                    .col(integer_null(ContentRevisions::AuthorId))
                    .col(string_len(ContentRevisions::Author, 254))
                    .col(integer_null(ContentRevisions::BasedOn))
                    .col(string_len(ContentRevisions::CreatedAt, 32))
                    .col(string_len(ContentRevisions::UpdatedAt, 32))
                    .to_owned(),
            )
            .await?;
        parts::index(manager, "idx_content_revisions_entry", ContentRevisions::Table, [ContentRevisions::Entry, ContentRevisions::Lang, ContentRevisions::Id], Rows::Shared).await?;
        parts::index(manager, "idx_content_revisions_due", ContentRevisions::Table, [ContentRevisions::State, ContentRevisions::PublishAt], Rows::Shared).await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX uq_content_revisions_published ON content_revisions (entry, lang) WHERE state = 'published'",
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(ContentShares::Table)
                    .col(pk_auto(ContentShares::Id))
                    .col(integer(ContentShares::RevisionId))
                    .col(string_len(ContentShares::ExpiresAt, 32))
                    .col(string_len_null(ContentShares::RevokedAt, 32))
                    .col(string_len(ContentShares::CreatedBy, 254))
                    .col(string_len(ContentShares::CreatedAt, 32))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_content_shares_revision")
                            .from(ContentShares::Table, ContentShares::RevisionId)
                            .to(ContentRevisions::Table, ContentRevisions::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        parts::index(manager, "idx_content_shares_revision", ContentShares::Table, [ContentShares::RevisionId], Rows::Shared).await?;
        db.execute_unprepared("INSERT INTO data_version (id, version) VALUES (3, 1)").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DELETE FROM data_version WHERE id = 3").await?;
        manager.drop_table(Table::drop().table(ContentShares::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(ContentRevisions::Table).to_owned()).await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum ContentRevisions {
    Table,
    Id,
    Entry,
    Lang,
    Body,
    State,
    PublishAt,
    PublishedAt,
    AuthorId,
    Author,
    BasedOn,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ContentShares {
    Table,
    Id,
    RevisionId,
    ExpiresAt,
    RevokedAt,
    CreatedBy,
    CreatedAt,
}

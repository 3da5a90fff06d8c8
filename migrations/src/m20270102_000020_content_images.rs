//! Pictures for the site's content (issue 28, item 9; docs/editors.md): the
//! served versions of what editors upload for hero slides and articles, by
//! their content-hashed names, as `photo_files` holds doctors' photos. A
//! revision's body names its versions; the files are kept while any revision
//! may be restored (the history is kept), and served at `/photos/{name}` like
//! the doctors' photos. No data version: a file never changes under its name,
//! and pages name a picture only through a published revision.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ContentImages::Table)
                    .col(string_len(ContentImages::Name, 64).primary_key())
                    .col(string_len(ContentImages::ContentType, 32))
                    .col(integer(ContentImages::Width))
                    .col(integer(ContentImages::Height))
                    .col(blob(ContentImages::Bytes))
                    .col(string_len(ContentImages::CreatedBy, 254))
                    .col(string_len(ContentImages::CreatedAt, 32))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ContentImages::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum ContentImages {
    Table,
    Name,
    ContentType,
    Width,
    Height,
    Bytes,
    CreatedBy,
    CreatedAt,
}

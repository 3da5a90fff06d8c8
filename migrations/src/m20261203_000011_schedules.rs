//! Doctors kept in the console: hours with breaks and per clinic, one-off changes
//! of hours, clinic closed dates, photos, registration and retirement.
//!
//! - `office_hours` may hold several ranges for a weekday (a break at lunch is two
//!   rows), so the unique index on (doctor, weekday) goes; `clinic_id` names the
//!   clinic of a range when it is not the doctor's own (NULL: the doctor's clinic).
//! - `hour_changes`: one date's hours for a doctor instead of the weekday's: a
//!   list of ranges as text ("9:00 AM - 1:00 PM, 2:00 PM - 7:00 PM"), or empty
//!   for no hours that day; a note for staff only. One row per doctor and date.
//! - `clinic_closures`: a clinic closed on a date, the whole day (both times NULL)
//!   or part of it (`starts_at`/`ends_at`, "HH:MM"; one of them NULL: from the
//!   start or to the end of the day), with the public note ("Closed for Diwali").
//!   One row per clinic and date.
//! - `photo_files`: the served versions of doctors' photos, by their
//!   content-hashed names, in the database so that every instance serves them.
//!   `doctors.photo` is the current photo: a JSON object naming its versions.
//! - `doctors.registration_number` / `registration_council`: the medical council
//!   registration the profile shows. `doctors.retired_on`: a retired doctor leaves
//!   the public pages; their past requests keep their name.
//!
//! The new tables raise the catalogue's data version (row 1) like `doctors`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

use crate::parts::{self, Rows};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        manager
            .drop_index(Index::drop().name("uq_office_hours_doctor_weekday").table(OfficeHours::Table).to_owned())
            .await?;
        parts::index(manager, "idx_office_hours_doctor", OfficeHours::Table, [OfficeHours::DoctorId, OfficeHours::Weekday], Rows::Shared).await?;
        for sql in [
            "ALTER TABLE office_hours ADD COLUMN clinic_id VARCHAR(32) NULL",
            "ALTER TABLE doctors ADD COLUMN registration_number VARCHAR(40) NULL",
            "ALTER TABLE doctors ADD COLUMN registration_council VARCHAR(120) NULL",
            "ALTER TABLE doctors ADD COLUMN retired_on VARCHAR(10) NULL",
            "ALTER TABLE doctors ADD COLUMN photo TEXT NULL",
        ] {
            db.execute_unprepared(sql).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(HourChanges::Table)
                    .col(pk_auto(HourChanges::Id))
                    .col(integer(HourChanges::DoctorId))
                    .col(string_len(HourChanges::Day, 10))
                    .col(string_len(HourChanges::Hours, 200))
                    .col(string_len_null(HourChanges::ClinicId, 32))
                    .col(text_null(HourChanges::Note))
                    .foreign_key(&mut parts::to_doctor("fk_hour_changes_doctor", HourChanges::Table, HourChanges::DoctorId))
                    .to_owned(),
            )
            .await?;
        parts::index(manager, "uq_hour_changes_doctor_day", HourChanges::Table, [HourChanges::DoctorId, HourChanges::Day], Rows::Unique).await?;
        manager
            .create_table(
                Table::create()
                    .table(ClinicClosures::Table)
                    .col(pk_auto(ClinicClosures::Id))
                    .col(string_len(ClinicClosures::ClinicId, 32))
                    .col(string_len(ClinicClosures::Day, 10))
                    .col(string_len_null(ClinicClosures::StartsAt, 5))
                    .col(string_len_null(ClinicClosures::EndsAt, 5))
                    .col(string_len(ClinicClosures::Note, 200))
                    .to_owned(),
            )
            .await?;
        parts::index(manager, "uq_clinic_closures_clinic_day", ClinicClosures::Table, [ClinicClosures::ClinicId, ClinicClosures::Day], Rows::Unique).await?;
        manager
            .create_table(
                Table::create()
                    .table(PhotoFiles::Table)
                    .col(string_len(PhotoFiles::Name, 64).primary_key())
                    .col(integer(PhotoFiles::DoctorId))
                    .col(string_len(PhotoFiles::ContentType, 32))
                    .col(integer(PhotoFiles::Width))
                    .col(integer(PhotoFiles::Height))
                    .col(blob(PhotoFiles::Bytes))
                    .to_owned(),
            )
            .await?;

        parts::bump_data_version_on(manager, &["hour_changes", "clinic_closures", "photo_files"]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for table in [PhotoFiles::Table.into_iden(), ClinicClosures::Table.into_iden(), HourChanges::Table.into_iden()] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        // One range per weekday again: the first of each day is kept.
        db.execute_unprepared(
            "DELETE FROM office_hours WHERE id NOT IN (SELECT MIN(id) FROM office_hours GROUP BY doctor_id, weekday)",
        )
        .await?;
        manager.drop_index(Index::drop().name("idx_office_hours_doctor").table(OfficeHours::Table).to_owned()).await?;
        for sql in [
            "ALTER TABLE office_hours DROP COLUMN clinic_id",
            "ALTER TABLE doctors DROP COLUMN registration_number",
            "ALTER TABLE doctors DROP COLUMN registration_council",
            "ALTER TABLE doctors DROP COLUMN retired_on",
            "ALTER TABLE doctors DROP COLUMN photo",
        ] {
            db.execute_unprepared(sql).await?;
        }
        parts::index(manager, "uq_office_hours_doctor_weekday", OfficeHours::Table, [OfficeHours::DoctorId, OfficeHours::Weekday], Rows::Unique).await
    }
}

#[derive(DeriveIden)]
enum OfficeHours {
    Table,
    DoctorId,
    Weekday,
}

#[derive(DeriveIden)]
enum HourChanges {
    Table,
    Id,
    DoctorId,
    Day,
    Hours,
    ClinicId,
    Note,
}

#[derive(DeriveIden)]
enum ClinicClosures {
    Table,
    Id,
    ClinicId,
    Day,
    StartsAt,
    EndsAt,
    Note,
}

#[derive(DeriveIden)]
enum PhotoFiles {
    Table,
    Name,
    DoctorId,
    ContentType,
    Width,
    Height,
    Bytes,
}

//! The sick day and the closure (issue 45): the visits a doctor's leave or a
//! clinic's closure covered when the desk told the patients or moved them
//! (`hygo_booking::inbox::away`), so the screen still lists a patient who has
//! since chosen another time or cancelled, and tells nobody twice.
//!
//! - `away_visits.cover`: what covers the visit, `leave:{id}` or `closure:{id}`.
//! - `appointment_id`: the request; one row per cover and request (unique).
//! - `doctor_id`, `date`, `start_time`: the visit as the cover found it (the
//!   request's own columns may since say another doctor or time).
//! - `told_at`: when the patient was sent "your doctor is away" (RFC 3339, UTC),
//!   None when the desk moved them without, or the patient gets no messages.
//! - `added_at`: when the visit was first kept here.

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
                    .table(AwayVisits::Table)
                    .col(pk_auto(AwayVisits::Id))
                    .col(string_len(AwayVisits::Cover, 32))
                    .col(integer(AwayVisits::AppointmentId))
                    .col(integer(AwayVisits::DoctorId))
                    .col(string_len(AwayVisits::Date, 10))
                    .col(string_len(AwayVisits::StartTime, 8))
                    .col(string_len_null(AwayVisits::ToldAt, 40))
                    .col(string_len(AwayVisits::AddedAt, 40))
                    .to_owned(),
            )
            .await?;
        crate::parts::statements(manager, &["CREATE UNIQUE INDEX idx_away_visits_cover ON away_visits (cover, appointment_id)"]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AwayVisits::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum AwayVisits {
    Table,
    Id,
    Cover,
    AppointmentId,
    DoctorId,
    Date,
    StartTime,
    ToldAt,
    AddedAt,
}

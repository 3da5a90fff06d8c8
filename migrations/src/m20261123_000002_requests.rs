//! What visitors send: appointment requests, health-card requests, newsletter
//! subscribers, contact messages, and the per-client counters of the rate limiter.
//!
//! One active appointment request per doctor, date and start time is a database
//! rule (a partial unique index), so two app instances can never both accept the
//! same slot. The index is written in SQL because SQLite and PostgreSQL share the
//! syntax and sea-query has no builder for partial indexes on both.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Appointments::Table)
                    .col(pk_auto(Appointments::Id))
                    .col(integer(Appointments::DoctorId))
                    .col(string_len(Appointments::Department, 64))
                    // YYYY-MM-DD and HH:MM (24-hour), in IST.
                    .col(string_len(Appointments::Date, 10))
                    .col(string_len(Appointments::StartTime, 5))
                    .col(string_len(Appointments::VisitType, 16))
                    .col(string_len(Appointments::Name, 100))
                    .col(string_len(Appointments::Phone, 20))
                    .col(string_len(Appointments::Email, 254))
                    .col(string_len(Appointments::Reason, 40))
                    // JSON array of the symptom names.
                    .col(text(Appointments::Symptoms))
                    .col(text(Appointments::Notes))
                    .col(string_len(Appointments::Insurance, 100))
                    .col(string_len(Appointments::PolicyNumber, 50))
                    .col(boolean(Appointments::IsNewPatient))
                    // RFC 3339 in UTC.
                    .col(string_len(Appointments::CreatedAt, 32))
                    .col(string_len_null(Appointments::CancelledAt, 32))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_appointments_doctor")
                            .from(Appointments::Table, Appointments::DoctorId)
                            .to(Doctors::Table, Doctors::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_appointments_active_slot \
                 ON appointments (doctor_id, date, start_time) WHERE cancelled_at IS NULL",
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(CardRequests::Table)
                    .col(pk_auto(CardRequests::Id))
                    .col(string_len(CardRequests::Name, 100))
                    .col(string_len(CardRequests::Email, 254))
                    .col(string_len(CardRequests::Number, 20))
                    .col(string_len(CardRequests::SubscriptionType, 40))
                    .col(string_len(CardRequests::CreatedAt, 32))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(NewsletterSubscribers::Table)
                    .col(pk_auto(NewsletterSubscribers::Id))
                    .col(string_len_uniq(NewsletterSubscribers::Email, 254))
                    // The secret of the one-click unsubscribe link.
                    .col(string_len_uniq(NewsletterSubscribers::UnsubscribeToken, 64))
                    .col(string_len(NewsletterSubscribers::SubscribedAt, 32))
                    .col(string_len_null(NewsletterSubscribers::UnsubscribedAt, 32))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(ContactMessages::Table)
                    .col(pk_auto(ContactMessages::Id))
                    .col(string_len(ContactMessages::Name, 100))
                    .col(string_len(ContactMessages::Email, 254))
                    .col(string_len(ContactMessages::Phone, 20))
                    .col(string_len(ContactMessages::Subject, 150))
                    .col(text(ContactMessages::Message))
                    .col(string_len(ContactMessages::Clinic, 120))
                    .col(string_len(ContactMessages::CreatedAt, 32))
                    .to_owned(),
            )
            .await?;

        // Fixed windows: one row per endpoint, client and window start.
        manager
            .create_table(
                Table::create()
                    .table(RateLimits::Table)
                    .col(string_len(RateLimits::Bucket, 32))
                    .col(string_len(RateLimits::Client, 64))
                    .col(big_integer(RateLimits::WindowStart))
                    .col(integer(RateLimits::Hits))
                    .primary_key(
                        Index::create().col(RateLimits::Bucket).col(RateLimits::Client).col(RateLimits::WindowStart),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_rate_limits_window")
                    .table(RateLimits::Table)
                    .col(RateLimits::WindowStart)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            RateLimits::Table.into_iden(),
            ContactMessages::Table.into_iden(),
            NewsletterSubscribers::Table.into_iden(),
            CardRequests::Table.into_iden(),
            Appointments::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Doctors {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    Id,
    DoctorId,
    Department,
    Date,
    StartTime,
    VisitType,
    Name,
    Phone,
    Email,
    Reason,
    Symptoms,
    Notes,
    Insurance,
    PolicyNumber,
    IsNewPatient,
    CreatedAt,
    CancelledAt,
}

#[derive(DeriveIden)]
enum CardRequests {
    Table,
    Id,
    Name,
    Email,
    Number,
    SubscriptionType,
    CreatedAt,
}

#[derive(DeriveIden)]
enum NewsletterSubscribers {
    Table,
    Id,
    Email,
    UnsubscribeToken,
    SubscribedAt,
    UnsubscribedAt,
}

#[derive(DeriveIden)]
enum ContactMessages {
    Table,
    Id,
    Name,
    Email,
    Phone,
    Subject,
    Message,
    Clinic,
    CreatedAt,
}

#[derive(DeriveIden)]
enum RateLimits {
    Table,
    Bucket,
    Client,
    WindowStart,
    Hits,
}

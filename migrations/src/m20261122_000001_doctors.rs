//! Departments, doctors and their weekly office hours.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Departments::Table)
                    .col(pk_auto(Departments::Id))
                    .col(string_len_uniq(Departments::Slug, 64))
                    .col(string_len(Departments::Name, 120))
                    .col(text(Departments::Description))
                    .col(boolean(Departments::Listed))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Doctors::Table)
                    .col(pk_auto(Doctors::Id))
                    .col(string_len(Doctors::Name, 120))
                    .col(string_len(Doctors::Specialization, 120))
                    .col(integer(Doctors::DepartmentId))
                    .col(integer(Doctors::ExperienceYears))
                    .col(double_null(Doctors::Rating))
                    .col(string_len_null(Doctors::Image, 500))
                    .col(string_len(Doctors::Location, 200))
                    .col(text(Doctors::Bio))
                    // Lists of short texts, stored as JSON arrays: they are only ever
                    // read and written whole, with the doctor.
                    .col(text(Doctors::Education))
                    .col(text(Doctors::Services))
                    .col(text(Doctors::Languages))
                    .col(text(Doctors::Insurances))
                    .col(string_len(Doctors::Availability, 60))
                    .col(string_len_null(Doctors::FounderTitle, 120))
                    .col(string_len_null(Doctors::FounderJob, 200))
                    .col(text_null(Doctors::FounderDescription))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_doctors_department")
                            .from(Doctors::Table, Doctors::DepartmentId)
                            .to(Departments::Table, Departments::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_doctors_department")
                    .table(Doctors::Table)
                    .col(Doctors::DepartmentId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OfficeHours::Table)
                    .col(pk_auto(OfficeHours::Id))
                    .col(integer(OfficeHours::DoctorId))
                    // ISO weekday: 1 Monday … 7 Sunday.
                    .col(small_integer(OfficeHours::Weekday).check(Expr::col(OfficeHours::Weekday).between(1, 7)))
                    .col(string_len(OfficeHours::Hours, 60))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_office_hours_doctor")
                            .from(OfficeHours::Table, OfficeHours::DoctorId)
                            .to(Doctors::Table, Doctors::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_office_hours_doctor_weekday")
                    .table(OfficeHours::Table)
                    .col(OfficeHours::DoctorId)
                    .col(OfficeHours::Weekday)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(OfficeHours::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Doctors::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Departments::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Departments {
    Table,
    Id,
    Slug,
    Name,
    Description,
    Listed,
}

#[derive(DeriveIden)]
enum Doctors {
    Table,
    Id,
    Name,
    Specialization,
    DepartmentId,
    ExperienceYears,
    Rating,
    Image,
    Location,
    Bio,
    Education,
    Services,
    Languages,
    Insurances,
    Availability,
    FounderTitle,
    FounderJob,
    FounderDescription,
}

#[derive(DeriveIden)]
enum OfficeHours {
    Table,
    Id,
    DoctorId,
    Weekday,
    Hours,
}

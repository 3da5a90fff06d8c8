//! Each doctor works at one of the two clinics, and doctors' leave has dates.
//!
//! - `doctors.clinic_id` names a clinic of `catalogue/clinics.json` (where the
//!   addresses are written once) and replaces the free-text `location`, which
//!   disagreed with the contact page. Existing rows are assigned from it: the head
//!   office for "Race Course Road" or "Head Office", otherwise the Kalawad Road
//!   clinic (every location the seed ever wrote is one of the two).
//! - `doctor_leave`: a doctor's leave from `starts_on` to `ends_on` (both
//!   YYYY-MM-DD in IST, inclusive; no end: until further notice), with a note for
//!   staff only. A doctor on leave offers no slots and cannot be booked. The free
//!   text "On leave" in `doctors.availability` becomes such a row, open-ended from
//!   the day of the migration, so nothing that was shown as "On leave" becomes
//!   bookable. The table raises the catalogue's data version like `doctors`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("ALTER TABLE doctors ADD COLUMN clinic_id VARCHAR(32) NOT NULL DEFAULT 'kalawad-road'").await?;
        // The locations the seed wrote; LOWER so SQLite and PostgreSQL match alike.
        db.execute_unprepared(
            "UPDATE doctors SET clinic_id = 'head-office' \
             WHERE LOWER(location) LIKE '%race course%' OR LOWER(location) LIKE '%racecourse%' OR LOWER(location) LIKE '%head office%'",
        )
        .await?;
        db.execute_unprepared("ALTER TABLE doctors DROP COLUMN location").await?;

        manager
            .create_table(
                Table::create()
                    .table(DoctorLeave::Table)
                    .col(pk_auto(DoctorLeave::Id))
                    .col(integer(DoctorLeave::DoctorId))
                    .col(string_len(DoctorLeave::StartsOn, 10))
                    .col(string_len_null(DoctorLeave::EndsOn, 10))
                    .col(text_null(DoctorLeave::Note))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_doctor_leave_doctor")
                            .from(DoctorLeave::Table, DoctorLeave::DoctorId)
                            .to(Doctors::Table, Doctors::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_doctor_leave_doctor")
                    .table(DoctorLeave::Table)
                    .col(DoctorLeave::DoctorId)
                    .to_owned(),
            )
            .await?;
        // The catalogue's version (row 1) follows leave, as it follows doctors.
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE TRIGGER doctor_leave_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON doctor_leave \
                     FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(1)",
                )
                .await?;
            }
            _ => {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER doctor_leave_{}_bump_data_version AFTER {event} ON doctor_leave \
                         BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END",
                        event.to_lowercase()
                    ))
                    .await?;
                }
            }
        }
        let today = today_ist();
        db.execute_unprepared(&format!(
            "INSERT INTO doctor_leave (doctor_id, starts_on, ends_on, note) \
             SELECT id, '{today}', NULL, 'Was \"On leave\" before leave had dates' FROM doctors WHERE LOWER(availability) = 'on leave'"
        ))
        .await?;
        db.execute_unprepared("UPDATE doctors SET availability = 'Available' WHERE LOWER(availability) = 'on leave'").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(
            "UPDATE doctors SET availability = 'On leave' WHERE id IN (SELECT doctor_id FROM doctor_leave WHERE ends_on IS NULL)",
        )
        .await?;
        manager.drop_table(Table::drop().table(DoctorLeave::Table).to_owned()).await?;
        db.execute_unprepared("ALTER TABLE doctors ADD COLUMN location VARCHAR(200) NOT NULL DEFAULT ''").await?;
        db.execute_unprepared(
            "UPDATE doctors SET location = CASE clinic_id WHEN 'head-office' THEN 'HYGO Head Office Clinic, Race Course Road, Rajkot' \
             ELSE 'HYGO Clinic, Kalawad Road, Rajkot' END",
        )
        .await?;
        db.execute_unprepared("ALTER TABLE doctors DROP COLUMN clinic_id").await?;
        Ok(())
    }
}

/// Today's date in IST (UTC+05:30 all year), from the system clock.
fn today_ist() -> String {
    let ist = chrono::FixedOffset::east_opt(5 * 3600 + 30 * 60).expect("a valid offset");
    chrono::Utc::now().with_timezone(&ist).format("%Y-%m-%d").to_string()
}

#[derive(DeriveIden)]
enum DoctorLeave {
    Table,
    Id,
    DoctorId,
    StartsOn,
    EndsOn,
    Note,
}

#[derive(DeriveIden)]
enum Doctors {
    Table,
    Id,
}

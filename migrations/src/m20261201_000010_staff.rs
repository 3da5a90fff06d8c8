//! Issue 15 (the staff console, part 1):
//! - `staff_accounts`, `staff_links` (one-time links to set a password),
//!   `staff_recovery_codes`, `staff_sessions` and `sign_in_attempts`: sign-in with
//!   a password and a second factor, sessions kept in the database;
//! - `audit_log`: every staff action, who, what, when, before and after; the
//!   database refuses to change or delete a row of it (a trigger on each backend);
//! - `appointments.status` replaces `cancelled_at`: a request is `requested`, then
//!   `confirmed`, `declined` or `rescheduled`, then `completed`, `no-show` or
//!   `cancelled`, or `expired` when nobody confirmed it in time. The unique index on
//!   (doctor, date, start time) now covers only the statuses that hold a slot, so a
//!   declined, cancelled or expired request frees its slot at once. Rows cancelled
//!   before become `cancelled`. `sequence` counts the calendar invitation's versions
//!   (RFC 5545), raised on a reschedule;
//! - health-card requests and contact messages: who handled them, when, with a note;
//! - the outbox carries a calendar file (`.ics`) for a message that has one.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::DbBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The statuses that hold their slot (`hygo_booking::status::Status::holds_slot`).
const HOLDING: &str = "('requested', 'confirmed', 'rescheduled', 'completed', 'no-show')";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        manager
            .create_table(
                Table::create()
                    .table(StaffAccounts::Table)
                    .col(pk_auto(StaffAccounts::Id))
                    .col(string_len_uniq(StaffAccounts::Email, 254))
                    .col(string_len(StaffAccounts::Name, 120))
                    .col(string_len(StaffAccounts::Role, 16))
                    .col(string_len_null(StaffAccounts::PasswordHash, 256))
                    .col(string_len_null(StaffAccounts::PasswordChangedAt, 32))
                    .col(string_len_null(StaffAccounts::TotpSecret, 128))
                    .col(big_integer_null(StaffAccounts::TotpLastStep))
                    .col(string_len_null(StaffAccounts::DisabledAt, 32))
                    .col(string_len(StaffAccounts::CreatedAt, 32))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(StaffLinks::Table)
                    .col(pk_auto(StaffLinks::Id))
                    .col(integer(StaffLinks::AccountId))
                    .col(string_len_uniq(StaffLinks::TokenHash, 64))
                    .col(string_len(StaffLinks::Purpose, 16))
                    .col(string_len(StaffLinks::ExpiresAt, 32))
                    .col(string_len_null(StaffLinks::UsedAt, 32))
                    .col(string_len(StaffLinks::CreatedAt, 32))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(StaffRecoveryCodes::Table)
                    .col(pk_auto(StaffRecoveryCodes::Id))
                    .col(integer(StaffRecoveryCodes::AccountId))
                    .col(string_len(StaffRecoveryCodes::CodeHash, 64))
                    .col(string_len_null(StaffRecoveryCodes::UsedAt, 32))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(StaffSessions::Table)
                    .col(pk_auto(StaffSessions::Id))
                    .col(string_len_uniq(StaffSessions::TokenHash, 64))
                    .col(integer(StaffSessions::AccountId))
                    // `password`: the password was right, the second factor is still to come; `full`: signed in.
                    .col(string_len(StaffSessions::Stage, 16))
                    .col(string_len(StaffSessions::CsrfToken, 64))
                    .col(string_len(StaffSessions::CreatedAt, 32))
                    .col(string_len(StaffSessions::LastSeenAt, 32))
                    .col(string_len(StaffSessions::ExpiresAt, 32))
                    .col(string_len(StaffSessions::Device, 120))
                    .col(string_len_null(StaffSessions::EndedAt, 32))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SignInAttempts::Table)
                    .col(pk_auto(SignInAttempts::Id))
                    .col(string_len(SignInAttempts::At, 32))
                    .col(string_len(SignInAttempts::AccountKey, 64))
                    .col(string_len(SignInAttempts::ClientKey, 64))
                    .col(string_len(SignInAttempts::Outcome, 32))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .col(pk_auto(AuditLog::Id))
                    .col(string_len(AuditLog::At, 32))
                    .col(integer_null(AuditLog::ActorId))
                    .col(string_len(AuditLog::Actor, 254))
                    .col(string_len(AuditLog::Action, 64))
                    .col(string_len(AuditLog::TargetKind, 32))
                    .col(string_len(AuditLog::Target, 254))
                    .col(text(AuditLog::Before))
                    .col(text(AuditLog::After))
                    .to_owned(),
            )
            .await?;
        let mut sql: Vec<String> = vec![
            "CREATE INDEX idx_staff_sessions_account ON staff_sessions (account_id)".into(),
            "CREATE INDEX idx_sign_in_attempts_account ON sign_in_attempts (account_key, at)".into(),
            "CREATE INDEX idx_sign_in_attempts_client ON sign_in_attempts (client_key, at)".into(),
            "CREATE INDEX idx_audit_log_at ON audit_log (at)".into(),
            "ALTER TABLE appointments ADD COLUMN status VARCHAR(16) NOT NULL DEFAULT 'requested'".into(),
            "ALTER TABLE appointments ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0".into(),
            "ALTER TABLE appointments ADD COLUMN status_changed_at VARCHAR(32)".into(),
            "UPDATE appointments SET status = 'cancelled', status_changed_at = cancelled_at WHERE cancelled_at IS NOT NULL".into(),
            "DROP INDEX uq_appointments_active_slot".into(),
            "ALTER TABLE appointments DROP COLUMN cancelled_at".into(),
            format!("CREATE UNIQUE INDEX uq_appointments_held_slot ON appointments (doctor_id, date, start_time) WHERE status IN {HOLDING}"),
            "CREATE INDEX idx_appointments_status ON appointments (status, created_at)".into(),
            "ALTER TABLE outbox ADD COLUMN calendar TEXT".into(),
        ];
        for table in ["card_requests", "contact_messages"] {
            sql.push(format!("ALTER TABLE {table} ADD COLUMN handled_at VARCHAR(32)"));
            sql.push(format!("ALTER TABLE {table} ADD COLUMN handled_by VARCHAR(254)"));
            sql.push(format!("ALTER TABLE {table} ADD COLUMN handled_note TEXT"));
        }
        // The audit log is written once and never changed, whoever asks.
        match backend {
            DbBackend::Postgres => {
                sql.push(
                    "CREATE FUNCTION audit_log_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN RAISE EXCEPTION 'the audit log is kept as written'; END $$"
                        .into(),
                );
                sql.push("CREATE TRIGGER audit_log_kept BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_is_kept()".into());
            }
            _ => {
                for (name, event) in [("audit_log_no_update", "UPDATE"), ("audit_log_no_delete", "DELETE")] {
                    sql.push(format!(
                        "CREATE TRIGGER {name} BEFORE {event} ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is kept as written'); END"
                    ));
                }
            }
        }
        for statement in sql {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let mut sql: Vec<String> = vec![
            "ALTER TABLE outbox DROP COLUMN calendar".into(),
            "DROP INDEX idx_appointments_status".into(),
            "DROP INDEX uq_appointments_held_slot".into(),
            "ALTER TABLE appointments ADD COLUMN cancelled_at VARCHAR(32)".into(),
            format!("UPDATE appointments SET cancelled_at = COALESCE(status_changed_at, created_at) WHERE status NOT IN {HOLDING}"),
            "ALTER TABLE appointments DROP COLUMN status_changed_at".into(),
            "ALTER TABLE appointments DROP COLUMN sequence".into(),
            "ALTER TABLE appointments DROP COLUMN status".into(),
            "CREATE UNIQUE INDEX uq_appointments_active_slot ON appointments (doctor_id, date, start_time) WHERE cancelled_at IS NULL".into(),
        ];
        for table in ["card_requests", "contact_messages"] {
            for column in ["handled_at", "handled_by", "handled_note"] {
                sql.push(format!("ALTER TABLE {table} DROP COLUMN {column}"));
            }
        }
        for statement in sql {
            db.execute_unprepared(&statement).await?;
        }
        for table in ["audit_log", "sign_in_attempts", "staff_sessions", "staff_recovery_codes", "staff_links", "staff_accounts"] {
            manager.drop_table(Table::drop().table(Alias::new(table)).to_owned()).await?;
        }
        if manager.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared("DROP FUNCTION audit_log_is_kept()").await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum StaffAccounts {
    Table,
    Id,
    Email,
    Name,
    Role,
    PasswordHash,
    PasswordChangedAt,
    TotpSecret,
    TotpLastStep,
    DisabledAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum StaffLinks {
    Table,
    Id,
    AccountId,
    TokenHash,
    Purpose,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum StaffRecoveryCodes {
    Table,
    Id,
    AccountId,
    CodeHash,
    UsedAt,
}

#[derive(DeriveIden)]
enum StaffSessions {
    Table,
    Id,
    TokenHash,
    AccountId,
    Stage,
    CsrfToken,
    CreatedAt,
    LastSeenAt,
    ExpiresAt,
    Device,
    EndedAt,
}

#[derive(DeriveIden)]
enum SignInAttempts {
    Table,
    Id,
    At,
    AccountKey,
    ClientKey,
    Outcome,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    At,
    ActorId,
    Actor,
    Action,
    TargetKind,
    Target,
    Before,
    After,
}

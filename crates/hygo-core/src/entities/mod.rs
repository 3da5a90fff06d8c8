//! SeaORM entities, one file per table; the schema itself is in `migrations/`.

pub mod appointment;
pub mod audit_log;
pub mod away_visit;
pub mod card_request;
pub mod clinic_closure;
pub mod consent;
pub mod contact_message;
pub mod content_image;
pub mod content_revision;
pub mod content_share;
pub mod department;
pub mod doctor;
pub mod doctor_leave;
pub mod hour_change;
pub mod newsletter_subscriber;
pub mod office_hours;
pub mod outbox;
pub mod photo_file;
pub mod rate_limit;
pub mod receipt;
pub mod secret;
pub mod sign_in_attempt;
pub mod staff_account;
pub mod staff_link;
pub mod staff_recovery_code;
pub mod staff_session;

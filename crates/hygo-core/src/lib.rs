//! What every capability stands on: the database (SeaORM, SQLite or PostgreSQL:
//! connecting, migrating, seeding), its entities, time in IST, references and
//! tokens, validation (`form`), the audit log, the e-mail outbox, rate limits,
//! secrets, the data version and backups.

pub mod audit;
pub mod backup;
pub mod data_version;
pub mod db;
pub mod entities;
pub mod form;
pub mod ist;
pub mod mail;
pub mod messaging;
pub mod outbox;
pub mod phone;
pub mod rate_limit;
pub mod refs;
pub mod secrets;
pub mod seed;
pub mod setup;
pub mod times;
pub mod weekday;

// The lower crates' modules this one's code names through `crate::`.
use hygo_content as content;

pub use db::Db;
pub use setup::connect;

/// A failure of the data layer. Callers turn it into a 500/503 and log it; the
/// visitor never sees its text.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error(transparent)]
    Db(#[from] sea_orm::DbErr),
    #[error("bad data in {what}: {detail}")]
    Corrupt { what: String, detail: String },
    /// Data was expected and is not there (`setup::connect_expecting`).
    #[error("{0}")]
    Missing(String),
    /// The database cannot keep a write now (`db::Fault`): gone, replaced, read-only.
    #[error("the database cannot keep writes: {0}")]
    Storage(String),
}

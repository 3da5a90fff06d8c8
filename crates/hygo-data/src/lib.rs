//! Domain and data of the HYGO site: the database (SeaORM, SQLite or PostgreSQL),
//! the seed, the static catalogue, and the query functions that the JSON API and
//! the server-rendered pages share, so the two can never disagree.

pub mod appointments;
pub mod audit;
pub mod backup;
pub mod calendar;
pub mod card_requests;
pub mod catalogue;
pub mod contact_messages;
pub mod data_version;
pub mod db;
pub mod doctor_edit;
pub mod doctor_photos;
pub mod doctors;
pub mod entities;
pub mod form;
pub mod inbox;
pub mod intake;
pub mod ist;
pub mod leave;
pub mod mail;
pub mod newsletter;
pub mod notices;
pub mod photos;
pub mod rate_limit;
pub mod receipts;
pub mod refs;
pub mod search;
pub mod schedule;
pub mod secrets;
pub mod seed;
pub mod setup;
pub mod slots;
pub mod staff;
pub mod status;
pub mod weekday;

pub use db::Db;
pub use setup::connect;
pub use doctors::Doctor;

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

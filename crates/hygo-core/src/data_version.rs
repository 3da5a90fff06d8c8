//! Data versions (see the migration `m20261125_000004_data_version`): numbers that
//! database triggers raise on every change to the tables behind them, so a copy
//! kept in memory can tell whether it is still current with one small query.

use sea_orm::{ConnectionTrait, Statement};

use crate::{DataError, Db};

/// The versions; each only ever grows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versions {
    /// Doctors, departments and office hours: what the public pages show.
    pub catalogue: i64,
    /// Appointment requests: what the free slots are made from.
    pub bookings: i64,
    /// The editors' publications (`hygo_editorial`): raised by each, in its
    /// transaction; every instance lays the published content over the files
    /// when it sees it change.
    pub content: i64,
}

pub async fn current(db: &Db) -> Result<Versions, DataError> {
    let stmt = Statement::from_string(db.get_database_backend(), "SELECT id, version FROM data_version");
    let rows = db.query_all_raw(stmt).await?;
    let mut found = (None, None, None);
    for row in rows {
        let version = row.try_get::<i64>("", "version")?;
        match row.try_get::<i32>("", "id")? {
            1 => found.0 = Some(version),
            2 => found.1 = Some(version),
            3 => found.2 = Some(version),
            _ => {}
        }
    }
    match found {
        (Some(catalogue), Some(bookings), Some(content)) => Ok(Versions { catalogue, bookings, content }),
        _ => Err(DataError::Corrupt { what: "data_version".into(), detail: "a row is missing".into() }),
    }
}

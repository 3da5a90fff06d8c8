//! The data version (see the migration `m20261125_000004_data_version`): a number
//! that database triggers raise on every change to doctors, departments and
//! office hours, the tables the cached public pages are made from.

use sea_orm::{ConnectionTrait, Statement};

use crate::{DataError, Db};

/// The current version; it only ever grows.
pub async fn current(db: &Db) -> Result<i64, DataError> {
    let stmt = Statement::from_string(db.get_database_backend(), "SELECT version FROM data_version WHERE id = 1");
    let row = db.query_one_raw(stmt).await?.ok_or_else(|| DataError::Corrupt {
        what: "data_version".into(),
        detail: "the row is missing".into(),
    })?;
    Ok(row.try_get::<i64>("", "version")?)
}

//! Server keys: 32 random bytes made the first time one is asked for, stored in
//! the `secrets` table, so every instance on the same database shares them and
//! none is in the repository, the configuration or a log. Two instances starting
//! at once both try to store theirs; the database keeps the first and both read it.

use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, Set};

use crate::entities::secret;
use crate::{DataError, Db};

/// The key called `name` (at most 32 characters), made if there is none yet.
pub async fn key(db: &Db, name: &str) -> Result<Vec<u8>, DataError> {
    if let Some(found) = read(db, name).await? {
        return Ok(found);
    }
    let mut fresh = [0u8; 32];
    getrandom::fill(&mut fresh).map_err(|e| DataError::Corrupt { what: "the system's random numbers".into(), detail: e.to_string() })?;
    let row = secret::ActiveModel { name: Set(name.to_owned()), value: Set(hex(&fresh)) };
    secret::Entity::insert(row)
        .on_conflict(OnConflict::column(secret::Column::Name).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    read(db, name).await?.ok_or_else(|| DataError::Corrupt { what: "the secrets table".into(), detail: format!("{name} was not kept") })
}

async fn read(db: &Db, name: &str) -> Result<Option<Vec<u8>>, DataError> {
    let Some(row) = secret::Entity::find_by_id(name.to_owned()).one(db).await? else {
        return Ok(None);
    };
    match unhex(&row.value) {
        Some(b) if b.len() >= 16 => Ok(Some(b)),
        _ => Err(DataError::Corrupt { what: "the secrets table".into(), detail: format!("{name} is not a hex key") }),
    }
}

/// Bytes as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex back to bytes; None for anything else (an odd length, another character).
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| text.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok())).collect()
}

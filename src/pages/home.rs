//! `/`: the catalogue's home texts and the founders from the database.

use serde_json::{json, Value};

use hygo_data::{catalogue, doctors, DataError, Db};

pub async fn data(db: &Db) -> Result<Value, DataError> {
    Ok(json!({ "home": catalogue::home(), "founders": doctors::founders(db).await? }))
}

//! `/doctors`: every doctor; the page filters them in the browser as the visitor types.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{doctors, DataError, Db};

pub async fn data(db: &Db, clock: &Clock) -> Result<Value, DataError> {
    Ok(json!({ "doctors": doctors::all(db, clock).await? }))
}

//! `/doctors`: every doctor; the page filters them in the browser as the visitor types.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{doctors, DataError, Db};

pub async fn data(db: &Db, clock: &Clock) -> Result<Value, DataError> {
    Ok(json!({ "doctors": doctors::all(db, clock).await? }))
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    Ok(super::Loaded::ok(data(cx.db(), cx.clock()).await?, super::Head::meta("doctors")))
}

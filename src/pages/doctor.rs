//! `/doctors/{id}` and `/doctorDetail`: one doctor's profile, or "Doctor Not Found"
//! with status 404 when the id is missing or unknown.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{doctors, DataError, Db};

pub async fn data(db: &Db, clock: &Clock, id: Option<i32>) -> Result<(u16, Value), DataError> {
    let doctor = match id {
        Some(id) => doctors::by_id(db, clock, id).await?,
        None => None,
    };
    let status = if doctor.is_some() { 200 } else { 404 };
    Ok((status, json!({ "doctor": doctor })))
}

//! `/departments/{id}`: a department of the catalogue with its specialists from the
//! database, or "Department Not Found" with status 404.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{catalogue, doctors, DataError, Db};

pub async fn data(db: &Db, clock: &Clock, id: &str) -> Result<(u16, Value), DataError> {
    let Some(department) = catalogue::find_department(id) else {
        return Ok((404, json!({ "department": null, "specialists": [] })));
    };
    // A department of the catalogue that has no row yet (added after the database
    // was seeded) simply has no specialists.
    let specialists = doctors::by_department(db, clock, &department.slug).await?.unwrap_or_default();
    Ok((200, json!({ "department": department, "specialists": specialists })))
}

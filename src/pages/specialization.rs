//! `/specializations/{id}` (the target of search results): the specialization, the
//! HYGO doctors who practise it, and its department.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{catalogue, doctors, DataError, Db};

pub async fn data(db: &Db, clock: &Clock, id: &str) -> Result<(u16, Value), DataError> {
    let Some(spec) = catalogue::find_specialization(id) else {
        return Ok((404, json!({ "specialization": null, "doctors": [], "department": null })));
    };
    // "Orthopedic" covers "Orthopedic Surgeon"; "Neurologist" does not cover "Neurosurgeon".
    let wanted = spec.name.to_lowercase();
    let mut found = doctors::all(db, clock).await?;
    found.retain(|d| d.specialization.to_lowercase().contains(&wanted));
    let department = spec.department.as_deref().and_then(catalogue::find_department);
    Ok((200, json!({ "specialization": spec, "doctors": found, "department": department })))
}

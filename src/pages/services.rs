//! `/services` and `/services/{id}`: the services of the catalogue, or "Service
//! Not Found" with status 404.

use serde_json::{json, Value};

use hygo_data::catalogue;

pub fn list() -> Value {
    json!({ "services": catalogue::services() })
}

pub fn one(id: &str) -> (u16, Value) {
    match catalogue::find_service(id) {
        Some(service) => (200, json!({ "service": service })),
        None => (404, json!({ "service": null })),
    }
}

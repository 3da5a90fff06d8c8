//! `/departments`: every listed department, sorted by name.

use serde_json::{json, Value};

pub fn data() -> Value {
    let mut listed: Vec<_> = hygo_data::catalogue::departments().iter().filter(|d| d.listed).collect();
    listed.sort_by_key(|d| d.name.to_lowercase());
    json!({ "departments": listed })
}

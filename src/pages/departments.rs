//! `/departments`: every listed department, sorted by name.

use serde_json::{json, Value};

pub fn data() -> Value {
    let mut listed: Vec<_> = hygo_data::catalogue::departments().iter().filter(|d| d.listed).collect();
    listed.sort_by_key(|d| d.name.to_lowercase());
    json!({ "departments": listed })
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_data::DataError> {
    let head = super::Head::meta("departments")
        .structured_data(super::seo::clinics_graph(cx, hygo_data::catalogue::clinics().iter().collect()));
    Ok(super::Loaded::ok(data(), head))
}

//! `/`: the catalogue's home texts and the founders from the database.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{catalogue, doctors, DataError, Db};

pub async fn data(db: &Db, clock: &Clock) -> Result<Value, DataError> {
    // The four flip cards of the departments section, with the catalogue's texts.
    let featured: Vec<&catalogue::Department> = catalogue::home()["departments"]["cards"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|c| c["link"].as_str()?.strip_prefix("/departments/"))
        .filter_map(catalogue::find_department)
        .collect();
    Ok(json!({ "home": catalogue::home(), "founders": doctors::founders(db, clock).await?, "departments": featured }))
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let head = super::Head::meta("home").structured_data(super::seo::clinics_graph(cx, catalogue::clinics().iter().collect()));
    Ok(super::Loaded::ok(data(cx.db(), cx.clock()).await?, head))
}

//! `/`: the catalogue's home texts and the founders from the database.

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use hygo_content::catalogue;
use hygo_directory::{doctors, Doctor};
use hygo_core::DataError;

#[derive(Serialize, TS)]
#[ts(rename = "HomeData")]
pub struct Data {
    #[ts(type = "HomeContent")]
    pub home: &'static Value,
    pub founders: Vec<Doctor>,
    /// The four flip cards of the departments section, with the catalogue's texts.
    pub departments: Vec<&'static catalogue::Department>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let departments = catalogue::home()["departments"]["cards"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|c| c["link"].as_str()?.strip_prefix("/departments/"))
        .filter_map(catalogue::find_department)
        .collect();
    let data = Data { home: catalogue::home(), founders: doctors::founders(cx.db(), cx.clock()).await?, departments };
    let head = super::Head::meta("home").structured_data(super::seo::clinics_graph(cx, catalogue::clinics().iter().collect()));
    Ok(super::Loaded::ok(super::PageData::Home(data), head))
}

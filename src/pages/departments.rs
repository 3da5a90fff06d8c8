//! `/departments`: every listed department, sorted by name.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::catalogue::{self, Department};

#[derive(Serialize, TS)]
#[ts(rename = "DepartmentsData")]
pub struct Data {
    pub departments: Vec<&'static Department>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let mut departments: Vec<&Department> = catalogue::departments().iter().filter(|d| d.listed).collect();
    departments.sort_by_key(|d| d.name.to_lowercase());
    let head = super::Head::meta("departments").structured_data(super::seo::clinics_graph(cx, catalogue::clinics().iter().collect()));
    Ok(super::Loaded::ok(super::PageData::Departments(Data { departments }), head))
}

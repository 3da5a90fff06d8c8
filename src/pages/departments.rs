//! `/departments`: every listed department, sorted by name.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::Department;

#[derive(Serialize, TS)]
#[ts(rename = "DepartmentsData")]
pub struct Data {
    pub departments: Vec<Department>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let mut departments: Vec<Department> = cx
        .content
        .departments
        .iter()
        .filter(|d| d.listed)
        .cloned()
        .collect();
    departments.sort_by_key(|d| d.name.to_lowercase());
    let head = super::Head::meta(&cx.meta().departments).structured_data(
        super::seo::clinics_graph(cx, cx.content.clinics.iter().collect()),
    );
    Ok(super::Loaded::ok(
        super::PageData::Departments(Data { departments }),
        head,
    ))
}

//! `/specializations/{id}` (the target of search results): the specialization, the
//! HYGO doctors who practise it, and its department.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::catalogue::{Department, Specialization};
use hygo_content::catalogue;
use hygo_directory::{doctors, Doctor};
use hygo_core::DataError;

#[derive(Serialize, TS)]
#[ts(rename = "SpecializationData")]
pub struct Data {
    pub specialization: Option<&'static Specialization>,
    pub doctors: Vec<Doctor>,
    pub department: Option<&'static Department>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let Some(spec) = catalogue::find_specialization(cx.param("id").unwrap_or_default()) else {
        let head = super::Head::meta("specializationNotFound").canonical("/doctors");
        let data = Data { specialization: None, doctors: Vec::new(), department: None };
        return Ok(super::Loaded::not_found(super::PageData::Specialization(data), head));
    };
    let wanted = spec.name.to_lowercase();
    let mut found = doctors::all(cx.db(), cx.clock()).await?;
    found.retain(|d| d.specialization.to_lowercase().contains(&wanted));
    let department = spec.department.as_deref().and_then(catalogue::find_department);
    let count = found.len().to_string();
    let description = match found.len() {
        0 => cx.meta("specialization.descriptionNone"),
        1 => cx.meta("specialization.descriptionOne"),
        _ => cx.meta("specialization.descriptionMany"),
    };
    let fields = [("name", spec.name.as_str()), ("count", count.as_str())];
    let head = super::Head::new(catalogue::fill(cx.meta("specialization.title"), &fields), catalogue::fill(description, &fields))
        .canonical(super::url::specialization(&spec.id));
    Ok(super::Loaded::ok(super::PageData::Specialization(Data { specialization: Some(spec), doctors: found, department }), head))
}

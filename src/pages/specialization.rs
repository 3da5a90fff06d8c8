//! `/specializations/{id}` (the target of search results): the specialization, the
//! HYGO doctors who practise it, and its department.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::{Department, Specialization};
use hygo_core::DataError;
use hygo_directory::{Doctor, doctors};

#[derive(Serialize, TS)]
#[ts(rename = "SpecializationData")]
pub struct Data {
    pub specialization: Option<Specialization>,
    pub doctors: Vec<Doctor>,
    pub department: Option<Department>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let Some(spec) = cx
        .content
        .find_specialization(cx.param("id").unwrap_or_default())
        .cloned()
    else {
        let head = super::Head::meta(&cx.meta().specialization_not_found).canonical("/doctors");
        let data = Data {
            specialization: None,
            doctors: Vec::new(),
            department: None,
        };
        return Ok(super::Loaded::not_found(
            super::PageData::Specialization(data),
            head,
        ));
    };
    // Doctors' specializations are stored in English: matched by English's name.
    let english = hygo_content::default();
    let wanted = english.find_specialization(&spec.id).map_or_else(|| spec.name.to_lowercase(), |s| s.name.to_lowercase());
    let mut found = doctors::all(cx.db(), cx.clock()).await?;
    found.retain(|d| d.specialization.to_lowercase().contains(&wanted));
    let found: Vec<_> = found.into_iter().map(|d| d.in_language(&cx.content)).collect();
    let department = spec
        .department
        .as_deref()
        .and_then(|d| cx.content.find_department(d))
        .cloned();
    let count = found.len().to_string();
    let meta = &cx.meta().specialization;
    let description = match found.len() {
        0 => &meta.description_none,
        1 => &meta.description_one,
        _ => &meta.description_many,
    };
    let fields = [("name", spec.name.as_str()), ("count", count.as_str())];
    let head = super::Head::new(
        hygo_content::fill(&meta.title, &fields),
        hygo_content::fill(description, &fields),
    )
    .canonical(super::url::specialization(&spec.id));
    Ok(super::Loaded::ok(
        super::PageData::Specialization(Data {
            specialization: Some(spec),
            doctors: found,
            department,
        }),
        head,
    ))
}

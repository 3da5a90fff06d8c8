//! `/departments/{id}`: a department of the catalogue with its specialists from the
//! database, or "Department Not Found" with status 404.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::{Clinic, Department};
use hygo_core::DataError;
use hygo_directory::{Doctor, doctors};

#[derive(Serialize, TS)]
#[ts(rename = "DepartmentData")]
pub struct Data {
    pub department: Option<Department>,
    pub specialists: Vec<Doctor>,
    /// Its hours: its doctors' weekly hours together, day by day
    /// (`doctors::hours_together`); empty without a doctor.
    pub hours: Vec<hygo_directory::doctors::DayHours>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let id = cx.param("id").unwrap_or_default();
    let Some(department) = cx.content.find_department(id).cloned() else {
        let head = super::Head::meta(&cx.meta().department_not_found).canonical("/departments");
        return Ok(super::Loaded::not_found(
            super::PageData::Department(Data {
                department: None,
                specialists: Vec::new(),
                hours: Vec::new(),
            }),
            head,
        ));
    };
    let specialists: Vec<_> = doctors::by_department(cx.db(), cx.clock(), &department.slug).await?.unwrap_or_default().into_iter().map(|d| d.in_language(&cx.content)).collect();
    // The clinics where its specialists work; both while it has none, as `Department.tsx` shows them.
    let all = &cx.content.clinics;
    let mut here: Vec<&Clinic> = all
        .iter()
        .filter(|c| specialists.iter().any(|d| d.clinic == c.id))
        .collect();
    if here.is_empty() {
        here = all.iter().collect();
    }
    let head = super::Head::new(
        hygo_content::fill(&cx.meta().department.title, &[("name", &department.name)]),
        super::first_sentences(&department.description, 160),
    )
    .canonical(super::url::department(&department.slug))
    .structured_data(super::seo::clinics_graph(cx, here))
    // A department without a doctor is not for search engines (nor the sitemap).
    .noindex(specialists.is_empty());
    let ids: Vec<i32> = specialists.iter().map(|d| d.id).collect();
    let hours = if ids.is_empty() { Vec::new() } else { doctors::hours_together(cx.db(), &ids).await? };
    Ok(super::Loaded::ok(super::PageData::Department(Data { department: Some(department), specialists, hours }), head))
}

//! `/`: the catalogue's home texts and the founders from the database.

use std::sync::Arc;

use serde::Serialize;
use ts_rs::TS;

use hygo_content::{Department, Home};
use hygo_core::DataError;
use hygo_directory::{Doctor, doctors};

#[derive(Serialize, TS)]
#[ts(rename = "HomeData")]
pub struct Data {
    pub home: Arc<Home>,
    pub founders: Vec<Doctor>,
    /// The four flip cards of the departments section, with the catalogue's texts:
    /// the first four of the catalogue's cards whose department has a doctor.
    pub departments: Vec<Department>,
    /// "Specialities available": those whose department has a doctor.
    pub specialities: Vec<String>,
}

/// How many flip cards the departments section shows.
const CARDS: usize = 4;

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let home = cx.content.home.clone();
    // A department is featured, or its speciality named, only while it has a doctor.
    let staffed = doctors::staffed_departments(cx.db()).await?;
    let departments = home
        .departments
        .cards
        .iter()
        .filter_map(|c| c.link.strip_prefix("/departments/"))
        .filter_map(|id| cx.content.find_department(id))
        .filter(|d| staffed.contains(&d.slug))
        .take(CARDS)
        .cloned()
        .collect();
    let specialities = home
        .services
        .specialities
        .iter()
        .filter(|s| s.department.as_ref().is_some_and(|d| staffed.contains(d)))
        .map(|s| s.name.clone())
        .collect();
    let data = Data {
        home,
        founders: doctors::founders(cx.db(), cx.clock()).await?.into_iter().map(|d| d.in_language(&cx.content)).collect(),
        departments,
        specialities,
    };
    let head = super::Head::meta(&cx.meta().home).structured_data(super::seo::clinics_graph(
        cx,
        cx.content.clinics.iter().collect(),
    ));
    Ok(super::Loaded::ok(super::PageData::Home(data), head))
}

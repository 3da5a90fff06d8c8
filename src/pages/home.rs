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
    /// The four flip cards of the departments section, with the catalogue's texts.
    pub departments: Vec<Department>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let home = cx.content.home.clone();
    let departments = home
        .departments
        .cards
        .iter()
        .filter_map(|c| c.link.strip_prefix("/departments/"))
        .filter_map(|id| cx.content.find_department(id))
        .cloned()
        .collect();
    let data = Data {
        home,
        founders: doctors::founders(cx.db(), cx.clock()).await?,
        departments,
    };
    let head = super::Head::meta(&cx.meta().home).structured_data(super::seo::clinics_graph(
        cx,
        cx.content.clinics.iter().collect(),
    ));
    Ok(super::Loaded::ok(super::PageData::Home(data), head))
}

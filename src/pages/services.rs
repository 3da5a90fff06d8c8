//! `/services` and `/services/{id}`: the services of the catalogue, or "Service
//! Not Found" with status 404.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::catalogue::Service;
use hygo_content::catalogue;
use hygo_core::DataError;

#[derive(Serialize, TS)]
#[ts(rename = "ServicesData")]
pub struct ListData {
    pub services: Vec<Service>,
}

#[derive(Serialize, TS)]
#[ts(rename = "ServiceData")]
pub struct OneData {
    pub service: Option<Service>,
}

pub async fn load_list(_cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    Ok(super::Loaded::ok(super::PageData::Services(ListData { services: catalogue::services() }), super::Head::meta("services")))
}

pub async fn load_one(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let Some(service) = catalogue::find_service(cx.param("id").unwrap_or_default()) else {
        let head = super::Head::meta("serviceNotFound").canonical("/services");
        return Ok(super::Loaded::not_found(super::PageData::Service(OneData { service: None }), head));
    };
    // "Service" tells it apart from the department of the same name (Laboratory, Physiotherapy).
    let title = match service.name.to_lowercase().contains("service") {
        true => cx.meta("service.titleNamed"),
        false => cx.meta("service.title"),
    };
    let about = if service.long_description.trim().is_empty() { &service.description } else { &service.long_description };
    let head = super::Head::new(catalogue::fill(title, &[("name", &service.name)]), super::first_sentences(about, 160))
        .canonical(super::url::service(&service.id));
    Ok(super::Loaded::ok(super::PageData::Service(OneData { service: Some(service) }), head))
}

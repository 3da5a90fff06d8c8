//! `/services` and `/services/{id}`: the services of the catalogue, or "Service
//! Not Found" with status 404.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::Service;
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

pub async fn load_list(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let services = cx.content.services.to_vec();
    Ok(super::Loaded::ok(
        super::PageData::Services(ListData { services }),
        super::Head::meta(&cx.meta().services),
    ))
}

pub async fn load_one(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let Some(service) = cx
        .content
        .find_service(cx.param("id").unwrap_or_default())
        .cloned()
    else {
        let head = super::Head::meta(&cx.meta().service_not_found).canonical("/services");
        return Ok(super::Loaded::not_found(
            super::PageData::Service(OneData { service: None }),
            head,
        ));
    };
    // "Service" tells it apart from the department of the same name (Laboratory, Physiotherapy).
    let title = match service.name.to_lowercase().contains("service") {
        true => &cx.meta().service.title_named,
        false => &cx.meta().service.title,
    };
    let about = if service.long_description.trim().is_empty() {
        &service.description
    } else {
        &service.long_description
    };
    let head = super::Head::new(
        hygo_content::fill(title, &[("name", &service.name)]),
        super::first_sentences(about, 160),
    )
    .canonical(super::url::service(&service.id));
    Ok(super::Loaded::ok(
        super::PageData::Service(OneData {
            service: Some(service),
        }),
        head,
    ))
}

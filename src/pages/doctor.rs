//! `/doctors/{id}` and `/doctorDetail`: one doctor's profile, or "Doctor Not Found"
//! with status 404 when the id is missing or unknown.

use serde::Serialize;
use ts_rs::TS;

use hygo_core::DataError;
use hygo_directory::{Doctor, doctors};

#[derive(Serialize, TS)]
#[ts(rename = "DoctorData")]
pub struct Data {
    pub doctor: Option<Doctor>,
}

/// `{id}` of `/doctors/{id}`, or `doctorId` of `/doctorDetail?doctorId=`.
pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let id = cx.param("id").map(str::to_owned).or_else(|| cx.query("doctorId")).and_then(|id| super::positive_id(&id));
    let doctor = match id {
        Some(id) => doctors::by_id(cx.db(), cx.clock(), id).await?.map(|d| d.in_language(&cx.content)),
        None => None,
    };
    let Some(d) = doctor else {
        return Ok(super::Loaded::not_found(
            super::PageData::DoctorProfile(Data { doctor: None }),
            super::Head::meta(&cx.meta().doctor_not_found).canonical(match id {
                Some(id) => super::url::doctor(id),
                None => "/doctors".to_owned(),
            }),
        ));
    };
    let fields = [
        ("name", d.name.as_str()),
        ("specialization", d.specialization.as_str()),
        ("location", d.location.as_str()),
    ];
    let title = hygo_content::fill(&cx.meta().doctor.title, &fields);
    let description = match d.bio.trim() {
        "" => hygo_content::fill(&cx.meta().doctor.description, &fields),
        bio => super::first_sentences(bio, 160),
    };
    let head = super::Head::new(title, description)
        .canonical(super::url::doctor(d.id))
        .structured_data(super::seo::physician(cx, &d));
    Ok(super::Loaded::ok(super::PageData::DoctorProfile(Data { doctor: Some(d) }), head))
}

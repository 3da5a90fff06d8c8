//! `/doctors`: every doctor; the page filters them in the browser as the visitor types.

use serde::Serialize;
use ts_rs::TS;

use hygo_directory::{doctors, Doctor};
use hygo_core::DataError;

#[derive(Serialize, TS)]
#[ts(rename = "DoctorsData")]
pub struct Data {
    pub doctors: Vec<Doctor>,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let data = Data {
        doctors: doctors::all(cx.db(), cx.clock()).await?,
    };
    Ok(super::Loaded::ok(
        super::PageData::Doctors(data),
        super::Head::meta(&cx.meta().doctors),
    ))
}

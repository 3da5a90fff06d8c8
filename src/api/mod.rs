//! The JSON API (spec section 7). Every answer is `{"success": true, …}` or the
//! error shape of `crate::error`. One small file per resource.

pub mod appointments;
pub mod card_requests;
pub mod client;
pub mod contact;
pub mod doctors;
pub mod newsletter;
pub mod openapi;
pub mod props;
pub mod search;

use actix_web::HttpResponse;
use serde::Serialize;

#[derive(Serialize)]
struct Data<T> {
    success: bool,
    data: T,
}

pub fn ok<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Ok().json(Data { success: true, data })
}

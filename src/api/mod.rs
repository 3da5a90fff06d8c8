//! The JSON API (spec section 7). Every answer is `{"success": true, "data": …}` or
//! the error shape of `crate::error`.

pub mod doctors;
pub mod props;

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

//! The JSON API's reads (spec section 7): doctors, search, free slots, page props
//! and the OpenAPI document. Every answer is `{"success": true, …}` or the error
//! shape of `crate::error`. One small file per resource; the writes are the
//! forms' actions (`crate::actions`).

pub mod doctors;
pub mod openapi;
pub mod props;
pub mod search;
pub mod slots;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use crate::encoding::{self, Encoding};
use crate::error::ApiError;
use crate::cache::Cached;

#[derive(Serialize)]
struct Data<T> {
    success: bool,
    data: T,
}

pub fn ok<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Ok().json(Data { success: true, data })
}

/// A JSON answer kept in the render cache (search, slots), in the coding the
/// request accepts; `no_store` for answers a browser must not reuse.
pub fn kept(req: &HttpRequest, answer: &Cached, no_store: bool) -> HttpResponse {
    let (body, coding) = answer.body_for(Encoding::preferred(req.headers()));
    let mut res = HttpResponse::Ok();
    res.content_type("application/json");
    if no_store {
        res.insert_header((header::CACHE_CONTROL, "no-store"));
    }
    encoding::mark(&mut res, coding);
    res.body(body)
}

/// An answer as text, to be kept.
pub fn text<T: Serialize>(answer: &T) -> Result<String, ApiError> {
    serde_json::to_string(answer).map_err(|e| {
        tracing::error!(error = %e, "answer does not serialize");
        ApiError::new(
            actix_web::http::StatusCode::INTERNAL_SERVER_ERROR,
            hygo_content::message("request.failed"),
        )
    })
}

//! `/assets/{file}`: the files the binary embeds (see build.rs).

use actix_web::http::header;
use actix_web::{web, HttpResponse};

use crate::ui_assets::FILES;

pub async fn serve(file: web::Path<String>) -> HttpResponse {
    let name = file.into_inner();
    let Some((_, bytes)) = FILES.iter().find(|(n, _)| *n == name) else {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
    };
    // Client files carry a content hash in their names, so they never change.
    let cache = if name.starts_with("client/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    HttpResponse::Ok()
        .content_type(mime_guess::from_path(&name).first_or_octet_stream().essence_str().to_owned())
        .insert_header((header::CACHE_CONTROL, cache))
        .body(*bytes)
}

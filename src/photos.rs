//! `/photos/{name}`: the versions of doctors' photos, from `photo_files`
//! (`hygo_directory::doctor_photos`), and of the pictures editors gave the
//! content, from `content_images` (`hygo_editorial::images`). A name is its content's hash, so an answer never
//! changes and is kept for a year (`immutable`); an unknown name is 404.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::state::AppState;

pub async fn serve(state: web::Data<AppState>, req: HttpRequest, name: web::Path<String>) -> HttpResponse {
    let name = name.into_inner();
    let etag = format!("\"{name}\"");
    if req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return HttpResponse::NotModified().insert_header((header::ETAG, etag)).finish();
    }
    let found = match hygo_directory::doctor_photos::file(&state.db, &name).await {
        Ok(Some(file)) => Ok(Some((file.content_type, file.bytes))),
        Ok(None) => hygo_editorial::images::file(&state.db, &name).await.map(|f| f.map(|f| (f.content_type, f.bytes))),
        Err(e) => Err(e),
    };
    match found {
        Ok(Some((content_type, bytes))) => HttpResponse::Ok()
            .content_type(content_type)
            .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
            .insert_header((header::ETAG, etag))
            .body(bytes),
        Ok(None) => HttpResponse::NotFound().insert_header((header::CACHE_CONTROL, "no-store")).finish(),
        Err(e) => {
            tracing::error!(error = %e, "a photo could not be read");
            HttpResponse::ServiceUnavailable().insert_header((header::CACHE_CONTROL, "no-store")).finish()
        }
    }
}

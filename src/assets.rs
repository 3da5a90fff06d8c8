//! `/assets/{file}`: the files the binary embeds (see build.rs), each sent in the
//! smallest form the request accepts; the forms were made at build time.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::encoding::{self, Encoding};
use crate::ui_assets::FILES;

/// An embedded file with its brotli and gzip forms (absent when they would not
/// be smaller, as for images).
pub struct Asset {
    pub name: &'static str,
    pub raw: &'static [u8],
    pub br: Option<&'static [u8]>,
    pub gzip: Option<&'static [u8]>,
}

impl Asset {
    /// The body for a request accepting `wanted`, and its coding.
    pub fn body_for(&self, wanted: Encoding) -> (&'static [u8], Encoding) {
        encoding::pick(wanted, self.raw, self.br, self.gzip)
    }
}

pub fn find(name: &str) -> Option<&'static Asset> {
    FILES.iter().find(|f| f.name == name)
}

pub async fn serve(req: HttpRequest, file: web::Path<String>) -> HttpResponse {
    let Some(asset) = find(&file) else {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
    };
    // Client files carry a content hash in their names, so they never change.
    let cache = if asset.name.starts_with("client/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    let (body, coding) = asset.body_for(Encoding::preferred(req.headers()));
    let mut res = HttpResponse::Ok();
    res.content_type(mime_guess::from_path(asset.name).first_or_octet_stream().essence_str().to_owned())
        .insert_header((header::CACHE_CONTROL, cache));
    encoding::mark(&mut res, coding);
    res.body(body)
}

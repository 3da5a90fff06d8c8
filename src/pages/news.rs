//! `/news` (three articles per page, spec section 9) and `/news/{id}`, each article
//! on its own page so "Read full article" leads somewhere.

use serde_json::{json, Value};

pub const PAGE_SIZE: usize = 3;

pub fn articles() -> &'static [Value] {
    hygo_data::catalogue::home()["news"]["items"].as_array().map(Vec::as_slice).unwrap_or_default()
}

/// A page of articles; a page past the end is a 404 with the last page's number.
pub fn list(page: u32) -> (u16, Value) {
    let all = articles();
    let pages = all.len().div_ceil(PAGE_SIZE).max(1);
    let page = page as usize;
    let status = if page <= pages { 200 } else { 404 };
    let items: Vec<&Value> = all.iter().skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).collect();
    (status, json!({ "articles": items, "page": page, "pages": pages }))
}

pub fn article(id: &str) -> (u16, Value) {
    match articles().iter().find(|a| a["id"].as_str().is_some_and(|a| a.eq_ignore_ascii_case(id))) {
        Some(a) => (200, json!({ "article": a })),
        None => (404, json!({ "article": null })),
    }
}

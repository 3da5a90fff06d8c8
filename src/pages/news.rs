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

pub async fn load_list(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_data::DataError> {
    let page = cx.query("page").and_then(|p| p.parse::<u32>().ok()).filter(|p| *p >= 1).unwrap_or(1);
    let (status, data) = list(page);
    let title = match page {
        1 => cx.meta("news.title").to_owned(),
        n => hygo_data::catalogue::fill(cx.meta("news.titlePaged"), &[("page", &n.to_string())]),
    };
    let canonical = if page == 1 { "/news".to_owned() } else { format!("/news?page={page}") };
    let head = super::Head::new(title, cx.meta("news.description")).canonical(canonical);
    Ok(super::Loaded { status, data, head })
}

pub async fn load_article(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_data::DataError> {
    let id = cx.param("id").unwrap_or_default();
    let (status, data) = article(id);
    let head = match data["article"].as_object() {
        Some(a) => {
            let title = a.get("title").and_then(Value::as_str).unwrap_or_default();
            let excerpt = a.get("excerpt").and_then(Value::as_str).unwrap_or_default();
            super::Head::new(hygo_data::catalogue::fill(cx.meta("article.title"), &[("title", title)]), super::first_sentences(excerpt, 160))
                .canonical(format!("/news/{}", a.get("id").and_then(Value::as_str).unwrap_or(id)))
        }
        None => super::Head::meta("articleNotFound").canonical(format!("/news/{id}")),
    };
    Ok(super::Loaded { status, data, head })
}

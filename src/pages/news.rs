//! `/news` (three articles per page, spec section 9) and `/news/{id}`, each article
//! on its own page so "Read full article" leads somewhere.

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use hygo_content::catalogue;

pub const PAGE_SIZE: usize = 3;

#[derive(Serialize, TS)]
#[ts(rename = "NewsData")]
pub struct ListData {
    #[ts(type = "NewsItem[]")]
    pub articles: Vec<&'static Value>,
    /// 1-based; past the end on a 404.
    pub page: usize,
    pub pages: usize,
}

#[derive(Serialize, TS)]
#[ts(rename = "ArticleData")]
pub struct ArticleData {
    #[ts(type = "NewsItem | null")]
    pub article: Option<&'static Value>,
}

pub fn articles() -> &'static [Value] {
    catalogue::home()["news"]["items"].as_array().map(Vec::as_slice).unwrap_or_default()
}

/// A page of articles; a page past the end is a 404 with the last page's number.
pub async fn load_list(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let page = cx.query("page").and_then(|p| p.parse::<usize>().ok()).filter(|p| *p >= 1).unwrap_or(1);
    let all = articles();
    let pages = all.len().div_ceil(PAGE_SIZE).max(1);
    let status = if page <= pages { 200 } else { 404 };
    let articles = all.iter().skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).collect();
    let title = match page {
        1 => cx.meta("news.title").to_owned(),
        n => catalogue::fill(cx.meta("news.titlePaged"), &[("page", &n.to_string())]),
    };
    let canonical = if page == 1 { "/news".to_owned() } else { format!("/news?page={page}") };
    let head = super::Head::new(title, cx.meta("news.description")).canonical(canonical);
    Ok(super::Loaded { status, data: super::PageData::News(ListData { articles, page, pages }), head })
}

pub async fn load_article(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let id = cx.param("id").unwrap_or_default();
    let found = articles().iter().find(|a| a["id"].as_str().is_some_and(|a| a.eq_ignore_ascii_case(id)));
    let Some(article) = found else {
        let head = super::Head::meta("articleNotFound").canonical(super::url::article(&id));
        return Ok(super::Loaded::not_found(super::PageData::Article(ArticleData { article: None }), head));
    };
    let text = |key: &str| article[key].as_str().unwrap_or_default();
    let head = super::Head::new(catalogue::fill(cx.meta("article.title"), &[("title", text("title"))]), super::first_sentences(text("excerpt"), 160))
        .canonical(super::url::article(&text("id")));
    Ok(super::Loaded::ok(super::PageData::Article(ArticleData { article: Some(article) }), head))
}

//! `/news` (three articles per page, spec section 9) and `/news/{id}`, each article
//! on its own page so "Read full article" leads somewhere.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::NewsItem;

pub const PAGE_SIZE: usize = 3;

#[derive(Serialize, TS)]
#[ts(rename = "NewsData")]
pub struct ListData {
    pub articles: Vec<NewsItem>,
    /// 1-based; past the end on a 404.
    pub page: usize,
    pub pages: usize,
}

#[derive(Serialize, TS)]
#[ts(rename = "ArticleData")]
pub struct ArticleData {
    pub article: Option<NewsItem>,
}

/// A page of articles; a page past the end is a 404 with the last page's number.
pub async fn load_list(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let page = cx
        .query("page")
        .and_then(|p| p.parse::<usize>().ok())
        .filter(|p| *p >= 1)
        .unwrap_or(1);
    let all = &cx.content.home.news.items;
    let pages = all.len().div_ceil(PAGE_SIZE).max(1);
    let status = if page <= pages { 200 } else { 404 };
    let articles = all
        .iter()
        .skip((page - 1) * PAGE_SIZE)
        .take(PAGE_SIZE)
        .cloned()
        .collect();
    let meta = &cx.meta().news;
    let title = match page {
        1 => meta.title.clone(),
        n => hygo_content::fill(&meta.title_paged, &[("page", &n.to_string())]),
    };
    let canonical = match page {
        1 => super::url::NEWS.canonical().to_owned(),
        n => super::url::NEWS.with_query(&[], &[("page", &n.to_string())]),
    };
    let head = super::Head::new(title, &meta.description).canonical(canonical);
    Ok(super::Loaded {
        status,
        data: super::PageData::News(ListData {
            articles,
            page,
            pages,
        }),
        head,
    })
}

pub async fn load_article(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let id = cx.param("id").unwrap_or_default();
    let found = cx
        .content
        .home
        .news
        .items
        .iter()
        .find(|a| a.id.eq_ignore_ascii_case(id));
    let Some(article) = found else {
        let head =
            super::Head::meta(&cx.meta().article_not_found).canonical(super::url::article(&id));
        return Ok(super::Loaded::not_found(
            super::PageData::Article(ArticleData { article: None }),
            head,
        ));
    };
    let head = super::Head::new(
        hygo_content::fill(&cx.meta().article.title, &[("title", &article.title)]),
        super::first_sentences(&article.excerpt, 160),
    )
    .canonical(super::url::article(&article.id));
    Ok(super::Loaded::ok(
        super::PageData::Article(ArticleData {
            article: Some(article.clone()),
        }),
        head,
    ))
}

//! `GET /api/search?q=`: the header's site search, named in the language
//! `Accept-Language` asks for (the pages' scripts send the page's).
//!
//! Every keystroke of every visitor asks this, and the answer depends only on the
//! text and the catalogue, so answers are kept in the render cache by text and
//! data version (see `crate::cache`), ready-compressed like the pages.

use actix_web::{HttpRequest, HttpResponse, web};
use hygo_directory::search::SearchResult;
use serde::{Deserialize, Serialize};

use crate::pages::search::Help;

use crate::cache::{self, Cached};
use crate::error::ApiError;
use crate::state::AppState;
use hygo_content::message;

/// The answer (TypeScript: `SearchAnswer`): the results, and before them, when
/// the text means an emergency, its help (`emergency`, absent otherwise).
#[derive(Serialize, ts_rs::TS, schemars::JsonSchema)]
#[ts(rename = "SearchAnswer")]
pub struct Answer {
    /// Always true.
    pub success: bool,
    pub data: Vec<SearchResult>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<Help>>")]
    #[schemars(default)]
    pub emergency: Vec<Help>,
}

#[derive(Deserialize)]
pub struct SearchQuery {
    q: Option<String>,
}

pub async fn get(req: HttpRequest, state: web::Data<AppState>, query: web::Query<SearchQuery>) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner().q.unwrap_or_default();
    if q.chars().count() > 100 {
        return Err(ApiError::bad_request(message("search.tooLong")));
    }
    let asked = req.headers().get(actix_web::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let lang = crate::pages::url::asked(asked, &state.config.languages);
    let version = state.render_cache.data_version(&state.db).await?;
    let key = cache::key(
        &format!("/api/search\0{}\0{q}", lang.as_str()),
        &format!("v{}c{}", version.catalogue, hygo_content::version()),
    );
    let answer = match state.render_cache.get(&key) {
        Some(hit) => hit,
        None => {
            let results = hygo_directory::search::search(&state.db, &state.clock, lang, &q, crate::pages::url::search_result).await?;
            let emergency = crate::pages::search::help(&hygo_content::get(lang), &q);
            let answer = Cached::new(super::text(&Answer { success: true, data: results, emergency })?, 200).compressed();
            state.render_cache.put(key, key, answer.clone(), cache::Room::Free);
            answer
        }
    };
    let mut res = super::kept(&req, &answer, false);
    // Named in the language asked for: a cache must keep each language's apart.
    res.headers_mut().append(actix_web::http::header::VARY, actix_web::http::header::HeaderValue::from_static("Accept-Language"));
    Ok(res)
}

//! `GET /api/search?q=`: the header's site search.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::app::AppState;
use crate::error::ApiError;

#[derive(Deserialize)]
pub struct SearchQuery {
    q: Option<String>,
}

pub async fn get(state: web::Data<AppState>, query: web::Query<SearchQuery>) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner().q.unwrap_or_default();
    if q.chars().count() > 100 {
        return Err(ApiError::bad_request("The search text must be 100 characters or fewer."));
    }
    Ok(super::ok(hygo_data::search::search(&state.db, &q).await?))
}

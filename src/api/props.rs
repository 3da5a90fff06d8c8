//! `GET /api/props?path=/doctors/3`: the props the server would render that page
//! from, for client-side navigation. A path that is no page answers
//! `{"redirect": "/"}`.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use crate::error::ApiError;
use crate::pages::{self, registry};
use crate::state::AppState;
use hygo_content::message;

#[derive(Deserialize)]
pub struct PropsQuery {
    path: String,
}

pub async fn get(req: actix_web::HttpRequest, state: web::Data<AppState>, query: web::Query<PropsQuery>) -> Result<HttpResponse, ApiError> {
    let wanted = query.into_inner().path;
    if !wanted.starts_with('/') || wanted.len() > 2048 {
        return Err(ApiError::bad_request(message("props.badPath")));
    }
    let (path, _) = wanted.split_once('?').unwrap_or((&wanted, ""));
    let (lang, path) = pages::url::language(path, &state.config.languages);
    let Some(found) = registry::find(path).filter(|f| lang == hygo_content::Lang::DEFAULT || f.page.scope == crate::pages::Scope::Public) else {
        // The client's router adds the language's prefix itself.
        return Ok(HttpResponse::Ok().json(json!({ "redirect": "/" })));
    };
    // A staff page's props only for its session and role, as the page itself (401, 403).
    let staff = match found.page.scope {
        crate::pages::Scope::Public => None,
        crate::pages::Scope::Staff(need) => crate::access::check(&req, &state, need).await.map_err(|d| d.error())?,
    };
    if let Some(bucket) = found.page.limited {
        crate::limit::lookups(&state, &req, bucket).await?;
    }
    let loading = pages::load(&state, &found, wanted.clone(), staff.as_ref());
    let props = pages::loaded_with_record(&state, &found, staff.as_ref(), &wanted, loading).await??;
    let mut res = HttpResponse::Ok().json(props);
    pages::request::keep_private(found.page, res.headers_mut());
    Ok(res)
}

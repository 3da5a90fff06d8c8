//! `GET /api/doctors`, `GET /api/doctors/{id}`, `GET /api/doctors/department/{dept}`.

use actix_web::{HttpResponse, web};
use hygo_directory::doctors;
use serde::Deserialize;

use crate::error::ApiError;
use crate::state::AppState;
use hygo_content::message;

#[derive(Deserialize)]
pub struct ListQuery {
    search: Option<String>,
}

/// Every doctor, or those whose name or specialization contains `search`
/// (case-insensitive), sorted by name with a leading "Dr." ignored.
pub async fn list(state: web::Data<AppState>, query: web::Query<ListQuery>) -> Result<HttpResponse, ApiError> {
    let mut list = doctors::all(&state.db, &state.clock).await?;
    if let Some(q) = query.search.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let q = q.to_lowercase();
        list.retain(|d| d.name.to_lowercase().contains(&q) || d.specialization.to_lowercase().contains(&q));
    }
    Ok(super::ok(list))
}

pub async fn one(state: web::Data<AppState>, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&id)?;
    match doctors::by_id(&state.db, &state.clock, id).await? {
        Some(doctor) => Ok(super::ok(doctor)),
        None => Err(ApiError::not_found(message("doctor.notFound"))),
    }
}

pub async fn by_department(state: web::Data<AppState>, dept: web::Path<String>) -> Result<HttpResponse, ApiError> {
    match doctors::by_department(&state.db, &state.clock, &dept).await? {
        Some(list) => Ok(super::ok(list)),
        None => Err(ApiError::not_found(message("department.notFound"))),
    }
}

/// Doctor ids are positive whole numbers; anything else is the client's mistake.
pub fn parse_id(text: &str) -> Result<i32, ApiError> {
    text.trim()
        .parse::<i32>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::bad_request(message("doctor.badId")))
}

//! One error type for the JSON API and one shape for it:
//! `{"success": false, "message": "…", "errors": {"field": "…"}}`.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    /// A sentence a person can read.
    pub message: String,
    /// Per-field messages, for form validation.
    pub errors: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct Body<'a> {
    success: bool,
    message: &'a str,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    errors: &'a BTreeMap<String, String>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self { status, message: message.into(), errors: BTreeMap::new() }
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status).json(Body { success: false, message: &self.message, errors: &self.errors })
    }
}

/// A data-layer failure: logged in full, answered with a plain sentence. The log
/// carries no request data, so no personal data reaches it.
impl From<hygo_data::DataError> for ApiError {
    fn from(e: hygo_data::DataError) -> Self {
        tracing::error!(error = %e, "data layer failed");
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "The service is unavailable just now. Please try again shortly.")
    }
}

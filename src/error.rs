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
    /// Seconds, for `Retry-After` on 429.
    pub retry_after: Option<u64>,
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
        Self { status, message: message.into(), errors: BTreeMap::new(), retry_after: None }
    }

    /// A form that failed its checks: 422 with a message per field.
    pub fn invalid(invalid: hygo_data::form::Invalid) -> Self {
        Self { errors: invalid.errors, ..Self::new(StatusCode::UNPROCESSABLE_ENTITY, invalid.message) }
    }

    pub fn too_many(retry_after: u64) -> Self {
        Self {
            retry_after: Some(retry_after),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "You have sent this form many times in a short while. Please wait a few minutes and try again.",
            )
        }
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
        let mut res = HttpResponse::build(self.status);
        if let Some(seconds) = self.retry_after {
            res.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
        }
        res.json(Body { success: false, message: &self.message, errors: &self.errors })
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

/// The refusals a client can cause while sending a JSON body: the shape of the
/// answer is the same as every other error.
pub fn json_body_error(e: actix_web::error::JsonPayloadError) -> ApiError {
    use actix_web::error::JsonPayloadError as E;
    match e {
        E::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Send the request as JSON, with the header Content-Type: application/json.",
        ),
        E::Overflow { limit } | E::OverflowKnownLength { limit, .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("The request is too large: the limit is {} KB.", limit / 1024),
        ),
        E::Deserialize(e) if e.is_data() => {
            ApiError::bad_request(format!("A field of the request has the wrong type: {e}"))
        }
        E::Deserialize(_) => ApiError::bad_request("The request body is not valid JSON."),
        _ => ApiError::bad_request("The request body could not be read."),
    }
}

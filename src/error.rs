//! One error type for the JSON API and one shape for it:
//! `{"success": false, "message": "…", "errors": {"field": "…"}}`.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use hygo_core::form::{Message, WriteError};
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
    /// The message as a key, to say it in the language of the answer
    /// (`in_language`); and whether each refused field says it too.
    said: Option<(Message, bool)>,
}

/// The error shape of every JSON answer (TypeScript: `ErrorAnswer`).
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "ErrorAnswer")]
pub struct Body<'a> {
    /// Always false.
    pub success: bool,
    pub message: &'a str,
    /// Per-field messages, when fields were refused.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(optional, as = "Option<BTreeMap<String, String>>")]
    pub errors: &'a BTreeMap<String, String>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self { status, message: message.into(), errors: BTreeMap::new(), retry_after: None, said: None }
    }

    /// A refusal whose message is a key of `catalogue/messages`: said in English
    /// until `in_language` says it in the answer's language.
    pub fn said(status: StatusCode, message: Message) -> Self {
        Self { said: Some((message.clone(), false)), ..Self::new(status, message.text(hygo_content::Lang::DEFAULT.as_str())) }
    }

    /// The same refusal, its message followed by `more` (said as it is).
    pub fn with_more(mut self, more: &str) -> Self {
        self.message = format!("{} {more}", self.message);
        self.said = None;
        self
    }

    /// The same refusal in `lang` (a page's or an `Accept-Language`'s): what
    /// was said by a key is said again in the language; other texts stay.
    pub fn in_language(&self, lang: &str) -> Self {
        let mut out = Self { status: self.status, message: self.message.clone(), errors: self.errors.clone(), retry_after: self.retry_after, said: self.said.clone() };
        if let Some((message, fields)) = &self.said {
            out.message = message.text(lang);
            if *fields {
                for text in out.errors.values_mut() {
                    text.clone_from(&out.message);
                }
            }
        }
        out
    }

    /// A refused write, in a language: 422 with a message per field, 409 with the
    /// field that conflicts, 503 when the data layer failed (logged).
    pub fn from_write(e: &WriteError, lang: &str) -> Self {
        match e {
            WriteError::Invalid(invalid) => Self {
                errors: invalid.texts(lang),
                ..Self::new(StatusCode::UNPROCESSABLE_ENTITY, invalid.summary(lang))
            },
            WriteError::Conflict { field, message } => {
                let text = message.text(lang);
                Self { errors: [((*field).to_owned(), text.clone())].into(), ..Self::new(StatusCode::CONFLICT, text) }
            }
            WriteError::Busy(message) => Self { retry_after: Some(1), ..Self::new(StatusCode::TOO_MANY_REQUESTS, message.text(lang)) },
            WriteError::Data(e) => {
                tracing::error!(error = %e, "data layer failed");
                Self::unavailable()
            }
        }
    }

    pub fn too_many(retry_after: u64) -> Self {
        Self { retry_after: Some(retry_after), ..Self::said(StatusCode::TOO_MANY_REQUESTS, Message::new("request.tooMany")) }
    }

    fn unavailable() -> Self {
        Self::said(StatusCode::SERVICE_UNAVAILABLE, Message::new("request.unavailable"))
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// A body that held a control character (`crate::edge::Controls`): in a
    /// field's name, 400 (no form has such a field); in values, 422 with a
    /// message by each field, as any other refused value.
    pub fn controls(found: crate::edge::Controls) -> Self {
        match found {
            crate::edge::Controls::InName => Self::said(StatusCode::BAD_REQUEST, Message::new("request.controlName")),
            crate::edge::Controls::InFields(fields) => {
                let refused = Self::said(StatusCode::UNPROCESSABLE_ENTITY, Message::new("field.controlCharacters"));
                Self {
                    errors: fields.into_iter().map(|f| (f, refused.message.clone())).collect(),
                    said: Some((Message::new("field.controlCharacters"), true)),
                    ..refused
                }
            }
        }
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
impl From<hygo_core::DataError> for ApiError {
    fn from(e: hygo_core::DataError) -> Self {
        tracing::error!(error = %e, "data layer failed");
        Self::unavailable()
    }
}

//! The forms as plain HTML posts, for visitors without JavaScript (and before the
//! page's script has loaded). Each action is one small module. A post is checked
//! by the same `hygo_data` code as the JSON API; then:
//! - stored: 303 to a page that says so (POST-redirect-GET, so a reload never
//!   sends the request twice);
//! - refused: the same page again, 422, with the visitor's values, an error
//!   summary and a message by each field (`Props.form`);
//! - a wizard step: the next step's page, with what was typed so far.
//!
//! With JavaScript the same components post JSON to the API and show the same
//! messages inline.

pub mod appointment;
pub mod card_request;
pub mod contact;
pub mod newsletter;

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Map, Value};

use crate::state::AppState;
use crate::error::ApiError;
use crate::pages::{render, Route};

/// The fields of an `application/x-www-form-urlencoded` body, in order; a name may
/// repeat (the symptom checkboxes).
pub struct Fields(Vec<(String, String)>);

impl Fields {
    pub fn parse(body: &[u8]) -> Self {
        Fields(form_urlencoded::parse(body).map(|(k, v)| (k.into_owned(), v.into_owned())).collect())
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// A text field as the data layer takes it (None when absent).
    pub fn text(&self, name: &str) -> Option<String> {
        self.get(name).map(str::to_owned)
    }

    pub fn all(&self, name: &str) -> Vec<String> {
        self.0.iter().filter(|(k, _)| k == name).map(|(_, v)| v.clone()).collect()
    }

    /// The values to show again: every field but the submit buttons', without
    /// control characters (they would only be refused again).
    pub fn values(&self, names: &[&str]) -> Map<String, Value> {
        let mut out = Map::new();
        for name in names {
            let all = self.all(name);
            if all.len() > 1 || *name == "selectedSymptoms" {
                out.insert((*name).to_owned(), json!(all));
            } else if let Some(v) = all.into_iter().next() {
                out.insert((*name).to_owned(), json!(v));
            }
        }
        out
    }
}

/// The state a page is rendered with after a refused post.
pub fn refused(status: u16, message: &str, errors: &BTreeMap<String, String>, values: Map<String, Value>) -> Value {
    json!({ "status": status, "message": message, "errors": errors, "values": values })
}

/// Answers a refused post with its page, the values and the errors.
pub async fn again(state: &AppState, route: Route, path: &str, form: Value) -> HttpResponse {
    render::page_with(state, &route, path.to_owned(), Some(form)).await
}

/// 303 See Other: the browser follows with a GET.
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish()
}

/// The rate limit of the JSON API applies to the forms too: over it, the page again
/// with the message and 429.
pub async fn limited(state: &AppState, req: &HttpRequest, bucket: &str) -> Result<(), ApiError> {
    crate::api::client::limit_writes(state, req, bucket).await
}

/// A failure that is not the visitor's (the database, the limit): the page again,
/// their values kept, and a sentence saying what to do.
pub fn failure(e: &ApiError, values: Map<String, Value>) -> Value {
    refused(e.status.as_u16(), &e.message, &BTreeMap::new(), values)
}

/// Percent-encodes a value for a query string.
pub fn query_value(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// The form bodies are small; larger ones are refused before they are read.
pub const FORM_LIMIT: usize = 16 * 1024;

/// Registers a form post at a page path; every other method of that path is the
/// page itself.
pub fn post_at(cfg: &mut web::ServiceConfig, path: &str, handler: impl actix_web::Handler<(web::Data<AppState>, HttpRequest, web::Bytes), Output = HttpResponse> + Clone) {
    cfg.service(
        web::resource(path)
            .app_data(web::PayloadConfig::new(FORM_LIMIT))
            .route(web::post().to(handler))
            .default_service(web::to(render::page)),
    );
}

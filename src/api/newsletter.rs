//! `POST /newsletter/subscribe` (spec section 7, call 1) and the one-click
//! unsubscribe (RFC 8058: a POST to the link the e-mails carry).

use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::newsletter::{self, NewsletterError, NewsletterRequest};
use serde::Deserialize;
use serde_json::json;

use crate::state::AppState;
use crate::error::ApiError;

pub async fn subscribe(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<NewsletterRequest>,
) -> Result<HttpResponse, ApiError> {
    super::client::limit_writes(&state, &req, "newsletter").await?;
    match newsletter::subscribe(&state.db, body.into_inner(), &state.config.public_url).await {
        // The same answer for a new and a known address: the form must not tell
        // strangers who is subscribed.
        Ok(_token) => Ok(HttpResponse::Ok().json(json!({ "success": true, "message": newsletter::SUBSCRIBED_MESSAGE }))),
        Err(NewsletterError::Invalid(invalid)) => Err(ApiError::invalid(invalid)),
        Err(NewsletterError::Data(e)) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct UnsubscribeQuery {
    token: Option<String>,
}

pub const UNSUBSCRIBED_MESSAGE: &str = "You have been unsubscribed. You will not receive the HYGO newsletter any more.";

/// `POST /newsletter/unsubscribe?token=…`: the token alone identifies the
/// subscriber, so the link works in one click from any mail client.
///
/// The unsubscribe page's button posts here too: a browser asking for HTML is sent
/// on to the page that says it is done (or that the link is not valid).
pub async fn unsubscribe(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<UnsubscribeQuery>,
) -> Result<HttpResponse, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    let done = newsletter::unsubscribe(&state.db, &token).await?;
    if crate::forms::newsletter::wants_html(&req) {
        return Ok(crate::forms::see_other(&if done {
            "/newsletter?unsubscribed=1".to_owned()
        } else {
            format!("/unsubscribe?token={}", crate::forms::query_value(&token))
        }));
    }
    if done {
        Ok(HttpResponse::Ok().json(json!({ "success": true, "message": UNSUBSCRIBED_MESSAGE })))
    } else {
        Err(ApiError::not_found("This unsubscribe link is not valid. It may have been copied incompletely."))
    }
}

//! The newsletter: sign-up as `POST /newsletter/subscribe` (JSON, spec section 7,
//! call 1) and `POST /newsletter` (the footer's form without JavaScript, which
//! lands on `/newsletter?subscribed=1`), and the one-click unsubscribe of the
//! e-mails (RFC 8058: a POST to the link they carry).

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::form::WriteError;
use hygo_data::newsletter::{self, NewsletterRequest};
use serde::Deserialize;
use serde_json::json;

use super::{query_value, see_other, wants_html, Action, Cx, Done};
use crate::error::ApiError;
use crate::state::AppState;

pub struct Subscribe;

impl Action for Subscribe {
    type Input = NewsletterRequest;

    /// In every page's footer, whose pages are kept rendered without a token: the
    /// honeypot only, and the double opt-in.
    const TIMED: bool = false;

    /// The same answer for a new and a known address: the form must not tell
    /// strangers who is subscribed.
    async fn run(cx: &Cx<'_>, input: NewsletterRequest) -> Result<Done, WriteError> {
        newsletter::subscribe(&cx.state.db, input, &cx.state.config.public_url).await?;
        Ok(Done::Stored {
            status: StatusCode::OK,
            message: "newsletter.subscribed",
            data: None,
            location: "/newsletter?subscribed=1".into(),
        })
    }
}

#[derive(Deserialize)]
pub struct UnsubscribeQuery {
    token: Option<String>,
}

/// `POST /newsletter/unsubscribe?token=…`: the token alone identifies the
/// subscriber, so the link works in one click from any mail client.
///
/// The unsubscribe page's button posts here too: a browser asking for HTML is sent
/// on to the page that says it is done (or that the link is not valid). A post
/// from another site's page is refused (403; a browser is sent to the page).
pub async fn unsubscribe(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<UnsubscribeQuery>,
) -> Result<HttpResponse, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    if crate::edge::from_another_site(&req, &state.config.public_url) {
        // Another site's page cannot unsubscribe its visitor; a person who followed
        // such a form lands on our page with the button, to decide there.
        if wants_html(&req) {
            return Ok(see_other(&format!("/unsubscribe?token={}", query_value(&token))));
        }
        return Err(super::cross_site());
    }
    let done = newsletter::unsubscribe(&state.db, &token).await?;
    super::kept(&state)?;
    if wants_html(&req) {
        return Ok(see_other(&if done {
            "/newsletter?unsubscribed=1".to_owned()
        } else {
            format!("/unsubscribe?token={}", query_value(&token))
        }));
    }
    if done {
        Ok(HttpResponse::Ok().json(json!({ "success": true, "message": hygo_data::catalogue::message("newsletter.unsubscribed") })))
    } else {
        Err(ApiError::not_found(hygo_data::catalogue::message("newsletter.invalidLink")))
    }
}

//! `POST /newsletter`: the footer's sign-up form without JavaScript. It lands on
//! `/newsletter?subscribed=1`; a refused address gets the newsletter page again
//! with "Please enter a valid email address".

use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::newsletter::{self, NewsletterError, NewsletterRequest};

use super::{again, failure, limited, refused, see_other, Fields};
use crate::state::AppState;
use crate::error::ApiError;
use crate::pages::Route;

pub async fn post(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let fields = Fields::parse(&body);
    let values = fields.values(&["email"]);
    if let Err(e) = limited(&state, &req, "newsletter").await {
        return again(&state, Route::Newsletter, "/newsletter", failure(&e, values)).await;
    }
    match newsletter::subscribe(&state.db, NewsletterRequest { email: fields.text("email") }, &state.config.public_url).await {
        Ok(_token) => see_other("/newsletter?subscribed=1"),
        Err(NewsletterError::Invalid(invalid)) => {
            again(&state, Route::Newsletter, "/newsletter", refused(422, &invalid.message, &invalid.errors, values)).await
        }
        Err(NewsletterError::Data(e)) => {
            again(&state, Route::Newsletter, "/newsletter", failure(&ApiError::from(e), values)).await
        }
    }
}

/// Whether a post came from a page's form (a browser asking for HTML) rather than
/// a program or a mail client's one-click unsubscribe.
pub fn wants_html(req: &HttpRequest) -> bool {
    req.headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

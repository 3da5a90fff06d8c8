//! The newsletter: sign-up as `POST /newsletter/subscribe` (JSON, spec section 7,
//! call 1) and `POST /newsletter` (the footer's form without JavaScript, which
//! lands on `/newsletter?subscribed=1`: "check your e-mail"), the confirmation
//! link's button (double opt-in) and the one-click unsubscribe of the e-mails
//! (RFC 8058: a POST to the link they carry).

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use hygo_core::form::WriteError;
use hygo_booking::newsletter::{self, NewsletterRequest};
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

    /// The same answer, after the same work, for a new, a pending and a confirmed
    /// address: the form must not tell strangers who is subscribed
    /// (`hygo_booking::newsletter`). The e-mail says what to do next.
    async fn run(cx: &Cx<'_>, input: NewsletterRequest) -> Result<Done, WriteError> {
        let input = NewsletterRequest { lang: cx.language(), ..input };
        newsletter::subscribe(&cx.state.db, input, &crate::pages::url::notices(cx.state)).await?;
        Ok(Done::Stored {
            status: StatusCode::OK,
            message: hygo_core::form::Message::new("newsletter.checkEmail"),
            data: None,
            location: "/newsletter?subscribed=1".into(),
        })
    }
}

#[derive(Deserialize)]
pub struct TokenQuery {
    token: Option<String>,
}

/// `POST /newsletter/unsubscribe?token=…`: the token alone identifies the
/// subscriber, so the link works in one click from any mail client.
///
/// The unsubscribe page's button posts here too: a browser asking for HTML is sent
/// on to the page that says it is done (or that the link is not valid). A post
/// from another site's page is refused (403; a browser is sent to the page).
pub async fn unsubscribe(state: web::Data<AppState>, req: HttpRequest, query: web::Query<TokenQuery>) -> Result<HttpResponse, ApiError> {
    let link = Link {
        write: Write::Unsubscribe,
        done: "/newsletter?unsubscribed=1",
        again: "/unsubscribe",
        message: "newsletter.unsubscribed",
        invalid: "newsletter.invalidLink",
        lang: hygo_content::Lang::DEFAULT,
    };
    follow(&state, &req, &query.into_inner().token.unwrap_or_default(), link).await
}

/// `POST /newsletter/confirm?token=…`: the button of the confirmation link's page
/// (`GET /newsletter/confirm?token=…`, which changes nothing, so a mail scanner
/// that opens links does not subscribe anyone). The address is subscribed from now.
pub async fn confirm(state: web::Data<AppState>, req: HttpRequest, query: web::Query<TokenQuery>) -> Result<HttpResponse, ApiError> {
    let link = Link {
        write: Write::Confirm,
        done: "/newsletter?confirmed=1",
        again: "/newsletter/confirm",
        message: "newsletter.confirmed",
        invalid: "newsletter.confirmInvalid",
        lang: hygo_content::Lang::DEFAULT,
    };
    follow(&state, &req, &query.into_inner().token.unwrap_or_default(), link).await
}

/// What a link's button does.
#[derive(Clone, Copy)]
enum Write {
    Unsubscribe,
    Confirm,
}

/// A link's button pressed: refused from another site's page (a person who
/// followed such a form lands on the link's own page, to decide there); the
/// database checked before and after the write; then the answer.
async fn follow(state: &AppState, req: &HttpRequest, token: &str, link: Link) -> Result<HttpResponse, ApiError> {
    // Posted from a page in a language (`/gu/newsletter/confirm`): answered in it.
    let (lang, _) = crate::pages::url::language(req.path(), &state.config.languages);
    let link = Link { lang, ..link };
    let runner = crate::write::Runner::new(state, req);
    if let Err(e) = runner.same_site() {
        if wants_html(req) {
            return Ok(see_other(&crate::pages::url::in_language(lang, &format!("{}?token={}", link.again, query_value(token)))));
        }
        return Err(e);
    }
    let write = async {
        match link.write {
            Write::Unsubscribe => newsletter::unsubscribe(&state.db, token).await,
            Write::Confirm => newsletter::confirm(&state.db, token).await,
        }
        .map_err(WriteError::Data)
    };
    match runner.run(crate::write::Gate::plain(), write, |_| true).await {
        Ok(Ok(done)) => Ok(answer(req, done, token, link)),
        Ok(Err(e)) => Err(ApiError::from_write(&e, hygo_content::Lang::DEFAULT.as_str())),
        Err(e) => Ok(unsaved(req, e)),
    }
}

/// A write the database could not keep (`crate::write`): 503, as the plain error
/// page for a browser (whose button posted here) and as JSON for a mail client.
fn unsaved(req: &HttpRequest, e: ApiError) -> HttpResponse {
    match wants_html(req) {
        true => crate::pages::render::error_page(e.status),
        false => e.error_response(),
    }
}

/// A link's button: what it does and where it leads.
struct Link {
    write: Write,
    /// The page that says it worked.
    done: &'static str,
    /// The link's own page, which says when the link is not valid.
    again: &'static str,
    /// What JSON is told when it worked, and when the link is not valid.
    message: &'static str,
    invalid: &'static str,
    /// The language of the page the button was on (its address's).
    lang: hygo_content::Lang,
}

/// A link's action answered: a browser is sent on to a page; JSON gets 200 or 404.
fn answer(req: &HttpRequest, done: bool, token: &str, link: Link) -> HttpResponse {
    if wants_html(req) {
        let to = if done { link.done.to_owned() } else { format!("{}?token={}", link.again, query_value(token)) };
        return see_other(&crate::pages::url::in_language(link.lang, &to));
    }
    if done {
        HttpResponse::Ok()
            .json(json!({ "success": true, "message": hygo_content::message(link.message) }))
    } else {
        ApiError::not_found(hygo_content::message(link.invalid)).error_response()
    }
}

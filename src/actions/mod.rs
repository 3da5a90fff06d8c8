//! The forms' writes: one action per form. An action takes the same struct
//! whether it was sent as JSON (the API, and the pages once their script runs) or
//! as a plain HTML form post (visitors without JavaScript), and is answered in
//! kind:
//! - JSON: `201`/`200` with `{success, message, data}`, or the error shape of
//!   `crate::error` (422 with a message per field, 409, 429, 503);
//! - a form post: stored, `303` to a page that says so (POST-redirect-GET, so a
//!   reload never sends it twice): its confirmation page, named by a random token
//!   (`/requests?token=`, `hygo_booking::receipts`), never by what was sent; refused, the same page again (422, 409, 429)
//!   with the visitor's values, an error summary and a message by each field
//!   (`Props.form`); a step of a multi-step form, the page at its next step.
//!
//! What a route accepts and which rate-limit bucket its writes count against are
//! declared with the route (`crate::app`); the checks every write of the site
//! goes through (another site's page, the store, the token, the limit) are
//! applied by `crate::write`.

pub mod appointment;
pub mod card_request;
pub mod contact;
pub mod newsletter;
pub mod visit;

use std::future::Future;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError, mime, web};
use hygo_content::{fill, message};
use hygo_core::form::{Message, WriteError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::form_guard;
use crate::pages::{FormState, render};
use crate::state::AppState;

/// How a request was sent, and so how it is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// `application/json`: answered with JSON.
    Json,
    /// `application/x-www-form-urlencoded`: answered with a page or a redirect.
    Form,
}

/// A JSON write's answer when it is stored (TypeScript: `StoredAnswer`); `data`
/// is the action's (a booking's `Booked`, a stored row's `{reference}`; ids stay
/// internal).
#[derive(Serialize, ts_rs::TS)]
pub struct StoredAnswer {
    /// Always true.
    pub success: bool,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Booked | { reference: string }")]
    pub data: Option<Value>,
}

/// What a route declares about the action it runs.
#[derive(Debug, Clone, Copy)]
pub struct Declared {
    pub accepts: Channel,
    /// The rate-limit bucket its writes count against (`crate::limit`).
    pub bucket: &'static str,
}

/// The fields a form sends several times on purpose (checkboxes).
const LISTS: &[&str] = &["selectedSymptoms"];

/// The smallest body limit: forms of short fields (a sign-in, a newsletter).
/// A form with long fields is read with `body_limit` of its characters; a
/// body over its limit is refused (413) as soon as it is.
pub const BODY_LIMIT: usize = 16 * 1024;

/// The bytes one character may take as a form or JSON sends it: a 4-byte UTF-8
/// character percent-encoded (`%F0%9F%99%8F`), or as two `\ud83d\ude4f`-style escapes in
/// JSON. A Gujarati or Devanagari letter is 9 (`%E0%AA%95`) or 6.
pub const WORST_BYTES_PER_CHAR: usize = 12;
/// What a body holds besides its fields' values: the names, `=` and `&`, the
/// page's token, the honeypot, the buttons.
pub const FORM_OVERHEAD: usize = 4 * 1024;

/// The body limit of a form whose fields take at most `chars` characters
/// together: every input within its fields' limits fits, in any language and
/// either encoding; never less than `BODY_LIMIT`.
pub const fn body_limit(chars: usize) -> usize {
    let worst = chars * WORST_BYTES_PER_CHAR + FORM_OVERHEAD;
    if worst > BODY_LIMIT { worst } else { BODY_LIMIT }
}

/// What an action gets besides its input.
pub struct Cx<'a> {
    pub state: &'a AppState,
    pub req: &'a HttpRequest,
    pub channel: Channel,
    /// The language of the answer's messages.
    pub lang: &'static str,
}

/// An action succeeded.
pub enum Done {
    /// Stored: JSON gets `status` with the message (a key of
    /// `catalogue/messages`) and `data`; a form post goes to `location` (303).
    Stored { status: StatusCode, message: hygo_core::form::Message, data: Option<Value>, location: String },
    /// A form post answered with its page (the next step of a wizard, with this
    /// state; none for a page that only shows, such as "Doctor not found").
    Page(Option<FormState>),
}

impl Done {
    /// A stored request: JSON gets `data`; a form post goes to the confirmation
    /// page of `receipt` (issued for every form post, `Cx::receipt`).
    pub fn stored(status: StatusCode, message: hygo_core::form::Message, data: Value, receipt: Option<String>) -> Self {
        let location = receipt.map_or_else(|| crate::pages::url::HOME.canonical().to_owned(), |token| crate::pages::url::REQUEST.with_query(&[], &[("token", &token)]));
        Done::Stored { status, message, data: Some(data), location }
    }
}

/// A form's action: its input, whether a given post writes (and so counts against
/// the limit), and what it does.
pub trait Action {
    /// The fields the form sends: parsed from JSON or from a form post, and shown
    /// again (serialized) when a form post is refused.
    type Input: DeserializeOwned + Serialize;

    /// The most characters its fields take together (`body_limit`); 0 for a
    /// form of short fields only (`BODY_LIMIT`).
    const MOST_CHARS: usize = 0;

    /// Whether a form post must come with the page's signed token, and not too soon
    /// (`crate::form_guard`); every form post is refused with its honeypot filled.
    const TIMED: bool = true;

    /// Whether this post may store something, and so counts against the limit (a
    /// wizard's step does not, see `step`, nor a send its own checks refuse before storing).
    fn writes(_cx: &Cx<'_>, _input: &Self::Input) -> bool {
        true
    }

    /// Whether this post is a step of a multi-step form: it stores nothing, but its
    /// page is rendered for it, so it counts against the route's step limit
    /// (`crate::limit::steps`).
    fn step(_cx: &Cx<'_>, _input: &Self::Input) -> bool {
        false
    }

    fn run(cx: &Cx<'_>, input: Self::Input) -> impl Future<Output = Result<Done, WriteError>>;

    /// What is wrong with the fields, without storing anything: a form post
    /// refused for its token (too soon, expired) shows these with its message,
    /// so the visitor mends everything at once (issue 43).
    fn check(_input: &Self::Input) -> Option<hygo_core::form::Invalid> {
        None
    }

    /// What the page shows besides the values and the errors after a refused form
    /// post (a wizard's step and free times), in `form`.
    fn refused(_cx: &Cx<'_>, _refusal: Refusal<'_>, _form: &mut FormState) -> impl Future<Output = ()> {
        async {}
    }
}

/// Why a form post was refused.
pub enum Refusal<'a> {
    /// Before the action ran: another site (403), the body (408, 413, 415, 400) or
    /// the limit (429).
    Early(&'a ApiError),
    /// By the action.
    Write(&'a WriteError),
}

/// Runs an action for a request, as its route declared it.
pub async fn handle<A: Action>(
    state: web::Data<AppState>,
    req: HttpRequest,
    declared: web::Data<Declared>,
    payload: web::Payload,
) -> HttpResponse {
    let channel = declared.accepts;
    // A form posted at a language's address (`/gu/contactus`) is answered in it;
    // JSON in the language its `Accept-Language` asks first, when the site serves it.
    let (mut lang, _) = crate::pages::url::language(req.path(), &state.config.languages);
    if channel == Channel::Json {
        lang = asked_language(&req, &state.config.languages);
    }
    if req.match_info().get("lang").is_some() && lang == hygo_content::Lang::DEFAULT {
        // A language the site does not serve (`HYGO_LANGUAGES`).
        return render::error_page(StatusCode::NOT_FOUND);
    }
    let cx = Cx {
        state: &state,
        req: &req,
        channel,
        lang: lang.as_str(),
    };
    let runner = crate::write::Runner::new(&state, &req);
    if let Err(e) = runner.same_site() {
        return early::<A>(&cx, &e, Map::new()).await;
    }
    let (input, body): (A::Input, _) = match read(&req, payload, channel, body_limit(A::MOST_CHARS)).await {
        Ok(read) => read,
        Err(e) => return early::<A>(&cx, &e, Map::new()).await,
    };
    let mut values = shown_again(&input);
    // A form post's honeypot and token; its token goes on with the page answered.
    let guard = match channel {
        Channel::Form => match form_guard::Posted::read(&state, &body).await {
            Ok(posted) => Some(posted),
            Err(e) => return early::<A>(&cx, &e, values).await,
        },
        Channel::Json => None,
    };
    let carried = guard.as_ref().and_then(|g| g.carried()).map(|t| (form_guard::TOKEN.to_owned(), Value::from(t)));
    values.extend(carried.clone());
    let stores = A::writes(&cx, &input);
    let token = guard.as_ref().map(|g| g.check(A::TIMED, state.config.form_min_secs));
    // Refused for its token: the fields' own problems are said with it.
    let invalid = match (&token, stores) {
        (Some(Err(_)), true) => A::check(&input),
        _ => None,
    };
    let gate = crate::write::Gate {
        stores,
        token,
        bucket: Some(declared.bucket),
        step: A::step(&cx, &input),
    };
    let done = match runner.run(gate, A::run(&cx, input), |done| matches!(done, Done::Stored { .. })).await {
        Ok(done) => done,
        Err(mut e) => {
            if let Some(invalid) = invalid.filter(|_| e.status == StatusCode::UNPROCESSABLE_ENTITY) {
                e = e.in_language(cx.lang).with_more(&invalid.summary(cx.lang));
                e.errors = invalid.texts(cx.lang);
            }
            return early::<A>(&cx, &e, values).await;
        }
    };
    match done {
        Ok(Done::Stored {
            status,
            message,
            data,
            location,
        }) => match channel {
            Channel::Json => HttpResponse::build(status).json(StoredAnswer {
                success: true,
                message: message.text(cx.lang),
                data,
            }),
            Channel::Form => see_other(&crate::pages::url::in_language(lang, &location)),
        },
        Ok(Done::Page(mut form)) => {
            if let Some(form) = form.as_mut() {
                form.values.extend(carried);
            }
            render::page_with(&state, &page_path(&req), form, None).await
        }
        Err(error) => match channel {
            Channel::Json => ApiError::from_write(&error, cx.lang).error_response(),
            Channel::Form => {
                let refused = ApiError::from_write(&error, cx.lang);
                let mut form = refused_form(&refused, values);
                A::refused(&cx, Refusal::Write(&error), &mut form).await;
                retry_after(render::page_with(&state, &page_path(&req), Some(form), None).await, &refused)
            }
        },
    }
}

/// The first language of `Accept-Language` the site serves, or English (`url::asked`).
fn asked_language(req: &HttpRequest, served: &[hygo_content::Lang]) -> hygo_content::Lang {
    let header = req.headers().get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    crate::pages::url::asked(header, served)
}

/// A refusal before the action ran (unreadable body, over the limit): JSON gets
/// the error; a form post its page again with the message and what was sent.
async fn early<A: Action>(cx: &Cx<'_>, e: &ApiError, values: Map<String, Value>) -> HttpResponse {
    // Said in the language of the page, or of the JSON request.
    let e = &e.in_language(cx.lang);
    match cx.channel {
        Channel::Json => e.error_response(),
        Channel::Form => {
            let mut form = refused_form(e, values);
            A::refused(cx, Refusal::Early(e), &mut form).await;
            retry_after(render::page_with(cx.state, &page_path(cx.req), Some(form), None).await, e)
        }
    }
}

/// A page answering a refused form post says when to try again, as the JSON
/// answer does (`Retry-After`, on a 429).
pub(crate) fn retry_after(mut res: HttpResponse, e: &ApiError) -> HttpResponse {
    if let Some(seconds) = e.retry_after {
        if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
            res.headers_mut().insert(header::RETRY_AFTER, value);
        }
    }
    res
}

/// The page a form post is answered with: the path it was posted to.
fn page_path(req: &HttpRequest) -> String {
    req.path().to_owned()
}

/// The state a page is rendered with after a refused post (`Props.form`).
fn refused_form(e: &ApiError, values: Map<String, Value>) -> FormState {
    FormState { status: e.status.as_u16(), message: e.message.clone(), errors: e.errors.clone(), values, step: None, slots: None }
}

/// The fields to show again: what was sent, without the absent ones.
pub(crate) fn shown_again<T: Serialize>(input: &T) -> Map<String, Value> {
    match serde_json::to_value(input) {
        Ok(Value::Object(map)) => map.into_iter().filter(|(_, v)| !v.is_null()).collect(),
        _ => Map::new(),
    }
}

/// Reads and parses the body as the route accepts it: the content type must say
/// so (415), the body fit the limit (413) and parse (400).
pub(crate) async fn read<T: DeserializeOwned>(req: &HttpRequest, payload: web::Payload, channel: Channel, limit: usize) -> Result<(T, web::Bytes), ApiError> {
    let mime = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<mime::Mime>().ok());
    let fits = match (channel, &mime) {
        (Channel::Json, Some(m)) => m.type_() == mime::APPLICATION && (m.subtype() == mime::JSON || m.suffix() == Some(mime::JSON)),
        (Channel::Form, Some(m)) => m.essence_str() == mime::APPLICATION_WWW_FORM_URLENCODED.essence_str(),
        (_, None) => false,
    };
    if !fits {
        let key = match channel {
            Channel::Json => "request.notJson",
            Channel::Form => "request.notForm",
        };
        return Err(ApiError::said(StatusCode::UNSUPPORTED_MEDIA_TYPE, Message::new(key)));
    }
    let body = match payload.to_bytes_limited(limit).await {
        Ok(Ok(body)) => body,
        Ok(Err(e)) if crate::edge::timed_out(&e) => return Err(ApiError::said(StatusCode::REQUEST_TIMEOUT, Message::new("request.timeout"))),
        Ok(Err(_)) => return Err(ApiError::said(StatusCode::BAD_REQUEST, Message::new("request.unreadable"))),
        Err(_) => {
            return Err(ApiError::said(StatusCode::PAYLOAD_TOO_LARGE, Message::new("request.tooLarge").with("kb", (limit / 1024).to_string())));
        }
    };
    // A control character (a NUL among them) in any field, before anything reads
    // the values: PostgreSQL cannot store a NUL, and none belongs in a form.
    let wrong_type = |e: serde_json::Error| {
        ApiError::bad_request(fill(
            &message("request.wrongType"),
            &[("detail", &e.to_string())],
        ))
    };
    let parsed = match channel {
        Channel::Json => {
            let value: Value = serde_json::from_slice(&body).map_err(|e| match e.classify() {
                serde_json::error::Category::Data => wrong_type(e),
                _ => ApiError::said(StatusCode::BAD_REQUEST, Message::new("request.badJson")),
            })?;
            if let Some(found) = crate::edge::json_controls(&value) {
                return Err(ApiError::controls(found));
            }
            serde_json::from_value(value).map_err(wrong_type)
        }
        Channel::Form => parse_form(&body),
    };
    parsed.map(|input| (input, body))
}

/// A form body as an action's input, its control characters refused first
/// (`crate::edge::form_controls`). Shared with the console's upload reader.
pub(crate) fn parse_form<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    if let Some(found) = crate::edge::form_controls(body) {
        return Err(ApiError::controls(found));
    }
    serde_html_form::from_bytes(body).or_else(|_| {
            // A field a browser would send once, sent twice: its first value counts,
            // as it did for the original forms.
            let mut seen = std::collections::HashSet::new();
            let first: Vec<(String, String)> = form_urlencoded::parse(body)
                .filter(|(k, _)| seen.insert(k.to_string()) || LISTS.contains(&k.as_ref()))
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            let again: String = form_urlencoded::Serializer::new(String::new()).extend_pairs(first).finish();
            serde_html_form::from_str(&again).map_err(|_| ApiError::said(StatusCode::BAD_REQUEST, Message::new("request.unreadable")))
        })
}

/// 303 See Other: the browser follows with a GET.
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish()
}

/// Percent-encodes a value for a query string.
pub fn query_value(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

impl Cx<'_> {
    /// The language the visitor wrote in, kept with what they send.
    pub fn language(&self) -> hygo_content::Lang {
        hygo_content::Lang::parse(self.lang).unwrap_or_default()
    }

    /// The confirmation page to store with a request: a form post lands on one, a
    /// JSON client (which shows its own success screen) needs none.
    pub fn receipt(&self, kind: hygo_booking::receipts::Kind) -> Option<hygo_booking::receipts::Kind> {
        (self.channel == Channel::Form).then_some(kind)
    }
}

/// Whether a request came from a page (a browser asking for HTML) rather than a
/// program or a mail client's one-click unsubscribe.
pub fn wants_html(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

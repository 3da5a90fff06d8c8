//! The console's writes: plain form posts, each with its session (and its role)
//! checked on the server, its anti-forgery token, and the site it came from, then
//! one action. Stored, a write answers 303 (POST-redirect-GET); refused, the page
//! again with the values, an error summary and a message by each field, as the
//! public forms do (`crate::actions`). Every change is one transaction with its
//! audit row (`hygo_core::audit`).

use std::future::Future;

use actix_web::cookie::Cookie;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use hygo_core::audit::Actor;
use hygo_core::form::{Invalid, Message, WriteError};
use hygo_booking::inbox::{self, messages::Kind, NewSlot};
use hygo_booking::status::Step;
use hygo_staff::sessions::{self, Current, Ending, Stage};
use hygo_staff::{accounts, sign_in, Role};

use crate::access::{self as guard, Admin, AnyRole, Anyone, Desk, Enrolling, PasswordGiven, Staff, Who};
use crate::actions::{see_other, shown_again, Channel};
use crate::error::ApiError;
use crate::pages::{render, url, FormState};
use crate::state::AppState;

/// What an action gets besides its input.
pub struct Cx<'a> {
    pub state: &'a AppState,
    pub req: &'a HttpRequest,
    /// The session, when the route needs one (or one was there).
    pub current: Option<&'a Current>,
    /// The file of an upload (`StaffAction::UPLOAD`), when one was chosen.
    pub upload: Option<Vec<u8>>,
}

impl Cx<'_> {
    pub(crate) fn actor(&self) -> Actor {
        self.current.map_or_else(Actor::system, |c| Actor::staff(c.account_id, &c.email))
    }

    fn session(&self) -> Result<&Current, WriteError> {
        self.current.ok_or_else(|| WriteError::Invalid(Invalid::field("csrf", Message::new("staff.signInFirst"))))
    }

    /// The session the next step of signing in starts; the request's own ends.
    fn next(&self, stage: Stage) -> sessions::Step {
        sessions::Step {
            ended: self.current.map(|c| c.session_id),
            stage,
            device: guard::device(self.req),
            lifetimes: guard::lifetimes(self.state),
            now: self.state.clock.real(),
        }
    }

    /// A whole sign-in to this account: its session cookie, and the device
    /// cookie that lets this browser in when others fail at its password
    /// (`crate::access::device_cookie`).
    async fn signed_in(&self, account_id: i32, token: &str) -> Vec<Cookie<'static>> {
        let mut cookies = vec![guard::cookie(token)];
        cookies.extend(guard::device_cookie(self.req, self.state, account_id).await);
        cookies
    }

    /// The signed-in person typed their password again (changing it, ending
    /// sessions): checked like a sign-in, recorded and limited, but counted for
    /// this session and client rather than the account, so that nobody can use
    /// up an account's allowance to stop its owner signing a stolen session out.
    async fn reauthenticate(&self, typed: Option<&str>, field: &'static str) -> Result<(), WriteError> {
        let current = self.session()?;
        let keys = guard::session_keys(self.req, self.state, current.session_id).await.map_err(|_| data(hygo_core::DataError::Missing("the server key".into())))?;
        let state = self.state;
        match sign_in::password(&state.db, &state.hasher, &keys, &current.email, typed.unwrap_or_default(), state.clock.real()).await.map_err(data)? {
            Ok(_) => Ok(()),
            Err(sign_in::Refused::Wrong(_)) => {
                state.metrics.sign_in_refused("wrong");
                Err(WriteError::Invalid(Invalid::field(field, Message::new("staff.currentWrong"))))
            }
            Err(refused) => Err(refusal(state, field, refused)),
        }
    }
}

/// Where a write goes next.
pub enum Next {
    /// 303 to a page, with cookies: a new session's (signing in) and the device
    /// cookie, or the session's removal (signing out).
    Go { to: String, cookies: Vec<Cookie<'static>> },
    /// A page shown once, as the answer itself: what must not be in an address or
    /// kept (new recovery codes, a new account's link), with the session it shows
    /// (its token, when it is a new one) and the cookies to set.
    Show { path: String, values: Map<String, Value>, session: Option<String>, cookies: Vec<Cookie<'static>> },
}

fn go(to: impl Into<String>) -> Result<Next, WriteError> {
    Ok(Next::Go { to: to.into(), cookies: Vec::new() })
}

/// A sign-in step that may not go on: too many failures lately (409, the wait
/// said), or every hashing thread busy (429, try again in a moment).
fn refusal(state: &AppState, field: &'static str, refused: sign_in::Refused) -> WriteError {
    let (outcome, error) = match refused {
        sign_in::Refused::Wrong(m) => ("wrong", WriteError::Invalid(Invalid::field(field, m))),
        sign_in::Refused::Waiting(m) => ("waiting", WriteError::Conflict { field, message: m }),
        sign_in::Refused::Busy => ("busy", WriteError::Busy(Message::new("staff.signInBusy"))),
    };
    state.metrics.sign_in_refused(outcome);
    error
}

/// A console write.
pub trait StaffAction {
    type Input: DeserializeOwned + Serialize;
    /// Who may send it (`crate::access::Who`): its route needs what this type
    /// needs, and `run` gets the proof.
    type Who: Who;
    /// Whether the form sends a file (`multipart/form-data`, field `UPLOAD_FIELD`).
    const UPLOAD: bool = false;
    /// The most characters its fields take together (`crate::actions::body_limit`);
    /// 0 for a form of short fields only.
    const MOST_CHARS: usize = 0;
    /// Whether what was typed is kept when it is posted into a session that timed
    /// out, and shown again once the same person has signed in (`keep_typed`):
    /// a form that takes a while to fill in, with a patient on the phone.
    const KEEPS: bool = false;
    /// Whether it changes anything: a read posted only to keep what was typed out
    /// of the address (a search by phone) is not one (`crate::write::Gate::stores`).
    const STORES: bool = true;
    /// The page shown again when it is refused (None: the path posted to).
    fn page(_req: &HttpRequest, _input: &Self::Input) -> Option<String> {
        None
    }
    fn run(cx: &Cx<'_>, who: Self::Who, input: Self::Input) -> impl Future<Output = Result<Next, WriteError>>;
}

#[derive(Deserialize)]
struct Csrf {
    csrf: Option<String>,
}

/// Runs a console write for a request, as its route declared it (`super::STAFF_ROUTES`).
pub async fn post<A: StaffAction>(state: web::Data<AppState>, req: HttpRequest, payload: web::Payload) -> HttpResponse {
    let current = match guard::check(&req, &state, A::Who::NEED).await {
        Ok(current) => current,
        Err(guard::Denied::SignIn) if A::KEEPS => return keep_typed::<A>(&state, &req, payload).await,
        Err(denied) => return super::denied_page(&req, denied),
    };
    // The proof `run` takes: `check` admitted the session for the same need.
    let Some(who) = A::Who::admit(current.as_ref()) else {
        return super::denied_page(&req, guard::Denied::SignIn);
    };
    let refuse = |e: ApiError, values: Map<String, Value>, path: String| {
        let form = FormState { status: e.status.as_u16(), message: e.message.clone(), errors: e.errors.clone(), values, step: None, slots: None };
        let state = state.clone();
        let current = current.clone();
        async move { crate::actions::retry_after(render::page_with(&state, &path, Some(form), current.as_ref()).await, &e) }
    };
    // Refused, a write is answered with its page; a write that has none (signing
    // out, ending sessions) with the account page.
    // A write below a page (`/staff/doctors/{id}/photo`) is answered with that page.
    let parent = req.path().rsplit_once('/').map(|(p, _)| p).unwrap_or_default();
    let own_page = match (crate::pages::registry::find(req.path()), crate::pages::registry::find(parent)) {
        (Some(_), _) => req.path().to_owned(),
        (None, Some(_)) if parent != url::STAFF_INBOX.canonical() => parent.to_owned(),
        _ => url::STAFF_ACCOUNT.canonical().to_owned(),
    };
    let runner = crate::write::Runner::new(&state, &req);
    if let Err(e) = runner.same_site() {
        tracing::info!(path = req.path(), "staff write refused: sent from another site");
        return refuse(e, Map::new(), own_page).await;
    }
    let limit = crate::actions::body_limit(A::MOST_CHARS);
    let read = if A::UPLOAD { read_upload(&req, payload).await } else { crate::actions::read(&req, payload, Channel::Form, limit).await.map(|(i, b)| (i, b, None)) };
    let (input, body, upload): (A::Input, _, _) = match read {
        Ok(read) => read,
        Err(e) => return refuse(e, Map::new(), own_page).await,
    };
    let path = A::page(&req, &input).unwrap_or(own_page);
    let values = shown_again(&input);
    // Every write of a session carries that session's token.
    let token = current.as_ref().map(|current| {
        let sent = serde_html_form::from_bytes::<Csrf>(&body).ok().and_then(|c| c.csrf);
        if guard::csrf_matches(current, sent.as_deref()) {
            return Ok(());
        }
        tracing::info!(account = current.account_id, path = req.path(), "staff write refused: no anti-forgery token of its session");
        Err(ApiError::new(StatusCode::FORBIDDEN, hygo_content::message("staff.csrf")))
    });
    let cx = Cx { state: &state, req: &req, current: current.as_ref(), upload };
    let gate = crate::write::Gate { stores: A::STORES, token, ..crate::write::Gate::plain() };
    let done = match runner.run(gate, A::run(&cx, who, input), |_| A::STORES).await {
        Ok(done) => done,
        Err(e) => return refuse(e, values, path).await,
    };
    match done {
        Ok(Next::Go { to, cookies }) => {
            let mut res = see_other(&to);
            for cookie in &cookies {
                let _ = res.add_cookie(cookie);
            }
            res.headers_mut().insert(actix_web::http::header::CACHE_CONTROL, actix_web::http::header::HeaderValue::from_static("no-store"));
            res
        }
        Ok(Next::Show { path, values, session, cookies }) => {
            let shown = match &session {
                Some(token) => guard::current_of(&state, token).await.ok().flatten(),
                None => current.clone(),
            };
            let form = FormState { status: 200, values, ..FormState::default() };
            let wanted = crate::encoding::Encoding::preferred(req.headers());
            let mut res = render::page_in(&state, &path, Some(form), shown.as_ref(), wanted).await;
            for cookie in &cookies {
                let _ = res.add_cookie(cookie);
            }
            res
        }
        Err(error) => {
            refuse(
                ApiError::from_write(&error, hygo_content::Lang::DEFAULT.as_str()),
                values,
                path,
            )
            .await
        }
    }
}

/// A form posted into a session that timed out (`StaffAction::KEEPS`): answered
/// as any post without a session (to the sign-in page), and what was typed is
/// kept on that session (`sessions::keep_form`, its account's only) with its
/// page as the sign-in's return, so that the same person, signed in again,
/// finds the form as they left it (issue 44). Nothing of it is acted on, and
/// nothing of it goes into an address or a cookie.
async fn keep_typed<A: StaffAction>(state: &AppState, req: &HttpRequest, payload: web::Payload) -> HttpResponse {
    let mut res = super::denied_page(req, guard::Denied::SignIn);
    let Some(token) = req.cookie(sessions::COOKIE).map(|c| c.value().to_owned()) else { return res };
    let Ok((input, _)) = crate::actions::read::<A::Input>(req, payload, Channel::Form, crate::actions::body_limit(A::MOST_CHARS)).await else { return res };
    let path = A::page(req, &input).unwrap_or_else(|| req.path().to_owned());
    let form = serde_json::json!({ "path": path, "values": shown_again(&input) });
    match sessions::keep_form(&state.db, &token, &form, state.clock.real()).await {
        Ok(true) => {
            for cookie in [guard::return_cookie(&path), Some(guard::kept_cookie())].into_iter().flatten() {
                let _ = res.add_cookie(&cookie);
            }
        }
        Ok(false) => {}
        Err(e) => tracing::warn!(error = %e, "a form posted after the session timed out could not be kept"),
    }
    res
}

/// The file field of an upload form.
pub const UPLOAD_FIELD: &str = "photo";
/// The parts an upload form may have (the token, the operation, the file, and a few to spare).
const UPLOAD_MAX_FIELDS: usize = 8;

/// Reads a `multipart/form-data` post: its text fields as a form would send them
/// (so the input and the anti-forgery token read the same way), and the file of
/// `UPLOAD_FIELD`. The whole body is limited to the largest photo and a little
/// more; reading stops as soon as it is over.
async fn read_upload<T: DeserializeOwned>(req: &HttpRequest, payload: web::Payload) -> Result<(T, web::Bytes, Option<Vec<u8>>), ApiError> {
    use futures_util::TryStreamExt;
    use hygo_content::message;
    let limit = hygo_directory::photos::MAX_BYTES + crate::actions::BODY_LIMIT;
    let multipart_type = req.headers().get(actix_web::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart_type {
        // A form without a file (the photo's removal, a client that sent none).
        return crate::actions::read(req, payload, Channel::Form, crate::actions::BODY_LIMIT).await.map(|(i, b)| (i, b, None));
    }
    let too_large = || {
        let text = Message::new("photo.tooLarge")
            .with(
                "max",
                (hygo_directory::photos::MAX_BYTES / (1024 * 1024)).to_string(),
            )
            .text(hygo_content::Lang::DEFAULT.as_str());
        let mut e = ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, text.clone());
        e.errors.insert(UPLOAD_FIELD.to_owned(), text);
        e
    };
    let unreadable = || ApiError::bad_request(message("request.unreadable"));
    let declared = req.headers().get(actix_web::http::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large());
    }
    // Every byte of the body counts (boundaries and part headers too), so no
    // upload can make the reader buffer more than the limit.
    let mut seen = 0usize;
    let counted = futures_util::StreamExt::map(payload, move |chunk| {
        let chunk = chunk?;
        seen += chunk.len();
        if seen > limit { Err(actix_web::error::PayloadError::Overflow) } else { Ok(chunk) }
    });
    let failed = |e: actix_multipart::MultipartError| match e {
        actix_multipart::MultipartError::Payload(actix_web::error::PayloadError::Overflow) => too_large(),
        e if crate::edge::timed_out_multipart(&e) => ApiError::new(StatusCode::REQUEST_TIMEOUT, message("request.timeout")),
        _ => unreadable(),
    };
    let mut multipart = actix_multipart::Multipart::new(req.headers(), counted);
    let (mut text, mut file, mut fields) = (form_urlencoded::Serializer::new(String::new()), None::<Vec<u8>>, 0usize);
    while let Some(mut field) = multipart.try_next().await.map_err(failed)? {
        fields += 1;
        if fields > UPLOAD_MAX_FIELDS {
            return Err(unreadable());
        }
        let name = field.content_disposition().and_then(|d| d.get_name()).unwrap_or_default().to_owned();
        let is_file = name == UPLOAD_FIELD;
        let mut bytes = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(failed)? {
            if !is_file && bytes.len() + chunk.len() > crate::actions::BODY_LIMIT {
                return Err(unreadable());
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            file = Some(bytes).filter(|b| !b.is_empty());
        } else {
            text.append_pair(&name, &String::from_utf8_lossy(&bytes));
        }
    }
    let body = web::Bytes::from(text.finish());
    let input = crate::actions::parse_form(&body)?;
    Ok((input, body, file))
}

fn data(e: hygo_core::DataError) -> WriteError {
    WriteError::Data(e)
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The password step of signing in. Refused, the page does not show the address
/// back (the browser fills it in again): so every refusal is the same page, kept
/// rendered, and a flood of wrong passwords costs no renders.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct SignInInput {
    #[serde(skip_serializing)]
    pub email: Option<String>,
    #[serde(skip_serializing)]
    pub password: Option<String>,
}

pub struct SignIn;

impl StaffAction for SignIn {
    type Input = SignInInput;
    type Who = Anyone;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: SignInInput) -> Result<Next, WriteError> {
        let email = input.email.unwrap_or_default();
        let keys = guard::attempt_keys(cx.req, cx.state, &email).await.map_err(|_| data(hygo_core::DataError::Missing("the server key".into())))?;
        let state = cx.state;
        match sign_in::password(&state.db, &state.hasher, &keys, &email, &input.password.unwrap_or_default(), state.clock.real()).await.map_err(data)? {
            Ok(account) => {
                // A new session for the next step; one that was there ends.
                let ready = account.totp_last_step.is_some();
                let stage = if ready { Stage::Password } else { Stage::Enrol };
                let token = sessions::advance(&cx.state.db, account.id, &account.email, &cx.next(stage)).await.map_err(data)?;
                let to = if ready { url::STAFF_CODE.canonical() } else { url::STAFF_ENROL.canonical() };
                Ok(Next::Go { to: to.into(), cookies: vec![guard::cookie(&token)] })
            }
            Err(refused) => Err(refusal(state, "email", refused)),
        }
    }
}

/// The second step: a code from the authenticator app, or a recovery code.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct CodeInput {
    #[serde(skip_serializing)]
    pub code: Option<String>,
}

pub struct SecondFactor;

impl StaffAction for SecondFactor {
    type Input = CodeInput;
    type Who = PasswordGiven;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: CodeInput) -> Result<Next, WriteError> {
        let current = cx.session()?;
        let keys = guard::attempt_keys(cx.req, cx.state, &current.email).await.map_err(|_| data(hygo_core::DataError::Missing("the server key".into())))?;
        let code = input.code.unwrap_or_default();
        match sign_in::second_factor(&cx.state.db, &keys, current.account_id, &code, unix_now(), cx.state.clock.real()).await.map_err(data)? {
            Ok(()) => {
                // Signed in: a new token (the pending one ends), and this browser remembered.
                let token = sessions::advance(&cx.state.db, current.account_id, &current.email, &cx.next(Stage::Full)).await.map_err(data)?;
                let home = if current.role == Role::Editor { url::STAFF_CONTENT.canonical() } else { url::STAFF_INBOX.canonical() };
                // Back to the page that asked for the sign-in, when it did (`access::RETURN_COOKIE`).
                let to = guard::returning_to(cx.req).unwrap_or_else(|| home.to_owned());
                let mut cookies = cx.signed_in(current.account_id, &token).await;
                cookies.push(guard::return_removal());
                Ok(Next::Go { to, cookies })
            }
            Err(refused) => Err(refusal(cx.state, "code", refused)),
        }
    }
}

/// A setup link's first step: the new password.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct ChoosePasswordInput {
    pub token: Option<String>,
    #[serde(skip_serializing)]
    pub password: Option<String>,
}

pub struct ChoosePassword;

impl StaffAction for ChoosePassword {
    type Input = ChoosePasswordInput;
    type Who = Anyone;

    fn page(_req: &HttpRequest, input: &ChoosePasswordInput) -> Option<String> {
        Some(url::STAFF_SETUP.with_query(&[], &[("token", input.token.as_deref().unwrap_or_default())]))
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: ChoosePasswordInput) -> Result<Next, WriteError> {
        let next = cx.next(Stage::Enrol);
        let link = input.token.as_deref().unwrap_or_default();
        let (_, token) = accounts::choose_password(&cx.state.db, &cx.state.hasher, link, &input.password.unwrap_or_default(), &next).await?;
        Ok(Next::Go { to: url::STAFF_ENROL.canonical().into(), cookies: vec![guard::cookie(&token)] })
    }
}

/// A setup link's second step: the first code of the authenticator app. Signed
/// in, the recovery codes are shown once, in this answer.
pub struct SetUpCode;

impl StaffAction for SetUpCode {
    type Input = CodeInput;
    type Who = Enrolling;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: CodeInput) -> Result<Next, WriteError> {
        let current = cx.session()?;
        let next = cx.next(Stage::Full);
        let (codes, token) = accounts::confirm_totp(&cx.state.db, current.account_id, &input.code.unwrap_or_default(), unix_now(), &next).await?;
        let mut values = Map::new();
        values.insert("recoveryCodes".into(), json!(codes));
        let cookies = cx.signed_in(current.account_id, &token).await;
        Ok(Next::Show { path: url::STAFF_ACCOUNT.canonical().into(), values, session: Some(token), cookies })
    }
}

#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct Empty {}

/// Signs out: the session ends on every instance at once, and the cookie goes.
pub struct SignOut;

impl StaffAction for SignOut {
    type Input = Empty;
    type Who = Staff<AnyRole>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, _: Empty) -> Result<Next, WriteError> {
        sessions::sign_out(&cx.state.db, cx.session()?, Ending::This).await.map_err(data)?;
        Ok(Next::Go { to: url::STAFF_SIGN_IN.canonical().into(), cookies: vec![guard::removal()] })
    }
}

/// A step on an appointment request (confirm, decline, reschedule…).
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct StepInput {
    pub step: Option<String>,
    pub doctor_id: Option<String>,
    pub date: Option<String>,
    pub time: Option<String>,
    /// The page the step was taken from, when not the request's own: "today"
    /// (the front desk's day). Any other value is the request's page.
    pub back: Option<String>,
    /// A decline's or a cancellation's reason (the patient reads it) and note (staff only).
    pub reason: Option<String>,
    pub note: Option<String>,
}

pub struct AppointmentStep;

/// The request page's "stop messages to this number" (`hygo_core::messaging::withdraw_for`).
const STOP_MESSAGES: &str = "stop-messages";

/// Where a step taken from another page goes back to (a closed list: never an
/// address the form names).
enum Back {
    Today,
}

impl Back {
    fn of(value: Option<&str>) -> Option<Back> {
        match value.map(str::trim) {
            Some("today") => Some(Back::Today),
            _ => None,
        }
    }
}

impl StaffAction for AppointmentStep {
    type Input = StepInput;
    type Who = Staff<Desk>;

    /// A refused step taken from the front desk's day shows that day again; a
    /// refused reschedule, the day the desk was looking at.
    fn page(req: &HttpRequest, input: &StepInput) -> Option<String> {
        if let Some(Back::Today) = Back::of(input.back.as_deref()) {
            return Some(url::STAFF_TODAY.canonical().to_owned());
        }
        // A refused decline or cancellation: its confirmation step again, with why.
        if let Some(step @ ("decline" | "cancel")) = input.step.as_deref() {
            return Some(format!("{}?confirm={step}", req.path()));
        }
        let (Some("reschedule"), Some(doctor), Some(date)) = (input.step.as_deref(), input.doctor_id.as_deref(), input.date.as_deref()) else { return None };
        let q = crate::actions::query_value;
        Some(format!("{}?doctor={}&date={}", req.path(), q(doctor.trim()), q(date.trim())))
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: StepInput) -> Result<Next, WriteError> {
        let reference = cx.req.match_info().get("reference").unwrap_or_default().to_owned();
        // Not a step of the request's status: the patient asked the desk for no more messages.
        if input.step.as_deref() == Some(STOP_MESSAGES) {
            return match hygo_core::messaging::withdraw_for(&cx.state.db, &cx.actor(), &reference).await? {
                Some(_) => go(format!("{}?done={STOP_MESSAGES}", url::staff_appointment(&reference))),
                None => Err(WriteError::Invalid(Invalid::field("step", Message::new("inbox.noSuchStep")))),
            };
        }
        let step: Option<Step> = input.step.as_deref().and_then(|s| serde_json::from_value(Value::from(s)).ok());
        let Some(step) = step else {
            return Err(WriteError::Invalid(Invalid::field("step", Message::new("inbox.noSuchStep"))));
        };
        let input_back = Back::of(input.back.as_deref());
        let slot = NewSlot { doctor_id: input.doctor_id.and_then(|d| d.trim().parse().ok()), date: input.date, time: input.time };
        let notices = crate::pages::url::notices(cx.state);
        let why = inbox::Why { reason: input.reason, note: input.note };
        inbox::take(&cx.state.db, &cx.state.clock, &cx.actor(), &reference, step, Some(slot), why, &notices).await?;
        match input_back {
            Some(Back::Today) => go(url::STAFF_TODAY.with_query(&[], &[("done", step.as_str())])),
            None => go(format!("{}?done={}", url::staff_appointment(&reference), step.as_str())),
        }
    }
}

/// The desk books a caller or a walk-in (`hygo_booking::desk`): stored, the
/// request's page, with the links to call or write to the patient.
pub struct BookAtDesk;

impl StaffAction for BookAtDesk {
    type Input = hygo_booking::desk::DeskBooking;
    type Who = Staff<Desk>;
    const MOST_CHARS: usize = hygo_core::form::total(hygo_booking::desk::LIMITS) + 200;
    const KEEPS: bool = true;

    /// Refused, the page again for the doctor and day chosen, so their free times show.
    fn page(_req: &HttpRequest, input: &Self::Input) -> Option<String> {
        let value = |v: &Option<String>| v.as_deref().unwrap_or_default().trim().to_owned();
        let query = [("doctor", value(&input.doctor_id)), ("date", value(&input.date)), ("channel", value(&input.channel))];
        let pairs: Vec<(&str, &str)> = query.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| (*k, v.as_str())).collect();
        Some(url::STAFF_BOOK.with_query(&[], &pairs))
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: Self::Input) -> Result<Next, WriteError> {
        let notices = crate::pages::url::notices(cx.state);
        let saved = hygo_booking::desk::book(&cx.state.db, &cx.state.clock, &cx.actor(), &input, &notices).await?;
        go(format!("{}?done=book", url::staff_appointment(&saved.reference)))
    }
}

/// Finds a patient by phone, name or reference (`hygo_booking::patients`): a
/// read, posted so that what was typed stays out of addresses and logs; the
/// answer is the search page with what it found.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct FindInput {
    pub q: Option<String>,
}

pub struct FindPatient;

/// A search stores its trail (and so needs the session's token, like every
/// write): the audit row names the patients shown, by their latest reference,
/// never the query (a phone or a name); and searches are counted per member of
/// staff (`SEARCHES_PER_WINDOW`), refused 429 beyond, both counted in `/metrics`.
impl StaffAction for FindPatient {
    type Input = FindInput;
    type Who = Staff<Desk>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: FindInput) -> Result<Next, WriteError> {
        use hygo_booking::patients::{SEARCHES_PER_WINDOW, SEARCH_WINDOW_SECS};
        let q = input.q.unwrap_or_default();
        let current = cx.session()?;
        let (db, now) = (&cx.state.db, cx.state.clock.real().timestamp());
        let searcher = format!("staff-{}", current.account_id);
        if let Some(retry) = hygo_core::rate_limit::hit(db, "patient-search", &searcher, now, SEARCH_WINDOW_SECS, SEARCHES_PER_WINDOW).await? {
            cx.state.metrics.patient_searched("limited");
            let minutes = retry.div_ceil(60).max(1);
            return Err(WriteError::Busy(Message::new("patients.tooMany").with("minutes", minutes.to_string())));
        }
        let found = hygo_booking::patients::find(db, &q, cx.state.clock.today()).await?;
        let shown: Vec<&str> = found.iter().map(|p| p.reference.as_str()).collect();
        let target = hygo_core::audit::Target { kind: "patients", name: "search" };
        hygo_core::audit::record(db, &cx.actor(), "patient-search", target, Value::Null, json!({ "shown": shown.join(", ") })).await?;
        cx.state.metrics.patient_searched("shown");
        let mut values = Map::new();
        values.insert("q".into(), json!(q));
        values.insert("patients".into(), json!(found));
        Ok(Next::Show { path: url::STAFF_PATIENTS.canonical().into(), values, session: None, cookies: Vec::new() })
    }
}

/// A step on a health-card request (`called`, `issued`, `not-interested`) or a
/// contact message (`answered`, the default), with a note.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct ItemStepInput {
    pub step: Option<String>,
    pub note: Option<String>,
}

pub struct ItemStep;

impl StaffAction for ItemStep {
    type Input = ItemStepInput;
    type Who = Staff<Desk>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: ItemStepInput) -> Result<Next, WriteError> {
        let reference = cx.req.match_info().get("reference").unwrap_or_default().to_owned();
        let (kind, page) = match cx.req.path().starts_with(url::STAFF_CARD_REQUESTS.canonical()) {
            true => (Kind::CardRequest, url::STAFF_CARD_REQUEST),
            false => (Kind::ContactMessage, url::STAFF_MESSAGE),
        };
        inbox::messages::take_step(&cx.state.db, &cx.actor(), kind, &reference, input.step.as_deref(), input.note.as_deref()).await?;
        go(page.link(&[("reference", &reference)]))
    }
}

/// A new password, with the current one.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct PasswordInput {
    #[serde(skip_serializing)]
    pub current: Option<String>,
    #[serde(skip_serializing)]
    pub password: Option<String>,
}

pub struct ChangePassword;

impl StaffAction for ChangePassword {
    type Input = PasswordInput;
    type Who = Staff<AnyRole>;

    fn page(_req: &HttpRequest, _input: &PasswordInput) -> Option<String> {
        Some(url::STAFF_ACCOUNT.canonical().into())
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: PasswordInput) -> Result<Next, WriteError> {
        let current = cx.session()?;
        cx.reauthenticate(input.current.as_deref(), "current").await?;
        let (old, new) = (input.current.unwrap_or_default(), input.password.unwrap_or_default());
        accounts::change_password(&cx.state.db, &cx.state.hasher, current.account_id, current.session_id, &old, &new).await?;
        go(url::STAFF_ACCOUNT.with_query(&[], &[("changed", "password")]))
    }
}

/// Ends some of one's other sessions (`op=chosen`, the ticked `end` boxes) or
/// every one including this (`op=everywhere`), after the password is typed again
/// (ASVS 5.0, 7.5.2: so that someone who finds the console open cannot sign its
/// owner out elsewhere, or hide a session of their own). A wrong password counts
/// as a failed sign-in.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct SessionsInput {
    pub op: Option<String>,
    pub end: Vec<String>,
    /// The password, typed again.
    #[serde(skip_serializing)]
    pub confirm: Option<String>,
}

pub struct EndSessions;

impl StaffAction for EndSessions {
    type Input = SessionsInput;
    type Who = Staff<AnyRole>;

    fn page(_req: &HttpRequest, _input: &SessionsInput) -> Option<String> {
        Some(url::STAFF_ACCOUNT.canonical().into())
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: SessionsInput) -> Result<Next, WriteError> {
        let current = cx.session()?;
        let everywhere = input.op.as_deref() == Some("everywhere");
        let chosen: Vec<i32> = input.end.iter().filter_map(|e| e.trim().parse().ok()).collect();
        if !everywhere && chosen.is_empty() {
            return Err(WriteError::Invalid(Invalid::field("end", Message::new("staff.chooseSession"))));
        }
        cx.reauthenticate(input.confirm.as_deref(), "confirm").await?;
        if everywhere {
            sessions::sign_out(&cx.state.db, current, Ending::All).await.map_err(data)?;
            return Ok(Next::Go { to: url::STAFF_SIGN_IN.canonical().into(), cookies: vec![guard::removal()] });
        }
        match sessions::sign_out(&cx.state.db, current, Ending::These(chosen)).await.map_err(data)? {
            true => go(url::STAFF_ACCOUNT.with_query(&[], &[("changed", "sessions")])),
            false => Err(WriteError::Invalid(Invalid::field("end", Message::new("staff.noSuchSession")))),
        }
    }
}

/// An admin's work on accounts: `add` (shows the new account's link once),
/// `reset` (the same), `disable`, `enable`, `sign-out` (ends its sessions).
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct AccountsInput {
    pub op: Option<String>,
    pub email: Option<String>,
    pub name: Option<String>,
    pub role: Option<String>,
}

pub struct ManageAccounts;

impl StaffAction for ManageAccounts {
    type Input = AccountsInput;
    type Who = Staff<Admin>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: AccountsInput) -> Result<Next, WriteError> {
        let email = input.email.unwrap_or_default();
        let actor = cx.actor();
        let link = |token: String| format!("{}/staff/setup?token={token}", cx.state.config.public_url);
        let shown = |token: String| {
            let mut values = Map::new();
            values.insert("link".into(), Value::from(link(token)));
            values.insert("linkFor".into(), Value::from(hygo_staff::email_key(&email)));
            Ok(Next::Show { path: url::STAFF_ACCOUNTS.canonical().into(), values, session: None, cookies: Vec::new() })
        };
        match input.op.as_deref() {
            Some("add") => {
                let role = input.role.as_deref().and_then(Role::parse).ok_or_else(|| WriteError::Invalid(Invalid::field("role", Message::new("staff.roleRequired"))))?;
                let (_, token) = accounts::add(&cx.state.db, &actor, &email, input.name.as_deref().unwrap_or_default(), role).await?;
                shown(token)
            }
            Some("reset") => shown(accounts::reset(&cx.state.db, &actor, &email).await?),
            Some(op @ ("disable" | "enable")) => {
                accounts::set_disabled(&cx.state.db, &actor, &email, op == "disable").await?;
                go(url::STAFF_ACCOUNTS.canonical())
            }
            Some("sign-out") => {
                if cx.current.is_some_and(|c| hygo_staff::email_key(&email) == c.email) {
                    return Err(WriteError::Invalid(Invalid::field("email", Message::new("staff.signOutYourself"))));
                }
                accounts::sign_out_sessions(&cx.state.db, &actor, Some(&email)).await?;
                go(url::STAFF_ACCOUNTS.with_query(&[], &[("done", "sign-out")]))
            }
            _ => Err(WriteError::Invalid(Invalid::field("op", Message::new("staff.noSuchOp")))),
        }
    }
}

/// Leave for a doctor (`op=add`: from, until, a note for staff): the desk
/// records a doctor phoning in sick as an admin plans a holiday. Answered with
/// the doctor's leave page.
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct LeaveInput {
    pub op: Option<String>,
    pub doctor_id: Option<String>,
    pub from: Option<String>,
    pub until: Option<String>,
    pub note: Option<String>,
}

pub struct AddLeave;

impl StaffAction for AddLeave {
    type Input = LeaveInput;
    type Who = Staff<Desk>;

    fn page(_req: &HttpRequest, input: &LeaveInput) -> Option<String> {
        Some(leave_page(input.doctor_id.as_deref()))
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: LeaveInput) -> Result<Next, WriteError> {
        if input.op.as_deref() != Some("add") {
            return Err(WriteError::Invalid(Invalid::field("op", Message::new("staff.noSuchOp"))));
        }
        let doctor_id = input.doctor_id.as_deref().and_then(|d| d.trim().parse::<i32>().ok());
        let leave = hygo_schedule::leave::NewLeave { doctor_id, from: input.from.as_deref(), until: input.until.as_deref(), note: input.note.as_deref() };
        let row = hygo_schedule::leave::add(&cx.state.db, &cx.actor(), leave, cx.state.clock.today()).await?;
        go(url::STAFF_LEAVE.with_query(&[], &[("doctor", &row.doctor_id.to_string()), ("done", "add")]))
    }
}

/// Where a refused change of leave is shown again: the doctor's leave page, or
/// who is away when no doctor was sent.
fn leave_page(doctor: Option<&str>) -> String {
    match doctor.and_then(|d| d.trim().parse::<i32>().ok()) {
        Some(doctor) => url::STAFF_LEAVE.with_query(&[], &[("doctor", &doctor.to_string())]),
        None => url::STAFF_LEAVE.link(&[]),
    }
}

/// Removing a period of leave (`doctorId`, `leaveId`): an admin's, at its own
/// address so the role is checked before the body is read.
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RemoveLeaveInput {
    pub doctor_id: Option<String>,
    pub leave_id: Option<String>,
}

pub struct RemoveLeave;

impl StaffAction for RemoveLeave {
    type Input = RemoveLeaveInput;
    type Who = Staff<Admin>;

    fn page(_req: &HttpRequest, input: &RemoveLeaveInput) -> Option<String> {
        Some(leave_page(input.doctor_id.as_deref()))
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: RemoveLeaveInput) -> Result<Next, WriteError> {
        let (doctor_id, leave_id) = (id_of(input.doctor_id.as_deref()), id_of(input.leave_id.as_deref()));
        hygo_schedule::leave::remove(&cx.state.db, &cx.actor(), doctor_id, leave_id).await?;
        go(url::STAFF_LEAVE.with_query(&[], &[("doctor", &doctor_id.to_string()), ("done", "remove")]))
    }
}

/// The sick day's two buttons (`hygo_booking::inbox::away`), posted to the
/// screen's own address: `op=tell` (tell everyone who agreed to messages) or
/// `op=move` with `doctorId` (move all to that doctor, at the same times).
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct AwayInput {
    pub op: Option<String>,
    pub doctor_id: Option<String>,
}

pub struct AwayStep;

impl StaffAction for AwayStep {
    type Input = AwayInput;
    type Who = Staff<Desk>;

    fn page(req: &HttpRequest, _input: &AwayInput) -> Option<String> {
        Some(req.path().to_owned())
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: AwayInput) -> Result<Next, WriteError> {
        use hygo_booking::inbox::away;
        let info = cx.req.match_info();
        let Some(cover) = away::Cover::parse(info.get("kind").unwrap_or_default(), info.get("id").unwrap_or_default()) else {
            return Err(WriteError::Invalid(Invalid::field("cover", Message::new("away.notFound"))));
        };
        let notices = crate::pages::url::notices(cx.state);
        let (db, clock, actor) = (&cx.state.db, &cx.state.clock, cx.actor());
        let done = match input.op.as_deref().map(str::trim) {
            Some("tell") => {
                away::tell(db, clock, &actor, cover, &notices).await?;
                "told"
            }
            Some("move") => {
                let doctor_id = input.doctor_id.as_deref().and_then(|d| d.trim().parse::<i32>().ok());
                away::move_all(db, clock, &actor, cover, doctor_id, &notices).await?;
                "moved"
            }
            _ => return Err(WriteError::Invalid(Invalid::field("op", Message::new("staff.noSuchOp")))),
        };
        go(url::STAFF_AWAY.with_query(&[("kind", cover.kind()), ("id", &cover.id().to_string())], &[("done", done)]))
    }
}

fn id_of(text: Option<&str>) -> i32 {
    text.and_then(|t| t.trim().parse::<i32>().ok()).unwrap_or_default()
}

/// The doctor of a `/staff/doctors/{id}/...` path.
fn path_doctor(req: &HttpRequest) -> i32 {
    id_of(req.match_info().get("id"))
}

/// An admin's work on a doctor's profile: `add` (posted to `/staff/doctors`),
/// `save`, `retire` or `return` (posted to `/staff/doctors/{id}`).
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct DoctorInput {
    pub op: Option<String>,
    #[serde(flatten)]
    pub fields: hygo_directory::doctor_edit::Fields,
}

pub struct ManageDoctor;

impl StaffAction for ManageDoctor {
    type Input = DoctorInput;
    type Who = Staff<Admin>;
    const MOST_CHARS: usize = hygo_directory::doctor_edit::MOST_CHARS;

    fn page(req: &HttpRequest, _input: &DoctorInput) -> Option<String> {
        req.match_info().get("id").is_none().then(|| url::STAFF_DOCTOR_NEW.canonical().to_owned())
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: DoctorInput) -> Result<Next, WriteError> {
        use hygo_directory::doctor_edit;
        let (db, actor) = (&cx.state.db, cx.actor());
        let id = cx.req.match_info().get("id").map(|_| path_doctor(cx.req));
        match (input.op.as_deref(), id) {
            (Some("add"), None) => {
                let row = doctor_edit::add(db, &actor, &input.fields).await?;
                go(format!("{}?done=add", url::staff_hours(row.id)))
            }
            (Some("save"), Some(id)) => {
                doctor_edit::update(db, &actor, id, &input.fields).await?;
                go(format!("{}?done=save", url::staff_doctor(id)))
            }
            (Some(op @ ("retire" | "return")), Some(id)) => {
                doctor_edit::set_retired(db, &actor, id, op == "retire", cx.state.clock.today()).await?;
                go(format!("{}?done={op}", url::staff_doctor(id)))
            }
            _ => Err(WriteError::Invalid(Invalid::field("op", Message::new("staff.noSuchOp")))),
        }
    }
}

/// A doctor's photo: `upload` (the file in `photo`) or `remove`.
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct PhotoInput {
    pub op: Option<String>,
}

pub struct DoctorPhoto;

impl StaffAction for DoctorPhoto {
    type Input = PhotoInput;
    type Who = Staff<Admin>;
    const UPLOAD: bool = true;

    fn page(req: &HttpRequest, _input: &PhotoInput) -> Option<String> {
        Some(url::staff_doctor(path_doctor(req)))
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: PhotoInput) -> Result<Next, WriteError> {
        let (db, actor, id) = (&cx.state.db, cx.actor(), path_doctor(cx.req));
        match input.op.as_deref() {
            Some("upload") => {
                hygo_directory::doctor_photos::save(db, &actor, id, cx.upload.clone().unwrap_or_default()).await?;
                go(format!("{}?done=photo", url::staff_doctor(id)))
            }
            Some("remove") => {
                hygo_directory::doctor_photos::remove(db, &actor, id).await?;
                go(format!("{}?done=photo-remove", url::staff_doctor(id)))
            }
            _ => Err(WriteError::Invalid(Invalid::field("op", Message::new("staff.noSuchOp")))),
        }
    }
}

/// A doctor's hours: `week` (every `hours-{weekday}-{clinic}` field), `change`
/// (date, hours, clinic, note) or `unchange` (`changeId`).
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct HoursInput {
    pub op: Option<String>,
    pub date: Option<String>,
    pub hours: Option<String>,
    pub clinic: Option<String>,
    pub note: Option<String>,
    pub change_id: Option<String>,
    #[serde(flatten)]
    pub week: std::collections::HashMap<String, String>,
}

pub struct ManageHours;

impl StaffAction for ManageHours {
    type Input = HoursInput;
    type Who = Staff<Admin>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: HoursInput) -> Result<Next, WriteError> {
        use hygo_schedule::schedule;
        let (db, actor, id) = (&cx.state.db, cx.actor(), path_doctor(cx.req));
        match input.op.as_deref() {
            Some("week") => {
                schedule::set_week(db, &actor, id, &input.week).await?;
                go(format!("{}?done=week", url::staff_hours(id)))
            }
            Some("change") => {
                let new = schedule::NewChange { date: input.date.as_deref(), hours: input.hours.as_deref(), clinic: input.clinic.as_deref(), note: input.note.as_deref() };
                schedule::add_change(db, &actor, id, new, cx.state.clock.today()).await?;
                go(format!("{}?done=change", url::staff_hours(id)))
            }
            Some("unchange") => {
                schedule::remove_change(db, &actor, id, id_of(input.change_id.as_deref())).await?;
                go(format!("{}?done=unchange", url::staff_hours(id)))
            }
            _ => Err(WriteError::Invalid(Invalid::field("op", Message::new("staff.noSuchOp")))),
        }
    }
}

/// Clinic closures: `add` (clinic, date, from, until, note) or `remove` (`closureId`).
#[derive(Deserialize, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ClosureInput {
    pub op: Option<String>,
    pub clinic: Option<String>,
    pub date: Option<String>,
    pub from: Option<String>,
    pub until: Option<String>,
    pub note: Option<String>,
    pub closure_id: Option<String>,
}

pub struct ManageClosures;

impl StaffAction for ManageClosures {
    type Input = ClosureInput;
    type Who = Staff<Admin>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: ClosureInput) -> Result<Next, WriteError> {
        use hygo_schedule::schedule;
        let (db, actor) = (&cx.state.db, cx.actor());
        match input.op.as_deref() {
            Some("add") => {
                let new = schedule::NewClosure {
                    clinic: input.clinic.as_deref(),
                    date: input.date.as_deref(),
                    from: input.from.as_deref(),
                    until: input.until.as_deref(),
                    note: input.note.as_deref(),
                };
                schedule::add_closure(db, &actor, new, cx.state.clock.today()).await?;
                go(url::STAFF_CLOSURES.with_query(&[], &[("done", "add")]))
            }
            Some("remove") => {
                schedule::remove_closure(db, &actor, id_of(input.closure_id.as_deref())).await?;
                go(url::STAFF_CLOSURES.with_query(&[], &[("done", "remove")]))
            }
            _ => Err(WriteError::Invalid(Invalid::field("op", Message::new("staff.noSuchOp")))),
        }
    }
}

/// Keeps `ResponseError` in scope for `error_response` on refusals built elsewhere.
#[allow(dead_code)]
fn _uses(e: &ApiError) -> HttpResponse {
    e.error_response()
}

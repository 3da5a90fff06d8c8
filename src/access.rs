//! Who a staff request is, and whether it may go on: the session cookie, the role
//! a route declares, and for writes the anti-forgery token and the site the post
//! came from. Every staff route goes through `check` (pages, `/api/props`, the
//! writes, the export); hiding a button in the UI is never the check.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use actix_web::HttpRequest;
use hygo_data::staff::sessions::{self, Current, Lifetimes, Stage};
use hygo_data::staff::Role;

use crate::error::ApiError;
use crate::state::AppState;
use hygo_data::catalogue::message;

/// What a staff route needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Nobody in particular: the sign-in page, a setup link.
    Anyone,
    /// A session that has come this far in signing in (the code step, the second factor's set-up).
    Stage(Stage),
    /// Signed in, with one of these roles.
    Role(&'static [Role]),
}

/// Roles of the inbox.
pub const DESK: &[Role] = &[Role::Admin, Role::Desk];
pub const ADMIN: &[Role] = &[Role::Admin];
pub const ANY_ROLE: &[Role] = &[Role::Admin, Role::Desk, Role::Editor];

/// Why a request may not go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denied {
    /// No live session, or not far enough in signing in: pages go to the sign-in page, the API gets 401.
    SignIn,
    /// Signed in, without the role: 403.
    Role,
    /// The database could not say: 503.
    Unavailable,
}

impl Denied {
    pub fn error(self) -> ApiError {
        match self {
            Denied::SignIn => ApiError::new(StatusCode::UNAUTHORIZED, message("staff.signInFirst")),
            Denied::Role => ApiError::new(StatusCode::FORBIDDEN, message("staff.notYourRole")),
            Denied::Unavailable => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message("staff.unavailable")),
        }
    }
}

pub fn lifetimes(state: &AppState) -> Lifetimes {
    Lifetimes { idle: state.config.staff_idle, absolute: state.config.staff_absolute }
}

/// The request's live session, if its cookie names one.
pub async fn session(req: &HttpRequest, state: &AppState) -> Result<Option<Current>, Denied> {
    let Some(cookie) = req.cookie(sessions::COOKIE) else { return Ok(None) };
    sessions::current(&state.db, cookie.value(), lifetimes(state)).await.map_err(|e| {
        tracing::error!(error = %e, "staff session lookup failed");
        Denied::Unavailable
    })
}

/// Whether the request may reach a route that needs `need`; its session when it has one.
pub async fn check(req: &HttpRequest, state: &AppState, need: Need) -> Result<Option<Current>, Denied> {
    let current = session(req, state).await?;
    match (need, current) {
        (Need::Anyone, current) => Ok(current),
        (Need::Stage(stage), Some(c)) if c.stage == stage => Ok(Some(c)),
        (Need::Role(roles), Some(c)) if c.stage == Stage::Full && roles.contains(&c.role) => Ok(Some(c)),
        (Need::Role(_), Some(c)) if c.stage == Stage::Full => {
            // A failed authorization is a security event (ASVS 5.0, 16.3.2): who and where, nothing of the records.
            tracing::info!(account = c.account_id, path = req.path(), "staff access refused: not this role's");
            Err(Denied::Role)
        }
        _ => Err(Denied::SignIn),
    }
}

/// Whether a write carries its session's anti-forgery token (compared in constant time).
pub fn csrf_matches(current: &Current, sent: Option<&str>) -> bool {
    let Some(sent) = sent else { return false };
    let (a, b) = (current.csrf.as_bytes(), sent.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The session cookie: `__Host-`, `Secure`, `HttpOnly`, `SameSite=Strict`, for the
/// browser's session only (the server ends it sooner: `Lifetimes`).
pub fn cookie(token: &str) -> Cookie<'static> {
    Cookie::build(sessions::COOKIE, token.to_owned()).path("/").secure(true).http_only(true).same_site(SameSite::Strict).finish()
}

/// The cookie that removes it.
pub fn removal() -> Cookie<'static> {
    let mut c = cookie("");
    c.make_removal();
    c
}

/// The browser, as its owner recognises it in their list of sessions ("Chrome on Android").
pub fn device(req: &HttpRequest) -> String {
    let agent = req.headers().get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or_default();
    let browser = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
        .iter()
        .find(|(mark, _)| agent.contains(mark))
        .map_or(message("staff.someBrowser"), |(_, name)| name);
    let system = [("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"), ("Mac OS", "macOS"), ("Linux", "Linux")]
        .iter()
        .find(|(mark, _)| agent.contains(mark))
        .map(|(_, name)| *name);
    match system {
        Some(system) => hygo_data::catalogue::fill(message("staff.device"), &[("browser", browser), ("system", system)]),
        None => browser.to_owned(),
    }
}

/// The keys a signed-in person's password typed again is counted by: their
/// session (not the account, whose allowance anyone could use up) and the client.
pub async fn session_keys(req: &HttpRequest, state: &AppState, session_id: i32) -> Result<hygo_data::staff::sign_in::Keys, ApiError> {
    let key = crate::form_guard::server_key(state).await.map_err(|_| Denied::Unavailable.error())?;
    let (client, _) = crate::limit::who(req, state.config.behind_proxy);
    let mac = |purpose: &str, value: &str| hygo_data::secrets::hex(&crate::form_guard::sign(key, purpose, &[value.as_bytes()]));
    Ok(hygo_data::staff::sign_in::Keys { account: mac("reauth-session", &session_id.to_string()), client: mac("sign-in-client", &client) })
}

/// The keys sign-in attempts are counted by: the address typed and the client,
/// each as an HMAC under the server's key (never the address or IP itself).
pub async fn attempt_keys(req: &HttpRequest, state: &AppState, email: &str) -> Result<hygo_data::staff::sign_in::Keys, ApiError> {
    let key = crate::form_guard::server_key(state).await.map_err(|_| Denied::Unavailable.error())?;
    let (client, _) = crate::limit::who(req, state.config.behind_proxy);
    let mac = |purpose: &str, value: &str| hygo_data::secrets::hex(&crate::form_guard::sign(key, purpose, &[value.as_bytes()]));
    Ok(hygo_data::staff::sign_in::Keys {
        account: mac("sign-in-account", &hygo_data::staff::email_key(email)),
        client: mac("sign-in-client", &client),
    })
}

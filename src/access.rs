//! Who a staff request is, and whether it may go on: the session cookie, the role
//! a route declares, and for writes the anti-forgery token and the site the post
//! came from. Every staff route goes through `check` (pages, `/api/props`, the
//! writes, the export); hiding a button in the UI is never the check.

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use hygo_staff::Role;
use hygo_staff::sessions::{self, Current, Lifetimes, Stage};

use crate::error::ApiError;
use crate::state::AppState;
use hygo_content::message;

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
/// Roles of the content editor: editors and admins (never the desk).
pub const EDITING: &[Role] = &[Role::Admin, Role::Editor];

/// The roles a console page or write is for, as a type: `Staff<Desk>`.
pub trait Roles: 'static {
    const ROLES: &'static [Role];
}

/// Admins and the desk: requests, the calendar, doctors' days.
pub enum Desk {}
/// Admins only: accounts, the audit log, changes to doctors and hours.
pub enum Admin {}
/// Anyone signed in, whatever their role: their own account.
pub enum AnyRole {}
/// Editors and admins: the site's content, its drafts, previews and publications
/// (docs/editors.md). No patient data, doctors, hours or accounts.
pub enum Editing {}

impl Roles for Desk {
    const ROLES: &'static [Role] = DESK;
}
impl Roles for Admin {
    const ROLES: &'static [Role] = ADMIN;
}
impl Roles for AnyRole {
    const ROLES: &'static [Role] = ANY_ROLE;
}
impl Roles for Editing {
    const ROLES: &'static [Role] = EDITING;
}

/// Who a console page's data function or a console write is for. Each takes its
/// `Who` as an argument, and the registry (`staff_page!`) and the table of
/// writes (`staff_routes!`) read what the route needs from that type (`NEED`),
/// so a page or a write states its role once, in its signature, and none can be
/// written without one. A value is made only by `admit`, after `check`.
pub trait Who: Sized {
    /// What a request needs to reach the route (`check` applies it).
    const NEED: Need;
    /// The proof for a session that meets `NEED`; None for one that does not.
    fn admit(current: Option<&Current>) -> Option<Self>;
}

/// A member of staff signed in the whole way, with one of `R`'s roles.
pub struct Staff<R: Roles> {
    current: Current,
    roles: std::marker::PhantomData<R>,
}

impl<R: Roles> Staff<R> {
    pub fn current(&self) -> &Current {
        &self.current
    }

    pub fn role(&self) -> Role {
        self.current.role
    }

    pub fn account_id(&self) -> i32 {
        self.current.account_id
    }
}

impl<R: Roles> Who for Staff<R> {
    const NEED: Need = Need::Role(R::ROLES);
    fn admit(current: Option<&Current>) -> Option<Self> {
        let c = current.filter(|c| c.stage == Stage::Full && R::ROLES.contains(&c.role))?;
        Some(Staff { current: c.clone(), roles: std::marker::PhantomData })
    }
}

/// Anyone, signed in or not: the sign-in page, a set-up link.
pub struct Anyone(pub Option<Current>);

impl Who for Anyone {
    const NEED: Need = Need::Anyone;
    fn admit(current: Option<&Current>) -> Option<Self> {
        Some(Anyone(current.cloned()))
    }
}

/// A session past the password, before its code.
pub struct PasswordGiven(pub Current);

impl Who for PasswordGiven {
    const NEED: Need = Need::Stage(Stage::Password);
    fn admit(current: Option<&Current>) -> Option<Self> {
        current.filter(|c| c.stage == Stage::Password).cloned().map(PasswordGiven)
    }
}

/// A session setting up its second factor.
pub struct Enrolling(pub Current);

impl Who for Enrolling {
    const NEED: Need = Need::Stage(Stage::Enrol);
    fn admit(current: Option<&Current>) -> Option<Self> {
        current.filter(|c| c.stage == Stage::Enrol).cloned().map(Enrolling)
    }
}

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

/// The live session of a token, now, counting idle time from its last use on
/// this instance as well as the stored one (`sessions::Uses`).
pub async fn current_of(state: &AppState, token: &str) -> Result<Option<Current>, hygo_core::DataError> {
    sessions::current(&state.db, token, lifetimes(state), state.clock.real(), &state.session_uses).await
}

/// The request's live session, if its cookie names one.
pub async fn session(req: &HttpRequest, state: &AppState) -> Result<Option<Current>, Denied> {
    let Some(cookie) = req.cookie(sessions::COOKIE) else { return Ok(None) };
    current_of(state, cookie.value()).await.map_err(|e| {
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

/// The console page a sign-in returns to (issue 44: the desk landed on the inbox
/// after the idle timeout, and a clinic notification's link was lost the same
/// way): set when a page is refused for want of a session, read once after the
/// second factor. Not in the address; `__Host-`, for 15 minutes.
pub const RETURN_COOKIE: &str = "__Host-hygo-return";

/// The page to return to after signing in, as a cookie (`RETURN_COOKIE`), when
/// `path_and_query` is one (`return_path`).
pub fn return_cookie(path_and_query: &str) -> Option<Cookie<'static>> {
    return_path(path_and_query)?;
    // Percent-encoded (a cookie's value takes no `;`, `,` or space), as actix
    // reads it back (`Cookie::parse_encoded`).
    let value = percent_encoding::utf8_percent_encode(path_and_query, percent_encoding::NON_ALPHANUMERIC).to_string();
    Some(Cookie::build(RETURN_COOKIE, value).path("/").secure(true).http_only(true).same_site(SameSite::Strict).max_age(actix_web::cookie::time::Duration::minutes(15)).finish())
}

/// The page a return cookie names, checked: a console address of this site
/// (`/staff/…`, not a sign-in or set-up step), relative, without a scheme, a
/// host (`//`), a backslash or a control character, at most 500 characters.
pub fn return_path(text: &str) -> Option<&str> {
    let steps = ["/staff/sign-in", "/staff/setup", "/staff/sign-out"];
    let fine = text.len() <= 500
        && text.starts_with("/staff")
        && (text.len() == 6 || text[6..].starts_with('/') || text[6..].starts_with('?'))
        && !text.contains("//")
        && !text.contains('\\')
        && !text.chars().any(char::is_control)
        && !steps.iter().any(|s| text.starts_with(s));
    fine.then_some(text)
}

/// The page of the request's return cookie, decoded and checked, if any.
pub fn returning_to(req: &HttpRequest) -> Option<String> {
    // Decoded already: actix reads cookies percent-decoded. (Read as a form, a
    // page with two parameters lost its second at the `&`.)
    let raw = req.cookie(RETURN_COOKIE)?;
    return_path(raw.value()).map(str::to_owned)
}

/// That a form posted into a timed-out session was kept on it
/// (`hygo_staff::sessions::keep_form`): only a mark, "1", so that a console page
/// looks for a kept form only when there may be one. What was typed is never
/// in it. `__Host-`, for as long as a form is kept.
pub const KEPT_COOKIE: &str = "__Host-hygo-kept";

/// The mark that a form was kept (`KEPT_COOKIE`).
pub fn kept_cookie() -> Cookie<'static> {
    let lasts = actix_web::cookie::time::Duration::minutes(sessions::KEPT_FOR_MINUTES);
    Cookie::build(KEPT_COOKIE, "1").path("/").secure(true).http_only(true).same_site(SameSite::Strict).max_age(lasts).finish()
}

/// The cookie that removes the mark.
pub fn kept_removal() -> Cookie<'static> {
    let mut c = kept_cookie();
    c.make_removal();
    c
}

/// The cookie that removes the return cookie.
pub fn return_removal() -> Cookie<'static> {
    let mut c = Cookie::build(RETURN_COOKIE, "").path("/").secure(true).http_only(true).same_site(SameSite::Strict).finish();
    c.make_removal();
    c
}

/// The cookie that removes it.
pub fn removal() -> Cookie<'static> {
    let mut c = cookie("");
    c.make_removal();
    c
}

/// The browser, as its owner recognises it in their list of sessions ("Chrome on Android").
pub fn device(req: &HttpRequest) -> String {
    let agent = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let browser = [
        ("Edg/", "Edge"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ]
    .iter()
    .find(|(mark, _)| agent.contains(mark))
    .map_or_else(
        || message("staff.someBrowser"),
        |(_, name)| (*name).to_owned(),
    );
    let system = [
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("Mac OS", "macOS"),
        ("Linux", "Linux"),
    ]
    .iter()
    .find(|(mark, _)| agent.contains(mark))
    .map(|(_, name)| *name);
    match system {
        Some(system) => hygo_content::fill(
            &message("staff.device"),
            &[("browser", &browser), ("system", system)],
        ),
        None => browser,
    }
}

/// The keys a signed-in person's password typed again is counted by: their
/// session (not the account, whose allowance anyone could use up) and the client.
pub async fn session_keys(req: &HttpRequest, state: &AppState, session_id: i32) -> Result<hygo_staff::sign_in::Keys, ApiError> {
    let key = crate::form_guard::server_key(state).await.map_err(|_| Denied::Unavailable.error())?;
    let (client, network) = crate::limit::who(req, state.config.behind_proxy);
    let mac = |purpose: &str, value: &str| hygo_core::secrets::hex(&crate::form_guard::sign(key, purpose, &[value.as_bytes()]));
    Ok(hygo_staff::sign_in::Keys { account: mac("reauth-session", &session_id.to_string()), client: mac("sign-in-client", &client), network: mac("sign-in-network", &network), devices: Vec::new() })
}

/// The keys sign-in attempts are counted by: the address typed and the client,
/// each as an HMAC under the server's key (never the address or IP itself), and
/// the accounts this browser signed in to before (its device cookie's genuine
/// entries, each with the HMAC of its nonce).
pub async fn attempt_keys(req: &HttpRequest, state: &AppState, email: &str) -> Result<hygo_staff::sign_in::Keys, ApiError> {
    let key = crate::form_guard::server_key(state).await.map_err(|_| Denied::Unavailable.error())?;
    let (client, network) = crate::limit::who(req, state.config.behind_proxy);
    let mac = |purpose: &str, value: &str| hygo_core::secrets::hex(&crate::form_guard::sign(key, purpose, &[value.as_bytes()]));
    let devices = devices(req, key).into_iter().map(|d| (d.account_id, mac("sign-in-device", &d.nonce))).collect();
    Ok(hygo_staff::sign_in::Keys {
        account: mac("sign-in-account", &hygo_staff::email_key(email)),
        client: mac("sign-in-client", &client),
        network: mac("sign-in-network", &network),
        devices,
    })
}

// ---- Device cookies ---------------------------------------------------------------
//
// OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that
// signed in to an account gets a cookie naming the account and a random nonce,
// signed with the server's key. Its later attempts on that account are counted
// against that device alone (`hygo_staff::sign_in`), so a flood of wrong
// passwords from elsewhere slows the attackers down, not the account's owner at
// a browser they used before. The cookie opens nothing by itself: the password
// and the second factor are asked for as always.

/// The device cookie: `__Host-`, `Secure`, `HttpOnly`, `SameSite=Strict`.
pub const DEVICE_COOKIE: &str = "__Host-hygo-device";
/// How long a browser is remembered after its last sign-in.
pub const DEVICE_DAYS: i64 = 180;
/// Accounts one browser is remembered for (a shared desk computer).
pub const DEVICE_ACCOUNTS: usize = 5;

/// One account a browser signed in to: `{account}-{nonce}-{signature}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    pub account_id: i32,
    pub nonce: String,
}

fn device_signature(key: &[u8], account_id: i32, nonce: &str) -> String {
    let full = hygo_core::secrets::hex(&crate::form_guard::sign(key, "device-cookie", &[account_id.to_string().as_bytes(), nonce.as_bytes()]));
    full[..32].to_owned()
}

/// The genuine entries of a request's device cookie (forged or altered ones are
/// ignored, as if absent).
pub fn devices(req: &HttpRequest, key: &[u8]) -> Vec<Device> {
    let Some(cookie) = req.cookie(DEVICE_COOKIE) else { return Vec::new() };
    cookie
        .value()
        .split('.')
        .filter_map(|entry| {
            let mut parts = entry.splitn(3, '-');
            let (id, nonce, signature) = (parts.next()?, parts.next()?, parts.next()?);
            let account_id = id.parse::<i32>().ok()?;
            let expected = device_signature(key, account_id, nonce);
            let same = expected.len() == signature.len() && expected.bytes().zip(signature.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
            same.then(|| Device { account_id, nonce: nonce.to_owned() })
        })
        .take(DEVICE_ACCOUNTS)
        .collect()
}

/// The device cookie after a whole sign-in to `account_id`: a new nonce for that
/// account, first, and the browser's other accounts kept, at most `DEVICE_ACCOUNTS`.
pub async fn device_cookie(req: &HttpRequest, state: &AppState, account_id: i32) -> Option<Cookie<'static>> {
    let key = crate::form_guard::server_key(state).await.ok()?;
    let nonce = hygo_core::refs::new_token();
    let mut entries = vec![format!("{account_id}-{nonce}-{}", device_signature(key, account_id, &nonce))];
    for other in devices(req, key).into_iter().filter(|d| d.account_id != account_id).take(DEVICE_ACCOUNTS - 1) {
        entries.push(format!("{}-{}-{}", other.account_id, other.nonce, device_signature(key, other.account_id, &other.nonce)));
    }
    Some(
        Cookie::build(DEVICE_COOKIE, entries.join("."))
            .path("/")
            .secure(true)
            .http_only(true)
            .same_site(SameSite::Strict)
            .max_age(actix_web::cookie::time::Duration::days(DEVICE_DAYS))
            .finish(),
    )
}

//! Staff accounts for the integration tests: made as `hygo staff add` does, set
//! up through their link (a password and the first code of the app) and signed
//! in over the real app, with their cookies carried by hand (read from
//! `Set-Cookie`, sent as `Cookie:`).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::test::TestRequest;
use hygo_core::audit::Actor;
use hygo_core::entities::{staff_account, staff_session};
use hygo_core::form::Message;
use hygo_staff::sessions::COOKIE;
use hygo_staff::{accounts, token_hash, totp, Role};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;

use super::{call, post_form, Answer};

/// The site's address in the tests' settings (`test_config`): the `Origin` of the console's own posts.
pub const ORIGIN: &str = "https://hygo.test";
/// A password the checks accept (long, no common words).
pub const PASSWORD: &str = "Tamarind kite orbit 7193 velvet";

// ---- Requests and answers -------------------------------------------------------

/// A form post from the console's own pages, with the session's cookie when given.
pub fn post(uri: &str, body: &str, token: Option<&str>) -> TestRequest {
    let req = post_form(uri, body).insert_header(("origin", ORIGIN));
    match token {
        Some(token) => req.insert_header(("cookie", format!("{COOKIE}={token}"))),
        None => req,
    }
}

/// A GET, with the session's cookie when given.
pub fn get_as(uri: &str, token: Option<&str>) -> TestRequest {
    let req = TestRequest::get().uri(uri);
    match token {
        Some(token) => req.insert_header(("cookie", format!("{COOKIE}={token}"))),
        None => req,
    }
}

/// A form body, encoded.
pub fn form(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

/// The `Set-Cookie` header that sets the session cookie, as sent.
pub fn session_set_cookie(answer: &Answer) -> Option<String> {
    answer
        .headers
        .get_all("set-cookie")
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{COOKIE}=")))
        .map(str::to_owned)
}

/// The session token an answer sets (a non-empty cookie value), if any.
pub fn token_of(answer: &Answer) -> Option<String> {
    let header = session_set_cookie(answer)?;
    let cookie = actix_web::cookie::Cookie::parse(header).ok()?;
    (!cookie.value().is_empty()).then(|| cookie.value().to_owned())
}

/// The props a rendered page carries (`<script id="hygo-props">`).
pub fn props(answer: &Answer) -> Value {
    let start = answer
        .text
        .find(r#"<script id="hygo-props" type="application/json">"#)
        .unwrap_or_else(|| panic!("status {}: no props in the page: {}", answer.status, &answer.text[..answer.text.len().min(600)]));
    let rest = &answer.text[start..];
    let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(json).expect("the props are JSON")
}

pub fn text(key: &'static str) -> String {
    Message::new(key).text("en")
}

/// A text of the console (`catalogue/staff/en.json`) by its path.
pub fn staff_text(path: &[&str]) -> String {
    let texts = serde_json::to_value(&*hygo_content::default().staff_texts).unwrap();
    path.iter()
        .fold(&texts, |v, k| &v[*k])
        .as_str()
        .unwrap_or_else(|| panic!("no staff text {path:?}"))
        .to_owned()
}

pub fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

// ---- Staff accounts ---------------------------------------------------------------

/// A member of staff, signed in.
pub struct Staff {
    pub id: i32,
    pub email: String,
    /// The session cookie's value.
    pub token: String,
    /// The session's anti-forgery token.
    pub csrf: String,
    /// What the setup's last step answered (the account page, with the recovery codes).
    pub setup_answer: Answer,
}

/// The anti-forgery token of the session a cookie names.
pub async fn csrf_of(db: &hygo_core::Db, token: &str) -> String {
    staff_session::Entity::find()
        .filter(staff_session::Column::TokenHash.eq(token_hash(token)))
        .one(db)
        .await
        .unwrap()
        .expect("the cookie names a session")
        .csrf_token
}

pub async fn account(db: &hygo_core::Db, email: &str) -> staff_account::Model {
    accounts::by_email(db, email).await.unwrap().expect("the account")
}

/// A code of the account's authenticator app that the server will take now: of the
/// current time step, or the next (one step of skew), never one already used.
pub async fn fresh_code(db: &hygo_core::Db, email: &str) -> String {
    loop {
        let a = account(db, email).await;
        let secret = a.totp_secret.clone().expect("a second factor");
        let now = i64::try_from(unix_now() / 30).unwrap();
        let step = a.totp_last_step.map_or(now, |last| now.max(last + 1));
        if step <= now + 1 {
            return totp::code_at(&secret, u64::try_from(step).unwrap() * 30).unwrap();
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
    }
}

/// Makes an account as `hygo staff add` does and sets it up through its link.
pub async fn staff(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    db: &hygo_core::Db,
    email: &str,
    role: Role,
) -> Staff {
    let (_, link) = accounts::add(db, &Actor::system(), email, "", role).await.expect("the account is made");
    set_up(app, db, &link, email).await
}

/// The setup link's two steps: a password, then the first code of the app.
pub async fn set_up(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    db: &hygo_core::Db,
    link: &str,
    email: &str,
) -> Staff {
    let chosen = call(app, post("/staff/setup", &form(&[("token", link), ("password", PASSWORD)]), None)).await;
    assert_eq!((chosen.status, chosen.header("location")), (303, "/staff/setup/code"), "{email}: the password is taken");
    let pending = token_of(&chosen).expect("a session for the second step");
    let secret = account(db, email).await.totp_secret.expect("a new TOTP secret");
    let code = totp::code_at(&secret, unix_now()).unwrap();
    let csrf = csrf_of(db, &pending).await;
    let done = call(app, post("/staff/setup/code", &form(&[("code", &code), ("csrf", &csrf)]), Some(&pending))).await;
    let token = token_of(&done).unwrap_or_else(|| panic!("{email}: signed in after the first code (status {})", done.status));
    assert_ne!(token, pending, "{email}: a new token once signed in");
    let a = account(db, email).await;
    assert!(a.password_hash.is_some() && a.totp_last_step.is_some(), "{email}: ready");
    Staff { id: a.id, email: a.email, csrf: csrf_of(db, &token).await, token, setup_answer: done }
}

/// Signs in with the password, then with `code` (or a fresh one from the app):
/// the answer of the code step and the pending session's token.
pub async fn sign_in(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    db: &hygo_core::Db,
    email: &str,
    code: Option<&str>,
) -> (Answer, String) {
    let first = call(app, post("/staff/sign-in", &form(&[("email", email), ("password", PASSWORD)]), None)).await;
    assert_eq!((first.status, first.header("location")), (303, "/staff/sign-in/code"), "{email}: the password step");
    let pending = token_of(&first).expect("a session for the code step");
    let csrf = csrf_of(db, &pending).await;
    let code = match code {
        Some(code) => code.to_owned(),
        None => fresh_code(db, email).await,
    };
    (call(app, post("/staff/sign-in/code", &form(&[("code", &code), ("csrf", &csrf)]), Some(&pending))).await, pending)
}

/// Whether a session token is live: its page props answer 200 (401 once it has ended).
pub async fn props_status(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    path: &str,
    token: Option<&str>,
) -> u16 {
    let uri = format!("/api/props?path={}", form_urlencoded::byte_serialize(path.as_bytes()).collect::<String>());
    call(app, get_as(&uri, token)).await.status
}

/// A photo as a camera would give one: a gradient, encoded as JPEG or PNG.
pub fn picture(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 120]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// A `multipart/form-data` body as a browser sends an upload form: the text
/// fields, then the file (field `photo`) when given.
pub fn multipart(fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (String, Vec<u8>) {
    let boundary = "----hygo-test-7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
    }
    if let Some((filename, bytes)) = file {
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{filename}\"\r\nContent-Type: image/jpeg\r\n\r\n").as_bytes());
        body.extend(bytes);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

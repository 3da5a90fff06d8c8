//! Shared by the integration tests: a fresh database per test on every backend
//! (SQLite always, PostgreSQL when `TEST_DATABASE_URL` is set), the real app, and
//! (in `server`) the real binary over real HTTP.
#![allow(dead_code)]

pub mod logs;
pub mod providers;
pub mod relay;
pub mod server;
pub mod staff;

use std::sync::atomic::{AtomicUsize, Ordering};

use actix_web::web;
use hygo::state::AppState;
use hygo::config::Config;
use hygo_render::{RenderConfig, RenderPool};

/// A database made for one test, dropped with it.
pub struct TestDb {
    pub url: String,
    pub backend: &'static str,
    _dir: Option<tempfile::TempDir>,
    drop_pg: Option<(String, String)>,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

impl TestDb {
    pub fn sqlite() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("hygo.db").display());
        Self { url, backend: "sqlite", _dir: Some(dir), drop_pg: None }
    }

    /// A new, empty PostgreSQL database on the server of `TEST_DATABASE_URL`.
    pub async fn postgres(admin_url: &str) -> Self {
        let name = format!("hygo_test_{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst));
        let admin = hygo_core::db::open(admin_url).await.expect("connect to TEST_DATABASE_URL");
        use sea_orm::ConnectionTrait;
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}")).await.unwrap();
        admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
        admin.close().await.ok();
        let base = admin_url.split('?').next().unwrap();
        let cut = base.rfind('/').expect("TEST_DATABASE_URL names a database");
        let url = format!("{}/{name}", &base[..cut]);
        Self { url, backend: "postgres", _dir: None, drop_pg: Some((admin_url.to_owned(), name)) }
    }

    /// SQLite, then PostgreSQL when `TEST_DATABASE_URL` is set.
    pub async fn all() -> Vec<TestDb> {
        let mut dbs = vec![TestDb::sqlite()];
        if let Ok(url) = std::env::var("TEST_DATABASE_URL") {
            if !url.is_empty() {
                dbs.push(TestDb::postgres(&url).await);
            }
        }
        dbs
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((admin_url, name)) = self.drop_pg.take() {
            // Drop the test database on a thread of its own: Drop cannot await.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async {
                    if let Ok(admin) = hygo_core::db::open(&admin_url).await {
                        use sea_orm::ConnectionTrait;
                        let _ = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await;
                    }
                });
            })
            .join();
        }
    }
}

/// The published content is one catalogue per process (`hygo_content::install`,
/// laid over the files from whichever database last published): tests in one
/// binary that publish, or read what is published, take turns by holding this.
/// A tokio mutex: held across awaits, and a failed test does not poison it.
pub async fn catalogue_turn() -> tokio::sync::MutexGuard<'static, ()> {
    static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    TURN.lock().await
}

/// The app's state on a migrated, seeded database, with a one-thread render pool.
pub async fn state(db: &TestDb) -> web::Data<AppState> {
    state_with(db, hygo_core::ist::Clock::System, 1000).await
}

/// The same, with "now" fixed and a given write limit.
pub async fn state_with(db: &TestDb, clock: hygo_core::ist::Clock, write_limit: u32) -> web::Data<AppState> {
    let mut config = test_config();
    config.write_limit = write_limit;
    // As the setting's default: three times the client's.
    config.network_write_limit = 3 * write_limit;
    state_from(db, clock, config).await
}

/// The same, with a configuration of the test's own.
pub async fn state_from(db: &TestDb, clock: hygo_core::ist::Clock, mut config: Config) -> web::Data<AppState> {
    let conn = hygo_core::connect(&db.url).await.expect("connect, migrate and seed");
    let renderer = RenderPool::start(
        hygo::ui_assets::SERVER_BUNDLE.into(),
        RenderConfig { threads: 1, queue: config.render_queue, staff_queue: config.staff_render_queue, timeout: config.render_timeout, ..RenderConfig::default() },
    )
    .expect("the server bundle loads");
    config.database_url = db.url.clone();
    web::Data::new(AppState::new(conn, clock, renderer, config))
}

/// The mails' settings for a test that calls a data crate without the app: no
/// clinic address, the test site's address, the registry's links.
pub fn notices() -> hygo_booking::notices::Notices {
    hygo_booking::notices::Notices {
        clinic_email: None,
        public_url: "https://hygo.test".into(),
        organizer: "desk@hygo.test".into(),
        links: hygo::pages::url::mail_links(),
        expiry_hours: 48,
        channels: Vec::new(),
    }
}

pub fn test_config() -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database_url: String::new(),
        public_url: "https://hygo.test".into(),
        render_threads: 1,
        render_queue: 64,
        // Far above any render's time: a loaded CI machine must not interrupt one.
        render_timeout: std::time::Duration::from_secs(30),
        render_memory_mb: 128,
        render_cache_mb: 32,
        // Tests edit the database and expect the pages to follow at once.
        data_recheck: std::time::Duration::ZERO,
        log_json: false,
        write_limit: 1000,
        step_limit: 1000,
        network_write_limit: 3000,
        write_limit_day: 100_000,
        network_write_limit_day: 300_000,
        // The tests' clock stands still; `tests/abuse.rs` asks for the wait.
        form_min_secs: 0,
        behind_proxy: false,
        smtp_url: None,
        smtp_password: None,
        smtp_ca: None,
        hash_threads: 1,
        hash_queue: 64,
        staff_render_queue: 64,
        metrics_token: None,
        mail_from: "HYGO <newsletter@hygo.test>".into(),
        booking_url: None,
        languages: hygo_content::LANGUAGES.to_vec(),
        body_timeout: std::time::Duration::from_secs(5),
        max_connections: None,
        hsts: None,
        database_must_exist: false,
        receipt_valid_for: std::time::Duration::from_secs(30 * 60),
        clinic_email: Some("desk@hygo.test".into()),
        request_expiry_hours: 48,
        reminder_hour: hygo_booking::reminders::DEFAULT_HOUR,
        staff_idle: chrono::Duration::minutes(30),
        staff_absolute: chrono::Duration::hours(12),
        whatsapp: None,
        sms: None,
    }
}

/// The doctors of the seed file, as the tests expect to find them.
pub fn seed() -> serde_json::Value {
    serde_json::from_str(hygo_core::seed::SEED_DOCTORS).unwrap()
}

/// A fixed "now" in IST: `at("2030-01-07 10:20")`.
pub fn at(text: &str) -> hygo_core::ist::Clock {
    hygo_core::ist::Clock::Fixed(chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap())
}

// ---- Requests to the in-process app -------------------------------------------
//
// `call` is the one place the tests send a request to the app that
// `actix_web::test::init_service(hygo::app::app(state))` makes; the functions
// after it are shorthands for the usual requests and answers. (`server` talks to
// the real binary over a socket instead.)

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::header::HeaderMap;
use actix_web::test::TestRequest;

/// What the app answered: the status, the headers, the body as bytes and as text
/// (lossy UTF-8, for pages and messages; compressed bodies are in `body`).
pub struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    pub text: String,
}

impl Answer {
    /// A header's value, or "" when it is absent.
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map(|v| v.to_str().expect("a header in ASCII")).unwrap_or("")
    }

    /// The body as JSON; panics, naming the status and the body, when it is not.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|_| panic!("status {}: the body is not JSON: {}", self.status, self.text))
    }
}

/// Sends one request to the in-process app and reads the whole answer.
pub async fn call(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    req: TestRequest,
) -> Answer {
    let res = actix_web::test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let body = actix_web::test::read_body(res).await.to_vec();
    let text = String::from_utf8_lossy(&body).into_owned();
    Answer { status, headers, body, text }
}

/// `GET uri`.
pub async fn fetch(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    uri: &str,
) -> Answer {
    call(app, TestRequest::get().uri(uri)).await
}

/// Posts an HTML form (`post_form`) as a browser does: with its page's signed
/// token (`hygo::form_guard`) when the page has one and the body none. The token
/// is read from the page's props (`/api/props`), which renders nothing.
pub async fn submit(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    uri: &str,
    body: &str,
) -> Answer {
    let token = match body.contains("formIssued=") {
        true => None,
        false => fetch(app, &format!("/api/props?path={}", form_urlencoded::byte_serialize(uri.as_bytes()).collect::<String>())).await.json()["formToken"]
            .as_str()
            .map(str::to_owned),
    };
    let body = match token {
        Some(token) => format!("{body}&formIssued={token}"),
        None => body.to_owned(),
    };
    call(app, post_form(uri, &body)).await
}

/// The signed token in a page's props (`formToken`), if it has one.
pub fn form_token(page: &str) -> Option<String> {
    let start = page.find("\"formToken\":\"")? + "\"formToken\":\"".len();
    page[start..].split('"').next().map(str::to_owned)
}

/// `call` for an answer that must be JSON: the status, the headers and the JSON body.
pub async fn send(
    app: &impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    req: TestRequest,
) -> (u16, HeaderMap, serde_json::Value) {
    let answer = call(app, req).await;
    let json = answer.json();
    let ct = answer.header("content-type");
    assert!(ct.starts_with("application/json"), "status {}: JSON with the content type {ct:?}", answer.status);
    (answer.status, answer.headers, json)
}

/// `GET uri`, for `call` or `send`.
pub fn get(uri: &str) -> TestRequest {
    TestRequest::get().uri(uri)
}

/// A JSON POST from a given client address.
pub fn post_json(uri: &str, body: &serde_json::Value) -> TestRequest {
    TestRequest::post()
        .uri(uri)
        .peer_addr("203.0.113.7:50000".parse().unwrap())
        .insert_header(("content-type", "application/json"))
        .set_payload(body.to_string())
}

/// An HTML form post as a browser without JavaScript sends it, from a given client address.
pub fn post_form(uri: &str, body: &str) -> TestRequest {
    TestRequest::post()
        .uri(uri)
        .peer_addr("198.51.100.9:40000".parse().unwrap())
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .insert_header(("accept", "text/html,application/xhtml+xml"))
        .set_payload(body.to_owned())
}

// ---- Texts by catalogue key -------------------------------------------------------
// A test names the text it expects, never a copy of its English, so translating a
// text or choosing a better word does not break a test (ui/test/catalogue.mjs is
// the browser tests' twin). A key that is not there fails the test at once.

/// A message of `catalogue/messages` ("appointment.requested"), as the server says it.
pub fn message(key: &str) -> String {
    let text = hygo_content::default().messages().get(key).cloned();
    text.unwrap_or_else(|| panic!("no message {key} in catalogue/messages"))
}

/// An interface text of `catalogue/texts` ("doctors.heading"), as the pages show it.
pub fn ui_text(key: &str) -> String {
    let content = hygo_content::default();
    let (area, name) = key.split_once('.').unwrap_or_else(|| panic!("{key}: area.key"));
    match content.texts.get(area).and_then(|texts| texts.get(name)) {
        Some(hygo_content::Text::One(text)) => text.clone(),
        _ => panic!("no text {key} in catalogue/texts"),
    }
}

/// A message with its `{name}` placeholders filled, as the server fills them.
pub fn message_with(key: &str, values: &[(&str, &str)]) -> String {
    hygo_content::fill(&message(key), values)
}

/// An interface text with its `{name}` placeholders filled, as the pages fill them.
pub fn ui_text_with(key: &str, values: &[(&str, &str)]) -> String {
    hygo_content::fill(&ui_text(key), values)
}

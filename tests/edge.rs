//! The HTTP edge (issue 14; `docs/security.md`): stalled request bodies and the
//! connection cap over real sockets against the real binary; cross-site writes,
//! content types, NUL bytes and the response headers against the in-process app
//! on SQLite and PostgreSQL.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use actix_web::test::{self, TestRequest};
use hygo_core::entities::{card_request, contact_message, newsletter_subscriber};
use sea_orm::{EntityTrait, PaginatorTrait};

use common::server::{get, spawn, spawn_logging, wait_healthy};
use common::{at, call, fetch, post_form, post_json, state_from, test_config, TestDb};

/// Every GET route answers HEAD as it answers GET (RFC 9110 §9.3.2): the same
/// status and type, and no body; a page's HEAD is not sent to the home page.
#[test]
fn head_answers_as_get_on_every_get_route() {
    let dir = tempfile::tempdir().unwrap();
    let port = common::server::free_port();
    let mut child = spawn(dir.path(), port, &[]);
    wait_healthy(&mut child, port);
    // Answers with a body, and answers that send elsewhere (an unknown page, a
    // language this server does not serve, the console without a session).
    let with_body = [
        "/healthz", "/", "/doctors", "/doctors/1", "/departments", "/search?q=heart", "/contactus", "/appointment",
        "/sitemap.xml", "/robots.txt", "/api/doctors", "/api/search?q=heart", "/api/no-such-endpoint", "/staff/sign-in", "/metrics",
    ];
    let elsewhere = ["/no-such-page", "/hi/doctors", "/staff", "/requests?token=nonsense"];
    for path in with_body.iter().chain(&elsewhere) {
        let got = common::server::exchange(port, "GET", path, &[], None).unwrap();
        let head = common::server::exchange(port, "HEAD", path, &[], None).unwrap();
        assert_eq!(
            (head.status, head.header("content-type"), head.header("location"), head.body.as_str()),
            (got.status, got.header("content-type"), got.header("location"), ""),
            "HEAD {path}"
        );
    }
    for path in with_body {
        let got = common::server::exchange(port, "GET", path, &[], None).unwrap();
        assert!(!got.body.is_empty(), "GET {path} has a body, so the test can tell: {}", got.status);
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Monday 7 January 2030, 10:20 in Rajkot.
const NOW: &str = "2030-01-07 10:20";

/// Sends a request's head and the first bytes of a body it says is longer, then
/// nothing more: a client that stalls.
fn stall(port: u16, head: &str, first: &[u8]) -> (TcpStream, Instant) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let sent = Instant::now();
    s.write_all(format!("{head}Host: 127.0.0.1:{port}\r\n\r\n").as_bytes()).unwrap();
    s.write_all(first).unwrap();
    (s, sent)
}

/// Reads until the server closes the connection (at most `within`): the answer's
/// status, its head and body, and how long the connection stayed open.
fn until_closed((mut s, started): (TcpStream, Instant), within: Duration) -> (u16, String, Duration) {
    s.set_read_timeout(Some(within)).unwrap();
    let mut raw = Vec::new();
    if let Err(e) = s.read_to_end(&mut raw) {
        assert!(e.kind() == std::io::ErrorKind::ConnectionReset, "the server kept the connection open past {within:?}: {e}");
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, text, started.elapsed())
}

#[test]
fn stalled_bodies_are_answered_408_and_closed() {
    let dir = tempfile::tempdir().unwrap();
    let port = common::server::free_port();
    let mut child = spawn(dir.path(), port, &[("HYGO_BODY_TIMEOUT_MS", "1000")]);
    wait_healthy(&mut child, port);
    let bound = Duration::from_secs(10);

    // A JSON write that says 16,000 bytes and sends one: 408 in the error shape.
    let json = stall(port, "POST /api/contact HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n", b"{");
    // The same as a form post, and one that sends nothing after its head.
    let form = stall(port, "POST /contactus HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 16000\r\n", b"n");
    let empty = stall(port, "POST /newsletter HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 16000\r\n", b"");
    // Routes that never read a body: answered at once, and the connection closed.
    let page = stall(port, "GET /doctors HTTP/1.1\r\nContent-Length: 16000\r\n", b"");
    let unsubscribe = stall(port, "POST /newsletter/unsubscribe?token=abc HTTP/1.1\r\nContent-Length: 16000\r\n", b"");
    // A chunked body that keeps coming, one byte at a time, to a page.
    let (mut chunked, sent) = stall(port, "GET /doctors HTTP/1.1\r\nTransfer-Encoding: chunked\r\n", b"1\r\na\r\n");
    let dripping = std::thread::spawn(move || {
        let reader = chunked.try_clone().unwrap();
        while sent.elapsed() < Duration::from_secs(30) && chunked.write_all(b"1\r\na\r\n").is_ok() {
            std::thread::sleep(Duration::from_millis(200));
        }
        (reader, sent)
    });

    let (status, text, open) = until_closed(json, bound);
    assert_eq!(status, 408, "{text}");
    assert!(text.contains(r#""success":false"#) && text.contains(&common::message("request.timeout")), "the JSON error shape: {text}");
    println!("stalled JSON body: 408, closed within {open:?}");
    for (what, s) in [("form post", form), ("form post with no body", empty)] {
        let (status, text, open) = until_closed(s, bound);
        assert_eq!(status, 408, "{what}: {text}");
        assert!(text.contains("text/html") && text.contains(&common::message("request.timeout")), "{what}: the form's page with the message");
        println!("stalled {what}: 408, closed within {open:?}");
    }
    for (what, s, want) in [("page", page, 200), ("unsubscribe", unsubscribe, 404)] {
        let (status, text, open) = until_closed(s, bound);
        assert_eq!(status, want, "{what}: {text}");
        println!("{what} with a stalled body it does not read: {want}, closed within {open:?}");
    }
    let reader = dripping.join().unwrap();
    let (status, _, open) = until_closed(reader, Duration::from_secs(40));
    assert_eq!(status, 200);
    assert!(open < Duration::from_secs(25), "a dripping chunked body kept the connection open {open:?}");
    println!("page with a dripping chunked body: 200, closed within {open:?}");

    assert_eq!(get(port, "/healthz").unwrap().0, 200, "the server still answers");
    child.kill().unwrap();
    child.wait().unwrap();
}

/// The server's open sockets (Linux: its file descriptors that are sockets).
fn sockets(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .filter_map(|e| std::fs::read_link(e.unwrap().path()).ok())
        .filter(|target| target.to_string_lossy().starts_with("socket:"))
        .count()
}

#[test]
fn many_stalled_clients_never_starve_the_server_for_long() {
    let dir = tempfile::tempdir().unwrap();
    let port = common::server::free_port();
    let log_path = dir.path().join("log.txt");
    let log = std::fs::File::create(&log_path).unwrap();
    let cap = 8;
    let mut child = spawn_logging(
        dir.path(),
        port,
        &[("HYGO_BODY_TIMEOUT_MS", "1000"), ("HYGO_MAX_CONNECTIONS", &cap.to_string()), ("HYGO_LOG_FORMAT", "json")],
        log.into(),
    );
    wait_healthy(&mut child, port);
    let started_log = std::fs::read_to_string(&log_path).unwrap();
    let limits = started_log.lines().find(|l| l.contains("connection limits")).expect("the limits are logged at start");
    let limits: serde_json::Value = serde_json::from_str(limits).unwrap();
    let held = limits["fields"]["max_connections"].as_u64().unwrap() as usize;
    assert!(held <= cap && held > 0, "the cap in force is at most the setting: {limits}");
    assert!(limits["fields"]["file_limit"].as_u64().unwrap() > 0, "{limits}");
    std::thread::sleep(Duration::from_millis(300));
    let before = sockets(child.id());

    // Far more stalled clients than the cap: the ones over it wait in the kernel's
    // queue, which costs the server no file.
    let clients = 64;
    let stalled: Vec<(TcpStream, Instant)> = (0..clients)
        .map(|_| stall(port, "POST /api/contact HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n", b"{"))
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let during = sockets(child.id());
    // Each connection is two sockets in the server: its own and the watch's handle.
    assert!(during <= before + 2 * held, "{during} sockets open with {clients} stalled clients (cap {held}, {before} before)");

    // A health check queued behind them all is answered once the deadline has cut
    // the ones ahead of it.
    let asked = Instant::now();
    let (status, _) = get(port, "/healthz").unwrap();
    assert_eq!(status, 200, "the health check is answered while they stall");
    println!("{clients} stalled clients, cap {held}: /healthz answered after {:?}, server sockets {during} (was {before})", asked.elapsed());

    let answers: Vec<(u16, Duration)> = stalled.into_iter().map(|s| until_closed(s, Duration::from_secs(30))).map(|(s, _, t)| (s, t)).collect();
    assert!(answers.iter().all(|&(s, _)| s == 408), "every stalled client is answered 408: {answers:?}");
    let longest = answers.iter().map(|&(_, t)| t).max().unwrap();
    println!("the last stalled client was closed after {longest:?}");
    assert_eq!(get(port, "/healthz").unwrap().0, 200, "and the server answers after they go");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_kept_alive_connection_that_stalls_in_its_next_head_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let port = common::server::free_port();
    let mut child = spawn(dir.path(), port, &[]);
    wait_healthy(&mut child, port);
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(format!("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut first = [0u8; 512];
    let n = s.read(&mut first).unwrap();
    assert!(String::from_utf8_lossy(&first[..n]).starts_with("HTTP/1.1 200"), "the first request is answered");
    // The next request's head, begun and never finished.
    let stalled = Instant::now();
    s.write_all(b"GET /doctors HTTP/1.1\r\nHo").unwrap();
    let (_, rest, open) = until_closed((s, stalled), Duration::from_secs(30));
    let limit = hygo::edge::NEXT_HEAD_WITHIN;
    assert!(open < limit + Duration::from_secs(3), "closed after {open:?}, limit {limit:?}: {rest}");
    assert!(!rest.contains("200 OK"), "the half-sent request is not answered: {rest}");
    println!("a kept-alive connection stalled in its next head was closed after {open:?}");
    assert_eq!(get(port, "/healthz").unwrap().0, 200, "the server still answers");
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Valid posts of every no-JavaScript form, and where each is stored.
const FORMS: &[(&str, &str)] = &[
    ("/subscription", "name=Meera+Shah&email=meera%40example.in&number=98250+22222&subscriptionType=Essential+Family"),
    ("/contactus", "name=Dev&email=dev%40example.in&subject=Card&message=Hello"),
    ("/newsletter", "email=ravi%40example.in"),
    ("/appointment", "step=1&action=next&name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in"),
    ("/appointment/1", "step=1&action=next&name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in"),
];

/// The JSON writes, with a body each accepts.
fn json_writes() -> Vec<(&'static str, serde_json::Value)> {
    use serde_json::json;
    vec![
        ("/newsletter/subscribe", json!({ "email": "cross@example.com" })),
        ("/api/SubscriptionData/subscription-form", json!({ "name": "N", "email": "n@example.com", "number": "9825012345", "subscriptionType": "Essential Family" })),
        ("/api/contact", json!({ "name": "N", "email": "n@example.com", "subject": "S", "message": "M" })),
        ("/appointments/bookAppointment", json!({
            "name": "N", "phone": "+91 98250 12345", "email": "n@example.com",
            "doctorId": 1, "date": "2030-01-09", "time": "11:00 AM", "visitType": "in-person"
        })),
    ]
}

/// How a browser marks a request from another site, and what it sends for one
/// from the site's own pages (`test_config`'s public address is https://hygo.test).
const CROSS: &[&[(&str, &str)]] = &[
    &[("origin", "https://evil.example")],
    &[("origin", "null")],
    &[("origin", "http://hygo.test")],
    &[("sec-fetch-site", "cross-site")],
    &[("sec-fetch-site", "same-site")],
];
const OWN: &[&[(&str, &str)]] = &[&[], &[("origin", "https://hygo.test")], &[("sec-fetch-site", "same-origin")]];

fn with(mut req: TestRequest, headers: &[(&str, &str)]) -> TestRequest {
    for h in headers {
        req = req.insert_header(*h);
    }
    req
}

async fn stored(db: &hygo_core::Db) -> u64 {
    card_request::Entity::find().count(db).await.unwrap()
        + contact_message::Entity::find().count(db).await.unwrap()
        + newsletter_subscriber::Entity::find().count(db).await.unwrap()
}

#[actix_web::test]
async fn writes_from_another_site_are_refused_and_store_nothing() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_from(&db, at(NOW), test_config()).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        for (path, body) in FORMS {
            for headers in CROSS {
                let res = call(&app, with(post_form(path, body), headers)).await;
                assert_eq!(res.status, 403, "{b}: {path} {headers:?}");
                assert!(res.header("content-type").starts_with("text/html"), "{b}: {path}: a page");
                assert!(res.text.contains(&common::message("request.crossSite")), "{b}: {path}: the message");
                assert!(!res.text.contains("example.in"), "{b}: {path}: no values shown again");
            }
        }
        for (path, body) in json_writes() {
            for headers in CROSS {
                let res = call(&app, with(post_json(path, &body), headers)).await;
                assert_eq!(res.status, 403, "{b}: {path} {headers:?}");
                assert_eq!(res.json()["success"], false, "{b}: {path}: the JSON error shape");
            }
        }
        assert_eq!(stored(&state.db).await, 0, "{b}: nothing was stored");

        // The site's own pages, and clients that are no browser, still write.
        for headers in OWN {
            for (path, body) in &FORMS[..3] {
                // With the page's signed token, as the page sends it (`crate::form_guard`).
                let props = fetch(&app, &format!("/api/props?path={path}")).await.json();
                let body = match props["formToken"].as_str() {
                    Some(token) => format!("{body}&formIssued={token}"),
                    None => body.to_string(),
                };
                let res = call(&app, with(post_form(path, &body), headers)).await;
                assert_eq!(res.status, 303, "{b}: {path} {headers:?}: {}", res.text);
            }
            let (path, body) = &FORMS[3];
            assert_eq!(call(&app, with(post_form(path, body), headers)).await.status, 200, "{b}: a wizard's step");
        }
        assert_eq!(stored(&state.db).await, 7, "{b}: three cards, three messages, one subscriber");
        let res = call(&app, with(post_json("/api/contact", &json_writes()[2].1), &[("origin", "https://hygo.test")])).await;
        assert_eq!(res.status, 201, "{b}: {}", res.text);

        // One-click unsubscribe: a mail server sends neither header and is obeyed;
        // another site's page is refused, and a browser is shown our page instead.
        let token = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap().unsubscribe_token;
        let uri = format!("/newsletter/unsubscribe?token={token}");
        let forged = call(&app, with(post_form(&uri, "List-Unsubscribe=One-Click"), &[("origin", "https://evil.example")])).await;
        assert_eq!((forged.status, forged.header("location")), (303, format!("/unsubscribe?token={token}").as_str()), "{b}");
        let forged = call(&app, TestRequest::post().uri(&uri).insert_header(("sec-fetch-site", "cross-site"))).await;
        assert_eq!(forged.status, 403, "{b}");
        assert_eq!(forged.json()["success"], false, "{b}");
        let subscriber = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert!(subscriber.unsubscribed_at.is_none(), "{b}: still subscribed after the forged posts");

        // The confirmation link's button: another site's page cannot confirm for its visitor.
        let confirm = format!("/newsletter/confirm?token={}", subscriber.confirm_token.clone().expect("a pending subscriber"));
        let forged = call(&app, with(post_form(&confirm, ""), &[("origin", "https://evil.example")])).await;
        assert_eq!((forged.status, forged.header("location")), (303, confirm.as_str()), "{b}: shown our page instead");
        let forged = call(&app, TestRequest::post().uri(&confirm).insert_header(("sec-fetch-site", "cross-site"))).await;
        assert_eq!(forged.status, 403, "{b}");
        let subscriber = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert!(subscriber.confirmed_at.is_none() && subscriber.confirm_token.is_some(), "{b}: not confirmed by the forged posts");
        let own = call(&app, with(post_form(&confirm, ""), &[("origin", "https://hygo.test")])).await;
        assert_eq!(own.status, 303, "{b}: our own page's button confirms");
        let subscriber = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert!(subscriber.confirmed_at.is_some(), "{b}: confirmed");
        let mail_server = call(
            &app,
            TestRequest::post()
                .uri(&uri)
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload("List-Unsubscribe=One-Click"),
        )
        .await;
        assert_eq!(mail_server.status, 200, "{b}: RFC 8058 one-click: {}", mail_server.text);
    }
}

#[actix_web::test]
async fn forms_accept_only_what_a_browser_form_sends_and_the_api_only_json() {
    let db = TestDb::sqlite();
    let state = state_from(&db, at(NOW), test_config()).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let raw = |path: &str, ct: &str, body: &str| {
        TestRequest::post()
            .uri(path)
            .insert_header(("content-type", ct.to_owned()))
            .insert_header(("accept", "text/html"))
            .set_payload(body.to_owned())
    };
    let multipart = "multipart/form-data; boundary=x";
    for (path, body) in FORMS {
        for ct in ["text/plain", multipart, "application/json"] {
            let res = call(&app, raw(path, ct, body)).await;
            assert_eq!(res.status, 415, "{path} as {ct}");
            assert!(res.header("content-type").starts_with("text/html"), "{path} as {ct}: the form's page");
        }
    }
    for (path, body) in json_writes() {
        for ct in ["text/plain", multipart, "application/x-www-form-urlencoded"] {
            let res = call(&app, raw(path, ct, &body.to_string())).await;
            assert_eq!(res.status, 415, "{path} as {ct}");
            assert_eq!(res.json()["success"], false, "{path} as {ct}");
        }
    }
    assert_eq!(stored(&state.db).await, 0);
}

#[actix_web::test]
async fn nul_in_a_path_or_query_is_refused_on_both_databases() {
    for db in TestDb::all().await {
        let app = test::init_service(hygo::app::app(common::state(&db).await)).await;
        let b = db.backend;
        for uri in [
            "/api/doctors/department/%00",
            "/api/doctors/%00",
            "/api/search?q=a%00",
            "/api/props?path=/unsubscribe%3Ftoken%3D%2500",
            "/appointments/slots?doctorId=1&date=%00",
        ] {
            let res = call(&app, TestRequest::get().uri(uri)).await;
            assert_eq!(res.status, 400, "{b}: {uri}: {}", res.text);
            assert!(res.json()["message"].as_str().unwrap().contains("NUL"), "{b}: {uri}");
        }
        let res = call(&app, post_json("/newsletter/unsubscribe?token=%00", &serde_json::json!({}))).await;
        assert_eq!(res.status, 400, "{b}: the API's POST");
        let res = call(&app, post_form("/newsletter/unsubscribe?token=%00", "")).await;
        assert_eq!(res.status, 400, "{b}: the API's POST from a page");
        for uri in ["/unsubscribe?token=%00", "/doctors/%00", "/search?q=%00", "/departments/a%00b"] {
            let res = call(&app, TestRequest::get().uri(uri)).await;
            assert_eq!(res.status, 404, "{b}: {uri}");
            assert!(res.text.contains(&common::message("page.notFoundHeading")), "{b}: {uri}: the not-found page");
        }
        // The same addresses without the NUL still work.
        assert_eq!(call(&app, TestRequest::get().uri("/unsubscribe?token=abc")).await.status, 200, "{b}");
        assert_eq!(call(&app, TestRequest::get().uri("/api/doctors/department/cardiology")).await.status, 200, "{b}");
    }
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let db = TestDb::sqlite();
    let mut config = test_config();
    config.hsts = Some(hygo::config::DEFAULT_HSTS.into());
    let app = test::init_service(hygo::app::app(state_from(&db, at(NOW), config).await)).await;
    let asset = format!("/assets/{}", hygo::ui_assets::CLIENT_JS);
    let answers = [
        ("a page", "/doctors", 200),
        ("an API answer", "/api/doctors", 200),
        ("an asset", asset.as_str(), 200),
        ("an API 404", "/api/nowhere", 404),
        ("a page 404", "/doctors/%00", 404),
        ("a redirect", "/nowhere", 302),
    ];
    let expected = [
        ("content-security-policy", hygo::edge::CSP),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "strict-origin-when-cross-origin"),
        ("x-frame-options", "DENY"),
        ("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"),
        ("cross-origin-opener-policy", "same-origin"),
        ("cross-origin-resource-policy", "same-origin"),
        ("strict-transport-security", "max-age=63072000; includeSubDomains"),
    ];
    for (what, uri, status) in answers {
        let res = call(&app, TestRequest::get().uri(uri)).await;
        assert_eq!(res.status, status, "{what}: {uri}");
        for (name, value) in expected {
            assert_eq!(res.header(name), value, "{what} ({uri}): {name}");
        }
    }
    for directive in ["default-src 'self'", "script-src 'self';", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'"] {
        assert!(hygo::edge::CSP.contains(directive), "the Observatory's CSP checks: {directive}");
    }
    // Frames from OpenStreetMap's map alone (the contact page's "Show map"), nothing else.
    let frames = hygo::edge::CSP.split(';').map(str::trim).find(|d| d.starts_with("frame-src")).expect("frame-src");
    assert_eq!(frames, "frame-src 'self' https://www.openstreetmap.org", "the site's own previews, in the editor, and the map");

    // Over plain http (no HYGO_HSTS), no HSTS: a browser would ignore it there.
    let app = test::init_service(hygo::app::app(state_from(&db, at(NOW), test_config()).await)).await;
    let res = call(&app, TestRequest::get().uri("/doctors")).await;
    assert_eq!(res.header("strict-transport-security"), "", "no HSTS unless set");
    assert_eq!(res.header("cross-origin-opener-policy"), "same-origin");
}

// ---- Control characters in bodies and headers (issue 24) ---------------------------

/// Rows in every table: what a refused request must leave as it was. The audit
/// log's page views are left out (a refused console form is answered with its
/// page, and looking at a page with patients' data is recorded: `pages::disclose`).
async fn stored_rows(db: &hygo_core::Db) -> Vec<(String, i64)> {
    use sea_orm::{ConnectionTrait, Statement};
    let backend = db.get_database_backend();
    let list = match backend {
        sea_orm::DbBackend::Postgres => "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
        _ => "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1",
    };
    let tables: Vec<String> = db.query_all_raw(Statement::from_string(backend, list)).await.unwrap().iter().map(|r| r.try_get("", "name").unwrap()).collect();
    let mut counts = Vec::new();
    for table in tables {
        let filter = if table == "audit_log" { " WHERE action <> 'view'" } else { "" };
        let sql = format!("SELECT COUNT(*) AS n FROM {table}{filter}");
        let row = db.query_one_raw(Statement::from_string(backend, sql)).await.unwrap().unwrap();
        counts.push((table, row.try_get::<i64>("", "n").unwrap()));
    }
    counts
}

/// A NUL, and the other control characters no field takes, in every field of
/// every body the site reads (the JSON API, the forms without JavaScript, every
/// console form, an upload's text fields and field names) and in the headers it
/// reads: 400 or 422, nothing stored, nothing logged as an error, on SQLite and
/// PostgreSQL. Before: PostgreSQL answered 503 and logged `invalid byte sequence
/// for encoding "UTF8": 0x00` for a NUL in the console's sign-in and accounts forms.
#[actix_web::test]
async fn a_control_character_in_any_field_of_any_form_is_refused_and_stores_nothing() {
    use common::staff::{form, multipart, post, staff};
    use hygo_staff::{sessions::COOKIE, Role};
    use serde_json::{json, Value};

    let booking_fields: &[&str] = &[
        "name", "phone", "email", "department", "doctor", "doctorId", "date", "time", "visitType", "reason", "selectedSymptoms",
        "additionalNotes", "insurance", "policyNumber", "isNewPatient", "gender", "age",
    ];
    let wizard_fields: &[&str] = &["confirm", "weekOffset", "step", "action", "pickDate", "week", "website", "formIssued"];
    // The JSON API's bodies: their fields are the OpenAPI document's, so a new field is tried too.
    let openapi = hygo::api::openapi::document();
    let api_fields = |path: &str| -> Vec<String> {
        let schema = &openapi["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"];
        let schema = match schema["$ref"].as_str() {
            Some(r) => &openapi["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
            None => schema,
        };
        schema["properties"].as_object().map(|p| p.keys().cloned().collect()).unwrap_or_default()
    };

    for db in TestDb::all().await {
        let b = db.backend;
        let state = common::state_with(&db, at(NOW), 100_000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let admin = staff(&app, &state.db, "nul-admin@hygo.test", Role::Admin).await;
        // Something for the console's forms to name.
        let booked = serde_json::json!({ "name": "Asha Patel", "phone": "+91 98765 43210", "email": "asha@example.in", "department": "neurology",
            "doctor": "Dr. Hitesh Patel", "date": "2030-01-09", "time": "10:00 AM", "visitType": "in-person", "reason": "Consultation", "isNewPatient": "yes" });
        let reference = call(&app, post_json("/appointments/bookAppointment", &booked)).await.json()["data"]["reference"].as_str().unwrap().to_owned();
        let card = call(&app, post_json("/api/SubscriptionData/subscription-form", &json!({ "name": "Ramesh Shah", "email": "r@example.in", "number": "98250 12345", "subscriptionType": "essential" }))).await;
        let card = card.json()["data"]["reference"].as_str().unwrap().to_owned();
        let message = call(&app, post_json("/api/contact", &json!({ "name": "Meera", "email": "m@example.in", "subject": "Hours", "message": "Open on Sunday?" }))).await;
        let message = message.json()["data"]["reference"].as_str().unwrap().to_owned();
        let before = stored_rows(&state.db).await;
        let logs = common::logs::capture();
        let refused = |what: String, status: u16| {
            assert!((400..500).contains(&status), "{b}: {what}: answered {status}");
        };

        // The JSON API: every field of every write, a NUL and the other kinds.
        for path in ["/api/SubscriptionData/subscription-form", "/api/contact", "/newsletter/subscribe", "/appointments/bookAppointment"] {
            let fields = api_fields(path);
            assert!(!fields.is_empty(), "{b}: {path} has fields in the OpenAPI document");
            for field in &fields {
                for bad in ["a\u{0}b", "a\u{1}b", "a\u{7f}b", "a\u{85}b", "a\u{9b}b"] {
                    let value = if field == "selectedSymptoms" { json!(["Fever", bad]) } else { Value::from(bad) };
                    let res = call(&app, post_json(path, &json!({ field.as_str(): value }))).await;
                    refused(format!("{path} {field} {bad:?}"), res.status);
                    assert_eq!(res.status, 422, "{b}: {path} {field}: {}", res.text);
                    assert!(res.json()["errors"][field.as_str()].is_string(), "{b}: {path}: the field is named: {}", res.text);
                }
            }
            // In a name, or a key deeper down: 400.
            let res = call(&app, post_json(path, &json!({ "na\u{0}me": "x" }))).await;
            assert_eq!(res.status, 400, "{b}: {path}: a field name with a NUL");
            let res = call(&app, post_json(path, &json!({ "nested": { "a\u{0}": 1 } }))).await;
            assert_eq!(res.status, 400, "{b}: {path}: a key with a NUL");
        }

        // The forms without JavaScript, at their pages' paths.
        let form_routes: [(&str, Vec<String>); 5] = [
            ("/subscription", api_fields("/api/SubscriptionData/subscription-form")),
            ("/contactus", api_fields("/api/contact")),
            ("/newsletter", api_fields("/newsletter/subscribe")),
            ("/appointment", booking_fields.iter().map(|f| (*f).to_owned()).collect()),
            ("/appointment/1", booking_fields.iter().map(|f| (*f).to_owned()).collect()),
        ];
        for (path, fields) in &form_routes {
            for field in fields.iter().map(String::as_str).chain(wizard_fields.iter().copied()) {
                let res = call(&app, post_form(path, &form(&[(field, "a\u{0}b")]))).await;
                refused(format!("{path} {field}"), res.status);
                assert_eq!(res.status, 422, "{b}: {path} {field}");
                assert!(res.text.contains("control character"), "{b}: {path} {field}: the page says why");
            }
            let res = call(&app, post_form(path, "na%00me=x")).await;
            assert_eq!(res.status, 400, "{b}: {path}: a field name with a NUL");
        }

        // Every console form, signed in as an admin with the session's token, and signed out.
        let staff_forms: &[(&str, &[&str])] = &[
            ("/staff/sign-in", &["email", "password"]),
            ("/staff/sign-in/code", &["code"]),
            ("/staff/setup", &["token", "password"]),
            ("/staff/setup/code", &["code"]),
            ("/staff/sign-out", &[]),
            ("/staff/appointments/new", &["name", "phone", "email", "doctorId", "date", "time", "channel", "visitType", "notes"]),
            ("/staff/appointments/{reference}", &["step", "doctorId", "date", "time", "reason", "note"]),
            ("/staff/patients", &["q"]),
            ("/staff/card-requests/{reference}", &["step", "note"]),
            ("/staff/messages/{reference}", &["step", "note"]),
            ("/staff/account/password", &["current", "password"]),
            ("/staff/account/sessions", &["op", "end", "confirm"]),
            ("/staff/accounts", &["op", "email", "name", "role"]),
            ("/staff/leave", &["op", "doctorId", "from", "until", "note"]),
            ("/staff/leave/remove", &["doctorId", "leaveId"]),
            ("/staff/doctors", &["op", "name", "specialization", "department", "experience", "bio", "education", "services", "languages", "insurances", "clinic", "registrationNumber", "registrationCouncil", "availability"]),
            ("/staff/doctors/{id}", &["op", "name", "specialization", "department", "experience", "bio", "education", "services", "languages", "insurances", "clinic", "registrationNumber", "registrationCouncil", "availability"]),
            ("/staff/doctors/{id}/photo", &["op"]),
            ("/staff/doctors/{id}/hours", &["op", "date", "hours", "clinic", "note", "changeId", "hours-1-kalawad-road"]),
            ("/staff/closures", &["op", "clinic", "date", "from", "until", "note", "closureId"]),
            ("/staff/away/{kind}/{id}", &["op", "doctorId"]),
            ("/staff/content", &["title"]),
            ("/staff/content/{entry}", &["base", "op", "autosave", "f.heading", "f.sections.0.paragraphs.0"]),
            ("/staff/content/{entry}/publish", &["revision", "when", "date", "time"]),
            ("/staff/content/{entry}/share", &["op", "revision", "hours", "share"]),
            ("/staff/content/{entry}/restore", &["revision"]),
            ("/staff/content/{entry}/picture", &["op", "base", "slot", "alt"]),
        ];
        let posts: Vec<&str> = hygo::staff::STAFF_ROUTES.iter().filter(|(m, _, _)| *m == "post").map(|(_, p, _)| *p).collect();
        for path in &posts {
            assert!(staff_forms.iter().any(|(p, _)| p == path), "{b}: {path} is in this test's table");
        }
        assert_eq!(stored_rows(&state.db).await, before, "{b}: nothing stored by the API and the public forms");

        // Each route with the session it takes: none, half-way (after the password, or
        // a new account's after its password), or an admin's.
        let first = call(&app, post("/staff/sign-in", &form(&[("email", &admin.email), ("password", common::staff::PASSWORD)]), None)).await;
        let after_password = common::staff::token_of(&first).expect("a session after the password");
        let (_, link) = hygo_staff::accounts::add(&state.db, &hygo_core::audit::Actor::system(), "nul-new@hygo.test", "", Role::Desk).await.unwrap();
        let chosen = call(&app, post("/staff/setup", &form(&[("token", &link), ("password", common::staff::PASSWORD)]), None)).await;
        let enrolling = common::staff::token_of(&chosen).expect("a session for the second factor's set-up");
        let before = stored_rows(&state.db).await;
        for (pattern, fields) in staff_forms {
            let path = pattern.replace("{reference}", if pattern.contains("card") { &card } else if pattern.contains("messages") { &message } else { &reference }).replace("{kind}", "leave").replace("{id}", "1").replace("{entry}", "page.about");
            let need = hygo::staff::STAFF_ROUTES.iter().find(|(_, p, _)| p == pattern).map(|(_, _, n)| *n).unwrap();
            let token = match need {
                hygo::access::Need::Anyone => None,
                hygo::access::Need::Stage(hygo_staff::sessions::Stage::Password) => Some(after_password.as_str()),
                hygo::access::Need::Stage(_) => Some(enrolling.as_str()),
                hygo::access::Need::Role(_) => Some(admin.token.as_str()),
            };
            let csrf = match token {
                Some(token) => common::staff::csrf_of(&state.db, token).await,
                None => String::new(),
            };
            for field in fields.iter().copied().chain(["csrf"]) {
                for bad in ["a\u{0}b", "a\u{1f}b", "a\u{85}b"] {
                    let body = match field {
                        "csrf" => form(&[("csrf", bad)]),
                        _ => form(&[(field, bad), ("csrf", &csrf)]),
                    };
                    let res = call(&app, post(&path, &body, token)).await;
                    assert_eq!(res.status, 422, "{b}: {path} {field} {bad:?}: {}", &res.text[..res.text.len().min(300)]);
                }
            }
            let res = call(&app, post(&path, &format!("na%00me=x&csrf={csrf}"), token)).await;
            assert_eq!(res.status, 400, "{b}: {path}: a field name with a NUL");
        }
        // An upload's text field, and its name.
        for (name, value) in [("op", "upload\u{0}"), ("op\u{0}", "upload"), ("csrf", "\u{1b}[31m")] {
            let (kind, body) = multipart(&[(name, value), ("csrf", &admin.csrf)], Some(("a.jpg", b"\xff\xd8\xff")));
            let req = TestRequest::post().uri("/staff/doctors/1/photo").peer_addr("198.51.100.9:40000".parse().unwrap())
                .insert_header(("origin", common::staff::ORIGIN)).insert_header(("content-type", kind))
                .insert_header(("cookie", format!("{COOKIE}={}", admin.token))).set_payload(body);
            let res = call(&app, req).await;
            refused(format!("upload {name:?}"), res.status);
        }

        // The headers the server reads: the cookies (read decoded), the browser, the client's address.
        for (name, value) in [
            ("cookie", format!("{COOKIE}=%00{}", admin.token)),
            ("cookie", format!("__Host-hygo-device=1-%01-x; {COOKIE}={}", admin.token)),
            ("user-agent", "Mozilla/5.0 \u{85} Android".to_owned()),
            ("x-forwarded-for", "203.0.113.9\u{9b}".to_owned()),
        ] {
            // As raw bytes: UTF-8 beyond ASCII is what HTTP calls obs-text, which it lets through.
            let header = || (name, actix_web::http::header::HeaderValue::from_bytes(value.as_bytes()).unwrap());
            for path in ["/staff", "/api/doctors", "/doctors"] {
                let res = call(&app, TestRequest::get().uri(path).insert_header(header())).await;
                assert_eq!(res.status, 400, "{b}: {name} on {path}");
            }
            let res = call(&app, post(&format!("/staff/card-requests/{card}"), &form(&[("note", "x"), ("csrf", &admin.csrf)]), None).insert_header(header())).await;
            assert_eq!(res.status, 400, "{b}: {name} on a console form");
        }

        assert_eq!(stored_rows(&state.db).await, before, "{b}: nothing stored");
        assert_eq!(logs.errors(), Vec::<String>::new(), "{b}: nothing logged as an error");
        drop(logs);
        // The same forms without the control character still work.
        let res = call(&app, post_json("/api/contact", &json!({ "name": "Meera", "email": "m@example.in", "subject": "Hours", "message": "Tab\tand\nlines are fine" }))).await;
        assert_eq!(res.status, 201, "{b}: {}", res.text);
    }
}

/// Issue 44: malformed requests wrote ERROR lines, so a scanner's noise read as
/// the server's own faults. Each is answered 400 (or the connection closed), and
/// the log has no ERROR line; the server still answers.
#[test]
fn malformed_requests_are_answered_without_an_error_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let port = common::server::free_port();
    let log_path = dir.path().join("log.txt");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut child = spawn_logging(dir.path(), port, &[("HYGO_LOG", "info"), ("HYGO_LOG_FORMAT", "json")], log.into());
    wait_healthy(&mut child, port);
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    let long_line = format!("GET / HTTP/1.1\r\n{host}X-Long: {}\r\n\r\n", "a".repeat(300_000));
    let malformed: Vec<Vec<u8>> = vec![
        format!("GET / HTTP/1.1\r\n{host}No colon in this header\r\n\r\n").into_bytes(),
        format!("GET / HTTP/1.1\r\n{host}X-Bad: a\x01b\r\n\r\n").into_bytes(),
        b"NOT HTTP AT ALL\r\n\r\n".to_vec(),
        format!("GET / HTTP/9.9\r\n{host}\r\n").into_bytes(),
        format!("POST /contactus HTTP/1.1\r\n{host}Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello").into_bytes(),
        format!("POST /contactus HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n").into_bytes(),
        long_line.into_bytes(),
    ];
    for raw in &malformed {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let _ = s.write_all(raw);
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        let head = String::from_utf8_lossy(&answer);
        assert!(answer.is_empty() || head.starts_with("HTTP/1.1 400") || head.starts_with("HTTP/1.1 431") || head.starts_with("HTTP/1.1 414"), "{:?}: {head}", String::from_utf8_lossy(&raw[..raw.len().min(60)]));
    }
    assert_eq!(get(port, "/healthz").unwrap().0, 200, "the server still answers");
    std::thread::sleep(Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    let logged = std::fs::read_to_string(&log_path).unwrap();
    assert!(logged.contains("\"path\":\"/healthz\""), "the log is written at info: {logged}");
    let errors: Vec<&str> = logged.lines().filter(|l| l.contains("\"level\":\"ERROR\"")).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

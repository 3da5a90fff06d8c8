//! The newsletter's e-mail: a sign-up queues its confirmation message in the same
//! transaction, the outbox hands it to an SMTP relay (here a small one on loopback
//! that records what it is given), its link confirms (double opt-in), and the
//! newsletter's link unsubscribes in one click. On SQLite and PostgreSQL.

mod common;

use std::sync::{Arc, Mutex};

use actix_web::test::{self, TestRequest};
use hygo_data::entities::outbox;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use common::{post_json, send, state, TestDb};

/// A relay that accepts every message and keeps each one's DATA; `refuse` makes it
/// answer 451 (try later) to every recipient instead.
async fn relay(refuse: bool) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let got = Arc::new(Mutex::new(Vec::new()));
    let keep = got.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else { return };
            let keep = keep.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 relay.test ESMTP\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            keep.lock().unwrap().push(std::mem::take(body));
                            data = None;
                            write.write_all(b"250 2.0.0 queued\r\n").await.unwrap();
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let verb = line.split_whitespace().next().unwrap_or_default().to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 relay.test\r\n",
                        "RCPT" if refuse => b"451 4.3.0 try again later\r\n",
                        "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 2.1.0 ok\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.unwrap();
                            return;
                        }
                        _ => b"502 5.5.2 not implemented\r\n",
                    };
                    write.write_all(answer).await.unwrap();
                }
            });
        }
    });
    (url, got)
}

/// The app's state with the relay configured.
async fn with_relay(db: &TestDb, url: String) -> actix_web::web::Data<hygo::state::AppState> {
    let base = state(db).await;
    let mut config = (*base.config).clone();
    config.smtp_url = Some(url);
    actix_web::web::Data::new(hygo::state::AppState::new(base.db.clone(), base.clock, base.renderer.clone(), config))
}

#[actix_web::test]
async fn the_confirmation_email_reaches_the_relay_and_its_link_confirms() {
    for db in TestDb::all().await {
        let b = db.backend;
        let (url, got) = relay(false).await;
        let state = with_relay(&db, url).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        let (status, _, _) = send(&app, post_json("/newsletter/subscribe", &json!({ "email": "kavya@example.in" }))).await;
        assert_eq!(status, 200, "{b}");
        assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 1, "{b}");
        assert_eq!(outbox::Entity::find().count(&state.db).await.unwrap(), 0, "{b}: delivered mail leaves the outbox");
        let mail = got.lock().unwrap().pop().expect("the relay got the message");
        assert!(mail.contains("To: kavya@example.in"), "{b}: {mail}");
        assert!(mail.contains("Subject: Confirm your subscription to the HYGO newsletter"), "{b}");
        assert!(!mail.contains("List-Unsubscribe"), "{b}: not a newsletter yet");
        // Quoted-printable: `=` is `=3D`, a long line ends in `=`.
        let body = mail[mail.find("\n\n").expect("headers, then the body")..].replace("=\n", "").replace("=3D", "=");
        assert!(!body.contains("kavya"), "{b}: the body names no one: {body}");
        let start = body.find("https://hygo.test/newsletter/confirm?token=").expect("the confirmation link");
        let link = body[start..].split_whitespace().next().unwrap();
        assert!(!hygo_data::newsletter::is_subscribed(&state.db, "kavya@example.in").await.unwrap(), "{b}: pending");

        // The link's page has the button; pressing it confirms.
        let path = link.strip_prefix("https://hygo.test").unwrap();
        let req = TestRequest::post().uri(path).insert_header(("accept", "text/html"));
        let res = test::call_service(&app, req.to_request()).await;
        assert_eq!((res.status().as_u16(), res.headers().get("location").unwrap().to_str().unwrap()), (303, "/newsletter?confirmed=1"), "{b}");
        assert!(hygo_data::newsletter::is_subscribed(&state.db, "kavya@example.in").await.unwrap(), "{b}");

        // Signing up again: an e-mail that says so, with the newsletter's one-click unsubscribe.
        send(&app, post_json("/newsletter/subscribe", &json!({ "email": "kavya@example.in" }))).await;
        assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 1, "{b}");
        let mail = got.lock().unwrap().pop().expect("the relay got the message");
        assert!(mail.contains("Subject: You are already subscribed to the HYGO newsletter"), "{b}");
        assert!(mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{b}");
        let header = mail.lines().find(|l| l.starts_with("List-Unsubscribe: <")).expect("List-Unsubscribe header");
        let link = header.trim_start_matches("List-Unsubscribe: <").trim_end_matches('>');
        let path = link.strip_prefix("https://hygo.test").expect("the site's own address");
        assert!(mail.contains("https://hygo.test/unsubscribe?token="), "{b}: the text carries the page's link");

        // What a mail client does on "Unsubscribe" (RFC 8058).
        let req = TestRequest::post()
            .uri(path)
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload("List-Unsubscribe=One-Click");
        let (status, _, body) = send(&app, req).await;
        assert_eq!((status, body["success"].clone()), (200, json!(true)), "{b}");
        assert!(!hygo_data::newsletter::is_subscribed(&state.db, "kavya@example.in").await.unwrap(), "{b}");
    }
}

#[actix_web::test]
async fn a_refusing_relay_leaves_the_mail_for_later() {
    let db = TestDb::sqlite();
    let (url, got) = relay(true).await;
    let state = with_relay(&db, url).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    send(&app, post_json("/newsletter/subscribe", &json!({ "email": "later@example.in" }))).await;
    assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 0);
    let waiting = outbox::Entity::find().all(&state.db).await.unwrap();
    assert_eq!(waiting.len(), 1, "kept for a later attempt");
    assert_eq!(waiting[0].attempts, 1);
    assert!(waiting[0].next_attempt_at.is_some());
    assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 0, "not due again at once");
    assert!(got.lock().unwrap().is_empty());
}

//! The newsletter's e-mail: a sign-up queues its confirmation message in the same
//! transaction, the outbox hands it to an SMTP relay (here a small one on loopback
//! that records what it is given), its link confirms (double opt-in), and the
//! newsletter's link unsubscribes in one click. On SQLite and PostgreSQL. A
//! confirmed visit's e-mail carries its calendar invitation (`text/calendar`).

mod common;

use actix_web::test::{self, TestRequest};
use hygo_core::entities::outbox;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::json;
use common::relay::relay;
use common::{post_json, send, state, TestDb};

/// The app's state with the relay configured.
async fn with_relay(db: &TestDb, url: String) -> actix_web::web::Data<hygo::state::AppState> {
    let base = state(db).await;
    let mut config = (*base.config).clone();
    config.smtp_url = Some(url);
    actix_web::web::Data::new(hygo::state::AppState::new(base.db.clone(), base.clock.clone(), base.renderer.clone(), config))
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
        assert!(!hygo_booking::newsletter::is_subscribed(&state.db, "kavya@example.in").await.unwrap(), "{b}: pending");

        // The link's page has the button; pressing it confirms.
        let path = link.strip_prefix("https://hygo.test").unwrap();
        let req = TestRequest::post().uri(path).insert_header(("accept", "text/html"));
        let res = test::call_service(&app, req.to_request()).await;
        assert_eq!((res.status().as_u16(), res.headers().get("location").unwrap().to_str().unwrap()), (303, "/newsletter?confirmed=1"), "{b}");
        assert!(hygo_booking::newsletter::is_subscribed(&state.db, "kavya@example.in").await.unwrap(), "{b}");

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
        assert!(!hygo_booking::newsletter::is_subscribed(&state.db, "kavya@example.in").await.unwrap(), "{b}");
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

/// The part of a recorded message (`relay` keeps lines joined by LF) whose headers
/// have a line starting with `header`, decoded by its `Content-Transfer-Encoding`.
fn mime_part(data: &str, header: &str) -> Option<String> {
    let header = header.to_ascii_lowercase();
    data.split("\n--").find_map(|part| {
        let (head, body) = part.split_once("\n\n")?;
        let lines: Vec<String> = head.lines().map(str::to_ascii_lowercase).collect();
        lines.iter().any(|l| l.starts_with(&header)).then_some(())?;
        let encoding = lines.iter().find_map(|l| l.strip_prefix("content-transfer-encoding:")).map(str::trim);
        let bytes = match encoding {
            Some("base64") => base64(body),
            Some("quoted-printable") => quoted_printable(body),
            _ => body.as_bytes().to_vec(),
        };
        // Lines as RFC 5545 writes them, whatever the relay's recording did to them.
        Some(String::from_utf8(bytes).ok()?.replace("\r\n", "\n").trim_end().replace('\n', "\r\n") + "\r\n")
    })
}

fn base64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let sextets: Vec<u32> = text
        .bytes()
        .filter(|b| !b.is_ascii_whitespace() && *b != b'=')
        .map(|b| ALPHABET.iter().position(|a| *a == b).expect("a base64 character") as u32)
        .collect();
    let mut out = Vec::new();
    for chunk in sextets.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, s)| n | s << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

fn quoted_printable(text: &str) -> Vec<u8> {
    let text = text.replace("=\r\n", "").replace("=\n", "");
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).expect("=XX in quoted-printable"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// The invitation travels as `text/calendar; method=REQUEST` beside the text and as
/// `invite.ics`; both decode to a calendar with the appointment's UID.
#[actix_web::test]
async fn a_confirmation_carries_its_calendar_invitation() {
    use hygo_booking::calendar::{icalendar::{Calendar, Component}, invitation, Method, Visit};

    let db = TestDb::sqlite();
    let (url, got) = relay(false).await;
    let state = with_relay(&db, url).await;
    let visit = Visit {
        reference: "HY-7K3QX",
        doctor: "Dr. Ananya Mehta",
        date: chrono::NaiveDate::from_ymd_opt(2030, 11, 7).unwrap(),
        start: 10 * 60,
        minutes: hygo_schedule::slots::SLOT_MINUTES,
        clinic_name: "HYGO Clinic, Kalawad Road",
        clinic_address: "Kalawad Road, Rajkot, Gujarat 360005, India",
        organizer_email: "care@hygo.in",
        attendee_email: "kavya@example.in",
        // Not ASCII: lettre then encodes the part (quoted-printable or base64).
        attendee_name: "Kāvya Shah",
        sequence: 0,
        lang: hygo_content::Lang::DEFAULT,
    };
    let ics = invitation(&visit, Method::Request, chrono::Utc::now());
    let mail = hygo_booking::letters::appointment_confirmed(
        hygo_content::Lang::DEFAULT,
        "kavya@example.in",
        "HY-7K3QX",
        "Dr. Ananya Mehta",
        "Thursday, 7 November 2030, 10:00 AM",
        "HYGO Clinic, Kalawad Road",
        ics,
        "",
    );
    hygo_core::mail::queue(&state.db, mail).await.unwrap();
    assert_eq!(outbox::Entity::find().one(&state.db).await.unwrap().unwrap().calendar.as_deref().map(|c| c.starts_with("BEGIN:VCALENDAR")), Some(true));

    assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 1);
    let data = got.lock().unwrap().pop().expect("the relay got the message");
    assert!(data.contains("Subject: Your appointment HY-7K3QX is confirmed"), "{data}");
    assert!(data.contains("Content-Type: multipart/mixed"), "{data}");
    assert!(data.contains("Content-Type: multipart/alternative"), "{data}");
    assert!(data.contains("Content-Type: text/calendar"), "{data}");
    let header = data.lines().find(|l| l.starts_with("Content-Type: text/calendar")).unwrap();
    assert!(header.contains("method=REQUEST"), "{header}");

    let text = mime_part(&data, "Content-Type: text/plain").expect("the text part");
    assert!(text.contains("HY-7K3QX") && text.contains("Dr. Ananya Mehta"), "{text}");
    for part in [mime_part(&data, "Content-Type: text/calendar"), mime_part(&data, "Content-Disposition: attachment")] {
        let part = part.expect("the invitation, inline and attached");
        let calendar: Calendar = part.parse().unwrap_or_else(|e| panic!("{e}: {part}"));
        assert_eq!(calendar.property_value("METHOD"), Some("REQUEST"));
        let event = calendar.events().next().expect("an event");
        assert!(event.get_uid().unwrap_or_default().contains("HY-7K3QX"), "{part}");
        assert_eq!(event.get_attendees()[0].cn.as_deref(), Some("Kāvya Shah"), "{part}");
    }
    assert!(data.contains("invite.ics"), "{data}");

    // In Gujarati (issue 29): the subject goes as an encoded word, the text and
    // the invitation whole.
    let gu = hygo_content::Lang::parse("gu").unwrap();
    let ics = invitation(&Visit { lang: gu, ..visit }, Method::Request, chrono::Utc::now());
    let mail = hygo_booking::letters::appointment_confirmed(gu, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "ગુરુવાર, 7 નવેમ્બર, 2030, 10:00 AM", "HYGO ક્લિનિક, કાલાવડ રોડ", ics, "https://hygo.test/gu/v/0123456789ab");
    assert!(mail.subject.contains("HY-7K3QX") && !mail.subject.is_ascii(), "{}", mail.subject);
    hygo_core::mail::queue(&state.db, mail).await.unwrap();
    assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 1);
    let data = got.lock().unwrap().pop().expect("the relay got the Gujarati message");
    let subject = data.lines().find(|l| l.starts_with("Subject: ")).unwrap();
    assert!(subject.to_ascii_lowercase().starts_with("subject: =?utf-8?"), "an encoded word: {subject}");
    assert!(mime_part(&data, "Content-Type: text/calendar").is_some() && mime_part(&data, "Content-Type: text/plain").is_some(), "{data}");
}

/// The outbox's lease: a message is claimed once while its lease runs; an
/// instance whose lease ran out (another took the message over) can neither
/// delete it as delivered nor reschedule it as failed; one given back is due
/// again at once. On SQLite and PostgreSQL.
#[actix_web::test]
async fn a_claimed_message_is_acted_on_only_while_its_lease_holds() {
    use sea_orm::{ActiveModelTrait, Set};
    for db in TestDb::all().await {
        let b = db.backend;
        let conn = hygo_core::connect(&db.url).await.unwrap();
        for n in 0..3 {
            let mail = hygo_core::mail::Mail { to: format!("p{n}@example.in"), subject: format!("S{n}"), body: "x\r\n".into(), list_unsubscribe: None, calendar: None };
            hygo_core::mail::queue(&conn, mail).await.unwrap();
        }
        let now = chrono::Utc::now();
        let mine = hygo_core::mail::claim_due(&conn, now, 2).await.unwrap();
        assert_eq!(mine.iter().map(|m| m.subject.as_str()).collect::<Vec<_>>(), ["S0", "S1"], "{b}: the oldest, as many as asked");
        let rest = hygo_core::mail::claim_due(&conn, now, 10).await.unwrap();
        assert_eq!(rest.iter().map(|m| m.subject.as_str()).collect::<Vec<_>>(), ["S2"], "{b}: a claimed message is not due for anyone else");
        assert!(hygo_core::mail::claim_due(&conn, now, 10).await.unwrap().is_empty(), "{b}");

        // S0's lease ran out and another instance took it over (a later lease on the row).
        let mut taken: outbox::ActiveModel = mine[0].clone().into();
        taken.next_attempt_at = Set(Some("2099-01-01T00:00:00Z".into()));
        taken.update(&conn).await.unwrap();
        hygo_core::mail::delivered(&conn, &mine[0]).await.unwrap();
        hygo_core::mail::failed(&conn, &mine[0], now).await.unwrap();
        let s0 = outbox::Entity::find_by_id(mine[0].id).one(&conn).await.unwrap().expect("not deleted by the instance that lost it");
        assert_eq!((s0.attempts, s0.next_attempt_at.as_deref()), (0, Some("2099-01-01T00:00:00Z")), "{b}: nor rescheduled by it");
        // S1, still held: delivered, it leaves the outbox.
        hygo_core::mail::delivered(&conn, &mine[1]).await.unwrap();
        assert!(outbox::Entity::find_by_id(mine[1].id).one(&conn).await.unwrap().is_none(), "{b}");
        // S2, given back: due again at once.
        hygo_core::mail::release(&conn, &rest[0]).await.unwrap();
        let again = hygo_core::mail::claim_due(&conn, now, 10).await.unwrap();
        assert_eq!(again.iter().map(|m| m.subject.as_str()).collect::<Vec<_>>(), ["S2"], "{b}");
        conn.close().await.ok();
    }
}

// ---- Through a provider's relay: TLS and a login (issue 24) ------------------------

/// A state whose relay is `url` (without its password), with the password and the CA given.
async fn with_tls_relay(db: &TestDb, url: &str, password: &str, ca: Option<&str>) -> actix_web::web::Data<hygo::state::AppState> {
    let base = state(db).await;
    let mut config = (*base.config).clone();
    config.smtp_url = Some(url.to_owned());
    config.smtp_password = Some(hygo::config::Secret::new(password));
    config.smtp_ca = ca.map(str::to_owned);
    actix_web::web::Data::new(hygo::state::AppState::new(base.db.clone(), base.clock.clone(), base.renderer.clone(), config))
}

/// `smtps://` (TLS from the first byte, 465) and `smtp://…?tls=required` (STARTTLS,
/// 587), each with a user and a password, to a relay on loopback whose
/// certificate is of a CA made for the test: delivered, logged in, nothing in
/// clear. Without the CA the certificate is refused: an error in the log, the
/// message kept for a retry, never sent in clear; so too when the relay does not
/// offer STARTTLS, or refuses the password. The password is never logged.
#[actix_web::test]
async fn mail_goes_through_a_provider_s_relay_over_tls_with_a_login() {
    use common::relay::{tls_relay, Mode};
    const USER: &str = "hygo-relay@hygo.in";
    const PASSWORD: &str = "relay-secret-7Hq2";
    let db = TestDb::sqlite();
    let queue_one = |state: actix_web::web::Data<hygo::state::AppState>| async move {
        let mail = hygo_core::mail::Mail { to: "asha@example.in".into(), subject: "Your request".into(), body: "Hello\r\n".into(), list_unsubscribe: None, calendar: None };
        hygo_core::mail::queue(&state.db, mail).await.unwrap();
        state
    };
    let outbox = |state: &actix_web::web::Data<hygo::state::AppState>| {
        let db = state.db.clone();
        async move { outbox::Entity::find().all(&db).await.unwrap() }
    };
    for mode in [Mode::Implicit, Mode::StartTls] {
        let relay = tls_relay(mode, USER, PASSWORD).await;
        let url = match mode {
            Mode::Implicit => format!("smtps://{}@localhost:{}", USER.replace('@', "%40"), relay.port),
            _ => format!("smtp://{}@localhost:{}?tls=required", USER.replace('@', "%40"), relay.port),
        };
        let logs = common::logs::capture();
        let state = queue_one(with_tls_relay(&db, &url, PASSWORD, Some(&relay.ca_pem)).await).await;
        assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 1, "{mode:?}: delivered");
        assert!(outbox(&state).await.is_empty(), "{mode:?}");
        assert_eq!(relay.messages.lock().unwrap().len(), 1, "{mode:?}");
        assert_eq!(relay.logins.lock().unwrap().len(), 1, "{mode:?}: logged in: {:?}", relay.logins.lock().unwrap());
        let clear = relay.plain_lines.lock().unwrap().join("\n");
        assert!(!clear.contains("AUTH") && !clear.contains("MAIL") && !clear.contains("Hello"), "{mode:?}: in clear only: {clear}");
        assert!(!logs.text().contains(PASSWORD), "{mode:?}: the password is never logged");
        drop(logs);
    }

    // The relay's certificate is of a CA nobody gave the server: refused, kept, retried later.
    let relay = tls_relay(Mode::Implicit, USER, PASSWORD).await;
    let url = format!("smtps://{}@localhost:{}", USER.replace('@', "%40"), relay.port);
    let logs = common::logs::capture();
    let state = queue_one(with_tls_relay(&db, &url, PASSWORD, None).await).await;
    assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 0, "not delivered");
    let kept = outbox(&state).await;
    assert_eq!((kept.len(), kept[0].attempts), (1, 1), "kept for a retry");
    assert!(relay.messages.lock().unwrap().is_empty() && relay.logins.lock().unwrap().is_empty(), "nothing given to it");
    let errors = logs.errors().join("\n");
    assert!(errors.contains("certificate was refused"), "an error in the log: {}", logs.text());
    assert!(!logs.text().contains(PASSWORD));
    drop(logs);

    // STARTTLS asked for and not offered (a relay, or someone between, that strips it): not sent in clear.
    let relay = tls_relay(Mode::NoStartTls, USER, PASSWORD).await;
    let url = format!("smtp://{}@localhost:{}?tls=required", USER.replace('@', "%40"), relay.port);
    let logs = common::logs::capture();
    let state = queue_one(with_tls_relay(&db, &url, PASSWORD, Some(&relay.ca_pem)).await).await;
    assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 0);
    let clear = relay.plain_lines.lock().unwrap().join("\n");
    assert!(!clear.contains("AUTH") && !clear.contains("MAIL") && !clear.contains("Hello"), "nothing went in clear: {clear}");
    assert!(logs.errors().join("\n").contains("STARTTLS"), "{}", logs.text());
    drop(logs);

    // A wrong password: the relay says 535, an error for the operator, kept for later.
    let relay = tls_relay(Mode::Implicit, USER, PASSWORD).await;
    let url = format!("smtps://{}@localhost:{}", USER.replace('@', "%40"), relay.port);
    let logs = common::logs::capture();
    let state = queue_one(with_tls_relay(&db, &url, "not the password", Some(&relay.ca_pem)).await).await;
    assert_eq!(hygo::mail::deliver_due(&state).await.unwrap(), 0);
    assert!(logs.errors().join("\n").contains("535"), "{}", logs.text());
    assert!(relay.messages.lock().unwrap().is_empty());
}

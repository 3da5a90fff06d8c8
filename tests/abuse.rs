//! Filling the calendar and the forms (issue 14, point 7): sliding-window limits
//! per client and per network, per-person limits on pending requests (also when
//! sent at once), and the no-JavaScript forms' honeypot and minimum fill time.
//! On SQLite and PostgreSQL; the clock is fixed, and moved by a second app on
//! the same database, never by sleeping.

mod common;

use actix_web::test;
use hygo_core::entities::{appointment, contact_message, doctor, newsletter_subscriber};
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, PaginatorTrait, Set};
use serde_json::{json, Value};

use common::*;

/// A fixed "now" with seconds, in IST.
fn at_s(text: &str) -> hygo_core::ist::Clock {
    hygo_core::ist::Clock::Fixed(chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap())
}

fn contact() -> Value {
    json!({ "name": "N", "email": "n@example.com", "subject": "S", "message": "M" })
}

fn from(uri: &str, body: &Value, address: &str) -> actix_web::test::TestRequest {
    post_json(uri, body).peer_addr(format!("{address}:50000").parse().unwrap())
}

#[actix_web::test]
async fn a_burst_at_the_end_of_a_window_still_counts_at_the_start_of_the_next() {
    for db in TestDb::all().await {
        let b = db.backend;
        // 10:30 IST is 05:00 UTC, a boundary of the 10-minute windows.
        let before = test::init_service(hygo::app::app(state_with(&db, at_s("2030-01-07 10:29:58"), 20).await)).await;
        let after = test::init_service(hygo::app::app(state_with(&db, at_s("2030-01-07 10:30:01"), 20).await)).await;
        for n in 1..=20 {
            let (status, _, _) = send(&before, post_json("/api/contact", &contact())).await;
            assert_eq!(status, 201, "{b}: write {n} before the boundary");
        }
        let (mut passed, mut retry) = (0, Vec::new());
        for _ in 0..20 {
            let (status, headers, _) = send(&after, post_json("/api/contact", &contact())).await;
            match status {
                201 => passed += 1,
                429 => retry.push(headers.get("retry-after").unwrap().to_str().unwrap().parse::<u64>().unwrap()),
                other => panic!("{b}: {other}"),
            }
        }
        assert_eq!(passed, 0, "{b}: a fixed window let 20 more through 3 s later");
        // Twenty writes just before the boundary weigh 20 × (600 − e)/600 at e seconds into the next
        // window: with the first refused attempt counted, the next write passes when that plus 2
        // is at most 20, at e = 60, 59 s after 10:30:01. Each refused attempt counts and adds 30 s.
        let expected: Vec<u64> = (0..20).map(|n| 59 + 30 * n).collect();
        assert_eq!(retry, expected, "{b}: Retry-After");
        assert_eq!(contact_message::Entity::find().count(&open(&db).await).await.unwrap(), 20, "{b}");
    }
}

/// Another connection to a test's database.
async fn open(db: &TestDb) -> hygo_core::Db {
    hygo_core::db::open(&db.url).await.unwrap()
}

/// Writes allowed in a day to a client that sends one every `every` seconds, or,
/// with 0, as soon as the last answer's Retry-After allows.
async fn allowed_in_a_day(conn: &hygo_core::Db, client: &str, every: i64) -> (u32, u32) {
    let start = 1_900_000_200_i64; // a window's start
    let (mut t, mut allowed) = (start, 0u32);
    let mut per_window = std::collections::BTreeMap::<i64, u32>::new();
    while t < start + 86_400 {
        let refused = hygo_core::rate_limit::hit(conn, "appointments", client, t, 600, 20).await.unwrap();
        if refused.is_none() {
            allowed += 1;
            *per_window.entry((t - start) / 600).or_default() += 1;
        }
        t += match (every, refused) {
            (0, Some(wait)) => wait as i64,
            (0, None) => 1,
            (every, _) => every,
        };
    }
    (allowed, per_window.values().copied().max().unwrap_or(0))
}

#[actix_web::test]
async fn one_client_gets_at_most_its_limit_per_window_over_a_day() {
    let db = TestDb::sqlite();
    let conn = hygo_core::connect(&db.url).await.unwrap();
    // Paced a little under the limit (one per 32 s, 18.75 per window): never refused.
    assert_eq!(allowed_in_a_day(&conn, "paced", 32).await.0, 2_700);
    // Faster, or as soon as Retry-After allows: refused attempts count too, so never more than
    // 20 in any window, 144 × 20 = 2,880 in a day.
    for (client, every) in [("at-the-limit", 30), ("faster", 20), ("obeys-retry-after", 0)] {
        let (allowed, most) = allowed_in_a_day(&conn, client, every).await;
        assert!(allowed <= 2_880 && most <= 20, "{client}: {allowed} in a day, at most {most} in a window");
    }
}

#[actix_web::test]
async fn a_network_cannot_multiply_the_limit_by_its_addresses() {
    for db in TestDb::all().await {
        let b = db.backend;
        // 3 per client; the network's limit is three times that.
        let app = test::init_service(hygo::app::app(state_with(&db, at("2030-01-07 10:20"), 3).await)).await;
        let mut passed = 0;
        for host in 1..=20 {
            for _ in 0..3 {
                let (status, _, _) = send(&app, from("/api/contact", &contact(), &format!("203.0.113.{host}"))).await;
                passed += u32::from(status == 201);
            }
        }
        assert_eq!(passed, 9, "{b}: one /24 gets its network's 9, not 20 × 3");
        let (status, _, _) = send(&app, from("/api/contact", &contact(), "203.0.114.1")).await;
        assert_eq!(status, 201, "{b}: the next /24 is another network");
        // IPv6: one /64 is one client, whatever its address.
        for (n, address) in ["[2001:db8:1:2::1]", "[2001:db8:1:2::2]", "[2001:db8:1:2:ffff::9]", "[2001:db8:1:2::3]"].iter().enumerate() {
            let (status, _, _) = send(&app, from("/api/contact", &contact(), address)).await;
            assert_eq!(status, if n < 3 { 201 } else { 429 }, "{b}: {address}");
        }
        // No address is stored, only keys made with the server's secret.
        let rows = hygo_core::entities::rate_limit::Entity::find().all(&open(&db).await).await.unwrap();
        assert!(!rows.is_empty());
        assert!(rows.iter().all(|r| r.client.len() == 32 && !r.client.contains('.') && !r.client.contains(':')), "{b}");
    }
}

fn booking(phone: &str, email: &str, doctor: i32, date: &str, time: &str) -> Value {
    json!({ "name": "Asha Patel", "phone": phone, "email": email, "doctorId": doctor, "date": date, "time": time, "visitType": "in-person" })
}

#[actix_web::test]
async fn one_person_holds_at_most_four_pending_requests_and_is_told_nothing_of_them() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at("2030-01-07 10:20"), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let times = free_times_of(&app, 1, "2030-01-09").await;
        assert!(times.len() >= 20, "{b}: {times:?}");
        let book = |body: Value| send(&app, post_json("/appointments/bookAppointment", &body));
        let named = |name: &str, phone: &str, email: &str, time: &str| {
            let mut body = booking(phone, email, 1, "2030-01-09", time);
            body["name"] = json!(name);
            body
        };

        // One Indian number written three ways and one name is one person; three
        // times with one doctor, once with another: four in all. No e-mail needed.
        for (n, phone) in ["+91 98765 43210", "098765 43210", "98765-43210"].iter().enumerate() {
            let (status, _, answer) = book(named("Asha Patel", phone, "", &times[n])).await;
            assert_eq!(status, 201, "{b}: {phone}: {answer}");
            assert_eq!(answer["data"]["byPhone"], true, "{b}: no address, a call or WhatsApp");
        }
        let time = &free_times_of(&app, 2, "2030-01-10").await[0];
        let (status, _, answer) = book(booking("+91 98765 43210", "asha@example.in", 2, "2030-01-10", time)).await;
        assert_eq!(status, 201, "{b}: {answer}");
        assert_eq!(answer["data"]["byPhone"], false, "{b}");

        // A fifth for the same person (the name in other letters): refused on the
        // phone field, saying what to do, without a word of the doctors and days.
        let (status, _, answer) = book(named("asha  PATEL", "9876543210", "new@example.in", &times[3])).await;
        assert_eq!(status, 422, "{b}: a fifth pending request");
        let said = answer["errors"]["phone"].as_str().unwrap();
        assert!(said.contains("already have 4 appointment requests") && said.contains("call the clinic on +91 281 245 6700"), "{b}: {said}");
        let doctors = doctor::Entity::find().all(&state.db).await.unwrap();
        for text in [said, answer["message"].as_str().unwrap()] {
            assert!(!text.contains("January") && !text.contains("2030"), "{b}: no day: {text}");
            assert!(doctors.iter().all(|d| !text.contains(&d.name)), "{b}: no doctor: {text}");
        }
        // A family on one phone: each child is a person of their own, up to 12 on the phone.
        let children = ["Dev Patel", "Riya Patel", "Kavi Patel", "Mira Patel", "Neel Patel", "Tara Patel", "Om Patel", "Jai Patel"];
        for (n, child) in children.iter().enumerate() {
            let (status, _, answer) = book(named(child, "+91 98765 43210", "asha@example.in", &times[4 + n])).await;
            assert_eq!(status, 201, "{b}: {child}, request {} on the phone: {answer}", 5 + n);
        }
        let (status, _, answer) = book(named("Lina Patel", "+91 98765 43210", "", &times[12])).await;
        assert_eq!(status, 422, "{b}: a 13th on one phone");
        let said = answer["errors"]["phone"].as_str().unwrap();
        assert!(said.contains("This phone number already has 12") && said.contains("+91 281 245 6700"), "{b}: {said}");
        // One address on many phones is no limit any more: the address is optional and counts for nothing.
        let (status, _, _) = book(named("Asha Patel", "+91 90000 00009", "ASHA@Example.IN", &times[13])).await;
        assert_eq!(status, 201, "{b}");
        assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 13, "{b}: nothing stored when refused");

        // A cancelled request (or one whose day has passed) no longer holds a place.
        let first = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
        let mut row = first.into_active_model();
        row.status = Set("cancelled".into());
        row.update(&state.db).await.unwrap();
        let (status, _, _) = book(named("Asha Patel", "9876543210", "new@example.in", &times[3])).await;
        assert_eq!(status, 201, "{b}: a place was freed");
    }
}

async fn free_times_of(
    app: &impl actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, Error = actix_web::Error>,
    doctor: i32,
    date: &str,
) -> Vec<String> {
    let (_, _, day) = send(app, get(&format!("/appointments/slots?doctorId={doctor}&date={date}"))).await;
    let times: Vec<String> = day["availableSlots"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_owned()).collect();
    assert!(!times.is_empty(), "doctor {doctor} has free times on {date}: {day}");
    times
}

/// Requests sent at once, on several connections: the limit holds on both databases.
/// Twelve at a time for one person, one doctor and day, in several rounds.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn requests_sent_at_once_cannot_pass_the_per_person_limit_together() {
    for db in TestDb::all().await {
        let b = db.backend;
        let conn = hygo_core::connect(&db.url).await.unwrap();
        let clock = at("2030-01-07 10:20");
        // Open twelve connections first (each held a moment), so that the requests below overlap.
        let pause = if b == "postgres" { "SELECT pg_sleep(0.1)" } else { "SELECT 1" };
        let warm: Vec<_> = (0..12).map(|_| {
            let conn = conn.clone();
            tokio::spawn(async move { sea_orm::ConnectionTrait::execute_unprepared(&conn, pause).await.unwrap() })
        }).collect();
        for w in warm {
            w.await.unwrap();
        }
        if b == "postgres" {
            // The data-version trigger's UPDATE also makes bookings wait for one another today;
            // without it, the advisory lock alone must hold the limit (without both, 4 to 6 of 12 pass).
            let drop = "DROP TRIGGER appointments_bump_data_version ON appointments";
            sea_orm::ConnectionTrait::execute_unprepared(&conn, drop).await.unwrap();
        }
        let days = ["2030-01-09", "2030-01-11", "2030-01-14", "2030-01-16", "2030-01-18", "2030-01-21", "2030-01-23", "2030-01-25"];
        for (round, date) in days.iter().enumerate() {
            let day = hygo_core::ist::parse_date(date).unwrap();
            let times = hygo_booking::appointments::day_slots(&conn, &clock, 1, day).await.unwrap().available_slots;
            assert!(times.len() >= 12, "{b}: {date}");
            let phone = format!("+91 98765 4321{round}");
            let mut tasks = Vec::new();
            for (n, time) in times.iter().take(12).enumerate() {
                let (conn, clock) = (conn.clone(), clock.clone());
                // The same person, written differently each time, with another address each time.
                let written = if n % 2 == 0 { phone.clone() } else { format!("0{}", &phone[4..]) };
                let request: hygo_booking::appointments::AppointmentRequest =
                    serde_json::from_value(booking(&written, &format!("p{round}-{n}@example.in"), 1, date, time)).unwrap();
                tasks.push(tokio::spawn(async move { hygo_booking::appointments::book(&conn, &clock, request, None, &common::notices()).await }));
            }
            let mut stored = 0;
            for task in tasks {
                match task.await.unwrap() {
                    Ok(_) => stored += 1,
                    Err(hygo_core::form::WriteError::Invalid(invalid)) => assert!(invalid.errors.contains_key("phone"), "{b}"),
                    Err(other) => panic!("{b}: {other:?}"),
                }
            }
            let most = hygo_booking::appointments::PENDING_IN_ALL;
            assert_eq!(stored, most, "{b}: {date}: 12 at once, {most} stored");
        }
        let most = hygo_booking::appointments::PENDING_IN_ALL as u64;
        assert_eq!(appointment::Entity::find().count(&conn).await.unwrap(), most * days.len() as u64, "{b}");
    }
}

// ---- The forms without JavaScript -------------------------------------------

/// The app at a given instant, asking for the default wait of 3 s.
async fn app_at(db: &TestDb, clock: &str) -> actix_web::web::Data<hygo::state::AppState> {
    let mut config = test_config();
    config.form_min_secs = 3;
    state_from(db, at_s(clock), config).await
}

const MESSAGE: &str = "name=Asha+Patel&email=asha%40example.in&subject=Hours&message=When+are+you+open%3F";

/// Issue 43: a form sent 3 s after its page was shown was refused as "too soon"
/// (the token named the end of its 2-second slot), the refusal was English on a
/// Gujarati page, and the form's real problems showed only at the next try.
#[actix_web::test]
async fn the_wait_counts_from_when_the_page_was_shown_and_a_refusal_says_everything_in_the_page_s_language() {
    for db in TestDb::all().await {
        let b = db.backend;
        // The page shown at 10:20:01; sent 3 s later: a person's wait, accepted.
        let shown = test::init_service(hygo::app::app(app_at(&db, "2030-01-07 10:20:01").await)).await;
        let token = form_token(&fetch(&shown, "/gu/contactus").await.text).unwrap();
        let sent = test::init_service(hygo::app::app(app_at(&db, "2030-01-07 10:20:04").await)).await;
        let answer = call(&sent, post_form("/gu/contactus", &format!("{MESSAGE}&formIssued={token}"))).await;
        assert_eq!(answer.status, 303, "{b}: 3 s after the page was shown is 3 s: {}", answer.text);

        // Too soon, and without a subject: both said at once, in Gujarati.
        let quick = call(&shown, post_form("/gu/contactus", &format!("name=Asha&phone=98250&message=Hi&formIssued={token}"))).await;
        assert_eq!(quick.status, 422, "{b}");
        let gu = hygo_content::get(hygo_content::Lang::parse("gu").unwrap());
        for key in ["form.tooFast", "contact.subjectRequired", "phone.format"] {
            assert!(quick.text.contains(gu.message(key)), "{b}: {key} in Gujarati: {}", quick.text);
        }
        assert!(!quick.text.contains(&hygo_content::message("form.tooFast")), "{b}: no English refusal on a Gujarati page");
        // Without the token, in Hindi.
        let hi = hygo_content::get(hygo_content::Lang::parse("hi").unwrap());
        let expired = call(&shown, post_form("/hi/contactus", MESSAGE)).await;
        assert!(expired.status == 422 && expired.text.contains(hi.message("form.expired")), "{b}: {}", expired.text);
    }
}

#[actix_web::test]
async fn form_posts_need_the_page_s_token_a_little_patience_and_an_empty_honeypot() {
    let logs = common::logs::capture();
    for db in TestDb::all().await {
        let b = db.backend;
        let now = app_at(&db, "2030-01-07 10:20:00").await;
        let app = test::init_service(hygo::app::app(now.clone())).await;
        let page = fetch(&app, "/contactus").await;
        let token = form_token(&page.text).unwrap_or_else(|| panic!("{b}: the contact page carries a token"));
        assert!(page.text.contains(r#"name="formIssued" value=""#) && page.text.contains(r#"name="website""#), "{b}: in the form");
        let stored = || async { contact_message::Entity::find().count(&now.db).await.unwrap() };

        // Without the token, with a forged one, and at once: 422, nothing stored, the values kept.
        let (at_time, signature) = token.split_once('.').unwrap();
        let forged = format!("{}.{signature}", at_time.parse::<i64>().unwrap() - 60);
        for (what, body, says) in [
            ("no token", MESSAGE.to_owned(), "form.expired"),
            ("a forged token", format!("{MESSAGE}&formIssued={forged}"), "form.expired"),
            ("too fast", format!("{MESSAGE}&formIssued={token}"), "form.tooFast"),
        ] {
            let answer = call(&app, post_form("/contactus", &body)).await;
            assert_eq!(
                answer.status,
                422,
                "{b}: {what}; the server's log: {}",
                logs.text()
            );
            assert!(
                answer.text.contains(&hygo_content::message(says)),
                "{b}: {what}: says why"
            );
            assert!(
                answer.text.contains(r#"value="Asha Patel""#),
                "{b}: {what}: the visitor's values"
            );
            // The form goes back with a token to send again with: the one sent, when
            // it is genuine (the wait does not start again), else the page's own.
            let carried = answer.text.split(r#"name="formIssued" value=""#).nth(1).and_then(|v| v.split('"').next());
            let want = if what == "too fast" { token.clone() } else { form_token(&answer.text).unwrap() };
            assert_eq!(carried, Some(want.as_str()), "{b}: {what}: the token in the form");
            assert_ne!(carried, Some(forged.as_str()), "{b}: {what}: never the forged one");
        }
        assert_eq!(stored().await, 0, "{b}");

        // Ten seconds later (another instance, same database and key).
        let later = test::init_service(hygo::app::app(app_at(&db, "2030-01-07 10:20:10").await)).await;
        let answer = call(&later, post_form("/contactus", &format!("{MESSAGE}&formIssued={token}&website=http%3A%2F%2Fspam.example"))).await;
        assert_eq!(answer.status, 422, "{b}: the honeypot filled");
        assert!(
            answer
                .text
                .contains(&hygo_content::message("form.honeypot")),
            "{b}"
        );
        assert_eq!(stored().await, 0, "{b}");
        let answer = call(&later, post_form("/contactus", &format!("{MESSAGE}&formIssued={token}&website="))).await;
        assert_eq!(answer.status, 303, "{b}: a person who took their time: {}", answer.text);
        assert_eq!(stored().await, 1, "{b}");
        // A day later the page's token has expired.
        let next_day = test::init_service(hygo::app::app(app_at(&db, "2030-01-08 10:20:10").await)).await;
        let answer = call(&next_day, post_form("/contactus", &format!("{MESSAGE}&formIssued={token}"))).await;
        assert_eq!(answer.status, 422, "{b}: expired");

        // The JSON API (pages with JavaScript) is not concerned.
        let (status, _, _) = send(&app, post_json("/api/contact", &json!({ "name": "N", "email": "n@example.com", "subject": "S", "message": "M" }))).await;
        assert_eq!(status, 201, "{b}");
        // The newsletter (in every page's footer): the honeypot only.
        let subscribers = || async { newsletter_subscriber::Entity::find().count(&now.db).await.unwrap() };
        let answer = call(&app, post_form("/newsletter", "email=bot%40example.in&website=x")).await;
        assert_eq!((answer.status, subscribers().await), (422, 0), "{b}: the honeypot filled");
        let answer = call(&app, post_form("/newsletter", "email=asha%40example.in&website=")).await;
        assert_eq!((answer.status, subscribers().await), (303, 1), "{b}: no token asked");
    }
}

#[actix_web::test]
async fn refused_form_posts_do_not_use_up_the_writes() {
    let db = TestDb::sqlite();
    let mut config = test_config();
    (config.form_min_secs, config.write_limit, config.network_write_limit) = (3, 2, 6);
    let first = test::init_service(hygo::app::app(state_from(&db, at_s("2030-01-07 10:20:00"), config.clone()).await)).await;
    let token = form_token(&fetch(&first, "/contactus").await.text).unwrap();
    // A bot's posts: the honeypot filled, no token, too soon. Each is refused.
    for body in [format!("{MESSAGE}&formIssued={token}&website=x"), MESSAGE.to_owned(), format!("{MESSAGE}&formIssued={token}")] {
        for _ in 0..3 {
            assert_eq!(call(&first, post_form("/contactus", &body)).await.status, 422);
        }
    }
    // The same address, a person who took their time: both writes of the limit are left.
    let later = test::init_service(hygo::app::app(state_from(&db, at_s("2030-01-07 10:20:10"), config).await)).await;
    for n in 0..2 {
        let answer = call(&later, post_form("/contactus", &format!("{MESSAGE}&formIssued={token}"))).await;
        assert_eq!(answer.status, 303, "write {n}: {}", answer.text);
    }
    assert_eq!(call(&later, post_form("/contactus", &format!("{MESSAGE}&formIssued={token}"))).await.status, 429, "then the limit");
}

#[actix_web::test]
async fn a_wizard_carries_its_first_page_s_token_through_its_steps() {
    let db = TestDb::sqlite();
    let first = test::init_service(hygo::app::app(app_at(&db, "2030-01-07 10:20:00").await)).await;
    let token = form_token(&fetch(&first, "/appointment/1").await.text).unwrap();
    let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
    // A step a few seconds later, still on the first page's token.
    let later = test::init_service(hygo::app::app(app_at(&db, "2030-01-07 10:20:30").await)).await;
    let step = call(&later, post_form("/appointment/1", &format!("step=1&action=next&{person}&formIssued={token}"))).await;
    assert_eq!(step.status, 200);
    assert!(step.text.contains(&format!(r#"name="formIssued" value="{token}""#)), "the step carries the first page's token");
    assert_ne!(form_token(&step.text).as_deref(), Some(token.as_str()), "while the page's own token is new");
    // Sent at once from the review step: refused, and back on the review step with the token.
    let sent = format!("step=3&action=submit&confirm=yes&{person}&date=2030-01-09&time=10%3A00+AM&formIssued={token}");
    let too_soon = call(&first, post_form("/appointment/1", &sent)).await;
    assert_eq!(too_soon.status, 422);
    assert!(too_soon.text.contains("Step 3 of 3") && too_soon.text.contains(&format!(r#"value="{token}""#)));
    assert_eq!(call(&later, post_form("/appointment/1", &sent)).await.status, 303, "later, sent again: stored");
    // A forged token is not carried: the page's own fresh one is.
    let step = call(&later, post_form("/appointment/1", &format!("step=1&action=next&{person}&formIssued=1.ab"))).await;
    assert!(!step.text.contains(r#"value="1.ab""#));
}

#[actix_web::test]
async fn a_page_with_a_token_renders_at_most_once_per_slot() {
    let db = TestDb::sqlite();
    let state = app_at(&db, "2030-01-07 10:20:00").await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let renders = state.renderer.renders();
    let one = fetch(&app, "/subscription").await;
    let two = fetch(&app, "/subscription").await;
    assert_eq!((one.status, two.status), (200, 200));
    assert_eq!(state.renderer.renders(), renders + 1, "the second from the cache");
    assert_eq!(form_token(&one.text), form_token(&two.text));
    let later = app_at(&db, "2030-01-07 10:20:02").await;
    let app = test::init_service(hygo::app::app(later)).await;
    assert_ne!(form_token(&fetch(&app, "/subscription").await.text), form_token(&one.text), "the next slot, a new token");
}

// ---- The figures of the closing note -----------------------------------------

/// The app at `clock` with the settings' default limits: 20 writes per client and
/// 60 per /24 in 10 minutes; 50 and 150 in a day.
async fn with_default_limits(db: &TestDb, clock: &str) -> actix_web::web::Data<hygo::state::AppState> {
    let mut config = test_config();
    (config.write_limit, config.network_write_limit, config.write_limit_day, config.network_write_limit_day) = (20, 60, 50, 150);
    state_from(db, at_s(clock), config).await
}

/// Free slots of doctors 1 to 6 from 2030-01-08 on, as (doctor, date, time).
async fn slots_to_fill(
    app: &impl actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, Error = actix_web::Error>,
    wanted: usize,
) -> Vec<(i32, String, String)> {
    let mut found = Vec::new();
    for day in 8..=31 {
        for doctor in 1..=6 {
            let date = format!("2030-01-{day:02}");
            let (_, _, slots) = send(app, get(&format!("/appointments/slots?doctorId={doctor}&date={date}"))).await;
            for time in slots["availableSlots"].as_array().into_iter().flatten() {
                found.push((doctor, date.clone(), time.as_str().unwrap().to_owned()));
            }
            if found.len() >= wanted {
                return found;
            }
        }
    }
    found
}

/// How many requests (each holding a slot) one address and one /24 can hold, each
/// request from another made-up person: the per-person limits do not bind them.
#[actix_web::test]
async fn what_one_address_and_one_network_can_hold() {
    let db = TestDb::sqlite();
    let mut slots = {
        let app = test::init_service(hygo::app::app(with_default_limits(&db, "2030-01-07 10:00:00").await)).await;
        slots_to_fill(&app, 160).await
    };
    let mut person = 0;
    // Books from `address` until refused; how many passed.
    async fn fill(
        app: &impl actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, Error = actix_web::Error>,
        address: &str,
        slots: &mut Vec<(i32, String, String)>,
        person: &mut u32,
    ) -> u32 {
        let mut passed = 0;
        loop {
            let (doctor, date, time) = slots.last().cloned().expect("enough free slots");
            *person += 1;
            let body = booking(&format!("+91 90000 {:05}", person), &format!("p{person}@example.in"), doctor, &date, &time);
            let (status, _, answer) = send(app, from("/appointments/bookAppointment", &body, address)).await;
            match status {
                201 => {
                    passed += 1;
                    slots.pop();
                }
                429 => return passed,
                other => panic!("{other}: {answer}"),
            }
        }
    }
    // In 10 minutes: 20 from one address, 60 from its /24.
    let app = test::init_service(hygo::app::app(with_default_limits(&db, "2030-01-07 10:00:00").await)).await;
    assert_eq!(fill(&app, "203.0.113.1", &mut slots, &mut person).await, 20, "one address, 10 minutes");
    let mut network = 20;
    for host in 2..=10 {
        network += fill(&app, &format!("203.0.113.{host}"), &mut slots, &mut person).await;
    }
    assert_eq!(network, 60, "one /24, 10 minutes");
    // Over the day, at 20-minute steps: 50 from the first address, 150 from the /24.
    let (mut first, mut all) = (20, 60);
    for step in 1..=30 {
        let clock = (chrono::NaiveDate::from_ymd_opt(2030, 1, 7).unwrap().and_hms_opt(10, 0, 0).unwrap()
            + chrono::Duration::minutes(20 * step))
        .format("%Y-%m-%d %H:%M:%S")
        .to_string();
        let app = test::init_service(hygo::app::app(with_default_limits(&db, &clock).await)).await;
        let got = fill(&app, "203.0.113.1", &mut slots, &mut person).await;
        first += got;
        all += got;
        for host in 2..=10 {
            all += fill(&app, &format!("203.0.113.{host}"), &mut slots, &mut person).await;
        }
    }
    assert_eq!((first, all), (50, 150), "in a day: one address, one /24");
    assert_eq!(appointment::Entity::find().count(&open(&db).await).await.unwrap(), 150);
}

/// A page kept by data version is served without its props: its token would never change.
#[actix_web::test]
async fn the_pages_with_a_token_are_kept_by_their_props() {
    for name in hygo::form_guard::PAGES {
        let page = hygo::pages::registry::by_name(name).unwrap_or_else(|| panic!("{name} is a page"));
        assert_eq!(page.keep, hygo::pages::Keep::ByProps, "{name}");
    }
}

/// Requests stored before the per-person limit get their phone key on upgrade.
#[actix_web::test]
async fn older_requests_get_their_phone_key() {
    use migration::MigratorTrait;
    use sea_orm::ConnectionTrait;
    for db in TestDb::all().await {
        let b = db.backend;
        let old = hygo_core::db::open(&db.url).await.unwrap();
        migration::Migrator::up(&old, Some(6)).await.unwrap();
        let phones = ["+91 98765 43210", "098765-43210", "(0091) 98765.43210", "9876543210", "+44 20 7946 0958"];
        for sql in [
            "INSERT INTO departments (slug, name, description, listed) VALUES ('cardiology', 'Cardiology', 'Heart', true)".to_owned(),
            "INSERT INTO doctors (id, name, specialization, department_id, experience_years, rating, image, bio, education, \
             services, languages, insurances, availability) VALUES \
             (1, 'Dr. A', 'Cardiologist', 1, 5, NULL, NULL, '', '[]', '[]', '[]', '[]', 'Available')"
                .to_owned(),
        ]
        .into_iter()
        .chain(phones.iter().enumerate().map(|(n, phone)| {
            format!(
                "INSERT INTO appointments (doctor_id, department, date, start_time, visit_type, name, phone, email, reason, symptoms, \
                 notes, insurance, policy_number, is_new_patient, created_at) VALUES \
                 (1, '', '2026-12-01', '10:{n}0', 'in-person', 'A', '{phone}', 'a@example.com', '', '[]', '', '', '', true, '2026-11-24T10:00:00Z')"
            )
        })) {
            old.execute_unprepared(&sql).await.unwrap_or_else(|e| panic!("{b}: {e}"));
        }
        old.close().await.unwrap();
        let conn = hygo_core::connect(&db.url).await.unwrap();
        let mut rows = appointment::Entity::find().all(&conn).await.unwrap();
        rows.sort_by_key(|r| r.id);
        let keys: Vec<&str> = rows.iter().map(|r| r.phone_key.as_str()).collect();
        let expected: Vec<String> = phones.iter().map(|p| hygo_core::phone::key(p)).collect();
        assert_eq!(keys, expected, "{b}: the SQL of the migration and the Rust agree");
    }
}

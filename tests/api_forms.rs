//! The other writes of spec section 7 (newsletter, health-card requests, contact
//! messages) and what a hostile or broken client can send to any write: every
//! answer is a 4xx with the JSON error shape, never a 500, and nothing is lost.

mod common;

use actix_web::test::{self, TestRequest};
use hygo_core::entities::{card_request, contact_message, newsletter_subscriber, outbox};
use hygo_booking::newsletter::{self, Status};
use sea_orm::{ConnectionTrait, EntityTrait, PaginatorTrait};
use serde_json::{json, Value};

use common::{at, get, message, post_json, send, state, state_with, TestDb};

/// The confirmation link the last e-mail to `to` carries, as a path.
async fn confirm_path(db: &hygo_core::Db, to: &str) -> String {
    use sea_orm::{ColumnTrait, QueryFilter, QueryOrder};
    let mail = outbox::Entity::find().filter(outbox::Column::ToAddress.eq(to)).order_by_desc(outbox::Column::Id).one(db).await.unwrap().unwrap();
    let start = mail.body.find("https://hygo.test/newsletter/confirm?token=").expect("a confirmation link");
    mail.body[start + "https://hygo.test".len()..].split_whitespace().next().unwrap().to_owned()
}

#[actix_web::test]
async fn a_sign_up_is_pending_until_its_link_is_followed_once() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let subscribe = |email: &str| post_json("/newsletter/subscribe", &json!({ "email": email }));
        let who = "asha.patel@example.com";

        let (status, _, first) = send(&app, subscribe(who)).await;
        assert_eq!(status, 200, "{b}");
        let check_email = "Thank you. We have sent an e-mail to the address you gave. Open the link in it to confirm your subscription. \
                           If it does not arrive in a few minutes, check your spam folder.";
        assert_eq!(first, json!({ "success": true, "message": check_email }), "{b}");
        assert_eq!(newsletter::status(&state.db, who).await.unwrap(), Some(Status::Pending), "{b}");
        assert!(newsletter::recipients(&state.db).await.unwrap().is_empty(), "{b}: no newsletter before the link is followed");
        let mail = outbox::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!((mail.to_address.as_str(), mail.subject.as_str()), (who, message("mail.confirmSubject").as_str()), "{b}");
        assert!(!mail.body.contains("asha") && mail.list_unsubscribe.is_none(), "{b}: the link only, nothing about the person");
        let first_link = confirm_path(&state.db, who).await;

        // Asked again (another spelling): the same answer, one subscriber, a new link.
        let (status, _, again) = send(&app, subscribe("  Asha.Patel@Example.COM ")).await;
        assert_eq!((status, &again), (200, &first), "{b}: the same answer, the list not revealed");
        assert_eq!(newsletter_subscriber::Entity::find().count(&state.db).await.unwrap(), 1, "{b}: one subscriber");
        let link = confirm_path(&state.db, who).await;
        assert_ne!(link, first_link, "{b}");
        let (status, _, _) = send(&app, TestRequest::post().uri(&first_link)).await;
        assert_eq!(status, 404, "{b}: the earlier link no longer works");

        let (status, _, body) = send(&app, TestRequest::post().uri(&link)).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                200,
                Some(hygo_content::message("newsletter.confirmed").as_str())
            ),
            "{b}"
        );
        assert!(
            newsletter::is_subscribed(&state.db, who).await.unwrap(),
            "{b}"
        );
        let row = newsletter_subscriber::Entity::find()
            .one(&state.db)
            .await
            .unwrap()
            .unwrap();
        assert!(
            row.confirmed_at
                .as_deref()
                .is_some_and(|c| c >= row.subscribed_at.as_str()),
            "{b}: the consent record"
        );
        assert_eq!(
            (row.source.as_str(), row.confirm_token.as_deref()),
            ("api", None),
            "{b}"
        );
        assert_eq!(
            newsletter::recipients(&state.db).await.unwrap(),
            vec![(who.to_owned(), row.unsubscribe_token.clone())],
            "{b}"
        );
        let (status, _, body) = send(&app, TestRequest::post().uri(&link)).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                404,
                Some(hygo_content::message("newsletter.confirmInvalid").as_str())
            ),
            "{b}: once"
        );

        // Asked again once confirmed: the same answer; the mail says so; the consent stays as given.
        let (_, _, known) = send(&app, subscribe(who)).await;
        assert_eq!(known, first, "{b}");
        let mail = outbox::Entity::find().all(&state.db).await.unwrap().pop().unwrap();
        assert_eq!(mail.subject, message("mail.alreadySubject"), "{b}");
        let kept = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!((&kept.subscribed_at, &kept.confirmed_at), (&row.subscribed_at, &row.confirmed_at), "{b}");

        for bad in ["", "asha", "asha@example", "asha@example.info", "asha@@example.com"] {
            let (status, _, body) = send(&app, subscribe(bad)).await;
            assert_eq!(status, 422, "{b}: {bad:?}");
            assert_eq!(body["message"], message("newsletter.email"));
            assert_eq!(body["errors"]["email"], message("newsletter.email"));
        }
        let (status, _, _) = send(&app, post_json("/newsletter/subscribe", &json!({}))).await;
        assert_eq!(status, 422, "{b}: a missing address");

        // A link older than CONFIRM_DAYS does not confirm.
        send(&app, subscribe("late@example.com")).await;
        let late = confirm_path(&state.db, "late@example.com").await;
        let old = (chrono::Utc::now() - chrono::Duration::days(newsletter::CONFIRM_DAYS) - chrono::Duration::minutes(1))
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        state.db.execute_unprepared(&format!("UPDATE newsletter_subscribers SET subscribed_at = '{old}' WHERE email = 'late@example.com'")).await.unwrap();
        let (status, _, _) = send(&app, TestRequest::post().uri(&late)).await;
        assert_eq!(status, 404, "{b}: expired");
        assert_eq!(newsletter::status(&state.db, "late@example.com").await.unwrap(), Some(Status::Pending), "{b}");
    }
}

#[actix_web::test]
async fn unsubscribing_works_in_one_click_pending_or_confirmed() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let subscribe = |email: &str| post_json("/newsletter/subscribe", &json!({ "email": email }));
        send(&app, subscribe("asha.patel@example.com")).await;
        send(&app, TestRequest::post().uri(&confirm_path(&state.db, "asha.patel@example.com").await)).await;
        send(&app, subscribe("pending@example.com")).await;

        let unsubscribe = |t: &str| TestRequest::post().uri(&format!("/newsletter/unsubscribe?token={t}"));
        for who in ["asha.patel@example.com", "pending@example.com"] {
            use sea_orm::{ColumnTrait, QueryFilter};
            let row = newsletter_subscriber::Entity::find().filter(newsletter_subscriber::Column::Email.eq(who)).one(&state.db).await.unwrap().unwrap();
            assert_eq!(row.unsubscribe_token.len(), 26, "{b}: 130 random bits");
            let (status, _, body) = send(&app, unsubscribe(&row.unsubscribe_token)).await;
            assert_eq!((status, body["success"].clone()), (200, json!(true)), "{b}: {who}");
            assert_eq!(newsletter::status(&state.db, who).await.unwrap(), Some(Status::Unsubscribed), "{b}: {who}");
            let (status, _, _) = send(&app, unsubscribe(&row.unsubscribe_token)).await;
            assert_eq!(status, 200, "{b}: a second click is fine");
        }
        assert!(newsletter::recipients(&state.db).await.unwrap().is_empty(), "{b}");
        let (status, _, _) = send(&app, TestRequest::post().uri(&confirm_path(&state.db, "pending@example.com").await)).await;
        assert_eq!(status, 404, "{b}: an unsubscribed address's pending link stops working");
        let (status, _, body) = send(&app, unsubscribe("0123456789abcdef0123456789abcdef")).await;
        assert_eq!((status, body["success"].clone()), (404, json!(false)), "{b}");
        let (status, _, _) = send(&app, TestRequest::post().uri("/newsletter/unsubscribe")).await;
        assert_eq!(status, 404, "{b}: no token");

        // Signing up again (by anyone): the same subscriber, and the withdrawal stays
        // on record, with no newsletter, until the new link is followed.
        use sea_orm::{ColumnTrait, QueryFilter};
        let row = || async {
            let found = newsletter_subscriber::Entity::find().filter(newsletter_subscriber::Column::Email.eq("asha.patel@example.com"));
            found.one(&state.db).await.unwrap().unwrap()
        };
        let withdrawn = row().await.unsubscribed_at.expect("unsubscribed");
        send(&app, subscribe("asha.patel@example.com")).await;
        assert_eq!(row().await.unsubscribed_at.as_deref(), Some(withdrawn.as_str()), "{b}: the withdrawal is kept while asked again");
        assert_eq!(newsletter::status(&state.db, "asha.patel@example.com").await.unwrap(), Some(Status::Unsubscribed), "{b}");
        assert!(newsletter::recipients(&state.db).await.unwrap().is_empty(), "{b}: no newsletter before the owner confirms");
        send(&app, TestRequest::post().uri(&confirm_path(&state.db, "asha.patel@example.com").await)).await;
        assert!(newsletter::is_subscribed(&state.db, "asha.patel@example.com").await.unwrap(), "{b}");
        assert!(row().await.confirmed_at.is_some_and(|at| at >= withdrawn), "{b}: consent given anew, after the withdrawal");
        assert_eq!(newsletter_subscriber::Entity::find().count(&state.db).await.unwrap(), 2, "{b}");
    }
}

/// The answer to a sign-up says nothing about the address: a new, a pending and a
/// confirmed one get the same status, headers and bytes, after the same writes (one
/// subscriber row written, one e-mail queued). How long each takes is measured by
/// `make bench`, not asserted here (docs/security.md gives the figures).
#[actix_web::test]
async fn a_sign_up_answers_the_same_for_new_pending_and_confirmed_addresses() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let ask = |email: &str| common::call(&app, post_json("/newsletter/subscribe", &json!({ "email": email })));
        ask("pending@example.com").await;
        ask("confirmed@example.com").await;
        send(&app, TestRequest::post().uri(&confirm_path(&state.db, "confirmed@example.com").await)).await;

        let mut answers = Vec::new();
        for who in ["new@example.com", "pending@example.com", "confirmed@example.com"] {
            let mails = outbox::Entity::find().count(&state.db).await.unwrap();
            let answer = ask(who).await;
            assert_eq!(outbox::Entity::find().count(&state.db).await.unwrap(), mails + 1, "{b}: {who} gets one e-mail");
            let mut headers: Vec<(String, String)> =
                answer.headers.iter().map(|(k, v)| (k.to_string(), v.to_str().unwrap().to_owned())).collect();
            headers.sort();
            answers.push((answer.status, headers, answer.body));
        }
        assert_eq!(answers[0], answers[1], "{b}: new and pending");
        assert_eq!(answers[1], answers[2], "{b}: pending and confirmed");
    }
}

/// The row a JSON answer names by its reference (`data.reference`): the answer has
/// no id, and the reference is random, not the id in disguise.
async fn by_reference<E: EntityTrait>(db: &hygo_core::Db, answer: &Value) -> E::Model {
    use sea_orm::{ColumnTrait, QueryFilter};
    use std::str::FromStr;
    assert!(answer["data"].get("id").is_none(), "ids stay internal: {answer}");
    let reference = answer["data"]["reference"].as_str().unwrap_or_else(|| panic!("data.reference: {answer}"));
    assert_eq!(hygo_core::refs::normalize_reference(reference).as_deref(), Some(reference), "a reference is HY- and two groups of four symbols: {reference}");
    let column = E::Column::from_str("reference").unwrap_or_else(|_| panic!("a reference column"));
    E::find().filter(column.eq(reference)).one(db).await.unwrap().expect("the row of the reference")
}

#[actix_web::test]
async fn health_card_requests_are_checked_and_stored() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let uri = "/api/SubscriptionData/subscription-form";
        // The spec's names and the plans' ids are taken; the id is stored.
        for (kind, stored) in [("Essential individual", "essential"), ("Essential Family", "family"), ("family", "family")] {
            let body = json!({ "name": "रमेश शाह", "email": "ramesh@example.in", "number": "98250 12345", "subscriptionType": kind });
            let (status, _, answer) = send(&app, post_json(uri, &body)).await;
            assert_eq!(status, 201, "{b}: {answer}");
            assert_eq!(answer["success"], true);
            let row = by_reference::<card_request::Entity>(&state.db, &answer).await;
            assert_eq!((row.name.as_str(), row.subscription_type.as_str(), row.number.as_str()), ("रमेश शाह", stored, "+919825012345"), "{b}: {kind}: the number in its one form (E.164)");
        }
        let (status, _, answer) = send(&app, post_json(uri, &json!({ "name": "A", "email": "a@example.in", "number": "9825012345", "subscriptionType": "Gold" }))).await;
        assert_eq!(status, 422, "{b}");
        assert_eq!(answer["errors"]["subscriptionType"], message("cardRequest.type"));
        let (status, _, answer) = send(&app, post_json(uri, &json!({}))).await;
        assert_eq!(status, 422);
        let fields: Vec<&String> = answer["errors"].as_object().unwrap().keys().collect();
        assert_eq!(fields, ["name", "number", "subscriptionType"], "{b}: the e-mail address may be left out");
        // A phone is enough (issue 43): the clinic calls to complete the membership.
        let (status, _, answer) = send(&app, post_json(uri, &json!({ "name": "Kanta Ben", "number": "+91 98250 33333", "subscriptionType": "family" }))).await;
        assert_eq!(status, 201, "{b}: {answer}");
        let row = by_reference::<card_request::Entity>(&state.db, &answer).await;
        assert_eq!((row.email.as_str(), row.number.as_str()), ("", "+919825033333"), "{b}: in E.164");
        // An address that is given must have a real domain.
        for bad in ["name@gmail", "name@localhost", "name@gmail.c", "name@123.456"] {
            let (status, _, answer) = send(&app, post_json(uri, &json!({ "name": "A", "email": bad, "number": "9825012345", "subscriptionType": "family" }))).await;
            assert_eq!((status, answer["errors"]["email"].as_str()), (422, Some(message("email.format").as_str())), "{b}: {bad}");
        }
        assert_eq!(card_request::Entity::find().count(&state.db).await.unwrap(), 4, "{b}: refusals store nothing");
    }
}

#[actix_web::test]
async fn contact_messages_are_stored_for_real() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let message = "નમસ્તે, I would like to know the Saturday hours.\r\nThank you.";
        let body = json!({ "name": "Meera", "email": "meera@example.com", "phone": "", "subject": "શનિવારનો સમય", "message": message, "clinic": "" });
        let (status, _, answer) = send(&app, post_json("/api/contact", &body)).await;
        assert_eq!(status, 201, "{b}: {answer}");
        let row = by_reference::<contact_message::Entity>(&state.db, &answer).await;
        assert_eq!((row.subject.as_str(), row.message.as_str(), row.phone.as_str()), ("શનિવારનો સમય", message, ""));

        let (status, _, answer) = send(&app, post_json("/api/contact", &json!({ "name": "Meera", "email": "meera@example.com", "phone": "call me" }))).await;
        assert_eq!(status, 422);
        let fields: Vec<&String> = answer["errors"].as_object().unwrap().keys().collect();
        assert_eq!(fields, ["message", "phone", "subject"], "{b}");
        // A phone without an e-mail address is enough (issue 43); one of the two is needed.
        let phone_only = json!({ "name": "Ramesh", "phone": "+91 98250 44444", "subject": "Timing", "message": "Kal khule ho?" });
        let (status, _, answer) = send(&app, post_json("/api/contact", &phone_only)).await;
        assert_eq!(status, 201, "{b}: {answer}");
        let row = by_reference::<contact_message::Entity>(&state.db, &answer).await;
        assert_eq!((row.email.as_str(), row.phone.as_str()), ("", "+919825044444"), "{b}: stored in E.164");
        let (status, _, answer) = send(&app, post_json("/api/contact", &json!({ "name": "Ramesh", "subject": "Timing", "message": "?" }))).await;
        assert_eq!((status, answer["errors"]["email"].as_str()), (422, Some(common::message("contact.reachRequired").as_str())), "{b}: {answer}");
        assert_eq!(contact_message::Entity::find().count(&state.db).await.unwrap(), 2, "{b}");
        let long = json!({ "name": "M", "email": "m@example.com", "subject": "s", "message": "m".repeat(5001) });
        let (status, _, answer) = send(&app, post_json("/api/contact", &long)).await;
        assert_eq!((status, answer["errors"]["message"].as_str()), (422, Some("Message must be 5000 characters or fewer")));
    }
}

/// Monday 7 January 2030, 10:20 in Rajkot: Dr. Hitesh Patel (id 1) has free
/// times on Wednesday the 9th.
const NOW: &str = "2030-01-07 10:20";

/// Every write endpoint, with a body it accepts and the status of that answer.
fn writes() -> Vec<(&'static str, Value, u16)> {
    vec![
        ("/newsletter/subscribe", json!({ "email": "hostile@example.com" }), 200),
        ("/api/SubscriptionData/subscription-form", json!({ "name": "N", "email": "n@example.com", "number": "9825012345", "subscriptionType": "Essential Family" }), 201),
        ("/api/contact", json!({ "name": "N", "email": "n@example.com", "subject": "S", "message": "M" }), 201),
        ("/appointments/bookAppointment", json!({
            "name": "N", "phone": "+91 98250 12345", "email": "n@example.com",
            "doctorId": 1, "date": "2030-01-09", "time": "11:00 AM", "visitType": "in-person"
        }), 201),
    ]
}

#[actix_web::test]
async fn broken_and_hostile_bodies_get_a_4xx_never_a_500() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state_with(&db, at(NOW), 1000).await)).await;
    for (uri, good, accepted) in writes() {
        let raw = |ct: &str, body: Vec<u8>| {
            TestRequest::post().uri(uri).insert_header(("content-type", ct.to_owned())).set_payload(body)
        };
        let cases: Vec<(TestRequest, u16, &str)> = vec![
            // Over every public form's limit (the contact form's, the largest, is about 70 KB).
            (raw("application/json", vec![b' '; 200 * 1024]), 413, "too large"),
            (raw("application/json", format!("{{\"email\":\"{}\"}}", "a".repeat(200_000)).into_bytes()), 413, "too large"),
            (raw("text/plain", good.to_string().into_bytes()), 415, "not JSON"),
            (raw("application/x-www-form-urlencoded", b"email=a%40b.com".to_vec()), 415, "a form post"),
            (TestRequest::post().uri(uri), 415, "no body, no type"),
            (raw("application/json", b"{\"email\": ".to_vec()), 400, "cut short"),
            (raw("application/json", b"".to_vec()), 400, "empty"),
            (raw("application/json", b"[1, 2]".to_vec()), 400, "an array"),
            (raw("application/json", b"\"text\"".to_vec()), 400, "a string"),
            (raw("application/json", vec![0xff, 0xfe, b'{', b'}']), 400, "not UTF-8"),
            (raw("application/json", b"{\"name\": 42, \"email\": [\"x\"]}".to_vec()), 400, "wrong types"),
            (get(uri), 405, "GET"),
            (TestRequest::delete().uri(uri), 405, "DELETE"),
        ];
        for (req, want, what) in cases {
            let (status, headers, body) = send(&app, req).await;
            assert_eq!(status, want, "{uri}: {what}: {body}");
            if status == 405 {
                assert_eq!(headers.get("allow").unwrap(), "POST", "{uri}: RFC 9110 asks for Allow");
            }
            assert_eq!(body["success"], false, "{uri}: {what}");
            assert!(body["message"].as_str().is_some_and(|m| m.len() > 10), "{uri}: {what}: a sentence");
        }
        // Unknown fields are ignored: the body is accepted as it would be without them.
        let mut extra = good.clone();
        extra["isAdmin"] = json!(true);
        extra["__proto__"] = json!({ "polluted": true });
        let (status, _, body) = send(&app, post_json(uri, &extra)).await;
        assert_eq!(status, accepted, "{uri}: unknown fields: {body}");
        assert_eq!(body["success"], true, "{uri}");
        // Control characters are refused politely.
        let mut nul = good.clone();
        nul["name"] = json!("N\u{0}ULL");
        nul["email"] = json!("nul\u{0}@example.com");
        let (status, _, _) = send(&app, post_json(uri, &nul)).await;
        assert_eq!(status, 422, "{uri}: NUL characters");
    }
    let (status, _, _) = send(&app, get(&format!("/api/search?q={}", "a".repeat(101)))).await;
    assert_eq!(status, 400);
}

#[actix_web::test]
async fn writes_are_rate_limited_per_client_with_retry_after() {
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state_with(&db, at(NOW), 3).await)).await;
        for (uri, body, _) in writes() {
            for n in 1..=3 {
                let (status, _, _) = send(&app, post_json(uri, &body)).await;
                assert_ne!(status, 429, "{b}: {uri}: write {n} is allowed");
            }
            let (status, headers, answer) = send(&app, post_json(uri, &body)).await;
            assert_eq!(status, 429, "{b}: {uri}: the fourth write in the window");
            let retry: u64 = headers.get("retry-after").unwrap().to_str().unwrap().parse().unwrap();
            // A sliding window: the burst still counts, in part, in the next window.
            assert!((1..=1200).contains(&retry), "{b}: Retry-After {retry}");
            assert!(answer["message"].as_str().unwrap().contains("try again"));
            // Another client is not affected.
            let other = post_json(uri, &body).peer_addr("198.51.100.20:40000".parse().unwrap());
            let (status, _, _) = send(&app, other).await;
            assert_ne!(status, 429, "{b}: {uri}: another client");
        }
        // Reads are never limited.
        for _ in 0..5 {
            let (status, _, _) = send(&app, get("/api/doctors").peer_addr("203.0.113.7:50000".parse().unwrap())).await;
            assert_eq!(status, 200);
        }
    }
}

/// Issue 24: the contact form's free-text clinic (any 120 characters) was copied
/// into the clinic's e-mail ("Summary: Urgent: verify your staff login at
/// http://evil.example/staff/sign-in"). Now nothing a patient types reaches the
/// clinic's e-mail, nor anyone's but their own (and there only their own name):
/// the clinic is a choice of `clinics.json`, named from the catalogue.
#[actix_web::test]
async fn nothing_a_patient_types_reaches_the_clinic_s_e_mail() {
    const BAIT: &str = "http://evil.example/staff/sign-in";
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at("2030-01-07 10:20"), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let lure = |what: &str| format!("Urgent: verify your {what} at {BAIT}");
        let contact = |clinic: &str| json!({
            "name": lure("name"), "email": "lure@evil.example", "phone": "98250 11111", "subject": lure("subject"),
            "message": lure("message"), "clinic": clinic,
        });
        // A clinic that is none of ours is refused, with a sentence that names no clinic typed.
        let (status, _, body) = send(&app, post_json("/api/contact", &contact(&lure("clinic")))).await;
        assert_eq!(status, 422, "{b}: {body}");
        assert!(body["errors"]["clinic"].as_str().is_some_and(|m| !m.contains("evil")), "{b}: {body}");
        // One of ours, by its id or by its name, as the original client sent it.
        for clinic in ["kalawad-road", "HYGO Head Office Clinic, Race Course Road", ""] {
            let (status, _, body) = send(&app, post_json("/api/contact", &contact(clinic))).await;
            assert_eq!(status, 201, "{b}: {clinic:?}: {body}");
        }
        let card = json!({ "name": lure("card"), "email": "card@evil.example", "number": "98250 22222", "subscriptionType": "family" });
        assert_eq!(send(&app, post_json("/api/SubscriptionData/subscription-form", &card)).await.0, 201, "{b}");
        let booking = json!({
            "name": lure("booking"), "phone": "98250 33333", "email": "book@evil.example", "department": "neurology",
            "doctor": "Dr. Hitesh Patel", "date": "2030-01-09", "time": "10:00 AM", "visitType": "in-person", "reason": "Consultation",
            "additionalNotes": lure("notes"), "insurance": lure("insurance"), "policyNumber": "evil.example/p", "isNewPatient": "yes",
        });
        let booked = send(&app, post_json("/appointments/bookAppointment", &booking)).await;
        assert_eq!(booked.0, 201, "{b}: {}", booked.2);

        let mails = outbox::Entity::find().all(&state.db).await.unwrap();
        let to_clinic: Vec<_> = mails.iter().filter(|m| m.to_address == "desk@hygo.test").collect();
        assert_eq!(to_clinic.len(), 5, "{b}: the clinic hears of three messages, a card and a booking");
        for mail in &mails {
            for text in [&mail.subject, &mail.body] {
                assert!(!text.contains("evil") && !text.contains("Urgent"), "{b}: to {}: {text}", mail.to_address);
            }
        }
        // The clinic is named from the catalogue: by the message sent with its id, and with its name.
        let named = |name: &str| to_clinic.iter().filter(|m| m.body.contains(&format!("Summary: {name}"))).count();
        assert_eq!(named("HYGO Clinic, Kalawad Road"), 1, "{b}");
        assert_eq!(named("HYGO Head Office Clinic, Race Course Road"), 1, "{b}");
        // Stored as the clinic's id, and shown by its name in the console.
        let stored: Vec<String> = contact_message::Entity::find().all(&state.db).await.unwrap().into_iter().map(|m| m.clinic).collect();
        assert_eq!(stored, ["kalawad-road", "head-office", ""], "{b}");
    }
}

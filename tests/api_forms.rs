//! The other writes of spec section 7 (newsletter, health-card requests, contact
//! messages) and what a hostile or broken client can send to any write: every
//! answer is a 4xx with the JSON error shape, never a 500, and nothing is lost.

mod common;

use actix_web::test::{self, TestRequest};
use hygo_data::entities::{card_request, contact_message, newsletter_subscriber};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{json, Value};

use common::{at, get, post_json, send, state, state_with, TestDb};

#[actix_web::test]
async fn newsletter_sign_up_is_idempotent_and_unsubscribes_in_one_click() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let subscribe = |email: &str| post_json("/newsletter/subscribe", &json!({ "email": email }));

        let (status, _, first) = send(&app, subscribe("asha.patel@example.com")).await;
        assert_eq!(status, 200, "{b}");
        assert_eq!(first, json!({ "success": true, "message": "Thank you for subscribing to the HYGO newsletter." }));
        let (status, _, again) = send(&app, subscribe("  Asha.Patel@Example.COM ")).await;
        assert_eq!((status, &again), (200, &first), "{b}: the same friendly answer, the list not revealed");
        assert_eq!(newsletter_subscriber::Entity::find().count(&state.db).await.unwrap(), 1, "{b}: one subscriber");

        for bad in ["", "asha", "asha@example", "asha@example.info", "asha@@example.com"] {
            let (status, _, body) = send(&app, subscribe(bad)).await;
            assert_eq!(status, 422, "{b}: {bad:?}");
            assert_eq!(body["message"], "Please enter a valid email address");
            assert_eq!(body["errors"]["email"], "Please enter a valid email address");
        }
        let (status, _, _) = send(&app, post_json("/newsletter/subscribe", &json!({}))).await;
        assert_eq!(status, 422, "{b}: a missing address");

        // The e-mails' link carries the token; one POST ends the subscription.
        let token = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap().unsubscribe_token;
        assert_eq!(token.len(), 32);
        let unsubscribe = |t: &str| TestRequest::post().uri(&format!("/newsletter/unsubscribe?token={t}"));
        let (status, _, body) = send(&app, unsubscribe(&token)).await;
        assert_eq!((status, body["success"].clone()), (200, json!(true)), "{b}");
        assert!(!hygo_data::newsletter::is_subscribed(&state.db, "asha.patel@example.com").await.unwrap());
        let (status, _, _) = send(&app, unsubscribe(&token)).await;
        assert_eq!(status, 200, "{b}: a second click is fine");
        let (status, _, body) = send(&app, unsubscribe("0123456789abcdef0123456789abcdef")).await;
        assert_eq!((status, body["success"].clone()), (404, json!(false)), "{b}");
        let (status, _, _) = send(&app, TestRequest::post().uri("/newsletter/unsubscribe")).await;
        assert_eq!(status, 404, "{b}: no token");

        // Signing up again brings the same subscriber back.
        send(&app, subscribe("asha.patel@example.com")).await;
        assert!(hygo_data::newsletter::is_subscribed(&state.db, "asha.patel@example.com").await.unwrap());
        assert_eq!(newsletter_subscriber::Entity::find().count(&state.db).await.unwrap(), 1);
    }
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
            let id = answer["data"]["id"].as_i64().unwrap() as i32;
            let row = card_request::Entity::find_by_id(id).one(&state.db).await.unwrap().unwrap();
            assert_eq!((row.name.as_str(), row.subscription_type.as_str(), row.number.as_str()), ("रमेश शाह", stored, "98250 12345"), "{b}: {kind}");
        }
        let (status, _, answer) = send(&app, post_json(uri, &json!({ "name": "A", "email": "a@example.in", "number": "9825012345", "subscriptionType": "Gold" }))).await;
        assert_eq!(status, 422, "{b}");
        assert_eq!(answer["errors"]["subscriptionType"], "Choose the Essential individual or the Essential Family card");
        let (status, _, answer) = send(&app, post_json(uri, &json!({}))).await;
        assert_eq!(status, 422);
        let fields: Vec<&String> = answer["errors"].as_object().unwrap().keys().collect();
        assert_eq!(fields, ["email", "name", "number", "subscriptionType"]);
        assert_eq!(card_request::Entity::find().count(&state.db).await.unwrap(), 3, "{b}: refusals store nothing");
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
        let row = contact_message::Entity::find_by_id(answer["data"]["id"].as_i64().unwrap() as i32).one(&state.db).await.unwrap().unwrap();
        assert_eq!((row.subject.as_str(), row.message.as_str(), row.phone.as_str()), ("શનિવારનો સમય", message, ""));

        let (status, _, answer) = send(&app, post_json("/api/contact", &json!({ "name": "Meera", "email": "meera@example.com", "phone": "call me" }))).await;
        assert_eq!(status, 422);
        let fields: Vec<&String> = answer["errors"].as_object().unwrap().keys().collect();
        assert_eq!(fields, ["message", "phone", "subject"], "{b}");
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
            (raw("application/json", vec![b' '; 17 * 1024]), 413, "too large"),
            (raw("application/json", format!("{{\"email\":\"{}\"}}", "a".repeat(20_000)).into_bytes()), 413, "too large"),
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

//! The forms as plain HTML posts (for visitors without JavaScript), against the real
//! router on SQLite and PostgreSQL: stored means a 303 to a page that says so,
//! refused means the page again with 422, the values and the messages; a wizard's
//! steps are pages; a slot taken meanwhile is 409; nothing is stored twice.

mod common;

use actix_web::http::header;
use actix_web::test::{self, TestRequest};
use hygo_data::entities::{appointment, card_request, contact_message, newsletter_subscriber};
use sea_orm::{EntityTrait, PaginatorTrait};

use common::{at, state_with, TestDb};

struct Answer {
    status: u16,
    location: String,
    html: String,
}

async fn post<S, B>(app: &S, uri: &str, body: &str) -> Answer
where
    S: actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody,
{
    let req = TestRequest::post()
        .uri(uri)
        .peer_addr("198.51.100.9:40000".parse().unwrap())
        .insert_header((header::CONTENT_TYPE, "application/x-www-form-urlencoded"))
        .insert_header((header::ACCEPT, "text/html,application/xhtml+xml"))
        .set_payload(body.to_owned());
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let location = res.headers().get(header::LOCATION).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let html = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
    Answer { status, location, html }
}

/// Monday 7 January 2030, 10:20 in Rajkot.
const NOW: &str = "2030-01-07 10:20";

#[actix_web::test]
async fn card_requests_contact_messages_and_newsletter_sign_ups_without_javascript() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        let refused = post(&app, "/subscription", "name=Meera+Shah&email=meera%40&number=98250+22222&subscriptionType=Essential+Family").await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.html.contains("There is a problem") && refused.html.contains(r##"href="#card-email""##), "{b}: the summary links to the field");
        assert!(refused.html.contains(r#"value="Meera Shah""#), "{b}: the values are kept");
        let stored = post(&app, "/subscription", "name=Meera+Shah&email=meera%40example.in&number=98250+22222&subscriptionType=Essential+Family").await;
        assert_eq!((stored.status, stored.location.as_str()), (303, "/subscription?requested=Essential+Family#request"), "{b}");
        assert_eq!(card_request::Entity::find().count(&state.db).await.unwrap(), 1, "{b}");

        let refused = post(&app, "/contactus", "name=Dev&email=dev%40example.in&subject=Card").await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.html.contains(r#"value="Card""#), "{b}");
        let stored = post(&app, "/contactus", "name=%E0%AA%A6%E0%AB%87%E0%AA%B5&email=dev%40example.in&subject=Card&message=Hello").await;
        assert_eq!((stored.status, stored.location.as_str()), (303, "/contactus?sent=1#contact-form"), "{b}");
        let row = contact_message::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!(row.name, "દેવ", "{b}: Gujarati round-trips through a form post");

        let refused = post(&app, "/newsletter", "email=nope").await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.html.contains("Please enter a valid email address"), "{b}");
        let stored = post(&app, "/newsletter", "email=ravi%40example.in").await;
        assert_eq!((stored.status, stored.location.as_str()), (303, "/newsletter?subscribed=1"), "{b}");
        let again = post(&app, "/newsletter", "email=Ravi%40Example.in").await;
        assert_eq!(again.status, 303, "{b}: the same friendly answer twice");
        assert_eq!(newsletter_subscriber::Entity::find().count(&state.db).await.unwrap(), 1, "{b}");

        // The unsubscribe page's button: a browser is sent on to a page.
        let token = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap().unsubscribe_token;
        let done = post(&app, &format!("/newsletter/unsubscribe?token={token}"), "").await;
        assert_eq!((done.status, done.location.as_str()), (303, "/newsletter?unsubscribed=1"), "{b}");
        let bad = post(&app, "/newsletter/unsubscribe?token=0000", "").await;
        assert_eq!((bad.status, bad.location.as_str()), (303, "/unsubscribe?token=0000"), "{b}");

        // Too large a body is refused before it is read.
        let big = post(&app, "/contactus", &format!("message={}", "a".repeat(20_000))).await;
        assert_eq!(big.status, 413, "{b}");
    }
}

#[actix_web::test]
async fn the_wizards_step_by_step_without_javascript() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
        // Dr. Kinjal Mehta (id 4) sees patients on Mondays, 9:00 AM to 5:00 PM.
        let choice = "doctor=Dr.+Kinjal+Mehta&date=2030-01-14&time=10%3A00+AM&visitType=in-person&reason=Consultation\
                      &selectedSymptoms=Fever&selectedSymptoms=Cough&department=cardiology";

        let two = post(&app, "/appointment", &format!("step=1&action=next&{person}")).await;
        assert_eq!(two.status, 200, "{b}");
        assert!(two.html.contains("Appointment Details") && two.html.contains(r#"type="hidden" name="name" value="Asha Patel""#), "{b}");
        let times = post(&app, "/appointment", &format!("step=2&action=slots&{person}&doctor=Dr.+Kinjal+Mehta&date=2030-01-14")).await;
        assert!(times.html.contains(r#"name="time" value="09:00 AM""#) && times.html.contains(r#"name="time" value="04:45 PM""#), "{b}");
        let week = post(&app, "/appointment", &format!("step=2&week=1&{person}")).await;
        assert!(week.html.contains(r#"name="date" value="2030-01-14""#), "{b}: a week page selects its first day");
        let three = post(&app, "/appointment", &format!("step=2&action=next&{person}&{choice}")).await;
        assert!(three.html.contains("Confirm Your Request"), "{b}");
        let unconfirmed = post(&app, "/appointment", &format!("step=3&action=submit&{person}&{choice}")).await;
        assert_eq!(unconfirmed.status, 422, "{b}");
        assert!(unconfirmed.html.contains("Tick the box to confirm your details"), "{b}");
        let missing = post(&app, "/appointment", &format!("step=3&action=submit&confirm=yes&{choice}")).await;
        assert_eq!(missing.status, 422, "{b}");
        assert!(missing.html.contains("Personal Information") && missing.html.contains("Enter your full name"), "{b}: back to step 1");

        let sent = post(&app, "/appointment", &format!("step=3&action=submit&confirm=yes&{person}&{choice}")).await;
        assert_eq!(sent.status, 303, "{b}");
        assert_eq!(
            sent.location,
            "/appointment?requested=1&doctor=Dr.+Kinjal+Mehta&date=2030-01-14&time=10%3A00+AM&visitType=in-person",
            "{b}: the confirmation's address carries no personal data"
        );
        let taken = post(&app, "/appointment", &format!("step=3&action=submit&confirm=yes&{person}&{choice}")).await;
        assert_eq!(taken.status, 409, "{b}");
        assert!(taken.html.contains("Sorry, that time has just been requested"), "{b}");
        assert!(!taken.html.contains(r#"name="time" value="10:00 AM""#), "{b}: the taken time is not offered again");
        assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 1, "{b}");

        // Wizard B: the doctor is the path's.
        let b_sent = post(&app, "/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&date=2030-01-14&time=11%3A00+AM&isNewPatient=no")).await;
        assert_eq!(b_sent.status, 303, "{b}");
        assert!(b_sent.location.starts_with("/appointment/4?confirmed=1&date=2030-01-14&time=11%3A00+AM"), "{b}: {}", b_sent.location);
        let off_grid = post(&app, "/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&date=2030-01-14&time=8%3A00+PM")).await;
        assert_eq!(off_grid.status, 422, "{b}: 8:00 PM is not one of her times");
        assert!(off_grid.html.contains("Schedule Your Appointment"), "{b}");
        assert_eq!(post(&app, "/appointment/abc", "step=1").await.status, 404, "{b}");
        assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 2, "{b}");
    }
}

#[actix_web::test]
async fn over_the_limit_a_form_gets_its_page_again_with_429() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let body = "name=Dev&email=dev%40example.in&subject=Card&message=Hello";
    assert_eq!(post(&app, "/contactus", body).await.status, 303);
    let limited = post(&app, "/contactus", body).await;
    assert_eq!(limited.status, 429);
    assert!(limited.html.contains("Please wait a few minutes") && limited.html.contains(r#"value="Card""#));
    assert_eq!(contact_message::Entity::find().count(&state.db).await.unwrap(), 1);
}

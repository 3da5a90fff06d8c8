//! The forms as plain HTML posts (for visitors without JavaScript), against the real
//! router on SQLite and PostgreSQL: stored means a 303 to a page that says so,
//! refused means the page again with 422, the values and the messages; a wizard's
//! steps are pages; a slot taken meanwhile is 409; nothing is stored twice.

mod common;

use actix_web::test;
use hygo_core::entities::{appointment, card_request, contact_message, newsletter_subscriber};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

use common::{at, fetch, message, state_with, submit, ui_text, TestDb};

/// Monday 7 January 2030, 10:20 in Rajkot.
const NOW: &str = "2030-01-07 10:20";

#[actix_web::test]
async fn card_requests_contact_messages_and_newsletter_sign_ups_without_javascript() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        let refused = submit(&app, "/subscription", "name=Meera+Shah&email=meera%40&number=98250+22222&subscriptionType=Essential+Family").await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.text.contains(&hygo_content::default().forms.error_summary_title) && refused.text.contains(r##"href="#card-email""##), "{b}: the summary links to the field");
        assert!(refused.text.contains(r#"value="Meera Shah""#), "{b}: the values are kept");
        let stored = submit(&app, "/subscription", "name=Meera+Shah&email=meera%40example.in&number=98250+22222&subscriptionType=Essential+Family").await;
        assert_eq!(stored.status, 303, "{b}");
        let card = card_request::Entity::find().one(&state.db).await.unwrap().unwrap();
        let page = confirmation(&app, &stored).await;
        assert!(page.contains("Thank you!") && page.contains("We have received your request for the Essential Family card."), "{b}");
        assert!(page.contains(&card.reference) && !page.contains("Meera"), "{b}: the reference, and only what the thank-you says");
        assert_eq!(card_request::Entity::find().count(&state.db).await.unwrap(), 1, "{b}");

        let refused = submit(&app, "/contactus", "name=Dev&email=dev%40example.in&subject=Card").await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.text.contains(r#"value="Card""#), "{b}");
        let stored = submit(&app, "/contactus", "name=%E0%AA%A6%E0%AB%87%E0%AA%B5&email=dev%40example.in&subject=Card&message=Hello").await;
        assert_eq!(stored.status, 303, "{b}");
        let row = contact_message::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!(row.name, "દેવ", "{b}: Gujarati round-trips through a form post");
        let page = confirmation(&app, &stored).await;
        assert!(page.contains("Thank you for your message.") && page.contains(&row.reference), "{b}");
        // Issue 44: a message of the most characters allowed, in Gujarati (39 KB
        // percent-encoded; the body limit was 16 KB), and a name and subject of
        // theirs too, sends from the Gujarati page without JavaScript.
        let long: String = "દર્દ ".chars().cycle().take(5000).collect();
        let enc = |t: &str| form_urlencoded::byte_serialize(t.as_bytes()).collect::<String>();
        let (name, subject) = ("ક".repeat(100), "વ".repeat(150));
        let body = format!("name={}&phone=98250+12345&subject={}&message={}", enc(&name), enc(&subject), enc(&long));
        assert!(body.len() > 2 * 16 * 1024, "{b}: {}", body.len());
        let sent = submit(&app, "/gu/contactus", &body).await;
        assert_eq!(sent.status, 303, "{b}: {}", sent.text);
        let kept = contact_message::Entity::find().filter(contact_message::Column::Name.eq(name.as_str())).one(&state.db).await.unwrap().expect("stored");
        assert_eq!((kept.message.as_str(), kept.subject.chars().count()), (long.trim(), 150), "{b}: every character kept");

        let refused = submit(&app, "/newsletter", "email=nope").await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.text.contains(&message("newsletter.email")), "{b}");
        let stored = submit(&app, "/newsletter", "email=ravi%40example.in&source=footer").await;
        assert_eq!((stored.status, stored.header("location")), (303, "/newsletter?subscribed=1"), "{b}");
        let landed = fetch(&app, "/newsletter?subscribed=1").await.text;
        assert!(landed.contains(&message("newsletter.checkEmail")), "{b}: it says what to do next");
        let again = submit(&app, "/newsletter", "email=Ravi%40Example.in").await;
        assert_eq!(again.status, 303, "{b}: the same friendly answer twice");
        assert_eq!(newsletter_subscriber::Entity::find().count(&state.db).await.unwrap(), 1, "{b}");
        let row = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!((row.source.as_str(), row.confirmed_at.as_deref()), ("api", None), "{b}: the latest form, pending");

        // The confirmation link's page has one button; opening it confirms nothing.
        let confirm_token = row.confirm_token.clone().unwrap();
        let link = fetch(&app, &format!("/newsletter/confirm?token={confirm_token}")).await;
        assert_eq!(link.status, 200, "{b}");
        assert!(link.text.contains("Confirm my subscription") && link.text.contains("noindex"), "{b}");
        assert!(!hygo_booking::newsletter::is_subscribed(&state.db, "ravi@example.in").await.unwrap(), "{b}: a mail scanner's GET changes nothing");
        let done = submit(&app, &format!("/newsletter/confirm?token={confirm_token}"), "").await;
        assert_eq!((done.status, done.header("location")), (303, "/newsletter?confirmed=1"), "{b}");
        assert!(hygo_booking::newsletter::is_subscribed(&state.db, "ravi@example.in").await.unwrap(), "{b}");
        assert!(fetch(&app, "/newsletter?confirmed=1").await.text.contains(&message("newsletter.confirmed")), "{b}");
        let used = submit(&app, &format!("/newsletter/confirm?token={confirm_token}"), "").await;
        assert_eq!(used.header("location"), format!("/newsletter/confirm?token={confirm_token}"), "{b}: one time only");
        assert!(fetch(&app, used.header("location")).await.text.contains(&hygo_content::default().site.newsletter.confirm_invalid), "{b}");

        // The unsubscribe page's button: a browser is sent on to a page.
        let token = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap().unsubscribe_token;
        let done = submit(&app, &format!("/newsletter/unsubscribe?token={token}"), "").await;
        assert_eq!((done.status, done.header("location")), (303, "/newsletter?unsubscribed=1"), "{b}");
        let bad = submit(&app, "/newsletter/unsubscribe?token=0000", "").await;
        assert_eq!((bad.status, bad.header("location")), (303, "/unsubscribe?token=0000"), "{b}");

        // Too large a body is refused before it is read.
        let big = submit(&app, "/contactus", &format!("message={}", "a".repeat(200_000))).await;
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

        let two = submit(&app, "/appointment", &format!("step=1&action=next&{person}")).await;
        assert_eq!(two.status, 200, "{b}");
        assert!(two.text.contains("Appointment Details") && two.text.contains(r#"type="hidden" name="name" value="Asha Patel""#), "{b}");
        let times = submit(&app, "/appointment", &format!("step=2&action=slots&{person}&doctor=Dr.+Kinjal+Mehta&date=2030-01-14")).await;
        // The choices' values are the times as data; their labels the page's words.
        assert!(times.text.contains(r#"name="time" value="09:00""#) && times.text.contains(r#"name="time" value="16:45""#), "{b}");
        assert!(times.text.contains("<span>9:00 AM</span>") && times.text.contains("<span>4:45 PM</span>"), "{b}");
        let week = submit(&app, "/appointment", &format!("step=2&week=1&{person}")).await;
        assert!(week.text.contains(r#"name="date" value="2030-01-14""#), "{b}: a week page selects its first day");
        // The review step needs a doctor, a day and a time: without them the step comes back with the summary.
        let early = submit(&app, "/appointment", &format!("step=2&action=next&{person}&date=2030-01-14")).await;
        assert_eq!(early.status, 422, "{b}");
        let main = main_of(&early.text);
        assert!(main.contains(r#"class="error-summary""#) && main.contains(r#"<h2 id="wizard-step-title" tabindex="-1">Appointment Details</h2>"#), "{b}: {main}");
        // Without JavaScript a day's page lands on its times, and "Show available times" comes before them.
        assert!(main.contains(r#"name="pickDate" formAction="/appointment#times">"#) && main.contains(r#"<fieldset id="times""#), "{b}");
        let times_at = main.find(r#"<fieldset id="times""#).unwrap();
        assert!(main[times_at..].find(r#"value="slots""#).unwrap() < main[times_at..].find(r#"aria-live="polite""#).unwrap(), "{b}");
        for said in ["appointment.doctorRequired", "appointment.timeRequired"] {
            assert!(main.contains(&message(said)), "{b}: {said}");
        }
        assert!(!main.contains(&message("appointment.dateRequired")), "{b}: the day was chosen");
        let three = submit(&app, "/appointment", &format!("step=2&action=next&{person}&{choice}")).await;
        assert!(three.text.contains("Confirm Your Request"), "{b}");
        let unconfirmed = submit(&app, "/appointment", &format!("step=3&action=submit&{person}&{choice}")).await;
        assert_eq!(unconfirmed.status, 422, "{b}");
        assert!(unconfirmed.text.contains(&message("appointment.confirmRequired")), "{b}");
        let missing = submit(&app, "/appointment", &format!("step=3&action=submit&confirm=yes&{choice}")).await;
        assert_eq!(missing.status, 422, "{b}");
        assert!(missing.text.contains(&hygo_content::default().forms.appointment.titles_a[0]) && missing.text.contains(&message("name.required")), "{b}: back to step 1");

        let sent = submit(&app, "/appointment", &format!("step=3&action=submit&confirm=yes&{person}&{choice}")).await;
        assert_eq!(sent.status, 303, "{b}");
        let page = confirmation(&app, &sent).await;
        let row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert!(page.contains("Appointment Request Sent") && page.contains("We&#x27;ll contact you within 24 hours to confirm the details."), "{b}");
        assert!(page.contains("<dd>Dr. Kinjal Mehta</dd>") && page.contains("<dd>Monday, 14 January 2030</dd>") && page.contains("<dd>10:00 AM</dd>"), "{b}");
        assert!(page.contains(&row.reference) && !page.contains("Asha"), "{b}: wizard A's success screen shows no personal details");
        let taken = submit(&app, "/appointment", &format!("step=3&action=submit&confirm=yes&{person}&{choice}")).await;
        assert_eq!(taken.status, 409, "{b}");
        assert!(taken.text.contains(&message("appointment.taken")), "{b}");
        assert!(!taken.text.contains(r#"name="time" value="10:00 AM""#), "{b}: the taken time is not offered again");
        assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 1, "{b}");

        // Wizard B: the doctor is the path's.
        let b_sent = submit(&app, "/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&date=2030-01-14&time=11%3A00+AM&isNewPatient=no")).await;
        assert_eq!(b_sent.status, 303, "{b}");
        let page = confirmation(&app, &b_sent).await;
        assert!(page.contains("Appointment Request Sent") && !page.contains("Confirmed!") && page.contains("<dd>11:00 AM</dd>"), "{b}");
        assert!(page.contains("<dd>Asha Patel</dd>") && page.contains("<dd>asha@example.in</dd>"), "{b}: wizard B's repeats the personal details");
        assert!(page.contains(r#"href="/appointment/4""#), "{b}: Book Another Appointment");
        let off_grid = submit(&app, "/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&date=2030-01-14&time=8%3A00+PM")).await;
        assert_eq!(off_grid.status, 422, "{b}: 8:00 PM is not one of her times");
        assert!(off_grid.text.contains("Schedule Your Appointment"), "{b}");
        assert_eq!(submit(&app, "/appointment/abc", "step=1").await.status, 404, "{b}");
        assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 2, "{b}");
    }
}

#[actix_web::test]
async fn over_the_limit_a_form_gets_its_page_again_with_429() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let body = "name=Dev&email=dev%40example.in&subject=Card&message=Hello";
    assert_eq!(submit(&app, "/contactus", body).await.status, 303);
    let limited = submit(&app, "/contactus", body).await;
    assert_eq!(limited.status, 429);
    assert!(limited.text.contains(&message("request.tooMany")) && limited.text.contains(r#"value="Card""#));
    assert_eq!(contact_message::Entity::find().count(&state.db).await.unwrap(), 1);
}

/// The page a stored form post was sent on to: `/requests?token=`, a random
/// token, never what was sent. Its page, kept by neither the browser nor a cache
/// and named to no other site.
async fn confirmation(
    app: &impl actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, Error = actix_web::Error>,
    sent: &common::Answer,
) -> String {
    assert_eq!(sent.status, 303, "{}", sent.text);
    let location = sent.header("location");
    let token = location.strip_prefix("/requests?token=").unwrap_or_else(|| panic!("a confirmation page: {location}"));
    assert!(token.len() == 26 && token.bytes().all(|c| c.is_ascii_digit() || c.is_ascii_lowercase()), "{location}");
    let page = fetch(app, location).await;
    assert_eq!(page.status, 200, "{location}");
    assert_eq!(page.header("cache-control"), "no-store");
    assert_eq!(page.header("referrer-policy"), "no-referrer");
    assert_eq!(page.header("etag"), "");
    assert!(page.text.contains(r#"<meta name="robots" content="noindex"#), "not for search engines");
    main_of(&page.text).to_owned()
}

/// The `<main>` of a page: what the page itself says, without the shared footer.
fn main_of(html: &str) -> &str {
    let start = html.find("<main").expect("a main element");
    &html[start..start + html[start..].find("</main>").unwrap()]
}

#[actix_web::test]
async fn the_schedule_step_writes_dates_as_people_in_india_do() {
    // Tuesday 24 November 2026, 10:00 in Rajkot. QuickJS has no Intl: these labels
    // once came out as "11/24/2026".
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state_with(&db, at("2026-11-24 10:00"), 1000).await)).await;
    let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
    for path in ["/appointment", "/appointment/4"] {
        let step = submit(&app, path, &format!("step=1&action=next&{person}")).await;
        assert_eq!(step.status, 200, "{path}");
        let html = main_of(&step.text);
        assert!(html.contains("Chosen: Tuesday, 24 November 2026"), "{path}: the chosen day");
        assert!(html.contains(r#"<p class="week-title" aria-live="polite">November 2026</p>"#), "{path}: the month title");
        assert!(
            html.contains(r#"aria-label="Tuesday, 24 November 2026""#)
                && html.contains(r#"<span class="day-name" aria-hidden="true">Tue</span><span class="day-number" aria-hidden="true">24</span>"#),
            "{path}: the day button reads Tue 24"
        );
        // Wizard A has no doctor yet, so no day is marked; Dr. Kinjal Mehta has no hours on Sundays.
        let sunday = if path == "/appointment" { r#"aria-label="Sunday, 29 November 2026""# } else { r#"aria-label="Sunday, 29 November 2026: No hours""# };
        assert!(html.contains(sunday), "{path}: the strip's Sunday");
        assert!(!html.contains("11/24/2026") && !html.contains("11/23/2026"), "{path}: no US-style dates");
        // Step 2 leads on to "Review Appointment" in both wizards (spec section 4).
        // Without JavaScript its page lands on the step's heading.
        assert!(html.contains(r##"value="next" class="button button--primary" name="action" formAction="/appointment"##) && html.contains(r##"#wizard-step-title">Review Appointment</button>"##), "{path}");
    }
    // The request's confirmation page says the day the same way.
    let choice = "doctor=Dr.+Kinjal+Mehta&date=2026-11-30&time=10%3A00+AM&visitType=in-person";
    let sent = submit(&app, "/appointment", &format!("step=3&action=submit&confirm=yes&{person}&{choice}")).await;
    let html = confirmation(&app, &sent).await;
    assert!(html.contains("<dd>Monday, 30 November 2026</dd>") && html.contains("<dd>10:00 AM</dd>"), "the confirmation");
}

#[actix_web::test]
async fn emergencies_are_sent_to_108_at_once() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1000).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";

    for path in ["/appointment", "/appointment/4"] {
        // Every step of both wizards says it is not for emergencies, with 108 to call.
        let html = fetch(&app, path).await.text;
        let main = main_of(&html);
        assert!(main.contains("This form is not for emergencies. In an emergency, call <a href=\"tel:108\""), "{path}: {main}");
        assert!(main.contains("or go to the nearest emergency department."), "{path}");

        // The schedule step carries the notice, hidden until a red flag is chosen; the
        // red flags are marked so CSS shows it at once without JavaScript.
        let two = submit(&app, path, &format!("step=1&action=next&{person}")).await;
        let main = main_of(&two.text);
        assert!(main.contains(r#"<div class="red-flag" data-red-flag-notice="">"#), "{path}: the notice, hidden");
        assert!(main.contains("call <a href=\"tel:108\" class=\"emergency-number\">108</a> now"), "{path}");
        assert!(main.contains(r#"aria-live="assertive""#), "{path}: read out when it appears");
    }
    let b = main_of(&submit(&app, "/appointment/4", &format!("step=1&action=next&{person}")).await.text).to_owned();
    assert!(b.contains(r#"<option value="emergency" data-red-flag="">Emergency</option>"#), "wizard B's Emergency");
    assert!(!b.contains(r#"<option value="follow-up" data-red-flag"#));
    let a = main_of(&submit(&app, "/appointment", &format!("step=1&action=next&{person}")).await.text).to_owned();
    // Options are posted by their ids and shown by their labels.
    for (symptom, label) in [("chest-pain", "Chest Pain"), ("shortness-of-breath", "Shortness of Breath")] {
        assert!(a.contains(&format!(r#"data-red-flag="" name="selectedSymptoms" value="{symptom}""#)), "wizard A's {symptom}");
        assert!(a.contains(&format!("/>{label}</label>")), "wizard A's {label}");
    }
    assert!(a.contains(r#"id="appt-selectedSymptoms" name="selectedSymptoms" value="fever"/>"#), "Fever is no red flag");

    // Chosen and carried on to the review step: the notice shows there too…
    let choice = "date=2030-01-14&time=11%3A00+AM&visitType=in-person&reason=emergency";
    let three = submit(&app, "/appointment/4", &format!("step=2&action=next&{person}&{choice}")).await;
    assert!(main_of(&three.text).contains(r#"<div class="red-flag is-shown" data-red-flag-notice="">"#));
    let three = submit(&app, "/appointment", &format!("step=2&action=next&{person}&doctor=Dr.+Kinjal+Mehta&date=2030-01-14&time=10%3A00+AM&selectedSymptoms=chest-pain")).await;
    assert!(main_of(&three.text).contains(r#"<div class="red-flag is-shown" data-red-flag-notice="">"#));
    // …and the request can still be sent, for a non-urgent follow-up.
    let sent = submit(&app, "/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&{choice}")).await;
    assert_eq!(sent.status, 303);
    assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 1);
}

#[actix_web::test]
async fn in_the_evening_the_wizard_says_the_times_have_passed() {
    // Monday 7 January 2030 at 5:30 PM: Dr. Hitesh Patel's last slot, 4:45 PM, has gone.
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state_with(&db, at("2030-01-07 17:30"), 1000).await)).await;
    let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
    let evening = submit(&app, "/appointment", &format!("step=2&action=slots&{person}&doctor=Dr.+Hitesh+Patel&date=2030-01-07")).await;
    let html = main_of(&evening.text);
    assert!(html.contains("The times on Monday, 7 January 2030 have passed. Please choose another day."), "{html}");
    assert!(!html.contains("has been requested"));
    let tuesday = submit(&app, "/appointment", &format!("step=2&action=slots&{person}&doctor=Dr.+Hitesh+Patel&date=2030-01-08")).await;
    assert!(main_of(&tuesday.text).contains("No office hours for Tuesday."));

    // Wizard B offers the same times as wizard A (issue 43; it offered the hours only):
    // Tuesday 8 January at 3:05 PM, Dr. Kaushik Vyas (11:00 AM - 4:00 PM) has no hour
    // left but still 3:15, 3:30 and 3:45, and they are offered.
    let app = test::init_service(hygo::app::app(state_with(&db, at("2030-01-08 15:05"), 1000).await)).await;
    let late = submit(&app, "/appointment/2", &format!("step=2&action=slots&{person}&date=2030-01-08")).await;
    let html = main_of(&late.text);
    for t in ["15:15", "15:30", "15:45"] {
        assert!(html.contains(&format!(r#"name="time" value="{t}""#)), "{t}: {html}");
    }
    assert!(!html.contains(r#"name="time" value="15:00""#), "the hour that has gone is not offered: {html}");
    assert!(!html.contains("has been requested"));
}

#[actix_web::test]
async fn the_wizards_follow_a_doctor_s_leave() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1000).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    use sea_orm::{ActiveModelTrait, Set};
    hygo_core::entities::doctor_leave::ActiveModel {
        doctor_id: Set(4),
        starts_on: Set("2030-01-07".into()),
        ends_on: Set(Some("2030-01-13".into())),
        ..Default::default()
    }
    .insert(&state.db)
    .await
    .unwrap();
    let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
    // Dr. Kinjal Mehta works Mondays (and more): back on Monday the 14th.
    // The schedule step opens on her first day back, not on a day of leave.
    let two = submit(&app, "/appointment/4", &format!("step=1&action=next&{person}")).await;
    let html = main_of(&two.text);
    assert!(html.contains(r#"name="date" value="2030-01-14""#) && html.contains("Chosen: Monday, 14 January 2030"), "{html}");
    assert!(html.contains("On leave, back on Monday, 14 January 2030"), "the doctor's card");
    // This week: today is a day of leave, and the strip says so of each day.
    let two = submit(&app, "/appointment/4", &format!("step=2&week=0&{person}")).await;
    let html = main_of(&two.text);
    assert!(html.contains("Dr. Kinjal Mehta is on leave on Monday, 7 January 2030 and back on Monday, 14 January 2030."), "{html}");
    assert!(
        html.contains(r#"value="2030-01-08" class="day day--l" disabled="" aria-pressed="false""#) && html.contains(r#"aria-label="Tuesday, 8 January 2030: On leave""#),
        "a day of leave cannot be chosen"
    );
    let refused = submit(&app, "/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&date=2030-01-08&time=10%3A00+AM")).await;
    assert_eq!(refused.status, 422);
    assert!(refused.text.contains("Dr. Kinjal Mehta is on leave on Tuesday, 8 January 2030"));
    assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 0);
}

/// A send the wizard refuses before storing (the box not ticked, a doctor id that
/// cannot be one) does not use up the visitor's writes; a field a browser sends
/// once, sent twice, counts with its first value, as the original forms did.
#[actix_web::test]
async fn only_a_send_that_may_store_counts_and_a_repeated_field_keeps_its_first_value() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
    let choice = "date=2030-01-14&time=11%3A00+AM&visitType=in-person";
    for _ in 0..3 {
        let unticked = submit(&app, "/appointment/4", &format!("step=3&action=submit&{person}&{choice}")).await;
        assert_eq!(unticked.status, 422, "the box must be ticked, whatever the limit");
    }
    assert_eq!(submit(&app, "/appointment/abc", &format!("step=3&action=submit&confirm=yes&{person}")).await.status, 404);
    let sent = submit(&app, "/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&{choice}")).await;
    assert_eq!(sent.status, 303, "the one write the limit allows is still there: {}", sent.text);

    let twice = submit(&app, "/contactus", "name=Dev&name=Other&email=dev%40example.in&subject=Card&message=Hello").await;
    // The limit of 1 is per bucket: the contact form has its own.
    assert_eq!(twice.status, 303, "{}", twice.text);
    let stored = contact_message::Entity::find().one(&state.db).await.unwrap().unwrap();
    assert_eq!(stored.name, "Dev");
}

/// One box ticked is one value in the form post: it is stored as a list of one.
#[actix_web::test]
async fn one_symptom_ticked_without_javascript_is_stored() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1000).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let body = "step=3&action=submit&confirm=yes&name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in\
                &doctor=Dr.+Kinjal+Mehta&date=2030-01-14&time=10%3A00+AM&visitType=in-person&selectedSymptoms=Fever";
    let sent = submit(&app, "/appointment", body).await;
    assert_eq!(sent.status, 303, "{}", sent.text);
    let row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
    assert_eq!(row.symptoms, r#"["fever"]"#);
}

#[actix_web::test]
async fn addresses_carry_no_request_and_a_message_s_page_shows_its_reference_for_a_month() {
    for db in TestDb::all().await {
        let b = db.backend;
        let mut config = common::test_config();
        config.receipt_valid_for = std::time::Duration::from_secs(60);
        let state = common::state_from(&db, at(NOW), config).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        // The old addresses of the success screens show nothing they are given.
        let planted = "Dr.+Evil+Impostor+at+3+AM";
        for path in [
            format!("/appointment?requested=1&doctor={planted}&date=2030-01-14&time=10%3A00+AM&visitType=in-person"),
            format!("/appointment/4?confirmed=1&date=2030-01-14&time={planted}&visitType=video"),
            format!("/subscription?requested={planted}#request"),
            format!("/contactus?sent=1&subject={planted}"),
        ] {
            let page = fetch(&app, &path).await;
            assert_eq!(page.status, 200, "{b}: {path}");
            let main = main_of(&page.text);
            assert!(!main.contains("Evil") && !main.contains("Impostor"), "{b}: {path} shows what its address says");
            assert!(!main.contains("Appointment Confirmed!") && !main.contains("Appointment Request Sent") && !main.contains("Thank you"), "{b}: {path}");
        }

        // A stored request's page: a token of its own, not its reference.
        let sent = submit(&app, "/contactus", "name=Devika%20Parmar&email=dev%40example.in&subject=Card&message=Hello").await;
        let again = submit(&app, "/contactus", "name=Devika%20Parmar&email=dev%40example.in&subject=Card&message=Hello").await;
        assert_ne!(sent.header("location"), again.header("location"), "{b}: every request its own page");
        let page = confirmation(&app, &sent).await;
        let rows = contact_message::Entity::find().all(&state.db).await.unwrap();
        assert!(rows.iter().all(|r| !sent.header("location").contains(&r.reference)), "{b}: the address is not the reference");
        assert!(page.contains(&rows[0].reference) || page.contains(&rows[1].reference), "{b}");
        // Its props, for a navigation in the browser, are kept by no one either.
        let props = fetch(&app, &format!("/api/props?path={}", sent.header("location"))).await;
        assert_eq!((props.status, props.header("cache-control"), props.header("referrer-policy")), (200, "no-store", "no-referrer"), "{b}");

        // A token that does not exist, and one whose time is over: the same page, naming nothing.
        let unknown = fetch(&app, "/requests?token=0000000000000000000000000a").await;
        assert_eq!(unknown.status, 404, "{b}");
        for bad in ["/requests", "/requests?token=x", "/requests?token=..%2F..%2Fetc", &format!("/requests?token={}", "z".repeat(500))] {
            assert_eq!(fetch(&app, bad).await.status, 404, "{b}: {bad}");
        }
        use sea_orm::ConnectionTrait;
        // Past HYGO_RECEIPT_MINUTES a message's page still gives its reference (nothing
        // else of it is on it); past `OTHER_DAYS` days it says what an unknown one says.
        let aged = |minutes: i64| (chrono::Utc::now() - chrono::Duration::minutes(minutes)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        state.db.execute_unprepared(&format!("UPDATE receipts SET created_at = '{}'", aged(2))).await.unwrap();
        let later = fetch(&app, sent.header("location")).await;
        assert_eq!(later.status, 200, "{b}: a message's page outlives the details' minutes");
        assert!(rows.iter().any(|r| later.text.contains(&r.reference)), "{b}: its reference is still there");
        let days = hygo_booking::receipts::OTHER_DAYS;
        state.db.execute_unprepared(&format!("UPDATE receipts SET created_at = '{}'", aged(days * 24 * 60 + 5))).await.unwrap();
        let expired = fetch(&app, sent.header("location")).await;
        assert_eq!(expired.status, 404, "{b}: shown for {days} days");
        assert_eq!(main_of(&expired.text), main_of(&unknown.text), "{b}: an expired page says what an unknown one says");
        let main = main_of(&expired.text);
        assert!(main.contains(&ui_text("request.notFoundHeading")) && !main.contains("Thank you") && !main.contains("HY-"), "{b}: {main}");
        assert!(!expired.text.contains("Devika") && !expired.text.contains("dev@example.in"), "{b}: nor in the props");
        assert_eq!(expired.header("cache-control"), "no-store", "{b}");
        assert_eq!(hygo_booking::receipts::forget_expired(&state.db, state.clock.today()).await.unwrap(), 2, "{b}");
        assert_eq!(contact_message::Entity::find().count(&state.db).await.unwrap(), 2, "{b}: the requests stay");
    }
}

//! The patient's phone, from the request to the visit (issue 45), on SQLite and
//! PostgreSQL, over real HTTP to the app and to loopback fakes of Meta's
//! WhatsApp Cloud API and Exotel (`common::providers`):
//!
//! - a phone-only request in Gujarati, confirmed by the desk, reminded the
//!   evening before (the clock moved), cancelled through its manage link: each
//!   message at the fake with its template, parameters and language, the link
//!   in each, no health data; over WhatsApp and over SMS (DLT-scrubbed);
//! - the manage-my-visit page: what it shows and does not, another time (the
//!   desk confirms it), a refused time, the calendar file, stopping messages,
//!   an ended link, someone trying codes;
//! - reminders: once, never at night, again for a visit moved, only with consent.

mod common;

use actix_web::test;
use common::providers::{self, Fake};
use common::staff::{form, post, staff};
use common::{at, call, post_json, send, state_from, test_config, TestDb};
use hygo_booking::reminders;
use hygo_core::entities::{appointment, consent, outbox};
use hygo_core::messaging::Channel;
use hygo_staff::Role;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

/// Monday 7 January 2030, 10:20 in Rajkot. Dr. Hitesh Patel (id 1) works
/// Monday, Wednesday and Friday, 10:00 AM to 5:00 PM; the visit is Wednesday's.
const NOW: &str = "2030-01-07 10:20";

/// What no message or page may hold: the request's symptoms, reason, notes,
/// insurance, the patient's name and number.
const PRIVATE: [&str; 9] = ["Headache", "headache", "Consultation", "Diwali", "Star Health", "SH-2030", "Krishna", "Vora", "98250"];

fn request(updates: &str, time: &str) -> Value {
    json!({
        "name": "Krishna Vora", "phone": "98250 12345", "doctorId": 1,
        "date": "2030-01-09", "time": time, "reason": "Consultation",
        "selectedSymptoms": ["Headache"], "additionalNotes": "Worse every morning since Diwali",
        "insurance": "Star Health", "policyNumber": "SH-2030-0042", "updates": updates
    })
}

/// What no page of the visit may hold (its frame's texts may name a
/// consultation or a headache; the patient's own words and details never).
const PRIVATE_ON_PAGE: [&str; 6] = ["Krishna", "Vora", "98250", "Diwali", "Star Health", "SH-2030"];

fn private_free(what: &str, b: &str) {
    for private in PRIVATE {
        assert!(!what.contains(private), "{b}: {private:?} in {what}");
    }
}

async fn app_state(db: &TestDb, dir: &std::path::Path, clock: &str, whatsapp: Option<&Fake>, sms: Option<&Fake>) -> actix_web::web::Data<hygo::state::AppState> {
    let (whatsapp, sms) = providers::settings(dir, whatsapp, sms);
    let config = hygo::config::Config { whatsapp, sms, write_limit: 1000, ..test_config() };
    state_from(db, at(clock), config).await
}

fn ist(text: &str) -> chrono::NaiveDateTime {
    chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
}

/// The template's name, language and parameters (or SMS body) of a message the fake got.
fn page_private_free(page: &str, b: &str) {
    for private in PRIVATE_ON_PAGE {
        assert!(!page.contains(private), "{b}: {private:?} on the page");
    }
}

fn seen(channel: Channel, sent: &providers::Sent) -> (String, String, String) {
    match channel {
        Channel::Sms => (sent.field("DltTemplateId").to_owned(), String::new(), sent.field("Body").to_owned()),
        _ => (
            sent.json["template"]["name"].as_str().unwrap_or_default().to_owned(),
            sent.json["template"]["language"]["code"].as_str().unwrap_or_default().to_owned(),
            sent.params().join("\n"),
        ),
    }
}

/// The visit code of a manage link.
fn code_of(link: &str) -> String {
    link.rsplit('/').next().unwrap().to_owned()
}

fn html_post(uri: &str, pairs: &[(&str, &str)]) -> actix_web::test::TestRequest {
    post(uri, &form(pairs), None)
}

#[actix_web::test]
async fn a_gujarati_request_is_confirmed_reminded_and_cancelled_through_its_link_on_whatsapp_and_by_sms() {
    for channel in [Channel::WhatsApp, Channel::Sms] {
        for db in TestDb::all().await {
            let b = &format!("{} {}", db.backend, channel.as_str());
            let dir = tempfile::tempdir().unwrap();
            let fake = match channel {
                Channel::Sms => providers::sms(),
                _ => providers::whatsapp(),
            };
            let (w, s) = match channel {
                Channel::Sms => (None, Some(&fake)),
                _ => (Some(&fake), None),
            };
            let state = app_state(&db, dir.path(), NOW, w, s).await;
            let app = test::init_service(hygo::app::app(state.clone())).await;
            let gu = hygo_content::get(hygo_content::Lang::parse("gu").unwrap());
            let deliver = || hygo::channels::deliver_due(&state, channel);
            // The SMS templates' ids the settings give, per template and language.
            let sms_id = |name: &str| {
                let ids: toml::Table = providers::dlt_template_ids().parse().unwrap();
                ids[name]["gu"].as_str().unwrap().to_owned()
            };
            let template = |name: &str, sms: &str| match channel {
                Channel::Sms => (sms_id(sms), String::new()),
                _ => (name.to_owned(), "gu".to_owned()),
            };

            // The request, with the manage link in the booking API's answer.
            let req = post_json("/appointments/bookAppointment", &request(channel.as_str(), "11:00 AM")).insert_header(("accept-language", "gu"));
            let (status, _, body) = send(&app, req).await;
            assert_eq!(status, 201, "{b}: {body}");
            let manage = body["data"]["manage"].as_str().expect("data.manage").to_owned();
            assert!(manage.starts_with("https://hygo.test/gu/v/") && manage.len() <= 50, "{b}: a short link in the request's language: {manage}");
            let code = code_of(&manage);
            assert_eq!(deliver().await.unwrap(), 1, "{b}");
            let (name, lang, text) = seen(channel, &fake.sent()[0]);
            assert_eq!((name, lang), template("hygo_request_received", "hygo_request_received"), "{b}");
            assert!(text.contains(&manage), "{b}: the link in the acknowledgement: {text}");
            private_free(&text, b);

            // Confirmed by the desk: the link again.
            let desk = staff(&app, &state.db, "asha.desk@hygo.test", Role::Desk).await;
            let reference = body["data"]["reference"].as_str().unwrap().to_owned();
            let confirm = form(&[("step", "confirm"), ("csrf", &desk.csrf)]);
            assert_eq!(call(&app, post(&format!("/staff/appointments/{reference}"), &confirm, Some(&desk.token))).await.status, 303, "{b}");
            assert_eq!(deliver().await.unwrap(), 1, "{b}");
            let (name, lang, text) = seen(channel, &fake.sent()[1]);
            assert_eq!((name, lang), template("hygo_visit_confirmed", "hygo_visit_confirmed_sms"), "{b}");
            assert!(text.contains(&manage), "{b}: {text}");

            // The evening before, at the reminders' hour: not before it, not at night, once.
            let notices = hygo::pages::url::notices(&state);
            let hour = reminders::DEFAULT_HOUR;
            assert_eq!(reminders::queue_due(&state.db, ist("2030-01-08 17:59"), hour, &notices).await.unwrap(), 0, "{b}: before the hour");
            assert_eq!(reminders::queue_due(&state.db, ist("2030-01-07 18:30"), hour, &notices).await.unwrap(), 0, "{b}: two days before");
            assert_eq!(reminders::queue_due(&state.db, ist("2030-01-08 21:00"), hour, &notices).await.unwrap(), 0, "{b}: 21:00 is night");
            assert_eq!(reminders::queue_due(&state.db, ist("2030-01-08 18:05"), hour, &notices).await.unwrap(), 1, "{b}");
            assert_eq!(reminders::queue_due(&state.db, ist("2030-01-08 19:05"), hour, &notices).await.unwrap(), 0, "{b}: once");
            assert_eq!(deliver().await.unwrap(), 1, "{b}");
            let reminder = &fake.sent()[2];
            let (name, lang, text) = seen(channel, reminder);
            assert_eq!((name, lang), template("hygo_visit_reminder", "hygo_visit_reminder_sms"), "{b}");
            let day = hygo_content::calendar::long_date(&gu, chrono::NaiveDate::from_ymd_opt(2030, 1, 9).unwrap());
            assert!(text.contains(&day) && text.contains(&manage), "{b}: the day in Gujarati and the link: {text}");
            if channel == Channel::WhatsApp {
                assert_eq!(reminder.params().len(), hygo_booking::messages::REMINDER.params.len(), "{b}");
                assert!(reminder.params().contains(&gu.clinics[0].map_url), "{b}: the map");
            }
            private_free(&text, b);

            // The link: the visit, nothing private; then cancelled through it.
            let page = call(&app, test::TestRequest::get().uri(&format!("/gu/v/{code}"))).await;
            assert_eq!(page.status, 200, "{b}");
            assert!(page.text.contains("data-visit-status=\"confirmed\"") && page.text.contains(&reference), "{b}: the visit shown");
            assert_eq!(page.header("cache-control"), "no-store", "{b}");
            page_private_free(&page.text, b);
            let asked = call(&app, test::TestRequest::get().uri(&format!("/gu/v/{code}?ask=cancel"))).await;
            assert!(asked.text.contains("name=\"step\" value=\"cancel\""), "{b}: the cancel asks once more");
            let done = call(&app, html_post(&format!("/gu/v/{code}"), &[("step", "cancel")])).await;
            assert_eq!((done.status, done.header("location")), (303, format!("/gu/v/{code}?done=cancelled").as_str()), "{b}");
            let row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
            assert_eq!(row.status, "cancelled", "{b}");
            let history = hygo_core::audit::for_target(&state.db, "appointment", &reference).await.unwrap();
            assert!(history.iter().any(|e| e.action == "patient-cancel" && matches!(e.by, hygo_core::audit::By::Patient)), "{b}: the desk sees who cancelled");
            assert_eq!(deliver().await.unwrap(), 1, "{b}");
            let (name, lang, text) = seen(channel, &fake.sent()[3]);
            assert_eq!((name, lang), template("hygo_visit_cancelled", "hygo_visit_cancelled_sms"), "{b}");
            if channel == Channel::WhatsApp {
                let reason = gu.forms.decline_reasons.iter().find(|r| r.id == "patient-asked").unwrap().label.clone();
                assert!(text.contains(&reason), "{b}: {text}");
            }
            private_free(&text, b);
            // The slot is free at once: someone else takes it.
            let mut other = request("none", "11:00 AM");
            other["phone"] = json!("98790 11111");
            other["name"] = json!("Meera Shah");
            assert_eq!(send(&app, post_json("/appointments/bookAppointment", &other)).await.0, 201, "{b}: the time is free again");
            // The link has ended: its page says so, and does nothing more.
            let page = call(&app, test::TestRequest::get().uri(&format!("/gu/v/{code}"))).await;
            assert_eq!(page.status, 404, "{b}");
            assert!(!page.text.contains(&reference), "{b}: an ended link names nothing");
            let again = call(&app, html_post(&format!("/gu/v/{code}"), &[("step", "cancel")])).await;
            assert_eq!((again.status, again.header("location")), (303, format!("/gu/v/{code}").as_str()), "{b}");
            if channel == Channel::Sms {
                assert!(fake.mismatched.lock().unwrap().is_empty(), "{b}: every SMS is its DLT template, filled");
            }
        }
    }
}

#[actix_web::test]
async fn the_manage_page_moves_a_visit_the_desk_then_confirms_and_stops_messages() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let fake = providers::whatsapp();
        let state = app_state(&db, dir.path(), NOW, Some(&fake), None).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let (_, _, body) = send(&app, post_json("/appointments/bookAppointment", &request("whatsapp", "11:00 AM"))).await;
        let code = code_of(body["data"]["manage"].as_str().unwrap());
        let reference = body["data"]["reference"].as_str().unwrap().to_owned();
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}");

        // Another time: the doctor's free times, not the visit's own.
        let page = call(&app, test::TestRequest::get().uri(&format!("/v/{code}?ask=move"))).await;
        assert_eq!(page.status, 200, "{b}");
        let free = &common::staff::props(&page)["data"]["free"];
        assert!(page.text.contains("value=\"2030-01-09 10:00 AM\""), "{b}: a free time of the visit's day offered: {free}");
        assert!(page.text.contains("value=\"2030-01-07 10:30 AM\"") && !page.text.contains("value=\"2030-01-07 10:15 AM\""), "{b}: from now on: {free}");
        assert!(!page.text.contains("value=\"2030-01-09 11:00 AM\""), "{b}: not its own time");
        assert_eq!(free.as_array().unwrap().len(), 4, "{b}: six a day, four days: {free}");
        // Refused: none chosen, a time that is no free time, garbage.
        for (pairs, why) in [
            (vec![("step", "move")], "no time"),
            (vec![("step", "move"), ("slot", "2030-01-09 11:00 AM")], "its own time"),
            (vec![("step", "move"), ("slot", "2030-01-10 11:00 AM")], "a Thursday, no hours"),
            (vec![("step", "move"), ("slot", "yesterday noon")], "not a time"),
        ] {
            let answer = call(&app, html_post(&format!("/v/{code}"), &pairs)).await;
            assert_eq!(answer.status, 303, "{b}: {why}");
            assert!(answer.header("location").starts_with(&format!("/v/{code}?ask=move&error=")), "{b}: {why}: {}", answer.header("location"));
        }
        let row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!((row.start_time.as_str(), row.status.as_str()), ("11:00", "requested"), "{b}: nothing changed");
        let shown = call(&app, test::TestRequest::get().uri(&format!("/v/{code}?ask=move&error=appointment.taken"))).await;
        assert!(shown.text.contains("role=\"alert\""), "{b}: the refusal shown");
        // A JSON client: 400 for a step that is none, 422 for a refused time.
        let json_post = |body: &str| test::TestRequest::post().uri(&format!("/v/{code}")).peer_addr("198.51.100.9:40000".parse().unwrap()).insert_header(("content-type", "application/x-www-form-urlencoded")).insert_header(("origin", "https://hygo.test")).set_payload(body.to_owned());
        assert_eq!(call(&app, json_post("step=teleport")).await.status, 400, "{b}");
        assert_eq!(call(&app, json_post("step=move&slot=2030-01-10%2011%3A00%20AM")).await.status, 422, "{b}");
        // From another site's page: refused, nothing changed.
        let forged = test::TestRequest::post().uri(&format!("/v/{code}")).insert_header(("origin", "https://evil.example")).insert_header(("content-type", "application/x-www-form-urlencoded")).set_payload("step=cancel");
        assert_eq!(call(&app, forged).await.status, 403, "{b}");

        let moved = call(&app, html_post(&format!("/v/{code}"), &[("step", "move"), ("slot", "2030-01-09 11:15 AM")])).await;
        assert_eq!((moved.status, moved.header("location")), (303, format!("/v/{code}?done=moved").as_str()), "{b}");
        let row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!((row.start_time.as_str(), row.status.as_str()), ("11:15", "requested"), "{b}: waits for the desk again");
        // The old time is free, and the patient is told the request is received again.
        let mut other = request("none", "11:00 AM");
        other["phone"] = json!("98790 11111");
        assert_eq!(send(&app, post_json("/appointments/bookAppointment", &other)).await.0, 201, "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}");
        assert_eq!(fake.sent().pop().unwrap().json["template"]["name"], "hygo_request_received", "{b}");
        // A request moved long after it was made does not lapse at once: its time counts from the move.
        let hours = state.config.request_expiry_hours;
        let notices = hygo::pages::url::notices(&state);
        assert_eq!(hygo_booking::inbox::expire_due(&state.db, chrono::Utc::now() + chrono::Duration::hours(hours - 1), hours, &notices).await.unwrap(), 0, "{b}");

        // The desk confirms the new time, as any request.
        let desk = staff(&app, &state.db, "asha.desk@hygo.test", Role::Desk).await;
        let confirm = form(&[("step", "confirm"), ("csrf", &desk.csrf)]);
        assert_eq!(call(&app, post(&format!("/staff/appointments/{reference}"), &confirm, Some(&desk.token))).await.status, 303, "{b}");

        // The calendar file, while the link works.
        let ics = call(&app, test::TestRequest::get().uri(&format!("/v/{code}/calendar.ics"))).await;
        assert_eq!(ics.status, 200, "{b}");
        assert!(ics.text.starts_with("BEGIN:VCALENDAR") && ics.text.contains("METHOD:REQUEST") && ics.text.contains(&reference), "{b}");
        page_private_free(&ics.text, b);

        // Stop the messages: consent withdrawn by the link, recorded; nothing more is sent.
        let stopped = call(&app, html_post(&format!("/v/{code}"), &[("step", "stop")])).await;
        assert_eq!((stopped.status, stopped.header("location")), (303, format!("/v/{code}?done=stopped").as_str()), "{b}");
        let last = consent::Entity::find().order_by_desc(consent::Column::Id).one(&state.db).await.unwrap().unwrap();
        assert_eq!((last.given, last.how.as_str()), (false, "link"), "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}: the confirmation withdrawn with the consent");
        let page = call(&app, test::TestRequest::get().uri(&format!("/v/{code}?done=stopped"))).await;
        assert!(page.text.contains("data-visit-done=\"stopped\"") && !page.text.contains("value=\"stop\""), "{b}: no messages to stop");

        // Codes that are none, or of no visit: the same page, which names nothing.
        for guess in ["0123456789ab", "short", "ABCDEFGHJKMN", "0123456789abc"] {
            let page = call(&app, test::TestRequest::get().uri(&format!("/v/{guess}"))).await;
            assert_eq!(page.status, 404, "{b}: {guess}");
        }
        assert_eq!(call(&app, test::TestRequest::get().uri("/v/0123456789ab/calendar.ics")).await.status, 404, "{b}");
    }
}

#[actix_web::test]
async fn someone_trying_codes_is_refused_found_or_not() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_from(&db, at(NOW), test_config()).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let (_, _, body) = send(&app, post_json("/appointments/bookAppointment", &request("none", "11:00 AM"))).await;
        let code = code_of(body["data"]["manage"].as_str().unwrap());
        let from = |uri: String| test::TestRequest::get().uri(&uri).peer_addr("203.0.113.7:50000".parse().unwrap());
        for n in 0..hygo::limit::LOOKUPS {
            let status = call(&app, from(format!("/v/{:012}", n))).await.status;
            assert_eq!(status, 404, "{b}: try {n}");
        }
        assert_eq!(call(&app, from(format!("/v/{code}"))).await.status, 429, "{b}: a hit is refused as a miss is");
        assert_eq!(call(&app, from(format!("/api/props?path=/v/{code}"))).await.status, 429, "{b}: its props too");
        // Another network is not held up by it.
        let elsewhere = test::TestRequest::get().uri(&format!("/v/{code}")).peer_addr("192.0.2.44:50000".parse().unwrap());
        assert_eq!(call(&app, elsewhere).await.status, 200, "{b}");
    }
}

#[actix_web::test]
async fn reminders_need_consent_wait_out_the_night_and_come_again_for_a_moved_visit() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let fake = providers::whatsapp();
        // The delivery runs at 22:10 the evening before.
        let state = app_state(&db, dir.path(), "2030-01-08 22:10", Some(&fake), None).await;
        let clock = at(NOW);
        let notices = hygo::pages::url::notices(&state);
        // Three confirmed visits on Wednesday: one agreed to messages, one not, one still requested.
        let mut visits = Vec::new();
        for (updates, time, phone) in [("whatsapp", "11:00 AM", "98250 12345"), ("none", "11:15 AM", "98250 22345"), ("whatsapp", "11:30 AM", "98250 32345")] {
            let mut asked = request(updates, time);
            asked["phone"] = json!(phone);
            let req: hygo_booking::appointments::AppointmentRequest = serde_json::from_value(asked).unwrap();
            visits.push(hygo_booking::appointments::book(&state.db, &clock, req, None, &notices).await.unwrap());
        }
        let actor = hygo_core::audit::Actor::system();
        for v in &visits[..2] {
            hygo_booking::inbox::take(&state.db, &clock, &actor, &v.reference, hygo_booking::status::Step::Confirm, None, Default::default(), &notices).await.unwrap();
        }
        let before = outbox::Entity::find().filter(outbox::Column::Channel.eq("whatsapp")).all(&state.db).await.unwrap().len();
        assert_eq!(reminders::queue_due(&state.db, ist("2030-01-08 20:30"), 20, &notices).await.unwrap(), 1, "{b}: only the confirmed visit that agreed");
        let queued = outbox::Entity::find().filter(outbox::Column::Channel.eq("whatsapp")).order_by_desc(outbox::Column::Id).one(&state.db).await.unwrap().unwrap();
        assert_eq!((queued.template.as_str(), queued.appointment_id), ("hygo_visit_reminder", Some(visits[0].id)), "{b}");
        assert_eq!(outbox::Entity::find().filter(outbox::Column::Channel.eq("whatsapp")).all(&state.db).await.unwrap().len(), before + 1, "{b}");

        // At 22:10 everything due goes but the reminder, which waits for 08:00.
        fake.sent.lock().unwrap().clear();
        hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap();
        assert!(fake.sent().iter().all(|s| s.json["template"]["name"] != "hygo_visit_reminder"), "{b}: no reminder at night");
        let held = outbox::Entity::find_by_id(queued.id).one(&state.db).await.unwrap().unwrap();
        assert_eq!((held.state.as_str(), held.attempts, held.next_attempt_at.as_deref()), ("queued", 0, Some("2030-01-09T02:30:00Z")), "{b}: held until 08:00 IST, no attempt counted");

        // Moved to another time: reminded again, for that time.
        let slot = hygo_booking::inbox::NewSlot { doctor_id: Some(1), date: Some("2030-01-09".into()), time: Some("12:00 PM".into()) };
        hygo_booking::inbox::take(&state.db, &clock, &actor, &visits[0].reference, hygo_booking::status::Step::Reschedule, Some(slot), Default::default(), &notices).await.unwrap();
        assert_eq!(reminders::queue_due(&state.db, ist("2030-01-08 20:40"), 20, &notices).await.unwrap(), 1, "{b}: the new time");
        assert_eq!(reminders::queue_due(&state.db, ist("2030-01-08 20:50"), 20, &notices).await.unwrap(), 0, "{b}: once again");
        let row = appointment::Entity::find_by_id(visits[0].id).one(&state.db).await.unwrap().unwrap();
        assert_eq!(row.reminded_for.as_deref(), Some("2030-01-09 12:00"), "{b}");
    }
}

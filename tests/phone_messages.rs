//! Messages to patients' phones (issue 45), on SQLite and PostgreSQL, through
//! the outbox to loopback fakes of Meta's WhatsApp Cloud API and Exotel's SMS
//! API that speak their documented requests, answers, errors and callbacks
//! (`common::providers`):
//!
//! - a phone-only request in Gujarati that agreed to WhatsApp is acknowledged,
//!   confirmed and cancelled on WhatsApp, each with its template, parameters and
//!   language, and no health data; the states follow Meta's signed callbacks,
//!   and a callback with a wrong signature changes nothing;
//! - the same in Hindi by SMS, with the DLT fields, and the delivery reports
//!   believed only with their message's token;
//! - no consent, no message; a reply of STOP ends every message to the number;
//! - a rate limit waits and tries again, an invalid number fails at once (the
//!   desk's list of failed messages), an expired token waits for a new one.

mod common;

use actix_web::test::{self, TestRequest};
use common::providers::{self, Fake, Trouble, APP_SECRET};
use common::staff::{form, get_as, post, props, staff, staff_text};
use common::{at, call, post_json, send, state_from, test_config, TestDb};
use hygo_core::entities::{appointment, consent, outbox};
use hygo_core::messaging::{self, Channel};
use hygo_staff::Role;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

/// Monday 7 January 2030, 10:20 in Rajkot. Dr. Hitesh Patel (id 1) works
/// Monday, Wednesday and Friday, 10:00 AM to 5:00 PM.
const NOW: &str = "2030-01-07 10:20";

/// What no message may hold: the request's symptoms, reason, notes, insurance
/// and the patient's name.
const PRIVATE: [&str; 8] = ["Headache", "headache", "Consultation", "Diwali", "Star Health", "SH-2030", "Krishna", "Vora"];

/// A phone-only request, with symptoms, a reason and notes that no message may carry.
fn request(updates: &str) -> Value {
    json!({
        "name": "Krishna Vora", "phone": "98250 12345", "doctorId": 1,
        "date": "2030-01-09", "time": "11:00 AM", "reason": "Consultation",
        "selectedSymptoms": ["Headache"], "additionalNotes": "Worse every morning since Diwali",
        "insurance": "Star Health", "policyNumber": "SH-2030-0042", "updates": updates
    })
}

async fn app_state(db: &TestDb, dir: &std::path::Path, whatsapp: Option<&Fake>, sms: Option<&Fake>) -> actix_web::web::Data<hygo::state::AppState> {
    let (whatsapp, sms) = providers::settings(dir, whatsapp, sms);
    let config = hygo::config::Config { whatsapp, sms, write_limit: 1000, ..test_config() };
    state_from(db, at(NOW), config).await
}

async fn texts(db: &hygo_core::Db) -> Vec<outbox::Model> {
    outbox::Entity::find().filter(outbox::Column::Channel.ne("email")).order_by_asc(outbox::Column::Id).all(db).await.unwrap()
}

fn no_health_data(what: &str, b: &str) {
    for private in PRIVATE {
        assert!(!what.contains(private), "{b}: {private:?} in a message: {what}");
    }
}

/// Posts a signed callback to `/hooks/whatsapp`.
fn callback(body: Vec<u8>, signature: &str) -> TestRequest {
    TestRequest::post().uri("/hooks/whatsapp").insert_header(("content-type", "application/json")).insert_header(("x-hub-signature-256", signature.to_owned())).set_payload(body)
}

#[actix_web::test]
async fn a_gujarati_request_is_told_on_whatsapp_from_its_acknowledgement_to_its_cancellation() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let fake = providers::whatsapp();
        let state = app_state(&db, dir.path(), Some(&fake), None).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let gu = hygo_content::get(hygo_content::Lang::parse("gu").unwrap());

        let req = post_json("/appointments/bookAppointment", &request("whatsapp")).insert_header(("accept-language", "gu"));
        let (status, _, body) = send(&app, req).await;
        assert_eq!(status, 201, "{b}: {body}");
        let reference = body["data"]["reference"].as_str().unwrap().to_owned();
        let row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!((row.updates.as_str(), row.phone.as_str()), ("whatsapp", "+919825012345"), "{b}");
        let consents = consent::Entity::find().all(&state.db).await.unwrap();
        assert_eq!(consents.len(), 1, "{b}: the consent is recorded");
        let c = &consents[0];
        assert_eq!((c.phone.as_str(), c.channel.as_str(), c.given, c.how.as_str(), c.text_version.as_str(), c.appointment_id), ("+919825012345", "whatsapp", true, "web", messaging::CONSENT_VERSION, Some(row.id)), "{b}");

        // The acknowledgement: a request, not a confirmation, and when the clinic calls.
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}");
        let sent = fake.sent();
        assert_eq!(sent.len(), 1, "{b}");
        let first = &sent[0];
        assert_eq!(first.path, format!("/v25.0/{}/messages", providers::PHONE_NUMBER_ID), "{b}");
        assert_eq!(first.authorization, format!("Bearer {}", providers::WHATSAPP_TOKEN), "{b}");
        assert_eq!((first.json["to"].as_str(), first.json["template"]["name"].as_str(), first.json["template"]["language"]["code"].as_str()), (Some("+919825012345"), Some("hygo_request_received"), Some("gu")), "{b}: {}", first.json);
        let params = first.params();
        let day = hygo_content::calendar::long_date(&gu, chrono::NaiveDate::from_ymd_opt(2030, 1, 9).unwrap());
        assert_eq!(params[0], reference, "{b}");
        assert_eq!(params[2], day, "{b}: the day in Gujarati");
        assert_eq!(params[3], hygo_content::calendar::time_of_day(&gu, 11, 0), "{b}");
        assert_eq!(params.len(), hygo_booking::messages::RECEIVED.params.len(), "{b}");
        no_health_data(&first.json.to_string(), b);
        let stored = texts(&state.db).await;
        assert_eq!(stored.len(), 1, "{b}");
        let wamid = stored[0].provider_id.clone().expect("Meta's id is kept");
        assert!(wamid.starts_with("wamid."), "{b}: {wamid}");
        assert_eq!(stored[0].state, "sent", "{b}");
        assert!(stored[0].body.contains(&reference) && stored[0].body.contains(&day), "{b}: the text as the patient reads it: {}", stored[0].body);
        no_health_data(&stored[0].body, b);

        // Meta's callbacks: delivered, signed; then "read" with a wrong signature changes nothing.
        let (body, signature) = providers::status_callback(&wamid, "delivered", None, APP_SECRET);
        assert_eq!(call(&app, callback(body, &signature)).await.status, 200, "{b}");
        assert_eq!(texts(&state.db).await[0].state, "delivered", "{b}");
        let (body, _) = providers::status_callback(&wamid, "read", None, APP_SECRET);
        let (_, forged) = providers::status_callback(&wamid, "read", None, "not-the-app-secret");
        assert_eq!(call(&app, callback(body.clone(), &forged)).await.status, 403, "{b}: a wrong signature");
        assert_eq!(call(&app, callback(body.clone(), "")).await.status, 403, "{b}: no signature");
        let mut tampered = body.clone();
        tampered.extend_from_slice(b" ");
        let (_, good) = providers::status_callback(&wamid, "read", None, APP_SECRET);
        assert_eq!(call(&app, callback(tampered, &good)).await.status, 403, "{b}: the signature of other bytes");
        assert_eq!(texts(&state.db).await[0].state, "delivered", "{b}: nothing changed");
        // A late "sent" after "delivered" changes nothing either; "read" moves on.
        let (body, signature) = providers::status_callback(&wamid, "sent", None, APP_SECRET);
        assert_eq!(call(&app, callback(body, &signature)).await.status, 200, "{b}");
        assert_eq!(texts(&state.db).await[0].state, "delivered", "{b}");
        let (body, signature) = providers::status_callback(&wamid, "read", None, APP_SECRET);
        assert_eq!(call(&app, callback(body, &signature)).await.status, 200, "{b}");
        assert_eq!(texts(&state.db).await[0].state, "read", "{b}");
        // A callback that is not JSON, signed: a 400, nothing stored.
        let garbled = b"{not json".to_vec();
        let signature = providers::signature(&garbled, APP_SECRET);
        assert_eq!(call(&app, callback(garbled, &signature)).await.status, 400, "{b}");

        // Confirmed by the desk: the doctor, the day and time, the clinic with its address and map.
        let desk = staff(&app, &state.db, "asha.desk@hygo.test", Role::Desk).await;
        let step = |pairs: &[(&str, &str)]| {
            let mut pairs = pairs.to_vec();
            pairs.push(("csrf", &desk.csrf));
            call(&app, post(&format!("/staff/appointments/{reference}"), &form(&pairs), Some(&desk.token)))
        };
        assert_eq!(step(&[("step", "confirm")]).await.status, 303, "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}");
        let confirmed = fake.sent().pop().unwrap();
        assert_eq!(confirmed.json["template"]["name"], "hygo_visit_confirmed", "{b}");
        assert_eq!(confirmed.json["template"]["language"]["code"], "gu", "{b}");
        let clinic = &gu.clinics[0];
        let params = confirmed.params();
        assert!(params.contains(&clinic.address) && params.contains(&clinic.map_url) && params.contains(&clinic.name), "{b}: the clinic, its address and map: {params:?}");
        no_health_data(&confirmed.json.to_string(), b);

        // Cancelled with a reason: the reason in Gujarati.
        assert_eq!(step(&[("step", "cancel"), ("reason", "doctor-away")]).await.status, 303, "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}");
        let cancelled = fake.sent().pop().unwrap();
        assert_eq!(cancelled.json["template"]["name"], "hygo_visit_cancelled", "{b}");
        let reason = gu.forms.decline_reasons.iter().find(|r| r.id == "doctor-away").unwrap().label.clone();
        assert!(cancelled.params().contains(&reason), "{b}: {:?}", cancelled.params());
        no_health_data(&cancelled.json.to_string(), b);
        let states: Vec<String> = texts(&state.db).await.into_iter().map(|m| m.state).collect();
        assert_eq!(states, ["read", "sent", "sent"], "{b}: each message kept with its state");
        assert_eq!(messaging::of_appointment(&state.db, row.id).await.unwrap().len(), 3, "{b}: the request's messages");

        // The desk sees them on the request's page: what, where, what became of it; never the text.
        let page = call(&app, get_as(&format!("/staff/appointments/{reference}"), Some(&desk.token))).await;
        assert_eq!(page.status, 200, "{b}");
        let data = &props(&page)["data"];
        assert_eq!(data["request"]["updates"], "whatsapp", "{b}");
        let shown: Vec<(&str, &str, &str)> = data["messages"].as_array().unwrap().iter().map(|m| (m["template"].as_str().unwrap(), m["channel"].as_str().unwrap(), m["state"].as_str().unwrap())).collect();
        assert_eq!(shown, [("hygo_request_received", "whatsapp", "read"), ("hygo_visit_confirmed", "whatsapp", "sent"), ("hygo_visit_cancelled", "whatsapp", "sent")], "{b}");
        assert!(!data["messages"].to_string().contains(&day), "{b}: not the messages' text");
        let what = staff_text(&["phoneMessages", "templates", "hygo_visit_confirmed"]);
        assert!(page.text.contains(&format!("<td role=\"cell\">{what}</td>")) && page.text.contains("data-message-state=\"read\""), "{b}: rendered for the desk");
    }
}

#[actix_web::test]
async fn no_consent_no_message_and_a_reply_of_stop_ends_every_message_to_the_number() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let fake = providers::whatsapp();
        let state = app_state(&db, dir.path(), Some(&fake), None).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        // Without `updates` (or with "none"): nothing for the phone.
        let mut quiet = request("none");
        quiet["time"] = json!("11:15 AM");
        assert_eq!(send(&app, post_json("/appointments/bookAppointment", &quiet)).await.0, 201, "{b}");
        quiet["time"] = json!("11:30 AM");
        quiet.as_object_mut().unwrap().remove("updates");
        assert_eq!(send(&app, post_json("/appointments/bookAppointment", &quiet)).await.0, 201, "{b}");
        assert!(texts(&state.db).await.is_empty(), "{b}: no consent, no message");
        assert!(consent::Entity::find().all(&state.db).await.unwrap().is_empty(), "{b}");
        // An answer that is none of the three is refused, with its field.
        let mut odd = request("telegram");
        odd["time"] = json!("11:45 AM");
        let (status, _, body) = send(&app, post_json("/appointments/bookAppointment", &odd)).await;
        assert_eq!((status, body["errors"]["updates"].is_string()), (422, true), "{b}: {body}");

        // Two requests that agreed; the first message is sent, the second waits.
        let (status, _, _) = send(&app, post_json("/appointments/bookAppointment", &request("whatsapp"))).await;
        assert_eq!(status, 201, "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}");
        let mut second = request("whatsapp");
        second["time"] = json!("12:00 PM");
        assert_eq!(send(&app, post_json("/appointments/bookAppointment", &second)).await.0, 201, "{b}");

        // The patient replies STOP (Meta names them by their digits).
        let (body, signature) = providers::reply_callback("919825012345", "  stop ", APP_SECRET);
        assert_eq!(call(&app, callback(body, &signature)).await.status, 200, "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}: the waiting one is not sent");
        assert_eq!(fake.sent().len(), 1, "{b}");
        let waiting = texts(&state.db).await.pop().unwrap();
        assert_eq!((waiting.state.as_str(), waiting.error.as_deref()), ("failed", Some(messaging::WITHDRAWN)), "{b}");
        let rows = appointment::Entity::find().filter(appointment::Column::Phone.eq("+919825012345")).all(&state.db).await.unwrap();
        assert!(rows.iter().all(|r| r.updates == "none"), "{b}: withdrawn on every request of the number");
        let withdrawn = consent::Entity::find().filter(consent::Column::Given.eq(false)).all(&state.db).await.unwrap();
        assert_eq!((withdrawn.len(), withdrawn[0].how.as_str()), (2, "reply"), "{b}: each withdrawal recorded");
        assert!(messaging::failed(&state.db, 50).await.unwrap().is_empty(), "{b}: a withdrawal is no failure to call about");
        // A Gujarati "બંધ" from another number is a STOP too, and changes only that number.
        let (body, signature) = providers::reply_callback("919900011122", "બંધ", APP_SECRET);
        assert_eq!(call(&app, callback(body, &signature)).await.status, 200, "{b}");
        // A STOP with a wrong signature changes nothing (there is nothing left to
        // change for this number; the consents' count shows it).
        let before = consent::Entity::find().all(&state.db).await.unwrap().len();
        let (body, _) = providers::reply_callback("919825012345", "STOP", APP_SECRET);
        assert_eq!(call(&app, callback(body, "sha256=00")).await.status, 403, "{b}");
        assert_eq!(consent::Entity::find().all(&state.db).await.unwrap().len(), before, "{b}");
    }
}

#[actix_web::test]
async fn a_rate_limit_waits_an_invalid_number_fails_for_the_desk_and_an_expired_token_waits_for_a_new_one() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let fake = providers::whatsapp();
        let state = app_state(&db, dir.path(), Some(&fake), None).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let due_now = || state.db.execute_unprepared("UPDATE outbox SET next_attempt_at = NULL WHERE state = 'queued'");

        assert_eq!(send(&app, post_json("/appointments/bookAppointment", &request("whatsapp"))).await.0, 201, "{b}");
        fake.next(Trouble::RateLimit);
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}");
        let waiting = texts(&state.db).await.pop().unwrap();
        assert_eq!((waiting.state.as_str(), waiting.attempts, waiting.error.as_deref()), ("queued", 1, Some("whatsapp 130429")), "{b}");
        assert!(waiting.next_attempt_at.is_some(), "{b}: later");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}: not before its time");

        // An expired token: the settings' fault, tried again, and sent once it is good.
        due_now().await.unwrap();
        fake.next(Trouble::ExpiredToken);
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}");
        assert_eq!(texts(&state.db).await.pop().unwrap().state, "queued", "{b}");
        due_now().await.unwrap();
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}: sent at last");
        assert_eq!(texts(&state.db).await.pop().unwrap().state, "sent", "{b}");

        // Not a WhatsApp number: failed at once, never tried again, listed for the desk.
        let mut other = request("whatsapp");
        other["time"] = json!("11:15 AM");
        other["phone"] = json!("+91 99999 00000");
        assert_eq!(send(&app, post_json("/appointments/bookAppointment", &other)).await.0, 201, "{b}");
        fake.next(Trouble::InvalidNumber);
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}");
        due_now().await.unwrap();
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}: never again");
        let failed = messaging::failed(&state.db, 50).await.unwrap();
        assert_eq!(failed.len(), 1, "{b}");
        assert_eq!((failed[0].to_address.as_str(), failed[0].error.as_deref()), ("+919999900000", Some("whatsapp 131026")), "{b}");
        // The desk's inbox lists it, to call.
        let desk = staff(&app, &state.db, "asha.desk@hygo.test", Role::Desk).await;
        let inbox = call(&app, get_as("/staff", Some(&desk.token))).await;
        let listed = &props(&inbox)["data"]["failedMessages"];
        assert_eq!((listed.as_array().unwrap().len(), listed[0]["phone"].as_str()), (1, Some("+91 99999 00000")), "{b}: {listed}");
        assert!(inbox.text.contains("href=\"tel:+919999900000\""), "{b}: rendered, to call");
        // Delivered, then failed by Meta's callback (131026 arrives so, too): failed.
        let sent = texts(&state.db).await.into_iter().find(|m| m.state == "sent").unwrap();
        let (body, signature) = providers::status_callback(sent.provider_id.as_deref().unwrap(), "failed", Some(131047), APP_SECRET);
        assert_eq!(call(&app, callback(body, &signature)).await.status, 200, "{b}");
        assert_eq!(messaging::failed(&state.db, 50).await.unwrap().len(), 2, "{b}");
        assert_eq!(fake.sent().len(), 4, "{b}: four tries reached the fake");
    }
}

#[actix_web::test]
async fn a_hindi_request_is_told_by_sms_with_its_dlt_template_and_reports_need_their_token() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let fake = providers::sms();
        let state = app_state(&db, dir.path(), None, Some(&fake)).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        let req = post_json("/appointments/bookAppointment", &request("sms")).insert_header(("accept-language", "hi"));
        let (status, _, body) = send(&app, req).await;
        assert_eq!(status, 201, "{b}: {body}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::Sms).await.unwrap(), 1, "{b}");
        let sent = fake.sent().pop().unwrap();
        let stored = texts(&state.db).await.pop().unwrap();
        assert_eq!(sent.path, format!("/v1/Accounts/{}/Sms/send.json", providers::SMS_SID), "{b}");
        assert_eq!((sent.field("From"), sent.field("To"), sent.field("DltEntityId")), (providers::SENDER, "+919825012345", providers::ENTITY_ID), "{b}");
        assert_eq!((sent.field("SmsType"), sent.field("EncodingType")), ("transactional", "unicode"), "{b}: Hindi goes as unicode");
        assert_eq!(sent.field("Body"), stored.body, "{b}: the text as stored");
        assert!(stored.body.contains("अनुरोध"), "{b}: in Hindi: {}", stored.body);
        no_health_data(sent.field("Body"), b);
        let sid = stored.provider_id.clone().unwrap();
        assert!(fake.mismatched.lock().unwrap().is_empty(), "{b}: the text is its DLT template's, filled: {:?}", stored.params);

        // The delivery report, at the address the message gave.
        let address = sent.field("StatusCallback").strip_prefix("https://hygo.test").unwrap().to_owned();
        assert!(address.starts_with("/hooks/sms?token="), "{b}: {address}");
        let report = providers::delivery_report(&fake, &sent, &sid);
        let post_report = |uri: String, body: String| TestRequest::post().uri(&uri).insert_header(("content-type", "application/x-www-form-urlencoded")).set_payload(body);
        assert_eq!(call(&app, post_report("/hooks/sms?token=guessed".into(), report.clone())).await.status, 403, "{b}: without its token");
        assert_eq!(call(&app, post_report("/hooks/sms".into(), report.clone())).await.status, 403, "{b}");
        assert_eq!(texts(&state.db).await.pop().unwrap().state, "sent", "{b}: nothing changed");
        assert_eq!(call(&app, post_report(address.clone(), "SmsSid=".into())).await.status, 400, "{b}: a report without its fields");
        assert_eq!(call(&app, post_report(address.clone(), report)).await.status, 200, "{b}");
        assert_eq!(texts(&state.db).await.pop().unwrap().state, "delivered", "{b}");

        // The gateway's errors: 429 waits, 400/40203 fails at once.
        let mut other = request("sms");
        other["time"] = json!("11:15 AM");
        assert_eq!(send(&app, post_json("/appointments/bookAppointment", &other)).await.0, 201, "{b}");
        fake.next(Trouble::RateLimit);
        assert_eq!(hygo::channels::deliver_due(&state, Channel::Sms).await.unwrap(), 0, "{b}");
        assert_eq!(texts(&state.db).await.pop().unwrap().error.as_deref(), Some("sms 429/40402"), "{b}");
        state.db.execute_unprepared("UPDATE outbox SET next_attempt_at = NULL WHERE state = 'queued'").await.unwrap();
        fake.next(Trouble::InvalidNumber);
        assert_eq!(hygo::channels::deliver_due(&state, Channel::Sms).await.unwrap(), 0, "{b}");
        let last = texts(&state.db).await.pop().unwrap();
        assert_eq!((last.state.as_str(), last.error.as_deref()), ("failed", Some("sms 400/40203")), "{b}");
    }
}

#[actix_web::test]
async fn the_callbacks_handshake_with_the_verify_token_and_are_off_while_their_channel_is() {
    let db = TestDb::sqlite();
    let dir = tempfile::tempdir().unwrap();
    let fake = providers::whatsapp();
    let on = test::init_service(hygo::app::app(app_state(&db, dir.path(), Some(&fake), None).await)).await;
    let hub = |token: &str| format!("/hooks/whatsapp?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token={token}");
    let good = call(&on, common::get(&hub(providers::VERIFY_TOKEN))).await;
    assert_eq!((good.status, good.text.as_str()), (200, "1158201444"), "the challenge back");
    assert_eq!(call(&on, common::get(&hub("guess"))).await.status, 403);
    assert_eq!(call(&on, common::get("/hooks/whatsapp")).await.status, 403, "no token");
    let db2 = TestDb::sqlite();
    let off = test::init_service(hygo::app::app(app_state(&db2, dir.path(), None, None).await)).await;
    assert_eq!(call(&off, common::get(&hub(providers::VERIFY_TOKEN))).await.status, 404, "off until set up");
    let (body, signature) = providers::status_callback("wamid.X", "read", None, APP_SECRET);
    assert_eq!(call(&off, callback(body, &signature)).await.status, 404);
    assert_eq!(call(&off, TestRequest::post().uri("/hooks/sms?token=x").set_payload("SmsSid=1&Status=sent")).await.status, 404);
}

#[actix_web::test]
async fn the_desk_records_a_caller_s_consent_and_stops_messages_when_the_patient_asks() {
    use hygo_core::entities::audit_log;
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let fake = providers::whatsapp();
        let state = app_state(&db, dir.path(), Some(&fake), None).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let desk = staff(&app, &state.db, "asha.desk@hygo.test", Role::Desk).await;
        let book = |updates: &'static str, time: &'static str| {
            let pairs = [("doctorId", "1"), ("date", "2030-01-09"), ("time", time), ("name", "Krishna Vora"), ("phone", "98250 12345"), ("lang", "gu"), ("updates", updates), ("csrf", desk.csrf.as_str())];
            call(&app, post("/staff/appointments/new", &form(&pairs), Some(&desk.token)))
        };
        // A caller who said yes to WhatsApp: the consent is the desk's, the confirmation goes.
        let booked = book("whatsapp", "11:00 AM").await;
        assert_eq!(booked.status, 303, "{b}: {}", booked.text);
        let reference = booked.header("location").split('/').nth(3).unwrap().split('?').next().unwrap().to_owned();
        let given = consent::Entity::find().all(&state.db).await.unwrap();
        assert_eq!((given.len(), given[0].how.as_str(), given[0].given), (1, "desk", true), "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 1, "{b}");
        let sent = fake.sent().pop().unwrap();
        assert_eq!((sent.json["template"]["name"].as_str(), sent.json["template"]["language"]["code"].as_str()), (Some("hygo_visit_confirmed"), Some("gu")), "{b}");
        // A caller who said no: nothing. An answer that is none of the three: refused, by its field.
        assert_eq!(book("none", "11:15 AM").await.status, 303, "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}");
        let odd = book("fax", "11:30 AM").await;
        assert_eq!(odd.status, 422, "{b}: the form again");
        assert!(odd.text.contains(&common::message("appointment.updates")), "{b}: with why");
        assert_eq!(texts(&state.db).await.len(), 1, "{b}");

        // The page offers to stop; pressed, the number's consent is withdrawn and audited.
        let page = call(&app, get_as(&format!("/staff/appointments/{reference}"), Some(&desk.token))).await;
        assert!(page.text.contains("id=\"step-stop-messages\""), "{b}: the button");
        let stop = call(&app, post(&format!("/staff/appointments/{reference}"), &form(&[("step", "stop-messages"), ("csrf", &desk.csrf)]), Some(&desk.token))).await;
        assert_eq!((stop.status, stop.header("location")), (303, format!("/staff/appointments/{reference}?done=stop-messages").as_str()), "{b}");
        let row = appointment::Entity::find().filter(appointment::Column::Reference.eq(reference.as_str())).one(&state.db).await.unwrap().unwrap();
        assert_eq!(row.updates, "none", "{b}");
        let withdrawn = consent::Entity::find().filter(consent::Column::Given.eq(false)).all(&state.db).await.unwrap();
        assert_eq!((withdrawn.len(), withdrawn[0].how.as_str()), (1, "desk"), "{b}");
        let audited = audit_log::Entity::find().all(&state.db).await.unwrap().into_iter().any(|a| a.action == "stop-messages");
        assert!(audited, "{b}: who stopped them is recorded");
        let after = call(&app, get_as(&format!("/staff/appointments/{reference}?done=stop-messages"), Some(&desk.token))).await;
        // (The texts are in the page's props too: the rendered form and notice are what count.)
        assert!(!after.text.contains("id=\"step-stop-messages\""), "{b}: no button once stopped");
        assert!(after.text.contains("class=\"staff-done\" role=\"status\""), "{b}: said done");
        // A cancellation now sends nothing.
        let cancel = call(&app, post(&format!("/staff/appointments/{reference}"), &form(&[("step", "cancel"), ("reason", "doctor-away"), ("csrf", &desk.csrf)]), Some(&desk.token))).await;
        assert_eq!(cancel.status, 303, "{b}");
        assert_eq!(hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap(), 0, "{b}");
        assert_eq!(fake.sent().len(), 1, "{b}");
    }
}

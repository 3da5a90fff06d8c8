//! The sick day (issue 45), on SQLite and PostgreSQL, over real HTTP to the app
//! and to loopback fakes of Meta's WhatsApp Cloud API and Exotel
//! (`common::providers`): a cardiologist phones in sick on a day with 20
//! visits; the desk opens the leave's screen, tells everyone who agreed to
//! messages (once, in their language, no health data), moves all it can to the
//! department's other doctor, sees who is left to call, prints the call sheet;
//! a closure's screen lists its visits; bad input is refused with a 4xx and
//! changes nothing; only the desk's roles reach it.

mod common;

use actix_web::test;
use common::providers::{self, Sent};
use common::staff::{form, get_as, post, props, staff};
use common::{at, call, post_json, send, state_from, test_config, TestDb};
use hygo_core::entities::{appointment, doctor_leave, outbox};
use hygo_core::messaging::Channel;
use hygo_staff::Role;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

/// Monday 7 January 2030, 10:20 in Rajkot; the visits are on Wednesday the 9th.
const NOW: &str = "2030-01-07 10:20";
const DAY: &str = "2030-01-09";
/// Dr. Kinjal Mehta (cardiology, head office, 9:00 AM to 5:00 PM on weekdays)
/// falls sick; Dr. Rajesh Shah (cardiology, 4:00 PM to 8:00 PM on Monday,
/// Wednesday and Friday) is free for the four visits from 4:00 PM.
const SICK: i32 = 4;
const OTHER: i32 = 5;

/// What no message may hold: the requests' reason, symptoms and notes.
const PRIVATE: [&str; 3] = ["Consultation", "Chest pain", "since Diwali"];

/// The 20 visits: 16 in the morning from 9:00 AM, four from 4:00 PM. Every
/// third agreed to no messages; the others to WhatsApp or SMS, in English,
/// Hindi and Gujarati by turns.
fn visits() -> Vec<(String, &'static str, &'static str)> {
    let times = (0..16).map(|i| format!("{:02}:{:02} {}", if 9 + i / 4 > 12 { 9 + i / 4 - 12 } else { 9 + i / 4 }, (i % 4) * 15, if 9 + i / 4 >= 12 { "PM" } else { "AM" }));
    let afternoon = (0..4).map(|i| format!("04:{:02} PM", i * 15));
    times
        .chain(afternoon)
        .enumerate()
        .map(|(i, time)| (time, ["none", "whatsapp", "sms"][i % 3], ["en", "hi", "gu"][(i / 3) % 3]))
        .collect()
}

async fn book(app: &impl actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, Error = actix_web::Error>, i: usize, date: &str, time: &str, updates: &str, lang: &str) -> String {
    let body = json!({
        "name": format!("Patient {i}"), "phone": format!("98250 1{i:04}"), "doctorId": SICK,
        "date": date, "time": time, "reason": "Consultation", "selectedSymptoms": ["Chest pain"],
        "additionalNotes": "Worse since Diwali", "updates": updates
    });
    let (status, _, answer) = send(app, post_json("/appointments/bookAppointment", &body).insert_header(("accept-language", lang))).await;
    assert_eq!(status, 201, "{i} at {time}: {answer}");
    answer["data"]["reference"].as_str().unwrap().to_owned()
}

fn outcomes(data: &Value) -> Vec<String> {
    data["away"]["visits"].as_array().unwrap().iter().map(|v| v["outcome"].as_str().unwrap().to_owned()).collect()
}

fn count(all: &[String], what: &str) -> usize {
    all.iter().filter(|o| *o == what).count()
}

/// The template's name and language (WhatsApp) or DLT id (SMS), and the text the patient reads.
fn seen(sent: &Sent) -> (String, String) {
    if sent.json.is_null() {
        return (sent.field("DltTemplateId").to_owned(), sent.field("Body").to_owned());
    }
    let name = sent.json["template"]["name"].as_str().unwrap_or_default();
    let lang = sent.json["template"]["language"]["code"].as_str().unwrap_or_default();
    (format!("{name}/{lang}"), sent.params().join("\n"))
}

#[actix_web::test]
async fn a_sick_day_of_twenty_visits_is_told_moved_and_called() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let (whatsapp, sms) = (providers::whatsapp(), providers::sms());
        let (wa, sm) = providers::settings(dir.path(), Some(&whatsapp), Some(&sms));
        let state = state_from(&db, at(NOW), hygo::config::Config { whatsapp: wa, sms: sm, write_limit: 1000, ..test_config() }).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let deliver = || async {
            hygo::channels::deliver_due(&state, Channel::WhatsApp).await.unwrap() + hygo::channels::deliver_due(&state, Channel::Sms).await.unwrap()
        };

        let plan = visits();
        let mut references = Vec::new();
        for (i, (time, updates, lang)) in plan.iter().enumerate() {
            references.push(book(&app, i, DAY, time, updates, lang).await);
        }
        let agreed = plan.iter().filter(|(_, u, _)| *u != "none").count();
        assert_eq!((plan.len(), agreed), (20, 13), "{b}: the plan");
        assert_eq!(deliver().await, agreed, "{b}: each who agreed got the acknowledgement");
        let (wa_before, sms_before) = (whatsapp.sent().len(), sms.sent().len());

        // The doctor phones in sick: the desk adds the day's leave, and the leave page links to its screen.
        let desk = staff(&app, &state.db, "asha.desk@hygo.test", Role::Desk).await;
        let leave = form(&[("op", "add"), ("doctorId", &SICK.to_string()), ("from", DAY), ("until", DAY), ("note", "Phoned in sick"), ("csrf", &desk.csrf)]);
        assert_eq!(call(&app, post("/staff/leave", &leave, Some(&desk.token))).await.status, 303, "{b}");
        let id = doctor_leave::Entity::find().filter(doctor_leave::Column::DoctorId.eq(SICK)).one(&state.db).await.unwrap().unwrap().id;
        let screen = format!("/staff/away/leave/{id}");
        let leave_page = call(&app, get_as("/staff/leave", Some(&desk.token))).await;
        assert!(leave_page.text.contains(&format!("href=\"{screen}\"")), "{b}: the leave page links to {screen}");

        let page = call(&app, get_as(&screen, Some(&desk.token))).await;
        assert_eq!((page.status, page.header("cache-control")), (200, "no-store"), "{b}: {}", &page.text[..page.text.len().min(400)]);
        let data = props(&page)["data"].clone();
        assert_eq!(data["away"]["doctor"], "Dr. Kinjal Mehta", "{b}");
        let listed = data["away"]["visits"].as_array().unwrap();
        assert_eq!(listed.len(), 20, "{b}: every visit of the day");
        assert_eq!(count(&outcomes(&data), "call"), 20, "{b}: nobody told yet");
        let first = &listed[0];
        assert_eq!((first["time"].as_str(), first["phone"].as_str(), first["lang"].as_str(), first["updates"].as_str()), (Some("09:00 AM"), Some("+919825010000"), Some("en"), Some("none")), "{b}: by time, the phone in E.164");
        assert!(page.text.contains("href=\"tel:+919825010000\""), "{b}: a phone to call");
        let doctors = data["away"]["doctors"].as_array().unwrap();
        assert_eq!(doctors.len(), 1, "{b}: only the department's other doctor: {doctors:?}");
        assert_eq!((doctors[0]["id"].as_i64(), doctors[0]["free"].as_u64(), doctors[0]["of"].as_u64()), (Some(OTHER as i64), Some(4), Some(20)), "{b}");
        assert_eq!(doctors[0]["specialization"], "Cardiologist", "{b}: the picker names the speciality");

        // Tell everyone: each who agreed, once, in their language, with their link; the others to call.
        let tell = form(&[("op", "tell"), ("csrf", &desk.csrf)]);
        let told = call(&app, post(&screen, &tell, Some(&desk.token))).await;
        assert_eq!((told.status, told.header("location")), (303, format!("{screen}?done=told").as_str()), "{b}: {}", told.text);
        let away_messages = || async {
            outbox::Entity::find().filter(outbox::Column::Template.is_in(["hygo_doctor_away", "hygo_doctor_away_sms"])).all(&state.db).await.unwrap()
        };
        assert_eq!(away_messages().await.len(), 13, "{b}: one each for the 13 who agreed");
        assert_eq!(deliver().await, 13, "{b}");
        let sent_wa: Vec<Sent> = whatsapp.sent()[wa_before..].to_vec();
        let sent_sms: Vec<Sent> = sms.sent()[sms_before..].to_vec();
        assert_eq!((sent_wa.len(), sent_sms.len()), (7, 6), "{b}: by the channel each chose");
        for sent in sent_wa.iter().chain(&sent_sms) {
            let (_, text) = seen(sent);
            assert!(text.contains("/v/"), "{b}: the link to choose another time: {text}");
            for private in PRIVATE {
                assert!(!text.contains(private), "{b}: {private:?} in {text}");
            }
        }
        let mut languages: Vec<String> = sent_wa.iter().map(|s| seen(s).0).collect();
        languages.sort();
        languages.dedup();
        let expected: Vec<String> = {
            let mut l: Vec<String> = plan.iter().filter(|(_, u, _)| *u == "whatsapp").map(|(_, _, lang)| format!("hygo_doctor_away/{lang}")).collect();
            l.sort();
            l.dedup();
            l
        };
        assert_eq!(languages, expected, "{b}: the template in each request's language");

        // Again (a second click, another desk): nobody is told twice.
        assert_eq!(call(&app, post(&screen, &tell, Some(&desk.token))).await.status, 303, "{b}");
        assert_eq!(away_messages().await.len(), 13, "{b}: told once");
        let data = props(&call(&app, get_as(&format!("{screen}?done=told"), Some(&desk.token))).await)["data"].clone();
        let now = outcomes(&data);
        assert_eq!((count(&now, "call"), count(&now, "told")), (7, 13), "{b}: those who agreed to nothing are to call");
        assert!(data["away"]["visits"].as_array().unwrap().iter().filter(|v| v["outcome"] == "told").all(|v| v["told"] == "sent"), "{b}: the message's state shown");
        let history = hygo_core::audit::for_target(&state.db, "appointment", &references[1]).await.unwrap();
        assert!(history.iter().any(|e| e.action == "tell-away"), "{b}: the telling is audited on the request");

        // Move all to Dr. Rajesh Shah: the four afternoon visits, at the same times; each patient told.
        let before_changed = outbox::Entity::find().filter(outbox::Column::Template.is_in(["hygo_visit_changed", "hygo_visit_changed_sms"])).all(&state.db).await.unwrap().len();
        let moved = call(&app, post(&screen, &form(&[("op", "move"), ("doctorId", &OTHER.to_string()), ("csrf", &desk.csrf)]), Some(&desk.token))).await;
        assert_eq!((moved.status, moved.header("location")), (303, format!("{screen}?done=moved").as_str()), "{b}: {}", moved.text);
        let rows = appointment::Entity::find().filter(appointment::Column::Reference.is_in(references.clone())).all(&state.db).await.unwrap();
        let with_other: Vec<&appointment::Model> = rows.iter().filter(|r| r.doctor_id == OTHER).collect();
        assert_eq!(with_other.len(), 4, "{b}: the four Dr. Shah is free for");
        assert!(with_other.iter().all(|r| r.date == DAY && r.start_time.starts_with("16:")), "{b}: at the same times: {:?}", with_other.iter().map(|r| &r.start_time).collect::<Vec<_>>());
        let changed = outbox::Entity::find().filter(outbox::Column::Template.is_in(["hygo_visit_changed", "hygo_visit_changed_sms"])).all(&state.db).await.unwrap().len();
        let moved_agreed = plan[16..].iter().filter(|(_, u, _)| *u != "none").count();
        assert_eq!(changed - before_changed, moved_agreed, "{b}: each moved patient who agreed is told of the new doctor");
        let data = props(&call(&app, get_as(&screen, Some(&desk.token))).await)["data"].clone();
        let now = outcomes(&data);
        assert_eq!(data["away"]["visits"].as_array().unwrap().len(), 20, "{b}: the moved stay on the list");
        assert_eq!(count(&now, "moved"), 4, "{b}");
        let moved_row = data["away"]["visits"].as_array().unwrap().iter().find(|v| v["outcome"] == "moved").unwrap();
        assert_eq!((moved_row["doctor"].as_str(), moved_row["now"]["doctor"].as_str()), (Some("Dr. Kinjal Mehta"), Some("Dr. Rajesh Shah")), "{b}: as found, and now");
        assert!(data["away"]["doctors"].as_array().unwrap().is_empty(), "{b}: nobody else is free at the times left");

        // Moving again: Dr. Shah is free at none of the times left: 409, nothing changed.
        let again = call(&app, post(&screen, &form(&[("op", "move"), ("doctorId", &OTHER.to_string()), ("csrf", &desk.csrf)]), Some(&desk.token))).await;
        assert_eq!(again.status, 409, "{b}: {}", &again.text[..again.text.len().min(300)]);
        assert!(again.text.contains("Dr. Rajesh Shah is not free"), "{b}: the page says why");

        // The call sheet: the 16 still with the sick doctor (to call, or told without a new time).
        let sheet = call(&app, get_as(&format!("{screen}?sheet=1"), Some(&desk.token))).await;
        assert_eq!(sheet.status, 200, "{b}");
        assert_eq!(props(&sheet)["data"]["sheet"], true, "{b}");
        assert_eq!(sheet.text.matches("href=\"tel:+91").count(), 16, "{b}: a line for each still to reach");

        // Bad input: a 4xx that says why, and nothing stored changes.
        let before = away_messages().await.len();
        for (pairs, status) in [
            (vec![("op", "move"), ("doctorId", &*SICK.to_string())], 422),
            (vec![("op", "move"), ("doctorId", "abc")], 422),
            (vec![("op", "move")], 422),
            (vec![("op", "shout")], 422),
            (vec![], 422),
        ] {
            let mut pairs = pairs.clone();
            pairs.push(("csrf", &desk.csrf));
            let res = call(&app, post(&screen, &form(&pairs), Some(&desk.token))).await;
            assert_eq!(res.status, status, "{b}: {pairs:?}: {}", &res.text[..res.text.len().min(300)]);
        }
        let refused = call(&app, post("/staff/away/leave/424242", &tell, Some(&desk.token))).await;
        assert_eq!(refused.status, 422, "{b}: no such leave");
        assert!(refused.text.contains(&common::message("away.notFound")), "{b}");
        assert_eq!(away_messages().await.len(), before, "{b}: nothing sent");
        for path in ["/staff/away/leave/424242", "/staff/away/leave/abc", "/staff/away/holiday/1", "/staff/away/leave/-1"] {
            assert_eq!(call(&app, get_as(path, Some(&desk.token))).await.status, 404, "{b}: {path}");
        }

        // An editor reaches neither the screen nor its buttons.
        let editor = staff(&app, &state.db, "editor@hygo.test", Role::Editor).await;
        assert_eq!(call(&app, get_as(&screen, Some(&editor.token))).await.status, 403, "{b}");
        let tried = call(&app, post(&screen, &form(&[("op", "tell"), ("csrf", &editor.csrf)]), Some(&editor.token))).await;
        assert_eq!(tried.status, 403, "{b}");

        // A closure's screen: the head office closed on Friday the 11th, with Dr. Kinjal Mehta's two visits there.
        let friday = "2030-01-11";
        for (i, time) in ["10:00 AM", "10:15 AM"].iter().enumerate() {
            book(&app, 30 + i, friday, time, "whatsapp", "gu").await;
        }
        let admin = staff(&app, &state.db, "admin@hygo.test", Role::Admin).await;
        let close = form(&[("op", "add"), ("clinic", "head-office"), ("date", friday), ("note", "Closed for a repair"), ("csrf", &admin.csrf)]);
        assert_eq!(call(&app, post("/staff/closures", &close, Some(&admin.token))).await.status, 303, "{b}");
        let closure = hygo_core::entities::clinic_closure::Entity::find().one(&state.db).await.unwrap().unwrap();
        let closed = call(&app, get_as(&format!("/staff/away/closure/{}", closure.id), Some(&desk.token))).await;
        assert_eq!(closed.status, 200, "{b}");
        let data = props(&closed)["data"].clone();
        assert_eq!((data["away"]["kind"].as_str(), data["away"]["visits"].as_array().unwrap().len()), (Some("closure"), 2), "{b}: the closed day's visits");
        assert!(call(&app, get_as("/staff/closures", Some(&desk.token))).await.text.contains(&format!("href=\"/staff/away/closure/{}\"", closure.id)), "{b}: linked from the closures");
    }
}

//! The slot engine (`hygo_schedule::schedule`) as patients meet it: a table of days,
//! each with the times it must offer, asked of `/appointments/slots`, of wizard A
//! (a plain form post, any doctor) and of wizard B (the doctor's own wizard), on
//! SQLite and PostgreSQL. The three must agree with the table and each other.

mod common;

use std::collections::HashMap;

use actix_web::test;
use hygo_core::audit::Actor;
use hygo_core::form::WriteError;
use hygo_directory::doctor_edit;
use hygo_schedule::{leave, schedule};
use serde_json::Value;

use common::{at, fetch, message, state_with, submit, Answer, TestDb};

/// The props a page was rendered with.
fn props(answer: &Answer) -> Value {
    let start = answer.text.find(r#"<script id="hygo-props" type="application/json">"#).expect("props in the page");
    let rest = &answer.text[start..];
    serde_json::from_str(&rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()]).expect("the props are JSON")
}

fn times(v: &Value) -> Vec<String> {
    v["availableSlots"].as_array().expect("availableSlots").iter().map(|t| t.as_str().unwrap().to_owned()).collect()
}

/// A day of the table: the clock, the date asked, and what it must offer.
struct Case {
    name: &'static str,
    now: &'static str,
    date: &'static str,
    availability: &'static str,
    slots: &'static [&'static str],
}

const BREAK: &[&str] = &["09:00 AM", "09:15 AM", "09:30 AM", "09:45 AM", "11:00 AM", "11:15 AM", "11:30 AM", "11:45 AM"];
const TEN_TO_ELEVEN: &[&str] = &["10:00 AM", "10:15 AM", "10:30 AM", "10:45 AM"];
const TEN_TO_NOON: &[&str] = &["10:00 AM", "10:15 AM", "10:30 AM", "10:45 AM", "11:00 AM", "11:15 AM", "11:30 AM", "11:45 AM"];

/// Monday 7 January 2030, 10:20 in Rajkot, unless a case says otherwise.
const NOW: &str = "2030-01-07 10:20";

const TABLE: &[Case] = &[
    Case { name: "two ranges with a break at lunch", now: NOW, date: "2030-01-08", availability: "open", slots: BREAK },
    Case { name: "leave from a Friday…", now: NOW, date: "2030-01-11", availability: "on-leave", slots: &[] },
    Case { name: "…over the weekend…", now: NOW, date: "2030-01-12", availability: "on-leave", slots: &[] },
    Case { name: "…to the Monday", now: NOW, date: "2030-01-14", availability: "on-leave", slots: &[] },
    Case { name: "the Friday after the leave", now: NOW, date: "2030-01-18", availability: "open", slots: TEN_TO_ELEVEN },
    Case { name: "the clinic closed from noon (a half day)", now: NOW, date: "2030-01-09", availability: "open", slots: TEN_TO_NOON },
    Case { name: "the clinic closed all day", now: NOW, date: "2030-01-16", availability: "clinic-closed", slots: &[] },
    Case { name: "a change that extends the Saturday's hours", now: NOW, date: "2030-01-19", availability: "open", slots: TEN_TO_NOON },
    Case { name: "the next Saturday keeps the weekly hours", now: NOW, date: "2030-01-26", availability: "open", slots: TEN_TO_ELEVEN },
    Case { name: "a change that takes a Tuesday's hours away", now: NOW, date: "2030-01-22", availability: "closed", slots: &[] },
    Case { name: "a weekday without hours", now: NOW, date: "2030-01-10", availability: "closed", slots: &[] },
    Case { name: "the last slot before closing", now: "2030-01-08 11:40", date: "2030-01-08", availability: "open", slots: &["11:45 AM"] },
    Case { name: "nothing once the last slot has started", now: "2030-01-08 11:45", date: "2030-01-08", availability: "past", slots: &[] },
    // 00:05 IST on Tuesday is still Monday 18:35 in UTC: the new day is Rajkot's.
    Case { name: "just after midnight IST the new day is whole", now: "2030-01-08 00:05", date: "2030-01-08", availability: "open", slots: BREAK },
    Case { name: "just after midnight IST the day before is past", now: "2030-01-08 00:05", date: "2030-01-07", availability: "past", slots: &[] },
];

/// The doctor of the table, made as the console makes one: Mondays, Fridays and
/// Saturdays 10 to 11, Tuesdays with a break, Wednesdays 10 to 2, at Kalawad Road.
async fn the_doctor(db: &hygo_core::Db) -> (i32, String) {
    let actor = Actor::system();
    let fields = doctor_edit::Fields {
        name: "Dr. Table Case".into(),
        specialization: "General Physician".into(),
        department: "cardiology".into(),
        experience: "9".into(),
        bio: "Sees patients for the slot engine's tests.".into(),
        clinic: "kalawad-road".into(),
        ..Default::default()
    };
    let doctor = doctor_edit::add(db, &actor, &fields).await.unwrap();
    let week: HashMap<String, String> = [
        (1, "10:00 AM - 11:00 AM"),
        (2, "9:00 AM - 10:00 AM, 11:00 AM - 12:00 PM"),
        (3, "10:00 AM - 2:00 PM"),
        (5, "10:00 AM - 11:00 AM"),
        (6, "10:00 AM - 11:00 AM"),
    ]
    .into_iter()
    .map(|(day, hours)| (schedule::week_field(day, "kalawad-road"), hours.to_owned()))
    .collect();
    schedule::set_week(db, &actor, doctor.id, &week).await.unwrap();
    let today = at(NOW).today();
    let leave = leave::NewLeave { doctor_id: Some(doctor.id), from: Some("2030-01-11"), until: Some("2030-01-14"), note: None };
    leave::add(db, &actor, leave, today).await.unwrap();
    let closure = |date, from| schedule::NewClosure { clinic: Some("kalawad-road"), date: Some(date), from, until: None, note: Some("Closed for staff training") };
    schedule::add_closure(db, &actor, closure("2030-01-09", Some("12:00 PM")), today).await.unwrap();
    schedule::add_closure(db, &actor, closure("2030-01-16", None), today).await.unwrap();
    let change = |date, hours| schedule::NewChange { date: Some(date), hours: Some(hours), clinic: None, note: Some("Covering a colleague") };
    schedule::add_change(db, &actor, doctor.id, change("2030-01-19", "10:00 AM - 12:00 PM"), today).await.unwrap();
    schedule::add_change(db, &actor, doctor.id, change("2030-01-22", ""), today).await.unwrap();
    (doctor.id, doctor.name)
}

#[actix_web::test]
async fn the_slot_engine_table_answers_alike_in_the_api_and_both_wizards() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let (id, name) = the_doctor(&state.db).await;
        let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";
        let mut last_clock = "";
        let mut app = None;
        for case in TABLE {
            if case.now != last_clock {
                app = Some(test::init_service(hygo::app::app(state_with(&db, at(case.now), 1000).await)).await);
                last_clock = case.now;
            }
            let app = app.as_ref().unwrap();
            let what = format!("{b}: {} ({})", case.name, case.date);
            let api = fetch(app, &format!("/appointments/slots?doctorId={id}&date={}", case.date)).await;
            assert_eq!(api.status, 200, "{what}");
            let api = api.json();
            assert_eq!(api["availability"], case.availability, "{what}: {api}");
            assert_eq!(times(&api), case.slots, "{what}");

            let body = format!("step=2&action=slots&{person}&doctor={}&date={}", name.replace(' ', "+"), case.date);
            let a = submit(app, "/appointment", &body).await;
            assert_eq!(a.status, 200, "{what}: wizard A");
            let a_slots = &props(&a)["form"]["slots"];
            assert_eq!((&a_slots["availability"], times(a_slots)), (&api["availability"], case.slots.iter().map(|s| s.to_string()).collect()), "{what}: wizard A");
            for t in case.slots {
                // The choice's value is the time as data ("09:15" for the API's "09:15 AM").
                let data = hygo_schedule::slots::parse_time(t).map(hygo_schedule::slots::format_24h).unwrap();
                assert!(a.text.contains(&format!(r#"value="{data}""#)), "{what}: wizard A offers {t} without JavaScript");
            }

            let b_page = submit(app, &format!("/appointment/{id}"), &format!("step=2&action=slots&{person}&date={}", case.date)).await;
            assert_eq!(b_page.status, 200, "{what}: wizard B");
            let b_slots = &props(&b_page)["form"]["slots"];
            assert_eq!(b_slots, &{
                // The API's envelope flag aside, the same object.
                let mut v = api.clone();
                v.as_object_mut().unwrap().remove("success");
                v["date"] = Value::from(case.date);
                v
            }, "{what}: wizard B");
        }

        // The closed day says why, with the note patients see, and the leave when the doctor is back.
        let app = test::init_service(hygo::app::app(state_with(&db, at(NOW), 1000).await)).await;
        let closed = fetch(
            &app,
            &format!("/appointments/slots?doctorId={id}&date=2030-01-16"),
        )
        .await
        .json();
        assert_eq!(
            closed["closure"]["note"], "Closed for staff training",
            "{b}"
        );
        assert_eq!(
            closed["closure"]["clinicName"], "HYGO Clinic, Kalawad Road",
            "{b}"
        );
        let away = fetch(
            &app,
            &format!("/appointments/slots?doctorId={id}&date=2030-01-12"),
        )
        .await
        .json();
        assert_eq!(
            away["backOn"], "2030-01-15",
            "{b}: the Tuesday, the next day the doctor works"
        );
        // The date strips of both wizards show what the slots answer, day by day:
        // the server decides each day once (`hygo_booking::appointments::days`),
        // the strip only reads the letter (o open, f full, p past, c closed,
        // l on leave, x clinic closed).
        let letter = |availability: &str| match availability {
            "open" => 'o',
            "full" => 'f',
            "past" => 'p',
            "closed" => 'c',
            "on-leave" => 'l',
            "clinic-closed" => 'x',
            other => panic!("{other}"),
        };
        for page in [format!("/appointment/{id}"), "/appointment".to_owned()] {
            let props = props(&fetch(&app, &page).await);
            let found = props["data"]["days"]
                .as_array()
                .unwrap()
                .iter()
                .find(|d| d["doctor"] == id)
                .cloned();
            let days: Vec<char> = found
                .unwrap_or_else(|| panic!("{b}: {page} has the doctor's days"))["days"]
                .as_str()
                .unwrap()
                .chars()
                .collect();
            assert_eq!(days.len(), 91, "{b}: {page}: today and the 90 days after");
            let today = at(NOW).today();
            for (i, shown) in days.iter().enumerate().take(24) {
                let date = today + chrono::Duration::days(i as i64);
                let api = fetch(
                    &app,
                    &format!("/appointments/slots?doctorId={id}&date={date}"),
                )
                .await
                .json();
                assert_eq!(
                    *shown,
                    letter(api["availability"].as_str().unwrap()),
                    "{b}: {page}: {date}"
                );
            }
            // Written out: Monday 7 January 2030 to Wednesday the 23rd (the leave from
            // the 11th to the 14th, the closed 16th, the change to no hours on the 22nd).
            assert_eq!(
                days[..17].iter().collect::<String>(),
                "oooclllloxcoococo",
                "{b}: {page}"
            );
        }
        let strip = submit(
            &app,
            "/appointment",
            &format!(
                "step=2&action=slots&{person}&doctor={}&date=2030-01-16",
                name.replace(' ', "+")
            ),
        )
        .await;
        assert!(strip.text.contains("HYGO Clinic, Kalawad Road is closed on Wednesday, 16 January 2030: Closed for staff training."), "{b}: the wizard says why");
        assert!(strip.text.contains(r#"value="2030-01-16" class="day day--x" disabled"#), "{b}: and its date strip offers no closed day");
        assert!(strip.text.contains(r#"aria-label="Wednesday, 16 January 2030: Closed""#), "{b}: and says why");

        // A booking on a closed day or off the changed hours is refused with a sentence.
        let booking = |date: &str, time: &str| {
            serde_json::json!({
                "name": "Ravi Mehta", "phone": "+91 98250 12345", "email": "ravi@example.in", "doctorId": id,
                "date": date, "time": time, "reason": "consultation", "visitType": "in-person"
            })
        };
        let refused = common::call(&app, common::post_json("/appointments/bookAppointment", &booking("2030-01-16", "10:00 AM"))).await;
        assert_eq!(refused.status, 422, "{b}");
        assert_eq!(refused.json()["errors"]["date"], "The clinic is closed on Wednesday, 16 January 2030 (Closed for staff training). Choose another day", "{b}");
        let refused = common::call(&app, common::post_json("/appointments/bookAppointment", &booking("2030-01-09", "12:00 PM"))).await;
        assert_eq!(refused.status, 422, "{b}: the half day's closed hours");
        assert!(refused.json()["errors"]["time"].as_str().unwrap().contains("12:00 PM"), "{b}");
        let booked = common::call(&app, common::post_json("/appointments/bookAppointment", &booking("2030-01-19", "11:45 AM"))).await;
        assert_eq!(booked.status, 201, "{b}: the extended hours take requests: {}", booked.text);

        // The contact page lists the closures to come.
        let contact = fetch(&app, "/contactus").await;
        assert!(contact.text.contains("HYGO Clinic, Kalawad Road is closed on Wednesday, 9 January 2030 from 12:00 PM: Closed for staff training."), "{b}");
        assert!(contact.text.contains("HYGO Clinic, Kalawad Road is closed on Wednesday, 16 January 2030: Closed for staff training."), "{b}");
    }
}

#[actix_web::test]
async fn hours_that_cannot_be_kept_are_refused_with_a_sentence() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1000).await;
    let (id, _) = the_doctor(&state.db).await;
    let actor = Actor::system();
    let today = at(NOW).today();
    let refusal = |e: WriteError| match e {
        WriteError::Invalid(invalid) => invalid.texts("en"),
        WriteError::Conflict { field, message } => [(field.to_owned(), message.text("en"))].into(),
        other => panic!("not a refusal: {other:?}"),
    };
    let mut week = HashMap::new();
    week.insert(schedule::week_field(1, "kalawad-road"), "10:00 PM - 1:00 AM".to_owned());
    week.insert(schedule::week_field(2, "kalawad-road"), "9:10 AM - 1:00 PM".to_owned());
    week.insert(schedule::week_field(3, "kalawad-road"), "9:00 AM - 1:00 PM, 12:00 PM - 5:00 PM".to_owned());
    week.insert(schedule::week_field(4, "kalawad-road"), "9:00 AM - 1:00 PM".to_owned());
    week.insert(schedule::week_field(4, "head-office"), "12:00 PM - 3:00 PM".to_owned());
    let errors = refusal(schedule::set_week(&state.db, &actor, id, &week).await.unwrap_err());
    assert_eq!(errors["hours-1-kalawad-road"], message("hours.crossesMidnight"));
    assert_eq!(errors["hours-2-kalawad-road"], message("hours.grid"));
    assert_eq!(errors["hours-3-kalawad-road"], message("hours.overlap"));
    assert_eq!(errors["hours-4-head-office"], message("hours.twoPlaces"));
    // Nothing of the refused week was stored: the table's Tuesday still has its break.
    let tuesday = hygo_booking::appointments::day_slots(&state.db, &at(NOW), id, "2030-01-15".parse().unwrap()).await.unwrap();
    assert_eq!(tuesday.available_slots, BREAK);

    let change = |date, hours| schedule::NewChange { date: Some(date), hours: Some(hours), clinic: None, note: None };
    let errors = refusal(schedule::add_change(&state.db, &actor, id, change("2030-01-06", "9:00 AM - 10:00 AM"), today).await.unwrap_err());
    assert_eq!(errors["date"], message("hours.datePast"));
    let errors = refusal(schedule::add_change(&state.db, &actor, id, change("2030-01-19", "9:00 AM - 10:00 AM"), today).await.unwrap_err());
    assert_eq!(errors["date"], "There is already a change of hours on Saturday, 19 January 2030. Remove it first to enter another.");
    let closure = schedule::NewClosure { clinic: Some("kalawad-road"), date: Some("2030-01-20"), from: Some("2:00 PM"), until: Some("1:00 PM"), note: Some("") };
    let errors = refusal(schedule::add_closure(&state.db, &actor, closure, today).await.unwrap_err());
    assert_eq!(errors["until"], message("closure.untilBeforeFrom"));
    assert_eq!(errors["note"], message("closure.noteRequired"));
}

/// "Back on" after a leave is the slot engine's next day with slots: a clinic
/// closure pushes it on, a change of hours on a day off brings it forward. The
/// slots, the doctor's profile data and a refused booking's sentence agree.
#[actix_web::test]
async fn back_on_after_a_leave_follows_closures_and_changes_of_hours() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        // On leave Fri 11 to Mon 14 January; Wed 16 the clinic is closed; no hours on Thursdays.
        let (id, _) = the_doctor(&state.db).await;
        let (actor, today) = (Actor::system(), at(NOW).today());
        let mut seen = Vec::new();
        for step in 0..3 {
            match step {
                1 => {
                    let closure = schedule::NewClosure { clinic: Some("kalawad-road"), date: Some("2030-01-15"), from: None, until: None, note: Some("Closed for staff training") };
                    schedule::add_closure(&state.db, &actor, closure, today).await.unwrap();
                }
                2 => {
                    let change = schedule::NewChange { date: Some("2030-01-17"), hours: Some("10:00 AM - 11:00 AM"), clinic: None, note: None };
                    schedule::add_change(&state.db, &actor, id, change, today).await.unwrap();
                }
                _ => {}
            }
            let app = test::init_service(hygo::app::app(state_with(&db, at(NOW), 1000).await)).await;
            let slots = fetch(&app, &format!("/appointments/slots?doctorId={id}&date=2030-01-12")).await.json();
            let back = slots["backOn"].as_str().expect("backOn").to_owned();
            let profile = fetch(&app, &format!("/api/doctors/{id}")).await.json();
            assert_eq!(profile["data"]["leave"][0]["backOn"], back.as_str(), "{b}: the profile says the same: {profile}");
            let booking = serde_json::json!({
                "name": "Ravi Mehta", "phone": "+91 98250 12345", "email": "ravi@example.in", "doctorId": id,
                "date": "2030-01-12", "time": "10:00 AM", "reason": "consultation", "visitType": "in-person"
            });
            let refused = common::call(&app, common::post_json("/appointments/bookAppointment", &booking)).await;
            assert_eq!(refused.status, 422, "{b}");
            seen.push((back, refused.json()["errors"]["date"].as_str().unwrap().to_owned()));
        }
        let backs: Vec<&str> = seen.iter().map(|(back, _)| back.as_str()).collect();
        assert_eq!(
            backs,
            ["2030-01-15", "2030-01-18", "2030-01-17"],
            "{b}: the Tuesday; with it closed, the Friday (Wednesday closed, no Thursday hours); with Thursday hours, the Thursday"
        );
        for ((_, sentence), day) in seen.iter().zip(["Tuesday, 15 January 2030", "Friday, 18 January 2030", "Thursday, 17 January 2030"]) {
            assert!(sentence.contains(day), "{b}: the refusal names {day}: {sentence}");
        }
    }
}

/// The console's day and week views read every doctor's days at once
/// (`schedule::day_plans`, a few queries however many doctors): for every
/// doctor and every date of the table it gives what `day_plan` gives for one.
/// The day view of a clinic then shows the table's days as the desk reads them:
/// free runs, the lunch break, a half-day closure with its note, leave, and the
/// clinic's doctors who are not in; the other clinic does not list the doctor.
#[actix_web::test]
async fn the_day_view_shows_a_clinic_s_doctors_with_breaks_closures_and_leave() {
    use common::staff::{get_as, props as staff_props, staff};
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let (id, name) = the_doctor(&state.db).await;
        let doctors = doctor_edit::records(&state.db, true).await.unwrap();
        let dates: Vec<chrono::NaiveDate> = TABLE.iter().map(|c| hygo_core::ist::parse_date(c.date).unwrap()).collect();
        let plans = schedule::day_plans(&state.db, &doctors, &dates).await.unwrap();
        for d in &doctors {
            for &date in &dates {
                assert_eq!(plans.of(d.id, date), schedule::day_plan(&state.db, d, date).await.unwrap(), "{b}: {} on {date}", d.name);
            }
        }

        let app = test::init_service(hygo::app::app(state.clone())).await;
        let desk = staff(&app, &state.db, "desk.day@hygo.test", hygo_staff::Role::Desk).await;
        let day_of = |clinic: &'static str, date: &'static str| {
            let (app, token) = (&app, desk.token.clone());
            async move {
                let page = common::call(app, get_as(&format!("/staff/day?clinic={clinic}&date={date}"), Some(&token))).await;
                assert_eq!(page.status, 200, "{}", page.text);
                (staff_props(&page)["data"]["day"].clone(), page.text)
            }
        };
        let section = |day: &Value| day["doctors"].as_array().unwrap().iter().find(|d| d["doctorId"] == id).cloned();
        let kinds = |s: &Value| s["entries"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap().to_owned()).collect::<Vec<_>>();

        // Tuesday: two runs of free slots around the break.
        let (tuesday, html) = day_of("kalawad-road", "2030-01-08").await;
        let s = section(&tuesday).unwrap_or_else(|| panic!("{b}: {name} is in on Tuesday: {tuesday}"));
        assert_eq!(kinds(&s), ["free", "break", "free"], "{b}");
        let e = &s["entries"];
        let free = |i: usize| e[i]["times"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_owned()).collect::<Vec<_>>();
        assert_eq!([free(0), free(2)].concat(), BREAK, "{b}");
        assert_eq!((e[1]["from"].as_str(), e[1]["until"].as_str()), (Some("10:00 AM"), Some("11:00 AM")), "{b}");
        assert!(html.contains("Break, 10:00 AM to 11:00 AM"), "{b}: the break in words");
        let starts: Vec<i64> = tuesday["doctors"].as_array().unwrap().iter().map(|d| {
            let first = d["entries"].as_array().unwrap().first().map(|e| e["time"].as_str().or(e["times"][0].as_str()).or(e["from"].as_str()).unwrap().to_owned()).unwrap_or_default();
            hygo_schedule::slots::parse_time(&first).map_or(24 * 60, i64::from)
        }).collect();
        assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{b}: doctors from the earliest start: {starts:?}");
        // The other clinic does not list the doctor.
        let (other, _) = day_of("head-office", "2030-01-08").await;
        assert!(section(&other).is_none() && !other["away"].as_array().unwrap().iter().any(|a| a["doctorId"] == id), "{b}");

        // Wednesday: free until noon, then closed with the closure's note.
        let (wednesday, _) = day_of("kalawad-road", "2030-01-09").await;
        let s = section(&wednesday).unwrap();
        assert_eq!(kinds(&s), ["free", "closed"], "{b}");
        assert_eq!((s["entries"][1]["from"].as_str(), s["entries"][1]["until"].as_str(), s["entries"][1]["note"].as_str()), (Some("12:00 PM"), Some("2:00 PM"), Some("Closed for staff training")), "{b}");

        // Friday: on leave, the hours shown but nothing free to book.
        let (friday, html) = day_of("kalawad-road", "2030-01-11").await;
        let s = section(&friday).unwrap();
        assert_eq!((s["onLeave"].as_bool(), kinds(&s).contains(&"free".to_owned())), (Some(true), false), "{b}: {s}");
        assert!(html.contains(&common::staff::staff_text(&["day", "onLeave"])), "{b}");
        // Thursday: no hours, so among the clinic's doctors who are not in.
        let (thursday, _) = day_of("kalawad-road", "2030-01-10").await;
        assert!(section(&thursday).is_none(), "{b}");
        assert!(thursday["away"].as_array().unwrap().iter().any(|a| a["doctorId"] == id && a["onLeave"] == false), "{b}: {}", thursday["away"]);
    }
}

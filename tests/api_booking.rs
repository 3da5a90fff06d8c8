//! Slots and appointment requests (spec sections 3, 5, 7 and 9) through the real
//! router, with "now" fixed at Monday 2030-01-07 10:20 IST, on every backend.
//! Dr. Hitesh Patel (id 1) works Monday, Wednesday and Friday 10:00 AM - 5:00 PM.

mod common;

use actix_web::test;
use hygo_core::entities::{appointment, office_hours};
use sea_orm::{ColumnTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter, Set, ActiveModelTrait};
use serde_json::{json, Value};

use common::{at, get, message, message_with, post_json, send, state_with, TestDb};

const NOW: &str = "2030-01-07 10:20";

fn request(date: &str, time: &str) -> Value {
    json!({
        "name": "Asha Patel", "phone": "+91 98765 43210", "email": "asha@example.com",
        "department": "neurology", "doctor": "Dr. Hitesh Patel",
        "date": date, "time": time, "visitType": "in-person", "reason": "Consultation",
        "selectedSymptoms": ["Headache"], "additionalNotes": "", "insurance": "", "policyNumber": "",
        "isNewPatient": "yes"
    })
}

fn list(v: &Value) -> Vec<&str> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect()
}

#[actix_web::test]
async fn slots_follow_the_grid_the_clock_and_the_bookings() {
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state_with(&db, at(NOW), 1000).await)).await;
        let slots = |q: &str| get(&format!("/appointments/slots?{q}"));

        // Today: the slots that have started are gone; 10:30 AM is the first left.
        let (status, headers, body) = send(&app, slots("doctor=Dr.%20Hitesh%20Patel&date=2030-01-07")).await;
        assert_eq!(status, 200, "{b}");
        assert_eq!(headers.get("cache-control").unwrap(), "no-store");
        let available = list(&body["availableSlots"]);
        assert_eq!(available.first(), Some(&"10:30 AM"), "{b}");
        assert_eq!(available.last(), Some(&"04:45 PM"), "{b}: the last slot ends at 5:00 PM");
        assert_eq!(available.len(), 26, "{b}");
        assert_eq!(list(&body["bookedSlots"]), Vec::<&str>::new());

        // A whole working day: 7 hours of 4 slots; by id or by name in any case.
        let (_, _, body) = send(&app, slots("doctorId=1&date=2030-01-09")).await;
        assert_eq!(list(&body["availableSlots"]).len(), 28, "{b}");
        let (_, _, by_name) = send(&app, slots("doctor=dr.%20hitesh%20PATEL&date=2030-01-09")).await;
        assert_eq!(by_name, body);

        // No hours on Tuesday; nothing on a past day.
        for date in ["2030-01-08", "2030-01-06"] {
            let (status, _, body) = send(&app, slots(&format!("doctorId=1&date={date}"))).await;
            assert_eq!((status, list(&body["availableSlots"]).len(), list(&body["bookedSlots"]).len()), (200, 0, 0), "{b} {date}");
        }

        // A request holds its slot: it moves from available to booked.
        let (status, _, _) = send(&app, post_json("/appointments/bookAppointment", &request("2030-01-09", "11:00 AM"))).await;
        assert_eq!(status, 201, "{b}");
        let (_, _, body) = send(&app, slots("doctorId=1&date=2030-01-09")).await;
        assert_eq!(list(&body["bookedSlots"]), ["11:00 AM"], "{b}");
        assert!(!list(&body["availableSlots"]).contains(&"11:00 AM"));
        assert_eq!(list(&body["availableSlots"]).len(), 27);

        // Bad questions get a 4xx and a sentence.
        for (q, want) in [
            ("doctor=Dr.%20Nobody&date=2030-01-09", 404),
            ("date=2030-01-09", 400),
            ("doctorId=abc&date=2030-01-09", 400),
            ("doctorId=1", 400),
            ("doctorId=1&date=09-01-2030", 400),
            ("doctorId=1&date=2030-02-30", 400),
        ] {
            let (status, _, body) = send(&app, slots(q)).await;
            assert_eq!(status, want, "{b}: {q}");
            assert_eq!(body["success"], false);
            assert!(!body["message"].as_str().unwrap().is_empty());
        }
    }
}

#[actix_web::test]
async fn a_request_is_stored_whole_and_unicode_round_trips() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let mut req = request("2030-01-11", "02:15 PM");
        req["name"] = json!("આશા પટેલ");
        req["additionalNotes"] = json!("सिरदर्द दो हफ़्ते से।\nRecurring in the morning.");
        req["insurance"] = json!("Star Health");
        req["policyNumber"] = json!("SH-2030-0042");
        req["visitType"] = json!("video");
        req["isNewPatient"] = json!("no");
        req["selectedSymptoms"] = json!(["Headache", "Dizziness", "headache"]);
        req["somethingElse"] = json!("ignored");
        let (status, _, body) = send(&app, post_json("/appointments/bookAppointment", &req)).await;
        assert_eq!(status, 201, "{b}: {body}");
        assert_eq!(body["success"], true);
        assert_eq!(body["message"], message("appointment.requested"));
        assert_eq!(body["data"]["time"], "02:15 PM");
        assert_eq!(body["data"]["doctor"], "Dr. Hitesh Patel");

        assert!(body["data"].get("id").is_none(), "{b}: the answer names the reference, ids stay internal");
        let row = by_reference(&state.db, &body).await;
        assert_eq!(row.name, "આશા પટેલ", "{b}");
        assert_eq!(row.notes, "सिरदर्द दो हफ़्ते से।\nRecurring in the morning.", "{b}");
        assert_eq!((row.date.as_str(), row.start_time.as_str()), ("2030-01-11", "14:15"));
        assert_eq!((row.visit_type.as_str(), row.is_new_patient), ("video", false));
        assert_eq!(row.symptoms, r#"["headache","dizziness"]"#, "{b}: symptoms are checked, de-duplicated and stored by id");
        assert_eq!((row.insurance.as_str(), row.policy_number.as_str()), ("Star Health", "SH-2030-0042"));
        assert_eq!(row.department, "neurology");
        assert_eq!(row.reason, "consultation", "{b}: the reason is stored by its id");
        assert_eq!(row.status, "requested");

        // Wizard B sends no department and no symptoms, and a time like "9:00 AM".
        let mut b_req = request("2030-01-11", "3:00 PM");
        b_req.as_object_mut().unwrap().remove("department");
        b_req.as_object_mut().unwrap().remove("selectedSymptoms");
        b_req["reason"] = json!("New Symptoms");
        let (status, _, body) = send(&app, post_json("/appointments/bookAppointment", &b_req)).await;
        assert_eq!(status, 201, "{b}: {body}");
        assert_eq!(body["data"]["time"], "03:00 PM");
        let row = by_reference(&state.db, &body).await;
        assert_eq!(row.reason, "new-symptoms", "{b}: the spec's label is taken and stored by id");
    }
}

#[actix_web::test]
async fn a_request_is_promised_a_call_before_its_visit_names_its_clinic_and_offers_a_tentative_calendar_file() {
    use hygo_core::entities::outbox;
    use sea_orm::QueryOrder;
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let mail_to = |to: &'static str| {
            let db = state.db.clone();
            async move { outbox::Entity::find().filter(outbox::Column::ToAddress.eq(to)).order_by_desc(outbox::Column::Id).one(&db).await.unwrap().unwrap().body }
        };

        // Today, 2:00 PM (it is 10:20): nobody should wait a day for the answer: a call
        // within two hours of the clinic being open, said to the quarter hour.
        let mut today = request("2030-01-07", "2:00 PM");
        today["email"] = json!("today@example.in");
        let (status, _, soon) = send(&app, post_json("/appointments/bookAppointment", &today)).await;
        assert_eq!(status, 201, "{b}: {soon}");
        assert_eq!((soon["data"]["promise"]["reply"].as_str(), soon["data"]["promise"]["by"].as_str()), (Some("before"), Some("2030-01-07T12:30")), "{b}: {soon}");
        assert_eq!(soon["message"], message_with("appointment.requestedSoon", &[("by", "12:30 PM on Monday, 7 January 2030"), ("phone", "+91 281 245 6700")]), "{b}");
        let mail = mail_to("today@example.in").await;
        assert!(mail.contains("we will call you before 12:30 PM on Monday, 7 January 2030") && !mail.contains("24 hours"), "{b}: {mail}");

        // Today, 11:00 AM: no time is left to call before it, so the patient is asked to call now.
        let mut today = request("2030-01-07", "11:00 AM");
        today["email"] = json!("soon@example.in");
        let (status, _, body) = send(&app, post_json("/appointments/bookAppointment", &today)).await;
        assert_eq!(status, 201, "{b}: {body}");
        assert_eq!(body["message"], message_with("appointment.requestedCallUsNow", &[("phone", "+91 281 245 6700")]), "{b}");
        assert_eq!((body["data"]["promise"]["reply"].as_str(), body["data"]["clinic"].as_str()), (Some("call-us"), Some("kalawad-road")), "{b}: {body}");
        let mail = mail_to("soon@example.in").await;
        assert!(mail.contains("please call the clinic now on +91 281 245 6700") && !mail.contains("24 hours"), "{b}: {mail}");
        assert!(mail.contains("Where: HYGO Clinic, Kalawad Road (Kalawad Road, Rajkot"), "{b}: the clinic with its address: {mail}");

        // Its calendar file: the requested time, tentative, nobody's address in it.
        let link = body["data"]["calendar"].as_str().expect("a calendar link").to_owned();
        assert!(link.starts_with("/requests/calendar.ics?token="), "{b}: {link}");
        let answer = common::fetch(&app, &link).await;
        assert_eq!(answer.status, 200, "{b}");
        assert!(answer.header("content-type").starts_with("text/calendar"));
        assert_eq!(answer.header("cache-control"), "no-store");
        assert!(answer.header("content-disposition").starts_with("attachment"));
        let file = answer.text;
        for part in ["METHOD:PUBLISH\r\n", "STATUS:TENTATIVE\r\n", "DTSTART:20300107T053000Z\r\n", "not confirmed yet"] {
            assert!(file.contains(part), "{b}: {part:?} in {file}");
        }
        assert!(!file.contains("today@example.in") && !file.contains("Asha"), "{b}: {file}");

        // A later day keeps the 24 hours; a made-up or mangled token finds nothing.
        let (status, _, later) = send(&app, post_json("/appointments/bookAppointment", &request("2030-01-09", "11:00 AM"))).await;
        assert_eq!(status, 201, "{b}: {later}");
        assert_eq!((later["message"].clone(), later["data"]["promise"]["reply"].as_str()), (json!(message("appointment.requested")), Some("later")), "{b}");
        let mail = mail_to("asha@example.com").await;
        assert!(mail.contains("within 24 hours") && mail.contains("If nobody has called you by then"), "{b}: {mail}");
        // Unconfirmed, it would lapse 48 hours on, before its visit: the patient is told when.
        assert_eq!(later["data"]["promise"]["lapsesFirst"], true, "{b}: {later}");
        assert!(mail.contains("lapses at 10:20 AM on Wednesday, 9 January 2030"), "{b}: {mail}");
        for bad in ["/requests/calendar.ics?token=abcdefghijklmnopqrstuvwxyz", "/requests/calendar.ics", "/requests/calendar.ics?token=%00%ff"] {
            assert_eq!(common::fetch(&app, bad).await.status, 404, "{b}: {bad}");
        }
        // Once confirmed, the e-mail's invitation is the calendar's: the tentative file is gone.
        let reference = body["data"]["reference"].as_str().unwrap();
        appointment::Entity::update_many()
            .col_expr(appointment::Column::Status, sea_orm::sea_query::Expr::value("confirmed"))
            .filter(appointment::Column::Reference.eq(reference))
            .exec(&state.db)
            .await
            .unwrap();
        assert_eq!(common::fetch(&app, &link).await.status, 404, "{b}");
    }
}

/// Cardiology chosen with a dermatologist: stored under the doctor's department,
/// the patient's choice kept, and the desk told (issue 27, item 1).
#[actix_web::test]
async fn a_department_the_doctor_is_not_in_is_stored_as_the_doctor_s_and_flagged() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        // Dr. Hitesh Patel is a neurologist.
        let mut req = request("2030-01-09", "11:00 AM");
        req["department"] = json!("cardiology");
        let (status, _, body) = send(&app, post_json("/appointments/bookAppointment", &req)).await;
        assert_eq!(status, 201, "{b}: {body}");
        let row = by_reference(&state.db, &body).await;
        assert_eq!((row.department.as_str(), row.asked_department.as_str()), ("neurology", "cardiology"), "{b}");
        // Agreeing, or none chosen: nothing to flag.
        let (_, _, agreeing) = send(&app, post_json("/appointments/bookAppointment", &request("2030-01-09", "11:15 AM"))).await;
        let row = by_reference(&state.db, &agreeing).await;
        assert_eq!((row.department.as_str(), row.asked_department.as_str()), ("neurology", ""), "{b}");
        let mut none = request("2030-01-09", "11:30 AM");
        none.as_object_mut().unwrap().remove("department");
        let (_, _, none) = send(&app, post_json("/appointments/bookAppointment", &none)).await;
        assert_eq!(by_reference(&state.db, &none).await.asked_department, "", "{b}");

        // The desk sees it in the inbox and on the request.
        let lists = hygo_booking::inbox::lists::one(&state.db, body["data"]["reference"].as_str().unwrap(), at(NOW).now()).await.unwrap().unwrap();
        assert!(lists.row.department_differs, "{b}");
        assert_eq!((lists.department.as_str(), lists.asked_department.as_deref()), ("Neuroscience", Some("Cardiology")), "{b}");
    }
}

/// The stored row of a booking's answer, by `data.reference`.
async fn by_reference(db: &hygo_core::Db, body: &serde_json::Value) -> appointment::Model {
    use sea_orm::{ColumnTrait, QueryFilter};
    let reference = body["data"]["reference"].as_str().unwrap_or_else(|| panic!("data.reference: {body}"));
    appointment::Entity::find().filter(appointment::Column::Reference.eq(reference)).one(db).await.unwrap().expect("the row of the reference")
}

#[actix_web::test]
async fn taken_past_off_grid_and_unknown_are_refused_with_a_message() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let book = |v: Value| post_json("/appointments/bookAppointment", &v);

        let (status, _, _) = send(&app, book(request("2030-01-09", "10:00 AM"))).await;
        assert_eq!(status, 201, "{b}");
        let (status, _, body) = send(&app, book(request("2030-01-09", "10:00 AM"))).await;
        assert_eq!(status, 409, "{b}: the slot is held");
        assert_eq!(body["message"], hygo_content::message("appointment.taken"));
        let held = appointment::Entity::find()
            .filter(appointment::Column::Date.eq("2030-01-09"))
            .count(&state.db)
            .await
            .unwrap();
        assert_eq!(held, 1, "{b}: the refused request stored nothing");

        // A cancelled request frees its slot (the unique rule covers the statuses that hold one).
        let mut row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap().into_active_model();
        row.status = Set("cancelled".into());
        row.update(&state.db).await.unwrap();
        let (status, _, _) = send(&app, book(request("2030-01-09", "10:00 AM"))).await;
        assert_eq!(status, 201, "{b}: a cancelled slot can be requested again");

        let offered = |time| message_with("appointment.timeNotOffered", &[("time", time)]);
        let cases: Vec<(Value, &str, String)> = vec![
            (request("2030-01-06", "11:00 AM"), "date", message("appointment.datePast")),
            (request("2030-01-07", "10:15 AM"), "time", message("appointment.timePast")),
            (request("2030-01-07", "10:20 AM"), "time", offered("10:20 AM")),
            (request("2030-01-09", "05:00 PM"), "time", offered("05:00 PM")),
            (request("2030-01-08", "11:00 AM"), "time", offered("11:00 AM")),
            (request("2030-01-09", "half past ten"), "time", message("appointment.timeFormat")),
            (request("2030-04-10", "11:00 AM"), "date", message_with("appointment.dateTooFar", &[("days", "90")])),
            (request("2030-1-9", "11:00 AM"), "date", message("appointment.dateFormat")),
        ];
        for (req, field, message) in cases {
            let (status, _, body) = send(&app, book(req.clone())).await;
            assert_eq!(status, 422, "{b}: {req}");
            assert_eq!(body["errors"][field], message, "{b}: {req}");
            assert_eq!(body["message"], message, "{b}: one problem is said as it is");
        }

        let (name, notes) = (message("label.fullName"), message("label.additionalNotes"));
        let field_cases = [
            ("doctor", json!("Dr. Nobody"), message("appointment.doctorUnknown")),
            ("visitType", json!("phone"), message("appointment.visitType")),
            ("isNewPatient", json!("maybe"), message("appointment.isNewPatient")),
            ("department", json!("astrology"), message("appointment.department")),
            ("reason", json!("Because"), message("appointment.reason")),
            ("selectedSymptoms", json!(["Fever", "Hiccups"]), message("appointment.symptoms")),
            ("email", json!("asha at example"), message("email.format")),
            ("phone", json!("12"), message("phone.format")),
            ("name", json!("A\tB"), message_with("field.badCharacters", &[("label", &name)])),
            ("name", json!("A\u{0}B"), message("field.controlCharacters")),
            ("name", json!("x".repeat(101)), message_with("field.tooLong", &[("label", &name), ("max", "100")])),
            ("additionalNotes", json!("n".repeat(2001)), message_with("field.tooLong", &[("label", &notes), ("max", "2000")])),
        ];
        for (field, value, message) in field_cases {
            let mut req = request("2030-01-09", "12:00 PM");
            req[field] = value;
            let (status, _, body) = send(&app, book(req)).await;
            assert_eq!((status, body["errors"][field].as_str()), (422, Some(message.as_str())), "{b}: {field}");
        }

        // Everything missing: one message per required field, in the form's order.
        let (status, _, body) = send(&app, book(json!({}))).await;
        assert_eq!(status, 422);
        let fields: Vec<&String> = body["errors"].as_object().unwrap().keys().collect();
        assert_eq!(fields, ["date", "doctor", "name", "phone", "time"], "the e-mail address is optional");
        assert_eq!(
            body["message"],
            "Please check your details: Enter your full name; Enter your phone number; \
             Choose a doctor; Choose a date for your appointment; Choose a time for your appointment."
        );
    }
}

#[actix_web::test]
async fn hours_that_cannot_be_read_offer_nothing_and_break_nothing() {
    let db = TestDb::sqlite();
    let state = state_with(&db, at(NOW), 1000).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    set_hours(&state, 1, 3, "Closed for renovation").await;
    for _ in 0..2 {
        let (status, _, body) = send(&app, get("/appointments/slots?doctorId=1&date=2030-01-09")).await;
        assert_eq!((status, list(&body["availableSlots"]).len()), (200, 0));
    }
    let (status, _, body) = send(&app, post_json("/appointments/bookAppointment", &request("2030-01-09", "11:00 AM"))).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["time"].as_str().unwrap().contains("not one of the times"));
    // The profile still shows the text as staff wrote it.
    let (status, _, body) = send(&app, get("/api/doctors/1")).await;
    assert_eq!(status, 200);
    assert!(body["data"]["officeHours"].as_array().unwrap().iter().any(|h| h["hours"] == "Closed for renovation"));
}

/// Rewrites doctor `id`'s hours on an ISO weekday (3: Wednesday) as staff would.
async fn set_hours(state: &hygo::state::AppState, id: i32, weekday: i16, hours: &str) {
    let mut row = office_hours::Entity::find()
        .filter(office_hours::Column::DoctorId.eq(id))
        .filter(office_hours::Column::Weekday.eq(weekday))
        .one(&state.db)
        .await
        .unwrap()
        .unwrap()
        .into_active_model();
    row.hours = Set(hours.into());
    row.update(&state.db).await.unwrap();
}

/// Gives doctor `id` leave from `from` to `until` (None: until further notice).
async fn leave(state: &hygo::state::AppState, id: i32, from: &str, until: Option<&str>) {
    hygo_core::entities::doctor_leave::ActiveModel {
        doctor_id: Set(id),
        starts_on: Set(from.into()),
        ends_on: Set(until.map(Into::into)),
        note: Set(Some("Conference (staff only)".into())),
        ..Default::default()
    }
    .insert(&state.db)
    .await
    .unwrap();
}

#[actix_web::test]
async fn a_doctor_on_leave_offers_no_slots_and_cannot_be_booked() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, at(NOW), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let slots = |q: &str| get(&format!("/appointments/slots?{q}"));
        let book = |v: Value| post_json("/appointments/bookAppointment", &v);

        // Dr. Hitesh Patel (Mon, Wed, Fri, Sat morning) is away Wednesday 9 to Friday 11 January: back on Saturday the 12th.
        leave(&state, 1, "2030-01-09", Some("2030-01-11")).await;
        for date in ["2030-01-09", "2030-01-11"] {
            let (status, _, body) = send(&app, slots(&format!("doctorId=1&date={date}"))).await;
            assert_eq!(status, 200, "{b}");
            assert_eq!((list(&body["availableSlots"]).len(), body["availability"].as_str()), (0, Some("on-leave")), "{b}: {date}");
            assert_eq!(body["backOn"], "2030-01-12", "{b}");
        }
        let (_, _, body) = send(&app, slots("doctorId=1&date=2030-01-12")).await;
        assert_eq!((list(&body["availableSlots"]).len(), body["availability"].as_str()), (12, Some("open")), "{b}: back on Saturday");

        let (status, _, body) = send(&app, book(request("2030-01-09", "11:00 AM"))).await;
        assert_eq!(status, 422, "{b}: {body}");
        assert_eq!(
            body["errors"]["date"],
            "Dr. Hitesh Patel is on leave on Wednesday, 9 January 2030 and back on Saturday, 12 January 2030. Choose another day or another doctor",
            "{b}"
        );
        assert_eq!(body["errors"].get("time"), None, "{b}: one sentence, about the leave");
        assert_eq!(send(&app, book(request("2030-01-14", "11:00 AM"))).await.0, 201, "{b}: after the leave");

        // The API says so: not on leave today (Monday the 7th), leave coming.
        let (_, _, body) = send(&app, get("/api/doctors/1")).await;
        assert_eq!((body["data"]["onLeave"].as_bool(), body["data"]["availability"].as_str()), (Some(false), Some("Available")), "{b}");
        assert_eq!(body["data"]["leave"], json!([{ "from": "2030-01-09", "until": "2030-01-11", "backOn": "2030-01-12" }]), "{b}");
        assert!(!body.to_string().contains("Conference"), "{b}: the staff note never leaves the server");

        // Until further notice: every day, and the sentence says to choose another doctor.
        leave(&state, 3, "2030-01-07", None).await;
        let (_, _, body) = send(&app, slots("doctorId=3&date=2030-03-04")).await;
        assert_eq!((body["availability"].as_str(), body.get("backOn")), (Some("on-leave"), None), "{b}");
        let mut req = request("2030-01-14", "11:00 AM");
        req["doctor"] = json!("Dr. Nirav Joshi");
        let (status, _, body) = send(&app, book(req)).await;
        assert_eq!(status, 422, "{b}");
        assert_eq!(
            body["errors"]["date"],
            "Dr. Nirav Joshi is on leave and is not taking appointment requests at the moment. Choose another doctor",
            "{b}"
        );
        // Leave until further notice that has not begun: the days before it can be booked.
        leave(&state, 2, "2030-01-15", None).await;
        let mut req = request("2030-01-15", "11:00 AM");
        req["doctor"] = json!("Dr. Kaushik Vyas");
        let (status, _, body) = send(&app, book(req)).await;
        assert_eq!(
            (status, body["errors"]["date"].as_str()),
            (422, Some("Dr. Kaushik Vyas is on leave from Tuesday, 15 January 2030 until further notice. Choose an earlier day or another doctor")),
            "{b}"
        );

        // "On leave" written the old way, as free text, is leave too: never bookable.
        use sea_orm::ConnectionTrait;
        state.db.execute_unprepared("UPDATE doctors SET availability = 'On leave' WHERE id = 5").await.unwrap();
        let (_, _, body) = send(&app, slots("doctorId=5&date=2030-01-14")).await;
        assert_eq!(body["availability"], "on-leave", "{b}");
        let mut req = request("2030-01-14", "04:00 PM");
        req["doctor"] = json!("Dr. Rajesh Shah");
        assert_eq!(send(&app, book(req)).await.0, 422, "{b}");
        let (_, _, body) = send(&app, get("/api/doctors/3")).await;
        assert_eq!((body["data"]["onLeave"].as_bool(), body["data"]["availability"].as_str()), (Some(true), Some("On leave")), "{b}");
        assert_eq!(appointment::Entity::find().count(&state.db).await.unwrap(), 1, "{b}: only the request after the leave");
    }
}

#[actix_web::test]
async fn the_seeded_doctor_on_leave_is_on_leave_from_the_first_start() {
    let db = TestDb::sqlite();
    let state = common::state(&db).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let seeded = common::seed();
    let away = seeded.as_array().unwrap().iter().find(|d| d["leaveDays"].is_number()).expect("the seed has a doctor on leave");
    let (_, _, body) = send(&app, get(&format!("/api/doctors/{}", away["id"]))).await;
    assert_eq!(body["data"]["availability"], "On leave");
    let today = hygo_core::ist::Clock::System.today();
    let (_, _, slots) = send(&app, get(&format!("/appointments/slots?doctorId={}&date={today}", away["id"]))).await;
    assert_eq!(slots["availability"], "on-leave", "{slots}");
}

#[actix_web::test]
async fn a_day_without_times_says_why() {
    for db in TestDb::all().await {
        let b = db.backend;
        // Monday 7 January 2030 at 5:30 PM: Dr. Hitesh Patel's last slot (4:45 PM) has passed.
        let state = state_with(&db, at("2030-01-07 17:30"), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let why = |q: &'static str| {
            let app = &app;
            async move {
                let (status, _, body) = send(app, get(&format!("/appointments/slots?{q}"))).await;
                assert_eq!(status, 200, "{q}");
                (list(&body["availableSlots"]).len(), body["availability"].as_str().unwrap().to_owned())
            }
        };
        assert_eq!(why("doctorId=1&date=2030-01-07").await, (0, "past".into()), "{b}: this evening");
        assert_eq!(why("doctorId=1&date=2030-01-04").await, (0, "past".into()), "{b}: a day gone");
        assert_eq!(why("doctorId=1&date=2030-01-08").await, (0, "closed".into()), "{b}: no hours on Tuesday");
        assert_eq!(why("doctorId=1&date=2030-01-09").await, (28, "open".into()), "{b}");

        // Every time requested: "full", not "past".
        set_hours(&state, 1, 3, "10:00 AM - 10:30 AM").await;
        for time in ["10:00 AM", "10:15 AM"] {
            assert_eq!(send(&app, post_json("/appointments/bookAppointment", &request("2030-01-09", time))).await.0, 201, "{b}");
        }
        assert_eq!(why("doctorId=1&date=2030-01-09").await, (0, "full".into()), "{b}: requested, not past");
    }
}

/// Issue 43: a request at 20:30 for 10:00 the next morning was told "We'll contact
/// you within 24 hours", and a phone-only patient's proof of it was gone 30
/// minutes later. Now it is promised a call before the visit, in the page's
/// language, and its page shows it until the visit, without the person's details
/// once `HYGO_RECEIPT_MINUTES` are over, and not once it is declined.
#[actix_web::test]
async fn a_late_evening_request_is_promised_a_call_before_its_morning_visit_and_its_page_lives_until_then() {
    use sea_orm::ConnectionTrait;
    for db in TestDb::all().await {
        let b = db.backend;
        // Monday 7 January 2030, 8:30 PM; the clinics open at 8:00 AM.
        let state = state_with(&db, at("2030-01-07 20:30"), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        // Dr. Kinjal Mehta (4) sees patients on Tuesdays from 9:00 AM; a phone, no e-mail.
        let phone_only = json!({ "name": "Kavya Shah", "phone": "+91 98250 12345", "doctorId": 4, "date": "2030-01-08", "time": "10:00 AM" });
        let req = post_json("/appointments/bookAppointment", &phone_only).insert_header(("accept-language", "gu"));
        let (status, _, body) = send(&app, req).await;
        assert_eq!(status, 201, "{b}: {body}");
        let promise = &body["data"]["promise"];
        assert_eq!((promise["reply"].as_str(), promise["by"].as_str(), promise["opens"].as_str()), (Some("before"), Some("2030-01-08T09:00"), Some("2030-01-08T08:00")), "{b}: {body}");
        let gu = hygo_content::get(hygo_content::Lang::parse("gu").unwrap());
        let by = hygo_content::calendar::moment(&gu, chrono::NaiveDate::from_ymd_opt(2030, 1, 8).unwrap().and_hms_opt(9, 0, 0).unwrap());
        let said = body["message"].as_str().unwrap();
        assert!(said.contains(&by) && !said.contains("24 કલાક"), "{b}: before the visit, in Gujarati: {said}");

        // Its page: the address the answer gives, in the page's language.
        let page = body["data"]["page"].as_str().expect("the request's page").to_owned();
        assert!(page.starts_with("/gu/requests?token="), "{b}: {page}");
        let reference = body["data"]["reference"].as_str().unwrap().to_owned();
        let now = common::fetch(&app, &page).await;
        assert_eq!(now.status, 200, "{b}");
        assert!(now.text.contains(&reference) && now.text.contains("Kavya Shah"), "{b}: the reference, and the details just sent");
        assert!(now.text.contains("https://wa.me/?text="), "{b}: a WhatsApp link to keep it, without JavaScript");

        // 31 minutes on: the same page, the reference and the visit, not the person.
        let aged = (chrono::Utc::now() - chrono::Duration::minutes(31)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        state.db.execute_unprepared(&format!("UPDATE receipts SET created_at = '{aged}'")).await.unwrap();
        let later = common::fetch(&app, &page).await;
        assert_eq!(later.status, 200, "{b}: the page lives as long as the request");
        assert!(later.text.contains(&reference) && later.text.contains(&by), "{b}: the reference and the promise");
        for private in ["Kavya", "98250", "12345"] {
            assert!(!later.text.contains(private), "{b}: {private} is not shown after the minutes");
        }
        // Declined: it lives no more.
        appointment::Entity::update_many()
            .col_expr(appointment::Column::Status, sea_orm::sea_query::Expr::value("declined"))
            .filter(appointment::Column::Reference.eq(reference.as_str()))
            .exec(&state.db)
            .await
            .unwrap();
        assert_eq!(common::fetch(&app, &page).await.status, 404, "{b}: a declined request's page is gone");
        assert_eq!(hygo_booking::receipts::forget_expired(&state.db, state.clock.today()).await.unwrap(), 1, "{b}: and forgotten");
    }
}

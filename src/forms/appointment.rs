//! `POST /appointment` and `POST /appointment/{id}`: both booking wizards without
//! JavaScript. Every step is a form that carries what was typed so far; its
//! buttons say where to go (`action` = next, back, submit; `pickDate`, `week`,
//! `showTimes` stay on the schedule step and show its times). As in the original,
//! changing step checks nothing (spec section 4); sending checks everything, and
//! a refusal returns to the first step with a problem. Stored, the request lands
//! on the success screen (POST-redirect-GET); a slot taken meanwhile returns to
//! the schedule step with the message and the times still free.

use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::appointments::{self, AppointmentRequest, BookingError};
use serde_json::{json, Map, Value};

use super::{again, failure, limited, query_value, refused, see_other, Fields};
use crate::state::AppState;
use crate::error::ApiError;
use crate::pages::Route;

const FIELDS: &[&str] = &[
    "name", "phone", "email", "isNewPatient", "insurance", "policyNumber", "department", "doctor", "date", "time",
    "visitType", "reason", "selectedSymptoms", "additionalNotes", "confirm", "weekOffset",
];

/// Which step shows a field, per wizard (A: general; B: one doctor).
fn step_of(field: &str, general: bool) -> u8 {
    match field {
        "name" | "phone" | "email" => 1,
        "isNewPatient" | "insurance" | "policyNumber" => if general { 2 } else { 1 },
        "confirm" => 3,
        _ => 2,
    }
}

pub async fn general(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    step(&state, &req, &body, None).await
}

pub async fn with_doctor(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let id = req.match_info().get("id").and_then(|id| id.parse::<i32>().ok()).filter(|id| *id > 0);
    match id {
        Some(id) => step(&state, &req, &body, Some(id)).await,
        // No such doctor: the page says so (404).
        None => crate::pages::render::page_with(&state, &Route::DoctorAppointment(None), req.path().to_owned(), None).await,
    }
}

async fn step(state: &AppState, req: &HttpRequest, body: &[u8], doctor_id: Option<i32>) -> HttpResponse {
    let fields = Fields::parse(body);
    let mut values = fields.values(FIELDS);
    let (route, path) = match doctor_id {
        Some(id) => (Route::DoctorAppointment(Some(id)), format!("/appointment/{id}")),
        None => (Route::Appointment, "/appointment".to_owned()),
    };
    let current = fields.get("step").and_then(|s| s.parse::<u8>().ok()).filter(|s| (1..=3).contains(s)).unwrap_or(1);

    // The schedule step's own buttons: a day, a week page, "show the times".
    if let Some(date) = fields.get("pickDate") {
        values.insert("date".into(), json!(date));
        values.remove("time");
        return again(state, route, &path, moved(state, 2, values, doctor_id).await).await;
    }
    if let Some(week) = fields.get("week").and_then(|w| w.parse::<i64>().ok()).filter(|w| (0..=53).contains(w)) {
        // Changing the week page selects its first day that can be booked.
        values.insert("weekOffset".into(), json!(week));
        values.insert("date".into(), json!(first_day_of_week(state, week)));
        values.remove("time");
        return again(state, route, &path, moved(state, 2, values, doctor_id).await).await;
    }
    match fields.get("action").unwrap_or("next") {
        "back" => again(state, route, &path, moved(state, current.saturating_sub(1).max(1), values, doctor_id).await).await,
        "submit" => submit(state, req, &fields, values, doctor_id, route, &path).await,
        "slots" => again(state, route, &path, moved(state, 2, values, doctor_id).await).await,
        _ => again(state, route, &path, moved(state, (current + 1).min(3), values, doctor_id).await).await,
    }
}

/// A step change: status 200, no errors, the times of the chosen doctor and day.
async fn moved(state: &AppState, to: u8, values: Map<String, Value>, doctor_id: Option<i32>) -> Value {
    let slots = slots_for(state, &values, doctor_id).await;
    json!({ "status": 200, "step": to, "values": values, "errors": {}, "message": "", "slots": slots })
}

/// The free and held times for the chosen doctor and date, when both are chosen.
async fn slots_for(state: &AppState, values: &Map<String, Value>, doctor_id: Option<i32>) -> Value {
    let name = values.get("doctor").and_then(Value::as_str).filter(|n| !n.trim().is_empty());
    // The date strip starts on today.
    let date = match values.get("date").and_then(Value::as_str) {
        Some(text) => appointments::parse_date(text),
        None => Some(state.clock.today()),
    };
    let (Some(date), true) = (date, doctor_id.is_some() || name.is_some()) else {
        return Value::Null;
    };
    match appointments::find_doctor(&state.db, doctor_id, name).await {
        Ok(Some(doctor)) => match appointments::day_slots(&state.db, &state.clock, doctor.id, date).await {
            Ok(day) => {
                let mut slots = json!(day);
                slots["date"] = json!(date.to_string());
                slots
            }
            Err(e) => {
                tracing::error!(error = %e, "slots for the wizard failed");
                Value::Null
            }
        },
        Ok(None) => Value::Null,
        Err(e) => {
            tracing::error!(error = %e, "doctor for the wizard failed");
            Value::Null
        }
    }
}

/// Week pages start on Monday; page 0 holds today. Its first day that is not past.
fn first_day_of_week(state: &AppState, week: i64) -> String {
    use chrono::Datelike;
    let today = state.clock.today();
    let monday = today - chrono::Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let first = monday + chrono::Duration::days(7 * week);
    first.max(today).format("%Y-%m-%d").to_string()
}

async fn submit(
    state: &AppState,
    req: &HttpRequest,
    fields: &Fields,
    values: Map<String, Value>,
    doctor_id: Option<i32>,
    route: Route,
    path: &str,
) -> HttpResponse {
    let general = doctor_id.is_none();
    if fields.get("confirm").is_none() {
        let message = hygo_data::catalogue::forms()["appointment"]["confirmRequired"].as_str().unwrap_or_default();
        let errors = [("confirm".to_owned(), message.to_owned())].into();
        let mut form = refused(422, message, &errors, values);
        form["step"] = json!(3);
        return again(state, route, path, form).await;
    }
    if let Err(e) = limited(state, req, "appointments").await {
        let mut form = failure(&e, values);
        form["step"] = json!(3);
        return again(state, route, path, form).await;
    }
    let request = AppointmentRequest {
        name: fields.text("name"),
        phone: fields.text("phone"),
        email: fields.text("email"),
        department: if general { fields.text("department") } else { None },
        doctor: fields.text("doctor"),
        doctor_id,
        date: fields.text("date"),
        time: fields.text("time"),
        visit_type: fields.text("visitType"),
        reason: fields.text("reason"),
        selected_symptoms: general.then(|| fields.all("selectedSymptoms")),
        additional_notes: fields.text("additionalNotes"),
        insurance: fields.text("insurance"),
        policy_number: fields.text("policyNumber"),
        is_new_patient: fields.text("isNewPatient"),
    };
    match crate::api::appointments::request(state, request).await {
        Ok(booked) => {
            tracing::info!(appointment = booked.id, doctor = booked.doctor_id, "appointment requested (form)");
            let details = format!(
                "date={}&time={}&visitType={}",
                query_value(&booked.date),
                query_value(&booked.time),
                query_value(&booked.visit_type)
            );
            see_other(&match doctor_id {
                Some(id) => format!("/appointment/{id}?confirmed=1&{details}"),
                None => format!("/appointment?requested=1&doctor={}&{details}", query_value(&booked.doctor)),
            })
        }
        Err(BookingError::Invalid(invalid)) => {
            let first = invalid.errors.keys().map(|f| step_of(f, general)).min().unwrap_or(1);
            let slots = slots_for(state, &values, doctor_id).await;
            let mut form = refused(422, &invalid.message, &invalid.errors, values);
            form["step"] = json!(first);
            form["slots"] = slots;
            again(state, route, path, form).await
        }
        Err(BookingError::Taken) => {
            let mut values = values;
            values.remove("time");
            let slots = slots_for(state, &values, doctor_id).await;
            let errors = [("time".to_owned(), appointments::TAKEN_MESSAGE.to_owned())].into();
            let mut form = refused(409, appointments::TAKEN_MESSAGE, &errors, values);
            form["step"] = json!(2);
            form["slots"] = slots;
            again(state, route, path, form).await
        }
        Err(BookingError::Data(e)) => {
            let mut form = failure(&ApiError::from(e), values);
            form["step"] = json!(3);
            again(state, route, path, form).await
        }
    }
}

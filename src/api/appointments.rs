//! `POST /appointments/bookAppointment` and `GET /appointments/slots` (spec
//! section 7, calls 7 and 8).

use actix_web::http::header::CACHE_CONTROL;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::appointments::{self, AppointmentRequest, BookingError};
use serde::Deserialize;
use serde_json::json;

use crate::app::AppState;
use crate::error::ApiError;

pub const BOOKED_MESSAGE: &str =
    "Your appointment request has been received. We'll contact you within 24 hours to confirm the details.";

pub async fn book(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<AppointmentRequest>,
) -> Result<HttpResponse, ApiError> {
    super::client::limit_writes(&state, &req, "appointments").await?;
    match appointments::book(&state.db, &state.clock, body.into_inner()).await {
        Ok(booked) => {
            tracing::info!(appointment = booked.id, doctor = booked.doctor_id, "appointment requested");
            Ok(HttpResponse::Created().json(json!({ "success": true, "message": BOOKED_MESSAGE, "data": booked })))
        }
        Err(BookingError::Invalid(invalid)) => Err(ApiError::invalid(invalid)),
        Err(BookingError::Taken) => Err(ApiError::new(StatusCode::CONFLICT, appointments::TAKEN_MESSAGE)),
        Err(BookingError::Data(e)) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct SlotsQuery {
    /// The doctor's name, as the original client sends it.
    doctor: Option<String>,
    #[serde(rename = "doctorId")]
    doctor_id: Option<String>,
    date: Option<String>,
}

/// `{availableSlots, bookedSlots}` of a doctor on a date; both empty on a day the
/// doctor has no hours or a day that has passed.
pub async fn slots(state: web::Data<AppState>, query: web::Query<SlotsQuery>) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let id = match q.doctor_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => Some(super::doctors::parse_id(text)?),
        None => None,
    };
    if id.is_none() && q.doctor.as_deref().is_none_or(|d| d.trim().is_empty()) {
        return Err(ApiError::bad_request("Say which doctor: give doctor (the name) or doctorId."));
    }
    let date = q.date.as_deref().map(str::trim).unwrap_or_default();
    let Some(date) = appointments::parse_date(date) else {
        return Err(ApiError::bad_request("Give the date as YYYY-MM-DD, like 2026-12-01."));
    };
    let Some(doctor) = appointments::find_doctor(&state.db, id, q.doctor.as_deref()).await? else {
        return Err(ApiError::not_found("Doctor not found."));
    };
    let day = appointments::day_slots(&state.db, &state.clock, doctor.id, date).await?;
    Ok(HttpResponse::Ok()
        // Slots change with every booking and with the time of day.
        .insert_header((CACHE_CONTROL, "no-store"))
        .json(json!({
            "success": true,
            "availableSlots": day.available_slots,
            "bookedSlots": day.booked_slots,
        })))
}

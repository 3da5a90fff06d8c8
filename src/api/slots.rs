//! `GET /appointments/slots` (spec section 7, call 8): a doctor's free times on a day.

use actix_web::{HttpRequest, HttpResponse, web};
use hygo_booking::appointments;
use serde::Deserialize;
use serde_json::json;

use crate::cache::{self, Cached};
use crate::error::ApiError;
use crate::state::AppState;
use hygo_content::message;

#[derive(Deserialize)]
pub struct SlotsQuery {
    /// The doctor's name, as the original client sends it.
    doctor: Option<String>,
    #[serde(rename = "doctorId")]
    doctor_id: Option<String>,
    date: Option<String>,
}

/// `{availableSlots, bookedSlots, availability}` of a doctor on a date; no free
/// time on a day that has passed, a day without hours or a day of leave, and
/// `availability` says which (`backOn` with a leave).
pub async fn slots(req: HttpRequest, state: web::Data<AppState>, query: web::Query<SlotsQuery>) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let id = match q.doctor_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => Some(super::doctors::parse_id(text)?),
        None => None,
    };
    if id.is_none() && q.doctor.as_deref().is_none_or(|d| d.trim().is_empty()) {
        return Err(ApiError::bad_request(message("slots.whichDoctor")));
    }
    let date = q.date.as_deref().map(str::trim).unwrap_or_default();
    let Some(date) = hygo_core::ist::parse_date(date) else {
        return Err(ApiError::bad_request(message("slots.dateFormat")));
    };
    // The answer changes with the doctors' hours, with every booking and with the
    // time of day (past times drop out): kept by all three, for a minute at most.
    let versions = state.render_cache.data_version(&state.db).await?;
    let asked = format!("/appointments/slots\0{id:?}\0{}\0{date}", q.doctor.as_deref().unwrap_or_default());
    let minute = state.clock.now().format("%Y-%m-%d %H:%M");
    let key = cache::key(&asked, &format!("c{}b{}m{minute}", versions.catalogue, versions.bookings));
    if let Some(hit) = state.render_cache.get(&key) {
        return Ok(super::kept(&req, &hit, true));
    }
    let Some(doctor) = appointments::find_doctor(&state.db, id, q.doctor.as_deref()).await? else {
        return Err(ApiError::not_found(message("doctor.notFound")));
    };
    let day = appointments::day_slots(&state.db, &state.clock, doctor.id, date).await?;
    let mut body = json!(day);
    body["success"] = json!(true);
    let answer = Cached::new(body.to_string(), 200).compressed();
    state.render_cache.put(key, key, answer.clone(), cache::Room::Free);
    // Slots change with every booking and with the time of day: no-store.
    Ok(super::kept(&req, &answer, true))
}

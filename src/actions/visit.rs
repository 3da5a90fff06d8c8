//! `POST /v/{code}`: what the manage-my-visit page's forms do
//! (`hygo_booking::visits`): `step=cancel`, `step=move` with `slot` (the
//! chosen day and time, `2030-01-09 11:00 AM`), `step=stop`. A browser is sent
//! on to the page (303), which says what was done (`?done=`) or why not
//! (`?error=`, with the part it was on); any other client gets JSON: 200, or
//! the error with its 4xx. Refused from another site's page; counted against
//! the visitor's writes (bucket `visit`). `GET /v/{code}/calendar.ics`: the
//! visit's calendar file while the link works.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use hygo_booking::visits;
use hygo_core::form::WriteError;
use serde::Deserialize;
use serde_json::json;

use super::{see_other, wants_html};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct Step {
    step: Option<String>,
    slot: Option<String>,
}

/// What the form asked for.
enum Asked {
    Cancel,
    Move { date: String, time: String },
    Stop,
}

fn asked(form: &Step) -> Option<Asked> {
    match form.step.as_deref()? {
        "cancel" => Some(Asked::Cancel),
        "stop" => Some(Asked::Stop),
        "move" => {
            // No time chosen yet: the part asks again, with its message.
            let (date, time) = form.slot.as_deref().unwrap_or_default().trim().split_once(' ').unwrap_or_default();
            Some(Asked::Move { date: date.to_owned(), time: time.to_owned() })
        }
        _ => None,
    }
}

pub async fn post(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    // By name: at `/gu/v/{code}` the language is a segment too.
    let code = req.match_info().get("code").unwrap_or_default().to_owned();
    let (lang, _) = crate::pages::url::language(req.path(), &state.config.languages);
    let page = crate::pages::url::visit(lang, &code);
    let runner = crate::write::Runner::new(&state, &req);
    if let Err(e) = runner.same_site() {
        return match wants_html(&req) {
            true => Ok(see_other(&page)),
            false => Err(e),
        };
    }
    // A form's body, or nothing a person could have sent: 400, nothing changed.
    let form: Step = serde_html_form::from_bytes(&body).map_err(|_| ApiError::bad_request(hygo_content::message("visit.notThisTime")))?;
    let Some(asked) = asked(&form) else {
        return Err(ApiError::bad_request(hygo_content::message("visit.notThisTime")));
    };
    let notices = crate::pages::url::notices(&state);
    let clock = &state.clock;
    let (part, done) = match &asked {
        Asked::Cancel => ("cancel", "cancelled"),
        Asked::Move { .. } => ("move", "moved"),
        Asked::Stop => ("", "stopped"),
    };
    let write = async {
        match &asked {
            Asked::Cancel => visits::cancel(&state.db, clock, &code, &notices).await.map(|_| ()),
            Asked::Move { date, time } => {
                let time = if time.is_empty() { None } else { Some(time.as_str()) };
                visits::choose(&state.db, clock, &code, Some(date.as_str()).filter(|d| !d.is_empty()), time, &notices).await.map(|_| ())
            }
            Asked::Stop => visits::stop_messages(&state.db, clock, &code).await.map(|_| ()),
        }
    };
    let gate = crate::write::Gate { stores: true, token: None, bucket: Some("visit"), step: false };
    let answer = runner.run(gate, write, |_| true).await?;
    let html = wants_html(&req);
    match answer {
        Ok(()) if html => Ok(see_other(&format!("{page}?done={done}"))),
        Ok(()) => Ok(HttpResponse::Ok().json(json!({ "success": true, "done": done }))),
        // The database's fault, not the patient's: said as it is (5xx).
        Err(e @ WriteError::Data(_)) => Err(ApiError::from_write(&e, lang.as_str())),
        Err(e) if html => Ok(see_other(&match refusal(&e) {
            Some(key) if part.is_empty() => format!("{page}?error={key}"),
            Some(key) => format!("{page}?ask={part}&error={key}"),
            // The link no longer works: its page says so.
            None => page,
        })),
        Err(e) => Err(ApiError::from_write(&e, lang.as_str())),
    }
}

/// The key of the message the page shows for a refusal; None when the link
/// itself no longer works.
fn refusal(e: &WriteError) -> Option<&'static str> {
    let key = match e {
        WriteError::Invalid(invalid) => invalid.errors.values().next().map(|m| m.key),
        WriteError::Conflict { message, .. } => Some(message.key),
        _ => None,
    }?;
    match key {
        "visit.ended" => None,
        k => Some(crate::pages::visit::ERRORS.iter().find(|e| **e == k).copied().unwrap_or("visit.notThisTime")),
    }
}

/// `GET /v/{code}/calendar.ics`: the visit's calendar file; 404 once the link no longer works.
pub async fn calendar(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let code = req.match_info().get("code").unwrap_or_default().to_owned();
    // Its address is the visit's key too: counted as the page is.
    if let Err(e) = crate::limit::lookups(&state, &req, "visit").await {
        return e.error_response();
    }
    let mut res = match visits::calendar_file(&state.db, &state.clock, &code).await {
        Ok(Some(file)) => HttpResponse::Ok()
            .content_type("text/calendar; charset=utf-8")
            .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"hygo-appointment.ics\""))
            .body(file),
        Ok(None) => HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found"),
        Err(e) => return ApiError::from(e).error_response(),
    };
    let headers = res.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex"));
    res
}

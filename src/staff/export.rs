//! `GET /staff/appointments.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`: the appointments
//! of a range of days as CSV (`hygo_booking::inbox::lists::csv`), for the desk. The
//! download is written in the audit log (who took which days) before anything is
//! read, and refused (503) when that cannot be; never kept by a browser or proxy
//! (`no-store`).

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use chrono::Duration;
use serde::Deserialize;
use serde_json::json;

use hygo_booking::inbox::lists::{self, EXPORT_MAX_DAYS};
use hygo_content::{fill, message};
use hygo_core::audit::{self, Actor, Target};
use hygo_core::ist::parse_date;

use crate::access::{self as guard, Need};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct Range {
    from: Option<String>,
    to: Option<String>,
}

/// A date of the range as it was sent, to show again.
fn range_value(req: &HttpRequest, name: &str) -> serde_json::Value {
    let value = form_urlencoded::parse(req.query_string().as_bytes()).find(|(k, _)| k == name).map(|(_, v)| v.chars().take(40).collect::<String>());
    serde_json::Value::from(value.unwrap_or_default())
}

pub async fn csv(state: web::Data<AppState>, req: HttpRequest, need: web::Data<Need>, range: web::Query<Range>) -> HttpResponse {
    let current = match guard::check(&req, &state, **need).await {
        Ok(Some(current)) => current,
        Ok(None) => return super::denied_page(&req, guard::Denied::SignIn),
        Err(denied) => return super::denied_page(&req, denied),
    };
    let today = state.clock.today();
    let from = range.from.as_deref().map_or(Some(today), parse_date);
    let to = range.to.as_deref().map_or(from, parse_date);
    let refused = |field: &'static str, text: String| {
        let state = state.clone();
        let (req, current) = (req.clone(), current.clone());
        async move {
            let error = ApiError::bad_request(text);
            if !crate::actions::wants_html(&req) {
                return error.error_response();
            }
            // A browser gets the list again, with the export form's error and what was asked.
            let mut values = serde_json::Map::new();
            values.insert("from".into(), range_value(&req, "from"));
            values.insert("to".into(), range_value(&req, "to"));
            let errors = std::iter::once((field.to_owned(), error.message.clone())).collect();
            let form = crate::pages::FormState { status: 400, message: error.message, errors, values, step: None, slots: None };
            crate::pages::render::page_with(&state, "/staff", Some(form), Some(&current)).await
        }
    };
    let (Some(from), Some(to)) = (from, to) else {
        let field = if from.is_none() { "from" } else { "to" };
        return refused(field, message("export.badDates")).await;
    };
    if to < from || to - from > Duration::days(EXPORT_MAX_DAYS) {
        return refused(
            "to",
            fill(
                &message("export.badRange"),
                &[("days", &EXPORT_MAX_DAYS.to_string())],
            ),
        )
        .await;
    }
    // Who took which days is in the audit log, committed to the database the
    // server opened, before anything is read: when it cannot be, nothing is sent.
    let made = async {
        let fault = |f: hygo_core::db::Fault| hygo_core::DataError::Storage(f.to_string());
        state.storage.files().map_err(fault)?;
        let actor = Actor::staff(current.account_id, &current.email);
        let target = format!("{from}..{to}");
        audit::record(&state.db, &actor, "export", Target { kind: "appointments", name: &target }, json!(null), json!({ "from": from, "to": to })).await?;
        state.storage.same_file().map_err(fault)?;
        lists::csv(&state.db, from, to).await
    };
    match made.await {
        Ok(text) => {
            let mut res = HttpResponse::Ok();
            res.content_type("text/csv; charset=utf-8")
                .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"hygo-appointments-{from}-to-{to}.csv\"")))
                .insert_header((header::CACHE_CONTROL, "no-store"));
            // A month is megabytes: compressed quickly here rather than by the middleware's slow default.
            match crate::encoding::quickly(text.as_bytes(), crate::encoding::Encoding::preferred(req.headers())) {
                Some((bytes, coding)) => {
                    crate::encoding::mark(&mut res, coding);
                    res.body(bytes)
                }
                None => res.body(text),
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "the export failed");
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message("staff.unavailable")).error_response()
        }
    }
}

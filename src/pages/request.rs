//! `/requests?token=`: a request's confirmation page (`hygo_booking::receipts`),
//! where a form sent without JavaScript lands and which a JSON booking's answer
//! names (`Booked.page`). It shows what the success screens show, with the
//! reference to write down, share or print, for as long as the request lives
//! (the person's details only for `HYGO_RECEIPT_MINUTES`); for a token that is
//! unknown or has ended, the same "not found" page, which names no request.
//! Never kept by the render cache, never indexed, never stored by the browser
//! (`Cache-Control: no-store`) and never named to another site (`Referrer-Policy:
//! no-referrer`): the address is the key to a person's details.

use actix_web::http::header::{self, HeaderMap, HeaderValue};
use serde::Serialize;
use ts_rs::TS;

use hygo_booking::receipts::{self, Receipt};
use hygo_content::{AppointmentTexts, Plans, SubscriptionTexts};
use hygo_core::DataError;

use super::page::{Keep, Page, Scope};

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "RequestData")]
pub struct Data {
    /// What was stored; null: not found (or no longer shown).
    pub receipt: Option<Receipt>,
    /// The booking wizards' texts (their success screen).
    pub appointment: AppointmentTexts,
    /// The health-card request's texts, and the plans that name the card.
    pub subscription: SubscriptionTexts,
    pub plans: Plans,
    /// What the contact form says once a message is stored.
    pub contact_sent: String,
    /// An appointment request's calendar file (`url::request_calendar`).
    pub calendar: Option<String>,
    /// The page's full address, to share.
    pub address: String,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let token = cx.query("token").unwrap_or_default();
    let receipt = receipts::find(cx.db(), &token, valid_for(cx.state), cx.clock().today()).await?;
    let found = receipt.is_some();
    let calendar = matches!(receipt, Some(Receipt::Appointment { .. })).then(|| super::url::request_calendar(&token));
    let address = format!("{}{}", cx.state.config.public_url, super::url::request(cx.content.lang, &token));
    let data = Data {
        address,
        calendar,
        receipt,
        appointment: cx.content.forms.appointment.clone(),
        subscription: cx.content.forms.subscription.clone(),
        plans: cx.content.home.subscription.clone(),
        contact_sent: cx.content.message("contact.sent").to_owned(),
    };
    // The head names no request either way; the canonical address is the home page,
    // never the token's.
    let meta = cx.meta();
    let head = super::Head::meta(if found {
        &meta.request
    } else {
        &meta.request_not_found
    })
    .canonical("/");
    let data = super::PageData::Request(data);
    Ok(if found { super::Loaded::ok(data, head) } else { super::Loaded::not_found(data, head) })
}

/// `GET /requests/calendar.ics?token=`: the requested time of the appointment
/// request a token was issued for, as a tentative calendar file
/// (`receipts::calendar`), while its confirmation page shows and the request waits;
/// 404 otherwise. Kept by nobody, named to nobody, indexed by nobody.
pub async fn calendar(state: actix_web::web::Data<crate::state::AppState>, req: actix_web::HttpRequest) -> actix_web::HttpResponse {
    use actix_web::HttpResponse;
    let token = actix_web::web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("token").cloned())
        .unwrap_or_default();
    let mut res = match receipts::calendar(&state.db, &token, state.clock.today()).await {
        Ok(Some(file)) => HttpResponse::Ok()
            .content_type("text/calendar; charset=utf-8")
            .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"hygo-appointment-request.ics\""))
            .body(file),
        Ok(None) => HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found"),
        Err(e) => return actix_web::ResponseError::error_response(&crate::error::ApiError::from(e)),
    };
    let headers = res.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex"));
    res
}

/// Deletes the confirmation pages whose time is over, every few minutes, from a
/// task `hygo serve` starts (the requests themselves stay).
pub fn forget_expired(state: actix_web::web::Data<crate::state::AppState>) -> actix_web::rt::task::JoinHandle<()> {
    actix_web::rt::spawn(async move {
        loop {
            // Like the other background work, not while the files may not be written.
            let forgotten = if crate::tasks::files_ok(&state) { receipts::forget_expired(&state.db, state.clock.today()).await } else { Ok(0) };
            match forgotten {
                Ok(n) if n > 0 => tracing::debug!(receipts = n, "expired confirmation pages deleted"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "deleting expired confirmation pages failed"),
            }
            if !crate::tasks::wait_or_stop(std::time::Duration::from_secs(300)).await {
                return;
            }
        }
    })
}

/// The headers of a page that shows a visitor's own request (`Keep::Never`) or
/// is the staff console's (every one of them, the sign-in page too), on the page
/// and on its props.
pub fn keep_private(page: &Page, headers: &mut HeaderMap) {
    if page.keep == Keep::Never || matches!(page.scope, Scope::Staff(_)) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        // The staff console's forms post to itself, and so do the manage-my-visit
        // page's (`Page::limited`): with `no-referrer` browsers send `Origin: null`,
        // which the cross-site check refuses; `same-origin` still names no
        // address of theirs to another site.
        let policy = match page.scope {
            Scope::Staff(_) => "same-origin",
            Scope::Public if page.limited.is_some() => "same-origin",
            Scope::Public => "no-referrer",
        };
        headers.insert(header::REFERRER_POLICY, HeaderValue::from_static(policy));
        headers.remove(header::ETAG);
    }
}

/// `HYGO_RECEIPT_MINUTES`.
fn valid_for(state: &crate::state::AppState) -> chrono::Duration {
    chrono::Duration::from_std(state.config.receipt_valid_for).unwrap_or(chrono::Duration::minutes(30))
}

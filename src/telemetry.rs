//! Structured logs with `tracing`, and the metrics. Requests are logged by
//! method, path (never the query string, which may carry what a visitor typed),
//! status and duration; no personal or health data is ever logged. Every answer
//! is counted by its route and status (`count`), and `GET /metrics` (`metrics`)
//! gives the counters (`crate::metrics`) in the OpenMetrics text format.
//!
//! The metrics are readable from the machine itself (a request from loopback
//! that no proxy passed on: no `X-Forwarded-For` or `Forwarded`), or from
//! anywhere with `Authorization: Bearer` and `HYGO_METRICS_TOKEN`; anyone else
//! gets 404, as for any other address that is no page.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};
use tracing_subscriber::EnvFilter;

use crate::state::AppState;

/// Where actix-http logs a malformed request as an error (`init`).
const QUIET: &[&str] = &["actix_http::h1::dispatcher=off", "actix_http::h1::decoder=off"];

pub fn init(json: bool) {
    let filter = EnvFilter::try_from_env("HYGO_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    // sqlx warns when a connection took over 2 s to come from the pool: on a busy
    // machine that is load, not a fault (a pool that cannot give one within the
    // acquire timeout is an error, and said as one). Not a warning line in the log.
    let mut filter = filter.add_directive("sqlx::pool::acquire=error".parse().expect("a valid directive"));
    // A request that is no HTTP (a header that is none, a request line over the
    // limit, a body cut short) is the peer's mistake, answered 400 by actix-http,
    // which writes it as an ERROR line: a scanner's noise would read as this
    // server's faults (issue 44). Off, unless `HYGO_LOG` asks for them by name.
    let named = std::env::var("HYGO_LOG").is_ok_and(|v| v.contains("actix_http"));
    if !named {
        for quiet in QUIET {
            filter = filter.add_directive(quiet.parse().expect("a valid directive"));
        }
    }
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
}

/// Middleware: logs every answer (method, path, status, duration) and counts it
/// by its route and status for the metrics (`crate::metrics`): the pattern it
/// matched (`/api/doctors/{id}`), the name of the page it is (`page:doctor`), or
/// `other` (an address that is no page: a redirect to `/`). Never the path in a
/// label: no reference or token becomes one.
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let res = next.call(req).await;
    let status = match &res {
        Ok(r) => r.status().as_u16(),
        Err(e) => e.as_response_error().status_code().as_u16(),
    };
    tracing::info!(%method, %path, status, ms = started.elapsed().as_secs_f64() * 1000.0, "request");
    if let (Some(state), Ok(res)) = (state, &res) {
        let request = res.request();
        // The page's name when a page answered (a lookup in the request's
        // extensions); otherwise the route's pattern, which walks the routes.
        let page = request.extensions().get::<crate::metrics::PageAnswered>().copied();
        let route = match page {
            Some(crate::metrics::PageAnswered(label)) => std::borrow::Cow::Borrowed(label),
            None => request.match_pattern().map_or(std::borrow::Cow::Borrowed("other"), std::borrow::Cow::Owned),
        };
        state.metrics.answered(route, status);
    }
    res
}

/// Whether this request may read the metrics: from loopback and not passed on
/// by a proxy, or with the token.
fn may_read_metrics(req: &HttpRequest, token: Option<&crate::config::Secret>) -> bool {
    let local = req.peer_addr().is_some_and(|a| a.ip().is_loopback())
        && !req.headers().contains_key("x-forwarded-for")
        && !req.headers().contains_key("x-real-ip")
        && !req.headers().contains_key(header::FORWARDED);
    let bearer = req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let with_token = match (token, bearer) {
        (Some(token), Some(sent)) => {
            let (a, b) = (token.expose().as_bytes(), sent.trim().as_bytes());
            a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
        }
        _ => false,
    };
    local || with_token
}

/// `GET /metrics`.
pub async fn metrics(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if !may_read_metrics(&req, state.config.metrics_token.as_ref()) {
        return crate::pages::render::not_found_page();
    }
    let outbox = match hygo_core::mail::counts(&state.db).await {
        Ok(counts) => Some(counts),
        Err(e) => {
            tracing::warn!(error = %e, "metrics: the outbox could not be counted");
            None
        }
    };
    let scraped = state.metrics.scrape(state.renderer.waiting(), state.hasher.waiting(), state.render_cache.lookups(), outbox);
    match scraped {
        Ok(body) => HttpResponse::Ok()
            .content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body(body),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

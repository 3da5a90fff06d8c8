//! `GET /metrics`: the server's counters in the OpenMetrics text format, for
//! Prometheus or anything that reads it (docs/operations.md, "Metrics").
//!
//! - `hygo_http_requests_total{route, status}`: every answer, by the route's
//!   pattern (`/api/doctors/{id}`), the page's name (`page:doctor`) or `other`,
//!   never the path itself (no reference or token ever becomes a label);
//! - `hygo_render_seconds`: how long each render took in the JavaScript runtime;
//! - `hygo_render_queue{lane}`: renders waiting for a render thread now;
//! - `hygo_render_cache_lookups_total{result}`: pages answered from the cache
//!   (`hit`) or rendered (`miss`);
//! - `hygo_password_hashes_waiting`: sign-in checks queued for the hashing threads;
//! - `hygo_outbox_waiting`, `hygo_outbox_failed`: e-mails still to send, and
//!   those that gave up (`hygo_data::mail::MAX_ATTEMPTS`), read at each scrape;
//! - `hygo_sign_in_failures_total{outcome}`: wrong passwords or codes, waits and
//!   busy answers, since start.
//!
//! Readable from the machine itself (a request from loopback that no proxy
//! passed on: no `X-Forwarded-For` or `Forwarded`), or from anywhere with
//! `Authorization: Bearer` and `HYGO_METRICS_TOKEN`; anyone else gets 404, as
//! for any other address that is no page.

use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};

use crate::state::AppState;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LaneLabels {
    lane: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ResultLabels {
    result: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

/// The server's metrics: counted as things happen, or read at each scrape.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    render_seconds: Histogram,
    render_queue: Family<LaneLabels, Gauge>,
    cache_lookups: Family<ResultLabels, Counter>,
    /// What the cache had counted at the last scrape (it counts on its own).
    cache_seen: std::sync::Mutex<(u64, u64)>,
    hashes_waiting: Gauge,
    outbox_waiting: Gauge,
    outbox_failed: Gauge,
    sign_in_failures: Family<OutcomeLabels, Counter>,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("hygo");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "Answers by route (pattern or page name) and status", requests.clone());
        // Renders take milliseconds to tens of milliseconds; the timeout is seconds.
        let render_seconds = Histogram::new([0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0]);
        registry.register_with_unit("render", "Time of one render in the JavaScript runtime", Unit::Seconds, render_seconds.clone());
        let render_queue = Family::<LaneLabels, Gauge>::default();
        registry.register("render_queue", "Renders waiting for a render thread, by lane", render_queue.clone());
        let cache_lookups = Family::<ResultLabels, Counter>::default();
        registry.register("render_cache_lookups", "Pages answered from the render cache (hit) or rendered (miss)", cache_lookups.clone());
        let hashes_waiting = Gauge::default();
        registry.register("password_hashes_waiting", "Password checks queued or running on the hashing threads", hashes_waiting.clone());
        let outbox_waiting = Gauge::default();
        registry.register("outbox_waiting", "E-mails in the outbox still to be sent", outbox_waiting.clone());
        let outbox_failed = Gauge::default();
        registry.register("outbox_failed", "E-mails the outbox gave up on after every attempt", outbox_failed.clone());
        let sign_in_failures = Family::<OutcomeLabels, Counter>::default();
        registry.register("sign_in_failures", "Staff sign-in steps refused: wrong, waiting, busy", sign_in_failures.clone());
        // Every series from the start, at 0, so a rate can be taken from the first scrape.
        for lane in ["public", "staff"] {
            let _ = render_queue.get_or_create(&LaneLabels { lane });
        }
        for result in ["hit", "miss"] {
            let _ = cache_lookups.get_or_create(&ResultLabels { result });
        }
        for outcome in ["wrong", "waiting", "busy"] {
            let _ = sign_in_failures.get_or_create(&OutcomeLabels { outcome });
        }
        Self {
            registry,
            requests,
            render_seconds,
            render_queue,
            cache_lookups,
            cache_seen: std::sync::Mutex::new((0, 0)),
            hashes_waiting,
            outbox_waiting,
            outbox_failed,
            sign_in_failures,
        }
    }
}

impl Metrics {
    /// One render took this long.
    pub fn rendered(&self, took: Duration) {
        self.render_seconds.observe(took.as_secs_f64());
    }

    /// A sign-in step was refused: `wrong`, `waiting` or `busy`.
    pub fn sign_in_refused(&self, outcome: &'static str) {
        self.sign_in_failures.get_or_create(&OutcomeLabels { outcome }).inc();
    }
}

/// Middleware: counts every answer by its route and status.
pub async fn count(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let route = route_of(&req);
    let res = next.call(req).await;
    let status = match &res {
        Ok(r) => r.status().as_u16(),
        Err(e) => e.as_response_error().status_code().as_u16(),
    };
    if let Some(state) = state {
        state.metrics.requests.get_or_create(&RequestLabels { route, status }).inc();
    }
    res
}

/// The label of a request's route: the pattern it matched, the name of the page
/// it is, or `other` (an address that is no page: a redirect to `/`).
fn route_of(req: &ServiceRequest) -> String {
    if let Some(pattern) = req.match_pattern() {
        return pattern;
    }
    match crate::pages::registry::find(req.path()) {
        Some(found) => format!("page:{}", found.page.name),
        None => "other".to_owned(),
    }
}

/// Whether this request may read the metrics: from loopback and not passed on
/// by a proxy, or with the token.
fn allowed(req: &HttpRequest, token: Option<&crate::config::Secret>) -> bool {
    let local = req.peer_addr().is_some_and(|a| a.ip().is_loopback())
        && !req.headers().contains_key("x-forwarded-for")
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
pub async fn get(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if !allowed(&req, state.config.metrics_token.as_ref()) {
        return crate::pages::render::not_found_page();
    }
    let m = &state.metrics;
    let (public, staff) = state.renderer.waiting();
    m.render_queue.get_or_create(&LaneLabels { lane: "public" }).set(public as i64);
    m.render_queue.get_or_create(&LaneLabels { lane: "staff" }).set(staff as i64);
    m.hashes_waiting.set(state.hasher.waiting() as i64);
    let (hits, misses) = state.render_cache.lookups();
    {
        let mut seen = m.cache_seen.lock().unwrap_or_else(|e| e.into_inner());
        m.cache_lookups.get_or_create(&ResultLabels { result: "hit" }).inc_by(hits.saturating_sub(seen.0));
        m.cache_lookups.get_or_create(&ResultLabels { result: "miss" }).inc_by(misses.saturating_sub(seen.1));
        *seen = (hits, misses);
    }
    match hygo_data::mail::counts(&state.db).await {
        Ok((waiting, failed)) => {
            m.outbox_waiting.set(waiting as i64);
            m.outbox_failed.set(failed as i64);
        }
        Err(e) => tracing::warn!(error = %e, "metrics: the outbox could not be counted"),
    }
    let mut body = String::new();
    if prometheus_client::encoding::text::encode(&mut body, &m.registry).is_err() {
        return HttpResponse::InternalServerError().finish();
    }
    HttpResponse::Ok()
        .content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body)
}

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
//!   those that gave up (`hygo_core::mail::MAX_ATTEMPTS`), read at each scrape;
//! - `hygo_sign_in_failures_total{outcome}`: wrong passwords or codes, waits and
//!   busy answers, since start.
//!
//! The counters live here (in `AppState`); the route and the middleware that
//! counts requests are in `crate::telemetry`.

use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};

/// The label of the page a request was answered with (`Page::label`,
/// `page:{name}`), set by the page handler, so that the request log's
/// middleware counts it without looking the path up again
/// (`crate::telemetry::log_request`).
#[derive(Clone, Copy)]
pub struct PageAnswered(pub &'static str);

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: std::borrow::Cow<'static, str>,
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
    patient_searches: Family<OutcomeLabels, Counter>,
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
        let patient_searches = Family::<OutcomeLabels, Counter>::default();
        registry.register("patient_searches", "The desk's patient searches: shown, or refused as too many (limited)", patient_searches.clone());
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
        for outcome in ["shown", "limited"] {
            let _ = patient_searches.get_or_create(&OutcomeLabels { outcome });
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
            patient_searches,
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

    /// A patient search by the desk: `shown`, or `limited` (too many lately).
    pub fn patient_searched(&self, outcome: &'static str) {
        self.patient_searches.get_or_create(&OutcomeLabels { outcome }).inc();
    }

    /// An answer, by its route's label and status.
    pub fn answered(&self, route: std::borrow::Cow<'static, str>, status: u16) {
        self.requests.get_or_create(&RequestLabels { route, status }).inc();
    }

    /// The text of a scrape, with what is read at the moment: the render queues
    /// (public, staff), the password checks waiting, the render cache's lookups
    /// so far (hits, misses), and the outbox (waiting, failed) when it could be counted.
    pub fn scrape(&self, queues: (usize, usize), hashes: usize, lookups: (u64, u64), outbox: Option<(u64, u64)>) -> Result<String, std::fmt::Error> {
        self.render_queue.get_or_create(&LaneLabels { lane: "public" }).set(queues.0 as i64);
        self.render_queue.get_or_create(&LaneLabels { lane: "staff" }).set(queues.1 as i64);
        self.hashes_waiting.set(hashes as i64);
        {
            let mut seen = self.cache_seen.lock().unwrap_or_else(|e| e.into_inner());
            self.cache_lookups.get_or_create(&ResultLabels { result: "hit" }).inc_by(lookups.0.saturating_sub(seen.0));
            self.cache_lookups.get_or_create(&ResultLabels { result: "miss" }).inc_by(lookups.1.saturating_sub(seen.1));
            *seen = lookups;
        }
        if let Some((waiting, failed)) = outbox {
            self.outbox_waiting.set(waiting as i64);
            self.outbox_failed.set(failed as i64);
        }
        let mut body = String::new();
        prometheus_client::encoding::text::encode(&mut body, &self.registry)?;
        Ok(body)
    }
}

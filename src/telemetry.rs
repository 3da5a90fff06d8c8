//! Structured logs with `tracing`. Requests are logged by method, path (never the
//! query string, which may carry what a visitor typed), status and duration; no
//! personal or health data is ever logged.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use tracing_subscriber::EnvFilter;

pub fn init(json: bool) {
    let filter = EnvFilter::try_from_env("HYGO_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
}

pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let res = next.call(req).await;
    let status = match &res {
        Ok(r) => r.status().as_u16(),
        Err(e) => e.as_response_error().status_code().as_u16(),
    };
    tracing::info!(%method, %path, status, ms = started.elapsed().as_secs_f64() * 1000.0, "request");
    res
}

//! The console's background work, inside the server: requests nobody confirmed in
//! time expire (`HYGO_REQUEST_EXPIRY_HOURS`) and free their slot, once a minute.
//! With several instances on one PostgreSQL each request expires once: the
//! change is made only from `requested` (`hygo_booking::inbox::expire_due`).

use std::time::Duration;

use actix_web::web;

use crate::state::AppState;

const EVERY: Duration = Duration::from_secs(60);

pub fn start(state: web::Data<AppState>) {
    actix_web::rt::spawn(async move {
        loop {
            match expire(&state).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(expired = n, "unconfirmed appointment requests expired"),
                Err(e) => tracing::warn!(error = %e, "expiring requests failed; will retry"),
            }
            actix_web::rt::time::sleep(EVERY).await;
        }
    });
}

/// Expires what is due now; answers how many.
pub async fn expire(state: &AppState) -> Result<usize, hygo_core::DataError> {
    hygo_booking::inbox::expire_due(&state.db, chrono::Utc::now(), state.config.request_expiry_hours, &state.notices()).await
}

//! The console's background work, inside the server: requests nobody confirmed in
//! time expire (`HYGO_REQUEST_EXPIRY_HOURS`) and free their slot, once a minute.
//! With several instances on one PostgreSQL each request expires once: the
//! change is made only from `requested` (`hygo_booking::inbox::expire_due`).
//! Forms kept from timed-out sessions are forgotten after an hour
//! (`hygo_staff::sessions::forget_kept`).

use std::time::Duration;

use actix_web::web;

use crate::state::AppState;

const EVERY: Duration = Duration::from_secs(60);

pub fn start(state: web::Data<AppState>) -> actix_web::rt::task::JoinHandle<()> {
    actix_web::rt::spawn(async move {
        loop {
            let due = if crate::tasks::files_ok(&state) { expire(&state).await } else { Ok(0) };
            match due {
                Ok(0) => {}
                Ok(n) => tracing::info!(expired = n, "unconfirmed appointment requests expired"),
                Err(e) => tracing::warn!(error = %e, "expiring requests failed; will retry"),
            }
            // Forms kept from timed-out sessions are not held for longer than they are kept for.
            if crate::tasks::files_ok(&state) {
                if let Err(e) = hygo_staff::sessions::forget_kept(&state.db, state.clock.real()).await {
                    tracing::warn!(error = %e, "forgetting kept forms failed; will retry");
                }
            }
            if !crate::tasks::wait_or_stop(EVERY).await {
                return;
            }
        }
    })
}

/// Expires what is due now; answers how many.
pub async fn expire(state: &AppState) -> Result<usize, hygo_core::DataError> {
    hygo_booking::inbox::expire_due(&state.db, chrono::Utc::now(), state.config.request_expiry_hours, &crate::pages::url::notices(state)).await
}

/// The content's data version this process last installed (`hygo_editorial`).
static INSTALLED: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(i64::MIN);

/// Lays the published revisions over the files when the content's data version
/// moved since this process last did (a publication here or on another
/// instance); answers whether it did.
pub async fn sync_content(state: &AppState) -> Result<bool, hygo_core::DataError> {
    use std::sync::atomic::Ordering;
    let version = hygo_core::data_version::current(&state.db).await?.content;
    if INSTALLED.load(Ordering::SeqCst) == version {
        return Ok(false);
    }
    hygo_editorial::install_published(&state.db).await?;
    INSTALLED.store(version, Ordering::SeqCst);
    state.render_cache.data_changed();
    Ok(true)
}

/// Publishes the revisions whose time has come (each once, whichever instance
/// gets there first), then installs them here; answers the entries published.
pub async fn publish_due(state: &AppState) -> Result<Vec<String>, hygo_core::DataError> {
    let done = hygo_editorial::store::publish_due(&state.db, state.clock.real()).await?;
    if !done.is_empty() {
        sync_content(state).await?;
    }
    Ok(done)
}

/// The editors' background work: every recheck interval (`HYGO_DATA_RECHECK_MS`,
/// 1 s), what another instance published is installed here, and scheduled
/// revisions whose time has come are published.
pub fn start_content(state: web::Data<AppState>) -> actix_web::rt::task::JoinHandle<()> {
    actix_web::rt::spawn(async move {
        loop {
            if crate::tasks::files_ok(&state) {
                content_turn(&state).await;
            }
            if !crate::tasks::wait_or_stop(state.config.data_recheck.max(Duration::from_millis(200))).await {
                return;
            }
        }
    })
}

/// One turn of the editors' background work; failures are logged and retried next turn.
async fn content_turn(state: &AppState) {
    if let Err(e) = sync_content(state).await {
        tracing::warn!(error = %e, "reading the published content failed; will retry");
    }
    match publish_due(state).await {
        Ok(done) if !done.is_empty() => tracing::info!(published = done.len(), "scheduled content published"),
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "publishing scheduled content failed; will retry"),
    }
}

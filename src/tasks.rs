//! The server's background tasks (the e-mail outbox, the requests' expiry, the
//! editors' content, the receipts' clean-up): how they wait between turns and
//! how `hygo serve` stops them before its runtime goes.

use std::time::Duration;

/// Set once `hygo serve` stops (`stop`): the background tasks end their turn and return.
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static STOP: tokio::sync::Notify = tokio::sync::Notify::const_new();

/// Waits `every`, or less when the server stops; answers whether to go on.
pub(crate) async fn wait_or_stop(every: Duration) -> bool {
    let stop = STOP.notified();
    if STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        return false;
    }
    tokio::select! {
        _ = actix_web::rt::time::sleep(every) => true,
        _ = stop => false,
    }
}

/// Asks the background tasks to stop and waits for them (at most `within`): a
/// task dropped in the middle of a query as the runtime goes would return its
/// connection outside any runtime, which panics (and so would the process's exit).
pub async fn stop(tasks: Vec<actix_web::rt::task::JoinHandle<()>>, within: Duration) {
    STOPPING.store(true, std::sync::atomic::Ordering::SeqCst);
    STOP.notify_waiters();
    if actix_web::rt::time::timeout(within, futures_util::future::join_all(tasks)).await.is_err() {
        tracing::warn!("background tasks did not stop in time");
    }
}

/// Whether the database's files may be written (`Storage::files`, stats only).
/// The background work skips a turn while they may not: SQLite maps the `-shm`,
/// and a query on a read-only one may kill the process (docs/security.md), which
/// a job running every second would find before the operator. `/healthz` reports
/// the fault meanwhile; the work goes on once it clears.
pub(crate) fn files_ok(state: &crate::state::AppState) -> bool {
    match state.storage.files() {
        Ok(()) => true,
        Err(fault) => {
            tracing::debug!(%fault, "background work waits for the database's files");
            false
        }
    }
}

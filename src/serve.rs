//! `hygo serve`: connect, migrate, seed, start the render pool, listen.

use std::time::Instant;

use actix_web::{web, HttpServer};
use hygo_render::{RenderConfig, RenderPool};

use crate::app::app;
use crate::state::AppState;
use crate::config::Config;

/// Why `hygo serve` stopped: what to log, and the process's exit code.
#[derive(Debug)]
pub struct Stopped {
    pub message: String,
    pub code: u8,
}

/// The exit code when the database the server expects is missing or empty
/// (sysexits' `EX_NOINPUT`): restarting will not help, a person must restore it,
/// so a supervisor should not retry (systemd `RestartPreventExitStatus=66`).
pub const EXIT_DATA_MISSING: u8 = 66;

impl From<String> for Stopped {
    fn from(message: String) -> Self {
        Stopped { message, code: 1 }
    }
}

pub async fn serve(config: Config) -> Result<(), Stopped> {
    let started = Instant::now();
    let db = hygo_core::setup::connect_expecting(&config.database_url, config.database_must_exist).await.map_err(|e| Stopped {
        code: if matches!(e, hygo_core::DataError::Missing(_)) { EXIT_DATA_MISSING } else { 1 },
        message: format!("database: {e}"),
    })?;
    let renderer = RenderPool::start(
        crate::ui_assets::SERVER_BUNDLE.into(),
        RenderConfig {
            threads: config.render_threads,
            timeout: config.render_timeout,
            memory_limit: config.render_memory_mb * 1024 * 1024,
            queue: config.render_queue,
            staff_queue: config.staff_render_queue,
        },
    )
    .map_err(|e| format!("render engine: {e}"))?;
    let addr = config.addr;
    let backend = if config.database_url.starts_with("sqlite:") { "sqlite" } else { "postgres" };
    let state = web::Data::new(AppState::new(db, hygo_core::ist::Clock::System, renderer, config));
    let mut tasks: Vec<_> = crate::mail::start(state.clone()).into_iter().collect();
    tasks.extend(crate::channels::start(state.clone()));
    // On PostgreSQL every server holds HYGO's lock while it runs: `hygo restore` refuses while one does.
    if backend == "postgres" {
        let lock = hygo_core::db::hold_server_lock(&state.config.database_url).await.map_err(|e| format!("database: {e}"))?;
        tasks.push(keep_server_lock(state.config.database_url.clone(), lock));
    }
    tasks.push(crate::staff::jobs::start(state.clone()));
    // The editors' published content over the files, before the first request,
    // then kept current (and scheduled revisions published) in the background.
    crate::staff::jobs::sync_content(&state).await.map_err(|e| format!("content store: {e}"))?;
    tasks.push(crate::staff::jobs::start_content(state.clone()));
    // Every connection is an open file: raise the soft limit as far as allowed,
    // and hold fewer connections than it allows, leaving room for the database and
    // files. Actix counts the cap per worker.
    let file_limit = crate::edge::raise_file_limit();
    let cap = crate::edge::connection_cap(file_limit, state.config.max_connections);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let per_worker = crate::edge::per_worker(cap, workers);
    tracing::info!(
        file_limit,
        max_connections = per_worker * workers,
        workers,
        body_timeout_ms = state.config.body_timeout.as_millis() as u64,
        "connection limits"
    );
    crate::edge::start_watch(crate::edge::NEXT_HEAD_WITHIN);
    tasks.push(crate::pages::request::forget_expired(state.clone()));
    // Reminders only when a phone channel is set up: there is nothing to send them on otherwise.
    if !state.config.phone_channels().is_empty() {
        tasks.push(crate::channels::remind(state.clone()));
    }
    let server = HttpServer::new(move || app(state.clone()))
        .on_connect(crate::edge::on_connect)
        .workers(workers)
        .max_connections(per_worker)
        .bind(addr)
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?
        // On SIGTERM or SIGINT actix stops accepting, lets in-flight requests finish
        // (up to this many seconds) and returns, so the process exits 0.
        .shutdown_timeout(20)
        .run();
    tracing::info!(%addr, database = backend, ready_ms = started.elapsed().as_millis() as u64, "HYGO is listening");
    server.await.map_err(|e| format!("server: {e}"))?;
    // The background tasks finish their turn while the runtime is still there.
    crate::tasks::stop(tasks, std::time::Duration::from_secs(10)).await;
    tracing::info!("stopped");
    Ok(())
}

/// Holds HYGO's server lock (`hygo_core::db::SERVER_LOCK`) for as long as the
/// server runs, taken again when its connection was lost (a restart of the
/// database); let go when the server stops.
fn keep_server_lock(url: String, mut lock: hygo_core::db::ServerLock) -> actix_web::rt::task::JoinHandle<()> {
    actix_web::rt::spawn(async move {
        while crate::tasks::wait_or_stop(std::time::Duration::from_secs(30)).await {
            if lock.held().await {
                continue;
            }
            match hygo_core::db::hold_server_lock(&url).await {
                Ok(again) => {
                    lock = again;
                    tracing::info!("the server lock is held again");
                }
                Err(e) => tracing::warn!(error = %e, "the server lock was lost and cannot be taken again; will retry"),
            }
        }
    })
}

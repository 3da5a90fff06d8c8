//! What every handler shares: the database, the clock, the render pool and its
//! cache, the settings and the site's texts. Handlers, pages and forms depend on
//! this module; it depends on none of them.

use std::sync::Arc;

use hygo_render::RenderPool;

use crate::config::Config;

pub struct AppState {
    pub db: hygo_data::Db,
    /// "Now" in IST for slots and bookings; fixed in tests.
    pub clock: hygo_data::ist::Clock,
    pub renderer: RenderPool,
    /// Finished pages by URL and props, shared by every worker.
    pub render_cache: crate::cache::RenderCache,
    pub config: Arc<Config>,
    /// What every page gets as `site`: `catalogue/site.json` with the clinics, and
    /// the booking address of the settings (`bookingUrl`, null: our own form).
    pub site: serde_json::Value,
}

impl AppState {
    pub fn new(db: hygo_data::Db, clock: hygo_data::ist::Clock, renderer: RenderPool, config: Config) -> Self {
        let render_cache = crate::cache::RenderCache::new(config.render_cache_mb * 1024 * 1024, config.data_recheck);
        let mut site = hygo_data::catalogue::site().clone();
        site["bookingUrl"] = serde_json::json!(config.booking_url);
        site["lang"] = serde_json::json!(hygo_data::catalogue::LANGUAGES[0]);
        site["texts"] = hygo_data::catalogue::texts(hygo_data::catalogue::LANGUAGES[0]).cloned().unwrap_or_default();
        Self { db, clock, renderer, render_cache, site, config: Arc::new(config) }
    }
}


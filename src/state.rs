//! What every handler shares: the database, the clock, the render pool and its
//! cache, the settings and the site's texts. Handlers, pages and forms depend on
//! this module; it depends on none of them.

use std::sync::Arc;

use hygo_content::catalogue::{self, Clinic};
use hygo_render::RenderPool;
use serde::Serialize;
use ts_rs::TS;

use crate::config::Config;

pub struct AppState {
    pub db: hygo_core::Db,
    /// The database file as it was opened, watched for faults (`/healthz`, and
    /// every write before it is answered: `crate::actions::handle`).
    pub storage: hygo_core::db::Storage,
    /// "Now" in IST for slots and bookings; fixed in tests.
    pub clock: hygo_core::ist::Clock,
    pub renderer: RenderPool,
    /// Finished pages by URL and props, shared by every worker.
    pub render_cache: crate::cache::RenderCache,
    pub config: Arc<Config>,
    /// What every page gets as `site`: `catalogue/site.json` with `SiteAdditions`.
    pub site: serde_json::Value,
    /// What the staff console's pages get as `site`: `site` with `staffTexts`.
    pub staff_site: serde_json::Value,
    /// The server's random key (`crate::form_guard::server_key`), read once.
    pub server_key: tokio::sync::OnceCell<Vec<u8>>,
    /// Counters for `GET /metrics` (`crate::metrics`).
    pub metrics: crate::metrics::Metrics,
    /// When each staff session was last used on this instance (idle timeouts).
    pub session_uses: hygo_staff::sessions::Uses,
    /// The threads that hash and check staff passwords (`HYGO_HASH_THREADS`).
    pub hasher: hygo_staff::hashing::Hasher,
    /// Wakes the e-mail delivery task (`crate::mail`) after a write that may have
    /// queued a message, instead of its next round.
    pub mail_wake: tokio::sync::Notify,
}

impl AppState {
    pub fn new(db: hygo_core::Db, clock: hygo_core::ist::Clock, renderer: RenderPool, config: Config) -> Self {
        let render_cache = crate::cache::RenderCache::new(config.render_cache_mb * 1024 * 1024, config.data_recheck);
        let lang = catalogue::LANGUAGES[0];
        let additions = SiteAdditions {
            clinics: catalogue::clinics(),
            booking_url: config.booking_url.clone(),
            lang,
            texts: catalogue::texts(lang).unwrap_or(&serde_json::Value::Null),
        };
        let mut site = catalogue::site().clone();
        if let (Some(site), Ok(serde_json::Value::Object(more))) = (site.as_object_mut(), serde_json::to_value(&additions)) {
            site.extend(more);
        }
        let storage = hygo_core::db::Storage::new(&config.database_url);
        let mut staff_site = site.clone();
        if let Some(staff_site) = staff_site.as_object_mut() {
            staff_site.insert("staffTexts".into(), catalogue::staff_texts(lang).cloned().unwrap_or_default());
        }
        let hasher = hygo_staff::hashing::Hasher::start(config.hash_threads, config.hash_queue);
        Self {
            db,
            storage,
            clock,
            renderer,
            render_cache,
            site,
            staff_site,
            hasher,
            session_uses: Default::default(),
            metrics: Default::default(),
            config: Arc::new(config),
            server_key: tokio::sync::OnceCell::new(),
            mail_wake: tokio::sync::Notify::new(),
        }
    }

    /// A write committed that may have queued e-mail: deliver now.
    pub fn mail_queued(&self) {
        self.mail_wake.notify_one();
    }

    /// Who the clinic's e-mails go to and what their links say (`hygo_booking::notices`).
    pub fn notices(&self) -> hygo_booking::notices::Notices {
        let from = &self.config.mail_from;
        let organizer = from.rsplit_once('<').and_then(|(_, rest)| rest.strip_suffix('>')).unwrap_or(from).trim().to_owned();
        hygo_booking::notices::Notices { clinic_email: self.config.clinic_email.clone(), public_url: self.config.public_url.clone(), organizer }
    }
}


/// What the server adds to `catalogue/site.json` for every page's `site` (the
/// TypeScript `Site` is the two together).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SiteAdditions {
    /// The clinics (`catalogue/clinics.json`), the first the main one.
    pub clinics: &'static [Clinic],
    /// An external booking site (the `HYGO_BOOKING_URL` setting); null: our own request form.
    pub booking_url: Option<String>,
    /// The page's language (BCP 47), for `<html lang>` and the texts.
    pub lang: &'static str,
    /// The interface texts of that language, by area (`ui/src/lib/texts.ts`).
    #[ts(type = "Texts")]
    pub texts: &'static serde_json::Value,
}

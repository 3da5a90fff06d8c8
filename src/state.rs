//! What every handler shares: the database, the clock, the render pool and its
//! cache, the settings and the site's texts. Handlers, pages and forms depend on
//! this module; it depends on none of them.

use std::sync::Arc;

use hygo_content::{Clinic, Content, Site, Texts};
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
    /// The same for the phone messages' tasks (`crate::channels`), all at once.
    pub phones_wake: tokio::sync::Notify,
}

impl AppState {
    pub fn new(
        db: hygo_core::Db,
        clock: hygo_core::ist::Clock,
        renderer: RenderPool,
        config: Config,
    ) -> Self {
        let render_cache = crate::cache::RenderCache::new(
            config.render_cache_mb * 1024 * 1024,
            config.data_recheck,
        );
        let storage = hygo_core::db::Storage::new(&config.database_url);
        let hasher = hygo_staff::hashing::Hasher::start(config.hash_threads, config.hash_queue);
        Self {
            db,
            storage,
            clock,
            renderer,
            render_cache,
            hasher,
            session_uses: Default::default(),
            metrics: Default::default(),
            config: Arc::new(config),
            server_key: tokio::sync::OnceCell::new(),
            mail_wake: tokio::sync::Notify::new(),
            phones_wake: tokio::sync::Notify::new(),
        }
    }

    /// A write committed that may have queued e-mail or phone messages: deliver now.
    pub fn mail_queued(&self) {
        self.mail_wake.notify_one();
        self.phones_wake.notify_waiters();
    }
}

/// What every page gets as `site`: `catalogue/site.json` of the page's language
/// and what the server adds (the clinics, the booking address, the language and
/// its interface texts; on the console's pages, the console's texts too).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "Site")]
pub struct PageSite {
    #[serde(flatten)]
    pub catalogue: Site,
    /// The clinics (`catalogue/clinics.json`), the first the main one.
    pub clinics: Arc<Vec<Clinic>>,
    /// An external booking site (the `HYGO_BOOKING_URL` setting); null: our own request form.
    pub booking_url: Option<String>,
    /// The page's language (BCP 47), for `<html lang>` and the texts.
    pub lang: &'static str,
    /// The languages the site serves (`HYGO_LANGUAGES`), for the language switcher.
    pub languages: Vec<LanguageName>,
    /// The interface texts of that language, by area (`ui/src/lib/texts.ts`).
    #[ts(type = "Texts")]
    pub texts: Arc<Texts>,
    /// The console's texts, on its pages only, so public pages never carry them;
    /// a page before signing in carries only its own areas (`Console::SignedOut`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "StaffTexts")]
    pub staff_texts: Option<Arc<Texts>>,
}

/// A language the site serves: its tag, its name in itself, and the offer of
/// a page in it to a visitor whose browser prefers it, in its own words.
#[derive(Debug, Clone, Serialize, TS)]
pub struct LanguageName {
    pub tag: &'static str,
    pub name: &'static str,
    pub offer: LanguageOffer,
}

/// `languageOffer.*` of a language's messages: "આ પેજ ગુજરાતીમાં પણ છે."
#[derive(Debug, Clone, Serialize, TS)]
pub struct LanguageOffer {
    pub text: String,
    pub open: String,
    pub dismiss: String,
}

impl LanguageName {
    fn of(lang: hygo_content::Lang) -> Self {
        let c = hygo_content::get(lang);
        let word = |key: &str| c.message(key).to_owned();
        let offer = LanguageOffer { text: word("languageOffer.text"), open: word("languageOffer.open"), dismiss: word("languageOffer.dismiss") };
        LanguageName { tag: lang.as_str(), name: lang.autonym(), offer }
    }
}

impl PageSite {
    /// The `site` of a page made from `content`; `console`: whether, and how
    /// far, it is a console page.
    pub fn of(content: &Content, config: &Config, console: Console) -> Self {
        PageSite {
            catalogue: (*content.site).clone(),
            clinics: content.clinics.clone(),
            booking_url: config.booking_url.clone(),
            lang: content.lang.as_str(),
            languages: config.languages.iter().map(|l| LanguageName::of(*l)).collect(),
            texts: content.texts.clone(),
            staff_texts: match console {
                Console::No => None,
                Console::SignedIn => Some(content.staff_texts.clone()),
                Console::SignedOut => Some(Arc::new(
                    content.staff_texts.iter().filter(|(area, _)| SIGNED_OUT_AREAS.contains(&area.as_str())).map(|(a, t)| (a.clone(), t.clone())).collect(),
                )),
            },
        }
    }
}

/// Which of the console's texts a page carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Console {
    /// A public page: none.
    No,
    /// A page for a signed-in session: all of them (its links move in place, and
    /// the texts are the tab's for as long as it stays: `ui/src/lib/props.tsx`).
    SignedIn,
    /// A page before signing in (the sign-in, its code step, a set-up link): its
    /// frame's and its own, a sixth of the rest (issue 44: during a flood of
    /// wrong passwords every refusal is this page again, and it was 121,981
    /// bytes). Leaving such a page is a form's post or a link that loads the next
    /// page whole (`StaffLink` moves in place only with a session).
    SignedOut,
}

/// The console's text areas a page before signing in uses (`ui/src/pages/StaffSignIn.tsx`,
/// `StaffSetup.tsx`, the frame in `ui/src/components/staff.tsx`).
pub const SIGNED_OUT_AREAS: [&str; 3] = ["frame", "signIn", "setup"];

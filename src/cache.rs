//! The render cache: finished HTML documents, kept ready to send.
//!
//! A page is a pure function of its URL and its props (the render contract). Most
//! pages' props come from the catalogue and from the doctors' tables, which
//! database triggers version (`hygo_core::data_version`): such a page is kept by
//! URL and data version, so serving it from memory needs no query, no props and
//! no render. The version is asked for at most every `HYGO_DATA_RECHECK_MS`; when
//! a doctor is edited, here or by another app instance on the same PostgreSQL
//! database, the next check sees a new version and the pages are rendered again.
//!
//! Pages that show bookings or a visitor's token (the booking wizards, the
//! unsubscribe page) are kept by URL and their props' hash instead: their props
//! are read on every request, and the date is among them. A form answered with a
//! visitor's values is never kept. The site search's answers are kept by text and
//! catalogue version, the free slots by doctor, date, both versions and the minute.
//!
//! Each entry holds the document with its brotli and gzip forms, compressed once
//! when rendered. Memory is bounded: the least recently used entries go first.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use sha2::{Digest, Sha256};
use tokio::sync::watch;

use crate::encoding::{self, Encoding};
use hygo_core::data_version::Versions;

/// A finished page.
#[derive(Clone)]
pub struct Cached {
    /// The document; cloning it shares the bytes.
    pub html: Bytes,
    /// The same document compressed, when it is kept (made once, see `compressed`).
    pub br: Option<Bytes>,
    pub gzip: Option<Bytes>,
    pub status: u16,
    /// A strong validator for `ETag`, quoted.
    pub etag: Arc<str>,
}

impl Cached {
    /// A page as rendered, not yet compressed.
    pub fn new(html: String, status: u16) -> Self {
        Cached { etag: etag(&html).into(), html: html.into_bytes().into(), br: None, gzip: None, status }
    }

    /// The page with its brotli and gzip forms, to be kept and sent many times.
    /// A body under 1 KB is left as it is: compressing it gains next to nothing.
    pub fn compressed(self) -> Self {
        if self.html.len() < 1024 {
            return self;
        }
        let br = Some(Bytes::from(encoding::brotli(&self.html)));
        let gzip = Some(Bytes::from(encoding::gzip(&self.html)));
        Cached { br, gzip, ..self }
    }

    /// The body to send for a request accepting `wanted`, and its coding. Without
    /// a ready-made form the document goes as it is (and `Compress` may compress it).
    pub fn body_for(&self, wanted: Encoding) -> (Bytes, Encoding) {
        encoding::pick(wanted, self.html.clone(), self.br.clone(), self.gzip.clone())
    }

    /// The validator of the page sent in `coding`: each coding is its own
    /// representation, so its own strong tag.
    pub fn etag_for(&self, coding: Encoding) -> String {
        match coding.header_value() {
            Some(name) => format!("{}-{name}\"", self.etag.trim_end_matches('"')),
            None => self.etag.to_string(),
        }
    }

    fn size(&self) -> usize {
        self.html.len() + self.br.as_ref().map_or(0, Bytes::len) + self.gzip.as_ref().map_or(0, Bytes::len) + 128
    }
}

pub struct RenderCache {
    max_bytes: usize,
    recheck: Duration,
    inner: Mutex<Inner>,
    /// The last data versions read, and when.
    version: Mutex<Option<(Versions, Instant)>>,
    clock: AtomicU64,
    /// Pages answered from the cache (kept, or rendered for another request
    /// asking at the same time), and pages this request rendered: `/metrics`.
    hits: AtomicU64,
    misses: AtomicU64,
}

/// The result of a render, shared by everyone who waited for it.
type Outcome = Option<Result<Cached, StatusCode>>;

#[derive(Default)]
struct Inner {
    /// Each page by its slot (see `RenderCache::page`).
    entries: HashMap<[u8; 32], Entry>,
    bytes: usize,
    /// The renders under way, by slot: who wants the same page waits for this one.
    /// The renders under way: by slot, the flight's id, what it renders from, and its result to come.
    flights: HashMap<[u8; 32], (u64, [u8; 32], watch::Receiver<Outcome>)>,
    flight_ids: u64,
}

struct Entry {
    page: Cached,
    /// What the page was made from (a hash of the data version and day, or of the props).
    made_from: [u8; 32],
    /// The tick it was last used at.
    used: u64,
}

/// Whether a page may push others out of memory to be kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Room {
    /// A page at its plain address: the least recently used pages make room for it.
    Any,
    /// A page at an address with a query, or answering an error: anyone can make
    /// any number of those, so it is kept only in memory nobody uses; it never
    /// pushes a page out.
    Free,
}

/// A key: SHA-256 of the URL and what the page was made from (the data version,
/// or the props' JSON).
pub fn key(url: &str, made_from: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(url.as_bytes());
    h.update([0]);
    h.update(made_from.as_bytes());
    h.finalize().into()
}

/// The `ETag` of a document: its own hash, so equal bytes give equal tags.
pub fn etag(html: &str) -> String {
    let digest = Sha256::digest(html.as_bytes());
    format!("\"{}\"", digest[..12].iter().map(|b| format!("{b:02x}")).collect::<String>())
}

/// Ends a render's flight however its request ends: answered, or dropped with
/// the connection (then those waiting look again, and one of them renders).
struct Flight<'a> {
    cache: &'a RenderCache,
    slot: [u8; 32],
    id: u64,
    done: watch::Sender<Outcome>,
}

impl Drop for Flight<'_> {
    fn drop(&mut self) {
        let mut inner = self.cache.lock();
        if inner.flights.get(&self.slot).is_some_and(|(id, _, _)| *id == self.id) {
            inner.flights.remove(&self.slot);
        }
    }
}

impl RenderCache {
    pub fn new(max_bytes: usize, recheck: Duration) -> Self {
        Self {
            max_bytes,
            recheck,
            inner: Mutex::default(),
            version: Mutex::default(),
            clock: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }

    /// Lookups answered from the cache, and lookups that rendered, since start.
    pub fn lookups(&self) -> (u64, u64) {
        (self.hits.load(Ordering::Relaxed), self.misses.load(Ordering::Relaxed))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The data versions, read from the database when the last reading is older
    /// than the recheck interval.
    pub async fn data_version(&self, db: &hygo_core::Db) -> Result<Versions, hygo_core::DataError> {
        if let Some((version, at)) = *self.version.lock().unwrap_or_else(|e| e.into_inner()) {
            if at.elapsed() < self.recheck {
                return Ok(version);
            }
        }
        let version = hygo_core::data_version::current(db).await?;
        *self.version.lock().unwrap_or_else(|e| e.into_inner()) = Some((version, Instant::now()));
        Ok(version)
    }

    /// This process has just changed data (a booking): the next request reads the
    /// versions again, so it never shows its own change late. That request, the
    /// first to see the new version of a page, renders it and gets it; only a
    /// request for the same page while that render runs gets the previous one.
    pub fn data_changed(&self) {
        *self.version.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The page kept in `slot` if it was made from `made_from`; otherwise `render`
    /// makes it, once for everyone asking at the same time:
    /// - nobody is rendering this slot: this request renders, keeps the page
    ///   (in the `room` it may take) and gets it;
    /// - someone is: with `previous` and an older page kept in the slot, that page
    ///   at once (after a change, visitors get the previous page until the new one
    ///   is rendered); otherwise this request waits for that render's result, when
    ///   it renders the same thing (without `previous`, another version is rendered
    ///   for this request too).
    ///
    /// A slot holds one page: a new version replaces the old one, so a page whose
    /// props change every few seconds (a form's token) takes one entry, not one
    /// per version.
    pub async fn page<F, Fut>(
        &self,
        slot: [u8; 32],
        made_from: [u8; 32],
        previous: bool,
        room: impl Fn(&Cached) -> Room,
        render: F,
    ) -> Result<Cached, StatusCode>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Cached, StatusCode>>,
    {
        let mut render = Some(render);
        loop {
            let mut waiting = {
                let tick = self.clock.fetch_add(1, Ordering::Relaxed);
                let mut inner = self.lock();
                let kept = inner.entries.get_mut(&slot).map(|entry| {
                    entry.used = tick;
                    (entry.made_from == made_from, entry.page.clone())
                });
                match (kept, inner.flights.get(&slot)) {
                    (Some((true, page)), _) => {
                        self.hits.fetch_add(1, Ordering::Relaxed);
                        return Ok(page);
                    }
                    (Some((false, page)), Some(_)) if previous => {
                        self.hits.fetch_add(1, Ordering::Relaxed);
                        return Ok(page);
                    }
                    (_, Some((_, from, flight))) if previous || *from == made_from => flight.clone(),
                    (_, Some(_)) => {
                        self.misses.fetch_add(1, Ordering::Relaxed);
                        // Another version of this page is being rendered: this one is
                        // rendered too, and kept in the slot in its turn.
                        drop(inner);
                        let render = render.take().expect("a request renders at most once");
                        let result = render().await;
                        if let Ok(page) = &result {
                            self.put(slot, made_from, page.clone(), room(page));
                        }
                        return result;
                    }
                    (_, None) => {
                        self.misses.fetch_add(1, Ordering::Relaxed);
                        inner.flight_ids += 1;
                        let (done, waiting) = watch::channel(None);
                        let id = inner.flight_ids;
                        inner.flights.insert(slot, (id, made_from, waiting));
                        drop(inner);
                        let flight = Flight { cache: self, slot, id, done };
                        // Only the first pass can lead: a leader returns below.
                        let render = render.take().expect("a request leads at most one render");
                        let result = render().await;
                        if let Ok(page) = &result {
                            self.put(slot, made_from, page.clone(), room(page));
                        }
                        flight.done.send_replace(Some(result.clone()));
                        return result;
                    }
                }
            };
            if let Ok(outcome) = waiting.wait_for(Option::is_some).await {
                if let Some(result) = outcome.clone() {
                    self.hits.fetch_add(1, Ordering::Relaxed);
                    return result;
                }
            }
            // The render's request went away before it finished: look again.
        }
    }

    /// Keeps a page in its slot, replacing what the slot held.
    pub fn put(&self, slot: [u8; 32], made_from: [u8; 32], page: Cached, room: Room) {
        let size = page.size();
        if size > self.max_bytes / 4 {
            return; // one page may not crowd out the rest
        }
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut inner = self.lock();
        let replaced = inner.entries.get(&slot).map_or(0, |old| old.page.size());
        if room == Room::Free && inner.bytes - replaced + size > self.max_bytes {
            return;
        }
        if let Some(old) = inner.entries.insert(slot, Entry { page, made_from, used: tick }) {
            inner.bytes -= old.page.size();
        }
        inner.bytes += size;
        // Eviction scans the entries; it happens only when memory is full, which
        // keeps every hit a constant-time lookup.
        while inner.bytes > self.max_bytes {
            let Some(oldest) = inner.entries.iter().min_by_key(|(_, entry)| entry.used).map(|(k, _)| *k) else { break };
            if let Some(gone) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.page.size();
            }
        }
    }

    /// The page kept in a slot, whatever it was made from, now recently used.
    pub fn get(&self, slot: &[u8; 32]) -> Option<Cached> {
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut inner = self.lock();
        let entry = inner.entries.get_mut(slot)?;
        entry.used = tick;
        Some(entry.page.clone())
    }

    /// Entries and bytes held (for tests and the benchmark).
    pub fn usage(&self) -> (usize, usize) {
        let inner = self.lock();
        (inner.entries.len(), inner.bytes)
    }

    /// Renders under way (for tests).
    pub fn flights(&self) -> usize {
        self.lock().flights.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> Cached {
        Cached::new(text.to_owned(), 200)
    }

    #[test]
    fn keys_follow_what_pages_are_made_from_and_memory_is_bounded() {
        assert_ne!(key("/doctors", r#"{"a":1}"#), key("/doctors", r#"{"a":2}"#), "changed data, another key");
        assert_ne!(key("/doctors", "7"), key("/doctors", "8"), "another data version, another key");
        assert_ne!(key("/a", "{}"), key("/b", "{}"));
        let cache = RenderCache::new(4 * (1000 + 128), Duration::ZERO);
        for i in 0..6u8 {
            cache.put([i; 32], [0; 32], page(&"x".repeat(1000)), Room::Any);
        }
        assert_eq!(cache.usage().0, 4, "the oldest went");
        assert!(cache.get(&[0; 32]).is_none());
        assert!(cache.get(&[2; 32]).is_some());
        cache.put([9; 32], [0; 32], page(&"y".repeat(1000)), Room::Any);
        assert!(cache.get(&[2; 32]).is_some(), "recently used stays");
        assert!(cache.get(&[3; 32]).is_none(), "least recently used went");
        assert!(cache.usage().1 <= 4 * 1128);
        cache.put([7; 32], [0; 32], page(&"z".repeat(5000)), Room::Any);
        assert!(cache.get(&[7; 32]).is_none(), "too large to keep");
        // A page anyone can make up (a query, an error) never pushes one out.
        cache.put([8; 32], [0; 32], page(&"q".repeat(1000)), Room::Free);
        assert!(cache.get(&[8; 32]).is_none(), "no free room, not kept");
        assert_eq!(cache.usage().0, 4, "nothing pushed out");
        cache.put([9; 32], [1; 32], page(&"y".repeat(900)), Room::Free);
        assert!(cache.get(&[9; 32]).is_some_and(|p| p.html.len() == 900), "replacing its own slot it fits");
    }

    #[tokio::test]
    async fn one_render_per_slot_and_the_previous_page_while_it_runs() {
        use std::sync::atomic::AtomicUsize;
        let cache = RenderCache::new(1 << 20, Duration::ZERO);
        let renders = AtomicUsize::new(0);
        let (release, released) = watch::channel(false);
        let render = |text: &'static str| {
            let mut released = released.clone();
            let renders = &renders;
            move || async move {
                renders.fetch_add(1, Ordering::SeqCst);
                let _ = released.wait_for(|r| *r).await;
                Ok(page(text))
            }
        };
        // Eight at once for a page nobody has: one renders, seven wait for it.
        let asks: Vec<_> = (0..8).map(|_| cache.page([1; 32], [1; 32], true, |_| Room::Any, render("v1"))).collect();
        let all = futures_util::future::join_all(asks);
        let opened = async {
            tokio::task::yield_now().await;
            assert_eq!(cache.flights(), 1, "one render under way");
            release.send_replace(true);
        };
        let (pages, ()) = tokio::join!(all, opened);
        assert!(pages.iter().all(|p| p.as_ref().is_ok_and(|p| &p.html[..] == b"v1")));
        assert_eq!((renders.load(Ordering::SeqCst), cache.flights()), (1, 0), "rendered once");

        // The data changed: the first asking renders the new page; while it
        // does, the others get the previous one at once.
        release.send_replace(false);
        let leader = cache.page([1; 32], [2; 32], true, |_| Room::Any, render("v2"));
        let others = async {
            tokio::task::yield_now().await;
            let mut seen = Vec::new();
            for _ in 0..5 {
                let page = cache.page([1; 32], [2; 32], true, |_| Room::Any, render("never")).await.unwrap();
                seen.push(String::from_utf8(page.html.to_vec()).unwrap());
            }
            release.send_replace(true);
            seen
        };
        let (fresh, seen) = tokio::join!(leader, others);
        assert_eq!(seen, vec!["v1"; 5], "the previous page while the new one renders");
        assert_eq!(&fresh.unwrap().html[..], b"v2", "the one who rendered it gets the new page");
        assert_eq!(renders.load(Ordering::SeqCst), 2, "one more render");
        let now = cache.page([1; 32], [2; 32], true, |_| Room::Any, render("never")).await.unwrap();
        assert_eq!(&now.html[..], b"v2", "then everyone gets the new page");
    }

    #[tokio::test]
    async fn a_page_whose_props_keep_changing_takes_one_entry() {
        // A form's page: its token, and so its props, change every few seconds.
        let cache = RenderCache::new(1 << 20, Duration::ZERO);
        for version in 0..100u8 {
            let text = format!("token {version}");
            let page = cache.page([7; 32], [version; 32], false, |_| Room::Any, || async { Ok(page(&text)) }).await.unwrap();
            assert_eq!(page.html, Bytes::from(text), "each version is the page asked for");
        }
        assert_eq!(cache.usage().0, 1, "one slot, the latest version in it");
        let kept = cache.page([7; 32], [99; 32], false, |_| Room::Any, || async { Ok(page("never")) }).await.unwrap();
        assert_eq!(&kept.html[..], b"token 99", "and it is served from the slot");
    }

    #[test]
    fn a_kept_page_is_sent_in_the_coding_asked_for() {
        let html = "<main>HYGO</main>".repeat(100);
        let kept = page(&html).compressed();
        assert!(kept.size() > html.len(), "the compressed forms are counted");
        let (body, coding) = kept.body_for(Encoding::Brotli);
        assert_eq!((coding, body.len()), (Encoding::Brotli, kept.br.as_ref().unwrap().len()));
        assert_eq!(kept.body_for(Encoding::Gzip).1, Encoding::Gzip);
        assert_ne!(kept.etag_for(Encoding::Brotli), kept.etag_for(Encoding::Gzip), "a tag per representation");
        assert!(kept.etag_for(Encoding::Gzip).ends_with("-gzip\""));
        assert_eq!(kept.body_for(Encoding::Identity), (Bytes::from(html.clone()), Encoding::Identity));
        // Not kept (a form's answer): sent as it is.
        assert_eq!(page(&html).body_for(Encoding::Brotli).1, Encoding::Identity);
    }

    #[test]
    fn equal_documents_have_equal_tags() {
        assert_eq!(etag("<p>a</p>"), etag("<p>a</p>"));
        assert_ne!(etag("<p>a</p>"), etag("<p>b</p>"));
        assert!(etag("x").starts_with('"') && etag("x").ends_with('"'));
    }
}

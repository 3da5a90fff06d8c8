//! The render cache: finished HTML documents, kept ready to send.
//!
//! A page is a pure function of its URL and its props (the render contract). Most
//! pages' props come from the catalogue and from the doctors' tables, which
//! database triggers version (`hygo_data::data_version`): such a page is kept by
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
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use sha2::{Digest, Sha256};

use crate::encoding::{self, Encoding};
use hygo_data::data_version::Versions;

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
}

#[derive(Default)]
struct Inner {
    /// Each entry with the tick it was last used at.
    entries: HashMap<[u8; 32], (Cached, u64)>,
    bytes: usize,
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

impl RenderCache {
    pub fn new(max_bytes: usize, recheck: Duration) -> Self {
        Self { max_bytes, recheck, inner: Mutex::default(), version: Mutex::default(), clock: AtomicU64::new(0) }
    }

    /// The data versions, read from the database when the last reading is older
    /// than the recheck interval.
    pub async fn data_version(&self, db: &hygo_data::Db) -> Result<Versions, hygo_data::DataError> {
        if let Some((version, at)) = *self.version.lock().unwrap_or_else(|e| e.into_inner()) {
            if at.elapsed() < self.recheck {
                return Ok(version);
            }
        }
        let version = hygo_data::data_version::current(db).await?;
        *self.version.lock().unwrap_or_else(|e| e.into_inner()) = Some((version, Instant::now()));
        Ok(version)
    }

    /// This process has just changed data (a booking): the next request reads the
    /// versions again, so it never shows its own change late.
    pub fn data_changed(&self) {
        *self.version.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    pub fn get(&self, key: &[u8; 32]) -> Option<Cached> {
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let (page, used) = inner.entries.get_mut(key)?;
        *used = tick;
        Some(page.clone())
    }

    pub fn put(&self, key: [u8; 32], page: Cached) {
        let size = page.size();
        if size > self.max_bytes / 4 {
            return; // one page may not crowd out the rest
        }
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((old, _)) = inner.entries.insert(key, (page, tick)) {
            inner.bytes -= old.size();
        }
        inner.bytes += size;
        // Eviction scans the entries; it happens only when memory is full, which
        // keeps every hit a constant-time lookup.
        while inner.bytes > self.max_bytes {
            let Some(oldest) = inner.entries.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| *k) else { break };
            if let Some((gone, _)) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.size();
            }
        }
    }

    /// Entries and bytes held (for tests and the benchmark).
    pub fn usage(&self) -> (usize, usize) {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        (inner.entries.len(), inner.bytes)
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
            cache.put([i; 32], page(&"x".repeat(1000)));
        }
        assert_eq!(cache.usage().0, 4, "the oldest went");
        assert!(cache.get(&[0; 32]).is_none());
        assert!(cache.get(&[2; 32]).is_some());
        cache.put([9; 32], page(&"y".repeat(1000)));
        assert!(cache.get(&[2; 32]).is_some(), "recently used stays");
        assert!(cache.get(&[3; 32]).is_none(), "least recently used went");
        assert!(cache.usage().1 <= 4 * 1128);
        cache.put([7; 32], page(&"z".repeat(5000)));
        assert!(cache.get(&[7; 32]).is_none(), "too large to keep");
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

//! The render cache: finished HTML documents, kept by what they are made from.
//!
//! A page is a pure function of its URL and its props (the render contract), and
//! the props are read from the database on every request. So the key is a hash of
//! the URL and the props' JSON: when a doctor is edited, here or by another app
//! instance on the same PostgreSQL database, the props differ and the old entry is
//! simply never asked for again. Pages that depend on the date carry the date in
//! their props; a form answered with the visitor's values is never cached. What
//! the cache saves is the render in the JavaScript runtime, by far the largest
//! cost of a page. Memory is bounded: the least recently used entries go first.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use actix_web::web::Bytes;
use sha2::{Digest, Sha256};

/// A finished page.
#[derive(Clone)]
pub struct Cached {
    /// The document; cloning it shares the bytes.
    pub html: Bytes,
    pub status: u16,
    /// A strong validator for `ETag`, quoted.
    pub etag: Arc<str>,
}

pub struct RenderCache {
    max_bytes: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<[u8; 32], Cached>,
    /// Keys from least to most recently used.
    order: VecDeque<[u8; 32]>,
    bytes: usize,
}

/// The key of a page: SHA-256 of its URL and its props.
pub fn key(url: &str, props_json: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(url.as_bytes());
    h.update([0]);
    h.update(props_json.as_bytes());
    h.finalize().into()
}

/// The `ETag` of a document: its own hash, so equal bytes give equal tags.
pub fn etag(html: &str) -> String {
    let digest = Sha256::digest(html.as_bytes());
    format!("\"{}\"", digest[..12].iter().map(|b| format!("{b:02x}")).collect::<String>())
}

impl RenderCache {
    pub fn new(max_bytes: usize) -> Self {
        Self { max_bytes, inner: Mutex::new(Inner::default()) }
    }

    pub fn get(&self, key: &[u8; 32]) -> Option<Cached> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let found = inner.entries.get(key)?.clone();
        if let Some(i) = inner.order.iter().position(|k| k == key) {
            inner.order.remove(i);
        }
        inner.order.push_back(*key);
        Some(found)
    }

    pub fn put(&self, key: [u8; 32], page: Cached) {
        let size = page.html.len() + 128;
        if size > self.max_bytes / 4 {
            return; // one page may not crowd out the rest
        }
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = inner.entries.insert(key, page) {
            inner.bytes -= old.html.len() + 128;
            if let Some(i) = inner.order.iter().position(|k| *k == key) {
                inner.order.remove(i);
            }
        }
        inner.bytes += size;
        inner.order.push_back(key);
        while inner.bytes > self.max_bytes {
            let Some(oldest) = inner.order.pop_front() else { break };
            if let Some(gone) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.html.len() + 128;
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
        Cached { html: Bytes::copy_from_slice(text.as_bytes()), status: 200, etag: etag(text).into() }
    }

    #[test]
    fn keys_follow_the_props_and_memory_is_bounded() {
        assert_ne!(key("/doctors", r#"{"a":1}"#), key("/doctors", r#"{"a":2}"#), "changed data, another key");
        assert_ne!(key("/a", "{}"), key("/b", "{}"));
        let cache = RenderCache::new(4 * (1000 + 128));
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
    fn equal_documents_have_equal_tags() {
        assert_eq!(etag("<p>a</p>"), etag("<p>a</p>"));
        assert_ne!(etag("<p>a</p>"), etag("<p>b</p>"));
        assert!(etag("x").starts_with('"') && etag("x").ends_with('"'));
    }
}

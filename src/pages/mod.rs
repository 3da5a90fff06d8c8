//! Server-rendered pages. A request's path is matched against the page registry
//! (`registry::find`), the page's props are loaded from the database and the
//! catalogue, React renders them in the embedded runtime, and the askama shell
//! wraps the markup. `GET /api/props` hands the same props to the browser after
//! hydration, so a page reached by a link and one loaded directly are the same.

mod appointment;
mod content;
mod department;
mod departments;
mod doctor;
mod doctors;
mod home;
mod news;
pub mod registry;
mod newsletter;
mod search;
mod services;
mod specialization;
mod subscription;
pub mod render;
pub mod seo;

use std::future::Future;
use std::pin::Pin;

use serde::Serialize;
use serde_json::Value;

use crate::state::AppState;
use hygo_data::DataError;
pub use registry::{Found, Keep, Page, Robots, PAGES};

/// A page's data function: `load` in the page's module, listed in the registry.
pub type Loader = for<'a> fn(&'a Cx<'a>) -> Pin<Box<dyn Future<Output = Result<Loaded, DataError>> + 'a>>;

/// What a page's data function gets: the state, its registry entry, the values of
/// the path's `{…}` segments and the query string.
pub struct Cx<'a> {
    pub state: &'a AppState,
    pub page: &'static Page,
    pub params: &'a [(&'static str, String)],
    pub query: &'a str,
}

impl Cx<'_> {
    /// A `{name}` segment of the path, decoded.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// A query parameter, decoded.
    pub fn query(&self, name: &str) -> Option<String> {
        query_param(self.query, name)
    }

    pub fn db(&self) -> &hygo_data::Db {
        &self.state.db
    }

    pub fn clock(&self) -> &hygo_data::ist::Clock {
        &self.state.clock
    }

    /// The site's meta texts (`catalogue/site.json`, `meta`).
    pub fn meta(&self, path: &str) -> &'static str {
        hygo_data::catalogue::text(&hygo_data::catalogue::site()["meta"], path)
    }

    /// An address on this site as visitors see it (for JSON-LD).
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.state.config.public_url)
    }
}

/// What a data function answers: the status, the page's data and its head.
pub struct Loaded {
    pub status: u16,
    pub data: Value,
    pub head: Head,
}

impl Loaded {
    pub fn ok(data: Value, head: Head) -> Self {
        Loaded { status: 200, data, head }
    }

    pub fn not_found(data: Value, head: Head) -> Self {
        Loaded { status: 404, data, head }
    }
}

/// The document head of a page, made once, by its data function: the title and
/// description (also in the props, for the browser's title after a navigation),
/// the canonical path and the JSON-LD.
#[derive(Debug, Clone, Serialize)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// The path search engines should index; None: the page's first path.
    #[serde(skip)]
    pub canonical: Option<String>,
    #[serde(skip)]
    pub structured_data: Option<Value>,
}

impl Head {
    pub fn new(title: impl Into<String>, description: impl Into<String>) -> Self {
        Head { title: title.into(), description: description.into(), canonical: None, structured_data: None }
    }

    /// The head of `site.json`'s `meta.{key}`.
    pub fn meta(key: &str) -> Self {
        let meta = &hygo_data::catalogue::site()["meta"][key];
        Head::new(hygo_data::catalogue::text(meta, "title"), hygo_data::catalogue::text(meta, "description"))
    }

    pub fn canonical(mut self, path: impl Into<String>) -> Self {
        self.canonical = Some(path.into());
        self
    }

    fn canonical_if_unset(mut self, path: String) -> Self {
        self.canonical.get_or_insert(path);
        self
    }

    pub fn structured_data(mut self, value: Option<Value>) -> Self {
        self.structured_data = value;
        self
    }
}

/// What React renders a page from (docs/architecture.md, "Props").
#[derive(Debug, Serialize)]
pub struct Props<'a> {
    /// The registry's name of the page.
    pub page: &'static str,
    /// The component that draws it (`ui/src/pages/<component>.tsx`).
    pub component: &'static str,
    pub path: String,
    pub status: u16,
    pub head: Head,
    pub site: &'a Value,
    pub data: Value,
    /// A form's state when a no-JavaScript post is answered with its page again:
    /// `{status, values, errors, message}` and, for the wizards, `step`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<Value>,
}

/// Loads the props of a page found for `path` (the path and query they are for).
pub async fn load<'a>(state: &'a AppState, found: &Found, path: String) -> Result<Props<'a>, DataError> {
    let query = path.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let cx = Cx { state, page: found.page, params: &found.params, query };
    let Loaded { status, data, head } = (found.page.load)(&cx).await?;
    Ok(Props { page: found.page.name, component: found.page.component, path: path.clone(), status, head, site: &state.site, data, form: None })
}

/// The first sentences of a text, at most `max` characters, for a description.
pub fn first_sentences(text: &str, max: usize) -> String {
    let clean = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if clean.chars().count() <= max {
        return clean;
    }
    let cut: String = clean.chars().take(max).collect();
    if let Some(stop) = cut.rfind(". ").filter(|s| cut[..*s].chars().count() > 60) {
        return cut[..=stop].to_owned();
    }
    let end = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", &cut[..end])
}

pub fn positive_id(text: &str) -> Option<i32> {
    text.parse::<i32>().ok().filter(|id| *id > 0)
}

/// The first value of `name` in a query string, percent-decoded.
pub fn query_param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == name).then(|| percent_decode(v))
    })
}

pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_params_are_decoded() {
        assert_eq!(query_param("a=1&b=x%20y+z", "b").as_deref(), Some("x y z"));
        assert_eq!(query_param("a=%", "a").as_deref(), Some("%"));
        assert_eq!(query_param("a=%e0%a4", "a").as_deref(), Some("\u{fffd}"));
        assert_eq!(query_param("a", "a").as_deref(), Some(""));
        assert_eq!(query_param("", "a"), None);
    }

    #[test]
    fn descriptions_stop_at_a_sentence_or_a_word() {
        assert_eq!(first_sentences("  Short   text. ", 160), "Short text.");
        let long = format!("{} Second sentence goes on and on.", "First sentence is long enough to pass sixty characters easily.");
        assert_eq!(first_sentences(&long, 70), "First sentence is long enough to pass sixty characters easily.");
        assert_eq!(first_sentences(&"word ".repeat(50), 22), "word word word word…");
    }
}

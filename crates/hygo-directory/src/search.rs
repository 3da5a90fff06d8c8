//! The site search (spec sections 2, 4, 5 and 9): doctors from the database;
//! departments, services and specializations from the catalogue; and the site's
//! own pages and news articles (`catalogue/search.json`), so "appointment",
//! "health card" or "privacy" lead somewhere. Nothing for fewer than 2
//! characters after trimming; at most 10 results.
//!
//! Matching is case-insensitive and, as the spec has it, on substrings of a name
//! or a description. What matters is the order: a result whose name is the text,
//! or whose name or keywords hold it as whole words or word starts, comes before
//! one that merely contains the letters somewhere in its description ("ent" finds
//! the ENT department first, not "treatment"). Ties keep the spec's order of
//! kinds: doctors, departments, services, specializations, then pages.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::ist::Clock;
use crate::{catalogue, doctors, DataError, Db};

pub const MIN_CHARS: usize = 2;
pub const MAX_RESULTS: usize = 10;

#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
pub struct SearchResult {
    /// "doctor", "department", "service", "specialization", "page" or "article".
    #[serde(rename = "type")]
    #[ts(type = r#""doctor" | "department" | "service" | "specialization" | "page" | "article""#)]
    pub kind: &'static str,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// The site path of the result's page.
    pub link: String,
    pub id: String,
}

/// The kinds of result whose page the server's registry addresses: the caller of
/// `search` gives their links (`crate` builds no page address; the server's
/// routes are the one place a path is spelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Doctor,
    Department,
    Specialization,
    Article,
}

/// Something the search can find, with the texts it is matched on.
struct Entry {
    /// Its `link` is empty until the result is chosen when `target` is set.
    result: SearchResult,
    /// Whose page this is, when the registry makes its address; None for the
    /// catalogue's own pages and services, which name their addresses themselves.
    target: Option<Target>,
    /// Other names it goes by (a department's slug, a page's keywords).
    keywords: Vec<String>,
    /// A second name-like text: a doctor's specialization.
    secondary: Option<String>,
}

/// How well a text holds the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Hit {
    None,
    /// Inside a word ("ent" in "treatment").
    Inner,
    /// At the start of a word ("card" in "Cardiology").
    WordStart,
    /// As whole words ("book" in "book appointment").
    Words,
    /// As the first whole words ("health card" in "Health Card Plans").
    Leading,
    /// The whole text.
    Exact,
}

fn hit(text: &str, q: &str) -> Hit {
    let text = text.to_lowercase();
    if text == q {
        return Hit::Exact;
    }
    let mut best = Hit::None;
    for (at, _) in text.match_indices(q) {
        let before = text[..at].chars().next_back();
        let after = text[at + q.len()..].chars().next();
        let starts = before.is_none_or(|c| !c.is_alphanumeric());
        let ends = after.is_none_or(|c| !c.is_alphanumeric());
        let this = match (starts, ends) {
            (true, true) if at == 0 => Hit::Leading,
            (true, true) => Hit::Words,
            (true, false) => Hit::WordStart,
            _ => Hit::Inner,
        };
        best = best.max(this);
    }
    best
}

/// A score for an entry: higher is a better answer; 0 does not match.
fn score(entry: &Entry, q: &str) -> u32 {
    let name = hit(&entry.result.name, q);
    let keyword = entry.keywords.iter().map(|k| hit(k, q)).max().unwrap_or(Hit::None);
    let secondary = entry.secondary.as_deref().map_or(Hit::None, |s| hit(s, q));
    let description = entry.result.description.as_deref().map_or(Hit::None, |d| hit(d, q));
    [
        (name == Hit::Exact, 100),
        (keyword == Hit::Exact, 95),
        (name == Hit::Leading, 90),
        (name == Hit::Words, 85),
        (keyword >= Hit::Words, 80),
        (secondary >= Hit::Words, 75),
        (name == Hit::WordStart, 70),
        (keyword == Hit::WordStart, 65),
        (secondary == Hit::WordStart, 60),
        (name == Hit::Inner, 40),
        (description >= Hit::Words, 30),
        (description == Hit::WordStart, 20),
        (description == Hit::Inner || secondary == Hit::Inner, 10),
    ]
    .into_iter()
    .find_map(|(matched, points)| matched.then_some(points))
    .unwrap_or(0)
}

/// The results for `query`, best first; `link` gives the address of a result's
/// page from its kind and id (the server's reverse routing).
pub async fn search(db: &Db, clock: &Clock, query: &str, link: impl Fn(Target, &str) -> String) -> Result<Vec<SearchResult>, DataError> {
    let q = query.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    if q.chars().count() < MIN_CHARS {
        return Ok(Vec::new());
    }
    let doctors = doctors::all(db, clock).await?.into_iter().map(|d| Entry {
        result: SearchResult {
            kind: "doctor",
            link: String::new(),
            id: d.id.to_string(),
            description: Some(d.specialization.clone()),
            name: d.name,
        },
        target: Some(Target::Doctor),
        keywords: Vec::new(),
        secondary: Some(d.specialization),
    });
    let mut scored: Vec<(u32, usize, Entry)> = doctors
        .chain(catalogue_entries().iter().map(|e| Entry { result: e.result.clone(), target: e.target, keywords: e.keywords.clone(), secondary: None }))
        .enumerate()
        .filter_map(|(order, e)| {
            let points = score(&e, &q);
            (points > 0).then_some((points, order, e))
        })
        .collect();
    // Best first; among equals, the order the entries were listed in (by kind).
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(scored
        .into_iter()
        .take(MAX_RESULTS)
        .map(|(_, _, e)| match e.target {
            Some(target) => SearchResult { link: link(target, &e.result.id), ..e.result },
            None => e.result,
        })
        .collect())
}

/// A page of `catalogue/search.json`: a content page, a form's page or a page
/// with its own name, and the words people may look for it by.
#[derive(Debug, Deserialize)]
struct PageEntry {
    content: Option<String>,
    form: Option<String>,
    name: Option<String>,
    description: Option<String>,
    link: String,
    keywords: Vec<String>,
}

/// Everything but the doctors, made once: the catalogue does not change while
/// the server runs.
fn catalogue_entries() -> &'static [Entry] {
    static ENTRIES: LazyLock<Vec<Entry>> = LazyLock::new(|| {
        let mut out = Vec::new();
        out.extend(catalogue::departments().iter().map(|d| Entry {
            result: SearchResult {
                kind: "department",
                name: d.name.clone(),
                description: Some(d.description.clone()),
                link: String::new(),
                id: d.slug.clone(),
            },
            target: Some(Target::Department),
            keywords: vec![d.slug.replace(['-', '_'], " ")],
            secondary: None,
        }));
        out.extend(catalogue::services().into_iter().map(|s| Entry {
            result: SearchResult { kind: "service", name: s.name, description: Some(s.description), link: s.link, id: s.id },
            target: None,
            keywords: Vec::new(),
            secondary: None,
        }));
        out.extend(catalogue::specializations().iter().map(|s| Entry {
            result: SearchResult {
                kind: "specialization",
                name: s.name.clone(),
                description: None,
                link: String::new(),
                id: s.id.clone(),
            },
            target: Some(Target::Specialization),
            keywords: Vec::new(),
            secondary: None,
        }));
        out.extend(pages().into_iter().map(|(result, keywords)| Entry { result, target: None, keywords, secondary: None }));
        let news = catalogue::home()["news"]["items"].as_array().map(Vec::as_slice).unwrap_or_default();
        out.extend(news.iter().map(|a| {
            let text = |k: &str| a[k].as_str().unwrap_or_default().to_owned();
            Entry {
                result: SearchResult {
                    kind: "article",
                    name: text("title"),
                    description: Some(text("excerpt")),
                    link: String::new(),
                    id: text("id"),
                },
                target: Some(Target::Article),
                keywords: vec![text("category")],
                secondary: None,
            }
        }));
        out
    });
    &ENTRIES
}

/// The site's pages, named as their headings name them.
fn pages() -> Vec<(SearchResult, Vec<String>)> {
    #[derive(Deserialize)]
    struct File {
        pages: Vec<PageEntry>,
    }
    let file: File = serde_json::from_str(catalogue::SEARCH_JSON).expect("catalogue/search.json is valid");
    file.pages
        .into_iter()
        .map(|p| {
            let texts = match (&p.content, &p.form) {
                (Some(key), _) => catalogue::content_page(key).and_then(|c| serde_json::to_value(c).ok()),
                (None, Some(form)) => Some(catalogue::forms()[form.as_str()].clone()),
                (None, None) => None,
            };
            let text = |k: &str| texts.as_ref().and_then(|t| t[k].as_str()).map(str::to_owned);
            let name = p.name.or_else(|| text("heading")).unwrap_or_else(|| panic!("search.json: {} has no name", p.link));
            let description = p.description.or_else(|| text("description"));
            let id = p.content.or(p.form).unwrap_or_else(|| p.link.trim_start_matches('/').to_owned());
            (SearchResult { kind: "page", name, description, link: p.link, id }, p.keywords)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_are_graded_by_where_the_text_is() {
        assert_eq!(hit("ENT", "ent"), Hit::Exact);
        assert_eq!(hit("Health Card Plans", "health card"), Hit::Leading);
        assert_eq!(hit("book appointment", "appointment"), Hit::Words);
        assert_eq!(hit("Cardiology", "card"), Hit::WordStart);
        assert_eq!(hit("Dr. Kinjal Mehta", "meh"), Hit::WordStart);
        assert_eq!(hit("Treatment of the ear", "ent"), Hit::Inner);
        assert_eq!(hit("Treatment; ENT care", "ent"), Hit::Words, "the best place counts");
        assert_eq!(hit("Orthopedics", "xyz"), Hit::None);
    }

    #[test]
    fn every_page_entry_has_a_name_and_a_description() {
        let pages = pages();
        assert!(pages.len() >= 12);
        for (p, keywords) in &pages {
            assert!(!p.name.is_empty() && p.description.as_deref().is_some_and(|d| !d.is_empty()), "{}", p.link);
            assert!(p.link.starts_with('/') && !keywords.is_empty(), "{}", p.link);
        }
    }
}

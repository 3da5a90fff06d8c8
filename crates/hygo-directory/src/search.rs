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

use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::ist::Clock;
use crate::{DataError, Db, content, doctors};

pub const MIN_CHARS: usize = 2;
pub(crate) const MAX_RESULTS: usize = 10;

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
    /// A doctor on leave today: the leave (to say when they are back).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub leave: Option<crate::leave::Leave>,
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
            leave: if d.on_leave { d.leave.first().cloned() } else { None },
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

/// Everything but the doctors, made once per version of the content (`hygo_content::version`).
fn catalogue_entries() -> Arc<Vec<Entry>> {
    static ENTRIES: Mutex<Option<(u64, Arc<Vec<Entry>>)>> = Mutex::new(None);
    let version = content::version();
    let mut kept = ENTRIES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((v, entries)) = kept.as_ref().filter(|(v, _)| *v == version) {
        debug_assert_eq!(*v, version);
        return entries.clone();
    }
    let entries = Arc::new(entries(&content::default()));
    *kept = Some((version, entries.clone()));
    entries
}

fn entries(c: &content::Content) -> Vec<Entry> {
    let mut out = Vec::new();
    out.extend(c.departments.iter().map(|d| Entry {
        result: SearchResult {
            leave: None,
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
    out.extend(c.services.iter().map(|s| Entry {
        result: SearchResult {
            leave: None,
            kind: "service",
            name: s.name.clone(),
            description: Some(s.description.clone()),
            link: s.link.clone(),
            id: s.id.clone(),
        },
        target: None,
        keywords: Vec::new(),
        secondary: None,
    }));
    out.extend(c.specializations.iter().map(|s| Entry {
        result: SearchResult {
            leave: None,
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
    out.extend(pages(c).into_iter().map(|(result, keywords)| Entry {
        result,
        target: None,
        keywords,
        secondary: None,
    }));
    out.extend(c.home.news.items.iter().map(|a| Entry {
        result: SearchResult {
            leave: None,
            kind: "article",
            name: a.title.clone(),
            description: Some(a.excerpt.clone()),
            link: String::new(),
            id: a.id.clone(),
        },
        target: Some(Target::Article),
        keywords: vec![a.category.clone()],
        secondary: None,
    }));
    out
}

/// The site's pages (`catalogue/search.json`), named as their headings name them.
fn pages(c: &content::Content) -> Vec<(SearchResult, Vec<String>)> {
    c.search_pages
        .iter()
        .map(|p| {
            let (heading, described) = match (&p.content, &p.form) {
                (Some(key), _) => c.page(key).map_or((None, None), |page| {
                    (Some(page.heading.clone()), Some(page.description.clone()))
                }),
                (None, Some(form)) => c.forms.named(form).map_or((None, None), |(h, d)| {
                    (Some(h.to_owned()), d.map(str::to_owned))
                }),
                (None, None) => (None, None),
            };
            let name = p
                .name
                .clone()
                .or(heading)
                .unwrap_or_else(|| panic!("search.json: {} has no name", p.link));
            let description = p.description.clone().or(described);
            let id = p
                .content
                .clone()
                .or(p.form.clone())
                .unwrap_or_else(|| p.link.trim_start_matches('/').to_owned());
            (
                SearchResult {
                    leave: None,
                    kind: "page",
                    name,
                    description,
                    link: p.link.clone(),
                    id,
                },
                p.keywords.clone(),
            )
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
        let pages = pages(&content::default());
        assert!(pages.len() >= 12);
        for (p, keywords) in &pages {
            assert!(!p.name.is_empty() && p.description.as_deref().is_some_and(|d| !d.is_empty()), "{}", p.link);
            assert!(p.link.starts_with('/') && !keywords.is_empty(), "{}", p.link);
        }
    }
}

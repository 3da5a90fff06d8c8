//! The header's site search (spec sections 2, 4, 5 and 9): doctors from the
//! database, then departments, services and specializations from the catalogue;
//! case-insensitive substring matching; at most 10 results; nothing for fewer than
//! 2 characters after trimming.

use serde::Serialize;

use crate::{catalogue, doctors, DataError, Db};

pub const MIN_CHARS: usize = 2;
pub const MAX_RESULTS: usize = 10;

#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
pub struct SearchResult {
    /// "doctor", "department", "service" or "specialization".
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The site path of the result's page.
    pub link: String,
    pub id: String,
}

pub async fn search(db: &Db, query: &str) -> Result<Vec<SearchResult>, DataError> {
    let q = query.trim().to_lowercase();
    if q.chars().count() < MIN_CHARS {
        return Ok(Vec::new());
    }
    let hit = |texts: &[&str]| texts.iter().any(|t| t.to_lowercase().contains(&q));
    let mut results: Vec<SearchResult> = doctors::all(db)
        .await?
        .into_iter()
        .filter(|d| hit(&[&d.name, &d.specialization]))
        .map(|d| SearchResult {
            kind: "doctor",
            link: format!("/doctors/{}", d.id),
            id: d.id.to_string(),
            description: Some(d.specialization),
            name: d.name,
        })
        .collect();
    results.extend(catalogue::departments().iter().filter(|d| hit(&[&d.name, &d.description])).map(|d| SearchResult {
        kind: "department",
        name: d.name.clone(),
        description: Some(d.description.clone()),
        link: format!("/departments/{}", d.slug),
        id: d.slug.clone(),
    }));
    results.extend(catalogue::services().into_iter().filter(|s| hit(&[&s.name, &s.description])).map(|s| SearchResult {
        kind: "service",
        name: s.name,
        description: Some(s.description),
        link: s.link,
        id: s.id,
    }));
    results.extend(catalogue::specializations().iter().filter(|s| hit(&[&s.name])).map(|s| SearchResult {
        kind: "specialization",
        name: s.name.clone(),
        description: None,
        link: format!("/specializations/{}", s.id),
        id: s.id.clone(),
    }));
    results.truncate(MAX_RESULTS);
    Ok(results)
}

//! `/search?q=`: the site search as a page, for visitors without JavaScript (the
//! header's search box links here before the page has hydrated).

use serde::Serialize;
use ts_rs::TS;

use hygo_core::DataError;
use hygo_directory::search;
use hygo_directory::search::SearchResult;

#[derive(Serialize, TS)]
#[ts(rename = "SearchData")]
pub struct Data {
    pub query: String,
    pub results: Vec<SearchResult>,
    /// With no results: the nearest entries ("Did you mean"), at most three.
    pub suggestions: Vec<SearchResult>,
    /// With no results: every department, to choose from.
    pub departments: Vec<DepartmentLink>,
    /// The query means an emergency: the help, shown before any result.
    pub emergency: Vec<Help>,
}

/// What a search that means an emergency shows first (`catalogue/emergency.json`):
/// the header's suggestions and the search page alike.
#[derive(Debug, Clone, Serialize, TS, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EmergencyHelp")]
pub struct Help {
    /// "suicide", "heart", "stroke", "breathing", "bleeding", "poisoning", "injury" or "general".
    pub kind: String,
    pub heading: String,
    pub text: String,
    /// The numbers to call, the first to call first.
    pub calls: Vec<Call>,
    /// The site and the clinics are not for emergencies.
    pub not_for: String,
}

#[derive(Debug, Clone, Serialize, TS, schemars::JsonSchema)]
#[ts(rename = "EmergencyCall")]
pub struct Call {
    /// The number as it is dialled ("108").
    pub number: String,
    pub label: String,
}

/// The help for each kind of emergency `query` means, in `content`'s language.
pub fn help(content: &hygo_content::Content, query: &str) -> Vec<Help> {
    search::emergencies(query)
        .iter()
        .filter_map(|kind| content.emergency.kind(kind))
        .map(|k| Help {
            kind: k.id.clone(),
            heading: k.heading.clone(),
            text: k.text.clone(),
            calls: k.calls.iter().map(|c| Call { number: c.number.clone(), label: c.label.clone() }).collect(),
            not_for: content.emergency.not_for.clone(),
        })
        .collect()
}

/// A department as the no-results page lists it.
#[derive(Serialize, TS)]
pub struct DepartmentLink {
    pub name: String,
    pub link: String,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let query: String = cx.query("q").unwrap_or_default().chars().take(100).collect();
    let results = search::search(cx.db(), cx.clock(), cx.content.lang, &query, super::url::search_result).await?;
    let emergency = help(&cx.content, &query);
    // No results: the nearest entries, and the departments to choose from.
    let none = results.is_empty() && query.trim().chars().count() >= search::MIN_CHARS;
    let suggestions = if none { search::suggestions(cx.db(), cx.clock(), cx.content.lang, &query, super::url::search_result).await? } else { Vec::new() };
    let departments = if none {
        cx.content.departments.iter().filter(|d| d.listed).map(|d| DepartmentLink { name: d.name.clone(), link: super::url::department(&d.slug) }).collect()
    } else {
        Vec::new()
    };
    let head = match query.trim() {
        "" => super::Head::meta(&cx.meta().search),
        q => super::Head::new(
            hygo_content::fill(&cx.meta().search_results.title, &[("query", q)]),
            &cx.meta().search.description,
        ),
    };
    Ok(super::Loaded::ok(super::PageData::Search(Data { query, results, suggestions, departments, emergency }), head))
}

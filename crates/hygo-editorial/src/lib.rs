//! The editors' content store (issue 28; docs/editors.md): the second source
//! of `hygo_content`. The catalogue's files are the first: a fresh install
//! serves them as they are, and an entry nobody published stays the files'.
//! Editors save revisions of entries (`entries`) per language (`store`); the
//! published ones are laid over the files and installed (`install_published`),
//! on every instance when the content's data version moves. A draft is laid
//! over a copy for its preview alone (`preview`), which is never installed, so
//! no cache of the public site ever holds it.

pub mod diff;
pub mod entries;
pub mod fields;
pub mod images;
pub mod shares;
pub mod store;
pub mod translations;

use std::sync::Arc;

use hygo_content::{Catalogue, Content, Lang};
use hygo_core::{DataError, Db};
use serde_json::Value;

pub use entries::{Entry, Kind, Misfit};
pub use store::{Revision, State};

/// The catalogue of the files with every published revision laid over them:
/// English's first, then each other language's translation over English's
/// result (`translations::laid`), so English's data and structure reach every
/// language and an article English retired leaves them all. A revision that
/// no longer fits its type (a field renamed in a later release) is left out,
/// and logged; its entry shows the files' text.
async fn published_catalogue(db: &Db) -> Result<Catalogue, DataError> {
    let mut catalogue = hygo_content::shipped();
    let mut revisions = Vec::new();
    for revision in store::published(db).await? {
        match (Entry::parse(&revision.entry), Lang::parse(&revision.lang)) {
            (Some(entry), Some(lang)) => revisions.push((entry, lang, revision)),
            _ => tracing::error!(revision = revision.id, entry = %revision.entry, "a published revision of no known entry or language: left out"),
        }
    }
    let misfit = |revision: &Revision, misfit: Misfit| tracing::error!(revision = revision.id, entry = %revision.entry, %misfit, "a published revision does not fit its type: left out");
    for (entry, _, revision) in revisions.iter().filter(|(_, lang, _)| *lang == Lang::DEFAULT) {
        let mut wrong = None;
        catalogue.edit(Lang::DEFAULT, |content| wrong = entry.apply(content, revision.body.clone()).err());
        if let Some(wrong) = wrong {
            misfit(revision, wrong);
        }
    }
    let english = catalogue.of(Lang::DEFAULT);
    for lang in hygo_content::LANGUAGES.iter().copied().filter(|l| *l != Lang::DEFAULT) {
        // Every entry English or this language changed: the language's words
        // (its revision's, or the files') laid over English's body now.
        let mut changed: Vec<&Entry> = revisions.iter().filter(|(_, l, _)| *l == Lang::DEFAULT || *l == lang).map(|(e, _, _)| e).collect();
        changed.sort();
        changed.dedup();
        let own = catalogue.of(lang);
        for entry in changed {
            let revision = revisions.iter().find(|(e, l, _)| e == entry && *l == lang).map(|(_, _, r)| r);
            let Some(words) = revision.map(|r| r.body.clone()).or_else(|| entry.read(&own)) else { continue };
            let body = translations::laid(entry, lang, entry.read(&english).as_ref(), &words).unwrap_or(Value::Null);
            if body.is_null() && entry.kind != Kind::Article {
                continue;
            }
            let mut wrong = None;
            catalogue.edit(lang, |content| wrong = entry.apply(content, body).err());
            match (wrong, revision) {
                (Some(wrong), Some(revision)) => misfit(revision, wrong),
                (Some(wrong), None) => tracing::error!(entry = %entry.key(), lang = lang.as_str(), %wrong, "a translation does not fit English's revision: left out"),
                (None, _) => {}
            }
        }
    }
    Ok(catalogue)
}

/// Reads the published revisions and installs them (`hygo_content::install`):
/// at start-up and whenever the content's data version moved.
pub async fn install_published(db: &Db) -> Result<(), DataError> {
    let catalogue = published_catalogue(db).await?;
    hygo_content::install(catalogue);
    Ok(())
}

/// The first draft of a new article: the files' first article with its texts
/// emptied, this title and this day (YYYY-MM-DD); its entry is `article.{slug of
/// the title}`. None when the title makes no address, or one in use.
pub fn new_article(title: &str, day: &str) -> Option<(Entry, serde_json::Value)> {
    let content = hygo_content::default();
    let id = hygo_content::slug(title);
    let entry = Entry::parse(&format!("{}.{id}", Kind::Article.as_str()))?;
    if id.is_empty() || content.article(&id).is_some() {
        return None;
    }
    let first = serde_json::to_value(content.home.news.items.first()?).ok()?;
    let serde_json::Value::Object(map) = first else { return None };
    let mut body = serde_json::Map::new();
    for (k, v) in map {
        let v = match (k.as_str(), v) {
            ("title", _) => serde_json::Value::from(title.trim()),
            ("date", _) => serde_json::Value::from(day),
            ("id", _) => serde_json::Value::from(id.clone()),
            (_, serde_json::Value::Array(_)) => serde_json::json!([""]),
            (_, _) => serde_json::Value::from(""),
        };
        body.insert(k, v);
    }
    Some((entry, serde_json::Value::Object(body)))
}

/// A language's live content with one body laid over it, for a preview: a copy,
/// never installed.
/// A translation's body is laid over English's live one (`translations::laid`).
pub fn preview(lang: Lang, entry: &Entry, body: serde_json::Value) -> Result<Arc<Content>, Misfit> {
    let mut content = (*hygo_content::get(lang)).clone();
    let english = entry.read(&hygo_content::default());
    let body = translations::laid(entry, lang, english.as_ref(), &body).ok_or_else(|| Misfit { path: String::new(), detail: "English has no such entry to translate".into() })?;
    entry.apply(&mut content, body)?;
    Ok(Arc::new(content))
}

/// What must be right before a revision of an entry is published
/// (`fields::problems`: texts written, dates, links, placeholders kept), and
/// for the search's words, that each list names only what the search has
/// (`department:cardiology`, `page:about`…).
pub fn problems(entry: &Entry, body: &serde_json::Value, live: Option<&serde_json::Value>, link_ok: &dyn Fn(&str) -> bool) -> Vec<fields::Unreadable> {
    let mut found = fields::problems(body, live, link_ok);
    if entry.kind == Kind::Search {
        let targets = hygo_directory::search::targets(&hygo_content::default());
        let groups = body.get("synonyms").and_then(serde_json::Value::as_array).into_iter().flatten();
        for (i, group) in groups.enumerate() {
            let finds = group.get("finds").and_then(serde_json::Value::as_str).unwrap_or_default();
            if entries::split(finds).iter().any(|t| !targets.contains(t)) {
                found.push(fields::Unreadable { path: format!("synonyms.{i}.finds"), key: "editor.noSuchTarget" });
            }
        }
        found.sort_by(|a, b| a.path.cmp(&b.path));
    }
    found
}

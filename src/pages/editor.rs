//! The content editor's pages (issue 28; docs/editors.md): the list of what
//! editors change, one entry's editor (its fields, the preview beside them,
//! publishing, scheduling and share links) and its history. Their writes are
//! `crate::staff::editor`; the store is `hygo_editorial`.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use hygo_content::Lang;
use hygo_core::DataError;
use hygo_editorial::{diff, fields, shares, store, translations, Entry, Kind, Revision, State};

use super::staff::head;
use super::{url, Cx, Loaded, PageData};
use crate::access::{Editing, Staff};

/// The language an editor's page or form is in, by its `lang` (English when
/// none): any of the catalogue's, served or not yet, so a translation is
/// written and previewed before its language is switched on. None for a tag
/// that is not one of them.
pub fn editing(tag: Option<&str>) -> Option<Lang> {
    match tag.map(str::trim).filter(|t| !t.is_empty()) {
        None => Some(Lang::DEFAULT),
        Some(tag) => Lang::parse(tag),
    }
}

/// An editor's page of an entry in a language, with more of its query
/// (`done=saved&revision=3`, and an `#anchor` after it).
pub fn entry_page(key: &str, lang: Lang, more: &str) -> String {
    let (query, anchor) = more.split_once('#').map_or((more, ""), |(q, a)| (q, a));
    let lang = (lang != Lang::DEFAULT).then(|| format!("lang={}", lang.as_str()));
    let query: Vec<&str> = lang.as_deref().into_iter().chain(Some(query).filter(|q| !q.is_empty())).collect();
    let mut link = url::staff_entry(key);
    if !query.is_empty() {
        link = format!("{link}?{}", query.join("&"));
    }
    if !anchor.is_empty() {
        link = format!("{link}#{anchor}");
    }
    link
}

/// The editor's languages, each a link to the same page in it.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorLanguage")]
pub struct LanguageLink {
    pub lang: String,
    /// Its name in itself (ગુજરાતી).
    pub name: String,
    pub link: String,
    pub current: bool,
}

fn language_links(lang: Lang, link: impl Fn(Lang) -> String) -> Vec<LanguageLink> {
    hygo_content::LANGUAGES
        .iter()
        .map(|l| LanguageLink { lang: l.as_str().to_owned(), name: l.autonym().to_owned(), link: link(*l), current: *l == lang })
        .collect()
}

/// The list's address in a language.
fn list_page(lang: Lang) -> String {
    let list = url::STAFF_CONTENT.canonical();
    if lang == Lang::DEFAULT { list.to_owned() } else { format!("{list}?lang={}", lang.as_str()) }
}

/// An entry in the list.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorEntryRow")]
pub struct EntryRow {
    pub key: String,
    pub title: String,
    /// The editor's address.
    pub link: String,
    /// The live page's address (None: on no page, in e-mails).
    pub public: Option<String>,
    /// The state of its newest revision; None: nobody has changed it (the files' text).
    pub state: Option<State>,
    /// In a translation: how many of its texts are still English's (all of
    /// them when the language has none of the entry); None in English, and for
    /// the search's words, which are each language's own.
    pub untranslated: Option<u32>,
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorGroup")]
pub struct Group {
    pub kind: Kind,
    pub entries: Vec<EntryRow>,
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffContentData")]
pub struct ListData {
    /// The language the list is in (`?lang=`), and the others.
    pub lang: String,
    pub languages: Vec<LanguageLink>,
    pub groups: Vec<Group>,
    /// In a translation: how many texts are still English's (the rows say where).
    pub untranslated: u32,
}

/// What an entry is called in the console: its page's heading, its article's
/// title, its department's name, a home section's name.
fn title(cx: &Cx<'_>, entry: &Entry, body: Option<&serde_json::Value>) -> String {
    let from_body = |k: &str| body.and_then(|b| b.get(k)).and_then(|v| v.as_str()).map(str::to_owned);
    match entry.kind {
        Kind::Page => from_body("heading"),
        Kind::Article => from_body("title"),
        Kind::Department | Kind::Doctor => from_body("name"),
        Kind::Home | Kind::Site | Kind::Desk | Kind::Search => {
            let group = if entry.kind == Kind::Home { "home" } else { "parts" };
            match cx.content.staff_texts.get("editor").and_then(|t| t.get(group)) {
                Some(hygo_content::Text::Group(names)) => names.get(&entry.name).cloned(),
                _ => None,
            }
        }
    }
    .unwrap_or_else(|| entry.key())
}

/// The live page an entry is shown on; None for words on no page (the
/// desk's reasons, which patients read in e-mails; the search's words, which
/// change what a search finds, not a page).
pub fn public_path(entry: &Entry) -> Option<String> {
    Some(match entry.kind {
        Kind::Page => url::ROUTES.iter().find(|r| r.name == entry.name)?.canonical().to_owned(),
        Kind::Home => url::HOME.canonical().to_owned(),
        Kind::Article => url::article(&entry.name),
        Kind::Department => url::department(&entry.name),
        // The contact block is the contact page's; the footer is on every page.
        Kind::Site if entry.name == "contact" => url::CONTACT.canonical().to_owned(),
        Kind::Site => url::HOME.canonical().to_owned(),
        Kind::Doctor => url::doctor(entry.name.parse().ok()?),
        Kind::Desk | Kind::Search => return None,
    })
}

/// The live page of an entry in a language, when the site serves that
/// language (`HYGO_LANGUAGES`; a translation is written before it is).
fn live_path(cx: &Cx<'_>, entry: &Entry, lang: Lang) -> Option<String> {
    public_path(entry).filter(|_| cx.state.config.languages.contains(&lang)).map(|p| url::in_language(lang, &p))
}

pub async fn list(cx: &Cx<'_>, _staff: Staff<Editing>) -> Result<Loaded, DataError> {
    let Some(lang) = editing(cx.query("lang").as_deref()) else {
        let missing = ListData { lang: String::new(), languages: Vec::new(), groups: Vec::new(), untranslated: 0 };
        return Ok(Loaded::not_found(PageData::StaffContent(missing), head(cx)));
    };
    let tag = lang.as_str();
    let overview = store::overview(cx.db()).await?;
    let own = hygo_content::get(lang);
    let english = hygo_content::default();
    let missing = if lang == Lang::DEFAULT { Vec::new() } else { translations::missing(&english, &own) };
    let mut groups: Vec<Group> = Vec::new();
    let mut all = if lang == Lang::DEFAULT { Entry::all(&english) } else { Entry::all(&english).into_iter().filter(|e| translations::is_edited(e, lang)).collect() };
    // Articles written here and not published yet (or retired): in the store only.
    for (key, _, _, _) in &overview {
        if let Some(entry) = Entry::parse(key).filter(|e| e.kind != Kind::Doctor && !all.contains(e)) {
            all.push(entry);
        }
    }
    // A doctor's own texts, in the other languages (English's are the doctor's record).
    let mut doctors: Vec<(Entry, serde_json::Value)> = Vec::new();
    if lang != Lang::DEFAULT {
        for d in hygo_directory::doctors::all(cx.db(), cx.clock()).await? {
            let entry = Entry { kind: Kind::Doctor, name: d.id.to_string() };
            doctors.push((entry.clone(), translations::doctor_words(&d)));
            all.push(entry);
        }
    }
    all.sort_by_key(|e| e.kind);
    for entry in all {
        let key = entry.key();
        let state = overview.iter().find(|(e, l, _, _)| *e == key && l == tag).map(|(_, _, s, _)| *s);
        let doctor = doctors.iter().find(|(e, _)| *e == entry).map(|(_, english)| english);
        let body = match entry.read(&own).or_else(|| entry.read(&english)).or_else(|| doctor.cloned()) {
            Some(body) => Some(body),
            None => store::history(cx.db(), &entry, tag, 1).await?.into_iter().next().map(|r| r.body),
        };
        let untranslated = translations::is_translation(&entry, lang).then(|| match (missing.iter().find(|(e, _)| *e == entry), doctor, &body) {
            (Some((_, n)), _, _) => *n as u32,
            (None, Some(english), Some(body)) => translations::untranslated(&entry, lang, english, body).len() as u32,
            // Not live in English: nothing to translate yet.
            _ => 0,
        });
        let row = EntryRow { title: title(cx, &entry, body.as_ref()), link: entry_page(&key, lang, ""), public: live_path(cx, &entry, lang), state, untranslated, key };
        match groups.iter_mut().find(|g| g.kind == entry.kind) {
            Some(group) => group.entries.push(row),
            None => groups.push(Group { kind: entry.kind, entries: vec![row] }),
        }
    }
    let untranslated = groups.iter().flat_map(|g| &g.entries).filter_map(|e| e.untranslated).sum();
    let data = ListData { lang: tag.to_owned(), languages: language_links(lang, list_page), groups, untranslated };
    Ok(Loaded::ok(PageData::StaffContent(data), head(cx)))
}

/// A revision as the editor lists it.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorRevision")]
pub struct RevisionRow {
    pub id: i32,
    pub state: State,
    pub author: String,
    /// RFC 3339, UTC.
    pub saved: String,
    pub publish_at: Option<String>,
    pub published_at: Option<String>,
    /// Restored from this revision.
    pub based_on: Option<i32>,
}

impl RevisionRow {
    fn of(r: &Revision) -> Self {
        RevisionRow {
            id: r.id,
            state: r.state,
            author: r.author.clone(),
            saved: r.updated_at.clone(),
            publish_at: r.publish_at.clone(),
            published_at: r.published_at.clone(),
            based_on: r.based_on,
        }
    }
}

/// A share link as the editor lists it.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorShare")]
pub struct ShareRow {
    pub id: i32,
    pub revision: i32,
    /// The whole address, to copy.
    pub link: String,
    /// RFC 3339, UTC.
    pub expires: String,
    pub revoked: bool,
    pub expired: bool,
}

/// A field that must be right before publishing, and what is wrong.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorProblem")]
pub struct Problem {
    pub path: String,
    pub message: String,
}

/// A place of the entry that takes a picture (`Entry::picture_slots`), and the one it has.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorPicture")]
pub struct PictureSlot {
    /// Its path in the body: `slides.0.image`, `image`.
    pub slot: String,
    /// A hero slide's number (from 1); None for an article's.
    pub slide: Option<u32>,
    /// The words read in its place, when it has a picture.
    pub alt: Option<String>,
    /// Its narrowest version, when it has one.
    pub thumbnail: Option<String>,
}

impl PictureSlot {
    fn of(entry: &Entry, body: &serde_json::Value) -> Vec<PictureSlot> {
        entry
            .picture_slots(body)
            .into_iter()
            .map(|slot| {
                let picture = hygo_editorial::images::at(body, &slot);
                let slide = slot.strip_prefix("slides.").and_then(|rest| rest.split('.').next()).and_then(|i| i.parse::<u32>().ok()).map(|i| i + 1);
                PictureSlot {
                    slide,
                    alt: picture.as_ref().map(|p| p.alt.clone()),
                    thumbnail: picture.and_then(|p| p.sources.into_iter().find(|s| s.content_type == "image/jpeg")).map(|s| s.url),
                    slot,
                }
            })
            .collect()
    }
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffEntryData")]
pub struct EntryData {
    pub key: String,
    pub kind: Kind,
    pub title: String,
    /// The language edited (`?lang=`), and the entry in each language.
    pub lang: String,
    pub languages: Vec<LanguageLink>,
    /// The entry is, in this language, a translation of English's: data and
    /// the lists' structure are English's, texts still English's are marked.
    pub translation: bool,
    /// How many of the shown texts are still English's.
    pub untranslated: u32,
    /// A translation of an entry English does not have live (an article not
    /// published in English): nothing to translate until it is.
    pub english_first: bool,
    /// The live page (None: on no page).
    pub public: Option<String>,
    /// Whether visitors see the entry now (a new article not yet, a retired one no longer).
    pub live: bool,
    /// The shown revision retires the article (it has no body).
    pub retired: bool,
    pub history: String,
    /// The revision the fields show (None: nobody has changed the entry yet,
    /// the fields show the live text).
    pub revision: Option<RevisionRow>,
    pub fields: Vec<fields::Field>,
    /// The places that take a picture, each with its own upload form.
    pub pictures: Vec<PictureSlot>,
    /// The largest upload, in MB, and the narrowest picture taken, in pixels.
    pub picture_max_mb: u32,
    pub picture_min_width: u32,
    /// What would stop the shown revision being published.
    pub problems: Vec<Problem>,
    /// The preview of the shown revision (or of the live text); None for an
    /// entry on no page.
    pub preview: Option<String>,
    pub published: Option<RevisionRow>,
    pub scheduled: Option<RevisionRow>,
    /// The newest revisions, newest first.
    pub revisions: Vec<RevisionRow>,
    pub shares: Vec<ShareRow>,
    /// Today in IST (YYYY-MM-DD), the earliest day to schedule.
    pub today: String,
    #[ts(type = "number")]
    pub share_hours: i64,
    #[ts(type = "number")]
    pub share_max_hours: i64,
}

/// The revisions an entry's page lists.
const RECENT: u64 = 20;

/// The entry a console address names, if it names one editors may change.
pub async fn entry_of(db: &hygo_core::Db, key: &str) -> Result<Option<Entry>, DataError> {
    let Some(entry) = Entry::parse(key) else { return Ok(None) };
    if entry.kind == Kind::Doctor {
        return Ok(translations::doctor_exists(db, &entry).await?.then_some(entry));
    }
    if entry.read(&hygo_content::default()).is_some() {
        return Ok(Some(entry));
    }
    // An article written in the editor and not published yet, in any language.
    for lang in hygo_content::LANGUAGES {
        if !store::history(db, &entry, lang.as_str(), 1).await?.is_empty() {
            return Ok(Some(entry));
        }
    }
    Ok(None)
}

/// The body the editor starts from: the chosen revision (of this language),
/// the newest, or the live text; a translation nobody has started, English's
/// (every text of it then marked as not yet translated).
pub async fn shown(cx: &Cx<'_>, entry: &Entry, lang: Lang, english: Option<&serde_json::Value>, chosen: Option<i32>, newest: Option<&Revision>) -> Result<Option<(Option<Revision>, serde_json::Value)>, DataError> {
    if let Some(id) = chosen {
        return Ok(store::get(cx.db(), id).await?.filter(|r| r.entry == entry.key() && r.lang == lang.as_str()).map(|r| {
            let body = r.body.clone();
            (Some(r), body)
        }));
    }
    if let Some(r) = newest {
        return Ok(Some((Some(r.clone()), r.body.clone())));
    }
    let live = entry.read(&hygo_content::get(lang)).or_else(|| if lang == Lang::DEFAULT { None } else { english.cloned() });
    Ok(match live {
        Some(body) => Some((None, body)),
        // A translation of an article English has only as a draft.
        None if lang != Lang::DEFAULT => store::history(cx.db(), entry, Lang::DEFAULT.as_str(), 1).await?.into_iter().next().map(|r| (None, r.body)),
        None => None,
    })
}

/// A link to this site is good when it leads to a page; others when they are
/// `https://`, `mailto:` or `tel:`.
pub fn link_ok(link: &str) -> bool {
    if let Some(path) = link.strip_prefix('/') {
        let path = path.split(['?', '#']).next().unwrap_or_default();
        return url::is_public_page(&format!("/{path}"));
    }
    link.starts_with("https://") || link.starts_with("mailto:") || link.starts_with("tel:") || link.starts_with('#')
}

impl EntryData {
    /// The page for an address that names no entry (404).
    fn missing(key: String) -> Self {
        EntryData {
            key, kind: Kind::Page, title: String::new(), lang: String::new(), languages: Vec::new(), translation: false, untranslated: 0, english_first: false, public: None, live: false, retired: false, history: String::new(), revision: None,
            fields: Vec::new(), pictures: Vec::new(), picture_max_mb: 0, picture_min_width: 0, problems: Vec::new(), preview: None, published: None, scheduled: None,
            revisions: Vec::new(), shares: Vec::new(), today: String::new(), share_hours: 0, share_max_hours: 0,
        }
    }
}

pub async fn entry(cx: &Cx<'_>, _staff: Staff<Editing>) -> Result<Loaded, DataError> {
    let key = cx.param("entry").unwrap_or_default().to_owned();
    let not_found = || Loaded::not_found(PageData::StaffEntry(EntryData::missing(key.clone())), head(cx));
    let Some(lang) = editing(cx.query("lang").as_deref()) else { return Ok(not_found()) };
    let Some(entry) = entry_of(cx.db(), &key).await?.filter(|e| translations::is_edited(e, lang)) else { return Ok(not_found()) };
    let chosen = cx.query("revision").and_then(|r| super::positive_id(&r));
    let recent = store::history(cx.db(), &entry, lang.as_str(), RECENT).await?;
    // English's live body: what a translation is laid over, and whose placeholders it keeps.
    let english = translations::english(cx.db(), cx.clock(), &entry).await?;
    let Some((revision, body)) = shown(cx, &entry, lang, english.as_ref(), chosen, recent.first()).await? else { return Ok(not_found()) };
    // A translation as its page shows it: laid over English's live text, so a
    // key or a picture English added since is there, marked as English's.
    let body = match &english {
        Some(en) if translations::is_translation(&entry, lang) && !body.is_null() => translations::laid(&entry, lang, Some(en), &body).unwrap_or(body),
        _ => body,
    };
    let content = hygo_content::default();
    let templates = fields::Templates::of(&content);
    let message = |k: &str| cx.content.message(k).to_owned();
    let translation = translations::is_translation(&entry, lang);
    let english_first = translation && english.is_none();
    let mut problems: Vec<Problem> = hygo_editorial::problems(&entry, &body, english.as_ref(), &link_ok)
        .into_iter()
        .map(|p| Problem { message: message(p.key), path: p.path })
        .collect();
    if english_first {
        problems.insert(0, Problem { message: message("editor.englishFirst"), path: String::new() });
    }
    let mut fields = fields::fields(&entry, &body, &templates);
    let untranslated = match (&english, translation) {
        (Some(en), true) => {
            let paths = translations::untranslated(&entry, lang, en, &body);
            fields::for_translation(&mut fields, en, &paths);
            paths.len() as u32
        }
        _ => 0,
    };
    let ids: Vec<i32> = recent.iter().map(|r| r.id).collect();
    let listed = store::shares_of(cx.db(), &ids).await?;
    // The key is made by the first share link, not by opening the editor.
    let key_bytes = match listed.is_empty() {
        true => Vec::new(),
        false => hygo_core::secrets::key(cx.db(), shares::KEY).await?,
    };
    let now = cx.clock().real();
    let shares = listed
        .into_iter()
        .map(|s| {
            let expires = chrono::DateTime::parse_from_rfc3339(&s.expires_at).map(|t| t.with_timezone(&chrono::Utc)).unwrap_or(now);
            let token = shares::token(&key_bytes, shares::Named { share: s.id, revision: s.revision_id, expires });
            ShareRow { id: s.id, revision: s.revision_id, link: cx.url(&url::shared_preview(&token)), expires: s.expires_at, revoked: s.revoked, expired: expires <= now }
        })
        .collect();
    let find = |state: State| recent.iter().find(|r| r.state == state).map(RevisionRow::of);
    let preview = public_path(&entry).filter(|_| !english_first).map(|_| match &revision {
        Some(r) => url::staff_entry_preview(&key, r.id),
        None if lang == Lang::DEFAULT => format!("{}/preview", url::staff_entry(&key)),
        None => format!("{}/preview?lang={}", url::staff_entry(&key), lang.as_str()),
    });
    let own = hygo_content::get(lang);
    let data = EntryData {
        title: title(cx, &entry, Some(&body)),
        kind: entry.kind,
        lang: lang.as_str().to_owned(),
        languages: language_links(lang, |l| entry_page(&key, l, "")).into_iter().filter(|l| Lang::parse(&l.lang).is_some_and(|l| translations::is_edited(&entry, l))).collect(),
        translation,
        untranslated,
        english_first,
        public: live_path(cx, &entry, lang),
        live: match entry.kind {
            // A doctor's page is there while the doctor is.
            Kind::Doctor => english.is_some(),
            _ => entry.read(&own).is_some() && (lang == Lang::DEFAULT || english.is_some()),
        },
        retired: body.is_null(),
        history: history_page(&key, lang),
        fields,
        // Pictures are English's in every language (their words are translated among the fields).
        pictures: if translation { Vec::new() } else { PictureSlot::of(&entry, &body) },
        picture_max_mb: (hygo_directory::photos::MAX_BYTES / (1024 * 1024)) as u32,
        picture_min_width: hygo_directory::photos::PICTURE_WIDTHS[0],
        problems,
        preview,
        published: find(State::Published),
        scheduled: find(State::Scheduled),
        revision: revision.as_ref().map(RevisionRow::of),
        revisions: recent.iter().map(RevisionRow::of).collect(),
        shares,
        today: cx.clock().today().to_string(),
        share_hours: shares::DEFAULT_HOURS,
        share_max_hours: shares::MAX_HOURS,
        key,
    };
    Ok(Loaded::ok(PageData::StaffEntry(data), head(cx)))
}

/// An entry's history in a language.
fn history_page(key: &str, lang: Lang) -> String {
    let history = url::staff_entry_history(key);
    if lang == Lang::DEFAULT { history } else { format!("{history}?lang={}", lang.as_str()) }
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffEntryHistoryData")]
pub struct HistoryData {
    pub key: String,
    pub title: String,
    /// The editor of the entry in the history's language, and that language.
    pub editor: String,
    pub lang: String,
    pub revisions: Vec<RevisionRow>,
    /// The two compared (older on the left); None when there are fewer than two.
    pub a: Option<i32>,
    pub b: Option<i32>,
    pub rows: Vec<diff::Row>,
}

pub async fn history(cx: &Cx<'_>, _staff: Staff<Editing>) -> Result<Loaded, DataError> {
    let key = cx.param("entry").unwrap_or_default().to_owned();
    let missing = HistoryData { key: key.clone(), title: String::new(), editor: String::new(), lang: String::new(), revisions: Vec::new(), a: None, b: None, rows: Vec::new() };
    let not_found = || Loaded::not_found(PageData::StaffEntryHistory(missing), head(cx));
    let Some(lang) = editing(cx.query("lang").as_deref()) else { return Ok(not_found()) };
    let Some(entry) = entry_of(cx.db(), &key).await? else { return Ok(not_found()) };
    let revisions = store::history(cx.db(), &entry, lang.as_str(), 200).await?;
    let pick = |asked: Option<String>, fallback: Option<&Revision>| {
        asked
            .and_then(|v| super::positive_id(&v))
            .and_then(|id| revisions.iter().find(|r| r.id == id))
            .or(fallback)
            .cloned()
    };
    // By default the newest against the one before it.
    let b = pick(cx.query("b"), revisions.first());
    let a = pick(cx.query("a"), revisions.get(1));
    let rows = match (&a, &b) {
        (Some(a), Some(b)) => diff::rows(&a.body, &b.body),
        _ => Vec::new(),
    };
    let mut by_id: BTreeMap<i32, &Revision> = BTreeMap::new();
    by_id.extend(revisions.iter().map(|r| (r.id, r)));
    let data = HistoryData {
        title: title(cx, &entry, revisions.first().map(|r| &r.body)),
        editor: entry_page(&key, lang, ""),
        lang: lang.as_str().to_owned(),
        revisions: by_id.values().rev().map(|r| RevisionRow::of(r)).collect(),
        a: a.map(|r| r.id),
        b: b.map(|r| r.id),
        rows,
        key,
    };
    Ok(Loaded::ok(PageData::StaffEntryHistory(data), head(cx)))
}

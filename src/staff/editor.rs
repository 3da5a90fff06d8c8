//! The content editor's writes (issue 28; docs/editors.md): save a draft (and
//! change a list's structure), publish now or at a time, share a preview and
//! revoke the link, restore an earlier revision. And its two reads: the preview
//! of a revision in the console, and the same through a share link, signed
//! out. Each write is one transaction with its audit row (`hygo_editorial::store`).

use std::collections::BTreeMap;

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Duration, NaiveDateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use hygo_core::form::{Invalid, Message, WriteError};
use hygo_content::Lang;
use hygo_editorial::{fields, shares, store, translations, Entry, Kind};

use super::actions::{Cx, Next, StaffAction};
use crate::access::{self as guard, Editing, Need, Staff};
use crate::pages::editor::{editing, entry_of, entry_page, link_ok, public_path};
use crate::pages::render::{self, Banner};
use crate::pages::url;
use crate::state::AppState;

fn go(to: impl Into<String>) -> Result<Next, WriteError> {
    Ok(Next::Go { to: to.into(), cookies: Vec::new() })
}

fn refused(field: &str, key: &'static str) -> WriteError {
    WriteError::Invalid(Invalid::field(field, Message::new(key)))
}

fn refusal(e: store::Refused) -> WriteError {
    match e {
        store::Refused::Missing => refused("revision", "editor.noSuchRevision"),
        store::Refused::AlreadyPublished => refused("revision", "editor.alreadyPublished"),
        store::Refused::Data(e) => WriteError::Data(e),
    }
}

/// The entry of the posted path, or the refusal.
async fn path_entry(cx: &Cx<'_>) -> Result<Entry, WriteError> {
    let key = cx.req.match_info().get("entry").unwrap_or_default();
    entry_of(&cx.state.db, key).await?.ok_or_else(|| refused("entry", "editor.noSuchEntry"))
}

fn revision_id(text: Option<&str>) -> i32 {
    text.and_then(|t| t.trim().parse::<i32>().ok()).unwrap_or_default()
}

/// The language of a revision of the entry, where the editor goes back to
/// after acting on it (English for none: the store's refusal follows).
async fn revision_lang(cx: &Cx<'_>, entry: &Entry, id: i32) -> Result<Lang, WriteError> {
    let revision = match id {
        0 => None,
        id => store::get(&cx.state.db, id).await?.filter(|r| r.entry == entry.key()),
    };
    Ok(revision.and_then(|r| Lang::parse(&r.lang)).unwrap_or(Lang::DEFAULT))
}

/// After a publication here: this instance serves it at once (others at their
/// next check, `crate::staff::jobs::start_content`).
async fn installed(cx: &Cx<'_>) -> Result<(), WriteError> {
    super::jobs::sync_content(cx.state).await?;
    Ok(())
}

/// The language a form writes in (`lang`; English when none), or the refusal.
fn language(tag: Option<&str>) -> Result<Lang, WriteError> {
    editing(tag).ok_or_else(|| refused("lang", "editor.noSuchLanguage"))
}

/// The body a form was opened on: revision `base` of the entry in the
/// language, or (0) the text the editor showed (`crate::pages::editor::shown`).
async fn base_body(cx: &Cx<'_>, entry: &Entry, lang: Lang, english: Option<&Value>, base: Option<&str>) -> Result<Value, WriteError> {
    let revision = |r: &store::Revision| r.entry == entry.key() && r.lang == lang.as_str();
    match revision_id(base) {
        0 => entry
            .read(&hygo_content::get(lang))
            .or_else(|| if lang == Lang::DEFAULT { None } else { english.cloned() })
            .ok_or_else(|| refused("base", "editor.englishFirst")),
        id => Ok(store::get(&cx.state.db, id).await?.filter(revision).ok_or_else(|| refused("base", "editor.noSuchRevision"))?.body),
    }
}

/// A draft's body fits its entry's type and the store's limit; a
/// translation, laid over English's live text (there must be one).
fn fits(entry: &Entry, lang: Lang, english: Option<&Value>, body: &Value) -> Result<(), WriteError> {
    if translations::is_translation(entry, lang) && english.is_none() {
        return Err(refused("base", "editor.englishFirst"));
    }
    if let Err(misfit) = hygo_editorial::preview(lang, entry, body.clone()) {
        tracing::info!(entry = %entry.key(), %misfit, "a draft that does not fit its type was refused");
        return Err(refused("base", "editor.doesNotFit"));
    }
    if body.to_string().len() > store::BODY_MAX {
        return Err(refused("base", "editor.tooLong"));
    }
    Ok(())
}

/// Save: the editor's form, every field `f.{path}` (`hygo_editorial::fields`),
/// `base` (the revision it was opened on; 0: the live text), `op` (`save`, or a
/// list's `add:…`, `remove:…`, `up:…`, `down:…`) and `autosave` (sent by the
/// page's script while typing: the editor's own newest draft is changed in
/// place rather than a new revision made for each pause).
pub struct SaveEntry;

impl StaffAction for SaveEntry {
    type Input = BTreeMap<String, String>;
    type Who = Staff<Editing>;
    /// A whole revision's text (a long page in Gujarati is 22–39 KB as a form sends it).
    const MOST_CHARS: usize = hygo_editorial::store::BODY_MAX;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: Self::Input) -> Result<Next, WriteError> {
        let entry = path_entry(cx).await?;
        let lang = language(input.get("lang").map(String::as_str))?;
        if !translations::is_edited(&entry, lang) {
            return Err(refused("entry", "editor.noSuchEntry"));
        }
        let english = translations::english(&cx.state.db, &cx.state.clock, &entry).await?;
        let base = base_body(cx, &entry, lang, english.as_ref(), input.get("base").map(String::as_str)).await?;
        // A translation's form shows it laid over English's (`crate::pages::editor::entry`): read it over the same.
        let base = match &english {
            Some(en) if translations::is_translation(&entry, lang) => translations::laid(&entry, lang, Some(en), &base).unwrap_or(base),
            _ => base,
        };
        let mut body = fields::read_form(&entry, &base, &input).map_err(|wrong| {
            let mut check = hygo_core::form::Check::default();
            for w in wrong {
                check.fail(&format!("{}{}", fields::PREFIX, w.path), Message::new(w.key));
            }
            check.finish().err().map_or_else(|| refused("base", "editor.doesNotFit"), WriteError::Invalid)
        })?;
        let op = input.get("op").map(String::as_str).unwrap_or("save");
        let mut anchor = String::new();
        if op != "save" {
            let templates = fields::Templates::of(&hygo_content::default());
            let change = fields::Op::parse(op).ok_or_else(|| refused("op", "staff.noSuchOp"))?;
            // A translation's structure is English's: only a list of texts is its own.
            if translations::is_translation(&entry, lang) && !fields::text_list(english.as_ref().unwrap_or(&Value::Null), change.list()) {
                return Err(refused("op", "editor.structureIsEnglish"));
            }
            if !change.apply(&entry, &mut body, &templates) {
                return Err(refused("op", "staff.noSuchOp"));
            }
            anchor = format!("#f-{}", change.list());
        }
        fits(&entry, lang, english.as_ref(), &body)?;
        let autosave = input.get("autosave").is_some_and(|v| v == "1");
        let actor = cx.actor();
        let based_on = input.get("base").and_then(|b| b.trim().parse::<i32>().ok()).unwrap_or(0);
        let saved = store::save_on(&cx.state.db, &entry, lang.as_str(), &body, &actor, cx.state.clock.real(), autosave, based_on).await?;
        // Someone else saved meanwhile: nothing is saved, what was typed is shown
        // again on the page of the newer revision, which says who and which; a
        // second save keeps this one as the newest (the other stays in the history).
        let id = saved.map_err(|newer| WriteError::Conflict {
            field: "base",
            message: Message::new("editor.newerDraft").with("author", newer.author).with("revision", newer.id.to_string()),
        })?;
        go(entry_page(&entry.key(), lang, &format!("done=saved&revision={id}{anchor}")))
    }
}

/// A new news article (posted to `/staff/content`): its `title`; the draft is
/// made at the address the title gives (`/news/{slug}`), to be written in the editor.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct ArticleInput {
    pub title: Option<String>,
}

pub struct NewArticle;

/// The longest title a new article may have (the files' longest is 60 characters).
const TITLE_MAX: usize = 120;

impl StaffAction for NewArticle {
    type Input = ArticleInput;
    type Who = Staff<Editing>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: ArticleInput) -> Result<Next, WriteError> {
        let mut check = hygo_core::form::Check::default();
        let title = check.line("title", "editor.title", input.title.as_deref(), TITLE_MAX, Some("editor.titleRequired"));
        check.finish().map_err(WriteError::Invalid)?;
        // The address is made from the English title (an article starts in
        // English; its Hindi and Gujarati titles are its translations'): one in
        // another script makes none, which was answered "exists already" (issue 44).
        let slug = hygo_content::slug(&title);
        if slug.is_empty() || !slug.is_ascii() {
            return Err(refused("title", "editor.titleInEnglish"));
        }
        let day = cx.state.clock.today().to_string();
        let (entry, body) = hygo_editorial::new_article(&title, &day).ok_or_else(|| refused("title", "editor.articleExists"))?;
        if !store::history(&cx.state.db, &entry, Lang::DEFAULT.as_str(), 1).await?.is_empty() {
            return Err(refused("title", "editor.articleExists"));
        }
        let id = store::save(&cx.state.db, &entry, Lang::DEFAULT.as_str(), &body, &cx.actor(), cx.state.clock.real(), false).await?;
        go(entry_page(&entry.key(), Lang::DEFAULT, &format!("done=saved&revision={id}")))
    }
}

/// A picture for one place of an entry (a multipart post to
/// `/staff/content/{entry}/picture`): `slot` (`slides.0.image`), `base` (the
/// revision the editor shows), `op` `upload` (the file in `photo`, with `alt`,
/// the words read in its place; a picture already there keeps its words when
/// none are sent) or `remove`. Either makes a new draft.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct PictureInput {
    pub op: Option<String>,
    pub base: Option<String>,
    pub slot: Option<String>,
    pub alt: Option<String>,
}

pub struct EntryPicture;

impl StaffAction for EntryPicture {
    type Input = PictureInput;
    type Who = Staff<Editing>;
    const UPLOAD: bool = true;

    fn page(req: &HttpRequest, _input: &PictureInput) -> Option<String> {
        Some(url::staff_entry(req.match_info().get("entry").unwrap_or_default()))
    }

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: PictureInput) -> Result<Next, WriteError> {
        use hygo_editorial::images;
        let entry = path_entry(cx).await?;
        // Pictures are English's in every language; a translation has their words only.
        let english = translations::english(&cx.state.db, &cx.state.clock, &entry).await?;
        let mut body = base_body(cx, &entry, Lang::DEFAULT, english.as_ref(), input.base.as_deref()).await?;
        let slot = input.slot.as_deref().unwrap_or_default();
        if !entry.picture_slots(&body).iter().any(|s| s == slot) {
            return Err(refused("slot", "editor.noSuchSlot"));
        }
        let (db, actor, now) = (&cx.state.db, cx.actor(), cx.state.clock.real());
        let picture = match input.op.as_deref() {
            Some("upload") => {
                let mut check = hygo_core::form::Check::default();
                let alt = check.line("alt", "editor.alt", input.alt.as_deref(), images::ALT_MAX, None);
                let alt = Some(alt).filter(|a| !a.is_empty()).or_else(|| images::at(&body, slot).map(|p| p.alt)).unwrap_or_default();
                if alt.is_empty() {
                    check.fail("alt", Message::new("editor.altRequired"));
                }
                let Some(file) = cx.upload.clone() else {
                    check.fail(super::actions::UPLOAD_FIELD, Message::new("photo.empty"));
                    return Err(check.finish().err().map_or_else(|| refused("photo", "photo.empty"), WriteError::Invalid));
                };
                check.finish().map_err(WriteError::Invalid)?;
                Some(hygo_content::Picture { alt, sources: images::upload(db, &actor, file, now).await? })
            }
            Some("remove") => None,
            _ => return Err(refused("op", "staff.noSuchOp")),
        };
        if !images::set(&entry, &mut body, slot, picture.as_ref()) {
            return Err(refused("slot", "editor.noSuchSlot"));
        }
        fits(&entry, Lang::DEFAULT, english.as_ref(), &body)?;
        let id = store::save(db, &entry, Lang::DEFAULT.as_str(), &body, &actor, now, false).await?;
        let done = if picture.is_some() { "picture" } else { "pictureRemoved" };
        go(entry_page(&entry.key(), Lang::DEFAULT, &format!("done={done}&revision={id}#picture-{slot}")))
    }
}

/// Publish: `revision`, and `when`: `now`, `at` (with `date` and `time`, IST),
/// `cancel` (take it off its schedule) or, for an article, `retire` (it leaves
/// the site: a revision without a body, published now).
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct PublishInput {
    pub revision: Option<String>,
    pub when: Option<String>,
    pub date: Option<String>,
    pub time: Option<String>,
}

pub struct PublishEntry;

/// An IST date and time (YYYY-MM-DD, HH:MM) as an instant.
/// A date and time in Rajkot as the form sends them (`YYYY-MM-DD`, `HH:MM`),
/// strictly: a 4-digit year only (chrono alone takes `+10001-06-01`, whose
/// stored text would sort before every other), so every stored `publish_at` is
/// the same fixed-width UTC text and text order is time order on both databases.
fn ist_instant(date: &str, time: &str) -> Option<DateTime<Utc>> {
    let day = hygo_core::ist::parse_date(date.trim())?;
    let time = time.trim();
    let t = time.as_bytes();
    if !(t.len() == 5 && t[2] == b':' && t.iter().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit())) {
        return None;
    }
    let at = NaiveDateTime::new(day, chrono::NaiveTime::parse_from_str(time, "%H:%M").ok()?);
    hygo_core::ist::offset().from_local_datetime(&at).single().map(|t| t.with_timezone(&Utc))
}

impl StaffAction for PublishEntry {
    type Input = PublishInput;
    type Who = Staff<Editing>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: PublishInput) -> Result<Next, WriteError> {
        let entry = path_entry(cx).await?;
        let id = revision_id(input.revision.as_deref());
        let (db, actor, now) = (&cx.state.db, cx.actor(), cx.state.clock.real());
        let lang = revision_lang(cx, &entry, id).await?;
        let back = |done: &str| entry_page(&entry.key(), lang, &format!("done={done}&revision={id}"));
        if input.when.as_deref() == Some("cancel") {
            store::unschedule(db, &entry, id, &actor).await.map_err(refusal)?;
            return go(back("unscheduled"));
        }
        if input.when.as_deref() == Some("retire") {
            // Retired in English, an article leaves every language (a translation never stands alone).
            if entry.kind != Kind::Article {
                return Err(refused("when", "staff.noSuchOp"));
            }
            let retired = store::save(db, &entry, Lang::DEFAULT.as_str(), &Value::Null, &actor, now, false).await?;
            store::publish(db, &entry, retired, &actor, now).await.map_err(refusal)?;
            installed(cx).await?;
            return go(entry_page(&entry.key(), Lang::DEFAULT, &format!("done=retired&revision={retired}")));
        }
        let revision = store::get(db, id).await?.filter(|r| r.entry == entry.key()).ok_or_else(|| refused("revision", "editor.noSuchRevision"))?;
        // Nothing goes live with an empty heading or a link to nowhere.
        let live = translations::english(db, &cx.state.clock, &entry).await?;
        if revision.body.is_null() || !hygo_editorial::problems(&entry, &revision.body, live.as_ref(), &link_ok).is_empty() {
            return Err(refused("revision", "editor.cannotPublish"));
        }
        if translations::is_translation(&entry, lang) && live.is_none() {
            return Err(refused("revision", "editor.englishFirst"));
        }
        // The clinic's contact data goes live only by an admin's hand (now or at a time).
        if entry.holds_contact_data() && cx.current.is_none_or(|c| c.role != hygo_staff::Role::Admin) {
            return Err(WriteError::Invalid(hygo_core::form::Invalid::field("revision", Message::new("editor.contactNeedsAdmin").with("revision", id.to_string()))));
        }
        match input.when.as_deref() {
            Some("at") => {
                let at = ist_instant(input.date.as_deref().unwrap_or_default(), input.time.as_deref().unwrap_or_default())
                    .ok_or_else(|| refused("date", "editor.whenInvalid"))?;
                if at <= now {
                    return Err(refused("date", "editor.whenPast"));
                }
                store::schedule(db, &entry, id, at, &actor).await.map_err(refusal)?;
                go(back("scheduled"))
            }
            Some("now") | None => {
                store::publish(db, &entry, id, &actor, now).await.map_err(refusal)?;
                installed(cx).await?;
                go(back("published"))
            }
            Some(_) => Err(refused("when", "staff.noSuchOp")),
        }
    }
}

/// Share: `op` `share` (a link to `revision` for `hours`) or `revoke` (`share`).
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct ShareInput {
    pub op: Option<String>,
    pub revision: Option<String>,
    pub hours: Option<String>,
    pub share: Option<String>,
}

pub struct ShareEntry;

impl StaffAction for ShareEntry {
    type Input = ShareInput;
    type Who = Staff<Editing>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: ShareInput) -> Result<Next, WriteError> {
        let entry = path_entry(cx).await?;
        let (db, actor, now) = (&cx.state.db, cx.actor(), cx.state.clock.real());
        match input.op.as_deref() {
            Some("revoke") => {
                let share = revision_id(input.share.as_deref());
                let revision = store::share_by_id(db, share).await?.map_or(0, |s| s.revision_id);
                let lang = revision_lang(cx, &entry, revision).await?;
                store::revoke(db, &entry, share, &actor, now).await.map_err(refusal)?;
                go(entry_page(&entry.key(), lang, "done=revoked#shares"))
            }
            Some("share") => {
                let id = revision_id(input.revision.as_deref());
                let hours = match input.hours.as_deref().map(str::trim).filter(|h| !h.is_empty()) {
                    None => shares::DEFAULT_HOURS,
                    Some(h) => h.parse::<i64>().ok().filter(|h| (1..=shares::MAX_HOURS).contains(h)).ok_or_else(|| refused("hours", "editor.shareHours"))?,
                };
                store::share(db, &entry, id, now + Duration::hours(hours), &actor, now).await.map_err(refusal)?;
                go(entry_page(&entry.key(), revision_lang(cx, &entry, id).await?, &format!("done=shared&revision={id}#shares")))
            }
            _ => Err(refused("op", "staff.noSuchOp")),
        }
    }
}

/// Restore: a new draft with `revision`'s body.
#[derive(Deserialize, Serialize, Default)]
#[serde(default)]
pub struct RestoreInput {
    pub revision: Option<String>,
}

pub struct RestoreEntry;

impl StaffAction for RestoreEntry {
    type Input = RestoreInput;
    type Who = Staff<Editing>;

    async fn run(cx: &Cx<'_>, _who: Self::Who, input: RestoreInput) -> Result<Next, WriteError> {
        let entry = path_entry(cx).await?;
        let id = revision_id(input.revision.as_deref());
        let new = store::restore(&cx.state.db, &entry, id, &cx.actor(), cx.state.clock.real()).await.map_err(refusal)?;
        go(entry_page(&entry.key(), revision_lang(cx, &entry, new).await?, &format!("done=restored&revision={new}")))
    }
}

// ---- Previews -----------------------------------------------------------------------

fn text(key: &str) -> String {
    hygo_content::message(key)
}

/// The banner's links to the editor's fields, one for the page and one for
/// each part of it that has fields (click to edit without JavaScript).
fn field_links(entry: &Entry, lang: Lang, body: &Value) -> Vec<(String, String)> {
    let editor = entry_page(&entry.key(), lang, "");
    let mut links = vec![(text("editor.editPage"), editor.clone())];
    let lists = match entry.kind {
        Kind::Page => body.get("sections"),
        Kind::Home => body.get("slides").or_else(|| body.get("cards")).or_else(|| body.get("tiles")).or_else(|| body.get("items")),
        _ => None,
    };
    let list_name = match entry.kind {
        Kind::Page => "sections",
        _ => ["slides", "cards", "tiles", "items"].into_iter().find(|k| body.get(*k).is_some()).unwrap_or_default(),
    };
    for (i, part) in lists.and_then(Value::as_array).into_iter().flatten().enumerate() {
        let named = ["heading", "title", "name", "q"].iter().find_map(|k| part.get(*k).and_then(Value::as_str)).filter(|t| !t.is_empty());
        let label = match named {
            Some(name) => hygo_content::fill(&text("editor.editPart"), &[("name", name)]),
            None => hygo_content::fill(&text("editor.editNumbered"), &[("n", &(i + 1).to_string())]),
        };
        links.push((label, format!("{editor}#f-{list_name}.{i}")));
    }
    links
}

#[derive(Deserialize)]
pub struct PreviewQuery {
    revision: Option<String>,
    /// The language of the live text's preview (a revision has its own).
    lang: Option<String>,
}

/// `GET /staff/content/{entry}/preview?revision=N`: the public page with that
/// revision laid over the live content (without `revision`, the live text),
/// for editors and admins; the editor shows it in two frames.
pub async fn preview(state: web::Data<AppState>, req: HttpRequest, need: web::Data<Need>, query: web::Query<PreviewQuery>) -> HttpResponse {
    match guard::check(&req, &state, **need).await {
        Ok(Some(_)) => {}
        Ok(None) => return super::denied_page(&req, guard::Denied::SignIn),
        Err(denied) => return super::denied_page(&req, denied),
    }
    let key = req.match_info().get("entry").unwrap_or_default();
    let Ok(Some(entry)) = entry_of(&state.db, key).await else {
        return render::not_found_page();
    };
    let Some(lang) = editing(query.lang.as_deref()) else { return render::not_found_page() };
    // `newest`: the editor's frames after an autosave, which does not know the revision's number.
    let chosen = match query.revision.as_deref() {
        Some("newest") => match store::history(&state.db, &entry, lang.as_str(), 1).await {
            Ok(newest) => newest.first().map_or(0, |r| r.id),
            Err(_) => return render::error_page(actix_web::http::StatusCode::SERVICE_UNAVAILABLE),
        },
        other => revision_id(other),
    };
    let revision = match chosen {
        0 => None,
        id => match store::get(&state.db, id).await {
            Ok(Some(r)) if r.entry == entry.key() => Some(r),
            Ok(_) => return render::not_found_page(),
            Err(e) => {
                tracing::error!(error = %e, "preview: reading the revision failed");
                return render::error_page(actix_web::http::StatusCode::SERVICE_UNAVAILABLE);
            }
        },
    };
    let body = match &revision {
        Some(r) => r.body.clone(),
        // The live text; a translation nobody has written yet, English's (a doctor's, the record's).
        None => match entry.read(&hygo_content::get(lang)) {
            Some(body) => body,
            None => match translations::english(&state.db, &state.clock, &entry).await {
                Ok(Some(english)) if lang != Lang::DEFAULT => english,
                _ => return render::not_found_page(),
            },
        },
    };
    show(&state, &entry, revision.as_ref(), lang, body, true).await
}

/// The page with the body laid over the content: a revision's in its own
/// language, the live text's in the one asked for.
async fn show(state: &AppState, entry: &Entry, revision: Option<&store::Revision>, lang: Lang, mut body: Value, editor: bool) -> HttpResponse {
    let lang = revision.and_then(|r| Lang::parse(&r.lang)).unwrap_or(lang);
    hygo_editorial::fields::defuse_links(&mut body, None, &link_ok);
    let links = if editor { field_links(entry, lang, &body) } else { Vec::new() };
    let content = match hygo_editorial::preview(lang, entry, body) {
        Ok(content) => content,
        Err(misfit) => {
            tracing::error!(entry = %entry.key(), %misfit, "a revision that does not fit its type was asked for");
            return render::not_found_page();
        }
    };
    // In Rajkot's time; who saved it only for the console (a share link's
    // outsiders see no editor's address: issue 44).
    let saved = |r: &store::Revision| {
        chrono::DateTime::parse_from_rfc3339(&r.updated_at).map_or_else(|_| r.updated_at.clone(), |t| t.with_timezone(&hygo_core::ist::offset()).format("%-d %B %Y, %-I:%M %p").to_string())
    };
    let detail = match revision {
        Some(r) if editor => hygo_content::fill(&text("editor.draftDetail"), &[("revision", &r.id.to_string()), ("author", &r.author), ("saved", &saved(r))]),
        Some(r) => hygo_content::fill(&text("editor.sharedDetail"), &[("saved", &saved(r))]),
        None => text("editor.liveDetail"),
    };
    let banner = Banner { heading: text("editor.draftBanner"), detail, links };
    // A retired article's preview: its page is gone, so the list shows instead.
    let path = match (entry.kind, content.article(&entry.name), public_path(entry)) {
        (Kind::Article, None, _) => url::NEWS.canonical().to_owned(),
        (_, _, Some(path)) => path,
        // Words on no page have no preview.
        (_, _, None) => return render::not_found_page(),
    };
    render::preview(state, &path, content, &banner, editor).await
}

/// `GET /preview/{token}`: a share link, signed out. The revision it names,
/// while the link's signature holds, its time has not passed and it was not
/// revoked; otherwise the same "not valid" page for every reason.
pub async fn shared(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let token = req.match_info().get("token").unwrap_or_default();
    let gone = || {
        let mut res = render::plain_page(actix_web::http::StatusCode::NOT_FOUND, "editor.previewGoneHeading", "editor.previewGone");
        res.headers_mut().insert(actix_web::http::header::CACHE_CONTROL, actix_web::http::header::HeaderValue::from_static("no-store"));
        res.headers_mut().insert(actix_web::http::header::REFERRER_POLICY, actix_web::http::header::HeaderValue::from_static("no-referrer"));
        res
    };
    // A link can only name a share that was made, and making one made the key:
    // an address made up by anyone reads the shares table, and writes nothing.
    let claimed = token.split('.').next().and_then(|id| id.parse::<i32>().ok()).unwrap_or_default();
    match store::share_by_id(&state.db, claimed).await {
        Ok(Some(_)) => {}
        Ok(None) => return gone(),
        Err(e) => {
            tracing::error!(error = %e, "share link: reading it failed");
            return render::error_page(actix_web::http::StatusCode::SERVICE_UNAVAILABLE);
        }
    }
    let key = match hygo_core::secrets::key(&state.db, shares::KEY).await {
        Ok(key) => key,
        Err(e) => {
            tracing::error!(error = %e, "share link: the key could not be read");
            return render::error_page(actix_web::http::StatusCode::SERVICE_UNAVAILABLE);
        }
    };
    let Some(named) = shares::read(&key, token) else { return gone() };
    if named.expires <= state.clock.real() {
        return gone();
    }
    let share = match store::share_by_id(&state.db, named.share).await {
        Ok(Some(share)) if !share.revoked && share.revision_id == named.revision => share,
        Ok(_) => return gone(),
        Err(e) => {
            tracing::error!(error = %e, "share link: reading it failed");
            return render::error_page(actix_web::http::StatusCode::SERVICE_UNAVAILABLE);
        }
    };
    let revision = match store::get(&state.db, share.revision_id).await {
        Ok(Some(r)) => r,
        _ => return gone(),
    };
    let Some(entry) = Entry::parse(&revision.entry) else { return gone() };
    let body = revision.body.clone();
    show(&state, &entry, Some(&revision), Lang::DEFAULT, body, false).await
}

//! The revisions: every save of an entry in a language is one; at most one of
//! an entry and language is published (a unique index says so). Publishing,
//! scheduling, restoring and sharing are each one transaction with their audit
//! row, and a publication raises the content's data version (row 3) in the same
//! transaction, so every instance lays the new content over the files at its
//! next check (`crate::published`).

use chrono::{DateTime, SecondsFormat, Utc};
use hygo_core::audit::{self, Actor, Target};
use hygo_core::entities::{content_revision as revision, content_share as share};
use hygo_core::{DataError, Db};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set, Statement};
use serde_json::{json, Value};

use crate::entries::Entry;

/// Where a revision is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "RevisionState")]
pub enum State {
    Draft,
    Scheduled,
    Published,
    /// Published once, then another was.
    Replaced,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::Draft => "draft",
            State::Scheduled => "scheduled",
            State::Published => "published",
            State::Replaced => "replaced",
        }
    }

    fn parse(text: &str) -> State {
        match text {
            "scheduled" => State::Scheduled,
            "published" => State::Published,
            "replaced" => State::Replaced,
            _ => State::Draft,
        }
    }
}

/// A revision as read back.
#[derive(Debug, Clone)]
pub struct Revision {
    pub id: i32,
    pub entry: String,
    pub lang: String,
    pub body: Value,
    pub state: State,
    pub publish_at: Option<String>,
    pub published_at: Option<String>,
    pub author: String,
    pub author_id: Option<i32>,
    pub based_on: Option<i32>,
    pub created_at: String,
    pub updated_at: String,
}

impl Revision {
    fn of(row: revision::Model) -> Result<Revision, DataError> {
        let body = serde_json::from_str(&row.body)
            .map_err(|e| DataError::Corrupt { what: "content_revisions".into(), detail: format!("revision {}: {e}", row.id) })?;
        Ok(Revision {
            id: row.id,
            entry: row.entry,
            lang: row.lang,
            body,
            state: State::parse(&row.state),
            publish_at: row.publish_at,
            published_at: row.published_at,
            author: row.author,
            author_id: row.author_id,
            based_on: row.based_on,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

pub(crate) fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// The longest body a revision may have (the longest page of the files is about 12 KB).
pub const BODY_MAX: usize = 200_000;

/// Saves a body as a new draft. With `amend`, the editor's own newest draft is
/// changed in place instead when it is still the entry's newest revision, a
/// draft, theirs and not shared (autosave while typing: one revision per
/// sitting, not one per keystroke). Answers the revision's id.
pub async fn save(db: &Db, entry: &Entry, lang: &str, body: &Value, actor: &Actor, now: DateTime<Utc>, amend: bool) -> Result<i32, DataError> {
    let txn = hygo_core::db::begin_write(db).await?;
    let id = save_in(&txn, entry, lang, body, actor, now, amend).await?;
    txn.commit().await?;
    Ok(id)
}

/// `save` of an editor's form that was opened on revision `base` (0: the live
/// text): refused, with the revision, when someone else saved a newer one of
/// the entry in this language meanwhile (two editors on one entry: the second
/// save would silently leave out the first's change). The check and the save
/// are one write transaction. The editor's own newer drafts (an autosave, a
/// second tab) are no conflict.
pub async fn save_on(db: &Db, entry: &Entry, lang: &str, body: &Value, actor: &Actor, now: DateTime<Utc>, amend: bool, base: i32) -> Result<Result<i32, Revision>, DataError> {
    let txn = hygo_core::db::begin_write(db).await?;
    let newer = revision::Entity::find()
        .filter(revision::Column::Entry.eq(entry.key()))
        .filter(revision::Column::Lang.eq(lang))
        .filter(revision::Column::Id.gt(base))
        .order_by_desc(revision::Column::Id)
        .all(&txn)
        .await?
        .into_iter()
        .find(|r| r.author_id != actor.id || actor.id.is_none());
    if let Some(row) = newer {
        return Ok(Err(Revision::of(row)?));
    }
    let id = save_in(&txn, entry, lang, body, actor, now, amend).await?;
    txn.commit().await?;
    Ok(Ok(id))
}

async fn save_in(txn: &sea_orm::DatabaseTransaction, entry: &Entry, lang: &str, body: &Value, actor: &Actor, now: DateTime<Utc>, amend: bool) -> Result<i32, DataError> {
    let text = body.to_string();
    if amend {
        let newest = revision::Entity::find()
            .filter(revision::Column::Entry.eq(entry.key()))
            .filter(revision::Column::Lang.eq(lang))
            .order_by_desc(revision::Column::Id)
            .one(txn)
            .await?;
        if let Some(row) = newest.filter(|r| r.state == "draft" && r.author_id == actor.id && actor.id.is_some()) {
            let shared = share::Entity::find().filter(share::Column::RevisionId.eq(row.id)).one(txn).await?.is_some();
            if !shared {
                let id = row.id;
                let mut row: revision::ActiveModel = row.into();
                row.body = Set(text);
                row.updated_at = Set(stamp(now));
                row.update(txn).await?;
                return Ok(id);
            }
        }
    }
    insert(txn, entry, lang, text, actor, now, None).await
}

async fn insert(conn: &impl ConnectionTrait, entry: &Entry, lang: &str, body: String, actor: &Actor, now: DateTime<Utc>, based_on: Option<i32>) -> Result<i32, DataError> {
    let row = revision::ActiveModel {
        entry: Set(entry.key()),
        lang: Set(lang.to_owned()),
        body: Set(body),
        state: Set(State::Draft.as_str().to_owned()),
        publish_at: Set(None),
        published_at: Set(None),
        author_id: Set(actor.id),
        author: Set(actor.name.clone()),
        based_on: Set(based_on),
        created_at: Set(stamp(now)),
        updated_at: Set(stamp(now)),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(row.id)
}

/// An entry's revisions in a language, newest first (at most `limit`).
pub async fn history(db: &Db, entry: &Entry, lang: &str, limit: u64) -> Result<Vec<Revision>, DataError> {
    let rows = revision::Entity::find()
        .filter(revision::Column::Entry.eq(entry.key()))
        .filter(revision::Column::Lang.eq(lang))
        .order_by_desc(revision::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    rows.into_iter().map(Revision::of).collect()
}

/// A revision by id.
pub async fn get(db: &Db, id: i32) -> Result<Option<Revision>, DataError> {
    revision::Entity::find_by_id(id).one(db).await?.map(Revision::of).transpose()
}

/// The newest state of every entry that has revisions: (entry, lang, state of
/// its newest revision, whether one is published), for the console's list.
pub async fn overview(db: &Db) -> Result<Vec<(String, String, State, bool)>, DataError> {
    let rows: Vec<(i32, String, String, String)> = revision::Entity::find()
        .select_only()
        .column(revision::Column::Id)
        .column(revision::Column::Entry)
        .column(revision::Column::Lang)
        .column(revision::Column::State)
        .order_by_asc(revision::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut out: Vec<(String, String, State, bool)> = Vec::new();
    for (_, entry, lang, state) in rows {
        let state = State::parse(&state);
        match out.iter_mut().find(|(e, l, _, _)| *e == entry && *l == lang) {
            Some(found) => {
                found.2 = state;
                found.3 |= state == State::Published;
            }
            None => out.push((entry, lang, state, state == State::Published)),
        }
    }
    Ok(out)
}

/// Every published revision: what is laid over the files.
pub async fn published(db: &Db) -> Result<Vec<Revision>, DataError> {
    let rows = revision::Entity::find()
        .filter(revision::Column::State.eq(State::Published.as_str()))
        .order_by_asc(revision::Column::Id)
        .all(db)
        .await?;
    rows.into_iter().map(Revision::of).collect()
}

/// When each entry's published revision went live (RFC 3339, UTC), for the
/// sitemap's `lastmod`: two columns, no bodies.
pub async fn published_dates(db: &Db) -> Result<Vec<(String, String)>, DataError> {
    let rows: Vec<(String, Option<String>)> = revision::Entity::find()
        .select_only()
        .column(revision::Column::Entry)
        .column(revision::Column::PublishedAt)
        .filter(revision::Column::State.eq(State::Published.as_str()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(entry, at)| Some((entry, at?))).collect())
}

/// Why a revision cannot be published, scheduled or shared.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("no such revision of this entry")]
    Missing,
    #[error("the revision was published already")]
    AlreadyPublished,
    #[error(transparent)]
    Data(#[from] DataError),
}

impl From<sea_orm::DbErr> for Refused {
    fn from(e: sea_orm::DbErr) -> Self {
        Refused::Data(e.into())
    }
}

async fn of_entry(conn: &impl ConnectionTrait, entry: &Entry, id: i32) -> Result<revision::Model, Refused> {
    revision::Entity::find_by_id(id)
        .one(conn)
        .await?
        .filter(|r| r.entry == entry.key())
        .ok_or(Refused::Missing)
}

/// Publishes a revision now: the one published before is `replaced`, the
/// content's data version is raised, and the audit log says who. A scheduled
/// revision is published from its schedule, once, however many instances try
/// at the same moment (the change is made only from the state it was read in).
/// Answers false when another got there first.
pub async fn publish(db: &Db, entry: &Entry, id: i32, actor: &Actor, now: DateTime<Utc>) -> Result<bool, Refused> {
    let txn = hygo_core::db::begin_write(db).await?;
    let row = of_entry(&txn, entry, id).await?;
    let from = State::parse(&row.state);
    if matches!(from, State::Published | State::Replaced) {
        return Err(Refused::AlreadyPublished);
    }
    // The claim: from the state it was read in, or nothing.
    let claimed = revision::Entity::update_many()
        .col_expr(revision::Column::State, Expr::value("publishing"))
        .filter(revision::Column::Id.eq(id))
        .filter(revision::Column::State.eq(from.as_str()))
        .exec(&txn)
        .await?;
    if claimed.rows_affected != 1 {
        return Ok(false);
    }
    revision::Entity::update_many()
        .col_expr(revision::Column::State, Expr::value(State::Replaced.as_str()))
        .filter(revision::Column::Entry.eq(row.entry.clone()))
        .filter(revision::Column::Lang.eq(row.lang.clone()))
        .filter(revision::Column::State.eq(State::Published.as_str()))
        .exec(&txn)
        .await?;
    revision::Entity::update_many()
        .col_expr(revision::Column::State, Expr::value(State::Published.as_str()))
        .col_expr(revision::Column::PublishedAt, Expr::value(stamp(now)))
        .filter(revision::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    raise_version(&txn).await?;
    let action = if from == State::Scheduled { "content-publish-scheduled" } else { "content-publish" };
    // Who wrote what went live, beside who published it (for the clinic's
    // contact data, an admin: the one who approved an editor's change).
    let after = json!({ "revision": id, "lang": row.lang, "retired": row.body == "null", "author": row.author });
    audit::record(&txn, actor, action, Target { kind: "content", name: &row.entry }, Value::Null, after).await?;
    txn.commit().await?;
    Ok(true)
}

async fn raise_version(conn: &impl ConnectionTrait) -> Result<(), DataError> {
    conn.execute_raw(Statement::from_string(conn.get_database_backend(), "UPDATE data_version SET version = version + 1 WHERE id = 3"))
        .await?;
    Ok(())
}

/// Schedules a revision for `at` (UTC); another scheduled revision of the same
/// entry and language goes back to being a draft (one schedule an entry).
pub async fn schedule(db: &Db, entry: &Entry, id: i32, at: DateTime<Utc>, actor: &Actor) -> Result<(), Refused> {
    let txn = hygo_core::db::begin_write(db).await?;
    let row = of_entry(&txn, entry, id).await?;
    if matches!(State::parse(&row.state), State::Published | State::Replaced) {
        return Err(Refused::AlreadyPublished);
    }
    revision::Entity::update_many()
        .col_expr(revision::Column::State, Expr::value(State::Draft.as_str()))
        .col_expr(revision::Column::PublishAt, Expr::value(Option::<String>::None))
        .filter(revision::Column::Entry.eq(row.entry.clone()))
        .filter(revision::Column::Lang.eq(row.lang.clone()))
        .filter(revision::Column::State.eq(State::Scheduled.as_str()))
        .exec(&txn)
        .await?;
    revision::Entity::update_many()
        .col_expr(revision::Column::State, Expr::value(State::Scheduled.as_str()))
        .col_expr(revision::Column::PublishAt, Expr::value(stamp(at)))
        .filter(revision::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    let after = json!({ "revision": id, "lang": row.lang, "at": stamp(at) });
    audit::record(&txn, actor, "content-schedule", Target { kind: "content", name: &row.entry }, Value::Null, after).await?;
    txn.commit().await?;
    Ok(())
}

/// Takes a revision off its schedule: a draft again.
pub async fn unschedule(db: &Db, entry: &Entry, id: i32, actor: &Actor) -> Result<(), Refused> {
    let txn = hygo_core::db::begin_write(db).await?;
    let row = of_entry(&txn, entry, id).await?;
    let done = revision::Entity::update_many()
        .col_expr(revision::Column::State, Expr::value(State::Draft.as_str()))
        .col_expr(revision::Column::PublishAt, Expr::value(Option::<String>::None))
        .filter(revision::Column::Id.eq(id))
        .filter(revision::Column::State.eq(State::Scheduled.as_str()))
        .exec(&txn)
        .await?;
    if done.rows_affected == 1 {
        let before = json!({ "revision": id, "at": row.publish_at });
        audit::record(&txn, actor, "content-unschedule", Target { kind: "content", name: &row.entry }, before, Value::Null).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Publishes what is due at `now`: each scheduled revision once (see `publish`).
/// Answers the entries published.
pub async fn publish_due(db: &Db, now: DateTime<Utc>) -> Result<Vec<String>, DataError> {
    let due = revision::Entity::find()
        .filter(revision::Column::State.eq(State::Scheduled.as_str()))
        .filter(revision::Column::PublishAt.lte(stamp(now)))
        .order_by_asc(revision::Column::PublishAt)
        .all(db)
        .await?;
    let mut done = Vec::new();
    for row in due {
        let Some(entry) = Entry::parse(&row.entry) else { continue };
        match publish(db, &entry, row.id, &Actor::system(), now).await {
            Ok(true) => done.push(row.entry),
            Ok(false) | Err(Refused::Missing | Refused::AlreadyPublished) => {}
            Err(Refused::Data(e)) => return Err(e),
        }
    }
    Ok(done)
}

/// A new draft with an earlier revision's body (history's "restore").
pub async fn restore(db: &Db, entry: &Entry, id: i32, actor: &Actor, now: DateTime<Utc>) -> Result<i32, Refused> {
    let txn = hygo_core::db::begin_write(db).await?;
    let row = of_entry(&txn, entry, id).await?;
    let new = insert(&txn, entry, &row.lang, row.body.clone(), actor, now, Some(id)).await?;
    let after = json!({ "revision": new, "from": id, "lang": row.lang });
    audit::record(&txn, actor, "content-restore", Target { kind: "content", name: &row.entry }, Value::Null, after).await?;
    txn.commit().await?;
    Ok(new)
}

/// A share link's row.
#[derive(Debug, Clone)]
pub struct Share {
    pub id: i32,
    pub revision_id: i32,
    pub expires_at: String,
    pub revoked: bool,
    pub created_by: String,
}

/// Records a share link of a revision, valid until `expires` (UTC).
pub async fn share(db: &Db, entry: &Entry, id: i32, expires: DateTime<Utc>, actor: &Actor, now: DateTime<Utc>) -> Result<Share, Refused> {
    let txn = hygo_core::db::begin_write(db).await?;
    let row = of_entry(&txn, entry, id).await?;
    let saved = share::ActiveModel {
        revision_id: Set(id),
        expires_at: Set(stamp(expires)),
        revoked_at: Set(None),
        created_by: Set(actor.name.clone()),
        created_at: Set(stamp(now)),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let after = json!({ "revision": id, "share": saved.id, "expires": stamp(expires) });
    audit::record(&txn, actor, "content-share", Target { kind: "content", name: &row.entry }, Value::Null, after).await?;
    txn.commit().await?;
    Ok(Share { id: saved.id, revision_id: id, expires_at: saved.expires_at, revoked: false, created_by: saved.created_by })
}

/// Revokes a share link of the entry.
pub async fn revoke(db: &Db, entry: &Entry, share_id: i32, actor: &Actor, now: DateTime<Utc>) -> Result<(), Refused> {
    let txn = hygo_core::db::begin_write(db).await?;
    let found = share::Entity::find_by_id(share_id).one(&txn).await?.ok_or(Refused::Missing)?;
    of_entry(&txn, entry, found.revision_id).await?;
    share::Entity::update_many()
        .col_expr(share::Column::RevokedAt, Expr::value(stamp(now)))
        .filter(share::Column::Id.eq(share_id))
        .filter(share::Column::RevokedAt.is_null())
        .exec(&txn)
        .await?;
    let before = json!({ "share": share_id, "revision": found.revision_id });
    audit::record(&txn, actor, "content-revoke", Target { kind: "content", name: &entry.key() }, before, Value::Null).await?;
    txn.commit().await?;
    Ok(())
}

fn share_of(row: share::Model) -> Share {
    Share { id: row.id, revision_id: row.revision_id, expires_at: row.expires_at, revoked: row.revoked_at.is_some(), created_by: row.created_by }
}

/// A share link's row by id.
pub async fn share_by_id(db: &Db, id: i32) -> Result<Option<Share>, DataError> {
    Ok(share::Entity::find_by_id(id).one(db).await?.map(share_of))
}

/// The share links of some revisions, newest first.
pub async fn shares_of(db: &Db, revisions: &[i32]) -> Result<Vec<Share>, DataError> {
    let rows = share::Entity::find()
        .filter(share::Column::RevisionId.is_in(revisions.to_vec()))
        .order_by_desc(share::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(share_of).collect())
}

//! The audit log: every staff action, with who did it, when, and the record before
//! and after, written in the same transaction as the change itself, so there is no
//! change without its row and no row without its change. The database refuses to
//! update or delete a row (migration 10's triggers); no route of the console edits
//! it, and only admins read it (`list`).

use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryOrder, QuerySelect, Set};
use serde::Serialize;
use serde_json::Value;

use crate::entities::audit_log;
use crate::{DataError, Db};

/// Who acted: a member of staff, or the server itself (a request that expired).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub id: Option<i32>,
    /// The e-mail address of the account at the time, or `system`.
    pub name: String,
}

impl Actor {
    pub fn staff(id: i32, email: &str) -> Self {
        Actor { id: Some(id), name: email.to_owned() }
    }

    pub fn system() -> Self {
        Actor { id: None, name: "system".to_owned() }
    }
}

/// What was acted on: its kind and its public name (a reference, an e-mail).
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub kind: &'static str,
    pub name: &'a str,
}

/// Writes one row; call it inside the transaction of the change.
pub async fn record(conn: &impl ConnectionTrait, actor: &Actor, action: &str, target: Target<'_>, before: Value, after: Value) -> Result<(), DataError> {
    audit_log::ActiveModel {
        at: Set(crate::ist::stamp()),
        actor_id: Set(actor.id),
        actor: Set(actor.name.clone()),
        action: Set(action.to_owned()),
        target_kind: Set(target.kind.to_owned()),
        target: Set(target.name.to_owned()),
        before: Set(before.to_string()),
        after: Set(after.to_string()),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// A row as the console shows it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "AuditEntry")]
pub struct Entry {
    pub at: String,
    pub actor: String,
    pub action: String,
    pub target_kind: String,
    pub target: String,
    #[ts(type = "unknown")]
    pub before: Value,
    #[ts(type = "unknown")]
    pub after: Value,
}

/// Rows on a page of the log, newest first.
pub const PAGE_SIZE: u64 = 50;

/// The action of a staff page with patients' data being looked at (`src/pages/mod.rs`, `disclose`).
pub const VIEW: &str = "view";

/// One page of the log, newest first (page 1 is the first), and how many pages
/// there are; with the pages looked at (`VIEW`) or without them.
pub async fn list(db: &Db, page: u64, views: bool) -> Result<(Vec<Entry>, u64), DataError> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let rows = || match views {
        true => audit_log::Entity::find(),
        false => audit_log::Entity::find().filter(audit_log::Column::Action.ne(VIEW)),
    };
    let total = rows().count(db).await?;
    let pages = total.div_ceil(PAGE_SIZE).max(1);
    let rows = rows()
        .order_by_desc(audit_log::Column::Id)
        .offset((page.clamp(1, pages) - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE)
        .all(db)
        .await?;
    Ok((rows.into_iter().map(entry).collect(), pages))
}

/// The rows about one target, oldest first (a request's history on its page).
pub async fn for_target(db: &Db, kind: &str, name: &str) -> Result<Vec<Entry>, DataError> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let rows = audit_log::Entity::find()
        .filter(audit_log::Column::TargetKind.eq(kind))
        .filter(audit_log::Column::Target.eq(name))
        .order_by_asc(audit_log::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(entry).collect())
}

fn entry(r: audit_log::Model) -> Entry {
    let parse = |text: &str| serde_json::from_str(text).unwrap_or(Value::Null);
    Entry { before: parse(&r.before), after: parse(&r.after), at: r.at, actor: r.actor, action: r.action, target_kind: r.target_kind, target: r.target }
}

//! The audit log: every staff action, with who did it, when, and the record before
//! and after, written in the same transaction as the change itself, so there is no
//! change without its row and no row without its change. The database refuses to
//! update or delete a row (migration 10's triggers); no route of the console edits
//! it, and only admins read it (`list`).

use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryOrder, QuerySelect, Set};
use serde::Serialize;
use serde_json::Value;

use crate::entities::{audit_log, staff_account};
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

    /// The patient, through their manage-my-visit link (`hygo_booking::visits`).
    pub fn patient() -> Self {
        Actor { id: None, name: PATIENT.to_owned() }
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

/// A row as the console shows it, in words: who by name, what changed field by
/// field, and for an appointment where the visit was and is (`VisitAt`, filled
/// by `hygo_booking::inbox::visits_in_words`).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "AuditEntry")]
pub struct Entry {
    pub at: String,
    pub by: By,
    pub action: String,
    pub target_kind: String,
    pub target: String,
    /// The fields that changed, in the order stored (`before` to `after`), as text.
    pub changes: Vec<Change>,
    /// An appointment's visit before and after the action (doctor, day, time, clinic).
    pub from: Option<VisitAt>,
    pub to: Option<VisitAt>,
    #[serde(skip)]
    pub before: Value,
    #[serde(skip)]
    pub after: Value,
}

/// Who acted, as people say it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[ts(rename = "AuditBy")]
pub enum By {
    /// A member of staff by the account's name (the e-mail of the time when the account is gone).
    Staff { name: String },
    /// The server itself (a request expiring).
    System,
    /// `hygo staff …` on the server's command line.
    CommandLine,
    /// The patient, through their manage-my-visit link.
    Patient,
}

/// A field of the record, before and after ("" for none).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[ts(rename = "AuditChange")]
pub struct Change {
    pub field: String,
    pub before: String,
    pub after: String,
}

/// Where an appointment's visit is: the doctor by name, YYYY-MM-DD, "09:15 AM", the clinic's name.
#[derive(Debug, Clone, Serialize, PartialEq, ts_rs::TS)]
#[ts(rename = "AuditVisit")]
pub struct VisitAt {
    pub doctor: String,
    pub date: String,
    pub time: String,
    pub clinic: String,
}

/// The actor name `hygo staff …` writes.
pub const COMMAND_LINE: &str = "cli";
/// The actor's name of what a patient did through their link (`Actor::patient`).
pub(crate) const PATIENT: &str = "patient";

/// What the log is narrowed to (`list`); every part optional.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// The pages staff looked at (`VIEW`) are listed only when asked for.
    pub views: bool,
    /// A staff account's id, or `Some(None)`-like: see `Who`.
    pub who: Option<Who>,
    pub action: Option<String>,
    /// IST days, both included.
    pub from: Option<chrono::NaiveDate>,
    pub to: Option<chrono::NaiveDate>,
    /// The thing acted on: a reference, an e-mail or a doctor's name, any part of it.
    pub target: Option<String>,
}

/// Whose actions a filter keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Staff(i32),
    System,
    CommandLine,
}

impl Who {
    /// "12", "system" or "cli", as the filter's select sends it.
    pub fn parse(text: &str) -> Option<Who> {
        match text {
            "system" => Some(Who::System),
            COMMAND_LINE => Some(Who::CommandLine),
            id => id.parse().ok().map(Who::Staff),
        }
    }
}

/// The longest text the target filter takes.
pub const TARGET_MAX: usize = 100;

/// Rows on a page of the log, newest first.
pub const PAGE_SIZE: u64 = 50;

/// The action of a staff page with patients' data being looked at (`src/pages/mod.rs`, `disclose`).
pub const VIEW: &str = "view";

/// One page of the log, newest first (page 1 is the first), and how many pages
/// the filter gives.
pub async fn list(db: &Db, page: u64, filter: &Filter) -> Result<(Vec<Entry>, u64), DataError> {
    use sea_orm::{ColumnTrait, Condition, QueryFilter};
    let mut when = Condition::all();
    if !filter.views {
        when = when.add(audit_log::Column::Action.ne(VIEW));
    }
    when = match filter.who {
        Some(Who::Staff(id)) => when.add(audit_log::Column::ActorId.eq(id)),
        Some(Who::System) => when.add(audit_log::Column::ActorId.is_null()).add(audit_log::Column::Actor.eq("system")),
        Some(Who::CommandLine) => when.add(audit_log::Column::ActorId.is_null()).add(audit_log::Column::Actor.eq(COMMAND_LINE)),
        None => when,
    };
    if let Some(action) = &filter.action {
        when = when.add(audit_log::Column::Action.eq(action.as_str()));
    }
    // Stamps are UTC: an IST day starts at 18:30 UTC the day before.
    let utc = |day: chrono::NaiveDate| {
        let start = day.and_hms_opt(0, 0, 0).expect("midnight") - chrono::Duration::minutes(330);
        start.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    if let Some(from) = filter.from {
        when = when.add(audit_log::Column::At.gte(utc(from)));
    }
    if let Some(to) = filter.to {
        when = when.add(audit_log::Column::At.lt(utc(to + chrono::Duration::days(1))));
    }
    if let Some(target) = filter.target.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        when = when.add(crate::db::contains(audit_log::Column::Target, &target.to_lowercase()));
    }
    let rows = || audit_log::Entity::find().filter(when.clone());
    let total = rows().count(db).await?;
    let pages = total.div_ceil(PAGE_SIZE).max(1);
    let rows = rows()
        .order_by_desc(audit_log::Column::Id)
        .offset((page.clamp(1, pages) - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE)
        .all(db)
        .await?;
    in_words(db, rows).await
        .map(|entries| (entries, pages))
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
    in_words(db, rows).await
}

/// The rows as entries: the accounts' names read once for all of them.
async fn in_words(db: &Db, rows: Vec<audit_log::Model>) -> Result<Vec<Entry>, DataError> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let mut ids: Vec<i32> = rows.iter().filter_map(|r| r.actor_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let names: std::collections::HashMap<i32, String> = match ids.is_empty() {
        true => Default::default(),
        false => staff_account::Entity::find().filter(staff_account::Column::Id.is_in(ids)).all(db).await?.into_iter().map(|a| (a.id, a.name)).collect(),
    };
    Ok(rows.into_iter().map(|r| entry(r, &names)).collect())
}

fn entry(r: audit_log::Model, names: &std::collections::HashMap<i32, String>) -> Entry {
    let parse = |text: &str| serde_json::from_str(text).unwrap_or(Value::Null);
    let by = match (r.actor_id, r.actor.as_str()) {
        (Some(id), email) => By::Staff { name: names.get(&id).filter(|n| !n.trim().is_empty()).cloned().unwrap_or_else(|| email.to_owned()) },
        (None, COMMAND_LINE) => By::CommandLine,
        (None, PATIENT) => By::Patient,
        (None, _) => By::System,
    };
    let (before, after) = (parse(&r.before), parse(&r.after));
    Entry { changes: changes(&before, &after), before, after, from: None, to: None, at: r.at, by, action: r.action, target_kind: r.target_kind, target: r.target }
}

/// The fields that differ between two records, as text; a record that is a
/// plain value (a flag, a list) is one change named "".
pub fn changes(before: &Value, after: &Value) -> Vec<Change> {
    let text = |v: Option<&Value>| match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(items)) => items.iter().map(|i| text_of(i)).collect::<Vec<_>>().join(", "),
        Some(other) => text_of(other),
    };
    match (before, after) {
        (Value::Object(_) | Value::Null, Value::Object(_) | Value::Null) => {
            let empty = serde_json::Map::new();
            let (b, a) = (before.as_object().unwrap_or(&empty), after.as_object().unwrap_or(&empty));
            let mut fields: Vec<&String> = b.keys().chain(a.keys().filter(|k| !b.contains_key(*k))).collect();
            fields.dedup();
            fields
                .into_iter()
                .filter(|f| b.get(*f) != a.get(*f))
                .map(|f| Change { field: f.clone(), before: text(b.get(f)), after: text(a.get(f)) })
                .collect()
        }
        _ if before == after => Vec::new(),
        _ => vec![Change { field: String::new(), before: text(Some(before)), after: text(Some(after)) }],
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Object(map) => map.iter().map(|(k, v)| format!("{k}: {}", text_of(v))).collect::<Vec<_>>().join("; "),
        Value::Array(items) => items.iter().map(text_of).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

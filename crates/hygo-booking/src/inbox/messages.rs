//! Health-card requests and contact messages in the console: open ones first,
//! each opened in full, marked handled with a note (who and when are kept, and an
//! audit row is written with it).

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use serde_json::json;
use ts_rs::TS;

use crate::audit::{self, Actor, Target};
use crate::entities::{card_request, contact_message};
use crate::form::{Check, Invalid, Message, WriteError};
use crate::{DataError, Db, content};

/// The two lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "InboxKind")]
pub enum Kind {
    CardRequest,
    ContactMessage,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::CardRequest => "card-request",
            Kind::ContactMessage => "contact-message",
        }
    }
}

/// Items on a page of a list.
pub const PAGE_SIZE: u64 = 50;

/// A card request or a message, as the console shows it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InboxItem")]
pub struct Item {
    pub kind: Kind,
    pub reference: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    /// The card asked for (its name), or the message's subject.
    pub topic: String,
    /// The message's text; empty for a card request.
    pub text: String,
    /// The clinic the message is for; empty: any.
    pub clinic: String,
    pub created_at: String,
    pub handled_at: Option<String>,
    pub handled_by: Option<String>,
    pub handled_note: Option<String>,
}

fn card(r: card_request::Model) -> Item {
    let topic = content::default()
        .card_types()
        .iter()
        .find(|c| c.id == r.subscription_type)
        .and_then(|c| c.labels.first().cloned())
        .unwrap_or(r.subscription_type);
    Item {
        kind: Kind::CardRequest,
        reference: r.reference,
        name: r.name,
        email: r.email,
        phone: r.number,
        topic,
        text: String::new(),
        clinic: String::new(),
        created_at: r.created_at,
        handled_at: r.handled_at,
        handled_by: r.handled_by,
        handled_note: r.handled_note,
    }
}

fn message(r: contact_message::Model) -> Item {
    Item {
        kind: Kind::ContactMessage,
        reference: r.reference,
        name: r.name,
        email: r.email,
        phone: r.phone,
        topic: r.subject,
        text: r.message,
        clinic: crate::content::default().clinic_name(&r.clinic).to_owned(),
        created_at: r.created_at,
        handled_at: r.handled_at,
        handled_by: r.handled_by,
        handled_note: r.handled_note,
    }
}

/// One page of a list, open (not handled) or handled, newest first; and the pages.
pub async fn list(db: &Db, kind: Kind, handled: bool, page: u64) -> Result<(Vec<Item>, u64), DataError> {
    macro_rules! page_of {
        ($entity:ident, $to_item:expr) => {{
            let query = match handled {
                true => $entity::Entity::find().filter($entity::Column::HandledAt.is_not_null()),
                false => $entity::Entity::find().filter($entity::Column::HandledAt.is_null()),
            };
            let pages = query.clone().count(db).await?.div_ceil(PAGE_SIZE).max(1);
            let rows = query
                .order_by_desc($entity::Column::Id)
                .offset((page.clamp(1, pages) - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
                .all(db)
                .await?;
            (rows.into_iter().map($to_item).collect(), pages)
        }};
    }
    Ok(match kind {
        Kind::CardRequest => page_of!(card_request, card),
        Kind::ContactMessage => page_of!(contact_message, message),
    })
}

/// How many of each list are open.
pub async fn open_counts(db: &Db) -> Result<(u64, u64), DataError> {
    Ok((
        card_request::Entity::find().filter(card_request::Column::HandledAt.is_null()).count(db).await?,
        contact_message::Entity::find().filter(contact_message::Column::HandledAt.is_null()).count(db).await?,
    ))
}

/// One item by its reference, with its audit rows.
pub async fn one(db: &Db, kind: Kind, reference: &str) -> Result<Option<(Item, Vec<audit::Entry>)>, DataError> {
    let item = match kind {
        Kind::CardRequest => card_request::Entity::find().filter(card_request::Column::Reference.eq(reference)).one(db).await?.map(card),
        Kind::ContactMessage => {
            contact_message::Entity::find().filter(contact_message::Column::Reference.eq(reference)).one(db).await?.map(message)
        }
    };
    match item {
        Some(item) => Ok(Some((item, audit::for_target(db, kind.as_str(), reference).await?))),
        None => Ok(None),
    }
}

/// The "handled" form's longest value: its note.
pub const LIMITS: crate::form::Limits = &[("note", 1000)];

/// Marks an open item handled by `actor`, with a note (up to 1000 characters,
/// may be empty); refused when someone already did.
pub async fn mark_handled(db: &Db, actor: &Actor, kind: Kind, reference: &str, note: Option<&str>) -> Result<Item, WriteError> {
    let mut c = Check::default();
    let note = c.paragraph("note", "label.note", note, crate::form::limit(LIMITS, "note"), None);
    c.finish().map_err(WriteError::Invalid)?;
    let not_found = || WriteError::Invalid(Invalid::field("reference", Message::new("inbox.notFound")));
    let stamp = crate::ist::stamp();
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    macro_rules! handle {
        ($entity:ident) => {
            $entity::Entity::update_many()
                .col_expr($entity::Column::HandledAt, Expr::value(stamp.clone()))
                .col_expr($entity::Column::HandledBy, Expr::value(actor.name.clone()))
                .col_expr($entity::Column::HandledNote, Expr::value(note.clone()))
                .filter($entity::Column::Reference.eq(reference))
                .filter($entity::Column::HandledAt.is_null())
                .exec(&txn)
                .await
                .map_err(DataError::from)?
        };
    }
    let done = match kind {
        Kind::CardRequest => handle!(card_request),
        Kind::ContactMessage => handle!(contact_message),
    };
    if done.rows_affected != 1 {
        drop(txn);
        return match one(db, kind, reference).await? {
            None => Err(not_found()),
            Some(_) => Err(WriteError::Conflict { field: "note", message: Message::new("inbox.alreadyHandled") }),
        };
    }
    let after = json!({ "handledAt": stamp, "handledBy": actor.name, "note": note });
    audit::record(&txn, actor, "handle", Target { kind: kind.as_str(), name: reference }, json!({ "handledAt": null }), after).await?;
    txn.commit().await.map_err(DataError::from)?;
    one(db, kind, reference).await?.map(|(item, _)| item).ok_or_else(not_found)
}

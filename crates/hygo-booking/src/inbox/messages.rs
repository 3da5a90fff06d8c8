//! Health-card requests and contact messages in the console: open ones first,
//! each opened in full and moved on by a step with a note: a card request is
//! `new`, `called`, then `issued` or `not-interested`; a message `new`, then
//! `answered` (`ItemStatus`). Who took each step, when, and the note are in its
//! audit rows; the closing step is also kept on the row (`handled_*`).

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

/// Where the work on a card request or a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "ItemStatus")]
pub enum ItemStatus {
    New,
    /// A card request: the clinic called the patient (maybe more than once).
    Called,
    /// A card request: the card was issued.
    Issued,
    /// A card request: the patient does not want the card after all.
    NotInterested,
    /// A message: answered.
    Answered,
    /// A card request closed before statuses were kept: its outcome is not known.
    Handled,
}

impl ItemStatus {
    pub const ALL: [ItemStatus; 6] = [ItemStatus::New, ItemStatus::Called, ItemStatus::Issued, ItemStatus::NotInterested, ItemStatus::Answered, ItemStatus::Handled];

    pub fn as_str(self) -> &'static str {
        match self {
            ItemStatus::New => "new",
            ItemStatus::Called => "called",
            ItemStatus::Issued => "issued",
            ItemStatus::NotInterested => "not-interested",
            ItemStatus::Answered => "answered",
            ItemStatus::Handled => "handled",
        }
    }

    pub fn parse(text: &str) -> Option<ItemStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Still waiting for the clinic: listed under "Open".
    pub(crate) fn is_open(self) -> bool {
        matches!(self, ItemStatus::New | ItemStatus::Called)
    }

    /// The statuses still open, as stored.
    fn open() -> [&'static str; 2] {
        [ItemStatus::New.as_str(), ItemStatus::Called.as_str()]
    }

    /// The steps the console offers from this status, for a kind of item
    /// (calling again is a step: each call is kept with its note).
    pub fn next(self, kind: Kind) -> &'static [ItemStatus] {
        match (kind, self) {
            (Kind::CardRequest, ItemStatus::New | ItemStatus::Called) => &[ItemStatus::Called, ItemStatus::Issued, ItemStatus::NotInterested],
            (Kind::ContactMessage, ItemStatus::New) => &[ItemStatus::Answered],
            _ => &[],
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
    pub status: ItemStatus,
    /// The steps the console offers now (`ItemStatus::next`).
    pub steps: Vec<ItemStatus>,
    /// When it was closed (issued, not interested, answered), by whom and the note.
    pub handled_at: Option<String>,
    pub handled_by: Option<String>,
    pub handled_note: Option<String>,
}

fn status_of(kind: Kind, stored: &str) -> (ItemStatus, Vec<ItemStatus>) {
    let status = ItemStatus::parse(stored).unwrap_or(ItemStatus::New);
    (status, status.next(kind).to_vec())
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
        phone: hygo_core::phone::for_people(&r.number),
        topic,
        text: String::new(),
        clinic: String::new(),
        created_at: r.created_at,
        status: status_of(Kind::CardRequest, &r.status).0,
        steps: status_of(Kind::CardRequest, &r.status).1,
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
        phone: hygo_core::phone::for_people(&r.phone),
        topic: r.subject,
        text: r.message,
        clinic: crate::content::default().clinic_name(&r.clinic).to_owned(),
        created_at: r.created_at,
        status: status_of(Kind::ContactMessage, &r.status).0,
        steps: status_of(Kind::ContactMessage, &r.status).1,
        handled_at: r.handled_at,
        handled_by: r.handled_by,
        handled_note: r.handled_note,
    }
}

/// One page of a list, open (new or called) or closed, newest first; and the pages.
pub async fn list(db: &Db, kind: Kind, handled: bool, page: u64) -> Result<(Vec<Item>, u64), DataError> {
    macro_rules! page_of {
        ($entity:ident, $to_item:expr) => {{
            let query = match handled {
                true => $entity::Entity::find().filter($entity::Column::Status.is_not_in(ItemStatus::open())),
                false => $entity::Entity::find().filter($entity::Column::Status.is_in(ItemStatus::open())),
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
        card_request::Entity::find().filter(card_request::Column::Status.is_in(ItemStatus::open())).count(db).await?,
        contact_message::Entity::find().filter(contact_message::Column::Status.is_in(ItemStatus::open())).count(db).await?,
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

/// Takes a step on an item for `actor`: `step` one of those its status offers
/// (a message's only step may be left out: answered), with a note (up to 1000
/// characters, may be empty). Refused with a reason when the step is not offered
/// or someone moved the item meanwhile. A closing step is kept on the row too.
pub async fn take_step(db: &Db, actor: &Actor, kind: Kind, reference: &str, step: Option<&str>, note: Option<&str>) -> Result<Item, WriteError> {
    let mut c = Check::default();
    let note = c.paragraph("note", "label.note", note, crate::form::limit(LIMITS, "note"), None);
    c.finish().map_err(WriteError::Invalid)?;
    let not_found = || WriteError::Invalid(Invalid::field("reference", Message::new("inbox.notFound")));
    let (current, _) = one(db, kind, reference).await?.ok_or_else(not_found)?;
    let step = match (step.map(str::trim).filter(|s| !s.is_empty()), kind) {
        (None, Kind::ContactMessage) => Some(ItemStatus::Answered),
        (None, Kind::CardRequest) => None,
        (Some(text), _) => ItemStatus::parse(text),
    };
    let Some(step) = step.filter(|s| current.steps.contains(s)) else {
        return Err(match current.status.is_open() {
            true => WriteError::Invalid(Invalid::field("step", Message::new("inbox.chooseStep"))),
            false => WriteError::Conflict { field: "note", message: Message::new("inbox.alreadyHandled") },
        });
    };
    let stamp = crate::ist::stamp();
    let closes = !step.is_open();
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    macro_rules! move_on {
        ($entity:ident) => {{
            let mut update = $entity::Entity::update_many().col_expr($entity::Column::Status, Expr::value(step.as_str()));
            if closes {
                update = update
                    .col_expr($entity::Column::HandledAt, Expr::value(stamp.clone()))
                    .col_expr($entity::Column::HandledBy, Expr::value(actor.name.clone()))
                    .col_expr($entity::Column::HandledNote, Expr::value(note.clone()));
            }
            update
                .filter($entity::Column::Reference.eq(reference))
                .filter($entity::Column::Status.eq(current.status.as_str()))
                .exec(&txn)
                .await
                .map_err(DataError::from)?
        }};
    }
    let done = match kind {
        Kind::CardRequest => move_on!(card_request),
        Kind::ContactMessage => move_on!(contact_message),
    };
    if done.rows_affected != 1 {
        drop(txn);
        return Err(WriteError::Conflict { field: "note", message: Message::new("inbox.changedMeanwhile") });
    }
    let after = json!({ "status": step.as_str(), "note": note });
    audit::record(&txn, actor, step.as_str(), Target { kind: kind.as_str(), name: reference }, json!({ "status": current.status.as_str() }), after).await?;
    txn.commit().await.map_err(DataError::from)?;
    one(db, kind, reference).await?.map(|(item, _)| item).ok_or_else(not_found)
}

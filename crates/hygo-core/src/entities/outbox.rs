use sea_orm::entity::prelude::*;

/// An e-mail waiting for the relay (see `crate::mail`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub to_address: String,
    pub subject: String,
    pub body: String,
    /// The one-click unsubscribe address (RFC 8058), for the `List-Unsubscribe` header.
    pub list_unsubscribe: Option<String>,
    /// A calendar invitation (`.ics`, RFC 5545) sent with the message, as
    /// `text/calendar` and as an attachment; None for most messages.
    #[sea_orm(column_type = "Text", nullable)]
    pub calendar: Option<String>,
    pub created_at: String,
    pub attempts: i32,
    /// RFC 3339 (UTC); None means now.
    pub next_attempt_at: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

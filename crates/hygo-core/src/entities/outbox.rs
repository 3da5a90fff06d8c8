use sea_orm::entity::prelude::*;

/// A message to a patient or the clinic: an e-mail waiting for the relay (see
/// `crate::mail`), or a WhatsApp or SMS message, kept with its state
/// (`crate::messaging`; migration 28).
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
    /// `email`, `whatsapp` or `sms` (`crate::messaging::Channel`).
    pub channel: String,
    /// `queued`, `sent`, `delivered`, `read` or `failed` (`crate::messaging::State`);
    /// an e-mail stays `queued` until the relay takes it and it is deleted.
    pub state: String,
    /// When the state last changed (RFC 3339, UTC).
    pub state_at: Option<String>,
    /// The template's name as registered with the provider (`hygo_request_received`).
    pub template: String,
    /// The template's parameters, a JSON array of texts, in order.
    #[sea_orm(column_type = "Text")]
    pub params: String,
    /// The language the message is in (`en`, `hi`, `gu`).
    pub lang: String,
    /// The provider's id of the message, which its status callbacks name.
    pub provider_id: Option<String>,
    /// Why the message failed, as the provider's code and title, never its
    /// free text (which may quote the number).
    pub error: Option<String>,
    /// The unguessable token of an SMS's delivery report address.
    pub callback_token: Option<String>,
    /// The appointment request the message is about.
    pub appointment_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// A staff session, by its token's hash (`crate::staff::sessions`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// SHA-256 of the cookie's token, hex.
    #[sea_orm(unique)]
    pub token_hash: String,
    pub account_id: i32,
    /// `password` (the second factor is still to come) or `full`.
    pub stage: String,
    /// The anti-forgery token every write of this session carries.
    pub csrf_token: String,
    pub created_at: String,
    pub last_seen_at: String,
    /// The absolute end of the session, whatever its use.
    pub expires_at: String,
    /// The browser, as its owner recognises it in the list of their sessions.
    pub device: String,
    pub ended_at: Option<String>,
    /// A form posted into this session after it timed out: the page and the
    /// values, JSON (`crate::staff::sessions::keep_form`), until shown again.
    pub kept_form: Option<String>,
    /// When it was kept (RFC 3339, UTC).
    pub kept_at: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

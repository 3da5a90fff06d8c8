use sea_orm::entity::prelude::*;

/// A one-time link to set a password (a new account, or a reset), by its token's hash.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub account_id: i32,
    /// SHA-256 of the token in the link, hex: the database never holds a usable link.
    #[sea_orm(unique)]
    pub token_hash: String,
    /// `setup` or `reset`.
    pub purpose: String,
    pub expires_at: String,
    pub used_at: Option<String>,
    pub created_at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

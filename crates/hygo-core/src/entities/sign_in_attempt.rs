use sea_orm::entity::prelude::*;

/// A sign-in attempt: when, for which account and from which client (both as keyed
/// hashes, never the address typed or the IP), and how it ended. Never the password.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub at: String,
    pub account_key: String,
    pub client_key: String,
    /// `ok`, `password`, `code`, `locked`, `disabled`…
    pub outcome: String,
    /// The device cookie the attempt came with, as a keyed hash of its nonce,
    /// when it was one of the account's (`staff::sign_in`); None otherwise.
    pub device_key: Option<String>,
    /// The client's network (an IPv4 /24 or an IPv6 /48) as a keyed hash
    /// (migration 25; None for attempts recorded before).
    pub network_key: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

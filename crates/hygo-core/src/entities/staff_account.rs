use sea_orm::entity::prelude::*;

/// A member of the clinic's staff (`crate::staff`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_accounts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Lower case; signs in with it.
    #[sea_orm(unique)]
    pub email: String,
    pub name: String,
    /// `admin`, `desk` or `editor` (`crate::staff::Role`).
    pub role: String,
    /// argon2id, PHC string; None until the account's link has been used.
    pub password_hash: Option<String>,
    pub password_changed_at: Option<String>,
    /// TOTP secret (base32); None until the second factor is set up.
    pub totp_secret: Option<String>,
    /// The time step of the last code accepted: a code is used once.
    pub totp_last_step: Option<i64>,
    pub disabled_at: Option<String>,
    pub created_at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// A signed preview link of one revision (`hygo_editorial::shares`; migration 19).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "content_shares")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub revision_id: i32,
    /// RFC 3339, UTC.
    pub expires_at: String,
    pub revoked_at: Option<String>,
    pub created_by: String,
    pub created_at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

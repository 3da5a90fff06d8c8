use sea_orm::entity::prelude::*;

/// A staff action, as it happened: the database refuses to change or delete it
/// (migration 10). `before` and `after` are JSON.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub at: String,
    /// None for the server itself (a request expiring).
    pub actor_id: Option<i32>,
    /// The actor's e-mail at the time, or `system`.
    pub actor: String,
    pub action: String,
    /// `appointment`, `card-request`, `contact-message`, `staff-account`, `session`.
    pub target_kind: String,
    /// The target's reference or e-mail.
    pub target: String,
    #[sea_orm(column_type = "Text")]
    pub before: String,
    #[sea_orm(column_type = "Text")]
    pub after: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

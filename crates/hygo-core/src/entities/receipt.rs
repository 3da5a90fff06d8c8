use sea_orm::entity::prelude::*;

/// A confirmation page of a form sent without JavaScript (`crate::receipts`): its
/// random token names the row it shows, for a short time.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "receipts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub token: String,
    /// `appointment-general`, `appointment-doctor`, `card`, `contact`.
    pub kind: String,
    /// The id of the row in the kind's table.
    pub row_id: i32,
    pub created_at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

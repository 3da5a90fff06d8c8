use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "newsletter_subscribers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Lower case, trimmed.
    #[sea_orm(unique)]
    pub email: String,
    #[sea_orm(unique)]
    pub unsubscribe_token: String,
    pub subscribed_at: String,
    pub unsubscribed_at: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// Writes seen from one client (a hash of its address) at one endpoint in one
/// fixed window.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limits")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub bucket: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub client: String,
    /// Unix seconds.
    #[sea_orm(primary_key, auto_increment = false)]
    pub window_start: i64,
    pub hits: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

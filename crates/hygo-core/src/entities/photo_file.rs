use sea_orm::entity::prelude::*;

/// A served version of a doctor's photo, by its content-hashed name (`crate::photos`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "photo_files")]
pub struct Model {
    /// "a1b2c3d4e5f60718-480.webp".
    #[sea_orm(primary_key, auto_increment = false)]
    pub name: String,
    pub doctor_id: i32,
    pub content_type: String,
    pub width: i32,
    pub height: i32,
    pub bytes: Vec<u8>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

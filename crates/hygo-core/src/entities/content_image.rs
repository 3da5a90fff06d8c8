use sea_orm::entity::prelude::*;

/// A served version of a picture an editor uploaded, by its content-hashed
/// name (`hygo_editorial::images`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "content_images")]
pub struct Model {
    /// "a1b2c3d4e5f60718-960.jpg".
    #[sea_orm(primary_key, auto_increment = false)]
    pub name: String,
    pub content_type: String,
    pub width: i32,
    pub height: i32,
    pub bytes: Vec<u8>,
    /// The e-mail address of who uploaded it first.
    pub created_by: String,
    pub created_at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

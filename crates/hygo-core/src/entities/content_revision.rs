use sea_orm::entity::prelude::*;

/// One save of an editor's entry in one language (`hygo_editorial`; migration 19).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "content_revisions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The entry's key: `page.about`, `article.{id}`, `home.hero`.
    pub entry: String,
    /// BCP 47: `en`, later `hi` and `gu`.
    pub lang: String,
    /// The entry's typed value as JSON.
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// `draft`, `scheduled`, `published` or `replaced`.
    pub state: String,
    /// RFC 3339, UTC: when a scheduled revision goes live.
    pub publish_at: Option<String>,
    /// RFC 3339, UTC: when it went live.
    pub published_at: Option<String>,
    pub author_id: Option<i32>,
    /// The author's e-mail address when they saved it (accounts may be renamed).
    pub author: String,
    /// The revision it was restored from.
    pub based_on: Option<i32>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

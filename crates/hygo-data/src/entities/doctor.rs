use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "doctors")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub specialization: String,
    pub department_id: i32,
    pub experience_years: i32,
    pub rating: Option<f64>,
    pub image: Option<String>,
    pub location: String,
    #[sea_orm(column_type = "Text")]
    pub bio: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub education: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub services: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub languages: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub insurances: String,
    pub availability: String,
    pub founder_title: Option<String>,
    pub founder_job: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub founder_description: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

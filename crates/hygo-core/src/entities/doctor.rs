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
    /// A clinic of `catalogue/clinics.json`, where the doctor sees patients.
    pub clinic_id: String,
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
    /// How available the doctor is in general, as staff write it ("Available",
    /// "Limited availability"). Leave is in `doctor_leave`, with dates.
    pub availability: String,
    pub founder_title: Option<String>,
    pub founder_job: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub founder_description: Option<String>,
    /// The medical council registration: "G-12345".
    pub registration_number: Option<String>,
    /// The council that registered the doctor: "Gujarat Medical Council".
    pub registration_council: Option<String>,
    /// YYYY-MM-DD: retired from this day; gone from the public pages.
    pub retired_on: Option<String>,
    /// The current photo (`crate::photos::Photo` as JSON); None: initials.
    #[sea_orm(column_type = "Text", nullable)]
    pub photo: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

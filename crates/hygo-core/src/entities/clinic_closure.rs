use sea_orm::entity::prelude::*;

/// A clinic closed on a date, all day or part of it (`crate::schedule`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "clinic_closures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// A clinic of `catalogue/clinics.json`.
    pub clinic_id: String,
    /// YYYY-MM-DD in IST.
    pub day: String,
    /// "HH:MM": closed from; None: from the start of the day.
    pub starts_at: Option<String>,
    /// "HH:MM": closed until; None: to the end of the day.
    pub ends_at: Option<String>,
    /// Shown to patients: "Closed for Diwali".
    pub note: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

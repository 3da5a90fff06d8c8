use sea_orm::entity::prelude::*;

/// One date's hours for a doctor instead of their weekday's (`crate::schedule`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "hour_changes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub doctor_id: i32,
    /// YYYY-MM-DD in IST.
    pub day: String,
    /// Ranges such as "9:00 AM - 1:00 PM, 2:00 PM - 7:00 PM"; empty: no hours that day.
    pub hours: String,
    /// The clinic of these hours when it is not the doctor's own.
    pub clinic_id: Option<String>,
    /// For staff only; never shown on public pages.
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

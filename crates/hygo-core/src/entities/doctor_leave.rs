use sea_orm::entity::prelude::*;

/// A doctor's leave: no slots and no bookings from `starts_on` to `ends_on`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "doctor_leave")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub doctor_id: i32,
    /// YYYY-MM-DD in IST, the first day of leave.
    pub starts_on: String,
    /// YYYY-MM-DD in IST, the last day of leave; None: until further notice.
    pub ends_on: Option<String>,
    /// For staff only; never shown on public pages.
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

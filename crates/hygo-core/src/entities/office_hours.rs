use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "office_hours")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub doctor_id: i32,
    /// ISO weekday: 1 Monday … 7 Sunday.
    pub weekday: i16,
    /// A range as staff write it, e.g. "9:00 AM - 5:00 PM".
    pub hours: String,
    /// The clinic of this range when it is not the doctor's own.
    pub clinic_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

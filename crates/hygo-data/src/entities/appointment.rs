use sea_orm::entity::prelude::*;

/// An appointment request. Active while `cancelled_at` is null; the database holds
/// at most one active request per doctor, date and start time.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "appointments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Random, public: `HY-7K3M-Q9TD` (`crate::refs`). The id stays internal.
    #[sea_orm(unique)]
    pub reference: String,
    pub doctor_id: i32,
    pub department: String,
    /// YYYY-MM-DD in IST.
    pub date: String,
    /// HH:MM, 24-hour, in IST.
    pub start_time: String,
    pub visit_type: String,
    pub name: String,
    pub phone: String,
    /// The phone number as the per-person limit compares it (`appointments::phone_key`).
    pub phone_key: String,
    pub email: String,
    pub reason: String,
    /// JSON array of symptom names.
    #[sea_orm(column_type = "Text")]
    pub symptoms: String,
    #[sea_orm(column_type = "Text")]
    pub notes: String,
    pub insurance: String,
    pub policy_number: String,
    pub is_new_patient: bool,
    pub created_at: String,
    pub cancelled_at: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// A visit a doctor's leave or a clinic's closure covered, kept when the desk
/// told the patient or moved them (migration 30; `hygo_booking::inbox::away`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "away_visits")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `leave:{id}` or `closure:{id}`.
    pub cover: String,
    pub appointment_id: i32,
    /// The visit as the cover found it: its doctor, day (YYYY-MM-DD) and time ("09:15").
    pub doctor_id: i32,
    pub date: String,
    pub start_time: String,
    /// When "your doctor is away" was sent (RFC 3339, UTC); None: not sent.
    pub told_at: Option<String>,
    /// RFC 3339, UTC.
    pub added_at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

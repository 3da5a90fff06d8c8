use sea_orm::entity::prelude::*;

/// An appointment request. The database holds at most one request per doctor,
/// date and start time among those whose status holds the slot
/// (`crate::status::Status::holds_slot`).
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
    /// `crate::status::Status`, as its text: `requested`, `confirmed`… (migration 10).
    pub status: String,
    /// The calendar invitation's version (RFC 5545 `SEQUENCE`), raised on a reschedule.
    pub sequence: i32,
    /// When the status last changed (RFC 3339, UTC).
    pub status_changed_at: Option<String>,
    /// How it came in: `web`, `phone` or `walk-in` (`hygo_booking::desk::Channel`; migration 15).
    pub channel: String,
    /// The department the patient chose when it is not the doctor's (the request
    /// is stored under the doctor's, `department`); "" otherwise (migration 17).
    pub asked_department: String,
    /// The language the patient wrote in: a tag of `hygo_content::LANGUAGES` (migration 21).
    pub lang: String,
    /// What the patient was promised, as JSON (`hygo_booking::promise::Promise`, migration 23); empty before it.
    pub promise: String,
    /// Where the patient agreed to be sent updates: `whatsapp`, `sms` or `none`
    /// (`hygo_core::messaging::Updates`; migration 28; each consent is kept in `consents`).
    pub updates: String,
    /// The code of the patient's manage-my-visit link (`/v/{code}`, `hygo_core::refs::new_visit_code`;
    /// migration 29). Unique; None only for a row written without one.
    #[sea_orm(unique)]
    pub visit_code: Option<String>,
    /// The visit's day and time (`YYYY-MM-DD HH:MM`) the patient was reminded of
    /// (`hygo_booking::reminders`); None: not yet.
    pub reminded_for: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

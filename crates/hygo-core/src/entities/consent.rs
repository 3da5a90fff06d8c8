use sea_orm::entity::prelude::*;

/// A consent to updates on a phone, given or withdrawn (`crate::texts`;
/// migration 28). Kept as a record: a new row for each change, never an update.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "consents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The number, in E.164 (`crate::phone`).
    pub phone: String,
    /// `whatsapp` or `sms`.
    pub channel: String,
    /// Given (true) or withdrawn (false).
    pub given: bool,
    /// The version of the text the patient was shown (`crate::messaging::CONSENT_VERSION`).
    pub text_version: String,
    /// `web` (the wizard), `desk` (a caller's answer), `reply` (STOP), `link` (the manage page).
    pub how: String,
    pub appointment_id: Option<i32>,
    /// RFC 3339, UTC.
    pub at: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

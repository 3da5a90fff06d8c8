use sea_orm::entity::prelude::*;

/// A request for a prepaid health card (the subscription dialog).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "card_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Random, public: `HY-7K3M-Q9TD` (`crate::refs`). The id stays internal.
    #[sea_orm(unique)]
    pub reference: String,
    pub name: String,
    pub email: String,
    pub number: String,
    pub subscription_type: String,
    pub created_at: String,
    /// The language the patient wrote in: a tag of `hygo_content::LANGUAGES` (migration 21).
    pub lang: String,
    /// Where the work is (`hygo_booking::inbox::messages::ItemStatus`): `new`, then for a
    /// card request `called`, `issued` or `not-interested`, for a message `answered`.
    pub status: String,
    /// When staff marked it handled, who (their e-mail) and their note; None while open.
    pub handled_at: Option<String>,
    pub handled_by: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub handled_note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "newsletter_subscribers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Lower case, trimmed.
    #[sea_orm(unique)]
    pub email: String,
    #[sea_orm(unique)]
    pub unsubscribe_token: String,
    /// When the latest sign-up was asked for (the consent's request).
    pub subscribed_at: String,
    pub unsubscribed_at: Option<String>,
    /// The one-time key of the confirmation link; None once it was followed.
    #[sea_orm(unique)]
    pub confirm_token: Option<String>,
    /// When the confirmation link was followed: only a confirmed subscriber gets
    /// the newsletter.
    pub confirmed_at: Option<String>,
    /// The form the sign-up came from (`hygo_booking::newsletter::SOURCES`).
    pub source: String,
    /// The language of the latest sign-up, which its mails are written in (migration 21).
    pub lang: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

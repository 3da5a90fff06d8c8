//! Requests for a prepaid health card, from the subscription dialog (spec section 7,
//! call 5). Staff contact the person to issue the card.

use sea_orm::{ActiveModelTrait, Set};
use serde::{Deserialize, Serialize};

use crate::entities::card_request;
use crate::form::{Check, WriteError};
use crate::{ist, DataError, Db};

/// The two cards, spelled as the subscription dialog sends them (spec section 3).
pub const CARD_TYPES: &[&str] = &["Essential individual", "Essential Family"];

#[derive(Debug, Clone, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CardRequest {
    pub name: Option<String>,
    pub email: Option<String>,
    /// The phone number.
    pub number: Option<String>,
    /// "Essential individual" or "Essential Family".
    pub subscription_type: Option<String>,
}

/// Checks and stores a request; answers its id.
pub async fn create(db: &Db, req: CardRequest) -> Result<i32, WriteError> {
    let mut c = Check::default();
    let name = c.line("name", "label.fullName", req.name.as_deref(), 100, Some("name.required"));
    let email = c.email("email", req.email.as_deref());
    let number = c.phone("number", req.number.as_deref(), Some("phone.required"));
    let kind = c.choice(
        "subscriptionType",
        req.subscription_type.as_deref(),
        CARD_TYPES,
        None,
        "cardRequest.type",
    );
    c.finish().map_err(WriteError::Invalid)?;
    let row = card_request::ActiveModel {
        name: Set(name),
        email: Set(email),
        number: Set(number),
        subscription_type: Set(kind),
        created_at: Set(ist::stamp()),
        ..Default::default()
    };
    Ok(row.insert(db).await.map_err(DataError::from)?.id)
}

//! Requests for a prepaid health card, from the subscription dialog (spec section 7,
//! call 5). Staff contact the person to issue the card.

use sea_orm::Set;
use serde::{Deserialize, Serialize};

use crate::entities::card_request;
use crate::form::{Check, WriteError};
use crate::intake::{self, Stored};
use crate::notices::Notices;
use crate::{DataError, Db, content, ist, receipts};

#[derive(Debug, Clone, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CardRequest {
    pub name: Option<String>,
    pub email: Option<String>,
    /// The phone number, as people write it or with "+" and its country code;
    /// stored in E.164 ("+919876543210").
    pub number: Option<String>,
    /// The card: its id ("essential", "family") or its name ("Essential individual",
    /// "Essential Family").
    pub subscription_type: Option<String>,
    /// The language of the page it was sent from (set by the server, never read from the body).
    #[serde(skip)]
    pub lang: content::Lang,
}

/// What is wrong with a request's fields, without storing it (a form refused
/// for its timing shows these too); None when nothing is.
pub fn check(req: &CardRequest) -> Option<crate::form::Invalid> {
    checked(req).err()
}

/// The fields, checked: name, e-mail address, phone number, the card's id.
fn checked(req: &CardRequest) -> Result<(String, String, String, String), crate::form::Invalid> {
    let mut c = Check::default();
    let name = c.line("name", "label.fullName", req.name.as_deref(), 100, Some("name.required"));
    // The clinic calls to complete the membership: a phone is enough (issue 43).
    let email = c.optional_email("email", req.email.as_deref());
    let number = c.phone("number", req.number.as_deref(), Some("phone.required"));
    // Stored by the plan's id ("essential", "family"); the API takes the names the
    // spec gives too ("Essential individual", "Essential Family").
    let kind = c.option(
        "subscriptionType",
        req.subscription_type.as_deref(),
        content::default().card_types(),
        "cardRequest.type",
    );
    c.finish()?;
    Ok((name, email, number, kind))
}

/// Checks and stores a request, with its confirmation page when `receipt` names
/// one; answers its id, reference and page.
///
/// The clinic is told of it in the same transaction (`Notices`), with the card asked for.
pub async fn create(db: &Db, req: CardRequest, receipt: Option<receipts::Kind>, notices: &Notices) -> Result<Stored, WriteError> {
    let (name, email, number, kind) = checked(&req).map_err(WriteError::Invalid)?;
    let row = |reference| card_request::ActiveModel {
        reference: Set(reference),
        name: Set(name.clone()),
        email: Set(email.clone()),
        number: Set(number.clone()),
        subscription_type: Set(kind.clone()),
        created_at: Set(ist::stamp()),
        lang: Set(req.lang.as_str().to_owned()),
        ..Default::default()
    };
    let plan = content::default()
        .card_types()
        .iter()
        .find(|c| c.id == kind)
        .and_then(|c| c.labels.first().cloned())
        .unwrap_or_else(|| kind.clone());
    let mails = |reference: &str| notices.request_received("card", reference, &plan);
    let stored = intake::insert(db, receipt, row, |r| r.id, mails).await.map_err(DataError::from)?;
    Ok(Stored { id: stored.row.id, reference: stored.reference, receipt: stored.receipt })
}

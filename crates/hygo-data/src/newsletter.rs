//! Newsletter sign-up (spec section 7, call 1) and the one-click unsubscribe its
//! e-mails carry. Signing up twice is one subscriber, and the answer is the same
//! either way, so the form never reveals who is on the list.

use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set, TransactionTrait};
use serde::{Deserialize, Serialize};

use crate::entities::newsletter_subscriber as subscriber;
use crate::form::{Check, WriteError};
use crate::{ist, mail, DataError, Db};

#[derive(Debug, Clone, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(default)]
pub struct NewsletterRequest {
    pub email: Option<String>,
}


/// Adds the address, or re-activates it after an unsubscribe, and queues the
/// welcome e-mail with its unsubscribe link (`public_url` is the site's address) in
/// the same transaction. An address already subscribed gets no second e-mail.
/// Answers the subscriber's unsubscribe token.
pub async fn subscribe(db: &Db, req: NewsletterRequest, public_url: &str) -> Result<String, WriteError> {
    let mut c = Check::default();
    let email = c.newsletter_email("email", req.email.as_deref());
    c.finish().map_err(WriteError::Invalid)?;
    if let Some(found) = by_email(db, &email).await? {
        return reactivate(db, found, public_url).await;
    }
    let txn = db.begin().await.map_err(DataError::from)?;
    let row = subscriber::ActiveModel {
        email: Set(email.clone()),
        unsubscribe_token: Set(new_token()),
        subscribed_at: Set(ist::stamp()),
        unsubscribed_at: Set(None),
        ..Default::default()
    };
    match row.insert(&txn).await {
        Ok(saved) => {
            mail::queue(&txn, mail::newsletter_welcome(&email, &saved.unsubscribe_token, public_url)).await?;
            txn.commit().await.map_err(DataError::from)?;
            Ok(saved.unsubscribe_token)
        }
        // Signed up twice at the same moment: the other request stored it.
        Err(e) if matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => {
            txn.rollback().await.map_err(DataError::from)?;
            let found = by_email(db, &email).await?.ok_or_else(|| DataError::from(e))?;
            reactivate(db, found, public_url).await
        }
        Err(e) => Err(e.into()),
    }
}

/// Ends a subscription by its token. False when no subscriber has that token.
pub async fn unsubscribe(db: &Db, token: &str) -> Result<bool, DataError> {
    let token = token.trim();
    if token.is_empty() || token.len() > 64 {
        return Ok(false);
    }
    let Some(found) = subscriber::Entity::find().filter(subscriber::Column::UnsubscribeToken.eq(token)).one(db).await? else {
        return Ok(false);
    };
    if found.unsubscribed_at.is_none() {
        let mut row = found.into_active_model();
        row.unsubscribed_at = Set(Some(ist::stamp()));
        row.update(db).await?;
    }
    Ok(true)
}

/// Whether an unsubscribe link's token belongs to a subscriber (the link's page
/// says at once when it does not).
pub async fn token_known(db: &Db, token: &str) -> Result<bool, DataError> {
    let token = token.trim();
    if token.is_empty() || token.len() > 64 {
        return Ok(false);
    }
    Ok(subscriber::Entity::find().filter(subscriber::Column::UnsubscribeToken.eq(token)).one(db).await?.is_some())
}

/// Whether an address is subscribed now (for tests and staff tools).
pub async fn is_subscribed(db: &Db, email: &str) -> Result<bool, DataError> {
    Ok(by_email(db, &email.trim().to_lowercase()).await?.is_some_and(|s| s.unsubscribed_at.is_none()))
}

async fn by_email(db: &Db, email: &str) -> Result<Option<subscriber::Model>, DataError> {
    Ok(subscriber::Entity::find().filter(subscriber::Column::Email.eq(email)).one(db).await?)
}

async fn reactivate(db: &Db, found: subscriber::Model, public_url: &str) -> Result<String, WriteError> {
    let token = found.unsubscribe_token.clone();
    if found.unsubscribed_at.is_some() {
        let email = found.email.clone();
        let txn = db.begin().await.map_err(DataError::from)?;
        let mut row = found.into_active_model();
        row.unsubscribed_at = Set(None);
        row.subscribed_at = Set(ist::stamp());
        row.update(&txn).await.map_err(DataError::from)?;
        mail::queue(&txn, mail::newsletter_welcome(&email, &token, public_url)).await?;
        txn.commit().await.map_err(DataError::from)?;
    }
    Ok(token)
}

/// 128 random bits as hex: the unsubscribe link must not be guessable.
fn new_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system provides random bytes");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

//! Newsletter sign-up (spec section 7, call 1) with double opt-in, and the
//! one-click unsubscribe its e-mails carry.
//!
//! A sign-up is **pending** until the link of its confirmation e-mail is followed
//! (one time, within `CONFIRM_DAYS`): only then is the address **confirmed**, and
//! only confirmed addresses get the newsletter (`recipients`). The row is the
//! consent record the DPDP Act asks for: when it was asked (`subscribed_at`), when
//! it was confirmed (`confirmed_at`), from which form (`source`); no IP address.
//!
//! The form must not tell strangers who is on the list, by its answer or by its
//! time. So every sign-up does the same work, whatever the address: one read, then
//! one transaction that writes the subscriber's row (an INSERT for a new address,
//! an UPDATE for a known one) with a fresh confirmation token and queues one
//! e-mail. A confirmed address is told it is already subscribed instead of being
//! asked to confirm; the answer is the same.

use chrono::{Duration, SecondsFormat, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};
use serde::{Deserialize, Serialize};

use crate::entities::newsletter_subscriber as subscriber;
use crate::form::{Check, WriteError};
use crate::{content, ist, mail, refs, DataError, Db};

/// How long a confirmation link works.
pub const CONFIRM_DAYS: i64 = 7;

/// The forms a sign-up may come from, for the consent record: the footer's form on
/// every page, the `/newsletter` page's, and the API (any other client).
pub(crate) const SOURCES: &[&str] = &["footer", "newsletter-page", "api"];

#[derive(Debug, Clone, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(default)]
pub struct NewsletterRequest {
    pub email: Option<String>,
    /// The form it was sent from: "footer" or "newsletter-page" (anything else is
    /// recorded as "api").
    pub source: Option<String>,
    /// The language of the page it was sent from (set by the server, never read
    /// from the body): its mails are written in it.
    #[serde(skip)]
    pub lang: content::Lang,
}

/// Where a subscriber stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Asked, not confirmed yet (or confirmed, unsubscribed and asked again).
    Pending,
    Confirmed,
    Unsubscribed,
}

fn status_of(row: &subscriber::Model) -> Status {
    match (&row.unsubscribed_at, &row.confirmed_at) {
        (Some(_), _) => Status::Unsubscribed,
        (None, Some(_)) => Status::Confirmed,
        (None, None) => Status::Pending,
    }
}

/// Records the request and queues its e-mail (`notices` has the site's address
/// for the links): a confirmation link for a new, pending or unsubscribed address,
/// a note that it is already subscribed for a confirmed one. The same work and the
/// same answer either way.
pub async fn subscribe(db: &Db, req: NewsletterRequest, notices: &crate::notices::Notices) -> Result<(), WriteError> {
    let mut c = Check::default();
    let email = c.newsletter_email("email", req.email.as_deref());
    c.finish().map_err(WriteError::Invalid)?;
    let source = req.source.as_deref().map(str::trim).filter(|s| SOURCES.contains(s)).unwrap_or("api");
    // A second try only when another request stored the same new address meanwhile.
    for _ in 0..2 {
        let found = by_email(db, &email).await?;
        let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
        match request(&txn, &email, found, source, req.lang, notices).await {
            Ok(()) => {
                txn.commit().await.map_err(DataError::from)?;
                return Ok(());
            }
            Err(e) if matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => {
                txn.rollback().await.map_err(DataError::from)?;
            }
            Err(e) => return Err(DataError::from(e).into()),
        }
    }
    Err(DataError::Corrupt { what: "newsletter_subscribers".into(), detail: "an address kept clashing on sign-up".into() }.into())
}

/// The writes of one sign-up, inside its transaction.
async fn request(
    txn: &impl ConnectionTrait,
    email: &str,
    found: Option<subscriber::Model>,
    source: &str,
    lang: content::Lang,
    notices: &crate::notices::Notices,
) -> Result<(), sea_orm::DbErr> {
    let token = refs::new_token();
    let now = ist::stamp();
    let message = match found {
        None => {
            let row = subscriber::ActiveModel {
                email: Set(email.to_owned()),
                unsubscribe_token: Set(refs::new_token()),
                subscribed_at: Set(now),
                unsubscribed_at: Set(None),
                confirm_token: Set(Some(token.clone())),
                confirmed_at: Set(None),
                source: Set(source.to_owned()),
                lang: Set(lang.as_str().to_owned()),
                ..Default::default()
            };
            row.insert(txn).await?;
            crate::letters::newsletter_confirm(lang, email, &notices.full((notices.links.newsletter_confirm)(lang, &token)), CONFIRM_DAYS)
        }
        Some(found) => {
            let status = status_of(&found);
            let unsubscribe_token = found.unsubscribe_token.clone();
            let mut row = found.into_active_model();
            // A confirmed subscriber's consent stays as it was given; the new token
            // keeps the write the same (following it changes nothing).
            row.confirm_token = Set(Some(token.clone()));
            row.lang = Set(lang.as_str().to_owned());
            match status {
                Status::Confirmed => {}
                // Asked again after unsubscribing: the withdrawal stays on record (and
                // no newsletter goes out) until the owner of the address confirms.
                Status::Pending | Status::Unsubscribed => {
                    row.subscribed_at = Set(now);
                    row.source = Set(source.to_owned());
                }
            }
            row.update(txn).await?;
            match status {
                Status::Confirmed => crate::letters::newsletter_already(lang, email, &notices.full((notices.links.unsubscribe)(lang, &unsubscribe_token)), notices.full((notices.links.one_click_unsubscribe)(&unsubscribe_token))),
                Status::Pending | Status::Unsubscribed => crate::letters::newsletter_confirm(lang, email, &notices.full((notices.links.newsletter_confirm)(lang, &token)), CONFIRM_DAYS),
            }
        }
    };
    mail::queue(txn, message).await
}

/// Follows a confirmation link: the subscriber is confirmed and the link used up.
/// False for a token that is unknown, used or older than `CONFIRM_DAYS`.
pub async fn confirm(db: &Db, token: &str) -> Result<bool, DataError> {
    let Some(found) = pending_by_token(db, token).await? else {
        return Ok(false);
    };
    // Confirmed now, unless this confirms a subscription already confirmed and
    // never withdrawn; a confirmation after unsubscribing is a new consent.
    let confirmed = match (&found.confirmed_at, &found.unsubscribed_at) {
        (Some(at), None) => at.clone(),
        _ => ist::stamp(),
    };
    let mut row = found.into_active_model();
    row.confirm_token = Set(None);
    row.confirmed_at = Set(Some(confirmed));
    row.unsubscribed_at = Set(None);
    row.update(db).await?;
    Ok(true)
}

/// Whether a confirmation link still works (its page says at once when it does not).
pub async fn confirm_token_known(db: &Db, token: &str) -> Result<bool, DataError> {
    Ok(pending_by_token(db, token).await?.is_some())
}

async fn pending_by_token(db: &Db, token: &str) -> Result<Option<subscriber::Model>, DataError> {
    let token = token.trim();
    if token.is_empty() || token.len() > 64 {
        return Ok(None);
    }
    let since = (Utc::now() - Duration::days(CONFIRM_DAYS)).to_rfc3339_opts(SecondsFormat::Secs, true);
    Ok(subscriber::Entity::find()
        .filter(subscriber::Column::ConfirmToken.eq(token))
        .filter(subscriber::Column::SubscribedAt.gte(since))
        .one(db)
        .await?)
}

/// Ends a subscription by its token, pending or confirmed. False when no
/// subscriber has that token.
pub async fn unsubscribe(db: &Db, token: &str) -> Result<bool, DataError> {
    let Some(found) = by_unsubscribe_token(db, token).await? else {
        return Ok(false);
    };
    if found.unsubscribed_at.is_none() || found.confirm_token.is_some() {
        let first = found.unsubscribed_at.clone();
        let mut row = found.into_active_model();
        row.unsubscribed_at = Set(Some(first.unwrap_or_else(ist::stamp)));
        // A pending confirmation link stops working too.
        row.confirm_token = Set(None);
        row.update(db).await?;
    }
    Ok(true)
}

/// Whether an unsubscribe link's token belongs to a subscriber (the link's page
/// says at once when it does not).
pub async fn token_known(db: &Db, token: &str) -> Result<bool, DataError> {
    Ok(by_unsubscribe_token(db, token).await?.is_some())
}

async fn by_unsubscribe_token(db: &Db, token: &str) -> Result<Option<subscriber::Model>, DataError> {
    let token = token.trim();
    if token.is_empty() || token.len() > 64 {
        return Ok(None);
    }
    Ok(subscriber::Entity::find().filter(subscriber::Column::UnsubscribeToken.eq(token)).one(db).await?)
}

/// Where an address stands; None when it never signed up (for tests and staff tools).
pub async fn status(db: &Db, email: &str) -> Result<Option<Status>, DataError> {
    Ok(by_email(db, &email.trim().to_lowercase()).await?.as_ref().map(status_of))
}

/// Whether an address gets the newsletter now: confirmed and not unsubscribed.
pub async fn is_subscribed(db: &Db, email: &str) -> Result<bool, DataError> {
    Ok(status(db, email).await? == Some(Status::Confirmed))
}

/// Who a newsletter is sent to: the confirmed addresses that have not
/// unsubscribed, each with its unsubscribe token for the message's link.
pub async fn recipients(db: &Db) -> Result<Vec<(String, String)>, DataError> {
    Ok(subscriber::Entity::find()
        .filter(subscriber::Column::ConfirmedAt.is_not_null())
        .filter(subscriber::Column::UnsubscribedAt.is_null())
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.email, s.unsubscribe_token))
        .collect())
}

async fn by_email(db: &Db, email: &str) -> Result<Option<subscriber::Model>, DataError> {
    Ok(subscriber::Entity::find().filter(subscriber::Column::Email.eq(email)).one(db).await?)
}

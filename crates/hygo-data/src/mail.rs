//! E-mail, through an outbox: a message is stored in the same transaction as what
//! causes it, so a 2xx never promises a mail that was lost, and `hygo serve`
//! hands due messages to the relay (`src/mail.rs`). A delivered message is deleted:
//! the outbox keeps addresses only as long as it must.

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::entities::outbox;
use crate::{catalogue, DataError, Db};

/// After this many failed attempts a message stays in the outbox for staff to see.
pub const MAX_ATTEMPTS: i32 = 8;

#[derive(Debug, Clone, PartialEq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub list_unsubscribe: Option<String>,
}

/// The welcome message of a newsletter sign-up, with its unsubscribe link in the
/// text and in the `List-Unsubscribe` header (one click in mail clients).
pub fn newsletter_welcome(email: &str, token: &str, public_url: &str) -> Mail {
    let site = catalogue::site();
    let page = format!("{public_url}/unsubscribe?token={token}");
    let body = format!(
        "Thank you for subscribing to the HYGO newsletter.\r\n\r\n\
         {text}\r\n\r\n\
         To stop receiving it, open this link:\r\n{page}\r\n\r\n\
         HYGO\r\n{clinic}\r\n{address}\r\n{phone}\r\n",
        text = site["newsletter"]["text"].as_str().unwrap_or_default(),
        clinic = catalogue::clinics()[0].name,
        address = catalogue::clinics()[0].address,
        phone = site["phone"].as_str().unwrap_or_default(),
    );
    Mail {
        to: email.to_owned(),
        subject: "Welcome to the HYGO newsletter".to_owned(),
        body,
        list_unsubscribe: Some(format!("{public_url}/newsletter/unsubscribe?token={token}")),
    }
}

/// Stores a message; call it inside the transaction of what causes it.
pub async fn queue(conn: &impl ConnectionTrait, mail: Mail) -> Result<(), DataError> {
    outbox::ActiveModel {
        to_address: Set(mail.to),
        subject: Set(mail.subject),
        body: Set(mail.body),
        list_unsubscribe: Set(mail.list_unsubscribe),
        created_at: Set(crate::ist::stamp()),
        attempts: Set(0),
        next_attempt_at: Set(None),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// Messages due for delivery now, oldest first.
pub async fn due(db: &Db, now: DateTime<Utc>, limit: u64) -> Result<Vec<outbox::Model>, DataError> {
    let waited = Condition::any()
        .add(outbox::Column::NextAttemptAt.is_null())
        .add(outbox::Column::NextAttemptAt.lte(stamp(now)));
    Ok(outbox::Entity::find()
        .filter(outbox::Column::Attempts.lt(MAX_ATTEMPTS))
        .filter(waited)
        .order_by_asc(outbox::Column::Id)
        .limit(limit)
        .all(db)
        .await?)
}

/// Takes a due message for this instance: another instance (PostgreSQL deployments)
/// that read the same row will fail to claim it, so a message is sent once.
pub async fn claim(db: &Db, message: &outbox::Model, now: DateTime<Utc>) -> Result<bool, DataError> {
    let mut update = outbox::Entity::update_many()
        .col_expr(outbox::Column::NextAttemptAt, sea_orm::sea_query::Expr::value(stamp(now + Duration::minutes(5))))
        .filter(outbox::Column::Id.eq(message.id))
        .filter(outbox::Column::Attempts.eq(message.attempts));
    update = match &message.next_attempt_at {
        Some(t) => update.filter(outbox::Column::NextAttemptAt.eq(t.clone())),
        None => update.filter(outbox::Column::NextAttemptAt.is_null()),
    };
    Ok(update.exec(db).await?.rows_affected == 1)
}

/// The relay took it: the message (and its address) leaves the outbox.
pub async fn delivered(db: &Db, id: i32) -> Result<(), DataError> {
    outbox::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// The relay refused or could not be reached: try again later, waiting longer each time
/// (1, 2, 4 … minutes).
pub async fn failed(db: &Db, message: outbox::Model, now: DateTime<Utc>) -> Result<(), DataError> {
    let attempts = message.attempts + 1;
    let wait = Duration::minutes(1 << attempts.clamp(0, 10));
    let mut row: outbox::ActiveModel = message.into();
    row.attempts = Set(attempts);
    row.next_attempt_at = Set(Some(stamp(now + wait)));
    row.update(db).await?;
    Ok(())
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

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

/// The confirmation e-mail of a newsletter sign-up: its link, and nothing about
/// the person (they may not be the one who typed the address).
pub fn newsletter_confirm(email: &str, token: &str, public_url: &str) -> Mail {
    let link = format!("{public_url}/newsletter/confirm?token={token}");
    let days = crate::newsletter::CONFIRM_DAYS.to_string();
    message(email, "mail.confirmSubject", "mail.confirmBody", &[("link", &link), ("days", &days)], None)
}

/// What a sign-up for an address already confirmed sends instead: that there is
/// nothing to do, and how to stop (the same link as the newsletter's).
pub fn newsletter_already(email: &str, unsubscribe_token: &str, public_url: &str) -> Mail {
    let link = format!("{public_url}/unsubscribe?token={unsubscribe_token}");
    let one_click = format!("{public_url}/newsletter/unsubscribe?token={unsubscribe_token}");
    message(email, "mail.alreadySubject", "mail.alreadyBody", &[("link", &link)], Some(one_click))
}

/// A message from the catalogue's texts (`messages/en.json`), signed with the
/// clinic's name, address and phone; lines end in CRLF as SMTP wants.
fn message(to: &str, subject: &str, body: &str, values: &[(&str, &str)], list_unsubscribe: Option<String>) -> Mail {
    let site = catalogue::site();
    let clinic = &catalogue::clinics()[0];
    let text = catalogue::fill(catalogue::message(body), values);
    let signature = format!("HYGO\n{}\n{}\n{}", clinic.name, clinic.address, site["phone"].as_str().unwrap_or_default());
    Mail {
        to: to.to_owned(),
        subject: catalogue::message(subject).to_owned(),
        body: format!("{text}\n\n{signature}\n").replace('\n', "\r\n"),
        list_unsubscribe,
    }
}

/// Stores a message; call it inside the transaction of what causes it.
pub async fn queue(conn: &impl ConnectionTrait, mail: Mail) -> Result<(), sea_orm::DbErr> {
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

//! E-mail, through an outbox: a message is stored in the same transaction as what
//! causes it, so a 2xx never promises a mail that was lost, and `hygo serve`
//! hands due messages to the relay (`src/mail.rs`). A delivered message is deleted:
//! the outbox keeps addresses only as long as it must.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

use crate::entities::outbox;
use crate::outbox::{Channel, MAX_ATTEMPTS, held, stamp};
use crate::{DataError, Db, content};

/// An e-mail as the outbox stores it: plain text, lines ending in CRLF.
#[derive(Debug, Clone, PartialEq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub list_unsubscribe: Option<String>,
    /// A calendar invitation (`.ics`, `crate::calendar::invitation`), sent along as
    /// `text/calendar; method=…` and as an attachment.
    pub calendar: Option<String>,
}

/// A message from the catalogue's texts (`messages/en.json`), subject and body
/// filled with `values` and the clinic's `{phone}`, signed with the clinic's name,
/// address and phone; lines end in CRLF as SMTP wants.
pub fn message(
    lang: content::Lang,
    to: &str,
    subject: &str,
    body: &str,
    values: &[(&str, &str)],
    list_unsubscribe: Option<String>,
) -> Mail {
    let c = content::get(lang);
    let phone = c.site.phone.as_str();
    let mut values = values.to_vec();
    values.push(("phone", phone));
    let text = content::fill(c.message(body), &values);
    // Signed by HYGO and its number, not by one clinic's address: a mail about a
    // visit says where it is on its own "Where:" line.
    let signature = format!("HYGO\n{phone}");
    // A subject is one line, whatever a value holds.
    let subject = content::fill(c.message(subject), &values).replace(['\r', '\n'], " ");
    Mail {
        to: to.to_owned(),
        subject,
        body: format!("{text}\n\n{signature}\n").replace("\r\n", "\n").replace('\r', "\n").replace('\n', "\r\n"),
        list_unsubscribe,
        calendar: None,
    }
}

/// Stores a message; call it inside the transaction of what causes it.
pub async fn queue(conn: &impl ConnectionTrait, mail: Mail) -> Result<(), sea_orm::DbErr> {
    outbox::ActiveModel {
        to_address: Set(mail.to),
        subject: Set(mail.subject),
        body: Set(mail.body),
        list_unsubscribe: Set(mail.list_unsubscribe),
        calendar: Set(mail.calendar),
        created_at: Set(crate::ist::stamp()),
        attempts: Set(0),
        next_attempt_at: Set(None),
        channel: Set(Channel::Email.as_str().to_owned()),
        state: Set("queued".to_owned()),
        state_at: Set(None),
        template: Set(String::new()),
        params: Set("[]".to_owned()),
        lang: Set(String::new()),
        provider_id: Set(None),
        error: Set(None),
        callback_token: Set(None),
        appointment_id: Set(None),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}


/// Claims up to `limit` messages due now, oldest first, for this instance, in one
/// statement: their next attempt moves `LEASE_MINUTES` ahead, so no other instance
/// sees them as due. On PostgreSQL the rows are chosen `FOR UPDATE SKIP LOCKED`,
/// so instances claiming at once take different messages without waiting for each
/// other; SQLite has one writer at a time, which gives the same. Each message is
/// therefore sent once, whatever the number of instances.
pub async fn claim_due(db: &Db, now: DateTime<Utc>, limit: u64) -> Result<Vec<outbox::Model>, DataError> {
    crate::outbox::claim(db, Channel::Email, now, limit).await
}


/// The `secrets` row a restore writes (`crate::backup`): the messages up to this
/// id were waiting in the backup, and may have been sent already before it was
/// restored; they are held until the operator releases or discards them
/// (`hygo outbox`), so that nothing is sent twice because of a restore.
pub(crate) const HELD_THROUGH: &str = "outbox-held-through";


/// The messages held after a restore, oldest first.
pub async fn held_after_restore(db: &Db) -> Result<Vec<outbox::Model>, DataError> {
    use sea_orm::{ColumnTrait, QueryFilter, QueryOrder};
    let through = held_through(db).await?;
    Ok(outbox::Entity::find().filter(outbox::Column::Id.lte(through)).filter(outbox::Column::State.eq("queued")).order_by_asc(outbox::Column::Id).all(db).await?)
}

/// The last held id (0: none).
async fn held_through(db: &Db) -> Result<i32, DataError> {
    let row = crate::entities::secret::Entity::find_by_id(HELD_THROUGH.to_owned()).one(db).await?;
    Ok(row.and_then(|r| r.value.parse().ok()).unwrap_or(0))
}

/// Sends the held messages after all (`hygo outbox release`): how many.
pub async fn release_held(db: &Db) -> Result<usize, DataError> {
    let count = held_after_restore(db).await?.len();
    crate::entities::secret::Entity::delete_by_id(HELD_THROUGH.to_owned()).exec(db).await?;
    Ok(count)
}

/// Deletes the held messages (`hygo outbox discard`): how many.
pub async fn discard_held(db: &Db) -> Result<u64, DataError> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let txn = crate::db::begin_write(db).await?;
    let through = {
        let row = crate::entities::secret::Entity::find_by_id(HELD_THROUGH.to_owned()).one(&txn).await?;
        row.and_then(|r| r.value.parse::<i32>().ok()).unwrap_or(0)
    };
    let gone = outbox::Entity::delete_many().filter(outbox::Column::Id.lte(through)).filter(outbox::Column::State.eq("queued")).exec(&txn).await?.rows_affected;
    crate::entities::secret::Entity::delete_by_id(HELD_THROUGH.to_owned()).exec(&txn).await?;
    txn.commit().await?;
    Ok(gone)
}


/// The relay took it: the message (and its address) leaves the outbox.
pub async fn delivered(db: &Db, message: &outbox::Model) -> Result<(), DataError> {
    use sea_orm::QueryFilter;
    outbox::Entity::delete_many().filter(held(message)).exec(db).await?;
    Ok(())
}

/// The relay refused or could not be reached: try again later, waiting longer each time
/// (1, 2, 4 … minutes).
pub async fn failed(db: &Db, message: &outbox::Model, now: DateTime<Utc>) -> Result<(), DataError> {
    use sea_orm::QueryFilter;
    let attempts = message.attempts + 1;
    let wait = Duration::minutes(1 << attempts.clamp(0, 10));
    outbox::Entity::update_many()
        .col_expr(outbox::Column::Attempts, sea_orm::sea_query::Expr::value(attempts))
        .col_expr(outbox::Column::NextAttemptAt, sea_orm::sea_query::Expr::value(stamp(now + wait)))
        .filter(held(message))
        .exec(db)
        .await?;
    Ok(())
}

/// Gives back a claimed message this instance will not send now (its lease is
/// running out): due again at once, for any instance.
pub async fn release(db: &Db, message: &outbox::Model) -> Result<(), DataError> {
    use sea_orm::QueryFilter;
    outbox::Entity::update_many()
        .col_expr(outbox::Column::NextAttemptAt, sea_orm::sea_query::Expr::value(Option::<String>::None))
        .filter(held(message))
        .exec(db)
        .await?;
    Ok(())
}

/// How many messages wait to be sent, and how many were given up on (after
/// `MAX_ATTEMPTS`, or a phone message the provider refused) (`/metrics`).
pub async fn counts(db: &Db) -> Result<(u64, u64), DataError> {
    use sea_orm::{ColumnTrait, PaginatorTrait, QueryFilter};
    let queued = || outbox::Entity::find().filter(outbox::Column::State.eq("queued"));
    let waiting = queued().filter(outbox::Column::Attempts.lt(MAX_ATTEMPTS)).count(db).await?;
    let failed = queued().filter(outbox::Column::Attempts.gte(MAX_ATTEMPTS)).count(db).await?
        + outbox::Entity::find().filter(outbox::Column::State.eq("failed")).count(db).await?;
    Ok((waiting, failed))
}

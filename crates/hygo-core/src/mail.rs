//! E-mail, through an outbox: a message is stored in the same transaction as what
//! causes it, so a 2xx never promises a mail that was lost, and `hygo serve`
//! hands due messages to the relay (`src/mail.rs`). A delivered message is deleted:
//! the outbox keeps addresses only as long as it must.

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

use crate::entities::outbox;
use crate::{DataError, Db, content};

/// After this many failed attempts a message stays in the outbox for staff to see.
pub(crate) const MAX_ATTEMPTS: i32 = 8;

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
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// How long a claimed message is this instance's to send: if it has not reported
/// by then (it stopped mid-send), another instance may take the message again.
pub(crate) const LEASE_MINUTES: i64 = 5;

/// Claims up to `limit` messages due now, oldest first, for this instance, in one
/// statement: their next attempt moves `LEASE_MINUTES` ahead, so no other instance
/// sees them as due. On PostgreSQL the rows are chosen `FOR UPDATE SKIP LOCKED`,
/// so instances claiming at once take different messages without waiting for each
/// other; SQLite has one writer at a time, which gives the same. Each message is
/// therefore sent once, whatever the number of instances.
pub async fn claim_due(db: &Db, now: DateTime<Utc>, limit: u64) -> Result<Vec<outbox::Model>, DataError> {
    use sea_orm::{DbBackend, Statement};
    let backend = db.get_database_backend();
    let (skip_locked, p) = match backend {
        DbBackend::Postgres => (" FOR UPDATE SKIP LOCKED", ["$1", "$2", "$3", "$4"]),
        _ => ("", ["?", "?", "?", "?"]),
    };
    // Held after a restore (`HELD_THROUGH`): not sent until the operator says.
    let sql = format!(
        "UPDATE outbox SET next_attempt_at = {lease} WHERE id IN (\
         SELECT id FROM outbox WHERE attempts < {max} AND (next_attempt_at IS NULL OR next_attempt_at <= {now}) AND id > {HELD} \
         ORDER BY id LIMIT {limit}{skip_locked}) RETURNING *",
        lease = p[0],
        max = p[1],
        now = p[2],
        limit = p[3],
    );
    let values = [
        stamp(now + Duration::minutes(LEASE_MINUTES)).into(),
        MAX_ATTEMPTS.into(),
        stamp(now).into(),
        (limit.min(i64::MAX as u64) as i64).into(),
    ];
    let mut claimed = outbox::Entity::find().from_raw_sql(Statement::from_sql_and_values(backend, sql, values)).all(db).await?;
    claimed.sort_by_key(|m| m.id);
    Ok(claimed)
}

/// The `secrets` row a restore writes (`crate::backup`): the messages up to this
/// id were waiting in the backup, and may have been sent already before it was
/// restored; they are held until the operator releases or discards them
/// (`hygo outbox`), so that nothing is sent twice because of a restore.
pub(crate) const HELD_THROUGH: &str = "outbox-held-through";

/// The SQL of the held messages' last id (0: none held), for both databases.
const HELD: &str = "(SELECT COALESCE(MAX(CAST(value AS INTEGER)), 0) FROM secrets WHERE name = 'outbox-held-through')";

/// The messages held after a restore, oldest first.
pub async fn held_after_restore(db: &Db) -> Result<Vec<outbox::Model>, DataError> {
    use sea_orm::{ColumnTrait, QueryFilter, QueryOrder};
    let through = held_through(db).await?;
    Ok(outbox::Entity::find().filter(outbox::Column::Id.lte(through)).order_by_asc(outbox::Column::Id).all(db).await?)
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
    let gone = outbox::Entity::delete_many().filter(outbox::Column::Id.lte(through)).exec(&txn).await?.rows_affected;
    crate::entities::secret::Entity::delete_by_id(HELD_THROUGH.to_owned()).exec(&txn).await?;
    txn.commit().await?;
    Ok(gone)
}

/// The rows of `message` while this instance still holds it: the lease it was
/// claimed with is still on it (another instance that took it over after the
/// lease ran out has written its own).
fn held(message: &outbox::Model) -> sea_orm::Condition {
    use sea_orm::ColumnTrait;
    let lease = match &message.next_attempt_at {
        Some(t) => outbox::Column::NextAttemptAt.eq(t.clone()),
        None => outbox::Column::NextAttemptAt.is_null(),
    };
    sea_orm::Condition::all().add(outbox::Column::Id.eq(message.id)).add(lease)
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

/// How many messages wait to be sent, and how many were given up on after
/// `MAX_ATTEMPTS` (`/metrics`).
pub async fn counts(db: &Db) -> Result<(u64, u64), DataError> {
    use sea_orm::{ColumnTrait, PaginatorTrait, QueryFilter};
    let waiting = outbox::Entity::find().filter(outbox::Column::Attempts.lt(MAX_ATTEMPTS)).count(db).await?;
    let failed = outbox::Entity::find().filter(outbox::Column::Attempts.gte(MAX_ATTEMPTS)).count(db).await?;
    Ok((waiting, failed))
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

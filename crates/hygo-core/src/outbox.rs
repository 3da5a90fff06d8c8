//! The outbox every message to a person goes through, e-mail (`crate::mail`)
//! and WhatsApp or SMS (`crate::messaging`): each channel's messages claimed
//! with the same leases, so each is sent once whatever the number of instances,
//! and held after a restore until the operator says (`crate::mail::HELD_THROUGH`).

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::EntityTrait;

use crate::entities::outbox;
use crate::{DataError, Db};

/// How a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    Email,
    WhatsApp,
    Sms,
}

impl Channel {
    pub const PHONES: [Channel; 2] = [Channel::WhatsApp, Channel::Sms];

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::WhatsApp => "whatsapp",
            Channel::Sms => "sms",
        }
    }

    pub fn parse(text: &str) -> Option<Channel> {
        [Channel::Email, Channel::WhatsApp, Channel::Sms].into_iter().find(|c| c.as_str() == text)
    }
}

/// After this many failed attempts a message stays in the outbox for staff to see.
pub(crate) const MAX_ATTEMPTS: i32 = 8;

/// How long a claimed message is this instance's to send: if it has not reported
/// by then (it stopped mid-send), another instance may take the message again.
pub(crate) const LEASE_MINUTES: i64 = 5;

/// `claim_due` for the messages of one channel (e-mail, WhatsApp, SMS): each
/// channel's delivery takes only its own, with the same leases.
pub(crate) async fn claim(db: &Db, channel: Channel, now: DateTime<Utc>, limit: u64) -> Result<Vec<outbox::Model>, DataError> {
    use sea_orm::{DbBackend, Statement};
    let backend = db.get_database_backend();
    let (skip_locked, p) = match backend {
        DbBackend::Postgres => (" FOR UPDATE SKIP LOCKED", ["$1", "$2", "$3", "$4", "$5"]),
        _ => ("", ["?", "?", "?", "?", "?"]),
    };
    // Held after a restore (`HELD_THROUGH`): not sent until the operator says.
    // Only what is still to be sent: a phone message is kept after it is.
    let sql = format!(
        "UPDATE outbox SET next_attempt_at = {lease} WHERE id IN (\
         SELECT id FROM outbox WHERE channel = {channel} AND state = 'queued' AND attempts < {max} \
         AND (next_attempt_at IS NULL OR next_attempt_at <= {now}) AND id > {HELD} \
         ORDER BY id LIMIT {limit}{skip_locked}) RETURNING *",
        lease = p[0],
        channel = p[1],
        max = p[2],
        now = p[3],
        limit = p[4],
    );
    let values = [
        stamp(now + Duration::minutes(LEASE_MINUTES)).into(),
        channel.as_str().into(),
        MAX_ATTEMPTS.into(),
        stamp(now).into(),
        (limit.min(i64::MAX as u64) as i64).into(),
    ];
    let mut claimed = outbox::Entity::find().from_raw_sql(Statement::from_sql_and_values(backend, sql, values)).all(db).await?;
    claimed.sort_by_key(|m| m.id);
    Ok(claimed)
}

/// The SQL of the held messages' last id (0: none held), for both databases.
const HELD: &str = "(SELECT COALESCE(MAX(CAST(value AS INTEGER)), 0) FROM secrets WHERE name = 'outbox-held-through')";

/// The rows of `message` while this instance still holds it: the lease it was
/// claimed with is still on it (another instance that took it over after the
/// lease ran out has written its own).
pub(crate) fn held(message: &outbox::Model) -> sea_orm::Condition {
    use sea_orm::ColumnTrait;
    let lease = match &message.next_attempt_at {
        Some(t) => outbox::Column::NextAttemptAt.eq(t.clone()),
        None => outbox::Column::NextAttemptAt.is_null(),
    };
    sea_orm::Condition::all().add(outbox::Column::Id.eq(message.id)).add(lease)
}

pub(crate) fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

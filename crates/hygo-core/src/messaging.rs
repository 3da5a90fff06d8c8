//! Messages to patients' phones, on WhatsApp or by SMS, through the same outbox
//! as e-mail (`crate::mail`): stored in the transaction of what causes them,
//! claimed with the same leases (so sent once, whatever the number of
//! instances), and, unlike an e-mail, kept after they are sent with their
//! state, so the desk sees what reached whom and calls whom nothing reached.
//!
//! A message is a template the clinic registered with the provider (Meta for
//! WhatsApp, the DLT platform for SMS: docs/messages.md), its parameters and
//! its language; never symptoms, a reason for the visit, notes or any other
//! health data (`hygo_booking::messages` makes them).
//!
//! Nothing goes to a number without its owner's consent (`Updates`, kept on the
//! request, each change recorded in `consents`); a reply of STOP withdraws it
//! for every request of that number, and whatever was still waiting for it is
//! not sent (`withdraw`).

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entities::{appointment, consent, outbox};
pub use crate::outbox::Channel;
use crate::outbox::{MAX_ATTEMPTS, held, stamp};
use crate::{DataError, Db};

/// Where a patient agreed to be sent updates about a request: the booking
/// API's `updates`, the wizards' unticked box, the desk's question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Updates {
    WhatsApp,
    Sms,
    #[default]
    None,
}

impl Updates {
    pub fn as_str(self) -> &'static str {
        match self {
            Updates::WhatsApp => "whatsapp",
            Updates::Sms => "sms",
            Updates::None => "none",
        }
    }

    pub fn parse(text: &str) -> Option<Updates> {
        [Updates::WhatsApp, Updates::Sms, Updates::None].into_iter().find(|u| u.as_str() == text)
    }

    /// The channel consented to, if any.
    pub fn channel(self) -> Option<Channel> {
        match self {
            Updates::WhatsApp => Some(Channel::WhatsApp),
            Updates::Sms => Some(Channel::Sms),
            Updates::None => None,
        }
    }
}

/// The version of the consent's notice (`form.updatesNotice` and its
/// WhatsApp and SMS choices in the catalogue): stored with each consent, so the
/// clinic can show what a patient agreed to. Raised whenever those texts change
/// in meaning: `2026-12-04` named what the messages say and STOP;
/// `2026-12-04.2` added the reminder the day before and the link to see, move
/// or cancel the visit (and to stop the messages).
pub const CONSENT_VERSION: &str = "2026-12-04.2";

/// What became of a phone message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum State {
    /// Waiting to be handed to the provider (or to be tried again).
    Queued,
    /// The provider took it.
    Sent,
    /// It reached the phone.
    Delivered,
    /// The patient opened it (WhatsApp only).
    Read,
    /// It will not be sent or did not arrive: `outbox.error` says why.
    Failed,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::Queued => "queued",
            State::Sent => "sent",
            State::Delivered => "delivered",
            State::Read => "read",
            State::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<State> {
        [State::Queued, State::Sent, State::Delivered, State::Read, State::Failed].into_iter().find(|s| s.as_str() == text)
    }

    /// Whether a callback saying `next` may replace this state. Callbacks come
    /// late, twice and out of order: a state only moves on (read is not undone
    /// by a late "delivered"); a failure ends any state but read.
    fn may_become(self, next: State) -> bool {
        match next {
            State::Failed => self != State::Read && self != State::Failed,
            _ => self != State::Failed && next > self,
        }
    }
}

/// A message to a phone, as it is queued.
#[derive(Debug, Clone, PartialEq)]
pub struct PhoneMessage {
    pub channel: Channel,
    /// E.164 (`crate::phone`).
    pub to: String,
    /// The template's registered name.
    pub template: &'static str,
    pub lang: &'static str,
    /// The template's parameters, in its order.
    pub params: Vec<String>,
    /// The text as the patient reads it.
    pub body: String,
    pub appointment_id: Option<i32>,
}

/// Stores a message; call it inside the transaction of what causes it.
pub async fn queue(conn: &impl ConnectionTrait, message: PhoneMessage) -> Result<(), sea_orm::DbErr> {
    let now = crate::ist::stamp();
    outbox::ActiveModel {
        to_address: Set(message.to),
        subject: Set(String::new()),
        body: Set(message.body),
        list_unsubscribe: Set(None),
        calendar: Set(None),
        created_at: Set(now.clone()),
        attempts: Set(0),
        next_attempt_at: Set(None),
        channel: Set(message.channel.as_str().to_owned()),
        state: Set(State::Queued.as_str().to_owned()),
        state_at: Set(Some(now)),
        template: Set(message.template.to_owned()),
        params: Set(serde_json::to_string(&message.params).expect("texts serialize")),
        lang: Set(message.lang.to_owned()),
        provider_id: Set(None),
        error: Set(None),
        callback_token: Set(Some(crate::refs::new_token())),
        appointment_id: Set(message.appointment_id),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// Claims up to `limit` of a channel's messages due now for this instance
/// (`crate::mail::claim_due`, the same leases).
pub async fn claim_due(db: &Db, channel: Channel, now: DateTime<Utc>, limit: u64) -> Result<Vec<outbox::Model>, DataError> {
    crate::outbox::claim(db, channel, now, limit).await
}

/// The parameters of a claimed message.
pub fn params(message: &outbox::Model) -> Vec<String> {
    serde_json::from_str(&message.params).unwrap_or_default()
}

/// The provider took the message, under its id `provider_id`.
pub async fn sent(db: &Db, message: &outbox::Model, provider_id: &str, now: DateTime<Utc>) -> Result<(), DataError> {
    outbox::Entity::update_many()
        .col_expr(outbox::Column::State, Expr::value(State::Sent.as_str()))
        .col_expr(outbox::Column::StateAt, Expr::value(stamp(now)))
        .col_expr(outbox::Column::ProviderId, Expr::value(provider_id))
        .col_expr(outbox::Column::Attempts, Expr::value(message.attempts + 1))
        .col_expr(outbox::Column::NextAttemptAt, Expr::value(Option::<String>::None))
        .filter(held(message))
        .exec(db)
        .await?;
    Ok(())
}

/// Not to be sent before `at` (a reminder caught by the quiet hours): put back
/// without counting an attempt.
pub async fn hold_until(db: &Db, message: &outbox::Model, at: DateTime<Utc>) -> Result<(), DataError> {
    outbox::Entity::update_many()
        .col_expr(outbox::Column::NextAttemptAt, Expr::value(stamp(at)))
        .filter(held(message))
        .exec(db)
        .await?;
    Ok(())
}

/// The provider could not take it now (rate limited, unavailable, not
/// reached): tried again later, waiting longer each time (1, 2, 4 … minutes),
/// and after `MAX_ATTEMPTS` given up on, with `error`, for the desk to call.
pub async fn try_again(db: &Db, message: &outbox::Model, error: &str, now: DateTime<Utc>) -> Result<(), DataError> {
    let attempts = message.attempts + 1;
    if attempts >= MAX_ATTEMPTS {
        return refused(db, message, error, now).await;
    }
    outbox::Entity::update_many()
        .col_expr(outbox::Column::Attempts, Expr::value(attempts))
        .col_expr(outbox::Column::NextAttemptAt, Expr::value(stamp(now + Duration::minutes(1 << attempts.clamp(0, 10)))))
        .col_expr(outbox::Column::Error, Expr::value(error))
        .filter(held(message))
        .exec(db)
        .await?;
    Ok(())
}

/// The provider refused it for good (not a WhatsApp number, an invalid number,
/// a template it does not know, the settings wrong): never tried again; the
/// desk sees it among the failed.
pub async fn refused(db: &Db, message: &outbox::Model, error: &str, now: DateTime<Utc>) -> Result<(), DataError> {
    outbox::Entity::update_many()
        .col_expr(outbox::Column::State, Expr::value(State::Failed.as_str()))
        .col_expr(outbox::Column::StateAt, Expr::value(stamp(now)))
        .col_expr(outbox::Column::Attempts, Expr::value(message.attempts + 1))
        .col_expr(outbox::Column::Error, Expr::value(error))
        .col_expr(outbox::Column::NextAttemptAt, Expr::value(Option::<String>::None))
        .filter(held(message))
        .exec(db)
        .await?;
    Ok(())
}

/// A provider's status callback: the message it calls `provider_id` on
/// `channel` is now `state` (with `error` when it failed). Answers whether it
/// changed anything (an unknown id, a repeat or a late callback changes nothing).
pub async fn status(db: &Db, channel: Channel, provider_id: &str, state: State, error: Option<&str>, now: DateTime<Utc>) -> Result<bool, DataError> {
    let found = outbox::Entity::find()
        .filter(outbox::Column::Channel.eq(channel.as_str()))
        .filter(outbox::Column::ProviderId.eq(provider_id))
        .one(db)
        .await?;
    let Some(message) = found else { return Ok(false) };
    let Some(before) = State::parse(&message.state) else { return Ok(false) };
    if !before.may_become(state) {
        return Ok(false);
    }
    let mut update = outbox::Entity::update_many()
        .col_expr(outbox::Column::State, Expr::value(state.as_str()))
        .col_expr(outbox::Column::StateAt, Expr::value(stamp(now)))
        .filter(outbox::Column::Id.eq(message.id))
        // As read, so that two callbacks at once cannot both move it.
        .filter(outbox::Column::State.eq(message.state.clone()));
    if let Some(error) = error {
        update = update.col_expr(outbox::Column::Error, Expr::value(error));
    }
    Ok(update.exec(db).await?.rows_affected == 1)
}

/// The SMS whose delivery report address carries `token` (the gateway does not
/// sign its reports: the token, random and one per message, is what shows the
/// report is about that message).
pub async fn by_callback_token(db: &Db, token: &str) -> Result<Option<outbox::Model>, DataError> {
    if token.is_empty() {
        return Ok(None);
    }
    Ok(outbox::Entity::find()
        .filter(outbox::Column::Channel.eq(Channel::Sms.as_str()))
        .filter(outbox::Column::CallbackToken.eq(token))
        .one(db)
        .await?)
}

/// How a consent was given or withdrawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// In a wizard on the site (or the booking API).
    Web,
    /// Told to the desk by phone or at the counter.
    Desk,
    /// A reply of STOP to a message.
    Reply,
    /// The patient's manage-my-visit link (`hygo_booking::visits`).
    Link,
}

impl How {
    pub fn as_str(self) -> &'static str {
        match self {
            How::Web => "web",
            How::Desk => "desk",
            How::Reply => "reply",
            How::Link => "link",
        }
    }
}

/// Records a consent given or withdrawn, inside the transaction of the request
/// it comes with.
pub async fn record(conn: &impl ConnectionTrait, phone: &str, channel: Channel, given: bool, how: How, appointment_id: Option<i32>) -> Result<(), sea_orm::DbErr> {
    consent::ActiveModel {
        phone: Set(phone.to_owned()),
        channel: Set(channel.as_str().to_owned()),
        given: Set(given),
        text_version: Set(CONSENT_VERSION.to_owned()),
        how: Set(how.as_str().to_owned()),
        appointment_id: Set(appointment_id),
        at: Set(crate::ist::stamp()),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// The error a message not sent because its consent was withdrawn keeps.
pub const WITHDRAWN: &str = "withdrawn";

/// The number `phone` (E.164) asked for no more messages (a reply of STOP, or
/// the desk): the consent is withdrawn on every request of that number, the
/// withdrawal recorded, and nothing still waiting for it is sent. Answers how
/// many requests had consented.
pub async fn withdraw(db: &Db, phone: &str, how: How) -> Result<u64, DataError> {
    let txn = crate::db::begin_write(db).await?;
    let n = withdraw_in(&txn, phone, how).await?;
    txn.commit().await?;
    Ok(n)
}

/// The desk withdraws the consent of the number of the request `reference`, as
/// the patient asked by phone or at the counter; the audit log records who.
/// None when there is no such request.
pub async fn withdraw_for(db: &Db, actor: &crate::audit::Actor, reference: &str) -> Result<Option<u64>, DataError> {
    let txn = crate::db::begin_write(db).await?;
    let Some(row) = appointment::Entity::find().filter(appointment::Column::Reference.eq(reference)).one(&txn).await? else { return Ok(None) };
    let n = withdraw_in(&txn, &row.phone, How::Desk).await?;
    let target = crate::audit::Target { kind: "appointment", name: reference };
    crate::audit::record(&txn, actor, "stop-messages", target, serde_json::json!({ "updates": row.updates }), serde_json::json!({ "updates": Updates::None.as_str() })).await?;
    txn.commit().await?;
    Ok(Some(n))
}

async fn withdraw_in(txn: &sea_orm::DatabaseTransaction, phone: &str, how: How) -> Result<u64, DataError> {
    let consenting = appointment::Entity::find()
        .filter(appointment::Column::Phone.eq(phone))
        .filter(appointment::Column::Updates.ne(Updates::None.as_str()))
        .order_by_asc(appointment::Column::Id)
        .all(txn)
        .await?;
    for row in &consenting {
        if let Some(channel) = Updates::parse(&row.updates).and_then(Updates::channel) {
            record(txn, phone, channel, false, how, Some(row.id)).await?;
        }
    }
    appointment::Entity::update_many()
        .col_expr(appointment::Column::Updates, Expr::value(Updates::None.as_str()))
        .filter(appointment::Column::Phone.eq(phone))
        .exec(txn)
        .await?;
    outbox::Entity::update_many()
        .col_expr(outbox::Column::State, Expr::value(State::Failed.as_str()))
        .col_expr(outbox::Column::StateAt, Expr::value(crate::ist::stamp()))
        .col_expr(outbox::Column::Error, Expr::value(WITHDRAWN))
        .filter(outbox::Column::Channel.is_in(Channel::PHONES.map(Channel::as_str)))
        .filter(outbox::Column::ToAddress.eq(phone))
        .filter(outbox::Column::State.eq(State::Queued.as_str()))
        .exec(txn)
        .await?;
    Ok(consenting.len() as u64)
}

/// The phone messages about a request, oldest first (its console page).
pub async fn of_appointment(db: &Db, appointment_id: i32) -> Result<Vec<outbox::Model>, DataError> {
    Ok(outbox::Entity::find()
        .filter(outbox::Column::AppointmentId.eq(appointment_id))
        .filter(outbox::Column::Channel.is_in(Channel::PHONES.map(Channel::as_str)))
        .order_by_asc(outbox::Column::Id)
        .all(db)
        .await?)
}

/// The phone messages that failed, newest first, at most `limit`: the desk
/// calls these patients. A withdrawn consent is not a failure to call about.
pub async fn failed(db: &Db, limit: u64) -> Result<Vec<outbox::Model>, DataError> {
    use sea_orm::QuerySelect;
    Ok(outbox::Entity::find()
        .filter(outbox::Column::Channel.is_in(Channel::PHONES.map(Channel::as_str)))
        .filter(outbox::Column::State.eq(State::Failed.as_str()))
        .filter(outbox::Column::Error.ne(WITHDRAWN))
        .order_by_desc(outbox::Column::Id)
        .limit(limit)
        .all(db)
        .await?)
}

/// `failed`, each with the reference of the request it is about (the desk's
/// link to it), for requests still to come: a visit that has passed needs no call.
pub async fn failed_to_call(db: &Db, today: &str, limit: u64) -> Result<Vec<(outbox::Model, String)>, DataError> {
    let failed = failed(db, limit).await?;
    let ids: Vec<i32> = failed.iter().filter_map(|m| m.appointment_id).collect();
    let requests = appointment::Entity::find().filter(appointment::Column::Id.is_in(ids)).filter(appointment::Column::Date.gte(today)).all(db).await?;
    Ok(failed
        .into_iter()
        .filter_map(|m| {
            let reference = requests.iter().find(|r| Some(r.id) == m.appointment_id)?.reference.clone();
            Some((m, reference))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_only_moves_on_and_a_failure_ends_all_but_read() {
        use State::*;
        assert!(Queued.may_become(Sent) && Sent.may_become(Delivered) && Delivered.may_become(Read));
        assert!(Sent.may_become(Read), "read may come without delivered");
        assert!(!Read.may_become(Delivered) && !Delivered.may_become(Sent) && !Sent.may_become(Sent), "late or repeated");
        assert!(Sent.may_become(Failed) && Delivered.may_become(Failed));
        assert!(!Read.may_become(Failed) && !Failed.may_become(Delivered) && !Failed.may_become(Failed));
    }

    #[test]
    fn names_read_back() {
        for s in [State::Queued, State::Sent, State::Delivered, State::Read, State::Failed] {
            assert_eq!(State::parse(s.as_str()), Some(s));
        }
        for u in [Updates::WhatsApp, Updates::Sms, Updates::None] {
            assert_eq!(Updates::parse(u.as_str()), Some(u));
        }
        assert_eq!(Updates::parse("WhatsApp"), None, "exact names only");
        assert_eq!(Channel::parse("sms"), Some(Channel::Sms));
    }
}

//! Signing in (OWASP ASVS 5.0, V6): the password, then the second factor.
//!
//! Failed attempts slow down whoever makes them, with waits that grow with each
//! failure rather than a hard lock (`wait_after`), counted three ways by keyed
//! hashes that the caller makes with the server's key (never the address typed,
//! the client's IP or the cookie itself):
//!
//! - per **device**: a browser that signed in to this account before carries a
//!   signed device cookie (OWASP, "Slow Down Online Guessing Attacks with Device
//!   Cookies"; made and checked in `src/access.rs`). Its attempts on that account
//!   count against that device only (`DEVICE_FREE` failures before waits begin),
//!   so that no flood from elsewhere can keep the account's owner out of a
//!   browser they used before;
//! - per **account** (the address typed), per **client** (the IP address or
//!   IPv6 /64) and per **network** (its IPv4 /24 or IPv6 /48: one attacker has
//!   all the /64s of a /48), for every other attempt (`ACCOUNT_FREE`,
//!   `CLIENT_FREE`, `NETWORK_FREE`); a network's refusals as busy count too
//!   (`hashing::Hasher::refused_from`), so a flood that only meets a full queue
//!   is slowed down all the same.
//!
//! An attempt from one of the account's own browsers is checked on the owners'
//! lane (`Hasher::owners`), which no flood from elsewhere can fill.
//!
//! Failures count within `WINDOW_HOURS` from the account's or the device's
//! last success, and within `CLIENT_WINDOW_HOURS` for a client. An
//! address that is no account is counted and answered like one that is, after
//! the same work (`password::verify_nobody`), so the answers never tell which
//! addresses are accounts. Every attempt is recorded (`sign_in_attempts`), never
//! with the password, and counted *before* it is checked: one write transaction
//! counts the failures and records the attempt as `checking` (a failure until
//! the check says otherwise), under the keys' locks on PostgreSQL and SQLite's
//! one writer, so five free failures are five under any concurrency.
//! Hashing runs on its own threads (`hashing::Hasher`); when
//! they are all busy the attempt is refused at once (`Refused::Busy`), before any
//! query, and not recorded: nothing was checked (`/metrics` counts them).

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, Statement,
};

use super::hashing::Hasher;
use super::{accounts, password, recovery, totp};
use crate::entities::{sign_in_attempt, staff_account, staff_recovery_code};
use crate::form::Message;
use crate::{DataError, Db};

/// An account's or a device's failures are counted over this long, from its last success.
pub(crate) const WINDOW_HOURS: i64 = 24;
/// A client's failures are counted over this long.
pub(crate) const CLIENT_WINDOW_HOURS: i64 = 1;
/// Failures for one account, from browsers it never signed in from, before waits begin.
pub(crate) const ACCOUNT_FREE: u64 = 5;
/// Failures from one client (any account) before waits begin.
pub(crate) const CLIENT_FREE: u64 = 20;
/// Failures from one of an account's own browsers before waits begin.
pub(crate) const DEVICE_FREE: u64 = 5;
/// Failures and refusals as busy from one network (an IPv4 /24, an IPv6 /48),
/// any account, before waits begin: a clinic's staff behind one address fail
/// far fewer in an hour.
pub(crate) const NETWORK_FREE: u64 = 50;
/// The first wait, after the free failures; each failure after doubles it.
pub(crate) const FIRST_WAIT_SECS: i64 = 15;
/// The longest wait.
pub(crate) const MAX_WAIT_SECS: i64 = 15 * 60;

/// Who is trying: keyed hashes of the address typed (lower case) and of the
/// client, and the account's own browsers this request comes from (the device
/// cookie's entries that were signed by this server: account id, keyed hash).
#[derive(Debug, Clone, Default)]
pub struct Keys {
    pub account: String,
    pub client: String,
    /// The client's network (an IPv4 /24 or an IPv6 /48), keyed as the others.
    pub network: String,
    pub devices: Vec<(i32, String)>,
}

impl Keys {
    /// The device key of this request for an account, when it signed in from this browser before.
    fn device_of(&self, account_id: Option<i32>) -> Option<&str> {
        let id = account_id?;
        self.devices.iter().find(|(a, _)| *a == id).map(|(_, key)| key.as_str())
    }
}

/// Why signing in did not go on.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// Wrong address or password, or wrong code: one message for all.
    Wrong(Message),
    /// Too many failures lately: wait this long.
    Waiting(Message),
    /// Every hashing thread is busy: try again in a moment (429).
    Busy,
}

/// Outcomes that are failures (`checking`: counted before the check, until it
/// says otherwise; a process that died while checking leaves a failure), and
/// those that are a whole sign-in.
const FAILED: [&str; 3] = ["password", "code", CHECKING];
const SIGNED_IN: [&str; 2] = ["ok", "ok-recovery"];
const CHECKING: &str = "checking";

async fn record(db: &impl ConnectionTrait, keys: &Keys, device: Option<&str>, outcome: &str, now: DateTime<Utc>) -> Result<i32, DataError> {
    if outcome != CHECKING {
        tracing::info!(outcome, trusted_device = device.is_some(), "staff sign-in attempt");
    }
    let row = sign_in_attempt::ActiveModel {
        at: Set(stamp(now)),
        account_key: Set(keys.account.clone()),
        client_key: Set(keys.client.clone()),
        network_key: Set(Some(keys.network.clone()).filter(|n| !n.is_empty())),
        outcome: Set(outcome.to_owned()),
        device_key: Set(device.map(str::to_owned)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// The attempt counted as `checking` gets its outcome.
async fn settle(db: &Db, id: i32, device: Option<&str>, outcome: &str) -> Result<(), DataError> {
    tracing::info!(outcome, trusted_device = device.is_some(), "staff sign-in attempt");
    sign_in_attempt::Entity::update_many()
        .col_expr(sign_in_attempt::Column::Outcome, Expr::value(outcome))
        .filter(sign_in_attempt::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Counts the attempt before it is checked: in one write transaction, how long
/// it must wait and, when it need not, its row as `checking` (answered: `Ok(id)`);
/// when it must, its row as `waiting` (answered: `Err(wait)`). PostgreSQL
/// takes the keys' transaction locks first (in one order: no deadlock); on
/// SQLite the write transaction is the one writer already.
async fn count_first(db: &Db, keys: &Keys, device: Option<&str>, busy: u64, now: DateTime<Utc>) -> Result<Result<i32, Duration>, DataError> {
    let txn = crate::db::begin_write(db).await?;
    if txn.get_database_backend() == DbBackend::Postgres {
        let mut locks: Vec<String> = match device {
            Some(device) => vec![format!("sign-in device {device}")],
            None => vec![format!("sign-in account {}", keys.account), format!("sign-in client {}", keys.client), format!("sign-in network {}", keys.network)],
        };
        locks.sort();
        for key in locks {
            txn.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, "SELECT pg_advisory_xact_lock(hashtext($1))", [key.into()])).await?;
        }
    }
    let left = waiting(&txn, keys, device, busy, now).await?;
    let counted = if left.is_zero() { Ok(record(&txn, keys, device, CHECKING, now).await?) } else {
        record(&txn, keys, device, "waiting", now).await?;
        Err(left)
    };
    txn.commit().await?;
    Ok(counted)
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// How long to wait after the last of `failures` failures, when `free` come without a wait:
/// none, then `FIRST_WAIT_SECS`, doubling with each failure up to `MAX_WAIT_SECS`.
pub(crate) fn wait_after(failures: u64, free: u64) -> Duration {
    if failures < free {
        return Duration::zero();
    }
    let doublings = (failures - free).min(16) as u32;
    Duration::seconds((FIRST_WAIT_SECS << doublings).min(MAX_WAIT_SECS))
}

/// Which attempts a key's count is made of.
enum Counted<'a> {
    /// The account's attempts from browsers that are not its own.
    Account(&'a str),
    Client(&'a str),
    /// A network's attempts, with its refusals as busy (counted in memory).
    Network(&'a str, u64),
    Device(&'a str),
}

/// How long one key must still wait: its failures within the window; for an
/// account or a device, since its last whole sign-in (a client's count is not
/// reset by a success: signing in to one's own account must not buy more
/// guesses at others').
async fn wait_for(db: &impl ConnectionTrait, counted: Counted<'_>, now: DateTime<Utc>) -> Result<Duration, DataError> {
    let mut extra = 0;
    let (free, window, resets, filter) = match counted {
        Counted::Account(key) => (ACCOUNT_FREE, WINDOW_HOURS, true, Condition::all().add(sign_in_attempt::Column::AccountKey.eq(key)).add(sign_in_attempt::Column::DeviceKey.is_null())),
        Counted::Client(key) => (CLIENT_FREE, CLIENT_WINDOW_HOURS, false, Condition::all().add(sign_in_attempt::Column::ClientKey.eq(key)).add(sign_in_attempt::Column::DeviceKey.is_null())),
        Counted::Device(key) => (DEVICE_FREE, WINDOW_HOURS, true, Condition::all().add(sign_in_attempt::Column::DeviceKey.eq(key))),
        Counted::Network(key, busy) => {
            extra = busy;
            (NETWORK_FREE, CLIENT_WINDOW_HOURS, false, Condition::all().add(sign_in_attempt::Column::NetworkKey.eq(key)).add(sign_in_attempt::Column::DeviceKey.is_null()))
        }
    };
    let since = stamp(now - Duration::hours(window));
    // Rows in the order they were written (stamps have whole seconds only).
    let last_success: Option<i32> = match resets {
        true => {
            sign_in_attempt::Entity::find()
                .select_only()
                .column(sign_in_attempt::Column::Id)
                .filter(filter.clone())
                .filter(sign_in_attempt::Column::Outcome.is_in(SIGNED_IN))
                .filter(sign_in_attempt::Column::At.gt(since.clone()))
                .order_by_desc(sign_in_attempt::Column::Id)
                .into_tuple()
                .one(db)
                .await?
        }
        false => None,
    };
    let failures = || {
        sign_in_attempt::Entity::find()
            .filter(filter.clone())
            .filter(sign_in_attempt::Column::Outcome.is_in(FAILED))
            .filter(sign_in_attempt::Column::At.gt(since.clone()))
            .filter(sign_in_attempt::Column::Id.gt(last_success.unwrap_or(0)))
    };
    let count = failures().count(db).await? + extra;
    let wait = wait_after(count, free);
    if wait.is_zero() {
        return Ok(wait);
    }
    let last: Option<String> = failures().select_only().column(sign_in_attempt::Column::At).order_by_desc(sign_in_attempt::Column::Id).into_tuple().one(db).await?;
    let last = last.and_then(|at| DateTime::parse_from_rfc3339(&at).ok()).map_or(now, |at| at.with_timezone(&Utc));
    Ok((last + wait - now).max(Duration::zero()))
}

/// How long this attempt must wait: from one of the account's own browsers, that
/// device's count alone; from any other, the longest of the account's, the
/// client's and the network's (with `busy`, its refusals as busy this hour).
async fn waiting(db: &impl ConnectionTrait, keys: &Keys, device: Option<&str>, busy: u64, now: DateTime<Utc>) -> Result<Duration, DataError> {
    Ok(match device {
        Some(device) => wait_for(db, Counted::Device(device), now).await?,
        None => {
            let mut longest = wait_for(db, Counted::Account(&keys.account), now).await?.max(wait_for(db, Counted::Client(&keys.client), now).await?);
            if !keys.network.is_empty() {
                longest = longest.max(wait_for(db, Counted::Network(&keys.network, busy), now).await?);
            }
            longest
        }
    })
}

/// The hour an attempt's refusals as busy are counted in.
fn hour(now: DateTime<Utc>) -> i64 {
    now.timestamp().div_euclid(3600)
}

fn wrong_password() -> Refused {
    Refused::Wrong(Message::new("staff.signInWrong"))
}

/// "Wait 45 seconds" or "Wait 15 minutes": rounded up, never zero.
fn wait(left: Duration) -> Refused {
    let seconds = left.num_seconds().max(1);
    let message = match seconds {
        s if s < 90 => Message::new("staff.signInWaitingSeconds").with("seconds", s.to_string()),
        s => Message::new("staff.signInWaiting").with("minutes", ((s + 59) / 60).to_string()),
    };
    Refused::Waiting(message)
}

/// The first step: the account whose password this is, when it may sign in.
pub async fn password(db: &Db, hasher: &Hasher, keys: &Keys, email: &str, typed: &str, now: DateTime<Utc>) -> Result<Result<staff_account::Model, Refused>, DataError> {
    // Every hashing thread busy: refused before any other work, and not written
    // (no password was checked; `/metrics` counts it), so a flood writes nothing;
    // counted against its network in memory. A browser with a device cookie is
    // looked at first: on the account it signed in to before, it has a lane of
    // its own.
    let owner = |account: Option<&staff_account::Model>| keys.device_of(account.map(|a| a.id)).map(str::to_owned);
    let (account, device) = if keys.devices.is_empty() {
        if hasher.full() {
            hasher.refused_from(&keys.network, hour(now));
            return Ok(Err(Refused::Busy));
        }
        (accounts::by_email(db, email).await?, None)
    } else {
        let account = accounts::by_email(db, email).await?;
        let device = owner(account.as_ref());
        (account, device)
    };
    let hasher = if device.is_some() { hasher.owners() } else { hasher };
    // The check's place is taken before the attempt is written down: no more
    // attempts are written than can be checked.
    let Some(place) = hasher.reserve() else {
        hasher.refused_from(&keys.network, hour(now));
        return Ok(Err(Refused::Busy));
    };
    // The same answer for every address, account or not: no hash is needed to make it so.
    let busy = hasher.refusals(&keys.network, hour(now));
    let attempt = match count_first(db, keys, device.as_deref(), busy, now).await? {
        Ok(id) => id,
        Err(left) => return Ok(Err(wait(left))),
    };
    let (typed_owned, hash) = (typed.to_owned(), account.as_ref().and_then(|a| a.password_hash.clone()));
    let verified = place
        .run(move || match hash {
            Some(hash) => password::verify(&typed_owned, &hash),
            None => {
                password::verify_nobody(&typed_owned);
                false
            }
        })
        .await;
    let Ok(right) = verified else {
        // Nothing was checked after all: the attempt is not a failure.
        settle(db, attempt, device.as_deref(), "busy").await?;
        return Ok(Err(Refused::Busy));
    };
    match account {
        Some(account) if right && account.disabled_at.is_none() => {
            settle(db, attempt, device.as_deref(), "password-ok").await?;
            Ok(Ok(account))
        }
        Some(_) if right => {
            settle(db, attempt, device.as_deref(), "disabled").await?;
            Ok(Err(wrong_password()))
        }
        _ => {
            settle(db, attempt, device.as_deref(), "password").await?;
            Ok(Err(wrong_password()))
        }
    }
}

/// The second step: a code from the authenticator app (each used once) or one of
/// the account's recovery codes (each used once).
/// `unix_secs` is the authenticator's time (the system clock); `now` the time the
/// attempt is recorded and counted at.
pub async fn second_factor(db: &Db, keys: &Keys, account_id: i32, code: &str, unix_secs: u64, now: DateTime<Utc>) -> Result<Result<(), Refused>, DataError> {
    let device = keys.device_of(Some(account_id)).map(str::to_owned);
    let attempt = match count_first(db, keys, device.as_deref(), 0, now).await? {
        Ok(id) => id,
        Err(left) => return Ok(Err(wait(left))),
    };
    let wrong = || Refused::Wrong(Message::new("staff.codeWrong"));
    let Some(account) = accounts::by_id(db, account_id).await?.filter(|a| a.disabled_at.is_none()) else {
        settle(db, attempt, device.as_deref(), "code").await?;
        return Ok(Err(wrong()));
    };
    let digits: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() == 6 && digits.chars().all(|c| c.is_ascii_digit()) {
        let step = account.totp_secret.as_deref().and_then(|s| totp::verify(s, &digits, unix_secs, account.totp_last_step));
        if let Some(step) = step {
            // Taken only if no other request took this step or a later one meanwhile.
            let mut taken = staff_account::Entity::update_many()
                .col_expr(staff_account::Column::TotpLastStep, Expr::value(step))
                .filter(staff_account::Column::Id.eq(account.id));
            taken = match account.totp_last_step {
                Some(last) => taken.filter(staff_account::Column::TotpLastStep.eq(last)),
                None => taken.filter(staff_account::Column::TotpLastStep.is_null()),
            };
            if taken.exec(db).await?.rows_affected == 1 {
                settle(db, attempt, device.as_deref(), "ok").await?;
                return Ok(Ok(()));
            }
        }
    } else if let Some(hash) = recovery::hash(code) {
        let used = staff_recovery_code::Entity::update_many()
            .col_expr(staff_recovery_code::Column::UsedAt, Expr::value(crate::ist::stamp()))
            .filter(staff_recovery_code::Column::AccountId.eq(account.id))
            .filter(staff_recovery_code::Column::CodeHash.eq(hash))
            .filter(staff_recovery_code::Column::UsedAt.is_null())
            .exec(db)
            .await?;
        if used.rows_affected == 1 {
            settle(db, attempt, device.as_deref(), "ok-recovery").await?;
            return Ok(Ok(()));
        }
    }
    settle(db, attempt, device.as_deref(), "code").await?;
    Ok(Err(wrong()))
}

/// Recovery codes an account has left.
pub async fn recovery_left(db: &Db, account_id: i32) -> Result<u64, DataError> {
    Ok(staff_recovery_code::Entity::find()
        .filter(staff_recovery_code::Column::AccountId.eq(account_id))
        .filter(staff_recovery_code::Column::UsedAt.is_null())
        .count(db)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_with_each_failure_up_to_a_bound() {
        assert_eq!(wait_after(0, 5), Duration::zero());
        assert_eq!(wait_after(4, 5), Duration::zero());
        assert_eq!(wait_after(5, 5), Duration::seconds(15));
        assert_eq!(wait_after(6, 5), Duration::seconds(30));
        assert_eq!(wait_after(9, 5), Duration::seconds(240));
        assert_eq!(wait_after(11, 5), Duration::seconds(900));
        assert_eq!(wait_after(200, 5), Duration::seconds(MAX_WAIT_SECS), "never longer, however many");
    }
}

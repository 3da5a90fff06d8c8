//! Signing in (OWASP ASVS 5.0, V6): the password, then the second factor.
//!
//! Failed attempts are limited per account (`ACCOUNT_FAILURES` in
//! `WINDOW_MINUTES`) and per client (`CLIENT_FAILURES`), counted by keyed hashes
//! of the address typed and of the client (the caller makes them with the
//! server's key): an address that is no account is counted like one that is, and
//! is answered the same, after the same work (`password::verify_nobody`), so the
//! answers never tell which addresses are accounts. Every attempt is recorded
//! (`sign_in_attempts`), never with the password or the address itself.

use chrono::{Duration, SecondsFormat, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use super::{accounts, password, recovery, totp};
use crate::entities::{sign_in_attempt, staff_account, staff_recovery_code};
use crate::form::Message;
use crate::{DataError, Db};

pub const WINDOW_MINUTES: i64 = 15;
/// Failed passwords or codes for one account within the window before it waits.
pub const ACCOUNT_FAILURES: u64 = 5;
/// Failed attempts from one client within the window before it waits.
pub const CLIENT_FAILURES: u64 = 20;

/// Who is trying: keyed hashes of the address typed (lower case) and of the client.
#[derive(Debug, Clone)]
pub struct Keys {
    pub account: String,
    pub client: String,
}

/// Why signing in did not go on.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// Wrong address or password, or wrong code: one message for all.
    Wrong(Message),
    /// Too many failures: wait.
    Waiting(Message),
}

const FAILED: [&str; 2] = ["password", "code"];

async fn record(db: &Db, keys: &Keys, outcome: &str) -> Result<(), DataError> {
    tracing::info!(outcome, "staff sign-in attempt");
    sign_in_attempt::ActiveModel {
        at: Set(crate::ist::stamp()),
        account_key: Set(keys.account.clone()),
        client_key: Set(keys.client.clone()),
        outcome: Set(outcome.to_owned()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Whether the account or the client has failed too often lately.
async fn waiting(db: &Db, keys: &Keys) -> Result<bool, DataError> {
    let since = (Utc::now() - Duration::minutes(WINDOW_MINUTES)).to_rfc3339_opts(SecondsFormat::Secs, true);
    let failures = || sign_in_attempt::Entity::find().filter(sign_in_attempt::Column::At.gt(since.clone())).filter(sign_in_attempt::Column::Outcome.is_in(FAILED));
    let by_account = failures().filter(sign_in_attempt::Column::AccountKey.eq(&keys.account)).count(db).await?;
    let by_client = failures().filter(sign_in_attempt::Column::ClientKey.eq(&keys.client)).count(db).await?;
    Ok(by_account >= ACCOUNT_FAILURES || by_client >= CLIENT_FAILURES)
}

fn wrong_password() -> Refused {
    Refused::Wrong(Message::new("staff.signInWrong"))
}

fn wait() -> Refused {
    Refused::Waiting(Message::new("staff.signInWaiting").with("minutes", WINDOW_MINUTES.to_string()))
}

/// The first step: the account whose password this is, when it may sign in.
pub async fn password(db: &Db, keys: &Keys, email: &str, typed: &str) -> Result<Result<staff_account::Model, Refused>, DataError> {
    if waiting(db, keys).await? {
        password::verify_nobody(typed);
        record(db, keys, "waiting").await?;
        return Ok(Err(wait()));
    }
    let account = accounts::by_email(db, email).await?;
    let right = match account.as_ref().and_then(|a| a.password_hash.as_deref()) {
        Some(hash) => password::verify(typed, hash),
        None => {
            password::verify_nobody(typed);
            false
        }
    };
    match account {
        Some(account) if right && account.disabled_at.is_none() => {
            record(db, keys, "password-ok").await?;
            Ok(Ok(account))
        }
        Some(account) if right => {
            record(db, keys, "disabled").await?;
            drop(account);
            Ok(Err(wrong_password()))
        }
        _ => {
            record(db, keys, "password").await?;
            Ok(Err(wrong_password()))
        }
    }
}

/// The second step: a code from the authenticator app (each used once) or one of
/// the account's recovery codes (each used once).
pub async fn second_factor(db: &Db, keys: &Keys, account_id: i32, code: &str, unix_secs: u64) -> Result<Result<(), Refused>, DataError> {
    if waiting(db, keys).await? {
        record(db, keys, "waiting").await?;
        return Ok(Err(wait()));
    }
    let wrong = || Refused::Wrong(Message::new("staff.codeWrong"));
    let Some(account) = accounts::by_id(db, account_id).await?.filter(|a| a.disabled_at.is_none()) else {
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
                record(db, keys, "ok").await?;
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
            record(db, keys, "ok-recovery").await?;
            return Ok(Ok(()));
        }
    }
    record(db, keys, "code").await?;
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

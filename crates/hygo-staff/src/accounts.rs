//! Staff accounts. There is no default account: the first admin is made with
//! `hygo staff add --role admin EMAIL`, which prints a one-time link to choose a
//! password and set up the second factor. The same functions serve the command
//! line and the admins' page.

use chrono::{Duration, SecondsFormat, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use serde_json::json;
use ts_rs::TS;

use super::hashing::Hasher;
use super::{email_key, sessions, token_hash, Role};
use crate::audit::{self, Actor, Target};
use crate::entities::{staff_account, staff_link, staff_recovery_code, staff_session};
use crate::form::{Check, Invalid, Message, WriteError};
use crate::{refs, DataError, Db};

/// How long a link to set a password stays usable.
pub const LINK_HOURS: i64 = 72;

/// An account as lists show it (never its secrets).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "StaffAccount")]
pub struct Account {
    pub id: i32,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// A password and second factor are set up.
    pub ready: bool,
    /// A password is chosen (so the set-up link was used) but the second factor
    /// not yet: set-up unfinished; a new link comes from `hygo staff reset`.
    pub half_set_up: bool,
    pub disabled: bool,
    pub created_at: String,
}

impl From<&staff_account::Model> for Account {
    fn from(a: &staff_account::Model) -> Self {
        Account {
            id: a.id,
            email: a.email.clone(),
            name: a.name.clone(),
            role: Role::parse(&a.role).unwrap_or(Role::Editor),
            ready: a.password_hash.is_some() && a.totp_last_step.is_some(),
            half_set_up: a.password_hash.is_some() && a.totp_last_step.is_none(),
            disabled: a.disabled_at.is_some(),
            created_at: a.created_at.clone(),
        }
    }
}

fn stamp_in(hours: i64) -> String {
    (Utc::now() + Duration::hours(hours)).to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Every account, by e-mail.
pub async fn list(db: &Db) -> Result<Vec<Account>, DataError> {
    Ok(staff_account::Entity::find().order_by_asc(staff_account::Column::Email).all(db).await?.iter().map(Account::from).collect())
}

pub async fn by_email(db: &impl ConnectionTrait, email: &str) -> Result<Option<staff_account::Model>, DataError> {
    Ok(staff_account::Entity::find().filter(staff_account::Column::Email.eq(email_key(email))).one(db).await?)
}

pub async fn by_id(db: &impl ConnectionTrait, id: i32) -> Result<Option<staff_account::Model>, DataError> {
    Ok(staff_account::Entity::find_by_id(id).one(db).await?)
}

/// Makes an account and its one-time setup link's token (the caller makes the
/// link: `{public_url}/staff/setup?token=…`).
pub async fn add(db: &Db, actor: &Actor, email: &str, name: &str, role: Role) -> Result<(Account, String), WriteError> {
    let mut c = Check::default();
    let email = email_key(&c.email("email", Some(email)));
    let name = c.line("name", "label.fullName", Some(if name.trim().is_empty() { &email } else { name }), 120, None);
    c.finish().map_err(WriteError::Invalid)?;
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    if by_email(&txn, &email).await?.is_some() {
        return Err(WriteError::Invalid(Invalid::field("email", Message::new("staff.emailTaken"))));
    }
    let row = staff_account::ActiveModel {
        email: Set(email.clone()),
        name: Set(name),
        role: Set(role.as_str().to_owned()),
        created_at: Set(crate::ist::stamp()),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(DataError::from)?;
    let token = issue_link(&txn, row.id, "setup").await?;
    audit::record(&txn, actor, "account-add", Target { kind: "staff-account", name: &email }, json!(null), json!({ "role": role.as_str() })).await?;
    txn.commit().await.map_err(DataError::from)?;
    Ok((Account::from(&row), token))
}

async fn issue_link(conn: &impl ConnectionTrait, account_id: i32, purpose: &str) -> Result<String, DataError> {
    // An older link of the account stops working.
    staff_link::Entity::update_many()
        .col_expr(staff_link::Column::UsedAt, sea_orm::sea_query::Expr::value(crate::ist::stamp()))
        .filter(staff_link::Column::AccountId.eq(account_id))
        .filter(staff_link::Column::UsedAt.is_null())
        .exec(conn)
        .await?;
    let token = refs::new_token();
    staff_link::ActiveModel {
        account_id: Set(account_id),
        token_hash: Set(token_hash(&token)),
        purpose: Set(purpose.to_owned()),
        expires_at: Set(stamp_in(LINK_HOURS)),
        used_at: Set(None),
        created_at: Set(crate::ist::stamp()),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(token)
}

/// The account a setup link opens, while it is unused and unexpired.
pub async fn by_link(db: &impl ConnectionTrait, token: &str) -> Result<Option<(staff_link::Model, staff_account::Model)>, DataError> {
    let now = crate::ist::stamp();
    let Some(link) = staff_link::Entity::find()
        .filter(staff_link::Column::TokenHash.eq(token_hash(token)))
        .filter(staff_link::Column::UsedAt.is_null())
        .filter(staff_link::Column::ExpiresAt.gt(now))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let account = by_id(db, link.account_id).await?.filter(|a| a.disabled_at.is_none());
    Ok(account.map(|a| (link, a)))
}

/// Starts over an account's credentials: its password, second factor, recovery
/// codes and sessions go, and a new setup link is made (a lost phone, a forgotten
/// password). Answers the link's token.
pub async fn reset(db: &Db, actor: &Actor, email: &str) -> Result<String, WriteError> {
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    let account = by_email(&txn, email).await?.ok_or_else(|| WriteError::Invalid(Invalid::field("email", Message::new("staff.noSuchAccount"))))?;
    let mut row: staff_account::ActiveModel = account.clone().into();
    row.password_hash = Set(None);
    row.totp_secret = Set(None);
    row.totp_last_step = Set(None);
    row.update(&txn).await.map_err(DataError::from)?;
    staff_recovery_code::Entity::delete_many().filter(staff_recovery_code::Column::AccountId.eq(account.id)).exec(&txn).await.map_err(DataError::from)?;
    sessions::end_all(&txn, account.id).await?;
    let token = issue_link(&txn, account.id, "reset").await?;
    audit::record(&txn, actor, "account-reset", Target { kind: "staff-account", name: &account.email }, json!(null), json!(null)).await?;
    txn.commit().await.map_err(DataError::from)?;
    Ok(token)
}

/// Disables (or enables again) an account; disabling ends its sessions at once.
pub async fn set_disabled(db: &Db, actor: &Actor, email: &str, disabled: bool) -> Result<Account, WriteError> {
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    let account = by_email(&txn, email).await?.ok_or_else(|| WriteError::Invalid(Invalid::field("email", Message::new("staff.noSuchAccount"))))?;
    if actor.id == Some(account.id) && disabled {
        return Err(WriteError::Invalid(Invalid::field("email", Message::new("staff.notYourself"))));
    }
    let before = json!({ "disabled": account.disabled_at.is_some() });
    let mut row: staff_account::ActiveModel = account.clone().into();
    row.disabled_at = Set(disabled.then(crate::ist::stamp));
    let after = row.update(&txn).await.map_err(DataError::from)?;
    if disabled {
        sessions::end_all(&txn, account.id).await?;
    }
    let action = if disabled { "account-disable" } else { "account-enable" };
    audit::record(&txn, actor, action, Target { kind: "staff-account", name: &account.email }, before, json!({ "disabled": disabled })).await?;
    txn.commit().await.map_err(DataError::from)?;
    Ok(Account::from(&after))
}

/// An admin ends another account's sessions (a lost laptop, a shared computer
/// left signed in), or with `email` None every account's: ASVS 5.0, 7.4.5.
/// Answers how many sessions ended.
pub async fn sign_out_sessions(db: &Db, actor: &Actor, email: Option<&str>) -> Result<u64, WriteError> {
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    let ended = match email {
        Some(email) => {
            let account = by_email(&txn, email).await?.ok_or_else(|| WriteError::Invalid(Invalid::field("email", Message::new("staff.noSuchAccount"))))?;
            let ended = sessions::end_all(&txn, account.id).await?;
            audit::record(&txn, actor, "account-sign-out", Target { kind: "staff-account", name: &account.email }, json!(null), json!({ "sessionsEnded": ended }))
                .await?;
            ended
        }
        None => {
            let ended = staff_session::Entity::update_many()
                .col_expr(staff_session::Column::EndedAt, sea_orm::sea_query::Expr::value(crate::ist::stamp()))
                .filter(staff_session::Column::EndedAt.is_null())
                .exec(&txn)
                .await
                .map_err(DataError::from)?
                .rows_affected;
            audit::record(&txn, actor, "sign-out-everyone", Target { kind: "staff-accounts", name: "all" }, json!(null), json!({ "sessionsEnded": ended })).await?;
            ended
        }
    };
    txn.commit().await.map_err(DataError::from)?;
    Ok(ended)
}

/// A new password checked (`password::check`) and hashed, on the hashing
/// threads: the hash, or the key of the sentence that says why it was refused.
async fn hash_new(hasher: &Hasher, password: &str, context: Vec<String>) -> Result<Result<String, &'static str>, WriteError> {
    let password = password.to_owned();
    hasher.run(move || super::password::check(&password, &context).map(|()| super::password::hash(&password))).await.map_err(|_| busy())
}

/// All the hashing threads are busy: 429, try again in a moment.
fn busy() -> WriteError {
    WriteError::Busy(Message::new("staff.signInBusy"))
}

/// The words a password of this account must not be made of, besides the
/// clinic's (`password::check`): its address and name, whole and in parts,
/// and the other staff members' names.
async fn context(db: &impl ConnectionTrait, account: &staff_account::Model) -> Result<Vec<String>, WriteError> {
    let others = staff_account::Entity::find().filter(staff_account::Column::Id.ne(account.id)).all(db).await.map_err(DataError::from)?;
    let mut words = super::password::words_of(&account.email, &account.name);
    words.extend(super::password::colleagues_words(others.iter().map(|o| o.name.as_str())));
    Ok(words)
}

/// Step one of a setup link: the new password (checked: `password::check`). The
/// account gets a new TOTP secret, not yet confirmed; the link is used up, and
/// the session `next` starts, in the same transaction. Answers the account and
/// the session's token.
pub async fn choose_password(db: &Db, hasher: &Hasher, token: &str, new_password: &str, next: &sessions::Step) -> Result<(staff_account::Model, String), WriteError> {
    let expired = || WriteError::Invalid(Invalid::field("token", Message::new("staff.linkExpired")));
    // Checked and hashed on the hashing threads, before the write begins, so no
    // write lock is held while they work.
    let (_, account) = by_link(db, token).await?.ok_or_else(expired)?;
    let hashed = hash_new(hasher, new_password, context(db, &account).await?).await?.map_err(|key| WriteError::Invalid(Invalid::field("password", password_message(key))))?;
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    let (link, account) = by_link(&txn, token).await?.filter(|(_, a)| a.id == account.id).ok_or_else(expired)?;
    let mut used: staff_link::ActiveModel = link.into();
    used.used_at = Set(Some(crate::ist::stamp()));
    used.update(&txn).await.map_err(DataError::from)?;
    let mut row: staff_account::ActiveModel = account.clone().into();
    row.password_hash = Set(Some(hashed));
    row.password_changed_at = Set(Some(crate::ist::stamp()));
    row.totp_secret = Set(Some(super::totp::new_secret()));
    row.totp_last_step = Set(None);
    let saved = row.update(&txn).await.map_err(DataError::from)?;
    audit::record(&txn, &Actor::staff(account.id, &account.email), "password-set", Target { kind: "staff-account", name: &account.email }, json!(null), json!(null)).await?;
    let session = sessions::advance_in(&txn, account.id, &account.email, next).await?;
    txn.commit().await.map_err(DataError::from)?;
    Ok((saved, session))
}

/// A password refusal's message, with its figures.
pub fn password_message(key: &'static str) -> Message {
    Message::new(key).with("min", super::password::MIN_CHARS.to_string()).with("max", super::password::MAX_CHARS.to_string())
}

/// Step two: the first code from the authenticator app confirms the second
/// factor; the account gets new recovery codes, answered once, in clear, and
/// the session `next` starts, in the same transaction (the codes are never
/// kept without a session to show them in). Answers the codes and its token.
pub async fn confirm_totp(db: &Db, account_id: i32, code: &str, unix_secs: u64, next: &sessions::Step) -> Result<(Vec<String>, String), WriteError> {
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    let account = by_id(&txn, account_id).await?.ok_or_else(|| WriteError::Invalid(Invalid::field("code", Message::new("staff.codeWrong"))))?;
    let step = account
        .totp_secret
        .as_deref()
        .and_then(|secret| super::totp::verify(secret, code, unix_secs, account.totp_last_step))
        .ok_or_else(|| WriteError::Invalid(Invalid::field("code", Message::new("staff.codeWrong"))))?;
    let mut row: staff_account::ActiveModel = account.clone().into();
    row.totp_last_step = Set(Some(step));
    row.update(&txn).await.map_err(DataError::from)?;
    let codes = new_recovery_codes(&txn, account.id).await?;
    audit::record(&txn, &Actor::staff(account.id, &account.email), "second-factor-set", Target { kind: "staff-account", name: &account.email }, json!(null), json!(null)).await?;
    let session = sessions::advance_in(&txn, account.id, &account.email, next).await?;
    txn.commit().await.map_err(DataError::from)?;
    Ok((codes, session))
}

async fn new_recovery_codes(conn: &impl ConnectionTrait, account_id: i32) -> Result<Vec<String>, DataError> {
    staff_recovery_code::Entity::delete_many().filter(staff_recovery_code::Column::AccountId.eq(account_id)).exec(conn).await?;
    let codes = super::recovery::generate();
    for code in &codes {
        staff_recovery_code::ActiveModel {
            account_id: Set(account_id),
            code_hash: Set(super::recovery::hash(code).expect("a generated code is a code")),
            used_at: Set(None),
            ..Default::default()
        }
        .insert(conn)
        .await?;
    }
    Ok(codes)
}

/// Changes a signed-in account's password: only with the current one. Other
/// sessions of the account end; `keep` (the one asking) stays.
pub async fn change_password(db: &Db, hasher: &Hasher, account_id: i32, keep: i32, current: &str, new_password: &str) -> Result<(), WriteError> {
    let account = by_id(db, account_id).await?.ok_or_else(|| WriteError::Invalid(Invalid::field("current", Message::new("staff.currentWrong"))))?;
    let (stored, typed) = (account.password_hash.clone(), current.to_owned());
    let known = hasher.run(move || stored.is_some_and(|hash| super::password::verify(&typed, &hash))).await.map_err(|_| busy())?;
    let hashed = hash_new(hasher, new_password, context(db, &account).await?).await?;
    let mut c = Check::default();
    if !known {
        c.fail("current", Message::new("staff.currentWrong"));
    }
    if let Err(key) = &hashed {
        c.fail("password", password_message(key));
    }
    c.finish().map_err(WriteError::Invalid)?;
    let hashed = hashed.unwrap_or_default();
    let txn = crate::db::begin_write(db).await.map_err(DataError::from)?;
    let mut row: staff_account::ActiveModel = account.clone().into();
    row.password_hash = Set(Some(hashed));
    row.password_changed_at = Set(Some(crate::ist::stamp()));
    row.update(&txn).await.map_err(DataError::from)?;
    staff_session::Entity::update_many()
        .col_expr(staff_session::Column::EndedAt, sea_orm::sea_query::Expr::value(crate::ist::stamp()))
        .filter(staff_session::Column::AccountId.eq(account.id))
        .filter(staff_session::Column::Id.ne(keep))
        .filter(staff_session::Column::EndedAt.is_null())
        .exec(&txn)
        .await
        .map_err(DataError::from)?;
    audit::record(&txn, &Actor::staff(account.id, &account.email), "password-change", Target { kind: "staff-account", name: &account.email }, json!(null), json!(null)).await?;
    txn.commit().await.map_err(DataError::from)?;
    Ok(())
}

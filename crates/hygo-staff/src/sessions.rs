//! Staff sessions (OWASP ASVS 5.0, V7): a random token of 130 bits in a cookie
//! (`__Host-` prefixed, `HttpOnly`, `Secure`, `SameSite=Strict`: `src/staff/guard.rs`),
//! its SHA-256 in the database. A new token at each step of signing in; an idle
//! timeout and an absolute lifetime (`Lifetimes`, settings); ended by sign-out,
//! by "sign out everywhere", by a password change or a disabled account, at once
//! on every instance, since every request reads the row.

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use serde_json::{json, Value};
use ts_rs::TS;

use super::{token_hash, Role};
use crate::entities::{staff_account, staff_session};
use crate::audit::{self, Actor, Target};
use crate::{refs, DataError, Db};

/// The cookie's name: `__Host-` makes browsers refuse it unless it is `Secure`,
/// has `Path=/` and no `Domain`, so no other host can set or read it.
pub const COOKIE: &str = "__Host-hygo-staff";

/// How long a session lasts (the settings `HYGO_STAFF_IDLE_MINUTES`, `HYGO_STAFF_SESSION_HOURS`).
#[derive(Debug, Clone, Copy)]
pub struct Lifetimes {
    pub idle: Duration,
    pub absolute: Duration,
}

/// A session between the password and the second factor lasts this long at most.
pub(crate) const PENDING_MINUTES: i64 = 10;

/// How far signing in has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "SessionStage")]
pub enum Stage {
    /// The password was right; a code from the authenticator app is still to come.
    Password,
    /// A new account's password is set; its second factor is still to set up.
    Enrol,
    /// Signed in.
    Full,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Password => "password",
            Stage::Enrol => "enrol",
            Stage::Full => "full",
        }
    }

    fn parse(text: &str) -> Option<Stage> {
        [Stage::Password, Stage::Enrol, Stage::Full].into_iter().find(|s| s.as_str() == text)
    }
}

/// The session of a request, and who it is.
#[derive(Debug, Clone)]
pub struct Current {
    pub session_id: i32,
    pub account_id: i32,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub stage: Stage,
    /// The anti-forgery token its writes must carry.
    pub csrf: String,
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Starts a session; answers its token (for the cookie, never stored).
pub async fn start(conn: &impl ConnectionTrait, account_id: i32, stage: Stage, device: &str, lifetimes: Lifetimes, now: DateTime<Utc>) -> Result<String, DataError> {
    let token = refs::new_token();
    let lasts = match stage {
        Stage::Full => lifetimes.absolute,
        Stage::Password | Stage::Enrol => Duration::minutes(PENDING_MINUTES),
    };
    staff_session::ActiveModel {
        token_hash: Set(token_hash(&token)),
        account_id: Set(account_id),
        stage: Set(stage.as_str().to_owned()),
        csrf_token: Set(refs::new_token()),
        created_at: Set(stamp(now)),
        last_seen_at: Set(stamp(now)),
        expires_at: Set(stamp(now + lasts)),
        device: Set(device.chars().take(120).collect()),
        ended_at: Set(None),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(token)
}

/// When each session was last used on this instance: the true last use, which
/// the database has only to within `WRITE_EVERY` of the idle timeout (so that a
/// busy console is not a write per request). One per server process.
#[derive(Debug, Default)]
pub struct Uses {
    last: std::sync::Mutex<std::collections::HashMap<i32, DateTime<Utc>>>,
}

impl Uses {
    fn get(&self, session_id: i32) -> Option<DateTime<Utc>> {
        self.last.lock().ok().and_then(|m| m.get(&session_id).copied())
    }

    /// Records a use; forgets sessions idle for longer than `idle` (they are over).
    fn set(&self, session_id: i32, at: DateTime<Utc>, idle: Duration) {
        if let Ok(mut m) = self.last.lock() {
            if m.len() > 1024 {
                m.retain(|_, used| at - *used <= idle);
            }
            m.insert(session_id, at);
        }
    }
}

/// The stored last use is written again once it is older than this part of the
/// idle timeout (a twentieth: 90 seconds of 30 minutes). Another instance may
/// then count a session's idle time from up to that much before its true last use.
pub(crate) const WRITE_EVERY: i32 = 20;

fn parse(stamp: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(stamp).ok().map(|t| t.with_timezone(&Utc))
}

/// The live session of a cookie's token at `now`: not ended, within its
/// lifetime, used within the idle timeout, of an account that is not disabled.
/// Idle time counts from the session's last use: this instance's own record of
/// it (`uses`) or the database's, whichever is later. The use is recorded in
/// `uses`, and in the database when the stored one is older than a twentieth of
/// the idle timeout (`WRITE_EVERY`).
pub async fn current(db: &Db, token: &str, lifetimes: Lifetimes, now: DateTime<Utc>, uses: &Uses) -> Result<Option<Current>, DataError> {
    let Some(session) = staff_session::Entity::find()
        .filter(staff_session::Column::TokenHash.eq(token_hash(token)))
        .filter(staff_session::Column::EndedAt.is_null())
        .filter(staff_session::Column::ExpiresAt.gt(stamp(now)))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let stored = parse(&session.last_seen_at).unwrap_or(now);
    let last_use = uses.get(session.id).map_or(stored, |used| used.max(stored));
    if now - last_use > lifetimes.idle {
        return Ok(None);
    }
    let Some(account) = staff_account::Entity::find_by_id(session.account_id).one(db).await? else { return Ok(None) };
    let (Some(role), Some(stage)) = (Role::parse(&account.role), Stage::parse(&session.stage)) else { return Ok(None) };
    if account.disabled_at.is_some() {
        return Ok(None);
    }
    uses.set(session.id, now, lifetimes.idle);
    if now - stored > lifetimes.idle / WRITE_EVERY {
        staff_session::Entity::update_many()
            .col_expr(staff_session::Column::LastSeenAt, Expr::value(stamp(now)))
            .filter(staff_session::Column::Id.eq(session.id))
            .exec(db)
            .await?;
    }
    Ok(Some(Current {
        session_id: session.id,
        account_id: account.id,
        email: account.email,
        name: account.name,
        role,
        stage,
        csrf: session.csrf_token,
    }))
}

/// The session the next step of signing in starts.
#[derive(Debug, Clone)]
pub struct Step {
    /// The session of the step before, which ends.
    pub ended: Option<i32>,
    pub stage: Stage,
    /// The browser, as its owner will recognise it ("Chrome on Android").
    pub device: String,
    pub lifetimes: Lifetimes,
    /// When it starts (`ist::Clock::real`).
    pub now: DateTime<Utc>,
}

/// Moves signing in on: ends the session of the step before, if any, and starts
/// one at the step's stage; signing in the whole way is written to the audit
/// log. Call it inside the transaction of what the step changed (a password
/// set, a second factor confirmed), so that both happen or neither. Answers the
/// new session's token (a new one at each step: ASVS 7.2.4).
pub(crate) async fn advance_in(conn: &impl ConnectionTrait, account_id: i32, email: &str, step: &Step) -> Result<String, DataError> {
    if let Some(id) = step.ended {
        end(conn, id).await?;
    }
    let token = start(conn, account_id, step.stage, &step.device, step.lifetimes, step.now).await?;
    if step.stage == Stage::Full {
        let who = Actor::staff(account_id, email);
        audit::record(conn, &who, "sign-in", Target { kind: "staff-account", name: email }, Value::Null, json!({ "device": step.device })).await?;
    }
    Ok(token)
}

/// `advance_in`, in a transaction of its own (the password step, the code step).
pub async fn advance(db: &Db, account_id: i32, email: &str, step: &Step) -> Result<String, DataError> {
    let txn = crate::db::begin_write(db).await?;
    let token = advance_in(&txn, account_id, email, step).await?;
    txn.commit().await?;
    Ok(token)
}

/// Which of one's own sessions to end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The session of the request (signing out).
    This,
    /// Others of one's own, from the list (this one is never among them).
    These(Vec<i32>),
    /// Every one, this too ("sign out everywhere").
    All,
}

/// Ends one's own sessions as asked, with its audit row, in one transaction.
/// False when the session named is not theirs or has ended already.
pub async fn sign_out(db: &Db, current: &Current, ending: Ending) -> Result<bool, DataError> {
    let txn = crate::db::begin_write(db).await?;
    let own = || {
        staff_session::Entity::update_many()
            .col_expr(staff_session::Column::EndedAt, Expr::value(crate::ist::stamp()))
            .filter(staff_session::Column::AccountId.eq(current.account_id))
            .filter(staff_session::Column::EndedAt.is_null())
    };
    let (action, ended) = match ending {
        Ending::This => ("sign-out", own().filter(staff_session::Column::Id.eq(current.session_id)).exec(&txn).await?.rows_affected),
        Ending::These(ids) => {
            let others = own().filter(staff_session::Column::Id.is_in(ids)).filter(staff_session::Column::Id.ne(current.session_id));
            ("session-end", others.exec(&txn).await?.rows_affected)
        }
        Ending::All => ("sign-out-everywhere", end_all(&txn, current.account_id).await?),
    };
    if ended == 0 {
        return Ok(false);
    }
    let who = Actor::staff(current.account_id, &current.email);
    let after = json!({ "sessionsEnded": ended });
    audit::record(&txn, &who, action, Target { kind: "staff-account", name: &current.email }, Value::Null, after).await?;
    txn.commit().await?;
    Ok(true)
}

/// Ends one session.
pub async fn end(conn: &impl ConnectionTrait, session_id: i32) -> Result<(), DataError> {
    staff_session::Entity::update_many()
        .col_expr(staff_session::Column::EndedAt, Expr::value(crate::ist::stamp()))
        .filter(staff_session::Column::Id.eq(session_id))
        .filter(staff_session::Column::EndedAt.is_null())
        .exec(conn)
        .await?;
    Ok(())
}

/// How long a form posted into a timed-out session is kept (`keep_form`).
pub const KEPT_FOR_MINUTES: i64 = 60;

/// Keeps a form posted into the session of `token` after that session timed out
/// (issue 44: a booking half typed when the idle timeout passed was lost):
/// `form` (the page to show it on, `path`, and what was typed, `values`) is
/// stored on the session's own row, never in an address or a cookie, for the
/// same account to find once signed in again (`take_kept`). Only for a session
/// signed in the whole way, within a day of its start, and over by time alone:
/// one ended by signing out, a password change or a disabled account keeps
/// nothing. Answers whether it was kept.
pub async fn keep_form(db: &Db, token: &str, form: &Value, now: DateTime<Utc>) -> Result<bool, DataError> {
    let kept = staff_session::Entity::update_many()
        .col_expr(staff_session::Column::KeptForm, Expr::value(form.to_string()))
        .col_expr(staff_session::Column::KeptAt, Expr::value(stamp(now)))
        .filter(staff_session::Column::TokenHash.eq(token_hash(token)))
        .filter(staff_session::Column::Stage.eq(Stage::Full.as_str()))
        .filter(staff_session::Column::EndedAt.is_null())
        .filter(staff_session::Column::CreatedAt.gt(stamp(now - Duration::days(1))))
        .exec(db)
        .await?;
    Ok(kept.rows_affected > 0)
}

/// The values of the form kept for `account_id` to show on `path` (its page,
/// with its query), kept within `KEPT_FOR_MINUTES`; taken: shown once, then
/// forgotten.
pub async fn take_kept(db: &Db, account_id: i32, path: &str, now: DateTime<Utc>) -> Result<Option<Value>, DataError> {
    let fresh = stamp(now - Duration::minutes(KEPT_FOR_MINUTES));
    let rows = staff_session::Entity::find()
        .filter(staff_session::Column::AccountId.eq(account_id))
        .filter(staff_session::Column::KeptForm.is_not_null())
        .order_by_desc(staff_session::Column::KeptAt)
        .all(db)
        .await?;
    let kept = |row: &staff_session::Model| row.kept_form.as_deref().and_then(|f| serde_json::from_str::<Value>(f).ok());
    let Some((id, form)) = rows
        .iter()
        .filter(|r| r.kept_at.as_deref().is_some_and(|at| at > fresh.as_str()))
        .filter_map(|r| kept(r).map(|f| (r.id, f)))
        .find(|(_, f)| f.get("path").and_then(Value::as_str) == Some(path))
    else {
        return Ok(None);
    };
    // Taken by one request only: the row that still holds it.
    let taken = staff_session::Entity::update_many()
        .col_expr(staff_session::Column::KeptForm, Expr::value(Option::<String>::None))
        .col_expr(staff_session::Column::KeptAt, Expr::value(Option::<String>::None))
        .filter(staff_session::Column::Id.eq(id))
        .filter(staff_session::Column::KeptForm.is_not_null())
        .exec(db)
        .await?;
    Ok((taken.rows_affected > 0).then(|| form.get("values").cloned()).flatten())
}

/// Forgets the forms kept for longer than `KEPT_FOR_MINUTES` (what a patient
/// told the desk is not held for nobody); answers how many.
pub async fn forget_kept(db: &Db, now: DateTime<Utc>) -> Result<u64, DataError> {
    Ok(staff_session::Entity::update_many()
        .col_expr(staff_session::Column::KeptForm, Expr::value(Option::<String>::None))
        .col_expr(staff_session::Column::KeptAt, Expr::value(Option::<String>::None))
        .filter(staff_session::Column::KeptForm.is_not_null())
        .filter(staff_session::Column::KeptAt.lte(stamp(now - Duration::minutes(KEPT_FOR_MINUTES))))
        .exec(db)
        .await?
        .rows_affected)
}

/// One of a person's own sessions, as their list shows it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "OwnSession")]
pub struct Own {
    pub id: i32,
    pub device: String,
    pub created_at: String,
    pub last_seen_at: String,
    /// The session this list is shown in.
    pub this: bool,
}

/// The live sessions of an account, newest first.
pub async fn own(db: &Db, current: &Current, lifetimes: Lifetimes, now: DateTime<Utc>) -> Result<Vec<Own>, DataError> {
    let rows = staff_session::Entity::find()
        .filter(staff_session::Column::AccountId.eq(current.account_id))
        .filter(staff_session::Column::EndedAt.is_null())
        .filter(staff_session::Column::Stage.eq(Stage::Full.as_str()))
        .filter(staff_session::Column::ExpiresAt.gt(stamp(now)))
        .filter(staff_session::Column::LastSeenAt.gt(stamp(now - lifetimes.idle)))
        .order_by_desc(staff_session::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|s| Own { this: s.id == current.session_id, id: s.id, device: s.device, created_at: s.created_at, last_seen_at: s.last_seen_at })
        .collect())
}

/// Ends every session of an account (its own "sign out everywhere", a reset, a disable).
pub(crate) async fn end_all(conn: &impl ConnectionTrait, account_id: i32) -> Result<u64, DataError> {
    Ok(staff_session::Entity::update_many()
        .col_expr(staff_session::Column::EndedAt, sea_orm::sea_query::Expr::value(crate::ist::stamp()))
        .filter(staff_session::Column::AccountId.eq(account_id))
        .filter(staff_session::Column::EndedAt.is_null())
        .exec(conn)
        .await?
        .rows_affected)
}

//! The clinic's staff: accounts, sign-in with a password and a second factor,
//! sessions kept in the database (docs/security.md, "Staff sign-in").
//!
//! - `accounts`: made on the command line (`hygo staff add`) or by an admin, each
//!   with a one-time link to choose a password and set up the second factor;
//! - `sign_in`: the password, then a code from the authenticator app (or a
//!   recovery code), with failed attempts limited per account and per client;
//! - `sessions`: a random token in a `__Host-` cookie, its hash in the database,
//!   so ending one (sign-out, "sign out everywhere", a disabled account) takes
//!   effect at once on every instance.

// The lower crate's modules this one's code names through `crate::`.
use hygo_core::{audit, db, entities, form, ist, refs, secrets, DataError, Db};

pub mod accounts;
pub mod hashing;
pub mod password;
mod recovery;
pub mod sessions;
pub mod sign_in;
pub mod totp;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What a member of staff may do. Checked on the server for every staff route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "StaffRole")]
pub enum Role {
    /// Everything the desk does, and staff accounts, and the audit log.
    Admin,
    /// Appointment requests, health-card requests and contact messages.
    Desk,
    /// The site's content only; no patient data.
    Editor,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Admin, Role::Desk, Role::Editor];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Desk => "desk",
            Role::Editor => "editor",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

/// SHA-256, hex: how tokens (sessions, links) are kept, so that reading the
/// database gives no usable one. The tokens carry 130 random bits: a fast hash
/// is enough.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// An e-mail address as accounts are keyed: trimmed, lower case.
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

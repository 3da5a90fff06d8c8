//! Share links of a revision: `/preview/{token}`, where the token names the
//! share's row, the revision and when it expires, signed with a server key
//! (HMAC-SHA256, `hygo_core::secrets`, the same on every instance). A link is
//! honoured while its signature holds, its time has not passed and its row is
//! neither revoked nor gone; an altered link fails its signature.

use chrono::{DateTime, TimeZone, Utc};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The name of the key in the `secrets` table.
pub const KEY: &str = "content-share";

/// How long a link works unless the editor says otherwise (issue 28: 48 hours).
pub const DEFAULT_HOURS: i64 = 48;
/// The longest an editor may ask for (a fortnight).
pub const MAX_HOURS: i64 = 14 * 24;

/// What a token names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    pub share: i32,
    pub revision: i32,
    pub expires: DateTime<Utc>,
}

fn signature(key: &[u8], share: i32, revision: i32, expires: i64) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(format!("content-share:{share}:{revision}:{expires}").as_bytes());
    mac
}

/// The token of a share.
pub fn token(key: &[u8], named: Named) -> String {
    let expires = named.expires.timestamp();
    let sig = signature(key, named.share, named.revision, expires).finalize().into_bytes();
    format!("{}.{}.{}.{}", named.share, named.revision, expires, hygo_core::secrets::hex(&sig))
}

/// What a token names, when its signature holds (not yet whether it expired
/// or was revoked: the caller asks the clock and the row).
pub fn read(key: &[u8], token: &str) -> Option<Named> {
    let mut parts = token.split('.');
    let share = parts.next()?.parse::<i32>().ok()?;
    let revision = parts.next()?.parse::<i32>().ok()?;
    let expires = parts.next()?.parse::<i64>().ok()?;
    let sig = hygo_core::secrets::unhex(parts.next()?)?;
    if parts.next().is_some() {
        return None;
    }
    signature(key, share, revision, expires).verify_slice(&sig).ok()?;
    let expires = Utc.timestamp_opt(expires, 0).single()?;
    let named = Named { share, revision, expires };
    // One spelling only (issue 44: `+3`, `03` and upper-case hex read as the same link).
    (self::token(key, named) == token).then_some(named)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_back_and_an_altered_one_does_not() {
        let key = [7u8; 32];
        let named = Named { share: 3, revision: 41, expires: Utc.timestamp_opt(1_900_000_000, 0).unwrap() };
        let token = token(&key, named);
        assert_eq!(read(&key, &token), Some(named));
        let other = token.replacen("3.41.", "3.42.", 1);
        assert_eq!(read(&key, &other), None, "another revision");
        for spelling in [format!("+{token}"), format!("0{token}"), token.replacen("3.41.", "3.041.", 1), token.to_uppercase()] {
            assert_eq!(read(&key, &spelling), None, "one spelling only: {spelling}");
        }
        let later = token.replacen("1900000000", "1900000001", 1);
        assert_eq!(read(&key, &later), None, "a later expiry");
        assert_eq!(read(&[8u8; 32], &token), None, "another key");
        assert_eq!(read(&key, &format!("{token}.x")), None);
        assert_eq!(read(&key, "nonsense"), None);
    }
}

//! Against programs that post the plain HTML forms (visitors without JavaScript,
//! `actions::Channel::Form`; the JSON API is not concerned):
//! - a honeypot: a field people do not see and leave empty (`HONEYPOT`, visually
//!   hidden, out of the tab order and of the accessibility tree, labelled "leave
//!   this empty"), which form-filling programs fill in;
//! - a minimum time to fill the form: the pages that carry a form that writes get
//!   a token in their props (`formToken`), the instant it was issued signed with a
//!   server key (HMAC-SHA256, `hmac` and `sha2` crates; the key is random, made
//!   once and kept in the database so every instance shares it: `hygo_core::secrets`).
//!   A post must bring it back at least `HYGO_FORM_MIN_SECONDS` after that instant
//!   and within `MAX_AGE_SECS`. The newsletter's form, in every page's footer, gets
//!   the honeypot only: its double opt-in is the check.
//!
//! Pages are kept rendered; one with a token is kept by its props
//! (`pages::Keep::ByProps`), and the token changes once per `SLOT_SECS`, so such a
//! page is rendered at most once per slot. The token names the start of its slot,
//! never an instant after the page was sent (issue 43): the wait is measured from
//! when the page was shown or a little before, so a person is never refused for a
//! wait they made (a program gains at most `SLOT_SECS`); and the refusal shows the
//! form's own problems with it (`actions::Action::check`).
//!
//! A wizard carries the token of its first page through its steps (the steps are
//! pages too, with tokens of their own), so the wait counts from the first step.

use actix_web::http::StatusCode;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::error::ApiError;
use crate::state::AppState;

/// The honeypot's field name.
pub const HONEYPOT: &str = "website";
/// The token's field name.
pub const TOKEN: &str = "formIssued";
/// Tokens change once per slot of this many seconds.
pub const SLOT_SECS: i64 = 2;
/// A token older than this is refused (a form left open for a day).
pub const MAX_AGE_SECS: i64 = 86_400;
/// The pages whose form may write and so carries a token: the health-card request,
/// the contact form and the two booking wizards.
pub const PAGES: &[&str] = &["subscription", "contact", "appointment", "doctor-appointment"];

/// The server's key (`hygo_core::secrets`), read once per process.
pub async fn server_key(state: &AppState) -> Result<&[u8], hygo_core::DataError> {
    let key = state.server_key.get_or_try_init(|| hygo_core::secrets::key(&state.db, "server")).await?;
    Ok(key.as_slice())
}

/// HMAC-SHA256 of `parts` under `key`, each part ended by a NUL so that no two
/// lists of parts sign the same bytes. `purpose` keeps the uses of the key apart.
pub fn sign(key: &[u8], purpose: &str, parts: &[&[u8]]) -> [u8; 32] {
    mac(key, purpose, parts).finalize().into_bytes().into()
}

fn mac(key: &[u8], purpose: &str, parts: &[&[u8]]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    for part in std::iter::once(purpose.as_bytes()).chain(parts.iter().copied()) {
        mac.update(part);
        mac.update(&[0]);
    }
    mac
}

/// "Now" in Unix seconds, from the app's clock (fixed in tests).
pub fn unix_now(state: &AppState) -> i64 {
    let now = state.clock.now();
    now.and_utc().timestamp() - i64::from(hygo_core::ist::offset().local_minus_utc())
}

/// The token a page issued at `now` carries: the start of the slot, and its signature.
pub fn issue(key: &[u8], now: i64) -> String {
    let issued = now.div_euclid(SLOT_SECS) * SLOT_SECS;
    format!("{issued}.{}", hygo_core::secrets::hex(&sign(key, "form-issued", &[issued.to_string().as_bytes()])))
}

/// The token of a page, for the pages that carry one.
pub async fn for_page(state: &AppState, page: &str) -> Result<Option<String>, hygo_core::DataError> {
    if !PAGES.contains(&page) {
        return Ok(None);
    }
    Ok(Some(issue(server_key(state).await?, unix_now(state))))
}

/// What a token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// Absent, not ours, or older than `MAX_AGE_SECS`.
    Invalid,
    /// Ours, issued this many seconds ago (negative: the slot has not ended yet).
    Issued(i64),
}

/// Reads a token at `now`.
pub fn read(key: &[u8], token: &str, now: i64) -> Token {
    let Some((issued, signature)) = token.split_once('.') else {
        return Token::Invalid;
    };
    let Ok(at) = issued.parse::<i64>() else {
        return Token::Invalid;
    };
    // Compared in constant time.
    let genuine = hygo_core::secrets::unhex(signature).is_some_and(|b| mac(key, "form-issued", &[issued.as_bytes()]).verify_slice(&b).is_ok());
    let age = now - at;
    if !genuine || at.to_string() != issued || age > MAX_AGE_SECS || age < -SLOT_SECS {
        return Token::Invalid;
    }
    Token::Issued(age)
}

/// What a form post brought besides its fields.
pub struct Posted {
    /// Something in the honeypot.
    honeypot: bool,
    /// The token as sent, and what it says.
    token: Option<(String, Token)>,
}

impl Posted {
    /// Reads the honeypot and the token of a form post's body.
    pub async fn read(state: &AppState, body: &[u8]) -> Result<Self, ApiError> {
        let (mut honeypot, mut token) = (false, None);
        for (name, value) in form_urlencoded::parse(body) {
            if name == HONEYPOT {
                honeypot |= !value.trim().is_empty();
            } else if name == TOKEN && token.is_none() {
                token = Some(value.into_owned());
            }
        }
        let token = match token {
            Some(t) => {
                let read = read(server_key(state).await?, &t, unix_now(state));
                Some((t, read))
            }
            None => None,
        };
        Ok(Self { honeypot, token })
    }

    /// The token to carry into the page answered (a wizard's next step, a refused
    /// form): the one sent when it is ours and not too old, so that the wait runs
    /// from the first page; else none, and the page issues a fresh one.
    pub fn carried(&self) -> Option<&str> {
        match &self.token {
            Some((t, Token::Issued(_))) => Some(t),
            _ => None,
        }
    }

    /// Refuses (422) a post with the honeypot filled, or, when `timed`, without a
    /// valid token or sooner than `min_secs` after it was issued.
    pub fn check(&self, timed: bool, min_secs: u64) -> Result<(), ApiError> {
        let refuse = |key| Err(ApiError::said(StatusCode::UNPROCESSABLE_ENTITY, hygo_core::form::Message::new(key)));
        if self.honeypot {
            return refuse("form.honeypot");
        }
        if !timed {
            return Ok(());
        }
        match self.token {
            None | Some((_, Token::Invalid)) => refuse("form.expired"),
            Some((_, Token::Issued(age))) if min_secs > 0 && age < min_secs as i64 => refuse("form.tooFast"),
            Some(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hygo_content::message;

    const KEY: &[u8] = b"a key for the tests, 32 bytes ok";

    #[test]
    fn a_token_is_read_back_with_its_age() {
        let token = issue(KEY, 1_000_001);
        // Issued for the start of its slot: never after the page was sent.
        assert!(token.starts_with("1000000."), "{token}");
        assert_eq!(read(KEY, &token, 1_000_001), Token::Issued(1));
        assert_eq!(read(KEY, &token, 1_000_003), Token::Issued(3), "3 s after it was shown is 3 s, never less");
        assert_eq!(read(KEY, &token, 1_000_000 + MAX_AGE_SECS), Token::Issued(MAX_AGE_SECS));
    }

    #[test]
    fn forged_altered_foreign_and_old_tokens_are_invalid() {
        let token = issue(KEY, 1_000_000);
        let (at, signature) = token.split_once('.').unwrap();
        let earlier = format!("{}.{signature}", at.parse::<i64>().unwrap() - 100);
        let other_key = issue(b"another key, also thirty-two byte", 1_000_000);
        for bad in [
            "",
            "1000000",
            "1000000.",
            "abc.12",
            &earlier,
            &other_key,
            &format!("0{token}"),
            &format!("{token}00"),
        ] {
            assert_eq!(read(KEY, bad, 1_000_010), Token::Invalid, "{bad:?}");
        }
        assert_eq!(read(KEY, &token, 1_000_001 + MAX_AGE_SECS), Token::Invalid, "older than a day");
        assert_eq!(read(KEY, &token, 1_000_000 - 60), Token::Invalid, "issued in the future");
    }

    #[test]
    fn checks_refuse_the_honeypot_a_missing_token_and_haste() {
        let posted = |honeypot, token: Option<Token>| Posted { honeypot, token: token.map(|t| ("t".to_owned(), t)) };
        let status = |r: Result<(), ApiError>| r.err().map(|e| (e.status.as_u16(), e.message));
        assert_eq!(status(posted(false, Some(Token::Issued(3))).check(true, 3)), None);
        assert_eq!(status(posted(false, None).check(false, 3)), None, "untimed: the newsletter");
        assert_eq!(status(posted(true, None).check(false, 3)), Some((422, message("form.honeypot").to_owned())));
        assert_eq!(status(posted(false, None).check(true, 3)), Some((422, message("form.expired").to_owned())));
        assert_eq!(status(posted(false, Some(Token::Invalid)).check(true, 3)), Some((422, message("form.expired").to_owned())));
        assert_eq!(status(posted(false, Some(Token::Issued(2))).check(true, 3)), Some((422, message("form.tooFast").to_owned())));
        assert_eq!(status(posted(false, Some(Token::Issued(-1))).check(true, 0)), None, "no wait asked");
    }
}

//! Public references and private tokens, both from the operating system's random
//! numbers (`getrandom`), never from a row's id: an id counts the clinic's
//! requests, and anyone who sends two would read its volume from them.
//!
//! - A **reference** names a stored request to people: the visitor may read it out
//!   on the phone, staff look it up. Eight symbols of Crockford's base32 (no I, L,
//!   O or U, so nothing is misread), 40 bits, shown grouped: `HY-7K3M-Q9TD`. It
//!   opens nothing by itself, so 40 bits are enough to be unguessable in practice;
//!   a unique index makes two requests never share one (a clash is retried).
//! - A **token** is a key in an address (a confirmation page, a newsletter link):
//!   26 symbols, 130 bits, lower case.
//! - A **visit code** is the key of a patient's manage-my-visit link, short
//!   enough for an SMS: 12 symbols, 60 bits, lower case; the page it opens is
//!   rate-limited, so guessing one is pointless (docs/security.md).
//!
//! Each symbol is one random byte's low five bits: 32 divides 256, so every symbol
//! is equally likely and no encoding crate is needed.

use sea_orm::DbErr;

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Symbols of a reference, after `HY-`.
pub(crate) const REFERENCE_SYMBOLS: usize = 8;

fn symbols(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the operating system provides random bytes");
    bytes.iter().map(|b| CROCKFORD[usize::from(b & 31)] as char).collect()
}

/// A new reference, `HY-7K3M-Q9TD`.
pub fn new_reference() -> String {
    let s = symbols(REFERENCE_SYMBOLS);
    format!("HY-{}-{}", &s[..4], &s[4..])
}

/// A new token for an address: 130 random bits.
pub fn new_token() -> String {
    symbols(26).to_ascii_lowercase()
}

/// Symbols of a visit code (`new_visit_code`).
pub(crate) const VISIT_CODE_SYMBOLS: usize = 12;

/// A new code for a patient's manage-my-visit link (`/v/{code}`): 60 random
/// bits, short enough for an SMS's link, lower case.
pub fn new_visit_code() -> String {
    symbols(VISIT_CODE_SYMBOLS).to_ascii_lowercase()
}

/// Whether `text` has the form of a visit code (before any lookup).
pub fn is_visit_code(text: &str) -> bool {
    text.len() == VISIT_CODE_SYMBOLS && text.bytes().all(|b| b.is_ascii_digit() || (b.is_ascii_lowercase() && CROCKFORD.contains(&b.to_ascii_uppercase())))
}

/// A reference as a person may type it (lower case, without the hyphens or the
/// `HY`, with O for 0 and I or L for 1), in its stored form; None when it cannot
/// be one.
pub fn normalize_reference(text: &str) -> Option<String> {
    let mut clean: String = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_uppercase();
    if clean.len() == REFERENCE_SYMBOLS + 2 && clean.starts_with("HY") {
        clean.drain(..2);
    }
    let mapped: Option<String> = clean
        .chars()
        .map(|c| match c {
            'O' => Some('0'),
            'I' | 'L' => Some('1'),
            c if c.is_ascii() && CROCKFORD.contains(&(c as u8)) => Some(c),
            _ => None,
        })
        .collect();
    mapped.filter(|s| s.len() == REFERENCE_SYMBOLS).map(|s| format!("HY-{}-{}", &s[..4], &s[4..]))
}

/// Whether an insert failed because its reference was already taken.
pub fn reference_clash(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(m)) if m.contains("reference"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_grouped_crockford_symbols() {
        let r = new_reference();
        assert_eq!(r.len(), 12, "{r}");
        assert!(r.starts_with("HY-") && r.as_bytes()[7] == b'-', "{r}");
        assert!(r[3..].chars().filter(|c| *c != '-').all(|c| CROCKFORD.contains(&(c as u8))), "{r}");
        assert_eq!(normalize_reference(&r).as_deref(), Some(r.as_str()));
        assert_eq!(normalize_reference("hy 7k3m q9td").as_deref(), Some("HY-7K3M-Q9TD"));
        assert_eq!(normalize_reference("7K3MQ9TD").as_deref(), Some("HY-7K3M-Q9TD"));
        assert_eq!(normalize_reference("HY-OIL0-0000").as_deref(), Some("HY-0110-0000"));
        for bad in ["", "HY-7K3M", "HY-7K3M-Q9TU", "HY-7K3M-Q9TD-X", "१२३४५६७८"] {
            assert_eq!(normalize_reference(bad), None, "{bad}");
        }
    }

    #[test]
    fn tokens_are_long_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 26);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_digit() || c.is_ascii_lowercase()));
    }

    #[test]
    fn every_symbol_is_drawn() {
        // 32 symbols over 8,000 draws: each is missing with probability (31/32)^8000, nil.
        let seen: std::collections::HashSet<char> = (0..1000).flat_map(|_| symbols(8).chars().collect::<Vec<_>>()).collect();
        assert_eq!(seen.len(), 32);
    }
}

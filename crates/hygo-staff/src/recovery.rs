//! One-time recovery codes: the way back in for a staff member who has lost the
//! device with their authenticator app (OWASP ASVS 5.0, V6, look-up secrets).
//!
//! A set is [`COUNT`] codes of 24 Crockford base32 symbols (120 random bits each),
//! shown once in six groups of four joined by hyphens
//! (`AKCZ-2GAK-7Q1S-CYMQ-4D9R-T0WE`).
//! Only their [`hash`]es are stored, and a used code is marked with when it was
//! used (`staff::sign_in`), so it never works again. [`normalize`] forgives what
//! people do when typing one: lower case, spaces or no hyphens, O for 0, I or L
//! for 1.

use sha2::{Digest, Sha256};

/// Codes in a set.
pub(crate) const COUNT: usize = 10;

/// Crockford's base32: digits and letters without I, L, O and U.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Symbols per code (5 bits each: 120 bits). ASVS 5.0 (6.5.2) lets a look-up
/// secret be stored under a plain hash only from 112 bits of entropy up.
const SYMBOLS: usize = 24;

/// A new set of [`COUNT`] codes, as shown to the staff member.
///
/// # Panics
/// Only when the operating system cannot give random bytes.
pub fn generate() -> Vec<String> {
    (0..COUNT).map(|_| one()).collect()
}

fn one() -> String {
    let mut bytes = [0u8; SYMBOLS];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    let mut code = String::with_capacity(SYMBOLS + SYMBOLS / 4 - 1);
    for (i, byte) in bytes.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            code.push('-');
        }
        // The low 5 bits of a uniform byte are uniform over the 32 symbols.
        code.push(char::from(ALPHABET[usize::from(byte & 0x1f)]));
    }
    code
}

/// The code's 24 symbols in canonical form (upper case, no separators), from
/// the way a person may type it: any case, spaces and hyphens anywhere, O for
/// 0, I or L for 1. None for anything that cannot be a code.
pub(crate) fn normalize(code: &str) -> Option<String> {
    let mut symbols = String::with_capacity(SYMBOLS);
    for c in code.chars().filter(|&c| c != '-' && !c.is_whitespace()) {
        let c = match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !u8::try_from(c).is_ok_and(|b| ALPHABET.contains(&b)) || symbols.len() == SYMBOLS {
            return None;
        }
        symbols.push(c);
    }
    (symbols.len() == SYMBOLS).then_some(symbols)
}

/// What is stored for a code: the lowercase hex SHA-256 of its [`normalize`]d
/// form, so any spelling of the same code gives the same hash. A fast hash is
/// enough here, unlike for passwords: each code carries 120 random bits, too
/// many to search at any rate of guessing (ASVS 5.0, 6.5.2). None when `code`
/// cannot be a code.
pub fn hash(code: &str) -> Option<String> {
    let digest = Sha256::digest(normalize(code)?.as_bytes());
    Some(crate::secrets::hex(&digest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_ten_distinct_codes_of_the_right_shape() {
        let codes = generate();
        assert_eq!(codes.len(), COUNT);
        for code in &codes {
            assert_eq!(code.len(), 29, "{code}");
            for (i, c) in code.chars().enumerate() {
                if i % 5 == 4 {
                    assert_eq!(c, '-', "{code}");
                } else {
                    assert!(u8::try_from(c).is_ok_and(|b| ALPHABET.contains(&b)), "{code}");
                }
            }
            assert_eq!(normalize(code), Some(code.replace('-', "")));
        }
        let mut distinct = codes.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), COUNT);
    }

    #[test]
    fn normalize_forgives_typing() {
        let canonical = Some("0123456789ABCDEFGHJKMNPQ".to_owned());
        assert_eq!(normalize("0123-4567-89AB-CDEF-GHJK-MNPQ"), canonical);
        assert_eq!(normalize("0123-4567-89ab-cdef-ghjk-mnpq"), canonical);
        assert_eq!(normalize(" 0123 4567 89AB CDEF GHJK MNPQ "), canonical);
        assert_eq!(normalize("0123456789ABCDEFGHJKMNPQ"), canonical);
        assert_eq!(normalize("o123-4567-89AB-CDEF-GHJK-MNPQ"), canonical);
        assert_eq!(normalize("OI23-4567-89AB-CDEF-GHJK-MNPQ"), canonical);
        assert_eq!(normalize("0l23-4567-89AB-CDEF-GHJK-MNPQ"), canonical);
    }

    #[test]
    fn garbage_is_not_a_code() {
        for bad in [
            "",
            "0123-4567-89AB-CDEF",
            "0123-4567-89AB-CDEF-GHJK-MNPQ-0",
            "0123-4567-89AB-CDEF-GHJK-MNPU",
            "0123_4567_89AB_CDEF_GHJK_MNPQ",
            "0123-4567-89AB-CDÉF-GHJK-MNPQ",
            "٠١٢٣-4567-89AB-CDEF-GHJK-MNPQ",
        ] {
            assert_eq!(normalize(bad), None, "{bad}");
            assert_eq!(hash(bad), None, "{bad}");
        }
    }

    #[test]
    fn hash_is_the_same_for_every_spelling() {
        let h = hash("0123-4567-89AB-CDEF-GHJK-MNPQ").unwrap();
        assert_eq!(h.len(), 64);
        assert!(h.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
        assert_eq!(hash("o123 4567 89ab cdef ghjk mnpq"), Some(h.clone()));
        assert_eq!(hash("0I23456789ABCDEFGHJKMNPQ"), hash("0123456789ABCDEFGHJKMNPQ"));
        assert_ne!(hash("0123-4567-89AB-CDEF-GHJK-MNPR"), Some(h));
        let codes = generate();
        assert_ne!(hash(&codes[0]), hash(&codes[1]));
    }
}

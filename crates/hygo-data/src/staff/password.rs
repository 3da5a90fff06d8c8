//! Staff passwords: what a new one must be, and how it is stored and checked,
//! after OWASP ASVS 5.0 level 2, chapter V6 (Authentication).
//!
//! - Length only: at least [`MIN_CHARS`] and at most [`MAX_CHARS`] Unicode
//!   characters (not bytes). No composition rules, any character allowed
//!   (spaces, any script, pasted from a password manager), kept exactly as typed:
//!   no trimming, no case folding, no normalisation.
//! - Refused when easy to guess: the zxcvbn estimator, with its bundled lists of
//!   common and breached passwords, names and words, plus the words of the
//!   person's own context (e-mail, name, the clinic's name and city).
//! - Stored as an argon2id PHC string with a random salt and OWASP's parameters
//!   (19 MiB of memory, 2 passes, 1 lane), set here explicitly so a change of the
//!   crate's defaults cannot weaken them.

use std::sync::LazyLock;

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

/// The fewest characters a password may have.
pub const MIN_CHARS: usize = 12;
/// The most characters a password may have (ASVS: at least 64 must be allowed).
pub const MAX_CHARS: usize = 128;

/// OWASP's argon2id parameters: m = 19456 KiB, t = 2, p = 1, 32-byte output.
const PARAMS: Params = match Params::new(19 * 1024, 2, 1, None) {
    Ok(params) => params,
    Err(_) => panic!("the argon2 parameters are valid"),
};

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, PARAMS)
}

/// Words an attacker would try first against any HYGO account (ASVS 5.0, 6.1.2
/// and 6.2.11): the organisation, its product and places, the console and its
/// roles. A password made mostly of these, in any case or with common
/// substitutions, scores too low to be chosen. The person's own e-mail address
/// and name are added per account.
pub const CONTEXT_WORDS: &[&str] = &[
    "hygo", "rajkot", "gujarat", "india", "clinic", "hospital", "health", "healthcare", "card", "doctor", "patient",
    "appointment", "staff", "console", "admin", "desk", "editor", "password", "welcome",
];

/// Whether `password` may be chosen as a new password. `context` holds the words
/// an attacker would try first for this person (their e-mail, name, and
/// [`CONTEXT_WORDS`]). On refusal, the catalogue key of the message to show:
/// `"staff.passwordShort"`, `"staff.passwordLong"` or `"staff.passwordCommon"`.
pub fn check(password: &str, context: &[&str]) -> Result<(), &'static str> {
    let chars = password.chars().count();
    if chars < MIN_CHARS {
        return Err("staff.passwordShort");
    }
    if chars > MAX_CHARS {
        return Err("staff.passwordLong");
    }
    // Score 3 is "more than 10^8 guesses"; anything less is in, or near, a list.
    if zxcvbn::zxcvbn(password, context).score() < zxcvbn::Score::Three {
        return Err("staff.passwordCommon");
    }
    Ok(())
}

/// The argon2id PHC string of `password` with a fresh random salt, such as
/// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`.
///
/// # Panics
/// Only when the operating system cannot give random bytes for the salt.
pub fn hash(password: &str) -> String {
    argon2()
        .hash_password(password.as_bytes())
        .expect("the operating system's random source works")
        .to_string()
}

/// Whether `password` matches the stored PHC string `phc` (with the parameters
/// written in it). False, never a panic, for a string that is not such a hash.
pub fn verify(password: &str, phc: &str) -> bool {
    argon2().verify_password(password.as_bytes(), phc).is_ok()
}

/// A hash no password is tried against in earnest, made once on first use.
static NOBODY: LazyLock<String> = LazyLock::new(|| hash("no account has this password"));

/// Spends the time of one [`verify`] for a sign-in whose e-mail has no account,
/// so the answer's timing does not tell which e-mails have one.
pub fn verify_nobody(password: &str) {
    std::hint::black_box(verify(password, &NOBODY));
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTEXT: &[&str] = &["asha.patel@hygo.example", "Asha Patel", "hygo", "rajkot"];

    #[test]
    fn length_is_counted_in_characters() {
        // Each of these has more bytes than characters.
        let hindi = "पासवर्ड";
        assert!(hindi.len() > hindi.chars().count());
        let of = |n: usize| hindi.chars().cycle().take(n).collect::<String>();
        assert_eq!(check(&of(11), &[]), Err("staff.passwordShort"));
        assert_ne!(check(&of(12), &[]), Err("staff.passwordShort"));
        assert_ne!(check(&of(128), &[]), Err("staff.passwordLong"));
        assert_eq!(check(&of(129), &[]), Err("staff.passwordLong"));
        assert_eq!(check("", &[]), Err("staff.passwordShort"));
    }

    #[test]
    fn bounds_with_a_strong_password() {
        let strong = "Vq7#mZ2!pL9xK4@wR8tN";
        assert_eq!(check(&strong[..11], &[]), Err("staff.passwordShort"));
        assert_eq!(check(&strong[..12], &[]), Ok(()));
        let long: String = strong.chars().cycle().take(128).collect();
        assert_eq!(check(&long, &[]), Ok(()));
        let longer: String = strong.chars().cycle().take(129).collect();
        assert_eq!(check(&longer, &[]), Err("staff.passwordLong"));
    }

    #[test]
    fn common_passwords_are_refused() {
        for common in ["password1234", "qwertyuiop123", "123456789012", "aaaaaaaaaaaa", "iloveyou1234", "hygohygohygo"] {
            assert_eq!(check(common, CONTEXT), Err("staff.passwordCommon"), "{common}");
        }
    }

    #[test]
    fn the_persons_own_words_count() {
        assert_eq!(check("asha.patel@hygo.example", &[]), Ok(()));
        assert_eq!(check("asha.patel@hygo.example", CONTEXT), Err("staff.passwordCommon"));
    }

    #[test]
    fn a_passphrase_is_accepted_as_typed() {
        assert_eq!(check("correct horse battery staple clinic", CONTEXT), Ok(()));
        assert_eq!(check("  spaces   are fine, मरीज़ too  ", CONTEXT), Ok(()));
    }

    #[test]
    fn hash_and_verify() {
        let phc = hash("correct horse battery staple clinic");
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify("correct horse battery staple clinic", &phc));
        assert!(!verify("correct horse battery staple clinic ", &phc));
        assert!(!verify("Correct horse battery staple clinic", &phc));
        // A fresh salt each time.
        assert_ne!(phc, hash("correct horse battery staple clinic"));
    }

    #[test]
    fn garbage_hashes_do_not_verify() {
        for phc in ["", "not a hash", "$argon2id$", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$", "$2b$12$abcdefghijklmnopqrstuu"] {
            assert!(!verify("anything at all", phc), "{phc}");
        }
    }

    #[test]
    fn nobody_takes_a_verification() {
        verify_nobody("correct horse battery staple clinic");
        assert!(NOBODY.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
    }
}

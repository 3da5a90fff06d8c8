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
/// roles. The person's own e-mail address and name are added per account
/// (`words_of`).
pub(crate) const CONTEXT_WORDS: &[&str] = &[
    "hygo", "rajkot", "gujarat", "india", "clinic", "hospital", "health", "healthcare", "card", "doctor", "patient",
    "appointment", "staff", "console", "admin", "desk", "editor", "kalawad", "racecourse", "medical", "medicine", "care",
    "primary",
    // The site's address and the slogan ("One App, One Card"), whole and in parts.
    "hygo.in", "hygoin", "www", "in", "oneapponecard", "oneapp", "onecard", "oneapp1card",
];

/// Words people in Rajkot reach for that zxcvbn's English lists lack: festivals,
/// gods, cities, cricket. With digits and symbols around them they are guessed
/// as soon as the common English words are ("Diwali2026!!").
pub(crate) const LOCAL_WORDS: &[&str] = &[
    "diwali", "deepavali", "holi", "navratri", "navaratri", "garba", "dandiya", "uttarayan", "makar", "sankranti", "janmashtami",
    "ganesh", "ganesha", "ganpati", "krishna", "radha", "shiva", "shiv", "shankar", "mahadev", "ram", "rama", "sita", "hanuman",
    "durga", "ambe", "amba", "laxmi", "lakshmi", "jai", "shree", "shri", "om", "bharat", "hindustan", "jaihind", "vande",
    "mataram", "namaste", "ahmedabad", "surat", "vadodara", "baroda", "jamnagar", "junagadh", "bhavnagar", "gandhinagar",
    "saurashtra", "kathiawar", "mumbai", "delhi", "cricket", "dhoni", "sachin", "virat", "kohli", "rohit", "bumrah",
    // Gujarat's places: cities, towns, temples, rivers, hills.
    "morbi", "gondal", "jetpur", "dhoraji", "upleta", "porbandar", "dwarka", "somnath", "veraval", "amreli", "botad",
    "wankaner", "jasdan", "surendranagar", "bhuj", "kutch", "kachchh", "mehsana", "patan", "palanpur", "anand", "nadiad",
    "bharuch", "valsad", "navsari", "vapi", "godhra", "dahod", "himmatnagar", "modasa", "gir", "girnar", "sasan", "diu",
    "daman", "ambaji", "pavagadh", "chotila", "virpur", "sabarmati", "narmada", "tapi", "aji", "lalpari", "kankaria",
    "statueofunity", "sardar", "patel", "gandhi", "bapu", "mahatma",
    // Festivals, whole (several words said as one).
    "makarsankranti", "uttarayana", "rakshabandhan", "rakhi", "dussehra", "dasara", "bhaibeej", "bhaidooj", "dhanteras",
    "kalichaudas", "navratri", "sharad", "purnima", "ganeshchaturthi", "mahashivratri", "shivratri", "ramnavami",
    "gokulashtami", "jalaram", "swaminarayan", "bestuvarsh", "newyear", "saalmubarak", "eid", "christmas",
    // Greetings and blessings, whole and in parts.
    "kemcho", "kem", "cho", "majama", "majamaa", "aapnu", "apnu", "aapdu", "aavjo", "jayshreekrishna", "jaishreekrishna",
    "jaishreeram", "jayshreeram", "jaisiyaram", "jaimatadi", "jaijalaram", "jayjalaram", "harharmahadev", "radheradhe",
    "jayswaminarayan", "jaiswaminarayan", "jaihind", "jay", "ramram", "satsriakal", "salaam", "khamma", "ghani",
    "jaijinendra", "namaskar", "pranam", "vandemataram", "aapnurajkot", "rangilorajkot", "rangilu",
];

/// Why a password was refused: the key of the message that says so, without it.
pub type Refusal = &'static str;

/// The words to refuse in a password of one person: their e-mail address whole,
/// its parts (`asha`, `patel` of `asha.patel@…`) and their name's parts, each at
/// least three characters; the name with one part cut to its initial
/// (`kavyas`, `kshah`); and each of those reversed (`hahsayvak`).
pub(crate) fn words_of(email: &str, name: &str) -> Vec<String> {
    let mut words = vec![email.to_lowercase(), name.to_lowercase()];
    let (local, domain) = email.split_once('@').unwrap_or((email, ""));
    let parts = local.split(|c: char| !c.is_alphanumeric()).chain(domain.split('.')).chain(name.split(|c: char| !c.is_alphanumeric()));
    words.extend(parts.filter(|w| w.chars().count() >= 3).map(str::to_lowercase));
    words.extend(name_words(name));
    words.push(local.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase());
    let reversed: Vec<String> = words.iter().map(|w| w.chars().rev().collect()).collect();
    words.extend(reversed);
    words.retain(|w| w.chars().count() >= 3);
    words.sort();
    words.dedup();
    words
}

/// A name's words for a password check: its parts, the parts run together,
/// and the parts run together with one of them cut to its initial.
fn name_words(name: &str) -> Vec<String> {
    let parts: Vec<String> = name.split(|c: char| !c.is_alphanumeric()).filter(|p| !p.is_empty()).map(str::to_lowercase).collect();
    let mut words: Vec<String> = parts.iter().filter(|p| p.chars().count() >= 3).cloned().collect();
    words.push(parts.concat());
    for cut in 0..parts.len() {
        words.push(parts.iter().enumerate().map(|(i, p)| if i == cut { p.chars().take(1).collect() } else { p.clone() }).collect());
    }
    words.retain(|w| w.chars().count() >= 3);
    words
}

/// Other staff members' names as words to refuse (`words_of` adds the
/// person's own): a colleague's name is what an attacker who read the site's
/// "About" page tries next.
pub(crate) fn colleagues_words<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut words: Vec<String> = names.into_iter().flat_map(name_words).collect();
    let reversed: Vec<String> = words.iter().map(|w| w.chars().rev().collect()).collect();
    words.extend(reversed);
    words.sort();
    words.dedup();
    words
}

/// Whether `password` may be chosen as a new password by the person whose own
/// words (`words_of`) are `personal`. On refusal, the catalogue key of the
/// sentence that says why, never repeating the password:
///
/// 1. `staff.passwordShort`, `staff.passwordLong`: the length, in characters.
/// 2. `staff.passwordOwnWords`: its letters are only the person's own words and
///    the clinic's (`CONTEXT_WORDS`), whole, in any case, with
///    common substitutions (`@` for a, `0` for o, `1` for i…) and with digits,
///    symbols or spaces around them ("HygoClinic2026", "KavyaShah2026!").
/// 3. `staff.passwordWordAndNumbers`: its letters are one common word (zxcvbn's
///    lists of common passwords, English words and names, or `LOCAL_WORDS`),
///    alone or with those of 2., and the rest digits and symbols
///    ("Summer2024!!", "Diwali2026!!").
/// 4. `staff.passwordCommon`: zxcvbn, with all those words as the person's
///    inputs, scores it below 3 (fewer than 10^8 guesses): it is in, or close
///    to, its lists of common and breached passwords.
pub fn check(password: &str, personal: &[String]) -> Result<(), Refusal> {
    let chars = password.chars().count();
    if chars < MIN_CHARS {
        return Err("staff.passwordShort");
    }
    if chars > MAX_CHARS {
        return Err("staff.passwordLong");
    }
    let mut own: std::collections::HashSet<String> = personal.iter().map(|w| w.to_lowercase()).collect();
    own.extend(CONTEXT_WORDS.iter().map(|w| (*w).to_owned()));
    match made_of_words(password, &own) {
        Some(0) => return Err("staff.passwordOwnWords"),
        Some(1) => return Err("staff.passwordWordAndNumbers"),
        _ => {}
    }
    let inputs: Vec<&str> = own.iter().map(String::as_str).chain(LOCAL_WORDS.iter().copied()).collect();
    // zxcvbn reads only the first 100 characters; beyond them a password is long enough.
    if zxcvbn::zxcvbn(password, &inputs).score() < zxcvbn::Score::Three {
        return Err("staff.passwordCommon");
    }
    Ok(())
}

/// Longer passwords are not split into words (`made_of_words`): past this many
/// characters, only zxcvbn's estimate counts.
const SPLIT_UP_TO: usize = 64;
/// The longest word looked for.
const LONGEST_WORD: usize = 24;

/// The substitutions people make for letters (zxcvbn's table): a character and
/// the letters it may stand for.
const SUBSTITUTES: &[(char, &[char])] = &[
    ('4', &['a']), ('@', &['a']), ('8', &['b']), ('(', &['c']), ('{', &['c']), ('[', &['c']), ('<', &['c']), ('3', &['e']),
    ('6', &['g']), ('9', &['g']), ('1', &['i', 'l']), ('!', &['i']), ('|', &['i', 'l']), ('7', &['l', 't']), ('0', &['o']),
    ('$', &['s']), ('5', &['s']), ('+', &['t']), ('%', &['x']), ('2', &['z']),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Word {
    /// The person's own or the clinic's (`own`).
    Own,
    /// Any other word of zxcvbn's lists or `LOCAL_WORDS`.
    Common,
}

/// Whether every letter of the password lies in a word, whole, in any case and
/// with common substitutions, the rest being digits, symbols and spaces (in
/// any number), and at most one letter standing alone ("Dwarka2026!!x": a
/// stray letter multiplies the guesses by 26 only); if so, the fewest common
/// words (not `own`) any such reading has. A word may be spelt with spaces,
/// dots or dashes inside ("Jai Shree Krishna", "hygo.in"). None when some
/// letter belongs to no word, or there is no word at all.
fn made_of_words(password: &str, own: &std::collections::HashSet<String>) -> Option<usize> {
    let chars: Vec<char> = password.to_lowercase().chars().collect();
    let n = chars.len();
    if n > SPLIT_UP_TO {
        return None;
    }
    let mut memo = std::collections::HashMap::new();
    // best[i][k]: the fewest common words, and whether any word was read, up
    // to i with k lone letters.
    let mut best: Vec<[Option<(usize, bool)>; 2]> = vec![[None; 2]; n + 1];
    best[0][0] = Some((0, false));
    let better = |slot: &mut Option<(usize, bool)>, new: (usize, bool)| {
        if slot.is_none_or(|old| (new.0, !new.1) < (old.0, !old.1)) {
            *slot = Some(new);
        }
    };
    for i in 0..n {
        for lone in 0..2 {
            let Some((common, any)) = best[i][lone] else { continue };
            if !chars[i].is_alphabetic() {
                better(&mut best[i + 1][lone], (common, any));
            } else if lone == 0 {
                better(&mut best[i + 1][1], (common, any));
            }
            for j in (i + 2)..=n.min(i + LONGEST_WORD) {
                let token = &chars[i..j];
                if INSIDE_A_WORD.contains(&token[0]) || !token.iter().any(|c| c.is_alphabetic()) {
                    continue;
                }
                match word(token, own, &mut memo) {
                    Some(Word::Own) => better(&mut best[j][lone], (common, true)),
                    Some(Word::Common) => better(&mut best[j][lone], (common + 1, true)),
                    None => {}
                }
            }
        }
    }
    let read = |k: usize| best[n][k].filter(|(_, any)| *any);
    match (read(0), read(1)) {
        (Some(a), Some(b)) => Some(a.0.min(b.0)),
        (a, b) => a.or(b).map(|(common, _)| common),
    }
}

/// What may stand inside a word as typed and is left out when it is read
/// ("jai shree krishna", "hygo.in", "one-app").
const INSIDE_A_WORD: &[char] = &[' ', '.', '-', '_'];

/// What a run of characters reads as, letters substituted back (each reading
/// tried, at most 16): one of `own`, a common word, or none.
fn word(token: &[char], own: &std::collections::HashSet<String>, memo: &mut std::collections::HashMap<String, bool>) -> Option<Word> {
    let mut readings = vec![String::new()];
    if token.last().is_some_and(|c| INSIDE_A_WORD.contains(c)) {
        return None;
    }
    for c in token {
        if INSIDE_A_WORD.contains(c) {
            continue;
        }
        let options: &[char] = match SUBSTITUTES.iter().find(|(s, _)| s == c) {
            Some((_, letters)) => letters,
            None if c.is_alphabetic() => std::slice::from_ref(c),
            None => return None,
        };
        readings = readings.iter().flat_map(|r| options.iter().map(move |o| format!("{r}{o}"))).collect();
        if readings.len() > 16 {
            return None;
        }
    }
    if readings.iter().any(|r| own.contains(r)) {
        return Some(Word::Own);
    }
    let common = |r: &String| {
        r.chars().count() >= 3
            && (LOCAL_WORDS.contains(&r.as_str())
                || *memo.entry(r.clone()).or_insert_with(|| {
                    // One dictionary match over the whole of it: a word of zxcvbn's lists.
                    matches!(zxcvbn::zxcvbn(r, &[]).sequence(), [m] if matches!(m.pattern, zxcvbn::matching::patterns::MatchPattern::Dictionary(_)))
                }))
    };
    readings.iter().any(common).then_some(Word::Common)
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
pub(crate) fn verify(password: &str, phc: &str) -> bool {
    argon2().verify_password(password.as_bytes(), phc).is_ok()
}

/// A hash no password is tried against in earnest, made once on first use.
static NOBODY: LazyLock<String> = LazyLock::new(|| hash("no account has this password"));

/// Spends the time of one [`verify`] for a sign-in whose e-mail has no account,
/// so the answer's timing does not tell which e-mails have one.
pub(crate) fn verify_nobody(password: &str) {
    std::hint::black_box(verify(password, &NOBODY));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asha() -> Vec<String> {
        words_of("asha.patel@hygo.example", "Asha Patel")
    }

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
        for (common, why) in [
            ("password1234", "staff.passwordWordAndNumbers"),
            ("qwertyuiop123", "staff.passwordWordAndNumbers"),
            ("iloveyou1234", "staff.passwordWordAndNumbers"),
            ("hygohygohygo", "staff.passwordOwnWords"),
            ("123456789012", "staff.passwordCommon"),
            ("aaaaaaaaaaaa", "staff.passwordCommon"),
        ] {
            assert_eq!(check(common, &asha()), Err(why), "{common}");
        }
    }

    #[test]
    fn the_persons_own_words_count() {
        assert_eq!(check("asha.patel@hygo.example", &asha()), Err("staff.passwordOwnWords"));
    }

    #[test]
    fn a_passphrase_is_accepted_as_typed() {
        assert_eq!(check("correct horse battery staple clinic", &asha()), Ok(()));
        assert_eq!(check("  spaces   are fine, मरीज़ too  ", &asha()), Ok(()));
        assert_eq!(check("Vq7#mZ2!pL9xK4@wR8tN", &asha()), Ok(()));
        assert_eq!(check("tamarind kettle lantern 1987", &asha()), Ok(()));
    }

    /// The kinds of password an outside tester had set (issue 24; the fifteen
    /// themselves are tried through the set-up form in `tests/staff.rs`), each
    /// refused with the sentence that says why.
    #[test]
    fn guessable_passwords_are_refused_with_their_reason() {
        let kavya = words_of("kavya.shah@hygo.in", "Kavya Shah");
        for password in ["HygoConsole2027", "clinicrajkot99", "KavyaHygo2026#", "shahkavya0000"] {
            assert_eq!(check(password, &kavya), Err("staff.passwordOwnWords"), "{password}");
        }
        for password in ["Monkey2025!!", "Holi2027????", "sunshine1984"] {
            assert_eq!(check(password, &kavya), Err("staff.passwordWordAndNumbers"), "{password}");
        }
        // Substitutions, case and what stands around the words change nothing.
        for password in ["HYG0-CL1N1C-2026", "2026!!Rajk0t@Clinic", "K4vy4-Sh4h-2026", "hygo clinic rajkot"] {
            assert_eq!(check(password, &kavya), Err("staff.passwordOwnWords"), "{password}");
        }
        for password in ["Summ3r-2024!!", "###welcome###2026", "D1wal1 2026 !!"] {
            assert_eq!(check(password, &kavya), Err("staff.passwordWordAndNumbers"), "{password}");
        }
    }

    /// The fourteen an outside tester set in round three (issue 44): parts of
    /// the name and reversed, the site's domain and slogan, another staff
    /// member's name, Gujarat's places, festivals and greetings.
    #[test]
    fn names_places_festivals_and_greetings_are_refused() {
        let mut kavya = words_of("kavya.shah@hygo.in", "Kavya Shah");
        kavya.extend(colleagues_words(["Asha Patel", "Dr. Rajesh Mehta"]));
        for (password, why) in [
            ("KavyaS2026!!", "staff.passwordOwnWords"),
            ("KShah20262026!", "staff.passwordOwnWords"),
            ("hahSayvaK2026!", "staff.passwordOwnWords"),
            ("Hygo.in2026!!", "staff.passwordOwnWords"),
            ("OneAppOneCard1", "staff.passwordOwnWords"),
            ("AshaPatel2026!", "staff.passwordOwnWords"),
            ("Aapnu Rajkot 1", "staff.passwordWordAndNumbers"),
            ("Somnath2026!!", "staff.passwordWordAndNumbers"),
            ("Dwarka2026!!x", "staff.passwordWordAndNumbers"),
            ("Morbi@2026!!!", "staff.passwordWordAndNumbers"),
            ("Makarsankranti26", "staff.passwordWordAndNumbers"),
            ("JaiShreeRam2026", "staff.passwordWordAndNumbers"),
            ("Jai Shree Krishna", "staff.passwordWordAndNumbers"),
            ("Kem Cho 2026!!", "staff.passwordWordAndNumbers"),
        ] {
            assert_eq!(check(password, &kavya), Err(why), "{password}");
        }
        // A colleague's name counts only when it is known: without it, Asha's is a name like any.
        let alone = words_of("kavya.shah@hygo.in", "Kavya Shah");
        assert_ne!(check("AshaPatel2026!", &alone), Err("staff.passwordOwnWords"));
        // Unrelated words stay good, a stray letter among them too.
        for password in ["tamarind kettle lantern 1987", "pebble orbit x velvet cactus", "correct horse battery staple clinic"] {
            assert_eq!(check(password, &kavya), Ok(()), "{password}");
        }
    }

    #[test]
    fn a_persons_words_are_their_address_and_name_in_parts() {
        let words = words_of("Kavya.Shah@hygo.in", "Kavya Shah");
        for expected in ["kavya", "shah", "kavyashah", "kavya.shah@hygo.in", "kavya shah", "hygo", "kavyas", "kshah", "hahsayvak"] {
            assert!(words.iter().any(|w| w == expected), "{expected} in {words:?}");
        }
        assert!(words.iter().all(|w| w.chars().count() >= 3), "{words:?}");
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

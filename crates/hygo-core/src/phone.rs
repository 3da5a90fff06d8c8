//! Phone numbers in one form: E.164 (`+` and the country code, then the
//! number: "+919876543210"), as they are stored, sent to the messaging
//! providers, searched and exported (issue 45). What a patient types is taken in
//! the ways people in India write numbers: "98765 43210", "098765-43210",
//! "+91 98765 43210", "0091 98765 43210", "(+91) 98765.43210", a landline with
//! its STD code ("0281 245 6700"); a number of another country needs its
//! country code ("+44 20 7946 0958"). A number without an area code ("245
//! 6700") has no one form and is refused with a message saying what to write.

/// The most digits E.164 allows, the country code included.
const MAX_DIGITS: usize = 15;
/// The fewest digits a number with its country code has (the shortest in use: 8).
const MIN_DIGITS: usize = 8;
/// India's country code and the length of its national numbers (mobiles and
/// landlines with their STD code alike).
const INDIA: &str = "91";
const NATIONAL: usize = 10;

/// `typed` in E.164, or None when it cannot be one number: characters other than
/// digits, spaces and `+-().`, a `+` after the first digit, too few or too many
/// digits, an Indian number that is not 10 digits long.
pub(crate) fn e164(typed: &str) -> Option<String> {
    let typed = typed.trim();
    if !typed.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) {
        return None;
    }
    let first_digit = typed.find(|c: char| c.is_ascii_digit())?;
    let plus = typed[..first_digit].contains('+');
    if typed[first_digit..].contains('+') {
        return None;
    }
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let international = match (plus, digits.strip_prefix("00")) {
        (true, _) => digits,
        (false, Some(rest)) => rest.to_owned(),
        (false, None) => {
            // Written as at home: the trunk 0, or none; or with 91 but no `+`.
            let national = digits.strip_prefix('0').unwrap_or(&digits);
            match national.len() {
                NATIONAL => format!("{INDIA}{national}"),
                12 if national.starts_with(INDIA) && !digits.starts_with('0') => national.to_owned(),
                _ => return None,
            }
        }
    };
    // "+91 0 98765 43210": the trunk 0 written after the country code.
    let international = match international.strip_prefix("910") {
        Some(rest) if rest.len() == NATIONAL => format!("{INDIA}{rest}"),
        _ => international,
    };
    if international.starts_with('0') || !(MIN_DIGITS..=MAX_DIGITS).contains(&international.len()) {
        return None;
    }
    if international.starts_with(INDIA) && international.len() != INDIA.len() + NATIONAL {
        return None;
    }
    Some(format!("+{international}"))
}

/// A number as WhatsApp names a sender (`wa_id`: its digits with the country
/// code, no `+`), in E.164; None when it cannot be one.
pub fn from_digits(wa_id: &str) -> Option<String> {
    (!wa_id.is_empty() && wa_id.chars().all(|c| c.is_ascii_digit())).then(|| e164(&format!("+{wa_id}"))).flatten()
}

/// A stored number's digits with its country code, without the `+`: what
/// `wa.me` links, `tel:` (after a `+`) and WhatsApp's `to` take. A number
/// stored before numbers had one form (issue 45's migration left those it could
/// not read as they were) gives its digits as they are.
pub fn digits(phone: &str) -> String {
    match e164(phone) {
        Some(e) => e[1..].to_owned(),
        None => phone.chars().filter(char::is_ascii_digit).collect(),
    }
}

/// A number for people to read and dial: an Indian one as "+91 98765 43210",
/// any other as its E.164 form; a text that is no number as it is.
pub fn for_people(phone: &str) -> String {
    match e164(phone) {
        Some(e) => match e.strip_prefix("+91") {
            Some(national) => format!("+91 {} {}", &national[..5], &national[5..]),
            None => e,
        },
        None => phone.to_owned(),
    }
}

/// What two numbers have in common when they belong to one person, for
/// counting and finding requests: an Indian number's 10 national digits (so a
/// number stored before the one form, "098765 43210", still meets
/// "+919876543210"), any other's digits with its country code.
pub fn key(phone: &str) -> String {
    let all = digits(phone);
    match all.strip_prefix(INDIA) {
        Some(national) if national.len() == NATIONAL => national.to_owned(),
        _ => all,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ways_people_write_an_indian_number_are_one_number() {
        for typed in [
            "9876543210",
            "98765 43210",
            "098765-43210",
            "+91 98765 43210",
            "+91-98765-43210",
            "(+91) 98765.43210",
            "0091 98765 43210",
            "91 98765 43210",
            "+91 0 98765 43210",
            " +919876543210 ",
        ] {
            assert_eq!(e164(typed).as_deref(), Some("+919876543210"), "{typed:?}");
            assert_eq!(key(typed), "9876543210", "{typed:?}");
            assert_eq!(digits(typed), "919876543210", "{typed:?}");
            assert_eq!(for_people(typed), "+91 98765 43210", "{typed:?}");
        }
        assert_eq!(e164("0281 245 6700").as_deref(), Some("+912812456700"), "a landline with its STD code");
    }

    #[test]
    fn other_countries_keep_their_code_and_nothing_else_is_guessed() {
        assert_eq!(e164("+44 20 7946 0958").as_deref(), Some("+442079460958"));
        assert_eq!(e164("0044 20 7946 0958").as_deref(), Some("+442079460958"));
        assert_eq!(for_people("+44 20 7946 0958"), "+442079460958");
        assert_eq!(key("+44 20 7946 0958"), "442079460958");
        for refused in [
            "245 6700",               // no area code: which city?
            "12",                     // too short
            "+1 234",                 // too short with a country code
            "+123456789012345678",    // longer than E.164 allows
            "98765 4321",             // 9 digits
            "987654 32100",           // 11 digits without the trunk 0
            "+91 98765 4321",         // an Indian number of 9 digits
            "+91 98765 432100",       // and of 11
            "98765+43210",            // a plus inside
            "call me",
            "9876543210 ext 2",
            "",
            "+",
            "+0 123 456 789",         // no country code starts with 0
        ] {
            assert_eq!(e164(refused), None, "{refused:?}");
        }
        assert_ne!(key("98765 43211"), key("98765 43210"));
    }

    #[test]
    fn a_number_stored_before_the_one_form_still_reads() {
        assert_eq!(digits("245 6700"), "2456700");
        assert_eq!(for_people("245 6700"), "245 6700");
        assert_eq!(key("098765 43210"), key("+919876543210"));
    }
}

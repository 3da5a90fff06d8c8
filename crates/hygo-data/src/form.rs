//! Checking what visitors send. Every write goes through a `Check`, which trims
//! each text, refuses control characters and over-long values, and collects one
//! message per field in the words a visitor would understand (spec sections 5 and
//! 8). The JSON API and the no-JavaScript forms show the same messages.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

/// A refused form: a sentence for the whole and one message per field, keyed by
/// the field's name in the request.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    pub message: String,
    pub errors: BTreeMap<String, String>,
}

impl Invalid {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let mut check = Check::default();
        check.fail(field, message);
        check.finish().unwrap_err()
    }
}

#[derive(Debug, Default)]
pub struct Check {
    errors: BTreeMap<String, String>,
    /// Fields in the order they failed, which is the form's order.
    order: Vec<String>,
}

/// The newsletter's own pattern (spec section 5): word characters with optional dot
/// or dash parts, an @, a domain, and a 2 to 3 character suffix. ASCII `\w`, as in
/// the browser's JavaScript.
static NEWSLETTER_EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?-u:\w)+([.-]?(?-u:\w)+)*@(?-u:\w)+([.-]?(?-u:\w)+)*(\.(?-u:\w){2,3})+$").unwrap()
});

/// What a browser's `type="email"` field accepts (the HTML standard's rule), which is
/// what the other forms ask for.
static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$",
    )
    .unwrap()
});

pub const EMAIL_MAX: usize = 254;
pub const NEWSLETTER_EMAIL_MESSAGE: &str = "Please enter a valid email address";

impl Check {
    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        if !self.errors.contains_key(field) {
            self.errors.insert(field.to_owned(), message.into());
            self.order.push(field.to_owned());
        }
    }

    pub fn has_error(&self, field: &str) -> bool {
        self.errors.contains_key(field)
    }

    /// A one-line text: trimmed, at most `max` characters, no control characters.
    /// `required` holds the message for a missing value; None makes it optional
    /// (missing gives "").
    pub fn line(&mut self, field: &str, label: &str, value: Option<&str>, max: usize, required: Option<&str>) -> String {
        self.text(field, label, value, max, required, false)
    }

    /// Like `line`, but line breaks and tabs are allowed (notes, messages).
    pub fn paragraph(&mut self, field: &str, label: &str, value: Option<&str>, max: usize, required: Option<&str>) -> String {
        self.text(field, label, value, max, required, true)
    }

    fn text(&mut self, field: &str, label: &str, value: Option<&str>, max: usize, required: Option<&str>, multiline: bool) -> String {
        let value = value.unwrap_or_default().trim();
        if value.is_empty() {
            if let Some(message) = required {
                self.fail(field, message);
            }
            return String::new();
        }
        if value.chars().any(|c| c.is_control() && !(multiline && matches!(c, '\n' | '\r' | '\t'))) {
            self.fail(field, format!("{label} contains characters that cannot be used"));
        } else if value.chars().count() > max {
            self.fail(field, format!("{label} must be {max} characters or fewer"));
        }
        value.to_owned()
    }

    /// A required e-mail address in the browser's sense, lower-cased.
    pub fn email(&mut self, field: &str, value: Option<&str>) -> String {
        let value = self.line(field, "Email address", value, EMAIL_MAX, Some("Enter your email address"));
        if !value.is_empty() && !self.has_error(field) && !EMAIL.is_match(&value) {
            self.fail(field, "Enter an email address in the correct format, like name@example.com");
        }
        value.to_lowercase()
    }

    /// The newsletter's address, with its exact message for every failure.
    pub fn newsletter_email(&mut self, field: &str, value: Option<&str>) -> String {
        let value = value.unwrap_or_default().trim();
        if value.chars().count() > EMAIL_MAX || !NEWSLETTER_EMAIL.is_match(value) {
            self.fail(field, NEWSLETTER_EMAIL_MESSAGE);
        }
        value.to_lowercase()
    }

    /// A phone number: the characters people write numbers with, and 7 to 15 digits
    /// (E.164 allows at most 15), so the clinic can call back.
    pub fn phone(&mut self, field: &str, value: Option<&str>, required: Option<&str>) -> String {
        let value = self.line(field, "Phone number", value, 20, required);
        if !value.is_empty() && !self.has_error(field) {
            let digits = value.chars().filter(char::is_ascii_digit).count();
            let allowed = value.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c));
            if !allowed || !(7..=15).contains(&digits) {
                self.fail(field, "Enter a phone number with 7 to 15 digits, like +91 98765 43210");
            }
        }
        value
    }

    /// One of `allowed`, matched without regard to case; answers the allowed
    /// spelling. An empty value gives `default` (or fails with `required`).
    pub fn choice(
        &mut self,
        field: &str,
        value: Option<&str>,
        allowed: &[&'static str],
        default: Option<&'static str>,
        message: &str,
    ) -> String {
        let value = value.unwrap_or_default().trim();
        if value.is_empty() {
            return match default {
                Some(d) => d.to_owned(),
                None => {
                    self.fail(field, message);
                    String::new()
                }
            };
        }
        match allowed.iter().find(|a| a.eq_ignore_ascii_case(value)) {
            Some(a) => (*a).to_owned(),
            None => {
                self.fail(field, message);
                String::new()
            }
        }
    }

    /// Done: Ok when every field passed, otherwise the messages.
    pub fn finish(self) -> Result<(), Invalid> {
        if self.errors.is_empty() {
            return Ok(());
        }
        let all: Vec<&str> = self.order.iter().map(|f| self.errors[f].as_str()).collect();
        // One problem is said as it is (the newsletter's message is exact text of
        // the spec); several are listed, in the form's order.
        let message = match all.as_slice() {
            [one] => (*one).to_owned(),
            many => format!("Please check your details: {}.", many.join("; ")),
        };
        Err(Invalid { message, errors: self.errors })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newsletter_pattern_is_the_spec_s() {
        for ok in ["asha@example.com", "asha.patel@mail.example.in", "a-b_c@hygo.co.in", " Asha@Example.COM "] {
            let mut c = Check::default();
            c.newsletter_email("email", Some(ok));
            assert!(c.finish().is_ok(), "{ok}");
        }
        for bad in ["", "asha", "asha@", "@example.com", "asha@example", "asha@example.info", "a..b@example.com", "आशा@example.com", "asha@exa mple.com"] {
            let mut c = Check::default();
            c.newsletter_email("email", Some(bad));
            assert_eq!(c.finish().unwrap_err().errors["email"], NEWSLETTER_EMAIL_MESSAGE, "{bad}");
        }
    }

    #[test]
    fn texts_are_trimmed_bounded_and_free_of_control_characters() {
        let mut c = Check::default();
        assert_eq!(c.line("name", "Full name", Some("  આશા પટેલ "), 100, Some("Enter your full name")), "આશા પટેલ");
        assert_eq!(c.paragraph("notes", "Notes", Some("line one\nline two"), 100, None), "line one\nline two");
        assert!(c.finish().is_ok());

        let mut c = Check::default();
        c.line("name", "Full name", Some("   "), 100, Some("Enter your full name"));
        c.line("subject", "Subject", Some(&"क".repeat(11)), 10, None);
        c.line("clinic", "Clinic", Some("a\u{0}b"), 10, None);
        c.paragraph("message", "Message", Some("bell\u{7}"), 100, None);
        let e = c.finish().unwrap_err();
        assert_eq!(e.errors["name"], "Enter your full name");
        assert_eq!(e.errors["subject"], "Subject must be 10 characters or fewer");
        assert_eq!(e.errors["clinic"], "Clinic contains characters that cannot be used");
        assert!(e.errors.contains_key("message"));
        assert_eq!(
            e.message,
            "Please check your details: Enter your full name; Subject must be 10 characters or fewer; \
             Clinic contains characters that cannot be used; Message contains characters that cannot be used."
        );
    }

    #[test]
    fn phones_emails_and_choices() {
        let mut c = Check::default();
        assert_eq!(c.phone("phone", Some("+91 98765 43210"), Some("Enter your phone number")), "+91 98765 43210");
        assert_eq!(c.email("email", Some("Asha@Example.in")), "asha@example.in");
        assert_eq!(c.choice("visitType", Some("VIDEO"), &["in-person", "video"], Some("in-person"), "x"), "video");
        assert_eq!(c.choice("visitType", None, &["in-person", "video"], Some("in-person"), "x"), "in-person");
        assert!(c.finish().is_ok());

        let mut c = Check::default();
        c.phone("phone", Some("call me"), None);
        c.phone("other", Some("12345"), None);
        c.email("email", Some("not an address"));
        c.choice("visitType", Some("phone"), &["in-person", "video"], None, "Choose in-person or video");
        let e = c.finish().unwrap_err();
        assert_eq!(e.errors.len(), 4);
        assert_eq!(e.errors["visitType"], "Choose in-person or video");
    }
}

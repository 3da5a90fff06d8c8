//! Checking what visitors send. Every write goes through a `Check`, which trims
//! each text, refuses control characters and over-long values, and collects one
//! message per field in the words a visitor would understand (spec sections 5 and
//! 8). Messages are keys of `catalogue/messages/{lang}.json` with their values
//! (`Message`), made into sentences in the visitor's language when answered, so
//! the JSON API and the no-JavaScript forms say the same thing in every language.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

use crate::{DataError, content};

/// A message by key, with the values of its `{placeholders}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A placeholder's value: a text as it is, another message (a field's label),
/// or a day, written as the message's language writes days.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Key(&'static str),
    Day(chrono::NaiveDate),
    /// A moment of a day ("9:00 AM on Thursday, 3 December 2026").
    Moment(chrono::NaiveDateTime),
}

impl Message {
    pub fn new(key: &'static str) -> Self {
        Message { key, args: Vec::new() }
    }

    /// With a placeholder's value.
    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// With a day ("Tuesday, 24 November 2026"), written in the language the
    /// message is answered in (`hygo_content::calendar::long_date`).
    pub fn with_day(mut self, name: &'static str, day: chrono::NaiveDate) -> Self {
        self.args.push((name, Arg::Day(day)));
        self
    }

    /// With a moment ("9:00 AM on Thursday, 3 December 2026"), written in the
    /// language the message is answered in (`hygo_content::calendar::moment`).
    pub fn with_moment(mut self, name: &'static str, at: chrono::NaiveDateTime) -> Self {
        self.args.push((name, Arg::Moment(at)));
        self
    }

    /// With a placeholder that is itself a message (a field's label).
    pub fn with_key(mut self, name: &'static str, key: &'static str) -> Self {
        self.args.push((name, Arg::Key(key)));
        self
    }

    /// The sentence in a language (the default language's when `lang` has no such key).
    pub fn text(&self, lang: &str) -> String {
        let c = content::get(content::Lang::parse(lang).unwrap_or(content::Lang::DEFAULT));
        let args: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(name, arg)| match arg {
                Arg::Text(t) => (*name, t.clone()),
                Arg::Key(k) => (*name, c.message(k).to_owned()),
                Arg::Day(day) => (*name, content::calendar::long_date(&c, *day)),
                Arg::Moment(at) => (*name, content::calendar::moment(&c, *at)),
            })
            .collect();
        let args: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
        content::fill(c.message(self.key), &args)
    }
}

/// A refused form: one message per field, keyed by the field's name in the
/// request, in the order the form shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    pub errors: BTreeMap<String, Message>,
    order: Vec<String>,
}

impl Invalid {
    pub fn field(field: &str, message: Message) -> Self {
        let mut check = Check::default();
        check.fail(field, message);
        check.finish().unwrap_err()
    }

    /// The fields' messages as sentences.
    pub fn texts(&self, lang: &str) -> BTreeMap<String, String> {
        self.errors.iter().map(|(field, m)| (field.clone(), m.text(lang))).collect()
    }

    /// A sentence for the whole: one problem is said as it is (the newsletter's
    /// message is exact text of the spec); several are listed, in the form's order.
    pub fn summary(&self, lang: &str) -> String {
        let all: Vec<String> = self.order.iter().map(|f| self.errors[f].text(lang)).collect();
        match all.as_slice() {
            [one] => one.clone(),
            many => {
                let c = content::get(content::Lang::parse(lang).unwrap_or(content::Lang::DEFAULT));
                content::fill(
                    c.message("form.checkDetails"),
                    &[("list", &many.join("; "))],
                )
            }
        }
    }
}

/// Why a write was refused: the one error type of every form's action.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Fields that failed their checks (422).
    #[error("the request is not valid: {:?}", .0.errors.keys().collect::<Vec<_>>())]
    Invalid(Invalid),
    /// Someone else got there first (409): the slot of a booking.
    #[error("conflict on {field}")]
    Conflict { field: &'static str, message: Message },
    /// Too much at once (429): the password hashing threads are all busy
    /// (`staff::hashing`); try again in a moment.
    #[error("busy")]
    Busy(Message),
    #[error(transparent)]
    Data(#[from] DataError),
}

impl From<sea_orm::DbErr> for WriteError {
    fn from(e: sea_orm::DbErr) -> Self {
        WriteError::Data(e.into())
    }
}

/// A character no text anyone sends may hold: the C0 controls (NUL among them)
/// but tab, line feed and carriage return, DEL, and the C1 controls (Unicode's
/// `Cc`). PostgreSQL cannot store a NUL at all; the others are never typed, and
/// would reach the console, the CSV and e-mails. One-line fields refuse tab and
/// line breaks too (`Check::line`). The server's readers refuse these in every
/// field of every body (`crate` users: `src/edge.rs`, `controls`).
pub fn is_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

#[derive(Debug, Default)]
pub struct Check {
    errors: BTreeMap<String, Message>,
    /// Fields in the order they failed, which is the form's order.
    order: Vec<String>,
}

/// The newsletter's own pattern (spec section 5): word characters with optional dot
/// or dash parts, an @, a domain, and a 2 to 3 character suffix. ASCII `\w`, as in
/// the browser's JavaScript.
static NEWSLETTER_EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?-u:\w)+([.-]?(?-u:\w)+)*@(?-u:\w)+([.-]?(?-u:\w)+)*(\.(?-u:\w){2,3})+$").unwrap()
});

/// What a browser's `type="email"` field accepts (the HTML standard's rule), with a
/// real domain: at least one dot and a top-level name of letters (`name@gmail` is
/// refused: the clinic could never write to it; issue 43).
static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.[a-zA-Z]{2,63}$",
    )
    .unwrap()
});

pub(crate) const EMAIL_MAX: usize = 254;

impl Check {
    pub fn fail(&mut self, field: &str, message: Message) {
        if !self.errors.contains_key(field) {
            self.errors.insert(field.to_owned(), message);
            self.order.push(field.to_owned());
        }
    }

    pub fn has_error(&self, field: &str) -> bool {
        self.errors.contains_key(field)
    }

    /// A one-line text: trimmed, at most `max` characters, no control characters.
    /// `label` is the field's label (a message key); `required` the message for a
    /// missing value, None makes it optional (missing gives "").
    pub fn line(&mut self, field: &str, label: &'static str, value: Option<&str>, max: usize, required: Option<&'static str>) -> String {
        self.text(field, label, value, max, required, false)
    }

    /// Like `line`, but line breaks and tabs are allowed (notes, messages).
    pub fn paragraph(&mut self, field: &str, label: &'static str, value: Option<&str>, max: usize, required: Option<&'static str>) -> String {
        self.text(field, label, value, max, required, true)
    }

    fn text(&mut self, field: &str, label: &'static str, value: Option<&str>, max: usize, required: Option<&'static str>, multiline: bool) -> String {
        let value = value.unwrap_or_default().trim();
        if value.is_empty() {
            if let Some(key) = required {
                self.fail(field, Message::new(key));
            }
            return String::new();
        }
        if value.chars().any(|c| is_control(c) || (!multiline && matches!(c, '\n' | '\r' | '\t'))) {
            self.fail(field, Message::new("field.badCharacters").with_key("label", label));
        } else if value.chars().count() > max {
            self.fail(field, Message::new("field.tooLong").with_key("label", label).with("max", max.to_string()));
        }
        value.to_owned()
    }

    /// A required e-mail address in the browser's sense, lower-cased.
    pub fn email(&mut self, field: &str, value: Option<&str>) -> String {
        self.address(field, value, Some("email.required"))
    }

    /// An e-mail address that may be left empty ("" then): a patient with a phone
    /// only books all the same. One that is given must be an address.
    pub fn optional_email(&mut self, field: &str, value: Option<&str>) -> String {
        self.address(field, value, None)
    }

    fn address(&mut self, field: &str, value: Option<&str>, required: Option<&'static str>) -> String {
        let value = self.line(field, "label.email", value, EMAIL_MAX, required);
        if !value.is_empty() && !self.has_error(field) && !EMAIL.is_match(&value) {
            self.fail(field, Message::new("email.format"));
        }
        value.to_lowercase()
    }

    /// The newsletter's address, with its exact message for every failure.
    pub fn newsletter_email(&mut self, field: &str, value: Option<&str>) -> String {
        let value = value.unwrap_or_default().trim();
        if value.chars().count() > EMAIL_MAX || !NEWSLETTER_EMAIL.is_match(value) {
            self.fail(field, Message::new("newsletter.email"));
        }
        value.to_lowercase()
    }

    /// A phone number, answered in its one form (E.164, `crate::phone`), so that
    /// the clinic can call back and messages can reach it; written as people in
    /// India write numbers, or with its country code.
    pub fn phone(&mut self, field: &str, value: Option<&str>, required: Option<&'static str>) -> String {
        let value = self.line(field, "label.phone", value, 20, required);
        if value.is_empty() || self.has_error(field) {
            return value;
        }
        match crate::phone::e164(&value) {
            Some(one_form) => one_form,
            None => {
                self.fail(field, Message::new("phone.format"));
                value
            }
        }
    }

    /// One of `allowed`, matched without regard to case; answers the allowed
    /// spelling. An empty value gives `default` (or fails with `message`).
    pub fn choice(
        &mut self,
        field: &str,
        value: Option<&str>,
        allowed: &[&'static str],
        default: Option<&'static str>,
        message: &'static str,
    ) -> String {
        let value = value.unwrap_or_default().trim();
        if value.is_empty() {
            return match default {
                Some(d) => d.to_owned(),
                None => {
                    self.fail(field, Message::new(message));
                    String::new()
                }
            };
        }
        match allowed.iter().find(|a| a.eq_ignore_ascii_case(value)) {
            Some(a) => (*a).to_owned(),
            None => {
                self.fail(field, Message::new(message));
                String::new()
            }
        }
    }

    /// One of the catalogue's options, named by its id or a label; answers its id.
    /// Anything else, an empty value too, fails with `message` (callers skip an
    /// optional field that was left empty).
    pub fn option(
        &mut self,
        field: &str,
        value: Option<&str>,
        options: &[content::Choice],
        message: &'static str,
    ) -> String {
        let value = value.unwrap_or_default().trim();
        match options.iter().find(|o| o.named_by(value)) {
            Some(o) => o.id.clone(),
            None => {
                self.fail(field, Message::new(message));
                String::new()
            }
        }
    }

    /// Done: Ok when every field passed, otherwise the messages.
    pub fn finish(self) -> Result<(), Invalid> {
        if self.errors.is_empty() {
            return Ok(());
        }
        Err(Invalid { errors: self.errors, order: self.order })
    }
}

/// A form's longest values, in characters, by field: what its checks refuse
/// beyond, and what its page's inputs say (`maxLength`, through the page's props),
/// written once beside the checks that use them.
pub type Limits = &'static [(&'static str, usize)];

/// The most characters a form's fields in `limits` take together (for the
/// body limit a form is read with: `src/actions`, `body_limit`).
pub const fn total(limits: Limits) -> usize {
    let (mut sum, mut i) = (0, 0);
    while i < limits.len() {
        sum += limits[i].1;
        i += 1;
    }
    sum
}

/// The limit of `field` in `limits`.
///
/// # Panics
/// For a field the list lacks: both are the module's own constants, and its
/// checks run in its tests.
pub fn limit(limits: Limits, field: &str) -> usize {
    limits.iter().find(|(name, _)| *name == field).map(|(_, n)| *n).unwrap_or_else(|| panic!("no limit for {field}"))
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
            assert_eq!(c.finish().unwrap_err().texts("en")["email"], "Please enter a valid email address", "{bad}");
        }
    }

    #[test]
    fn texts_are_trimmed_bounded_and_free_of_control_characters() {
        let mut c = Check::default();
        assert_eq!(c.line("name", "label.fullName", Some("  આશા પટેલ "), 100, Some("name.required")), "આશા પટેલ");
        assert_eq!(c.paragraph("notes", "label.additionalNotes", Some("line one\nline two"), 100, None), "line one\nline two");
        assert!(c.finish().is_ok());

        let mut c = Check::default();
        c.line("name", "label.fullName", Some("   "), 100, Some("name.required"));
        c.line("subject", "label.subject", Some(&"क".repeat(11)), 10, None);
        c.line("clinic", "label.clinic", Some("a\u{0}b"), 10, None);
        c.paragraph("message", "label.message", Some("bell\u{7}"), 100, None);
        let e = c.finish().unwrap_err();
        let texts = e.texts("en");
        assert_eq!(texts["name"], "Enter your full name");
        assert_eq!(texts["subject"], "Subject must be 10 characters or fewer");
        assert_eq!(texts["clinic"], "Clinic contains characters that cannot be used");
        assert_eq!(texts["message"], "Message contains characters that cannot be used");
        assert_eq!(e.errors["subject"], Message::new("field.tooLong").with_key("label", "label.subject").with("max", "10"));
        assert_eq!(
            e.summary("en"),
            "Please check your details: Enter your full name; Subject must be 10 characters or fewer; \
             Clinic contains characters that cannot be used; Message contains characters that cannot be used."
        );
    }

    #[test]
    fn phones_emails_and_choices() {
        let mut c = Check::default();
        assert_eq!(c.phone("phone", Some("+91 98765 43210"), Some("phone.required")), "+919876543210");
        assert_eq!(c.phone("phone", Some("098765 43210"), Some("phone.required")), "+919876543210", "stored in one form");
        assert_eq!(c.email("email", Some("Asha@Example.in")), "asha@example.in");
        assert_eq!(c.choice("visitType", Some("VIDEO"), &["in-person", "video"], Some("in-person"), "x"), "video");
        assert_eq!(c.choice("visitType", None, &["in-person", "video"], Some("in-person"), "x"), "in-person");
        assert!(c.finish().is_ok());

        let mut c = Check::default();
        c.phone("phone", Some("call me"), None);
        c.phone("other", Some("12345"), None);
        c.email("email", Some("not an address"));
        c.choice("visitType", Some("phone"), &["in-person", "video"], None, "appointment.visitType");
        let e = c.finish().unwrap_err();
        assert_eq!(e.errors.len(), 4);
        assert_eq!(e.texts("en")["visitType"], "Choose in-person or video");
        assert_eq!(e.texts("en")["phone"], "Enter a phone number of 10 digits, or with + and its country code, like +91 98765 43210");

        // An optional address may be empty; one given must be an address.
        let mut c = Check::default();
        assert_eq!(c.optional_email("email", None), "");
        assert_eq!(c.optional_email("blank", Some("  ")), "");
        assert!(c.finish().is_ok());
        let mut c = Check::default();
        c.optional_email("email", Some("asha at example"));
        c.email("required", None);
        let e = c.finish().unwrap_err();
        assert_eq!((e.errors["email"].key, e.errors["required"].key), ("email.format", "email.required"));
    }
}

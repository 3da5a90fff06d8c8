//! The staff's second factor: time-based one-time passwords after RFC 6238
//! (HMAC-SHA-1, 6 digits, 30-second steps, one step of clock skew either way),
//! the `otpauth://` enrolment URL of Google's Key URI Format that authenticator
//! apps read, and its QR code as inline SVG.
//!
//! A code is accepted once: [`verify`] returns the time step it matched, the
//! caller stores it, and passes it back as `last_step` next time (RFC 6238 §5.2).

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use totp_rs::{Algorithm, Builder, Secret, Totp};

/// The issuer shown in authenticator apps, and the label's prefix.
const ISSUER: &str = "HYGO";
/// Seconds per time step (RFC 6238's X).
const STEP_SECS: u64 = 30;
/// Digits per code.
const DIGITS: u8 = 6;

/// A new shared secret: 160 random bits (RFC 4226's recommended length) as
/// base32 without padding, the form authenticator apps take.
///
/// # Panics
/// Only when the operating system cannot give random bytes.
pub(crate) fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    Secret::from(bytes).to_base32()
}

/// The generator for `secret` (base32), with no skew: [`verify`] walks the
/// window itself so it can skip steps already used. None for a secret that is
/// not base32 of at least 128 bits.
fn totp(secret: &str, account: Option<&str>) -> Option<Totp> {
    let secret = Secret::try_from_base32(secret).ok()?;
    let builder = Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(DIGITS)
        .with_step_duration(STEP_SECS)
        .with_skew(0)
        .with_secret(secret);
    let builder = match account {
        Some(account) => builder.with_issuer(Some(ISSUER)).with_account_name(account),
        None => builder,
    };
    builder.build().ok()
}

/// The enrolment URL, `otpauth://totp/HYGO:<account>?secret=…&issuer=HYGO`, for
/// the staff member `account` (their e-mail, percent-encoded by totp-rs). A `:`
/// in `account` is left out: the Key URI Format reserves it as the label's
/// separator, and the label is only shown. Empty (never a panic) when `secret`
/// is not base32 of at least 128 bits or `account` is empty, which cannot happen
/// for a secret from [`new_secret`] and an account's e-mail.
pub fn otpauth_url(secret: &str, account: &str) -> String {
    let account = account.replace(':', "");
    totp(secret, Some(&account)).and_then(|totp| totp.to_url().ok()).unwrap_or_default()
}

/// The QR code of `url` as an SVG document to inline in HTML: black on white,
/// with the standard quiet zone, at least 200 px square, starting with `<svg`
/// (the XML declaration is left out). Empty (never a panic) when `url` is too
/// long for a QR code, over about 2,300 bytes; an enrolment URL is some 150.
pub fn qr_svg(url: &str) -> String {
    let Ok(code) = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M) else {
        return String::new();
    };
    let image = code
        .render::<svg::Color>()
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .quiet_zone(true)
        .min_dimensions(200, 200)
        .build();
    match image.find("<svg") {
        Some(start) => image[start..].to_owned(),
        None => image,
    }
}

/// The code for `secret` at `unix_secs`; None for a bad secret.
pub fn code_at(secret: &str, unix_secs: u64) -> Option<String> {
    Some(totp(secret, None)?.generate(unix_secs).to_string())
}

/// Checks a typed `code` (6 digits; spaces inside are ignored) against `secret`
/// at `unix_secs`, for the current step, the one before and the one after. On
/// success, the matched step (`unix_secs / 30`, ± 1), which is only accepted if
/// it is later than `last_step`, the step last accepted for this account; the
/// caller stores it. None for a wrong, malformed or reused code, or a bad secret.
/// Each comparison takes constant time (totp-rs's `Token` equality).
pub(crate) fn verify(secret: &str, code: &str, unix_secs: u64, last_step: Option<i64>) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != usize::from(DIGITS) || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp(secret, None)?;
    let now = i64::try_from(unix_secs / STEP_SECS).ok()?;
    (now - 1..=now + 1)
        .filter(|&step| step >= 0 && last_step.is_none_or(|last| step > last))
        .find(|&step| u64::try_from(step).is_ok_and(|s| totp.check(&code, s * STEP_SECS).is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238's SHA-1 key, "12345678901234567890", as base32.
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    /// Some time in the middle of a step.
    const T: u64 = 1_765_000_015;

    #[test]
    fn rfc_6238_test_vectors() {
        // Appendix B's 8-digit codes, cut to their last 6 digits.
        assert_eq!(code_at(RFC_SECRET, 59).as_deref(), Some("287082"));
        assert_eq!(code_at(RFC_SECRET, 1_111_111_109).as_deref(), Some("081804"));
        assert_eq!(code_at(RFC_SECRET, 2_000_000_000).as_deref(), Some("279037"));
        assert_eq!(verify(RFC_SECRET, "287 082", 59, None), Some(1));
    }

    #[test]
    fn new_secrets_are_160_bits_of_base32() {
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        assert!(secret.bytes().all(|b| b.is_ascii_uppercase() || (b'2'..=b'7').contains(&b)));
        assert_ne!(secret, new_secret());
        assert!(code_at(&secret, T).is_some());
    }

    #[test]
    fn one_step_of_skew_each_way() {
        let secret = new_secret();
        let code = code_at(&secret, T).unwrap();
        let step = i64::try_from(T / 30).unwrap();
        assert_eq!(verify(&secret, &code, T, None), Some(step));
        assert_eq!(verify(&secret, &code, T + 30, None), Some(step));
        assert_eq!(verify(&secret, &code, T - 30, None), Some(step));
        assert_eq!(verify(&secret, &code, T + 90, None), None);
        assert_eq!(verify(&secret, &code, T - 90, None), None);
    }

    #[test]
    fn a_code_is_used_once() {
        let secret = new_secret();
        let code = code_at(&secret, T).unwrap();
        let step = verify(&secret, &code, T, None).unwrap();
        assert_eq!(verify(&secret, &code, T, Some(step)), None);
        assert_eq!(verify(&secret, &code, T + 30, Some(step)), None);
        assert_eq!(verify(&secret, &code, T, Some(step + 1)), None);
        assert_eq!(verify(&secret, &code, T, Some(step - 1)), Some(step));
        // The next step's code is still welcome.
        let next = code_at(&secret, T + 30).unwrap();
        assert_eq!(verify(&secret, &next, T + 30, Some(step)), Some(step + 1));
    }

    #[test]
    fn wrong_and_malformed_codes_are_refused() {
        let secret = new_secret();
        let code = code_at(&secret, T).unwrap();
        let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
        assert_eq!(verify(&secret, &wrong, T, None), None);
        let spaced = format!(" {} {} ", &code[..3], &code[3..]);
        assert!(verify(&secret, &spaced, T, None).is_some());
        for bad in ["", "12345", "1234567", "12a456", "+12345", "１２３４５６", "12-456"] {
            assert_eq!(verify(&secret, bad, T, None), None, "{bad}");
        }
        assert_eq!(verify("not base32!", &code, T, None), None);
        assert_eq!(code_at("not base32!", T), None);
        assert_eq!(code_at("GEZDGNBV", T), None, "fewer than 128 bits");
    }

    #[test]
    fn enrolment_url_and_qr_code() {
        let secret = new_secret();
        let url = otpauth_url(&secret, "asha.patel@hygo.example");
        assert!(url.starts_with("otpauth://totp/HYGO:asha.patel%40hygo.example?"), "{url}");
        assert!(url.contains(&format!("secret={secret}")), "{url}");
        assert!(url.contains("issuer=HYGO"), "{url}");
        assert!(otpauth_url(&secret, "a:b").starts_with("otpauth://totp/HYGO:ab?"));
        assert_eq!(otpauth_url(&secret, ""), "");
        assert_eq!(otpauth_url("bad secret", "asha.patel@hygo.example"), "");

        let svg = qr_svg(&url);
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(!svg.contains("<?xml"));
        assert!(svg.contains(r##"fill="#000""##) && svg.contains(r##"fill="#fff""##));
        assert_eq!(qr_svg(&"x".repeat(5000)), "");
    }
}

//! Links out of the site to reach a person: `tel:` and WhatsApp's click-to-chat
//! (`wa.me`). The web layer makes them; the data crates hand over the phone
//! number in its one form (E.164, `hygo_core::phone`).

/// The links to call a patient and to write to them on WhatsApp.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[ts(rename = "ReachLinks")]
pub struct Reach {
    /// `tel:+919876543210`.
    pub tel: String,
    /// `https://wa.me/919876543210?text=…`, with `text` written in.
    pub whatsapp: String,
}

impl Reach {
    pub fn of(phone: &str, text: &str) -> Self {
        Reach { tel: tel(phone), whatsapp: format!("https://wa.me/{}?text={}", international(phone), form_urlencoded_text(text)) }
    }
}

/// `tel:` with the number in international form.
pub fn tel(phone: &str) -> String {
    format!("tel:+{}", international(phone))
}

/// A phone number in international form, digits only, as `wa.me` and `tel:` want
/// it (`hygo_core::phone::digits`).
pub fn international(phone: &str) -> String {
    hygo_core::phone::digits(phone)
}

fn form_urlencoded_text(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_numbers_become_international() {
        assert_eq!(international("+91 98765 43210"), "919876543210");
        assert_eq!(international("098765 43210"), "919876543210");
        assert_eq!(international("9876543210"), "919876543210");
        assert_eq!(international("+44 20 7946 0958"), "442079460958");
        assert_eq!(tel("098765 43210"), "tel:+919876543210");
        let reach = Reach::of("98765 43210", "HYG-1 on Tuesday, 10:00 AM");
        assert_eq!(reach.whatsapp, "https://wa.me/919876543210?text=HYG-1%20on%20Tuesday%2C%2010%3A00%20AM");
    }
}

//! Weekdays as the site shows them and as the database stores them (ISO 1–7).

pub(crate) const NAMES: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// "Monday" → 1 … "Sunday" → 7 (case-insensitive).
pub fn number(name: &str) -> Option<i16> {
    NAMES.iter().position(|n| n.eq_ignore_ascii_case(name.trim())).map(|i| i as i16 + 1)
}

/// 1 → "Monday" … 7 → "Sunday".
pub fn name(number: i16) -> Option<&'static str> {
    usize::try_from(number - 1).ok().and_then(|i| NAMES.get(i)).copied()
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trips() {
        for (i, n) in super::NAMES.iter().enumerate() {
            assert_eq!(super::number(n), Some(i as i16 + 1));
            assert_eq!(super::name(i as i16 + 1), Some(*n));
        }
        assert_eq!(super::number("funday"), None);
        assert_eq!(super::name(0), None);
        assert_eq!(super::name(8), None);
    }
}

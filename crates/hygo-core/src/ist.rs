//! Time in the clinics' zone. India has one zone, IST (UTC+05:30, no daylight
//! saving), so a fixed offset is exact and no time-zone database is needed.
//! "Today", "past" and slot times are always IST, whatever the server's zone.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, SecondsFormat, Utc};

/// Strictly YYYY-MM-DD (chrono alone would also take "2026-1-5").
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    let shape = b.len() == 10 && b[4] == b'-' && b[7] == b'-' && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shape {
        return None;
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

pub fn offset() -> FixedOffset {
    FixedOffset::east_opt(5 * 3600 + 30 * 60).expect("+05:30 is a valid offset")
}

/// Where "now" comes from: the system clock, a fixed instant for tests and
/// previews of a future day, or the system clock moved by a number of seconds
/// that a test can change while the server runs (`Clock::moved`, `Clock::advance`).
#[derive(Debug, Clone, Default)]
pub enum Clock {
    #[default]
    System,
    Fixed(NaiveDateTime),
    Moved(std::sync::Arc<std::sync::atomic::AtomicI64>),
}

impl Clock {
    /// The system clock, to be moved on by `advance`.
    pub fn moved() -> Self {
        Clock::Moved(std::sync::Arc::new(std::sync::atomic::AtomicI64::new(0)))
    }

    /// Moves a `Clock::moved` on by `seconds` (for every holder of a clone); other clocks stay.
    pub fn advance(&self, seconds: i64) {
        if let Clock::Moved(offset) = self {
            offset.fetch_add(seconds, std::sync::atomic::Ordering::SeqCst);
        }
    }

    /// The instant things happen at, in UTC, for what records when they
    /// happened (sessions, sign-in attempts): the real clock, moved on by
    /// `advance` for a moved one. A fixed clock fixes only the day the calendar
    /// is computed for (`now`), as `stamp` does.
    pub fn real(&self) -> DateTime<Utc> {
        match self {
            Clock::System | Clock::Fixed(_) => Utc::now(),
            Clock::Moved(by) => Utc::now() + chrono::Duration::seconds(by.load(std::sync::atomic::Ordering::SeqCst)),
        }
    }

    /// The wall-clock time in Rajkot.
    pub fn now(&self) -> NaiveDateTime {
        match self {
            Clock::Fixed(at) => *at,
            _ => self.real().with_timezone(&offset()).naive_local(),
        }
    }

    pub fn today(&self) -> NaiveDate {
        self.now().date()
    }
}

/// A timestamp for `created_at` columns: RFC 3339 in UTC, always the real clock
/// (it records when a row was written, not the day it is about).
pub fn stamp() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true)
}

//! The slot grid of spec section 9. A doctor's hours for a weekday are a range
//! kept as "09:00-17:00" (`hygo_core::times`; staff write "9:00 AM - 5:00 PM"); the range is cut into hourly blocks from its start, and each
//! block offers up to four 15-minute slots that end within the range. Times travel
//! as 12-hour text ("09:15 AM") and are stored as 24-hour "HH:MM".

use std::collections::HashSet;
use std::sync::Mutex;

pub use hygo_core::times::{format_24h, parse_range, parse_time, Minutes, Range};

pub const SLOT_MINUTES: Minutes = 15;

/// "09:15 AM": the 12-hour form the booking client shows and sends.
pub fn format_12h(t: Minutes) -> String {
    let (h, m) = (t / 60, t % 60);
    let (h12, meridiem) = match h {
        0 => (12, "AM"),
        1..=11 => (h, "AM"),
        12 => (12, "PM"),
        _ => (h - 12, "PM"),
    };
    format!("{h12:02}:{m:02} {meridiem}")
}

/// Every slot start of a range, in order: the hour blocks from `start`, each with
/// its slots at 0, 15, 30 and 45 minutes that end by `end`.
pub fn grid(range: Range) -> Vec<Minutes> {
    (range.start..)
        .step_by(SLOT_MINUTES as usize)
        .take_while(|t| t + SLOT_MINUTES <= range.end)
        .collect()
}

/// The grid of a day's hours text. A text that cannot be parsed is a data error:
/// logged once per distinct text (it is staff-entered, never personal data), and
/// the day offers nothing rather than failing the request.
pub(crate) fn grid_of(hours: &str) -> Vec<Minutes> {
    match parse_range(hours) {
        Some(range) => grid(range),
        None => {
            static WARNED: Mutex<Option<HashSet<String>>> = Mutex::new(None);
            let mut warned = WARNED.lock().unwrap_or_else(|p| p.into_inner());
            if warned.get_or_insert_with(HashSet::new).insert(hours.to_owned()) {
                tracing::error!(hours, "office hours cannot be read as a range such as \"9:00 AM - 5:00 PM\"; the day offers no slots");
            }
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grammar's examples, shared with the browser's `minutesOf` (its unit test
    /// reads the same file).
    #[test]
    fn reads_times_as_the_shared_examples_say() {
        let examples: serde_json::Value = serde_json::from_str(include_str!("times.json")).unwrap();
        let read = examples["read"].as_object().unwrap();
        let refused = examples["refused"].as_array().unwrap();
        assert!(read.len() >= 10 && refused.len() >= 10, "the examples are there");
        for (text, minutes) in read {
            assert_eq!(parse_time(text), Some(minutes.as_u64().unwrap() as Minutes), "{text:?}");
        }
        for bad in refused {
            assert_eq!(parse_time(bad.as_str().unwrap()), None, "{bad:?}");
        }
        // What the server writes reads back as itself, at every slot of the day.
        for t in (0..24 * 60).step_by(SLOT_MINUTES as usize) {
            assert_eq!(parse_time(&format_12h(t)), Some(t));
            assert_eq!(parse_time(&format_24h(t)), Some(t));
        }
    }

    #[test]
    fn reads_ranges() {
        assert_eq!(parse_range("9:00 AM - 5:00 PM"), Some(Range { start: 540, end: 1020 }));
        assert_eq!(parse_range("10 am – 1 pm"), Some(Range { start: 600, end: 780 }));
        assert_eq!(parse_range("10:00 AM to 2:30 PM"), Some(Range { start: 600, end: 870 }));
        assert_eq!(parse_range("5:00 PM - 9:00 AM"), None, "end before start");
        assert_eq!(parse_range("Closed"), None);
        assert_eq!(parse_range("By appointment"), None);
    }

    #[test]
    fn the_grid_has_four_slots_an_hour_ending_within_the_range() {
        let g = grid(parse_range("9:00 AM - 11:00 AM").unwrap());
        assert_eq!(g.iter().map(|&t| format_12h(t)).collect::<Vec<_>>(), [
            "09:00 AM", "09:15 AM", "09:30 AM", "09:45 AM", "10:00 AM", "10:15 AM", "10:30 AM", "10:45 AM"
        ]);
        // A range that does not start on the hour keeps its own hour blocks.
        let g = grid(parse_range("9:30 AM - 10:40 AM").unwrap());
        assert_eq!(g.iter().map(|&t| format_24h(t)).collect::<Vec<_>>(), ["09:30", "09:45", "10:00", "10:15"]);
        assert_eq!(grid_of("not hours"), Vec::<Minutes>::new());
    }

    #[test]
    fn twelve_hour_text_round_trips() {
        for t in (0..24 * 60).step_by(15) {
            assert_eq!(parse_time(&format_12h(t)), Some(t));
            assert_eq!(parse_time(&format_24h(t)), Some(t));
        }
        assert_eq!(format_12h(0), "12:00 AM");
        assert_eq!(format_12h(12 * 60 + 45), "12:45 PM");
        assert_eq!(format_12h(20 * 60), "08:00 PM");
    }
}

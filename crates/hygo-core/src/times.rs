//! Times of day as the clinic writes them and as they are kept (issue 29,
//! item 3a): read in the 12-hour form staff and the spec's API use ("9:00 AM",
//! "09:15 AM", "9 am") or the 24-hour one ("14:30"), and kept as data: a time
//! as `HH:MM`, an hours range as `HH:MM-HH:MM`, several as a list between
//! commas. `hygo_schedule::slots` re-exports these; the pages and the API write
//! them in words at the edge (`hygo_schedule::schedule::range_text`).

/// Minutes after midnight.
pub type Minutes = u32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub start: Minutes,
    pub end: Minutes,
}

/// Parses an hours range as staff write it: "9:00 AM - 5:00 PM", "9 AM – 1 PM",
/// "10:00 am to 2:30 pm". None when it is not a range with its start before its end.
pub fn parse_range(text: &str) -> Option<Range> {
    let text = text.trim();
    let (a, b) = ["-", "–", "—", " to "].iter().find_map(|sep| text.split_once(sep))?;
    let (start, end) = (parse_time(a)?, parse_time(b)?);
    (start < end).then_some(Range { start, end })
}

/// Parses a 12-hour time ("09:15 AM", "9:15am", "9 AM") or a 24-hour one ("14:30").
pub fn parse_time(text: &str) -> Option<Minutes> {
    let t = text.trim().to_ascii_uppercase();
    let (clock, meridiem) = if let Some(rest) = t.strip_suffix("AM") {
        (rest.trim_end(), Some(false))
    } else if let Some(rest) = t.strip_suffix("PM") {
        (rest.trim_end(), Some(true))
    } else {
        (t.as_str(), None)
    };
    let (h, m) = match clock.split_once(':') {
        Some((h, m)) if m.len() == 2 => (h, m),
        Some(_) => return None,
        None if meridiem.is_some() => (clock, "00"),
        None => return None,
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    if m > 59 {
        return None;
    }
    let h = match meridiem {
        Some(pm) if (1..=12).contains(&h) => (h % 12) + if pm { 12 } else { 0 },
        Some(_) => return None,
        None if h <= 23 => h,
        None => return None,
    };
    Some(h * 60 + m)
}

/// "09:15": how a start time is stored.
pub fn format_24h(t: Minutes) -> String {
    format!("{:02}:{:02}", t / 60, t % 60)
}

/// A range as it is kept: "09:00-13:00".
pub fn range_data(r: Range) -> String {
    format!("{}-{}", format_24h(r.start), format_24h(r.end))
}

/// Hours text as it is kept: every range of "9:00 AM - 1:00 PM, 2:00 PM - 5:00
/// PM" as data ("09:00-13:00, 14:00-17:00"); text that is not all ranges (none,
/// or a range that does not read) stays as it is, for its readers to refuse.
pub fn stored(text: &str) -> String {
    let parts: Vec<&str> = text.split([',', ';', '\n']).map(str::trim).filter(|p| !p.is_empty()).collect();
    let ranges: Option<Vec<Range>> = parts.iter().map(|p| parse_range(p)).collect();
    match ranges {
        Some(ranges) if !ranges.is_empty() => ranges.into_iter().map(range_data).collect::<Vec<_>>().join(", "),
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_are_kept_as_24_hour_data_whichever_way_they_were_written() {
        assert_eq!(stored("9:00 AM - 1:00 PM, 2:00 PM - 5:30 PM"), "09:00-13:00, 14:00-17:30");
        assert_eq!(stored("09:00-13:00"), "09:00-13:00", "already data");
        assert_eq!(stored("10 am to 2:30 pm"), "10:00-14:30");
        for text in ["", "closed", "9:00 AM - 1:00 PM, later"] {
            assert_eq!(stored(text), text, "{text:?} stays for its reader to refuse");
        }
        assert_eq!(parse_range(&stored("4:00 PM - 7:30 PM")), Some(Range { start: 16 * 60, end: 19 * 60 + 30 }));
    }
}

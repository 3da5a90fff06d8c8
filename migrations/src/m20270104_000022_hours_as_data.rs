//! Office hours and one-off hour changes kept as data (issue 29, item 3a): a
//! range as `HH:MM-HH:MM` in 24-hour time ("09:00-17:00"), several between
//! commas, instead of the 12-hour words staff wrote ("9:00 AM - 5:00 PM"). The
//! pages and the API write them in each language's words at the edge. A row
//! whose text does not read as ranges is left as it is (its readers refuse it as
//! before). The reading here is frozen with the migration: it is the grammar of
//! `hygo_core::times` when it was written ("9:00 AM", "9 am", "14:30"; "-", "–",
//! "—" or " to " between).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: &[&str] = &["office_hours", "hour_changes"];

fn time(text: &str) -> Option<u32> {
    let t = text.trim().to_ascii_uppercase();
    let (clock, pm) = match (t.strip_suffix("AM"), t.strip_suffix("PM")) {
        (Some(rest), _) => (rest.trim_end(), Some(false)),
        (_, Some(rest)) => (rest.trim_end(), Some(true)),
        _ => (t.as_str(), None),
    };
    let (h, m) = match clock.split_once(':') {
        Some((h, m)) if m.len() == 2 => (h, m),
        None if pm.is_some() => (clock, "00"),
        _ => return None,
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    let h = match pm {
        _ if m > 59 => return None,
        Some(pm) if (1..=12).contains(&h) => h % 12 + if pm { 12 } else { 0 },
        None if h <= 23 => h,
        _ => return None,
    };
    Some(h * 60 + m)
}

/// "9:00 AM - 1:00 PM, 2:00 PM - 5:00 PM" → "09:00-13:00, 14:00-17:00"; None when it does not read.
fn as_data(text: &str) -> Option<String> {
    let parts: Vec<&str> = text.split([',', ';', '\n']).map(str::trim).filter(|p| !p.is_empty()).collect();
    let hhmm = |t: u32| format!("{:02}:{:02}", t / 60, t % 60);
    let ranges = parts.iter().map(|p| {
        let (a, b) = ["-", "–", "—", " to "].iter().find_map(|sep| p.split_once(sep))?;
        let (a, b) = (time(a)?, time(b)?);
        (a < b).then(|| format!("{}-{}", hhmm(a), hhmm(b)))
    });
    let ranges: Option<Vec<String>> = ranges.collect();
    ranges.filter(|r| !r.is_empty()).map(|r| r.join(", "))
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            crate::parts::rewrite_column(manager, table, "hours", as_data).await?;
        }
        Ok(())
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // The data reads as before for every reader (they take both forms): nothing to undo.
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::as_data;

    #[test]
    fn the_words_staff_wrote_become_data_and_what_does_not_read_stays() {
        assert_eq!(as_data("9:00 AM - 1:00 PM, 2:00 PM - 5:30 PM").as_deref(), Some("09:00-13:00, 14:00-17:30"));
        assert_eq!(as_data("12:00 PM - 7:30 PM").as_deref(), Some("12:00-19:30"));
        assert_eq!(as_data("10 am to 2 pm").as_deref(), Some("10:00-14:00"));
        assert_eq!(as_data("09:00-17:00").as_deref(), Some("09:00-17:00"));
        for text in ["", "closed", "5:00 PM - 9:00 AM", "9:00 AM - 1:00 PM, later"] {
            assert_eq!(as_data(text), None, "{text:?}");
        }
    }
}

//! Dates in a language's words, for what the server writes itself (messages,
//! e-mails: a message's `with_day`, an e-mail's `when`): the same words and patterns
//! as the pages (`calendar` in `catalogue/texts/{lang}.json`, read by
//! `ui/src/lib/format.ts`), so a date reads the same on a Gujarati page and in a
//! Gujarati e-mail. Both are held to one table (`calendar-cases.json`); the
//! server writes days only, so it is held to the table's days.

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};

use crate::{fill, Content, Text};

/// A text of the `calendar` area, or a group's entry (`months`, "11").
fn word<'a>(content: &'a Content, key: &str, n: Option<u32>) -> &'a str {
    match (content.texts.get("calendar").and_then(|area| area.get(key)), n) {
        (Some(Text::One(text)), None) => text,
        (Some(Text::Group(group)), Some(n)) => group.get(&n.to_string()).map(String::as_str).unwrap_or_default(),
        _ => "",
    }
}

/// "24 November 2026"; "24 નવેમ્બર, 2026".
fn date(content: &Content, day: NaiveDate) -> String {
    let (d, y) = (day.day().to_string(), day.year().to_string());
    fill(word(content, "date", None), &[("day", &d), ("month", word(content, "months", Some(day.month()))), ("year", &y)])
}

/// "Tuesday, 24 November 2026".
pub fn long_date(content: &Content, day: NaiveDate) -> String {
    let weekday = word(content, "weekdays", Some(day.weekday().number_from_monday()));
    fill(word(content, "longDate", None), &[("weekday", weekday), ("date", &date(content, day))])
}

/// A time of day, 12-hour, in the language's words: "2:05 PM" (as the pages'
/// `clockTime` writes it).
pub fn time_of_day(content: &Content, hour: u32, minute: u32) -> String {
    let period = word(content, if hour < 12 { "am" } else { "pm" }, None);
    let (h, m) = (((hour + 11) % 12 + 1).to_string(), format!("{minute:02}"));
    fill(word(content, "time", None), &[("hour", &h), ("minute", &m), ("period", period)])
}

/// A moment: "9:00 AM on Thursday, 3 December 2026" (as the pages' `moment`).
pub fn moment(content: &Content, at: NaiveDateTime) -> String {
    let time = time_of_day(content, at.hour(), at.minute());
    fill(word(content, "moment", None), &[("time", &time), ("date", &long_date(content, at.date()))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{get, Lang};

    #[test]
    fn the_server_writes_days_as_the_pages_do() {
        let table: serde_json::Value = serde_json::from_str(include_str!("calendar-cases.json")).unwrap();
        let cases = table["cases"].as_array().unwrap();
        assert!(cases.iter().filter(|c| c["what"] == "longDate").count() >= 3);
        for case in cases {
            let content = get(Lang::parse(case["lang"].as_str().unwrap()).unwrap());
            assert_eq!(content.lang.as_str(), case["lang"].as_str().unwrap(), "the language has its own texts");
            let input = case["in"].as_str().unwrap();
            let day = || NaiveDate::parse_from_str(input, "%Y-%m-%d").unwrap();
            let got = match case["what"].as_str().unwrap() {
                "longDate" => long_date(&content, day()),
                "date" => date(&content, day()),
                "hour" => time_of_day(&content, input.parse().unwrap(), 0),
                "moment" => moment(&content, NaiveDateTime::parse_from_str(input, "%Y-%m-%dT%H:%M").unwrap()),
                // Written by the pages only.
                "monthYear" | "weekdayShort" | "instant" => continue,
                other => panic!("no such case: {other}"),
            };
            assert_eq!(got, case["out"].as_str().unwrap(), "{case}");
        }
    }
}

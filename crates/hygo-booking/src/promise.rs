//! What a patient is promised after a request (issue 43): by when the clinic
//! will call, decided from the request's time *and* the visit's, and when a
//! request nobody confirms lapses. The success screens, the JSON answer's
//! message, the acknowledgement e-mail and the confirmation page say the same,
//! from one `Promise` decided when the request is stored and kept with it
//! (`appointments.promise`, migration 23).
//!
//! The clinic calls only while it is open (its `openingHours`), so every time
//! promised is one when it is open:
//! - **Later**: the spec's promise holds: a call within `PROMISE_HOURS`
//!   hours, while the clinic is open, at least an hour before the visit.
//! - **LaterBy**: the same, but 24 hours on the clinic is closed (a request
//!   on Saturday evening): a call by the last open moment before then, or
//!   after two hours of the clinic being open, whichever is later.
//! - **Before**: the visit comes sooner than that (a request at 20:30 for
//!   10:00 the next morning): a call within two open hours, or at least an
//!   hour before the visit, whichever is sooner.
//! - **CallUs**: no such time is left (a request at 07:00 for 08:30): the
//!   patient is asked to call, from when the clinic opens.
//!
//! Each but the last says what to do if nobody calls (phone the clinic with
//! the reference), and one whose request would lapse before the visit says
//! when it lapses.

use chrono::{Datelike, Duration, NaiveDateTime, NaiveTime, Timelike};
use serde::{Deserialize, Serialize};

use crate::form::Message;

/// The clinic answers a request within this many hours (the spec's promise); the
/// inbox flags requests older than that.
pub(crate) const PROMISE_HOURS: i64 = 24;
/// A request for a visit sooner than the usual promise is answered within this
/// many hours of the clinic being open…
const SOON_HOURS: i64 = 2;
/// …and at least this long before the visit.
const BEFORE_VISIT_MINUTES: i64 = 60;
/// Less time than this to call in: the patient is asked to call instead.
const LEAST_MINUTES: i64 = 15;

/// Which promise a request gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "Reply")]
pub enum Reply {
    /// Within `PROMISE_HOURS` hours (the visit is later than that).
    Later,
    /// By `by`, later than 24 hours on (the clinic is closed then).
    LaterBy,
    /// Before `by`, which comes before the visit.
    Before,
    /// No time is left to call: the patient calls, from `opens`.
    CallUs,
}

/// What a request was promised (IST wall-clock times, "YYYY-MM-DDTHH:MM").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "RequestPromise")]
pub struct Promise {
    pub reply: Reply,
    /// When the request was sent.
    pub asked: String,
    /// By when the clinic calls (Later, Before); for CallUs, the visit.
    pub by: String,
    /// When the clinic next answers its phone (now, if it is open).
    pub opens: String,
    /// When the request lapses if nobody confirms it (its time is freed).
    pub lapses: String,
    /// Whether it would lapse before the visit (then the patient is told when).
    pub lapses_first: bool,
    /// The clinic's number to call.
    pub phone: String,
}

/// The clinic's opening hours as `catalogue/clinics.json` writes them
/// (schema.org's `openingHours`: "Mo-Sa 08:00-20:00", several separated by
/// commas or semicolons); the spec's Monday to Saturday, 8 AM to 8 PM when
/// the text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Opening {
    /// For each weekday, Monday first: its opening and closing time.
    days: [Option<(NaiveTime, NaiveTime)>; 7],
}

impl Opening {
    pub(crate) fn parse(text: &str) -> Opening {
        Self::read(text).unwrap_or_else(|| Self::read("Mo-Sa 08:00-20:00").expect("the spec's hours read"))
    }

    fn read(text: &str) -> Option<Opening> {
        const NAMES: [&str; 7] = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];
        let day = |n: &str| NAMES.iter().position(|d| *d == n);
        let mut days = [None; 7];
        for part in text.split([',', ';']).map(str::trim).filter(|p| !p.is_empty()) {
            let (which, hours) = part.split_once(' ')?;
            let (from, until) = hours.trim().split_once('-')?;
            let time = |t: &str| NaiveTime::parse_from_str(t.trim(), "%H:%M").ok();
            let range = (time(from)?, time(until)?);
            let (first, last) = match which.split_once('-') {
                Some((a, b)) => (day(a)?, day(b)?),
                None => (day(which)?, day(which)?),
            };
            for d in first..=last {
                days[d] = Some(range);
            }
        }
        days.iter().any(Option::is_some).then_some(Opening { days })
    }

    /// Each opening of the clinic, as (from, until), on the days from `from`'s to `until`'s.
    fn spans(&self, from: NaiveDateTime, until: NaiveDateTime) -> Vec<(NaiveDateTime, NaiveDateTime)> {
        let days = (until.date() - from.date()).num_days().clamp(0, 400);
        (0..=days)
            .map(|n| from.date() + Duration::days(n))
            .filter_map(|date| self.days[date.weekday().num_days_from_monday() as usize].map(|(o, c)| (date.and_time(o), date.and_time(c))))
            .collect()
    }

    /// The first moment at or after `at` when the clinic is open.
    fn next_open(&self, at: NaiveDateTime) -> NaiveDateTime {
        self.spans(at, at + Duration::days(7)).into_iter().find(|(_, close)| at < *close).map_or(at, |(open, _)| at.max(open))
    }

    /// The last moment at or before `at` when the clinic is open (or `at`
    /// itself, when it is open then); None when it is not open in the week before.
    fn last_open(&self, at: NaiveDateTime) -> Option<NaiveDateTime> {
        self.spans(at - Duration::days(7), at).into_iter().rev().find(|(open, _)| *open <= at).map(|(_, close)| at.min(close))
    }

    /// How long the clinic is open between `from` and `until`.
    fn open_between(&self, from: NaiveDateTime, until: NaiveDateTime) -> Duration {
        self.spans(from, until).into_iter().map(|(o, c)| (c.min(until) - o.max(from)).max(Duration::zero())).fold(Duration::zero(), |a, b| a + b)
    }

    /// The moment the clinic has been open for `open` since `from`.
    fn after_open(&self, from: NaiveDateTime, open: Duration) -> NaiveDateTime {
        let mut left = open;
        for (o, c) in self.spans(from, from + Duration::days(14)) {
            let start = o.max(from);
            if c <= start {
                continue;
            }
            if c - start >= left {
                return start + left;
            }
            left -= c - start;
        }
        from + open
    }
}

/// A promise for the tests of other modules: asked and visited at these
/// moments ("2030-11-04 09:00"), at the spec's hours, lapsing after 48 hours.
#[cfg(test)]
pub(crate) fn sample(asked: &str, visit: &str) -> Promise {
    let at = |t: &str| NaiveDateTime::parse_from_str(t, "%Y-%m-%d %H:%M").expect("a moment");
    Promise::decide(at(asked), at(visit), &Opening::parse("Mo-Sa 08:00-20:00"), "+91 281 245 6700", 48)
}

/// `at`, or the next quarter hour after it.
fn quarter_after(at: NaiveDateTime) -> NaiveDateTime {
    let past = i64::from(at.time().minute() % 15) * 60 + i64::from(at.time().second());
    if past == 0 { at } else { at + Duration::seconds(15 * 60 - past) }
}

impl Promise {
    /// The promise for a request sent at `asked` for a visit at `visit` (both
    /// IST), at a clinic open `opening` whose number is `phone`; it lapses
    /// `expiry_hours` after it was sent.
    pub(crate) fn decide(asked: NaiveDateTime, visit: NaiveDateTime, opening: &Opening, phone: &str, expiry_hours: i64) -> Promise {
        let usual = asked + Duration::hours(PROMISE_HOURS);
        // Within two hours of the clinic being open, at the soonest, said to the
        // quarter hour after ("before 2:30 PM", not "before 2:28 PM").
        let soon = quarter_after(opening.after_open(asked, Duration::hours(SOON_HOURS)));
        let later = opening.last_open(usual).filter(|t| *t >= soon).unwrap_or(soon);
        let latest = opening.last_open(visit - Duration::minutes(BEFORE_VISIT_MINUTES)).unwrap_or(asked);
        let (reply, by) = if later <= latest {
            (if later == usual { Reply::Later } else { Reply::LaterBy }, later)
        } else if soon <= latest {
            (Reply::Before, soon)
        } else if latest > asked && opening.open_between(asked, latest) >= Duration::minutes(LEAST_MINUTES) {
            (Reply::Before, latest)
        } else {
            (Reply::CallUs, visit)
        };
        let at = |t: NaiveDateTime| t.format("%Y-%m-%dT%H:%M").to_string();
        Promise { reply, asked: at(asked), by: at(by), opens: at(opening.next_open(asked)), lapses: at(asked + Duration::hours(expiry_hours)), lapses_first: asked + Duration::hours(expiry_hours) < visit, phone: phone.to_owned() }
    }

    /// The promise kept with a request (`appointments.promise`); None for a
    /// row written before promises were kept.
    pub fn read(stored: &str) -> Option<Promise> {
        serde_json::from_str(stored).ok()
    }

    pub(crate) fn stored(&self) -> String {
        serde_json::to_string(self).expect("a promise serializes")
    }

    /// Whether the clinic is open when the request is sent (it can be called now).
    pub(crate) fn open_now(&self) -> bool {
        self.opens == self.asked
    }

    /// The JSON answer's message: the promise, in the answer's language.
    pub fn message(&self) -> Message {
        let key = match self.reply {
            Reply::Later => "appointment.requested",
            Reply::LaterBy => "appointment.requestedBy",
            Reply::Before => "appointment.requestedSoon",
            Reply::CallUs if self.open_now() => "appointment.requestedCallUsNow",
            Reply::CallUs => "appointment.requestedCallUs",
        };
        self.filled(Message::new(key))
    }

    /// The promise as the acknowledgement e-mail words it: when the clinic
    /// calls, what to do if nobody does, and when the request lapses.
    pub(crate) fn mail_text(&self, lang: &str) -> String {
        let key = match self.reply {
            Reply::Later => "mail.promiseLater",
            Reply::LaterBy => "mail.promiseBy",
            Reply::Before => "mail.promiseSoon",
            Reply::CallUs if self.open_now() => "mail.promiseCallUsNow",
            Reply::CallUs => "mail.promiseCallUs",
        };
        let mut parts = vec![self.filled(Message::new(key)).text(lang)];
        if self.reply != Reply::CallUs {
            parts.push(self.filled(Message::new("mail.promiseIfNobody")).text(lang));
        }
        if self.lapses_first {
            parts.push(self.filled(Message::new("mail.promiseLapses")).text(lang));
        }
        parts.join(" ")
    }

    /// A message filled with the promise's values: `{by}`, `{opens}`, `{lapses}`
    /// (moments in the message's language), `{phone}` and `{hours}`.
    pub(crate) fn filled(&self, message: Message) -> Message {
        let moment = |t: &str| NaiveDateTime::parse_from_str(t, "%Y-%m-%dT%H:%M").ok();
        let mut m = message.with("phone", self.phone.clone()).with("hours", PROMISE_HOURS.to_string());
        for (name, at) in [("by", &self.by), ("opens", &self.opens), ("lapses", &self.lapses)] {
            m = match moment(at) {
                Some(t) => m.with_moment(name, t),
                None => m.with(name, at.clone()),
            };
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(t: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(t, "%Y-%m-%d %H:%M").unwrap()
    }

    fn promise(asked: &str, visit: &str) -> Promise {
        Promise::decide(at(asked), at(visit), &Opening::parse("Mo-Sa 08:00-20:00"), "+91 281 000 0000", 48)
    }

    // 2026-12-02 is a Wednesday, 2026-12-05 a Saturday, 2026-12-06 a Sunday.
    #[test]
    fn a_visit_sooner_than_the_usual_promise_gets_a_call_before_it() {
        let late = promise("2026-12-02 20:30", "2026-12-03 10:00");
        assert_eq!((late.reply, late.by.as_str(), late.opens.as_str()), (Reply::Before, "2026-12-03T09:00", "2026-12-03T08:00"), "an hour before the visit, once the clinic is open");
        assert_eq!(late.lapses, "2026-12-04T20:30");
        let today = promise("2026-12-02 09:00", "2026-12-02 17:00");
        assert_eq!((today.reply, today.by.as_str()), (Reply::Before, "2026-12-02T11:00"), "within two open hours");
        let odd = promise("2026-12-02 12:28", "2026-12-03 11:00");
        assert_eq!((odd.reply, odd.by.as_str()), (Reply::Before, "2026-12-02T14:30"), "to the quarter hour after");
        let early = promise("2026-12-02 07:00", "2026-12-02 08:30");
        assert_eq!((early.reply, early.by.as_str(), early.opens.as_str()), (Reply::CallUs, "2026-12-02T08:30", "2026-12-02T08:00"), "no time left to call: the patient calls");
        let weekend = promise("2026-12-05 19:30", "2026-12-07 09:30");
        assert_eq!((weekend.reply, weekend.by.as_str(), weekend.opens.as_str()), (Reply::Before, "2026-12-07T08:30", "2026-12-05T19:30"), "Saturday evening for Monday morning: before 8:30 on Monday");
    }

    #[test]
    fn a_later_visit_keeps_the_spec_s_24_hours_while_the_clinic_is_open_then() {
        let far = promise("2026-12-02 09:00", "2026-12-04 09:00");
        assert_eq!((far.reply, far.by.as_str()), (Reply::Later, "2026-12-03T09:00"), "the spec's 24 hours");
        let night = promise("2026-12-02 21:00", "2026-12-07 11:00");
        assert_eq!((night.reply, night.by.as_str()), (Reply::LaterBy, "2026-12-03T20:00"), "24 hours on the clinic is closed: by its closing time before");
        let saturday = promise("2026-12-05 19:30", "2026-12-09 11:00");
        assert_eq!((saturday.reply, saturday.by.as_str()), (Reply::LaterBy, "2026-12-07T09:30"), "closed on Sunday: after two open hours, on Monday");
    }

    #[test]
    fn opening_hours_are_read_as_the_catalogue_writes_them() {
        let o = Opening::parse("Mo-Fr 09:00-17:00, Sa 10:00-13:00");
        assert_eq!(o.next_open(at("2026-12-05 14:00")), at("2026-12-07 09:00"), "Saturday after closing: Monday");
        assert_eq!(o.next_open(at("2026-12-05 09:00")), at("2026-12-05 10:00"));
        assert_eq!(Opening::parse("whenever"), Opening::parse("Mo-Sa 08:00-20:00"), "unreadable: the spec's hours");
    }

    #[test]
    fn a_promise_is_kept_as_it_was_made() {
        let p = promise("2026-12-02 20:30", "2026-12-03 10:00");
        assert_eq!(Promise::read(&p.stored()), Some(p));
        assert_eq!(Promise::read(""), None);
    }
}

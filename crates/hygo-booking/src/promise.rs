//! What a patient is promised after a request: when the clinic will be in touch
//! (the success screens, the JSON answer's message and the acknowledgement
//! e-mail say the same), and the promise the desk's inbox holds itself to.

use chrono::NaiveDate;
use serde::Serialize;

/// The clinic answers a request within this many hours (the spec's promise); the
/// inbox flags requests older than that.
pub(crate) const PROMISE_HOURS: i64 = 24;

/// When the clinic promises to be in touch about a request: a request for the
/// same day cannot wait a day for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// A request for the day it is made: a call within two hours of opening time.
    Today,
    /// Any later day: within `PROMISE_HOURS` hours.
    Later,
}

impl Reply {
    /// The promise for a visit on `visit`, asked for on `asked_on` (both IST days).
    pub fn of(visit: NaiveDate, asked_on: NaiveDate) -> Self {
        if visit <= asked_on { Reply::Today } else { Reply::Later }
    }

    /// The key of the JSON answer's message (`catalogue/messages`).
    pub fn message(self) -> &'static str {
        match self {
            Reply::Today => "appointment.requestedToday",
            Reply::Later => "appointment.requested",
        }
    }
}

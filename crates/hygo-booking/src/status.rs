//! Where an appointment request stands, and what staff may do to it next: the
//! statuses and steps the inbox, the schedule, the notices and the pages share
//! (the transitions themselves are `crate::inbox`'s).

use serde::{Deserialize, Serialize};

/// Where an appointment request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "RequestStatus")]
pub enum Status {
    Requested,
    Confirmed,
    Declined,
    Rescheduled,
    /// The patient has come in (the front desk's "Arrived").
    Arrived,
    Completed,
    NoShow,
    Cancelled,
    Expired,
}

impl Status {
    pub const ALL: [Status; 9] = [
        Status::Requested,
        Status::Confirmed,
        Status::Rescheduled,
        Status::Arrived,
        Status::Declined,
        Status::Completed,
        Status::NoShow,
        Status::Cancelled,
        Status::Expired,
    ];

    /// The statuses whose request holds its slot (the unique index's condition).
    /// (migration 13: `arrived` too).
    pub(crate) const HOLDING_SLOT: [&'static str; 6] = ["requested", "confirmed", "rescheduled", "arrived", "completed", "no-show"];

    /// A visit the clinic expects or has: confirmed, rescheduled or arrived.
    pub(crate) const VISITING: [Status; 3] = [Status::Confirmed, Status::Rescheduled, Status::Arrived];

    /// A visit that took place: the patient came (`patients`: a returning patient).
    pub(crate) const VISITED: [Status; 2] = [Status::Arrived, Status::Completed];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Requested => "requested",
            Status::Confirmed => "confirmed",
            Status::Declined => "declined",
            Status::Rescheduled => "rescheduled",
            Status::Arrived => "arrived",
            Status::Completed => "completed",
            Status::NoShow => "no-show",
            Status::Cancelled => "cancelled",
            Status::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// (Its tests hold the unique index's statuses to it.)
    #[cfg(test)]
    pub(crate) fn holds_slot(self) -> bool {
        Status::HOLDING_SLOT.contains(&self.as_str())
    }

    /// What staff may do next with a request in this status.
    pub fn next(self) -> &'static [Step] {
        match self {
            Status::Requested => &[Step::Confirm, Step::Reschedule, Step::Decline],
            Status::Confirmed | Status::Rescheduled => &[Step::Arrive, Step::Complete, Step::NoShow, Step::Reschedule, Step::Cancel],
            Status::Arrived => &[Step::Complete, Step::NoShow],
            _ => &[],
        }
    }
}

/// What staff do to a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "RequestStep")]
pub enum Step {
    Confirm,
    Decline,
    Reschedule,
    /// The patient has come in: only on the day of the visit.
    Arrive,
    Complete,
    NoShow,
    Cancel,
}

impl Step {
    pub fn as_str(self) -> &'static str {
        match self {
            Step::Confirm => "confirm",
            Step::Decline => "decline",
            Step::Reschedule => "reschedule",
            Step::Arrive => "arrive",
            Step::Complete => "complete",
            Step::NoShow => "no-show",
            Step::Cancel => "cancel",
        }
    }

    /// The status a request has after this step.
    pub fn result(self) -> Status {
        match self {
            Step::Confirm => Status::Confirmed,
            Step::Decline => Status::Declined,
            Step::Reschedule => Status::Rescheduled,
            Step::Arrive => Status::Arrived,
            Step::Complete => Status::Completed,
            Step::NoShow => Status::NoShow,
            Step::Cancel => Status::Cancelled,
        }
    }
}

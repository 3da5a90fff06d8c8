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
    Completed,
    NoShow,
    Cancelled,
    Expired,
}

impl Status {
    pub const ALL: [Status; 8] = [
        Status::Requested,
        Status::Confirmed,
        Status::Rescheduled,
        Status::Declined,
        Status::Completed,
        Status::NoShow,
        Status::Cancelled,
        Status::Expired,
    ];

    /// The statuses whose request holds its slot (the unique index's condition).
    pub const HOLDING_SLOT: [&'static str; 5] = ["requested", "confirmed", "rescheduled", "completed", "no-show"];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Requested => "requested",
            Status::Confirmed => "confirmed",
            Status::Declined => "declined",
            Status::Rescheduled => "rescheduled",
            Status::Completed => "completed",
            Status::NoShow => "no-show",
            Status::Cancelled => "cancelled",
            Status::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn holds_slot(self) -> bool {
        Status::HOLDING_SLOT.contains(&self.as_str())
    }

    /// What staff may do next with a request in this status.
    pub fn next(self) -> &'static [Step] {
        match self {
            Status::Requested => &[Step::Confirm, Step::Reschedule, Step::Decline],
            Status::Confirmed | Status::Rescheduled => &[Step::Complete, Step::NoShow, Step::Reschedule, Step::Cancel],
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
            Step::Complete => Status::Completed,
            Step::NoShow => Status::NoShow,
            Step::Cancel => Status::Cancelled,
        }
    }
}

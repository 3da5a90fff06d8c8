//! Requests from patients and what the clinic does with them: appointment
//! requests and their statuses, holding a slot, the inbox, health-card requests,
//! contact messages, the newsletter, confirmation pages, the e-mails,
//! calendar invitations and phone messages they send.

pub mod appointments;
pub mod calendar;
pub mod card_requests;
pub mod contact_messages;
pub mod desk;
pub mod inbox;
mod intake;
pub mod letters;
pub mod messages;
pub mod newsletter;
pub mod notices;
pub mod patients;
pub mod promise;
pub mod receipts;
pub mod reminders;
pub mod status;
pub mod visits;

// The lower crates' modules this one's code names through `crate::`.
use hygo_content as content;
use hygo_core::{DataError, Db, audit, db, entities, form, ist, mail, messaging, refs};
use hygo_schedule::{leave, schedule, slots, window};

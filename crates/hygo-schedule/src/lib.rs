//! When doctors work: weekly hours, changes of hours, clinic closures, leave, and
//! the slot engine that makes a day's free times from them.

pub mod leave;
pub mod schedule;
pub mod slots;
pub mod window;

// The lower crates' modules this one's code names through `crate::`.
use hygo_content as content;
use hygo_core::{DataError, Db, audit, db, entities, form, ist};

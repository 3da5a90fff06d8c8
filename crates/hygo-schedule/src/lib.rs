//! When doctors work: weekly hours, changes of hours, clinic closures, leave, and
//! the slot engine that makes a day's free times from them.

pub mod leave;
pub mod schedule;
pub mod slots;

// The lower crates' modules this one's code names through `crate::`.
use hygo_content::catalogue;
use hygo_core::{audit, db, entities, form, ist, DataError, Db};


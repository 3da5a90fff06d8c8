//! Who the clinic's doctors are and how to find them: the doctors' profiles
//! and availability, their photos, the console's doctor edits, and the site search.

pub mod doctor_edit;
pub mod doctor_photos;
pub mod doctors;
pub mod photos;
pub mod search;

// The lower crates' modules this one's code names through `crate::`.
use hygo_content as content;
use hygo_core::{DataError, Db, audit, db, entities, form, ist, weekday};
use hygo_schedule::{leave, slots};

pub use doctors::Doctor;

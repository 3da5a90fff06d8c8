//! SeaORM entities, one file per table; the schema itself is in `migrations/`.

pub mod department;
pub mod doctor;
pub mod office_hours;

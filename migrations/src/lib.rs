//! Schema migrations, applied at start-up (`hygo serve`) on SQLite and PostgreSQL
//! alike. Add a migration as a new module and list it in `Migrator::migrations`;
//! never edit one that has shipped. `parts` holds what new ones share (a key to a
//! doctor, an index, the data-version triggers). A migration that drops and makes
//! again (an index with a new condition) runs in one transaction
//! (`use_transaction`): on SQLite the pool would run its statements on several
//! connections otherwise.

pub use sea_orm_migration::prelude::*;

mod m20261122_000001_doctors;
mod m20261123_000002_requests;
mod m20261124_000003_outbox;
mod m20261125_000004_data_version;
mod m20261126_000005_clinics_and_leave;
mod m20261127_000006_option_ids;
mod m20261128_000007_abuse;
mod m20261128_000008_write_probe;
mod m20261128_000009_references_and_consent;
mod m20261201_000010_staff;
mod m20261203_000011_schedules;
mod m20261210_000012_device_cookies;
mod m20261226_000013_arrived;
mod m20261227_000014_department_key;
mod m20261228_000015_channel;
mod m20261229_000016_item_status;
mod m20261230_000017_asked_department;
mod m20261231_000018_doctor_day_index;
mod m20270101_000019_content_store;
mod m20270102_000020_content_images;
mod m20270103_000021_request_language;
mod m20270104_000022_hours_as_data;
mod m20270105_000023_request_promise;
mod m20270106_000024_doctor_fee_and_rating_source;
mod m20270107_000025_sign_in_network;
mod m20270108_000026_kept_form;
mod m20270109_000027_phones_in_one_form;
mod m20270110_000028_phone_messages;
mod m20270111_000029_visit_links;
mod m20270112_000030_away_visits;
mod parts;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_doctors::Migration),
            Box::new(m20261123_000002_requests::Migration),
            Box::new(m20261124_000003_outbox::Migration),
            Box::new(m20261125_000004_data_version::Migration),
            Box::new(m20261126_000005_clinics_and_leave::Migration),
            Box::new(m20261127_000006_option_ids::Migration),
            Box::new(m20261128_000007_abuse::Migration),
            Box::new(m20261128_000008_write_probe::Migration),
            Box::new(m20261128_000009_references_and_consent::Migration),
            Box::new(m20261201_000010_staff::Migration),
            Box::new(m20261203_000011_schedules::Migration),
            Box::new(m20261210_000012_device_cookies::Migration),
            Box::new(m20261226_000013_arrived::Migration),
            Box::new(m20261227_000014_department_key::Migration),
            Box::new(m20261228_000015_channel::Migration),
            Box::new(m20261229_000016_item_status::Migration),
            Box::new(m20261230_000017_asked_department::Migration),
            Box::new(m20261231_000018_doctor_day_index::Migration),
            Box::new(m20270101_000019_content_store::Migration),
            Box::new(m20270102_000020_content_images::Migration),
            Box::new(m20270103_000021_request_language::Migration),
            Box::new(m20270104_000022_hours_as_data::Migration),
            Box::new(m20270105_000023_request_promise::Migration),
            Box::new(m20270106_000024_doctor_fee_and_rating_source::Migration),
            Box::new(m20270107_000025_sign_in_network::Migration),
            Box::new(m20270108_000026_kept_form::Migration),
            Box::new(m20270109_000027_phones_in_one_form::Migration),
            Box::new(m20270110_000028_phone_messages::Migration),
            Box::new(m20270111_000029_visit_links::Migration),
            Box::new(m20270112_000030_away_visits::Migration),
        ]
    }
}

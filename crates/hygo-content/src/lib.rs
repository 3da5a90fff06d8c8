//! What editors and translators touch: the site's texts and lists (the catalogue,
//! `catalogue/*.json`), read into Rust types, and the messages by language.

pub mod catalogue;


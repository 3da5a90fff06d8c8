//! The HYGO web server: actix-web serving the JSON API and the React pages rendered
//! in the embedded JavaScript runtime. `docs/architecture.md` walks through it.

pub mod access;
pub mod actions;
pub mod api;
pub mod app;
pub mod assets;
pub mod cache;
pub mod channels;
pub mod config;
pub mod edge;
pub mod encoding;
pub mod error;
pub mod form_guard;
pub mod language_paths;
pub mod limit;
pub mod links;
pub mod mail;
pub mod metrics;
pub mod pages;
pub mod photos;
pub mod scale;
pub mod serve;
pub mod staff;
pub mod state;
pub mod tasks;
pub mod telemetry;
pub mod write;

/// The UI build's outputs, embedded by build.rs.
pub mod ui_assets {
    include!(concat!(env!("OUT_DIR"), "/ui_assets.rs"));
}

//! The files the UI build takes from the Rust side, generated here and committed
//! under `ui/src/generated/`: the browser's table of pages and the server bundle's
//! imports, both from the page registry (`src/pages/registry.rs`).
//!
//! A file that is out of date is written anew and the test fails, so CI refuses a
//! change that forgot to commit it; run `cargo test --test generated` and commit.

use std::path::{Path, PathBuf};

use hygo::pages::registry::PAGES;

fn ui() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("ui")
}

/// Compares a generated file with the committed one; rewrites it when they differ.
fn check(relative: &str, fresh: &str) -> Result<(), String> {
    let file = ui().join(relative);
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    if committed == fresh {
        return Ok(());
    }
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, fresh).unwrap();
    Err(format!("ui/{relative} was out of date; it has been written anew: review and commit it"))
}

fn components() -> Vec<&'static str> {
    let mut all: Vec<&str> = PAGES.iter().map(|p| p.component).collect();
    all.sort();
    all.dedup();
    all
}

#[test]
fn the_browser_s_table_of_pages_is_the_registry_s() {
    let paths: Vec<serde_json::Value> =
        PAGES.iter().flat_map(|p| p.paths.iter().map(move |path| serde_json::json!([path, p.component]))).collect();
    let table = serde_json::json!({
        "//": "Generated from src/pages/registry.rs by `cargo test --test generated`; do not edit.",
        "components": components(),
        "paths": paths,
    });
    let fresh = format!("{}\n", serde_json::to_string_pretty(&table).unwrap());
    let server: String = components().iter().map(|c| format!("import {c} from \"../pages/{c}\";\n")).collect();
    let server = format!(
        "// Generated from src/pages/registry.rs by `cargo test --test generated`; do not edit.\n\
         // The server bundle's pages: all of them, bundled in (QuickJS loads one file).\n\
         {server}\nexport const SERVER_PAGES = {{ {} }};\n",
        components().join(", ")
    );
    let results = [check("src/generated/pages.json", &fresh), check("src/generated/server-pages.ts", &server)];
    let failed: Vec<String> = results.into_iter().filter_map(Result::err).collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Every registry page has its component, and every component is some page's.
#[test]
fn every_page_has_a_component_and_every_component_a_page() {
    let dir = ui().join("src/pages");
    for component in components() {
        assert!(dir.join(format!("{component}.tsx")).is_file(), "the registry names {component}, but ui/src/pages/{component}.tsx is missing");
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let Some(component) = name.strip_suffix(".tsx") else { continue };
        assert!(components().contains(&component), "ui/src/pages/{name} is no page of the registry (src/pages/registry.rs)");
    }
}

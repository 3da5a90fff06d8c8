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

/// The browser suite's list of pages (`ui/test/browser/harness.mjs`, `ROUTES`):
/// every page of the registry with its canonical path, so a new page gets axe,
/// the visual check and the weight budget without anyone listing it there.
#[test]
fn the_browser_suite_s_pages_are_the_registry_s() {
    let pages: Vec<serde_json::Value> = PAGES
        .iter()
        .map(|p| serde_json::json!({ "name": p.name, "path": p.canonical(), "staff": matches!(p.scope, hygo::pages::Scope::Staff(_)) }))
        .collect();
    let table = serde_json::json!({
        "//": "Generated from src/pages/registry.rs by `cargo test --test generated`; do not edit.",
        "pages": pages,
    });
    let fresh = format!("{}\n", serde_json::to_string_pretty(&table).unwrap());
    check("test/browser/pages.json", &fresh).unwrap();
}

/// The console's links (`ui/src/lib/links.ts`): each page's address by name
/// and each write's path, from the routes (`src/pages/url.rs`) and the table of
/// writes (`src/staff/mod.rs`), so a component names a page or a write and the
/// type checker refuses one that is not there.
#[test]
fn the_browser_s_links_are_the_routes() {
    let pages: Vec<String> = hygo::pages::url::ROUTES.iter().map(|r| format!("  {:?}: {:?},\n", r.name, r.canonical())).collect();
    let mut writes: Vec<&str> = hygo::staff::STAFF_ROUTES.iter().map(|(_, path, _)| *path).collect();
    writes.dedup();
    let writes: Vec<String> = writes.iter().map(|w| format!("  {w:?},\n")).collect();
    let fresh = format!(
        "// Generated from src/pages/url.rs and src/staff/mod.rs by `cargo test --test generated`; do not edit.\n\
         /** Every page's address by its name (its first path; `{{…}}` is one segment). */\n\
         export const PAGE_PATHS = {{\n{}}} as const;\n\n\
         /** Every path the console posts to (and its export). */\n\
         export const WRITE_PATHS = [\n{}] as const;\n",
        pages.concat(),
        writes.concat()
    );
    check("src/generated/routes.ts", &fresh).unwrap();
}

/// The public pages' links (`ui/src/lib/public-links.ts`): each public page's
/// address by name, in a table of its own so the public pages' code carries no
/// console address (and the console's table no weight on the public pages).
#[test]
fn the_public_pages_links_are_the_registry_s() {
    let pages: Vec<String> = PAGES
        .iter()
        .filter(|p| p.scope == hygo::pages::Scope::Public)
        .map(|p| format!("  {:?}: {:?},\n", p.name, p.canonical()))
        .collect();
    let fresh = format!(
        "// Generated from src/pages/registry.rs by `cargo test --test generated`; do not edit.\n\
         /** Every public page's address by its name (its first path; `{{…}}` is one segment). */\n\
         export const PUBLIC_PATHS = {{\n{}}} as const;\n",
        pages.concat()
    );
    check("src/generated/public-routes.ts", &fresh).unwrap();
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

/// Every type the props and the API's answers are made of, as TypeScript, in one file.
#[test]
fn the_props_types_are_the_rust_structs() {
    use std::collections::BTreeMap;
    use ts_rs::{TypeVisitor, TS};

    /// Collects the declarations of a type and of everything it is made of.
    struct Collect(BTreeMap<String, String>, ts_rs::Config);
    impl TypeVisitor for Collect {
        fn visit<T: TS + 'static + ?Sized>(&mut self) {
            if T::output_path().is_some() {
                let name = T::ident(&self.1);
                if self.0.contains_key(&name) {
                    return;
                }
                self.0.insert(name, T::decl(&self.1));
            }
            T::visit_dependencies(self);
        }
    }
    let mut all = Collect(BTreeMap::new(), ts_rs::Config::new());
    all.visit::<hygo::pages::Props>();
    // The API's answers that no page holds.
    all.visit::<hygo_booking::appointments::Booked>();
    all.visit::<hygo_booking::appointments::DaySlots>();
    all.visit::<hygo_directory::search::SearchResult>();
    all.visit::<hygo::api::search::Answer>();
    all.visit::<hygo::error::Body<'static>>();
    all.visit::<hygo::actions::StoredAnswer>();
    let mut out = String::from(
        "// Generated from the Rust structs of the props and the API's answers by\n\
         // `cargo test --test generated`; do not edit. The catalogue's types are\n\
         // hygo-content's (SiteCatalogue, HomeContent, …); only the interface texts'\n\
         // are the English files' own (ui/src/catalogue.ts).\n\
         import type { StaffTexts, Texts } from \"../catalogue\";\n\n",
    );
    for decl in all.0.values() {
        out.push_str("export ");
        out.push_str(decl.trim());
        out.push_str("\n\n");
    }
    let out = format!("{}\n", out.trim_end());
    if let Err(e) = check("src/generated/props.ts", &out) {
        panic!("{e}");
    }
    // The union's components are the registry's.
    for component in components() {
        assert!(out.contains(&format!("\"component\": \"{component}\"")), "PageData has no variant for {component}");
    }
}

/// The booking wizards' steps: which step shows each field, for the browser's
/// wizard (the no-JavaScript one is `hygo::actions::appointment`), one table.
#[test]
fn the_wizard_s_steps_are_the_server_s() {
    use hygo::actions::appointment::{FIELD_STEPS, OTHER_FIELDS_STEP, STEPS};
    let general: serde_json::Map<String, serde_json::Value> = FIELD_STEPS.iter().map(|(f, a, _)| ((*f).to_owned(), (*a).into())).collect();
    let doctor: serde_json::Map<String, serde_json::Value> = FIELD_STEPS.iter().map(|(f, _, b)| ((*f).to_owned(), (*b).into())).collect();
    let table = serde_json::json!({
        "//": "Generated from src/actions/appointment.rs by `cargo test --test generated`; do not edit.",
        "steps": STEPS,
        "otherFields": OTHER_FIELDS_STEP,
        "general": general,
        "doctor": doctor,
    });
    let fresh = format!("{}\n", serde_json::to_string_pretty(&table).unwrap());
    if let Err(e) = check("src/generated/wizard.json", &fresh) {
        panic!("{e}");
    }
}

/// The message templates the clinic registers with Meta (WhatsApp) and on the
/// DLT platform (SMS), in every language, with their parameters in the order
/// they are sent: `docs/templates.md`, from the catalogue's texts
/// (`hygo_booking::messages`), so the registered texts are always the sent ones.
#[test]
fn the_templates_to_register_are_the_catalogue_s() {
    use hygo_booking::messages::{SMS_TEMPLATES, WHATSAPP_TEMPLATES, Template};
    let section = |title: &str, intro: &str, templates: &[Template], body: fn(&Template, hygo_content::Lang) -> String| {
        let mut text = format!("## {title}\n\n{intro}\n");
        for t in templates {
            text.push_str(&format!("\n### `{}`\n\nParameters, in order: {}.\n\n", t.name, t.params.iter().enumerate().map(|(i, p)| format!("{} `{p}`", i + 1)).collect::<Vec<_>>().join(", ")));
            for lang in hygo_content::LANGUAGES {
                text.push_str(&format!("- `{}`: {}\n", lang.as_str(), body(t, *lang)));
            }
        }
        text
    };
    let fresh = format!(
        "# Message templates to register\n\n\
         Generated from the catalogue (`crates/hygo-content/catalogue/messages/*.json`, keys `update.*`) and\n\
         `crates/hygo-booking/src/messages.rs` by `cargo test --test generated`; do not edit. What each\n\
         message is for, and how the clinic registers them, is in docs/messages.md.\n\n{}\n{}",
        section(
            "WhatsApp (Meta, category Utility)",
            "Each template under its name, once per language (`en`, `hi`, `gu`); the body's `{{n}}` are the parameters.",
            &WHATSAPP_TEMPLATES,
            |t, lang| t.whatsapp_body(lang),
        ),
        section(
            "SMS (DLT, category Service Implicit)",
            "Each template once per language, each with its own DLT template id (`HYGO_SMS_TEMPLATES_FILE`); every `{#var#}` holds at most 30 characters.",
            &SMS_TEMPLATES,
            |t, lang| t.dlt_body(lang),
        ),
    );
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/templates.md");
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    if committed != fresh {
        std::fs::write(&file, &fresh).unwrap();
        panic!("docs/templates.md was out of date; it has been written anew: review and commit it");
    }
}

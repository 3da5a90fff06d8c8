//! The arrows between the server's modules go one way: handlers (`app`, `api`,
//! `actions`) → pages → render and data; nothing below imports what is above it.
//! This test reads every `crate::…` path in `src/` and fails on an import cycle
//! between top-level modules, naming it. Run it alone with
//! `cargo test --test layers -- --nocapture` to print the graph.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level module → the top-level modules it uses.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(&src).unwrap();
            let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
            let module = first.trim_end_matches(".rs").to_owned();
            if module == "main" || module == "lib" {
                continue;
            }
            // Code only: comments may name modules freely.
            let text: String = std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .map(|line| match line.find("//") {
                    Some(at) if line[..at].trim().is_empty() || line[..at].ends_with(' ') => &line[..at],
                    _ => line,
                })
                .collect::<Vec<_>>()
                .join("\n");
            let used = graph.entry(module.clone()).or_default();
            for (i, _) in text.match_indices("crate::") {
                // Not a word that merely ends in "crate" (`hygo_data::crate…` has none).
                if text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &text[i + "crate::".len()..];
                let names: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                    let group = &group[..group.find('}').unwrap_or(group.len())];
                    group.split(',').map(|p| p.trim().split("::").next().unwrap_or_default().to_owned()).collect()
                } else {
                    vec![rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or_default().to_owned()]
                };
                for name in names.into_iter().filter(|n| !n.is_empty() && *n != module && *n != "self") {
                    used.insert(name);
                }
            }
        }
    }
    graph
}

/// A cycle through `start`, if any, as the path of modules.
fn cycle_from(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_owned(), vec![start.to_owned()])];
    let mut seen = BTreeSet::new();
    while let Some((node, path)) = stack.pop() {
        for next in graph.get(&node).into_iter().flatten() {
            if next == start {
                let mut cycle = path.clone();
                cycle.push(start.to_owned());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

#[test]
fn modules_import_one_way() {
    let graph = graph();
    for (module, used) in &graph {
        println!("{module} -> {}", used.iter().cloned().collect::<Vec<_>>().join(", "));
    }
    assert!(graph.contains_key("pages") && graph["app"].contains("pages"), "the scan missed the modules: {graph:?}");
    let cycles: Vec<String> = graph.keys().filter_map(|m| cycle_from(&graph, m)).map(|c| c.join(" -> ")).collect();
    assert!(cycles.is_empty(), "import cycles between modules of src/:\n{}", cycles.join("\n"));
}

#[test]
fn the_lower_layers_know_nothing_of_the_handlers() {
    let graph = graph();
    for lower in ["pages", "state", "cache", "error", "limit", "config", "encoding", "assets", "mail", "telemetry"] {
        for handler in ["app", "api", "actions", "serve"] {
            assert!(
                !graph.get(lower).is_some_and(|used| used.contains(handler)),
                "src/{lower} uses crate::{handler}: the arrows must go from handlers to pages, data and render"
            );
        }
    }
}

//! The arrows between modules go one way, in every crate of the workspace: no two
//! modules that sit side by side (the top-level modules of a crate, or the
//! children of one module) use each other, directly or round a circle. In the
//! server, handlers (`app`, `api`, `actions`) → pages → render and data; nothing
//! below imports what is above it.
//!
//! The scan reads each crate's `src/` (comments and string literals removed), finds
//! every path that starts at `crate::`, `super::` or `self::` (in `use` trees with
//! nested groups, `use a::{b::{c, d}, e}`, and in code), resolves it to the module
//! it names, and lifts each edge to the level where the two modules are siblings.
//! Run `cargo test --test layers -- --nocapture` to print every crate's graph.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside its crate: `[]` is the crate root, `["staff", "sessions"]`.
type ModPath = Vec<String>;

/// One crate's modules (files), and for each the module paths its code names.
struct Crate {
    name: String,
    modules: BTreeSet<ModPath>,
    uses: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

/// The crates of the workspace: the server and everything under `crates/`.
fn workspace() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates = vec![("hygo".to_owned(), root.join("src"))];
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates")).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.push(root.join("migrations"));
    dirs.sort();
    for dir in dirs {
        if dir.join("src").is_dir() {
            crates.push((dir.file_name().unwrap().to_string_lossy().into_owned(), dir.join("src")));
        }
    }
    crates
}

/// The module a file is: `a/b.rs` and `a/b/mod.rs` are `a::b`; `lib.rs`, `main.rs` the root.
fn module_of(relative: &Path) -> ModPath {
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let file = parts.pop().unwrap();
    let stem = file.trim_end_matches(".rs");
    if !(parts.is_empty() && (stem == "lib" || stem == "main")) && stem != "mod" {
        parts.push(stem.to_owned());
    }
    parts
}

/// The code of a file without comments, string and character literals (a path in
/// a doc comment or a message is not an import).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || (next == Some('#') && raw_string_at(&chars, i + 1))) && !ident_char_before(&chars, i) {
            // r"…" or r#"…"#: skip to the quote followed by as many hashes.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && char_literal_len(&chars, i).is_some() {
            i += char_literal_len(&chars, i).unwrap();
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn raw_string_at(chars: &[char], mut i: usize) -> bool {
    while chars.get(i) == Some(&'#') {
        i += 1;
    }
    chars.get(i) == Some(&'"')
}

fn ident_char_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The length of a character literal at `i` ('a', '\n', '\u{1F600}'), or None for a lifetime.
fn char_literal_len(chars: &[char], i: usize) -> Option<usize> {
    if chars.get(i + 1) == Some(&'\\') {
        let close = (i + 2..chars.len().min(i + 14)).find(|&j| chars[j] == '\'')?;
        return Some(close - i + 1);
    }
    (chars.get(i + 2) == Some(&'\'')).then_some(3)
}

/// The paths of a `use` tree or a path in code starting at `text` (after its
/// first `::`): `a::{b::{c, d}, e as f, g::*}` gives `a::b::c`, `a::b::d`,
/// `a::e`, `a::g` (a `self` in a group names the group's own path).
fn paths_at(text: &str) -> Vec<Vec<String>> {
    fn tree(s: &[u8], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        loop {
            skip_space(s, at);
            if *at < s.len() && s[*at] == b'{' {
                *at += 1;
                loop {
                    skip_space(s, at);
                    if *at >= s.len() {
                        return;
                    }
                    if s[*at] == b'}' {
                        *at += 1;
                        return;
                    }
                    tree(s, at, &path, out);
                    skip_space(s, at);
                    if *at < s.len() && s[*at] == b',' {
                        *at += 1;
                    }
                }
            }
            let start = *at;
            while *at < s.len() && (s[*at].is_ascii_alphanumeric() || s[*at] == b'_') {
                *at += 1;
            }
            if start == *at {
                // `*`, or the end of the path.
                if *at < s.len() && s[*at] == b'*' {
                    *at += 1;
                }
                out.push(path);
                return;
            }
            let segment = String::from_utf8_lossy(&s[start..*at]).into_owned();
            if !(segment == "self" && !path.is_empty()) {
                path.push(segment);
            }
            skip_space(s, at);
            if s[*at..].starts_with(b"::") {
                *at += 2;
                continue;
            }
            // `as name`, `;`, `,`, `}`, `(`, …: the path ends here.
            if s[*at..].starts_with(b"as ") {
                *at += 3;
                skip_space(s, at);
                while *at < s.len() && (s[*at].is_ascii_alphanumeric() || s[*at] == b'_') {
                    *at += 1;
                }
            }
            out.push(path);
            return;
        }
    }
    fn skip_space(s: &[u8], at: &mut usize) {
        while *at < s.len() && s[*at].is_ascii_whitespace() {
            *at += 1;
        }
    }
    let mut out = Vec::new();
    tree(text.as_bytes(), &mut 0, &[], &mut out);
    out
}

/// `pub use` re-exports: (the module that re-exports, the name) → the module it comes from.
type Reexports = BTreeMap<(ModPath, String), ModPath>;

/// Resolves a path named in module `from` to the longest module path it names,
/// following a name its module re-exports (`crate::Doctor` → `doctors`).
fn resolve(modules: &BTreeSet<ModPath>, from: &ModPath, head: &str, rest: &[String]) -> Option<ModPath> {
    resolve_through(modules, &Reexports::new(), from, head, rest)
}

fn resolve_through(modules: &BTreeSet<ModPath>, reexports: &Reexports, from: &ModPath, head: &str, rest: &[String]) -> Option<ModPath> {
    let mut base: ModPath = match head {
        "crate" => Vec::new(),
        "self" => from.clone(),
        "super" => from[..from.len().checked_sub(1)?].to_vec(),
        // A child of this module, named bare (`pub use db::Db;` in lib.rs).
        child => {
            let mut path = from.clone();
            path.push(child.to_owned());
            if !modules.contains(&path) {
                return None;
            }
            path
        }
    };
    let mut rest = rest;
    // super::super::…
    while head == "super" && rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    let mut found = base.clone();
    let mut path = base;
    for segment in rest {
        path.push(segment.clone());
        if modules.contains(&path) {
            found = path.clone();
        } else {
            if let Some(origin) = reexports.get(&(found.clone(), segment.clone())) {
                found = origin.clone();
            }
            break;
        }
    }
    Some(found)
}

fn scan(name: &str, src: &Path) -> Crate {
    let mut files = rust_files(src);
    // The binary's root (main.rs) is a crate of its own that uses the library.
    files.retain(|(f, _)| !(f.parent() == Some(src) && f.file_name().is_some_and(|n| n == "main.rs") && src.join("lib.rs").exists()));
    let modules: BTreeSet<ModPath> = files.iter().map(|(f, _)| module_of(f.strip_prefix(src).unwrap())).collect();
    let code: Vec<(ModPath, String)> = files.iter().map(|(f, text)| (module_of(f.strip_prefix(src).unwrap()), code_only(text))).collect();
    let mut reexports = Reexports::new();
    for (from, code) in &code {
        for (i, _) in code.match_indices("pub use ").chain(code.match_indices("pub(crate) use ")) {
            let start = i + code[i..].find("use ").unwrap() + 4;
            let tree = &code[start..];
            let Some((head, tree)) = tree.split_once("::") else { continue };
            for path in paths_at(tree) {
                let Some((name, module)) = path.split_last() else { continue };
                if let Some(origin) = resolve(&modules, from, head.trim(), module) {
                    reexports.insert((from.clone(), name.clone()), origin);
                }
            }
        }
    }
    let mut uses: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, code) in &code {
        let from = from.clone();
        let used = uses.entry(from.clone()).or_default();
        for head in ["crate", "super", "self"] {
            let needle = format!("{head}::");
            for (i, _) in code.match_indices(&needle) {
                if code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue; // `a::self::…` is no start of a path
                }
                for rest in paths_at(&code[i + needle.len()..]) {
                    if let Some(target) = resolve_through(&modules, &reexports, &from, head, &rest) {
                        used.insert(target);
                    }
                }
            }
        }
    }
    Crate { name: name.to_owned(), modules, uses }
}

/// For every module with children, the graph between its children: an edge from a
/// module inside child A to one inside child B (A ≠ B) is an edge A → B.
fn sibling_graphs(krate: &Crate) -> BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> {
    let mut graphs: BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (from, targets) in &krate.uses {
        for to in targets {
            // The common parent, and the child of it each side lies in.
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common >= from.len() || common >= to.len() {
                continue; // a module and its own ancestor or descendant
            }
            let parent = from[..common].to_vec();
            graphs.entry(parent).or_default().entry(from[common].clone()).or_default().insert(to[common].clone());
        }
    }
    for module in &krate.modules {
        if let Some((last, parent)) = module.split_last() {
            graphs.entry(parent.to_vec()).or_default().entry(last.clone()).or_default();
        }
    }
    graphs
}

/// A circle through `start`, if any, as the path of modules.
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

/// Every circle between sibling modules of a crate, one line each (each circle once).
fn circles(krate: &Crate) -> Vec<String> {
    let mut found = BTreeSet::new();
    let mut lines = Vec::new();
    for (parent, graph) in sibling_graphs(krate) {
        for module in graph.keys() {
            if let Some(cycle) = cycle_from(&graph, module) {
                let mut members: Vec<String> = cycle[..cycle.len() - 1].to_vec();
                members.sort();
                if found.insert((parent.clone(), members)) {
                    let at = if parent.is_empty() { String::new() } else { format!("{}::", parent.join("::")) };
                    let shown: Vec<String> = cycle.iter().map(|m| format!("{at}{m}")).collect();
                    lines.push(format!("{}: {}", krate.name, shown.join(" -> ")));
                }
            }
        }
    }
    lines
}

fn print(krate: &Crate) {
    for (parent, graph) in sibling_graphs(krate) {
        for (module, used) in graph.iter().filter(|(_, used)| !used.is_empty()) {
            let at = if parent.is_empty() { String::new() } else { format!("{}::", parent.join("::")) };
            println!("{} {at}{module} -> {}", krate.name, used.iter().cloned().collect::<Vec<_>>().join(", "));
        }
    }
}

#[test]
fn no_two_modules_of_any_crate_use_each_other() {
    let crates: Vec<Crate> = workspace().iter().map(|(name, src)| scan(name, src)).collect();
    for krate in &crates {
        print(krate);
    }
    let names: Vec<&str> = crates.iter().map(|c| c.name.as_str()).collect();
    for expected in ["hygo", "hygo-content", "hygo-core", "hygo-schedule", "hygo-booking", "hygo-directory", "hygo-staff", "hygo-render"] {
        assert!(names.contains(&expected), "the scan missed the crate {expected}: {names:?}");
    }
    let server = &crates[0];
    let app_uses_pages = server.uses.iter().any(|(from, to)| from.first().is_some_and(|m| m == "app") && to.iter().any(|t| t.first().is_some_and(|m| m == "pages")));
    assert!(app_uses_pages, "the scan missed the server's imports");
    let circles: Vec<String> = crates.iter().flat_map(circles).collect();
    assert!(circles.is_empty(), "import circles between modules:\n{}", circles.join("\n"));
}

#[test]
fn the_lower_layers_know_nothing_of_the_handlers() {
    let server = scan("hygo", &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    for lower in ["pages", "state", "cache", "error", "limit", "config", "encoding", "assets", "mail", "telemetry"] {
        for handler in ["app", "api", "actions", "serve"] {
            let uses = server.uses.iter().any(|(from, to)| {
                from.first().is_some_and(|m| m == lower) && to.iter().any(|t| t.first().is_some_and(|m| m == handler))
            });
            assert!(!uses, "src/{lower} uses crate::{handler}: the arrows must go from handlers to pages, data and render");
        }
    }
}

/// The scan itself: nested groups, `super`, renames, globs, and code paths.
#[test]
fn the_scan_reads_nested_use_groups_and_relative_paths() {
    let got = paths_at("a::{b::{c, d as e}, f::*, self}, g;");
    let got: Vec<String> = got.iter().map(|p| p.join("::")).collect();
    assert_eq!(got, ["a::b::c", "a::b::d", "a::f", "a"]);
    assert_eq!(paths_at("x::y(1)").iter().map(|p| p.join("::")).collect::<Vec<_>>(), ["x::y"]);
    assert_eq!(paths_at("{\n  p::q,\n  r::{s, t},\n};").iter().map(|p| p.join("::")).collect::<Vec<_>>(), ["p::q", "r::s", "r::t"]);

    let modules: BTreeSet<ModPath> = [vec![], vec!["a".into()], vec!["a".into(), "b".into()], vec!["c".into()]].into_iter().collect();
    let from = vec!["a".to_owned(), "b".to_owned()];
    assert_eq!(resolve(&modules, &from, "super", &["super".into(), "c".into(), "f".into()]), Some(vec!["c".to_owned()]));
    assert_eq!(resolve(&modules, &from, "crate", &["a".into(), "b".into(), "X".into()]), Some(from.clone()));
    assert_eq!(resolve(&modules, &from, "super", &["X".into()]), Some(vec!["a".to_owned()]));

    let code = code_only("let s = \"crate::a\"; // crate::b\n/* crate::c */ let r = r#\"crate::d\"#; let c = '\"'; use crate::e;");
    assert!(!code.contains("crate::a") && !code.contains("crate::b") && !code.contains("crate::c") && !code.contains("crate::d"), "{code}");
    assert!(code.contains("use crate::e;"), "{code}");
}

/// A circle made on purpose is found, three deep and inside a module.
#[test]
fn a_circle_is_found_wherever_it_is() {
    let module = |p: &str| -> ModPath { p.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect() };
    let modules: BTreeSet<ModPath> = ["", "x", "x::p", "x::q", "y", "z"].iter().map(|p| module(p)).collect();
    let mut uses: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    uses.entry(module("x::p")).or_default().insert(module("y"));
    uses.entry(module("y")).or_default().insert(module("z"));
    let krate = |uses: BTreeMap<ModPath, BTreeSet<ModPath>>| Crate { name: "t".into(), modules: modules.clone(), uses };
    assert!(circles(&krate(uses.clone())).is_empty());
    let mut round = uses.clone();
    round.entry(module("z")).or_default().insert(module("x::q"));
    assert_eq!(circles(&krate(round)).len(), 1);
    let mut inside = uses;
    inside.entry(module("x::p")).or_default().insert(module("x::q"));
    inside.entry(module("x::q")).or_default().insert(module("x::p"));
    assert_eq!(circles(&krate(inside)), ["t: x::p -> x::q -> x::p"]);
}

/// Every `.rs` file under `dir`, with its text.
fn rust_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    out
}

/// The functions and constants a capability crate marks `pub` that no code outside
/// it names: what should be `pub(crate)`, each as "file:line: name".
fn more_than_the_facade(crates: &[(String, PathBuf)], outside_roots: &[PathBuf]) -> Vec<String> {
    let item = |line: &str| {
        let rest = line.trim_start().strip_prefix("pub ")?;
        let rest = rest.strip_prefix("async ").unwrap_or(rest);
        let rest = rest.strip_prefix("fn ").or_else(|| rest.strip_prefix("const "))?;
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        (!name.is_empty()).then_some(name)
    };
    let words = |text: &str| -> BTreeSet<String> {
        code_only(text).split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(str::to_owned).collect()
    };
    let mut found = Vec::new();
    for (name, src) in crates {
        let mut outside = BTreeSet::new();
        for (other, other_src) in crates.iter().filter(|(n, _)| n != name) {
            let _ = other;
            for (_, text) in rust_files(other_src) {
                outside.extend(words(&text));
            }
        }
        for root in outside_roots {
            for (_, text) in rust_files(root) {
                outside.extend(words(&text));
            }
        }
        for (path, text) in rust_files(src) {
            for (n, line) in text.lines().enumerate() {
                if let Some(item) = item(line).filter(|item| !outside.contains(item)) {
                    found.push(format!("{}:{}: {item}", path.display(), n + 1));
                }
            }
        }
    }
    found.sort();
    found
}

/// The capability crates show the rest of the workspace a facade: a function or
/// constant marked `pub` is one that code outside the crate names (the server, the
/// other crates, the migrations or the tests); what only the crate itself uses is
/// `pub(crate)` or private, so a reader knows what a crate offers by its `pub`
/// items, and a change inside one cannot break another unseen.
#[test]
fn a_capability_crate_makes_public_only_what_others_use() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates: Vec<(String, PathBuf)> = workspace().into_iter().filter(|(name, _)| name.starts_with("hygo-") && name != "hygo-render").collect();
    assert!(crates.len() >= 6, "the capability crates: {crates:?}");
    let outside = [root.join("src"), root.join("tests"), root.join("migrations"), root.join("crates/hygo-render")];
    let found = more_than_the_facade(&crates, &outside);
    assert!(found.is_empty(), "public, but used by nothing outside its crate (make it pub(crate)):\n{}", found.join("\n"));
}

#[test]
fn the_facade_check_finds_a_public_function_nobody_else_uses() {
    let dir = std::env::temp_dir().join(format!("hygo-facade-{}", std::process::id()));
    let (inner, user) = (dir.join("inner"), dir.join("user"));
    std::fs::create_dir_all(&inner).unwrap();
    std::fs::create_dir_all(&user).unwrap();
    std::fs::write(inner.join("lib.rs"), "pub fn offered() {}\npub async fn kept_inside() {}\npub(crate) fn hidden() {}\n// pub fn in_a_comment() {}\n").unwrap();
    std::fs::write(user.join("main.rs"), "fn main() { inner::offered(); let _ = \"kept_inside\"; }\n").unwrap();
    let crates = [("inner".to_owned(), inner.clone())];
    let found = more_than_the_facade(&crates, &[user]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with(":2: kept_inside"), "a name in a string is not a use: {found:?}");
}

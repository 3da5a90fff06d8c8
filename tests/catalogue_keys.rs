//! Every catalogue key the server's code names is in the catalogue, so a typo is a
//! failed test, not an empty title or message on a page. A key is any string
//! literal of dotted camelCase words (`"appointment.taken"`, `"news.titlePaged"`)
//! in the code of `src/` and of every crate under `crates/`: each must be a message of
//! `catalogue/messages/en.json` or a text of `site.json`'s `meta`.

use std::path::Path;

/// The dotted literals of the Rust files under `dir`, comments left out.
fn dotted_literals(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            dotted_literals(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        for (n, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
            let code = match line.find("//") {
                Some(at) if line[..at].trim().is_empty() || line[..at].ends_with(' ') => &line[..at],
                _ => line,
            };
            // Every other piece between quotes is a literal's text.
            for (i, piece) in code.split('"').enumerate() {
                let words: Vec<&str> = piece.split('.').collect();
                let camel = |w: &str| w.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && w.chars().all(|c| c.is_ascii_alphanumeric());
                // File names and host names are dotted too.
                let is_file = ["json", "rs", "toml", "db", "html", "css", "js", "ts", "tsx", "txt", "xml", "md", "sql", "in", "com", "org", "test"]
                    .contains(words.last().unwrap_or(&""));
                // Meta's webhook handshake names its query parameters `hub.mode`, `hub.challenge`.
                let is_meta = words.first() == Some(&"hub");
                if i % 2 == 1 && words.len() >= 2 && words.iter().all(|w| camel(w)) && !is_file && !is_meta {
                    out.push((format!("{}:{}", path.display(), n + 1), piece.to_owned()));
                }
            }
        }
    }
}

#[test]
fn every_key_the_code_names_is_in_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut used = Vec::new();
    dotted_literals(&root.join("src"), &mut used);
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        dotted_literals(&krate.unwrap().path(), &mut used);
    }
    assert!(used.len() >= 60, "the scan found only {used:?}");
    let messages = serde_json::to_value(hygo_content::default().messages()).unwrap();
    let meta = &serde_json::to_value(&hygo_content::default().site.meta).unwrap();
    let missing: Vec<String> = used
        .iter()
        .filter(|(_, key)| {
            let in_meta = key.split('.').fold(meta, |v, k| &v[k]);
            !messages[key.as_str()].is_string() && !in_meta.is_string() && !in_meta["title"].is_string()
        })
        .map(|(at, key)| format!("{at}: {key:?}"))
        .collect();
    assert!(missing.is_empty(), "keys in neither catalogue/messages/en.json nor site.json's meta:\n{}", missing.join("\n"));
}

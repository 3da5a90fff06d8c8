//! Every catalogue key the server's code asks for by name is in the catalogue, so
//! a typo is a failed test, not an empty title or message on a page.

use std::path::Path;

/// The string literals following `marker` in the Rust files under `dir`.
fn keys_after(dir: &Path, marker: &str, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            keys_after(&path, marker, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, _) in text.match_indices(marker) {
                let rest = &text[i + marker.len()..];
                if let Some(key) = rest.split('"').next().filter(|k| !k.is_empty() && !k.contains(char::is_whitespace)) {
                    out.push((format!("{}", path.display()), key.to_owned()));
                }
            }
        }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_message_key_used_is_in_the_messages_file() {
    let mut used = Vec::new();
    for dir in ["src", "crates/hygo-data/src"] {
        // Messages asked for by key, validation's messages and the fields' labels.
        for marker in ["message(\"", "message_in(lang, \"", "Message::new(\"", "Some(\"", "with_key(\"label\", \"", "Check::default().line(\""] {
            keys_after(&root().join(dir), marker, &mut used);
        }
    }
    // The fields' labels, passed to the checks by key.
    for dir in ["src", "crates/hygo-data/src"] {
        let mut labels = Vec::new();
        keys_after(&root().join(dir), "\"label.", &mut labels);
        used.extend(labels.into_iter().map(|(file, rest)| (file, format!("label.{rest}"))));
    }
    // `Some("…")` holds other things too: only what looks like a key is one.
    let namespaces: Vec<String> = hygo_data::catalogue::messages("en")
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .filter_map(|k| k.split('.').next().map(str::to_owned))
        .collect();
    used.retain(|(_, key)| {
        key.split_once('.').is_some_and(|(ns, rest)| namespaces.iter().any(|n| n == ns) && !rest.contains('.') && !rest.ends_with("json"))
    });
    assert!(used.len() >= 40, "the scan found only {used:?}");
    let messages = hygo_data::catalogue::messages("en").unwrap();
    for (file, key) in &used {
        assert!(messages[key].is_string(), "{file} asks for message {key:?}, which catalogue/messages/en.json lacks");
    }
}

#[test]
fn every_meta_key_used_is_in_site_json() {
    let mut used = Vec::new();
    keys_after(&root().join("src"), "meta(\"", &mut used);
    assert!(used.len() >= 10, "the scan found only {used:?}");
    let meta = &hygo_data::catalogue::site()["meta"];
    for (file, key) in &used {
        let value = key.split('.').fold(meta, |v, k| &v[k]);
        assert!(value.is_string() || value["title"].is_string(), "{file} asks for meta {key:?}, which site.json lacks");
    }
}

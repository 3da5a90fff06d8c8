//! Two revisions side by side: every text of either, by its place in the body,
//! with whether it changed. Texts are compared whole (an editor reads a changed
//! paragraph next to its old self); a list that grew or shrank shows the items
//! only one side has.

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// One place in the bodies and its text on each side (None: not on that side).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorDiffRow")]
pub struct Row {
    /// `sections.2.heading`.
    pub path: String,
    /// The key of its label (`editor.names.{name}`).
    pub name: String,
    pub left: Option<String>,
    pub right: Option<String>,
    pub changed: bool,
}

/// The rows of two bodies, in the order of the left one, then what only the right has.
pub fn rows(left: &Value, right: &Value) -> Vec<Row> {
    let (a, b) = (flat(left), flat(right));
    let mut out: Vec<Row> = a
        .iter()
        .map(|(path, name, text)| {
            let other = b.iter().find(|(p, _, _)| p == path).map(|(_, _, t)| t.clone());
            Row { path: path.clone(), name: name.clone(), changed: other.as_ref() != Some(text), left: Some(text.clone()), right: other }
        })
        .collect();
    for (path, name, text) in &b {
        if !a.iter().any(|(p, _, _)| p == path) {
            out.push(Row { path: path.clone(), name: name.clone(), left: None, right: Some(text.clone()), changed: true });
        }
    }
    out
}

/// Every text, number and yes/no of a body with its path and its label's key.
fn flat(value: &Value) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    walk(value, String::new(), "", &mut out);
    out
}

fn walk(value: &Value, path: String, name: &str, out: &mut Vec<(String, String, String)>) {
    let join = |k: &str| if path.is_empty() { k.to_owned() } else { format!("{path}.{k}") };
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                walk(v, join(k), k, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(v, join(&i.to_string()), name, out);
            }
        }
        Value::Null => {}
        Value::String(s) => out.push((path, name.to_owned(), s.clone())),
        other => out.push((path, name.to_owned(), other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changed_added_and_removed_texts_are_marked() {
        let left = json!({ "heading": "Old", "lead": "Same", "items": ["a", "b"] });
        let right = json!({ "heading": "New", "lead": "Same", "items": ["a"], "extra": "x" });
        let rows = rows(&left, &right);
        let find = |p: &str| rows.iter().find(|r| r.path == p).unwrap().clone();
        assert_eq!(find("heading"), Row { path: "heading".into(), name: "heading".into(), left: Some("Old".into()), right: Some("New".into()), changed: true });
        assert!(!find("lead").changed);
        assert_eq!(find("items.1").right, None);
        assert!(find("items.1").changed);
        assert_eq!(find("extra").left, None);
        assert_eq!(rows.iter().filter(|r| r.changed).count(), 3);
    }
}

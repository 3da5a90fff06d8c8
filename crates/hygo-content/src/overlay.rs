//! A language's content as its translation laid over English's (issue 29).
//!
//! A translation file (`catalogue/{lang}/{file}.json`) has the shape of its
//! English file and holds only what is read: its texts. Objects are laid key by
//! key, arrays of objects item by item (an array has English's length), and an
//! array of texts (a page's paragraphs, a department's services) is the
//! translation's whole. What is data rather than words (an id, a slug, an
//! address, an e-mail address, a phone number: [`is_data`]) is never in a
//! translation; it stays English's, so one edit of the English file moves every
//! language. A text the translation does not give is English's on the page and
//! listed by [`untranslated`], which the catalogue's test holds at none.

use serde_json::{Map, Value};

/// Keys whose strings are data in every file: what links, identifies or is
/// read by a machine.
const DATA_KEYS: &[&str] = &[
    "id", "slug", "type", "link", "href", "url", "mapUrl", "form", "icon", "currency", "country", "postalCode",
    "openingHours", "finds", "mailto", "//",
];

/// Whether a string of English's file is data, not words: by its key, or by
/// its look (an address, an e-mail address, a slug, a phone number).
pub fn is_data(key: &str, value: &str) -> bool {
    if value.trim().is_empty() {
        return true;
    }
    // A label is words even when it looks like an address ("/year"); a
    // search keyword even when it looks like a slug ("appointment").
    if key.to_ascii_lowercase().ends_with("label") || key == "keywords" {
        return false;
    }
    let slug = !value.is_empty() && value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    let phone = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit() || b" +()-".contains(&b));
    let address = ["/", "http:", "https:", "mailto:", "tel:", "#"].iter().any(|p| value.starts_with(p));
    let email = !value.contains(' ') && value.split('@').count() == 2;
    DATA_KEYS.contains(&key) || slug || phone || address || email
}

/// English's value with the translation laid over it; the error is the path
/// where the translation does not fit (an unknown key, an array of another
/// length, data, a placeholder lost).
pub(crate) fn lay(english: &Value, translation: &Value) -> Result<Value, String> {
    lay_at(english, translation, "", "")
}

fn lay_at(en: &Value, tr: &Value, path: &str, key: &str) -> Result<Value, String> {
    match (en, tr) {
        (Value::Object(en), Value::Object(tr)) => {
            let mut out = en.clone();
            for (k, t) in tr {
                let at = format!("{path}.{k}");
                let e = en.get(k).ok_or_else(|| format!("{at}: not in the English file"))?;
                out.insert(k.clone(), lay_at(e, t, &at, k)?);
            }
            Ok(Value::Object(out))
        }
        (Value::Array(en), Value::Array(tr)) if text_list(key, en) => {
            if tr.iter().all(Value::is_string) {
                Ok(Value::Array(tr.clone()))
            } else {
                Err(format!("{path}: a list of texts"))
            }
        }
        (Value::Array(en), Value::Array(tr)) => {
            if en.len() != tr.len() {
                return Err(format!("{path}: {} items, the English file has {}", tr.len(), en.len()));
            }
            let items = en.iter().zip(tr).enumerate().map(|(i, (e, t))| lay_at(e, t, &format!("{path}[{i}]"), key));
            Ok(Value::Array(items.collect::<Result<_, _>>()?))
        }
        (Value::String(e), Value::String(t)) if !is_data(key, e) => {
            match placeholders(e).into_iter().find(|p| !t.contains(p.as_str())) {
                Some(lost) => Err(format!("{path}: {lost} is not in the translation")),
                None => Ok(Value::String(t.clone())),
            }
        }
        (Value::String(e), Value::String(t)) if e == t => Ok(Value::String(t.clone())),
        (Value::String(_), Value::String(_)) => Err(format!("{path}: data, not a text: it stays English's")),
        _ => Err(format!("{path}: not the English file's shape")),
    }
}

/// An array whose items are all texts (paragraphs, a list of services), laid as a whole.
fn text_list(key: &str, items: &[Value]) -> bool {
    !items.is_empty() && items.iter().all(|v| v.as_str().is_some_and(|s| !is_data(key, s)))
}

/// The `{name}` placeholders of a text.
fn placeholders(text: &str) -> Vec<String> {
    text.match_indices('{')
        .filter_map(|(at, _)| {
            let rest = &text[at + 1..];
            let end = rest.find('}')?;
            let name = &rest[..end];
            (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric())).then(|| format!("{{{name}}}"))
        })
        .collect()
}

/// The paths of English's texts the translation does not give (`None`: no
/// translation file at all, so every text).
pub(crate) fn untranslated(english: &Value, translation: Option<&Value>) -> Vec<String> {
    let mut out = Vec::new();
    missing(english, translation, "", "", &mut out);
    out
}

fn missing(en: &Value, tr: Option<&Value>, path: &str, key: &str, out: &mut Vec<String>) {
    match en {
        Value::Object(en) => {
            let tr = tr.and_then(Value::as_object);
            for (k, e) in en {
                missing(e, tr.and_then(|t: &Map<String, Value>| t.get(k)), &format!("{path}.{k}"), k, out);
            }
        }
        Value::Array(items) if text_list(key, items) => {
            if tr.is_none() {
                out.push(path.to_owned());
            }
        }
        Value::Array(items) => {
            let tr = tr.and_then(Value::as_array);
            for (i, e) in items.iter().enumerate() {
                missing(e, tr.and_then(|t| t.get(i)), &format!("{path}[{i}]"), key, out);
            }
        }
        Value::String(s) if !is_data(key, s) && tr.is_none() => out.push(path.to_owned()),
        _ => {}
    }
}

/// A text of an editor's translation as it is laid (issue 29, item 7): like
/// [`lay`], but it never refuses, for a translation saved in the console may
/// have been written before English's last change. What the translation gives
/// of English's shape is laid, the rest is English's: data, a list whose
/// length English has since changed, a text that lost a placeholder, a key
/// English no longer has.
pub fn translated(english: &Value, words: &Value) -> Value {
    translated_at(english, words, "")
}

fn translated_at(en: &Value, tr: &Value, key: &str) -> Value {
    match (en, tr) {
        (Value::Object(en), Value::Object(tr)) => {
            Value::Object(en.iter().map(|(k, e)| (k.clone(), tr.get(k).map_or_else(|| e.clone(), |t| translated_at(e, t, k)))).collect())
        }
        (Value::Array(en), Value::Array(tr)) if text_list(key, en) && !tr.is_empty() && tr.iter().all(Value::is_string) => Value::Array(tr.clone()),
        (Value::Array(en), Value::Array(tr)) if en.len() == tr.len() && !text_list(key, en) => {
            Value::Array(en.iter().zip(tr).map(|(e, t)| translated_at(e, t, key)).collect())
        }
        (Value::String(e), Value::String(t)) if !is_data(key, e) && !t.trim().is_empty() && placeholders(e).iter().all(|p| t.contains(p.as_str())) => {
            Value::String(t.clone())
        }
        _ => en.clone(),
    }
}

/// The texts English's stand in for in `words`: the same as English's, word
/// for word, or empty where English's is not (an empty text is not laid). The
/// paths of the editor's fields (`sections.2.heading`; every item of a list of
/// texts the same as English's, or the list itself when it is empty). Data is
/// never among them.
pub fn english_texts(english: &Value, words: &Value) -> Vec<String> {
    let mut out = Vec::new();
    english_at(english, words, "", "", &mut out);
    out
}

fn english_at(en: &Value, tr: &Value, path: &str, key: &str, out: &mut Vec<String>) {
    let join = |k: &str| if path.is_empty() { k.to_owned() } else { format!("{path}.{k}") };
    match (en, tr) {
        (Value::Object(en), Value::Object(tr)) => {
            for (k, e) in en {
                if let Some(t) = tr.get(k) {
                    english_at(e, t, &join(k), k, out);
                }
            }
        }
        (Value::Array(en), Value::Array(tr)) if text_list(key, en) => {
            if tr.is_empty() {
                out.push(path.to_owned());
            } else if en == tr {
                out.extend((0..tr.len()).map(|i| join(&i.to_string())));
            }
        }
        (Value::Array(en), Value::Array(tr)) => {
            for (i, (e, t)) in en.iter().zip(tr).enumerate() {
                english_at(e, t, &join(&i.to_string()), key, out);
            }
        }
        (Value::String(e), Value::String(t)) if !is_data(key, e) && (e == t || t.trim().is_empty()) => out.push(path.to_owned()),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_translation_lays_its_texts_and_leaves_english_s_data() {
        let en = json!({"title": "Cardiology", "slug": "cardiology", "items": [{"id": "a", "label": "Yes"}, {"id": "b", "label": "No"}], "paragraphs": ["One.", "Two."], "phone": "+91 281 000"});
        let gu = json!({"title": "કાર્ડિયોલોજી", "items": [{"label": "હા"}, {}], "paragraphs": ["એક."]});
        let laid = lay(&en, &gu).unwrap();
        assert_eq!(laid, json!({"title": "કાર્ડિયોલોજી", "slug": "cardiology", "items": [{"id": "a", "label": "હા"}, {"id": "b", "label": "No"}], "paragraphs": ["એક."], "phone": "+91 281 000"}));
        assert_eq!(untranslated(&en, Some(&gu)), [".items[1].label"]);
        assert_eq!(untranslated(&en, None), [".items[0].label", ".items[1].label", ".paragraphs", ".title"]);
    }

    #[test]
    fn a_translation_that_does_not_fit_is_refused_with_its_path() {
        let en = json!({"title": "{name} | HYGO", "link": "/doctors", "items": [{"label": "Yes"}]});
        assert_eq!(lay(&en, &json!({"link": "/gu/doctors"})).unwrap_err(), ".link: data, not a text: it stays English's");
        assert_eq!(lay(&en, &json!({"title": "HYGO"})).unwrap_err(), ".title: {name} is not in the translation");
        assert_eq!(lay(&en, &json!({"items": []})).unwrap_err(), ".items: 0 items, the English file has 1");
        assert_eq!(lay(&en, &json!({"heading": "x"})).unwrap_err(), ".heading: not in the English file");
        assert_eq!(lay(&en, &json!({"title": 3})).unwrap_err(), ".title: not the English file's shape");
    }

    #[test]
    fn data_is_told_from_words_by_key_and_by_look() {
        for (key, value) in [("link", "Anything"), ("name", "/about"), ("x", "care@hygo.in"), ("x", "general-consultation"), ("x", "+91 97250 00000"), ("x", "https://maps")] {
            assert!(is_data(key, value), "{key}: {value}");
        }
        for (key, value) in [("name", "Cardiology"), ("label", "Yes"), ("text", "Call 108 now"), ("title", "ECG"), ("periodLabel", "/year")] {
            assert!(!is_data(key, value), "{key}: {value}");
        }
    }

    #[test]
    fn an_editor_s_translation_is_laid_without_refusal_and_english_stands_in_for_what_does_not_fit() {
        let en = json!({"title": "{name} | HYGO", "link": "/doctors", "items": [{"id": "a", "label": "Yes"}, {"id": "b", "label": "No"}], "paragraphs": ["One.", "Two."], "n": 3});
        let gu = json!({"title": "HYGO", "link": "/gu/x", "items": [{"id": "z", "label": "હા"}], "paragraphs": ["એક."], "n": 4, "gone": "x"});
        // The title lost its placeholder, the link is data, the list's length is not English's now.
        assert_eq!(translated(&en, &gu), json!({"title": "{name} | HYGO", "link": "/doctors", "items": [{"id": "a", "label": "Yes"}, {"id": "b", "label": "No"}], "paragraphs": ["એક."], "n": 3}));
        let gu = json!({"title": "{name} | હાયગો", "items": [{"label": "હા"}, {"label": ""}]});
        assert_eq!(translated(&en, &gu)["items"], json!([{"id": "a", "label": "હા"}, {"id": "b", "label": "No"}]), "an emptied text is English's");
        assert_eq!(translated(&en, &gu)["title"], "{name} | હાયગો");
    }

    #[test]
    fn the_texts_english_stands_in_for_are_named_by_their_fields_paths() {
        let en = json!({"title": "About", "link": "/about", "items": [{"id": "a", "label": "Yes"}, {"id": "b", "label": "No"}], "paragraphs": ["One.", "Two."]});
        let hi = json!({"title": "हमारे बारे में", "link": "/about", "items": [{"id": "a", "label": "Yes"}, {"id": "b", "label": "नहीं"}], "paragraphs": ["One.", "Two."]});
        assert_eq!(english_texts(&en, &hi), ["items.0.label", "paragraphs.0", "paragraphs.1"]);
        assert_eq!(english_texts(&en, &en).len(), 5, "every text of English's own body, and no data");
        let emptied = json!({"title": " ", "items": [{"label": "हाँ"}, {"label": "नहीं"}], "paragraphs": []});
        assert_eq!(english_texts(&en, &emptied), ["paragraphs", "title"], "an empty text or list is English's on the page");
    }
}

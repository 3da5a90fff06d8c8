//! An entry's body as form fields, and the form back as a body: the editor
//! shows the typed structure (texts, lists of cards, questions, sections) as
//! fields named by their path in the body (`sections.2.paragraphs.0`), with
//! add, remove and move for every list, and works without JavaScript (each of
//! those is a button of the same form). Nothing here is raw JSON for editors.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::entries::Entry;

/// The prefix of a field's name in the form: `f.sections.0.heading`.
pub const PREFIX: &str = "f.";

/// One field of the editor: a text, a number, a yes/no, a group of fields or a list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorField")]
pub struct Field {
    /// The path in the body: `sections.2.heading`; the form's name is `f.` and this.
    pub path: String,
    /// The key of its label in the console's texts (`editor.names.{name}`): its own
    /// key, or for an item of a list the list's.
    pub name: String,
    pub shape: Shape,
    /// A text, number or yes/no: its value as the form shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub value: Option<String>,
    /// Shown, not changed (a section's type, an article's address); for a
    /// list, that its items are known by their ids (decline reasons, service
    /// tiles): none is added, removed or moved.
    pub fixed: bool,
    /// A group's or a list's fields (named, not expanded: the type is recursive).
    #[ts(type = "Array<EditorField>")]
    pub children: Vec<Field>,
    /// A list: what may be added to it; `""` is one more item like the others, a
    /// name is a section of that type (`text`, `faq`…).
    pub add: Vec<String>,
    /// An item of a list: its place (from 0) and how many the list has.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub item: Option<(u32, u32)>,
    /// The section type of an item that has one (`faq`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<String>,
    /// In a translation: a text that is still English's, word for word.
    pub untranslated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EditorShape")]
pub enum Shape {
    Line,
    Paragraph,
    Number,
    Flag,
    Group,
    List,
    /// A picture (`images`): the words read in its place as its one field; its
    /// versions are changed by uploading another, never typed.
    Image,
}

/// Keys whose texts are paragraphs rather than one line.
const LONG: &[&str] = &["stopWords", "words", "text", "paragraphs", "content", "a", "excerpt", "description", "lead", "intro", "longDescription", "summary", "bio"];

fn shape_of(name: &str, value: &Value) -> Shape {
    match value {
        Value::Object(_) if name == PICTURE => Shape::Image,
        Value::Array(_) => Shape::List,
        Value::Object(_) => Shape::Group,
        Value::Number(_) => Shape::Number,
        Value::Bool(_) => Shape::Flag,
        Value::String(s) if LONG.contains(&name) || s.chars().count() > 90 => Shape::Paragraph,
        _ => Shape::Line,
    }
}

/// The key of a picture in a body (`Entry::picture_slots`).
const PICTURE: &str = "image";
/// A picture's versions, under its key: never a field.
const PICTURE_FILES: &str = "sources";

/// The order a group's fields are shown in (JSON objects here keep no order):
/// these first, as a page reads, then the others by name.
const ORDER: &[&str] = &[
    "type", "id", "slug", "words", "finds", "name", "specialization", "bio", "education", "category", "date", "author", "eyebrow", "title", "description", "heading", "lead", "intro",
    "excerpt", "text", "q", "a", "value", "suffix", "label", "link", "external", "paragraphs", "content", "items", "cards",
    "slides", "sections",
];

fn ordered(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut keys: Vec<(&String, &Value)> = map.iter().collect();
    keys.sort_by_key(|(k, _)| (ORDER.iter().position(|o| o == k).unwrap_or(ORDER.len()), k.as_str()));
    keys
}

/// The fields of a body.
pub fn fields(entry: &Entry, body: &Value, templates: &Templates) -> Vec<Field> {
    match body {
        Value::Object(map) => ordered(map).into_iter().map(|(k, v)| field(entry, body, k, k, v, None, templates)).collect(),
        _ => Vec::new(),
    }
}

fn field(entry: &Entry, root: &Value, path: &str, name: &str, value: &Value, item: Option<(u32, u32)>, templates: &Templates) -> Field {
    let shape = shape_of(name, value);
    let mut children = Vec::new();
    let mut add = Vec::new();
    match value {
        Value::Object(map) => {
            for (k, v) in ordered(map).into_iter().filter(|(k, _)| !(shape == Shape::Image && *k == PICTURE_FILES)) {
                children.push(field(entry, root, &format!("{path}.{k}"), k, v, None, templates));
            }
        }
        Value::Array(items) => {
            let n = items.len() as u32;
            for (i, v) in items.iter().enumerate() {
                children.push(field(entry, root, &format!("{path}.{i}"), name, v, Some((i as u32, n)), templates));
            }
            add = templates.offered(entry, root, path);
        }
        _ => {}
    }
    let value_text = match value {
        // A picture: its narrowest version, shown beside its field.
        Value::Object(_) if shape == Shape::Image => value.get(PICTURE_FILES).and_then(|s| s.get(0)).and_then(|s| s.get("url")).and_then(Value::as_str).map(str::to_owned),
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "on".into() } else { String::new() }),
        _ => None,
    };
    let by_id = matches!(value, Value::Array(items) if items.first().is_some_and(|i| i.get("id").is_some() && i.get("type").is_none()));
    Field {
        path: path.to_owned(),
        name: name.to_owned(),
        shape,
        value: value_text,
        fixed: entry.fixed(name) || by_id,
        children,
        add,
        item,
        kind: value.get("type").and_then(Value::as_str).map(str::to_owned),
        untranslated: false,
    }
}

/// English's value at a field's path.
fn english_at<'a>(english: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(english, |v, part| match v {
        Value::Object(map) => map.get(part),
        Value::Array(items) => items.get(part.parse::<usize>().ok()?),
        _ => None,
    })
}

/// The key a field's value has in its object (an item of a list: the list's).
fn key_of(path: &str) -> &str {
    path.rsplit('.').find(|p| p.parse::<usize>().is_err()).unwrap_or_default()
}

/// Whether English's value at `list` is a list of texts (paragraphs, a
/// department's services), which a translation writes as it needs: the one
/// list whose items a translation adds, removes and moves.
pub fn text_list(english: &Value, list: &str) -> bool {
    let key = key_of(list);
    english_at(english, list).and_then(Value::as_array).is_some_and(|items| {
        !items.is_empty() && items.iter().all(|i| i.as_str().is_some_and(|s| !hygo_content::is_data(key, s)))
    })
}

/// The fields of a translation (`crate::translations`): each text marked when
/// it is still English's (`untranslated`, the paths); what is English's in
/// every language shown, not changed: data (addresses, ids), numbers, yes/no,
/// and the structure of every list but a list of texts.
pub fn for_translation(fields: &mut [Field], english: &Value, untranslated: &[String]) {
    for f in fields {
        f.untranslated = untranslated.contains(&f.path);
        match f.shape {
            Shape::List => {
                if !text_list(english, &f.path) {
                    f.fixed = true;
                    f.add.clear();
                }
            }
            Shape::Group | Shape::Image => {}
            Shape::Line | Shape::Paragraph => {
                let words = english_at(english, &f.path).and_then(Value::as_str).is_some_and(|s| !hygo_content::is_data(key_of(&f.path), s));
                f.fixed |= !words;
            }
            Shape::Number | Shape::Flag => f.fixed = true,
        }
        for_translation(&mut f.children, english, untranslated);
    }
}

/// A field the form sent that cannot be read, and why (a message key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    pub path: String,
    pub key: &'static str,
}

/// The body the form describes: `base` (the revision the editor opened) with
/// every text, number and yes/no as posted. A field the form did not send keeps
/// its value, but a yes/no (an unticked box sends nothing; the form marks each
/// with `b.{path}`).
pub fn read_form(entry: &Entry, base: &Value, posted: &BTreeMap<String, String>) -> Result<Value, Vec<Unreadable>> {
    let mut body = base.clone();
    let mut wrong = Vec::new();
    set_leaves(entry, &mut body, String::new(), posted, &mut wrong);
    if wrong.is_empty() { Ok(body) } else { Err(wrong) }
}

fn set_leaves(entry: &Entry, value: &mut Value, path: String, posted: &BTreeMap<String, String>, wrong: &mut Vec<Unreadable>) {
    let join = |k: &str| if path.is_empty() { k.to_owned() } else { format!("{path}.{k}") };
    match value {
        Value::Object(map) => {
            // A picture's versions are what was uploaded, whatever is posted.
            for (k, v) in map.iter_mut().filter(|(k, _)| *k != PICTURE_FILES) {
                set_leaves(entry, v, join(k), posted, wrong);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter_mut().enumerate() {
                set_leaves(entry, v, join(&i.to_string()), posted, wrong);
            }
        }
        leaf => {
            let key = path.rsplit('.').find(|p| p.parse::<usize>().is_err()).unwrap_or_default();
            if entry.fixed(key) {
                return;
            }
            let sent = posted.get(&format!("{PREFIX}{path}"));
            match leaf {
                Value::String(s) => {
                    if let Some(sent) = sent {
                        // Line breaks as typed in any browser, kept as `\n`.
                        *s = sent.replace("\r\n", "\n").trim().to_owned();
                    }
                }
                Value::Number(_) => {
                    if let Some(sent) = sent {
                        match sent.trim().parse::<u32>() {
                            Ok(n) => *leaf = Value::from(n),
                            Err(_) => wrong.push(Unreadable { path, key: "editor.notANumber" }),
                        }
                    }
                }
                Value::Bool(_) => {
                    if posted.contains_key(&format!("b.{path}")) {
                        *leaf = Value::Bool(sent.is_some_and(|s| !s.is_empty()));
                    }
                }
                _ => {}
            }
        }
    }
}

/// A change of a list's structure: one of the form's buttons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// One more item at the end: like the others (`None`), or a section of a type.
    Add { list: String, kind: Option<String> },
    Remove(String),
    Up(String),
    Down(String),
}

impl Op {
    /// The list it changes: `sections` for `add:sections` and `remove:sections.2`.
    pub fn list(&self) -> &str {
        match self {
            Op::Add { list, .. } => list,
            Op::Remove(p) | Op::Up(p) | Op::Down(p) => p.rsplit_once('.').map_or(p.as_str(), |(l, _)| l),
        }
    }

    /// `add:sections`, `add:sections:faq`, `remove:sections.2`, `up:…`, `down:…`.
    pub fn parse(text: &str) -> Option<Op> {
        let (verb, rest) = text.split_once(':')?;
        match verb {
            "add" => {
                let (list, kind) = match rest.split_once(':') {
                    Some((list, kind)) => (list, Some(kind.to_owned())),
                    None => (rest, None),
                };
                Some(Op::Add { list: list.to_owned(), kind })
            }
            "remove" => Some(Op::Remove(rest.to_owned())),
            "up" => Some(Op::Up(rest.to_owned())),
            "down" => Some(Op::Down(rest.to_owned())),
            _ => None,
        }
    }

    /// Applies it; false when the path names nothing it can change.
    pub fn apply(&self, entry: &Entry, body: &mut Value, templates: &Templates) -> bool {
        match self {
            Op::Add { list, kind } => {
                let Some(template) = templates.get(entry, body, list, kind.as_deref()) else { return false };
                match at(body, list) {
                    Some(Value::Array(items)) => {
                        items.push(template);
                        true
                    }
                    _ => false,
                }
            }
            Op::Remove(path) | Op::Up(path) | Op::Down(path) => {
                let Some((list, index)) = path.rsplit_once('.') else { return false };
                let Ok(i) = index.parse::<usize>() else { return false };
                let Some(Value::Array(items)) = at(body, list) else { return false };
                // Items known by their ids stay as they are (see `Field::fixed`).
                if items.first().is_some_and(|i| i.get("id").is_some() && i.get("type").is_none()) {
                    return false;
                }
                match self {
                    Op::Remove(_) if i < items.len() => {
                        items.remove(i);
                    }
                    Op::Up(_) if i > 0 && i < items.len() => items.swap(i - 1, i),
                    Op::Down(_) if i + 1 < items.len() => items.swap(i, i + 1),
                    _ => return false,
                }
                true
            }
        }
    }
}

pub(crate) fn at<'a>(value: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    path.split('.').try_fold(value, |v, part| match v {
        Value::Object(map) => map.get_mut(part),
        Value::Array(items) => items.get_mut(part.parse::<usize>().ok()?),
        _ => None,
    })
}

/// What an empty item of each list looks like: the first item of every list
/// of that key in the files' content, emptied (texts blank, lists of one), and
/// for sections one per type.
#[derive(Debug, Default)]
pub struct Templates {
    items: BTreeMap<(String, Option<String>), Value>,
}

impl Templates {
    /// Gathered from every entry of a language's content.
    pub fn of(content: &hygo_content::Content) -> Templates {
        let mut templates = Templates::default();
        for entry in Entry::all(content) {
            if let Some(value) = entry.read(content) {
                templates.gather(&scope(&entry), "", &value);
            }
        }
        templates
    }

    /// `path` is the list's place without its items' numbers (`sections.cards`).
    fn gather(&mut self, scope: &str, path: &str, value: &Value) {
        let join = |k: &str| if path.is_empty() { k.to_owned() } else { format!("{path}.{k}") };
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    self.gather(scope, &join(k), v);
                }
            }
            Value::Array(items) => {
                for item in items {
                    let kind = item.get("type").and_then(Value::as_str).map(str::to_owned);
                    // Sections without fields of their own show the page's data
                    // (the founders, the contact form): not something to add.
                    let has_fields = item.as_object().is_none_or(|m| m.keys().any(|k| k != "type" && k != "id" && k != "heading"));
                    // An item known by its id (a decline reason, an article) is not
                    // made here: stored records and addresses name those ids.
                    let by_id = kind.is_none() && item.get("id").is_some();
                    let inside = match &kind {
                        Some(t) => format!("{path}[{t}]"),
                        None => path.to_owned(),
                    };
                    if has_fields && !by_id {
                        self.items.entry((format!("{scope}:{path}"), kind)).or_insert_with(|| emptied(item));
                    }
                    self.gather(scope, &inside, item);
                }
            }
            _ => {}
        }
    }

    fn get(&self, entry: &Entry, body: &Value, list: &str, kind: Option<&str>) -> Option<Value> {
        self.items.get(&(format!("{}:{}", scope(entry), shape(body, list)), kind.map(str::to_owned))).cloned()
    }

    /// What the editor offers to add to a list at this place of an entry.
    fn offered(&self, entry: &Entry, body: &Value, list: &str) -> Vec<String> {
        let key = format!("{}:{}", scope(entry), shape(body, list));
        self.items
            .keys()
            .filter(|(n, _)| *n == key)
            .map(|(_, kind)| kind.clone().unwrap_or_default())
            .collect()
    }
}

/// Which entries' lists are alike: every page's, every article's, every
/// department's; but each home section and site part its own (the home page's
/// `cards` of "why choose us" are not its departments' `cards`).
fn scope(entry: &Entry) -> String {
    match entry.kind {
        crate::Kind::Home | crate::Kind::Site | crate::Kind::Desk | crate::Kind::Search | crate::Kind::Doctor => entry.key(),
        kind => kind.as_str().to_owned(),
    }
}

/// A place in a body as its lists' items are alike: without the items'
/// numbers, with a section's type where it has one (`sections.2.items` of a
/// list section → `sections[list].items`; a FAQ's items are another shape).
fn shape(body: &Value, path: &str) -> String {
    let mut out = String::new();
    let mut at = Some(body);
    for part in path.split('.') {
        match part.parse::<usize>() {
            Ok(i) => {
                at = at.and_then(|v| v.get(i));
                if let Some(t) = at.and_then(|v| v.get("type")).and_then(Value::as_str) {
                    out.push_str(&format!("[{t}]"));
                }
            }
            Err(_) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(part);
                at = at.and_then(|v| v.get(part));
            }
        }
    }
    out
}

fn emptied(value: &Value) -> Value {
    match value {
        Value::String(_) => Value::String(String::new()),
        Value::Number(_) => Value::from(0),
        Value::Bool(b) => Value::Bool(*b),
        Value::Array(items) => Value::Array(items.first().map(emptied).into_iter().collect()),
        Value::Object(map) => {
            let mut out = Map::new();
            for (k, v) in map {
                match k.as_str() {
                    // A section's type stays; its anchor is the page's own.
                    "type" => {
                        out.insert(k.clone(), v.clone());
                    }
                    "id" => {}
                    _ => {
                        out.insert(k.clone(), emptied(v));
                    }
                }
            }
            Value::Object(out)
        }
        Value::Null => Value::Null,
    }
}

/// What must be right before a revision is published (drafts may be
/// incomplete, as in any editor): every heading, title, label, question and
/// answer, paragraph and list item written, and every link leading to a page
/// of this site that exists (`link_ok`), an `https://` address, `mailto:` or `tel:`.
/// With `live`, the entry's value now served: a text that has `{placeholders}`
/// there (`{number}` in the emergency note) must keep them.
pub fn problems(body: &Value, live: Option<&Value>, link_ok: &dyn Fn(&str) -> bool) -> Vec<Unreadable> {
    let mut found = Vec::new();
    walk_problems(body, String::new(), None, link_ok, &mut found);
    if let Some(live) = live {
        kept_placeholders(body, live, String::new(), &mut found);
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

/// The texts the site draws with their formatting (`ui/src/components/Prose.tsx`):
/// an article's `content`, a section's `paragraphs`. In any other text `**bold**`
/// and `[words](address)` would print as typed.
const FORMATTED: &[&str] = &["content", "paragraphs"];

/// Whether a text has the formatting `Prose.tsx` reads: `**words**`, or
/// `[words](address)` (the same patterns as its `INLINE`).
fn has_formatting(text: &str) -> bool {
    let bold = text.split("**").skip(1).step_by(2).zip(text.split("**").skip(2)).any(|(inside, _)| !inside.is_empty() && !inside.contains('*'));
    let link = text.split("](").skip(1).zip(text.split("](")).any(|(after, before)| {
        let words = before.rsplit_once('[').map(|(_, w)| w);
        let href = after.split_once(')').map(|(h, _)| h);
        words.is_some_and(|w| !w.is_empty() && !w.contains(']')) && href.is_some_and(|h| !h.is_empty() && !h.contains(char::is_whitespace))
    });
    bold || link
}

/// The addresses of the links written in a text as `[words](address)`.
fn inline_links(text: &str) -> impl Iterator<Item = &str> {
    text.split("](").skip(1).filter_map(|rest| rest.split_once(')').map(|(href, _)| href))
}

/// The `{name}`s of a text.
fn placeholders(text: &str) -> Vec<&str> {
    text.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(name, _)| name)).filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric())).collect()
}

fn kept_placeholders(body: &Value, live: &Value, path: String, found: &mut Vec<Unreadable>) {
    let join = |k: &str| if path.is_empty() { k.to_owned() } else { format!("{path}.{k}") };
    match (body, live) {
        (Value::Object(b), Value::Object(l)) => {
            for (k, v) in b {
                if let Some(lv) = l.get(k) {
                    kept_placeholders(v, lv, join(k), found);
                }
            }
        }
        (Value::Array(b), Value::Array(l)) => {
            for (i, (v, lv)) in b.iter().zip(l).enumerate() {
                kept_placeholders(v, lv, join(&i.to_string()), found);
            }
        }
        (Value::String(b), Value::String(l)) => {
            if placeholders(l).iter().any(|p| !placeholders(b).contains(p)) {
                found.push(Unreadable { path, key: "editor.placeholderLost" });
            }
        }
        _ => {}
    }
}

const REQUIRED: &[&str] = &[
    "title", "heading", "label", "q", "a", "name", "paragraphs", "content", "items", "points", "eyebrow", "text", "category", "excerpt",
    "author", "date", "description", "words", "finds",
];

/// YYYY-MM-DD, a real day.
fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10 && b[4] == b'-' && b[7] == b'-' && chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok()
}

fn walk_problems(value: &Value, path: String, name: Option<&str>, link_ok: &dyn Fn(&str) -> bool, found: &mut Vec<Unreadable>) {
    let join = |k: &str| if path.is_empty() { k.to_owned() } else { format!("{path}.{k}") };
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                walk_problems(v, join(k), Some(k), link_ok, found);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk_problems(v, join(&i.to_string()), name, link_ok, found);
            }
        }
        Value::String(s) => {
            let name = name.unwrap_or_default();
            if s.trim().is_empty() && name == "alt" {
                found.push(Unreadable { path, key: "editor.altRequired" });
            } else if s.trim().is_empty() && REQUIRED.contains(&name) {
                found.push(Unreadable { path, key: "editor.required" });
            } else if name == "date" && !is_date(s) {
                found.push(Unreadable { path, key: "editor.notADate" });
            } else if (name == "link" || name.ends_with("Link")) && !s.is_empty() && !link_ok(s) {
                found.push(Unreadable { path, key: "editor.noSuchPage" });
            } else if !FORMATTED.contains(&name) && has_formatting(s) {
                // Shown as typed anywhere else: `**` and brackets on the page (issue 44).
                found.push(Unreadable { path, key: "editor.formattingNotShown" });
            } else if inline_links(s).any(|href| !link_ok(href)) {
                // A link written in a text: [words](/a-page) (`ui/src/components/Prose.tsx`).
                found.push(Unreadable { path, key: "editor.noSuchPage" });
            }
        }
        _ => {}
    }
}

/// A body fit to preview: every link `problems` would refuse (a page that is
/// none, `/\evil.example` that a browser reads as another site) points nowhere
/// (`#`), in link fields and in `[words](address)` written in texts. The
/// preview, and a share link's outsiders, never follow a link that could not be
/// published (issue 44).
pub fn defuse_links(value: &mut Value, name: Option<&str>, link_ok: &dyn Fn(&str) -> bool) {
    match value {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                defuse_links(v, Some(k.as_str()), link_ok);
            }
        }
        Value::Array(items) => {
            for v in items.iter_mut() {
                defuse_links(v, name, link_ok);
            }
        }
        Value::String(s) => {
            let name = name.unwrap_or_default();
            if (name == "link" || name.ends_with("Link")) && !s.is_empty() && !link_ok(s) {
                *s = "#".to_owned();
            } else {
                let bad: Vec<String> = inline_links(s).filter(|href| !link_ok(href)).map(str::to_owned).collect();
                for href in bad {
                    *s = s.replace(&format!("]({href})"), "](#)");
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 44: `**bold**` and links printed literally in department
    /// descriptions, and passed the checks. Formatting is refused where the
    /// site would print it as typed, and kept where it is drawn.
    #[test]
    fn formatting_is_refused_where_it_would_print_as_typed() {
        let ok = |_: &str| true;
        let keys = |body: Value| problems(&body, None, &ok).into_iter().map(|u| (u.path, u.key)).collect::<Vec<_>>();
        let refused = "editor.formattingNotShown";
        for typed in ["Our **best** doctors", "See [our doctors](/doctors) today", "**a**"] {
            assert_eq!(keys(serde_json::json!({ "departments": [{ "description": typed }] })), vec![("departments.0.description".to_owned(), refused)], "{typed}");
            assert_eq!(keys(serde_json::json!({ "title": typed })), vec![("title".to_owned(), refused)], "{typed}");
            assert_eq!(keys(serde_json::json!({ "sections": [{ "paragraphs": [typed] }], "content": [typed] })), vec![], "{typed}: drawn in paragraphs");
        }
        // In paragraphs, a link is drawn: it must lead to a page.
        let nowhere = |l: &str| l != "/nowhere";
        let found = problems(&serde_json::json!({ "sections": [{ "paragraphs": ["See [x](/nowhere)"] }] }), None, &nowhere);
        assert_eq!(found.into_iter().map(|u| u.key).collect::<Vec<_>>(), vec!["editor.noSuchPage"]);
        // What is no formatting prints as typed, rightly: not refused.
        for plain in ["5 * 3 = 15", "Call 108 **", "[not a link]", "a ** b", "[x] (y)", "[x](a b)"] {
            assert_eq!(keys(serde_json::json!({ "description": plain })), vec![], "{plain}");
        }
    }

    #[test]
    fn a_link_that_could_not_be_published_points_nowhere_in_a_preview() {
        let ok = |l: &str| l == "/doctors" || l == "#";
        let mut body = serde_json::json!({ "link": "/\\evil.example", "items": [{ "text": "see [x](/\\evil.example) and [y](/doctors)", "ctaLink": "/doctors" }] });
        defuse_links(&mut body, None, &ok);
        assert_eq!(body, serde_json::json!({ "link": "#", "items": [{ "text": "see [x](#) and [y](/doctors)", "ctaLink": "/doctors" }] }));
    }

    /// A dotted path, joined (written whole, it would read as a message key to `tests/catalogue_keys.rs`).
    fn dotted(parts: &[&str]) -> String {
        parts.join(".")
    }

    fn about() -> (Entry, Value, Templates) {
        let content = hygo_content::default();
        let entry = Entry::parse(&dotted(&["page", "about"])).unwrap();
        let body = entry.read(&content).unwrap();
        (entry, body, Templates::of(&content))
    }

    fn leaves(fields: &[Field], out: &mut BTreeMap<String, String>) {
        for f in fields {
            if let Some(v) = &f.value {
                out.insert(format!("{PREFIX}{}", f.path), v.clone());
                if f.shape == Shape::Flag {
                    out.insert(format!("b.{}", f.path), String::new());
                }
            }
            leaves(&f.children, out);
        }
    }

    #[test]
    fn the_fields_posted_back_unchanged_give_the_same_body() {
        let content = hygo_content::default();
        let templates = Templates::of(&content);
        for entry in Entry::all(&content) {
            let body = entry.read(&content).unwrap();
            let mut posted = BTreeMap::new();
            leaves(&fields(&entry, &body, &templates), &mut posted);
            assert_eq!(read_form(&entry, &body, &posted).unwrap(), body, "{}", entry.key());
        }
    }

    #[test]
    fn a_posted_text_changes_its_place_only_and_a_fixed_one_never() {
        let (entry, body, _) = about();
        let mut posted = BTreeMap::new();
        posted.insert(format!("{PREFIX}heading"), "  New heading \r\n".to_owned());
        posted.insert("f.sections.0.type".to_owned(), "faq".to_owned());
        let read = read_form(&entry, &body, &posted).unwrap();
        assert_eq!(read["heading"], "New heading");
        assert_eq!(read["sections"][0]["type"], body["sections"][0]["type"]);
        assert_eq!(read["title"], body["title"]);
    }

    #[test]
    fn a_number_that_is_not_one_is_named() {
        let content = hygo_content::default();
        let entry = Entry::parse(&dotted(&["page", "about"])).unwrap();
        let body = serde_json::json!({ "items": [{ "value": 3, "label": "x" }] });
        let mut posted = BTreeMap::new();
        posted.insert("f.items.0.value".to_owned(), "three".to_owned());
        let wrong = read_form(&entry, &body, &posted).unwrap_err();
        assert_eq!(wrong, vec![Unreadable { path: "items.0.value".into(), key: "editor.notANumber" }]);
        drop(content);
    }

    #[test]
    fn lists_take_new_items_and_move_and_lose_them() {
        let (entry, mut body, templates) = about();
        let n = body["sections"].as_array().unwrap().len();
        assert!(Op::parse("add:sections:faq").unwrap().apply(&entry, &mut body, &templates));
        assert_eq!(body["sections"][n]["type"], "faq");
        assert_eq!(body["sections"][n]["items"][0]["q"], "", "an empty question to write");
        assert!(Op::parse(&format!("up:sections.{n}")).unwrap().apply(&entry, &mut body, &templates));
        assert_eq!(body["sections"][n - 1]["type"], "faq");
        assert!(!Op::parse("up:sections.0").unwrap().apply(&entry, &mut body, &templates) || n == 0, "the first cannot go up");
        assert!(Op::parse(&format!("remove:sections.{}", n - 1)).unwrap().apply(&entry, &mut body, &templates));
        assert_eq!(body["sections"].as_array().unwrap().len(), n);
        assert!(!Op::parse("remove:sections.999").unwrap().apply(&entry, &mut body, &templates));
        assert!(!Op::parse("add:nothing").unwrap().apply(&entry, &mut body, &templates));
        assert!(Op::parse("sideways:x").is_none());
    }

    #[test]
    fn a_text_keeps_the_placeholders_it_has_live() {
        let live = serde_json::json!({ "emergencyNote": "In an emergency, call {number}.", "other": "no {x} here" });
        let mut body = live.clone();
        body["emergencyNote"] = Value::from("In an emergency, call the hospital.");
        body["other"] = Value::from("changed, {x} kept");
        assert_eq!(problems(&body, Some(&live), &|_| true), vec![Unreadable { path: "emergencyNote".into(), key: "editor.placeholderLost" }]);
    }

    #[test]
    fn every_key_of_every_entry_has_its_label() {
        let content = hygo_content::default();
        let Some(hygo_content::Text::Group(names)) = content.staff_texts.get("editor").and_then(|e| e.get("names")) else { panic!("no names in the console's editor texts") };
        fn keys(v: &Value, out: &mut std::collections::BTreeSet<String>) {
            match v {
                Value::Object(m) => m.iter().for_each(|(k, v)| { out.insert(k.clone()); keys(v, out); }),
                Value::Array(a) => a.iter().for_each(|v| keys(v, out)),
                _ => {}
            }
        }
        let mut all = std::collections::BTreeSet::new();
        for entry in Entry::all(&content) {
            keys(&entry.read(&content).unwrap(), &mut all);
        }
        let missing: Vec<&String> = all.iter().filter(|k| !names.contains_key(*k)).collect();
        assert!(missing.is_empty(), "catalogue/staff/en.json, the editor's names, lacks {missing:?}");
    }

    #[test]
    fn nothing_the_files_hold_is_a_problem() {
        let content = hygo_content::default();
        for entry in Entry::all(&content) {
            let value = entry.read(&content).unwrap();
            let found = problems(&value, Some(&value), &|_| true);
            assert!(found.is_empty(), "{}: {found:?}", entry.key());
        }
    }

    /// Each list takes items of its own shape: the home page's "why choose us"
    /// cards are not a content page's cards, nor its departments' cards.
    #[test]
    fn every_list_of_every_entry_takes_one_more_item_that_fits() {
        let content = hygo_content::default();
        let templates = Templates::of(&content);
        fn lists(fields: &[Field], out: &mut Vec<(String, Vec<String>)>) {
            for f in fields {
                if f.shape == Shape::List {
                    out.push((f.path.clone(), f.add.clone()));
                }
                lists(&f.children, out);
            }
        }
        let mut added = 0;
        for entry in Entry::all(&content) {
            let body = entry.read(&content).unwrap();
            let mut found = Vec::new();
            lists(&fields(&entry, &body, &templates), &mut found);
            for (list, kinds) in found {
                for kind in kinds {
                    let mut grown = body.clone();
                    let op = Op::Add { list: list.clone(), kind: (!kind.is_empty()).then(|| kind.clone()) };
                    assert!(op.apply(&entry, &mut grown, &templates), "{} {list} {kind}", entry.key());
                    let mut copy = (*content).clone();
                    entry.apply(&mut copy, grown).unwrap_or_else(|e| panic!("{} {list} {kind}: {e}", entry.key()));
                    added += 1;
                }
            }
        }
        assert!(added > 50, "{added} lists tried");
    }

    #[test]
    fn empty_required_texts_and_links_to_nowhere_are_problems() {
        let (_, mut body, _) = about();
        assert!(problems(&body, None, &|_| true).is_empty(), "the files' about page is complete");
        body["heading"] = Value::from("");
        body["back"]["link"] = Value::from("/nowhere");
        body["lead"] = Value::from("See [our doctors](/doctors) and [nothing](/nowhere).");
        let found = problems(&body, None, &|l| l != "/nowhere");
        assert_eq!(found, vec![
            Unreadable { path: dotted(&["back", "link"]), key: "editor.noSuchPage" },
            Unreadable { path: "heading".into(), key: "editor.required" },
            // A lead is drawn as plain text: a link in it would print as typed (issue 44).
            Unreadable { path: "lead".into(), key: "editor.formattingNotShown" },
        ]);
    }
}

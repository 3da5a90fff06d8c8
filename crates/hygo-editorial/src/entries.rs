//! What editors change, each an entry with a key: `page.{name}` (a content page
//! of `pages.json`), `article.{id}` (a news article), `home.{section}` (a section
//! of the home page: the hero's slides, the service tiles…) and
//! `department.{slug}` (a department's descriptions). An entry is read from a
//! language's `Content` as JSON and laid over it from JSON, through its Rust
//! type, so a body that does not fit the type is refused with the path that is
//! wrong, as the catalogue's files are.

use std::sync::Arc;

use hygo_content::{ContentPage, Content, Department, Home, NewsItem};
use serde_json::Value;

/// The kinds of entry, in the order the console lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "EntryKind")]
pub enum Kind {
    Page,
    Home,
    Article,
    Department,
    /// Site-wide texts: the contact block, the footer.
    Site,
    /// The desk's words to patients: the reasons it declines or cancels a visit.
    Desk,
    /// The site search's everyday words (`search-synonyms.json`).
    Search,
    /// A doctor's own texts in Hindi or Gujarati (`hygo_content::DoctorWords`):
    /// English's are the doctor's record, changed on the console's doctor page.
    Doctor,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Page => "page",
            Kind::Home => "home",
            Kind::Article => "article",
            Kind::Department => "department",
            Kind::Site => "site",
            Kind::Desk => "desk",
            Kind::Search => "search",
            Kind::Doctor => "doctor",
        }
    }
}

/// The home page's sections an editor may change. The health cards (their
/// prices) and the news list's own labels stay in the files; each article is
/// an entry of its own.
const HOME_SECTIONS: &[&str] = &["hero", "whyChooseUs", "departments", "services", "founders", "appointment", "reviews"];

/// The site-wide parts an editor may change, each some keys of `site.json`.
const SITE_PARTS: &[(&str, &[&str])] = &[
    ("contact", &["tagline", "about", "phone", "email", "hours", "emergencyNote", "contactLabels"]),
    ("footer", &["quickLinks", "newsletter", "legal", "copyright"]),
];

/// The desk's parts, each some keys of `forms.json`.
const DESK_PARTS: &[(&str, &[&str])] = &[("declineReasons", &["declineReasons"])];

fn part(parts: &'static [(&'static str, &'static [&'static str])], name: &str) -> Option<&'static [&'static str]> {
    parts.iter().find(|(n, _)| *n == name).map(|(_, keys)| *keys)
}

/// The search's one entry: its words.
const SEARCH_WORDS: &str = "words";

/// The search's words as an editor sees them: each list one line, its words
/// between commas (`skin, hair, acne`), as people would write them.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct WordsBody {
    stop_words: String,
    synonyms: Vec<WordsGroup>,
    /// The words of each kind of emergency (its kind fixed: the help it shows).
    #[serde(default)]
    emergencies: Vec<EmergencyGroup>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct EmergencyGroup {
    /// The kind (`emergency.json`'s id): known by it, so fixed, and none added.
    id: String,
    words: String,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct WordsGroup {
    words: String,
    finds: String,
}

fn joined(words: &[String]) -> String {
    words.join(", ")
}

/// A line of words between commas, each trimmed, lower case (as queries are
/// read), without empty ones.
pub(crate) fn split(line: &str) -> Vec<String> {
    line.split(',').map(|w| w.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()).filter(|w| !w.is_empty()).collect()
}

/// Some keys of a JSON object, as an object.
fn keys_of(whole: Value, keys: &[&str]) -> Option<Value> {
    let Value::Object(mut map) = whole else { return None };
    Some(Value::Object(keys.iter().filter_map(|k| map.remove(*k).map(|v| ((*k).to_owned(), v))).collect()))
}

/// `whole` with `body`'s keys (of `keys` only) put in, read back into its type.
fn with_keys<T: serde::Serialize + serde::de::DeserializeOwned>(whole: &T, keys: &[&str], body: Value) -> Result<T, Misfit> {
    let mut value = serde_json::to_value(whole).map_err(|e| Misfit { path: String::new(), detail: e.to_string() })?;
    let Value::Object(body) = body else { return Err(Misfit { path: String::new(), detail: "not an object".into() }) };
    for (k, v) in body {
        if !keys.contains(&k.as_str()) {
            return Err(Misfit { path: k, detail: "not a field of this entry".into() });
        }
        value[k.as_str()] = v;
    }
    typed(value)
}

/// One entry: its kind and its name within the kind.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    pub kind: Kind,
    pub name: String,
}

/// Why a body cannot be laid over the content: the path in it and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misfit {
    pub path: String,
    pub detail: String,
}

impl std::fmt::Display for Misfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.detail)
    }
}

fn typed<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, Misfit> {
    serde_path_to_error::deserialize(value).map_err(|e| Misfit { path: e.path().to_string(), detail: e.inner().to_string() })
}

impl Entry {
    /// An entry by its key (`page.about`); None for a key of no kind, or a name
    /// that is not a name (`article.` with nothing, a dot, a slash).
    pub fn parse(key: &str) -> Option<Entry> {
        let (kind, name) = key.split_once('.')?;
        let kind = match kind {
            "page" => Kind::Page,
            "home" => Kind::Home,
            "article" => Kind::Article,
            "department" => Kind::Department,
            "site" => Kind::Site,
            "desk" => Kind::Desk,
            "search" => Kind::Search,
            "doctor" => Kind::Doctor,
            _ => return None,
        };
        let fits = !name.is_empty()
            && name.len() <= 100
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        let known = match kind {
            Kind::Home => HOME_SECTIONS.contains(&name),
            Kind::Site => part(SITE_PARTS, name).is_some(),
            Kind::Desk => part(DESK_PARTS, name).is_some(),
            Kind::Search => name == SEARCH_WORDS,
            Kind::Doctor => name.parse::<i32>().is_ok_and(|id| id > 0) && !name.starts_with('0'),
            _ => true,
        };
        if !fits || !known {
            return None;
        }
        Some(Entry { kind, name: name.to_owned() })
    }

    /// Whether it holds the clinic's own contact data, the phones, e-mails and
    /// hours every page and patient e-mail sends patients to (`site.contact`):
    /// published only by an admin (an editor's draft is published by an admin,
    /// who so approves it; issue 44: one editor alone redirected patients' calls).
    pub fn holds_contact_data(&self) -> bool {
        self.kind == Kind::Site && self.name == "contact"
    }

    pub fn key(&self) -> String {
        format!("{}.{}", self.kind.as_str(), self.name)
    }

    /// Every entry a language's content has, in the console's order.
    pub fn all(content: &Content) -> Vec<Entry> {
        let mut all: Vec<Entry> = content.page_keys().map(|k| Entry { kind: Kind::Page, name: k.to_owned() }).collect();
        all.extend(HOME_SECTIONS.iter().map(|s| Entry { kind: Kind::Home, name: (*s).to_owned() }));
        all.extend(content.home.news.items.iter().map(|a| Entry { kind: Kind::Article, name: a.id.clone() }));
        all.extend(content.departments.iter().map(|d| Entry { kind: Kind::Department, name: d.slug.clone() }));
        all.extend(SITE_PARTS.iter().map(|(n, _)| Entry { kind: Kind::Site, name: (*n).to_owned() }));
        all.extend(DESK_PARTS.iter().map(|(n, _)| Entry { kind: Kind::Desk, name: (*n).to_owned() }));
        all.push(Entry { kind: Kind::Search, name: SEARCH_WORDS.to_owned() });
        all
    }

    /// The entry's value in this content, as JSON; None when it has none (an
    /// article not published yet, or retired).
    pub fn read(&self, content: &Content) -> Option<Value> {
        let value = match self.kind {
            Kind::Page => serde_json::to_value(&*content.page(&self.name)?),
            Kind::Home => return serde_json::to_value(&*content.home).ok()?.get(&self.name).cloned(),
            Kind::Article => serde_json::to_value(content.article(&self.name)?),
            Kind::Department => serde_json::to_value(content.departments.iter().find(|d| d.slug == self.name)?),
            Kind::Site => return keys_of(serde_json::to_value(&*content.site).ok()?, part(SITE_PARTS, &self.name)?),
            Kind::Desk => return keys_of(serde_json::to_value(&*content.forms).ok()?, part(DESK_PARTS, &self.name)?),
            Kind::Doctor => serde_json::to_value(content.doctor_words.get(&self.name.parse::<i32>().ok()?)?),
            Kind::Search => {
                let words = &content.search_words;
                serde_json::to_value(WordsBody {
                    stop_words: joined(&words.stop_words),
                    synonyms: words.synonyms.iter().map(|g| WordsGroup { words: joined(&g.words), finds: joined(&g.finds) }).collect(),
                    emergencies: words.emergencies.iter().map(|g| EmergencyGroup { id: g.kind.clone(), words: joined(&g.words) }).collect(),
                })
            }
        };
        value.ok()
    }

    /// Lays a body over the content: the entry's value becomes the body's (JSON
    /// `null` retires an article). Nothing changes when the body does not fit.
    pub fn apply(&self, content: &mut Content, body: Value) -> Result<(), Misfit> {
        match self.kind {
            Kind::Page => {
                let page: ContentPage = typed(body)?;
                content.set_page(&self.name, page);
            }
            Kind::Home => {
                let mut home = serde_json::to_value(&*content.home).map_err(|e| Misfit { path: String::new(), detail: e.to_string() })?;
                home[self.name.as_str()] = body;
                let home: Home = typed(home)?;
                content.home = Arc::new(home);
                content.derive();
            }
            Kind::Article => {
                let items = &mut Arc::make_mut(&mut content.home).news.items;
                let at = items.iter().position(|a| a.id == self.name);
                if body.is_null() {
                    if let Some(at) = at {
                        items.remove(at);
                    }
                    return Ok(());
                }
                let mut article: NewsItem = typed(body)?;
                article.id = self.name.clone();
                match at {
                    Some(at) => items[at] = article,
                    // After the file's, in the order they were first published.
                    None => items.push(article),
                }
            }
            Kind::Department => {
                let mut department: Department = typed(body)?;
                department.slug = self.name.clone();
                let departments = Arc::make_mut(&mut content.departments);
                match departments.iter_mut().find(|d| d.slug == self.name) {
                    Some(d) => *d = department,
                    None => return Err(Misfit { path: "slug".into(), detail: "no such department".into() }),
                }
            }
            Kind::Site => {
                let keys = part(SITE_PARTS, &self.name).ok_or_else(|| Misfit { path: String::new(), detail: "no such part".into() })?;
                content.site = Arc::new(with_keys(&*content.site, keys, body)?);
            }
            Kind::Desk => {
                let keys = part(DESK_PARTS, &self.name).ok_or_else(|| Misfit { path: String::new(), detail: "no such part".into() })?;
                let forms: hygo_content::Forms = with_keys(&*content.forms, keys, body)?;
                // Stored requests name a reason by its id: the ids stay as they are.
                let before: Vec<&str> = content.forms.decline_reasons.iter().map(|r| r.id.as_str()).collect();
                let after: Vec<&str> = forms.decline_reasons.iter().map(|r| r.id.as_str()).collect();
                if before != after {
                    return Err(Misfit { path: "declineReasons".into(), detail: "the reasons' ids cannot change".into() });
                }
                content.forms = Arc::new(forms);
            }
            Kind::Doctor => {
                let id = self.name.parse::<i32>().map_err(|_| Misfit { path: String::new(), detail: "no such doctor".into() })?;
                let words = Arc::make_mut(&mut content.doctor_words);
                if body.is_null() {
                    words.remove(&id);
                } else {
                    words.insert(id, typed(body)?);
                }
            }
            Kind::Search => {
                let body: WordsBody = typed(body)?;
                // The kinds are the help the site has (`emergency.json`): none added, none lost.
                let asked: std::collections::BTreeSet<&str> = body.emergencies.iter().map(|g| g.id.as_str()).collect();
                let had: std::collections::BTreeSet<&str> = content.search_words.emergencies.iter().map(|g| g.kind.as_str()).collect();
                if asked != had {
                    return Err(Misfit { path: "emergencies".into(), detail: "the kinds of emergency cannot change".into() });
                }
                content.search_words = hygo_content::SearchWords {
                    note: content.search_words.note.clone(),
                    stop_words: split(&body.stop_words),
                    synonyms: body.synonyms.iter().map(|g| hygo_content::Synonyms { words: split(&g.words), finds: split(&g.finds) }).collect(),
                    emergencies: body.emergencies.iter().map(|g| hygo_content::EmergencyWords { kind: g.id.clone(), words: split(&g.words) }).collect(),
                };
            }
        }
        Ok(())
    }

    /// The places of a body that take a picture (`images`): each hero slide's
    /// `image`, an article's `image`; none elsewhere.
    pub fn picture_slots(&self, body: &Value) -> Vec<String> {
        match (self.kind, self.name.as_str()) {
            (Kind::Home, "hero") => {
                let n = body.get("slides").and_then(Value::as_array).map_or(0, Vec::len);
                (0..n).map(|i| format!("slides.{i}.image")).collect()
            }
            (Kind::Article, _) if body.is_object() => vec!["image".to_owned()],
            _ => Vec::new(),
        }
    }

    /// The keys an editor may not change in this entry's body (shown, not
    /// edited): a section's type and anchor, an article's id (its address), a
    /// department's slug, name and listing (the spec's names).
    pub(crate) fn fixed(&self, key: &str) -> bool {
        match self.kind {
            Kind::Department => matches!(key, "slug" | "name" | "listed"),
            Kind::Article => key == "id",
            _ => matches!(key, "type" | "id"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry's key (written whole, it would read as a message key to `tests/catalogue_keys.rs`).
    fn key(kind: &str, name: &str) -> String {
        format!("{kind}.{name}")
    }

    #[test]
    fn keys_parse_and_print_back() {
        for key in [key("page", "about"), key("home", "hero"), key("article", "lab-sample-collection-at-home"), key("department", "neurology")] {
            assert_eq!(Entry::parse(&key).map(|e| e.key()), Some(key));
        }
        for key in ["page".to_owned(), key("page", ""), key("nope", "about"), key("home", "subscription"), key("page", &format!("a.{}", "b")), key("page", &format!("a.{}", "b")), key("article", "<x>")] {
            assert!(Entry::parse(&key).is_none(), "{key}");
        }
    }

    #[test]
    fn every_entry_reads_and_lays_back_unchanged() {
        let content = hygo_content::default();
        let all = Entry::all(&content);
        assert!(all.len() > 30, "{}", all.len());
        for entry in all {
            let value = entry.read(&content).unwrap_or_else(|| panic!("{} reads", entry.key()));
            let mut copy = (*content).clone();
            entry.apply(&mut copy, value.clone()).unwrap_or_else(|e| panic!("{}: {e}", entry.key()));
            assert_eq!(entry.read(&copy), Some(value), "{}", entry.key());
        }
    }

    #[test]
    fn a_body_that_does_not_fit_is_refused_with_its_path() {
        let mut content = (*hygo_content::default()).clone();
        let entry = Entry::parse(&key("page", "about")).unwrap();
        let mut body = entry.read(&content).unwrap();
        body["sections"][0]["type"] = Value::from("nonsense");
        let misfit = entry.apply(&mut content, body).unwrap_err();
        assert!(misfit.path.starts_with("sections[0]"), "{misfit}");
        assert_eq!(entry.read(&content), entry.read(&hygo_content::default()), "nothing changed");
    }

    #[test]
    fn an_article_is_added_and_retired_by_null() {
        let mut content = (*hygo_content::default()).clone();
        let first = content.home.news.items[0].clone();
        let entry = Entry::parse(&key("article", "new-one")).unwrap();
        let mut body = serde_json::to_value(&first).unwrap();
        body["date"] = Value::from("2099-01-01");
        entry.apply(&mut content, body).unwrap();
        assert_eq!(content.article("new-one").map(|a| a.date.as_str()), Some("2099-01-01"));
        entry.apply(&mut content, Value::Null).unwrap();
        assert!(content.article("new-one").is_none());
    }
}

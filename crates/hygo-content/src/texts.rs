//! The interface texts (`catalogue/texts/{lang}.json`, `catalogue/staff/{lang}.json`)
//! and the site search's own entries (`catalogue/search.json`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Interface texts by area, then by key: a sentence, or a group of them (a
/// status's label by status). Their TypeScript is the English file's own type
/// (`ui/src/catalogue.ts`), so a component reading a key that is not there fails
/// `tsc`; a unit test holds every language to the English file's keys.
pub type Texts = BTreeMap<String, BTreeMap<String, Text>>;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Text {
    One(String),
    Group(BTreeMap<String, String>),
}

/// A page of `catalogue/search.json`: a content page (by its key), a form's page
/// (by the form's name) or a page with its own name, and the words people may
/// look for it by.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchPage {
    pub content: Option<String>,
    pub form: Option<String>,
    pub name: Option<String>,
    pub description: Option<String>,
    pub link: String,
    pub keywords: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SearchFile {
    pub pages: Vec<SearchPage>,
}

/// The site search's everyday words (`catalogue/search-synonyms.json`): words a
/// query may leave out, and groups of words that find what they name.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchWords {
    #[serde(rename = "//", default)]
    pub note: String,
    pub stop_words: Vec<String>,
    pub synonyms: Vec<Synonyms>,
    /// Words and phrases that mean an emergency, by its kind (`emergency.json`'s
    /// ids): the search shows that kind's help before any result.
    #[serde(default)]
    pub emergencies: Vec<EmergencyWords>,
}

/// The words of one kind of emergency (`heart`, `suicide`…). A phrase counts
/// when every one of its words is in the query, in any order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmergencyWords {
    pub kind: String,
    pub words: Vec<String>,
}

/// Words (or phrases) and what they find, the first best: `department:<slug>`,
/// `specialization:<id>`, `service:<id>`, `page:<id>` or `clinic:<id>`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Synonyms {
    pub words: Vec<String>,
    pub finds: Vec<String>,
}

//! `catalogue/pages.json`: the content pages (About, Mission, Vision, Founding
//! Team, Patient Resources, Contact, Privacy Policy, Terms and Conditions…), each
//! a title, a description, a heading and a list of typed sections that
//! `ui/src/pages/Content.tsx` draws.

use serde::{Deserialize, Serialize};

use crate::site::Link;

/// A content page of `pages.json`.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct ContentPage {
    pub title: String,
    pub description: String,
    pub heading: String,
    pub lead: String,
    pub back: Link,
    pub sections: Vec<Section>,
}

/// A section of a content page: an anchor and a heading, both optional, and what
/// it shows.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[ts(rename = "ContentSection")]
pub struct Section {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub heading: Option<String>,
    #[serde(flatten)]
    pub kind: SectionKind,
}

/// What a section shows; `type` in the file. Sections without fields show data
/// of the page (the founders, the clinics, the contact form…).
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum SectionKind {
    Text {
        paragraphs: Vec<String>,
    },
    Cards {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        intro: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        columns: Option<u8>,
        cards: Vec<Card>,
    },
    Counters {
        items: Vec<Counter>,
    },
    Stats {
        items: Vec<Stat>,
    },
    Faq {
        items: Vec<Question>,
    },
    List {
        /// What the items are, when their heading alone does not say (topics to
        /// ask about, not pages to open).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        lead: Option<String>,
        items: Vec<String>,
    },
    Legal {
        sections: Vec<LegalPart>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        mailto: Option<String>,
    },
    Cta {
        text: String,
        label: String,
        link: String,
    },
    Book {
        text: String,
    },
    Visit {
        labels: VisitLabels,
    },
    Clinics,
    Founders,
    Contact,
    ContactForm,
    Reviews,
    Specialists,
    Schedules,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub title: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub link: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub external: Option<bool>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Counter {
    pub value: u32,
    pub suffix: String,
    pub label: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Stat {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub q: String,
    pub a: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct LegalPart {
    pub heading: String,
    pub paragraphs: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub items: Option<Vec<String>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct VisitLabels {
    pub visit: String,
    pub call: String,
    pub hours: String,
}

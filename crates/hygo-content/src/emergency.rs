//! What the site says to a patient whose search means an emergency
//! (`catalogue/emergency.json`, DESIGN.md "Patient safety"): for each kind of
//! emergency, a heading, a sentence and the numbers to call, shown before any
//! result. Which words mean which kind are the search's (`emergencies` in each
//! language's `search-synonyms.json`, `hygo_directory::search::emergencies`).
//! The texts are safety advice: they are reviewed by the clinic's doctors, not
//! edited in the console (docs/patients.md, "Emergencies first").

use serde::{Deserialize, Serialize};

/// The file: one entry per kind, in the order they are shown when a query
/// means several (the crisis line first).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Emergencies {
    #[serde(rename = "//", default)]
    pub note: String,
    /// The line under every help: the site and the clinics are not for emergencies.
    pub not_for: String,
    pub kinds: Vec<Emergency>,
}

/// One kind of emergency and what a patient is told.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Emergency {
    /// "heart", "stroke", "breathing", "bleeding", "poisoning", "injury", "suicide", "general".
    pub id: String,
    pub heading: String,
    pub text: String,
    /// The numbers to call, the first the one to call first.
    pub calls: Vec<Call>,
    /// What the search shows first after the help (`department:cardiology`).
    #[serde(default)]
    pub finds: Vec<String>,
}

/// A number to call, with what its button says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Call {
    pub number: String,
    pub label: String,
}

impl Emergencies {
    /// The kind by its id.
    pub fn kind(&self, id: &str) -> Option<&Emergency> {
        self.kinds.iter().find(|k| k.id == id)
    }
}

//! The clinics (`catalogue/clinics.json`), the departments
//! (`catalogue/departments.json`), the services (the home page's tiles) and the
//! specializations (`catalogue/specializations.json`).

use serde::{Deserialize, Serialize};

/// A HYGO clinic. `catalogue/clinics.json` is the one place its address is
/// written: the pages, the JSON-LD, the doctors' locations and the e-mails all
/// take it from here.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Clinic {
    pub id: String,
    pub name: String,
    pub street: String,
    pub city: String,
    pub region: String,
    /// Left out where the clinic has not confirmed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub postal_code: Option<String>,
    /// ISO 3166 code, for schema.org.
    pub country: String,
    pub country_name: String,
    pub phone: String,
    pub email: String,
    /// As visitors read it: "Monday to Saturday, 8:00 AM to 8:00 PM".
    pub hours: String,
    /// As schema.org writes it: "Mo-Sa 08:00-20:00".
    pub opening_hours: String,
    pub rating: f64,
    pub specialties: Vec<String>,
    /// Directions to the clinic (Google Maps).
    pub map_url: String,
    /// Where the contact page's map (OpenStreetMap, after "Show map") is centred.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub map: Option<MapPoint>,
    /// "Kalawad Road, Rajkot, Gujarat 360005, India", made from the parts above.
    #[serde(default)]
    pub address: String,
}

/// A point on the map, in degrees (WGS 84).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct MapPoint {
    pub latitude: f64,
    pub longitude: f64,
    /// The clinic has confirmed the point: the map marks it. Otherwise it is the
    /// middle of the clinic's road and the map shows the area, unmarked
    /// (`docs/patients.md`, "Maps").
    pub exact: bool,
}

impl Clinic {
    /// Where a doctor of this clinic sees patients, as the profile shows it:
    /// "HYGO Clinic, Kalawad Road, Rajkot".
    pub fn location(&self) -> String {
        format!("{}, {}", self.name, self.city)
    }
}

/// A department as the catalogue describes it.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Department {
    pub slug: String,
    pub name: String,
    pub description: String,
    /// On the departments listing (General Consultation has its own page instead).
    pub listed: bool,
    /// "About Our {name} Department".
    #[serde(rename = "longDescription")]
    pub long_description: String,
    /// "Our Services".
    pub services: Vec<String>,
}

/// A service of the home page's "Our Services" tiles (the tiles that open a
/// service page; the ninth, "See More", opens the list).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Service {
    pub id: String,
    pub name: String,
    pub description: String,
    pub link: String,
    /// "About Our {name} Service".
    #[serde(rename = "longDescription")]
    pub long_description: String,
    /// "Service Details".
    pub offers: Vec<String>,
}

/// A specialization: the kinds of doctor the header search offers (spec section 2),
/// each with the department that usually sees its patients, if HYGO has one.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Specialization {
    pub id: String,
    pub name: String,
    pub department: Option<String>,
}

/// An option a form offers and the database stores by its id: a reason for a
/// visit, a symptom, a health card. The labels are what people read (and what
/// the original clients send, which the API still accepts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub id: String,
    pub labels: Vec<String>,
}

impl Choice {
    /// Whether a sent value names this option: its id or one of its labels, without regard to case.
    pub fn named_by(&self, value: &str) -> bool {
        let value = value.trim();
        self.id.eq_ignore_ascii_case(value)
            || self.labels.iter().any(|l| l.eq_ignore_ascii_case(value))
    }
}

/// The options of a list of `(id, label)`, one per id, with every label it has.
pub(crate) fn choices<'a>(items: impl Iterator<Item = (&'a str, &'a str)>) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for (id, label) in items {
        match out.iter_mut().find(|c| c.id == id) {
            Some(c) if !c.labels.iter().any(|l| l == label) => c.labels.push(label.to_owned()),
            Some(_) => {}
            None => out.push(Choice {
                id: id.to_owned(),
                labels: vec![label.to_owned()],
            }),
        }
    }
    out
}

/// A doctor's own texts in a language other than English (issue 29, item 3a;
/// docs/editors.md "Each language"): written by the editors in the content
/// editor (`doctor.{id}`); English's are the doctor's record in the console.
/// An empty text or list is not yet translated: English's stands in for it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DoctorWords {
    /// The name in the language's script ("ડૉ. રાજેશ પટેલ"), found by the search too.
    pub name: String,
    pub specialization: String,
    pub bio: String,
    pub education: Vec<String>,
    pub services: Vec<String>,
    /// The languages the doctor speaks, named in this language.
    pub languages: Vec<String>,
    /// A founder's title, qualifications and words on the home and Founding Team
    /// pages (issue 43: they stayed English); absent for the other doctors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub founder: Option<FounderWords>,
}

/// A founder's own texts in a language (`DoctorWords::founder`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FounderWords {
    pub title: String,
    pub job: String,
    pub description: String,
}

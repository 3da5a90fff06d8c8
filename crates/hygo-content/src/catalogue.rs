//! The static catalogue: the site's texts and fixed lists, written once as JSON files
//! in `crates/hygo-content/catalogue/` and embedded in the binary. Pages, search and the
//! sitemap all read them from here; React components hold markup, not content.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The site search's own entries and words (`catalogue/search.json`), as authored;
/// `hygo_directory::search` reads it.
pub const SEARCH_JSON: &str = include_str!("../catalogue/search.json");

/// Header, footer and contact details shared by every page (`site.json`; the
/// server adds the clinics, the language and its texts for the pages).
pub fn site() -> &'static Value {
    static SITE: LazyLock<Value> = LazyLock::new(|| parse("site.json", include_str!("../catalogue/site.json")));
    &SITE
}

/// A HYGO clinic. `catalogue/clinics.json` is the one place its address is
/// written: the pages, the JSON-LD, the doctors' locations and the e-mails all
/// take it from here.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
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
    pub map_url: String,
    /// "Kalawad Road, Rajkot, Gujarat 360005, India", made from the parts above.
    #[serde(default)]
    pub address: String,
}

impl Clinic {
    /// Where a doctor of this clinic sees patients, as the profile shows it:
    /// "HYGO Clinic, Kalawad Road, Rajkot".
    pub fn location(&self) -> String {
        format!("{}, {}", self.name, self.city)
    }
}

pub fn clinics() -> &'static [Clinic] {
    static CLINICS: LazyLock<Vec<Clinic>> = LazyLock::new(|| {
        let mut clinics: Vec<Clinic> = serde_json::from_str(include_str!("../catalogue/clinics.json"))
            .expect("catalogue/clinics.json is valid (checked by a unit test)");
        for c in &mut clinics {
            let region = match &c.postal_code {
                Some(code) => format!("{} {code}", c.region),
                None => c.region.clone(),
            };
            c.address = format!("{}, {}, {region}, {}", c.street, c.city, c.country_name);
        }
        clinics
    });
    &CLINICS
}

pub fn find_clinic(id: &str) -> Option<&'static Clinic> {
    clinics().iter().find(|c| c.id == id)
}

/// The clinics as a form's choice: by id, or by name as the original client's
/// contact form sent it (`form::Check::option`).
pub fn clinic_choices() -> &'static [Choice] {
    static CHOICES: LazyLock<Vec<Choice>> =
        LazyLock::new(|| clinics().iter().map(|c| Choice { id: c.id.clone(), labels: vec![c.name.clone()] }).collect());
    &CHOICES
}

/// What the console shows for a stored clinic: its name, from its id; a text
/// stored before clinics were a choice, as it was.
pub fn clinic_name(stored: &str) -> &str {
    find_clinic(stored).map_or(stored, |c| c.name.as_str())
}

/// The languages the interface texts are written in; the first is the default.
pub const LANGUAGES: &[&str] = &["en"];

/// The interface texts of one language (`catalogue/texts/{lang}.json`): every
/// sentence, label and button a component shows, by area (`common`, `doctors`,
/// …). Components hold markup and read their words from here (`useTexts(area)`),
/// so a language is added by adding its file, not by touching components.
pub fn texts(lang: &str) -> Option<&'static Value> {
    static EN: LazyLock<Value> = LazyLock::new(|| parse("texts/en.json", include_str!("../catalogue/texts/en.json")));
    match lang {
        "en" => Some(&EN),
        _ => None,
    }
}

/// The staff console's interface texts, by area, in one language
/// (`catalogue/staff/{lang}.json`): given to the console's pages only, so public
/// pages never carry them.
pub fn staff_texts(lang: &str) -> Option<&'static Value> {
    static EN: LazyLock<Value> = LazyLock::new(|| parse("staff/en.json", include_str!("../catalogue/staff/en.json")));
    match lang {
        "en" => Some(&EN),
        _ => None,
    }
}

/// The messages the server answers with (a request stored, a slot taken, a
/// field refused), by key, in one language (`catalogue/messages/{lang}.json`).
/// The JSON API and the pages say the same sentence for the same key.
pub fn messages(lang: &str) -> Option<&'static Value> {
    static EN: LazyLock<Value> = LazyLock::new(|| parse("messages/en.json", include_str!("../catalogue/messages/en.json")));
    match lang {
        "en" => Some(&EN),
        _ => None,
    }
}

/// A message of the default language by key; a test checks that every key the
/// code uses is in the file.
pub fn message(key: &str) -> &'static str {
    message_in(LANGUAGES[0], key)
}

/// A message in a language, or in the default language when that one lacks it.
pub fn message_in(lang: &str, key: &str) -> &'static str {
    let found = messages(lang).and_then(|m| m[key].as_str());
    found.or_else(|| messages(LANGUAGES[0]).and_then(|m| m[key].as_str())).unwrap_or_else(|| {
        tracing::error!(key, "message key missing from catalogue/messages");
        ""
    })
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
        self.id.eq_ignore_ascii_case(value) || self.labels.iter().any(|l| l.eq_ignore_ascii_case(value))
    }
}

/// The options of `lists` (each a list of `{id, label}` in the catalogue), one per
/// id, with every label it has.
fn choices(lists: &[&Value]) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for item in lists.iter().flat_map(|l| l.as_array().map(Vec::as_slice).unwrap_or_default()) {
        let (Some(id), Some(label)) = (item["id"].as_str(), item["label"].as_str().or(item["name"].as_str())) else {
            panic!("catalogue: an option without id and label: {item}");
        };
        match out.iter_mut().find(|c| c.id == id) {
            Some(c) if !c.labels.iter().any(|l| l == label) => c.labels.push(label.to_owned()),
            Some(_) => {}
            None => out.push(Choice { id: id.to_owned(), labels: vec![label.to_owned()] }),
        }
    }
    out
}

/// The reasons for a visit of both wizards (`forms.json`, `reasonsA` and `reasonsB`).
pub fn reasons() -> &'static [Choice] {
    static REASONS: LazyLock<Vec<Choice>> =
        LazyLock::new(|| choices(&[&forms()["appointment"]["reasonsA"], &forms()["appointment"]["reasonsB"]]));
    &REASONS
}

/// The symptoms wizard A offers (`forms.json`, `symptoms`).
pub fn symptoms() -> &'static [Choice] {
    static SYMPTOMS: LazyLock<Vec<Choice>> = LazyLock::new(|| choices(&[&forms()["appointment"]["symptoms"]]));
    &SYMPTOMS
}

/// The visit types of the booking wizards (`forms.json`, `visitTypes`).
pub fn visit_types() -> &'static [Choice] {
    static VISIT_TYPES: LazyLock<Vec<Choice>> = LazyLock::new(|| choices(&[&forms()["appointment"]["visitTypes"]]));
    &VISIT_TYPES
}

/// The health cards (`home.json`, the plans): "essential" and "family".
pub fn card_types() -> &'static [Choice] {
    static CARDS: LazyLock<Vec<Choice>> = LazyLock::new(|| choices(&[&home()["subscription"]["plans"]]));
    &CARDS
}

/// The texts of the home page's sections.
pub fn home() -> &'static Value {
    static HOME: LazyLock<Value> = LazyLock::new(|| parse("home.json", include_str!("../catalogue/home.json")));
    &HOME
}

/// The texts of the forms: the health-card dialog, the newsletter, the contact form
/// and both appointment wizards, with the notices of what each collects and why.
pub fn forms() -> &'static Value {
    static FORMS: LazyLock<Value> = LazyLock::new(|| parse("forms.json", include_str!("../catalogue/forms.json")));
    &FORMS
}

/// The content pages (About, Mission, Vision, Founding Team, Patient Resources,
/// Contact, Privacy Policy, Terms and Conditions…) of `pages.json`, by key: each a
/// title, a description, a heading and a list of typed sections that
/// `ui/src/pages/Content.tsx` draws. Read into `ContentPage`, so a section of an
/// unknown type or with a misspelt field fails the catalogue's unit test.
fn content() -> &'static std::collections::BTreeMap<String, ContentPage> {
    static PAGES: LazyLock<std::collections::BTreeMap<String, ContentPage>> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../catalogue/pages.json")).unwrap_or_else(|e| panic!("catalogue/pages.json: {e}"))
    });
    &PAGES
}

pub fn content_page(key: &str) -> Option<&'static ContentPage> {
    content().get(key)
}

/// The keys of every content page.
pub fn content_pages() -> Vec<&'static str> {
    content().keys().map(String::as_str).collect()
}

/// A content page of `pages.json`.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct ContentPage {
    pub title: String,
    pub description: String,
    pub heading: String,
    pub lead: String,
    pub back: LinkTo,
    pub sections: Vec<Section>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct LinkTo {
    pub label: String,
    pub link: String,
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
    Text { paragraphs: Vec<String> },
    Cards {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        intro: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        columns: Option<u8>,
        cards: Vec<Card>,
    },
    Counters { items: Vec<Counter> },
    Stats { items: Vec<Stat> },
    Faq { items: Vec<Question> },
    List { items: Vec<String> },
    Legal {
        sections: Vec<LegalPart>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        mailto: Option<String>,
    },
    Cta { text: String, label: String, link: String },
    Book { text: String },
    Visit { labels: VisitLabels },
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

/// A department as the catalogue describes it.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
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

/// The department a `/departments/{id}` path names (spec section 2): its slug, one
/// of the aliases the original site used, or its name with hyphens and underscores
/// read as spaces, all without regard to case.
pub fn find_department(id: &str) -> Option<&'static Department> {
    let wanted = id.trim().to_lowercase();
    let alias = match wanted.as_str() {
        "internal_medicine" | "internalmedicine" => "internal-medicine",
        "laboratory_service" | "laboratory-service" | "laboratories" => "laboratory",
        "vaccination_center" | "vaccinations" => "vaccination-center",
        other => other,
    };
    let spaced = |t: &str| t.replace(['-', '_'], " ").to_lowercase();
    departments()
        .iter()
        .find(|d| d.slug == alias)
        .or_else(|| departments().iter().find(|d| spaced(&d.name) == spaced(&wanted)))
}

pub fn departments() -> &'static [Department] {
    static DEPARTMENTS: LazyLock<Vec<Department>> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../catalogue/departments.json"))
            .expect("catalogue/departments.json is valid (checked by a unit test)")
    });
    &DEPARTMENTS
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

pub fn services() -> Vec<Service> {
    let tiles = home()["services"]["tiles"].as_array().map(Vec::as_slice).unwrap_or_default();
    tiles
        .iter()
        .map(|t| {
            let text = |k: &str| t[k].as_str().unwrap_or_default().to_owned();
            let offers = t["offers"].as_array().map(Vec::as_slice).unwrap_or_default();
            Service {
                id: text("id"),
                name: text("name"),
                description: text("summary"),
                link: text("link"),
                long_description: text("longDescription"),
                offers: offers.iter().filter_map(|o| o.as_str().map(str::to_owned)).collect(),
            }
        })
        .filter(|s| s.link.starts_with("/services/"))
        .collect()
}

/// A specialization: the kinds of doctor the header search offers (spec section 2),
/// each with the department that usually sees its patients, if HYGO has one.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
pub struct Specialization {
    pub id: String,
    pub name: String,
    pub department: Option<String>,
}

/// A service by id, without regard to case (spec section 2, "Service detail").
pub fn find_service(id: &str) -> Option<Service> {
    services().into_iter().find(|s| s.id.eq_ignore_ascii_case(id.trim()))
}

pub fn find_specialization(id: &str) -> Option<&'static Specialization> {
    specializations().iter().find(|s| s.id.eq_ignore_ascii_case(id.trim()))
}

pub fn specializations() -> &'static [Specialization] {
    static SPECIALIZATIONS: LazyLock<Vec<Specialization>> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../catalogue/specializations.json"))
            .expect("catalogue/specializations.json is valid (checked by a unit test)")
    });
    &SPECIALIZATIONS
}

/// "General Surgery" → "general-surgery".
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// A catalogue text with its `{name}` placeholders filled, as `fill` in
/// `ui/src/lib/format.ts` does: an unknown placeholder is left as written.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// The text at a path of a catalogue value (`meta.doctor.title`), or "" when it
/// is missing (a unit test checks every path the code asks for).
pub fn text<'a>(value: &'a Value, path: &str) -> &'a str {
    path.split('.').fold(value, |v, key| &v[key]).as_str().unwrap_or_default()
}

fn parse(name: &str, text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("catalogue/{name} is not valid JSON: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_parses() {
        assert!(site().is_object());
        // Spec section 2, Contact: a clinic in Rajkot and a head office in the same city,
        // rated 4.8 and 4.9 (section 3).
        let ids: Vec<&str> = clinics().iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["kalawad-road", "head-office"]);
        assert!(clinics().iter().all(|c| c.city == "Rajkot" && !c.street.is_empty() && c.address.contains(&c.street)));
        let ratings: Vec<f64> = clinics().iter().map(|c| c.rating).collect();
        assert_eq!(ratings, [4.8, 4.9]);
        // Every page gets the clinics with their whole address written out.
        let addresses: Vec<&str> = clinics().iter().map(|c| c.address.as_str()).collect();
        assert_eq!(addresses, ["Kalawad Road, Rajkot, Gujarat 360005, India", "Race Course Road, Rajkot, Gujarat, India"]);
        assert!(home().is_object());
    }

    #[test]
    fn services_and_specializations_come_from_the_home_catalogue() {
        let services = services();
        // The 9 tiles of spec section 3; all but See More open a service page.
        let tiles: Vec<&str> = home()["services"]["tiles"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert_eq!(tiles, [
            "Doctor Consultation", "Hygo Pharmacy", "Laboratory", "Physiotherapy", "Clinical Nutrition", "Home Care",
            "Mental Health & Counseling", "Wellness & Preventive Health", "See More",
        ]);
        let names: Vec<&str> = services.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, tiles[..8]);
        assert!(services.iter().all(|s| !s.id.is_empty() && !s.name.is_empty() && s.link.starts_with("/services/")));
        assert!(services.iter().all(|s| !s.long_description.is_empty() && !s.offers.is_empty()), "every service has its texts");
        assert_eq!(find_service("PHARMACY").map(|s| s.id), Some("pharmacy".into()));
        assert!(find_service("see-more").is_none());
        let ids: Vec<&str> = specializations().iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, [
            "general-physician", "allergist", "cardiologist", "dentist", "dermatologist", "endocrinologist",
            "ent-specialist", "gastroenterologist", "gynecologist", "neurologist", "ophthalmologist", "orthopedic",
            "pediatrician", "psychiatrist", "pulmonologist"
        ], "the ids of spec section 2");
        for s in specializations() {
            if let Some(d) = &s.department {
                assert!(find_department(d).is_some(), "{}: department {d}", s.id);
            }
        }
        assert_eq!(slug("ENT"), "ent");
        assert_eq!(slug("Diet & Nutrition"), "diet-nutrition");
    }

    #[test]
    fn departments_are_found_by_slug_alias_or_name() {
        let slug = |id: &str| find_department(id).map(|d| d.slug.as_str());
        assert_eq!(slug("cardiology"), Some("cardiology"));
        assert_eq!(slug("Cardiology"), Some("cardiology"));
        for (id, want) in [
            ("internal_medicine", "internal-medicine"),
            ("internal-medicine", "internal-medicine"),
            ("laboratory_service", "laboratory"),
            ("laboratory-service", "laboratory"),
            ("laboratories", "laboratory"),
            ("vaccination_center", "vaccination-center"),
            ("vaccination-center", "vaccination-center"),
            ("neuroscience", "neurology"),
            ("home-services", "home_services"),
            ("general_surgery", "general-surgery"),
            ("endocrinology", "endocrinology"),
        ] {
            assert_eq!(slug(id), Some(want), "{id}");
        }
        assert_eq!(slug("astrology"), None);
        assert_eq!(slug(""), None);
        // The 26 departments of the spec's static content (section 2, "Department
        // detail"), by the ids it uses: each is found, and they are all there is
        // besides General Consultation.
        let mut found: Vec<&str> = [
            "cardiology", "neurology", "orthopedics", "internal medicine", "ophthalmology", "laboratory", "pediatrics",
            "pharmacy", "pulmonology", "nephrology", "vaccinations", "physiotherapy", "wellness", "home_services",
            "gynecology", "general-surgery", "plastic-surgery", "dermatology", "ent", "gastroenterology", "endocrinology",
            "urology", "rheumatology", "oncology", "diet_and_nutrition", "psychiatry",
        ]
        .into_iter()
        .map(|id| slug(id).unwrap_or_else(|| panic!("{id} is not found")))
        .collect();
        found.push("general-consultation");
        found.sort();
        let mut all: Vec<&str> = departments().iter().map(|d| d.slug.as_str()).collect();
        all.sort();
        assert_eq!(found, all);
        assert!(departments().iter().all(|d| !d.long_description.is_empty()));
    }

    #[test]
    fn department_slugs_are_unique() {
        let mut slugs: Vec<_> = departments().iter().map(|d| d.slug.as_str()).collect();
        slugs.sort();
        let n = slugs.len();
        slugs.dedup();
        assert_eq!(slugs.len(), n);
    }

    #[test]
    fn the_listing_has_the_25_slugs_of_the_spec() {
        let listed: Vec<_> = departments().iter().filter(|d| d.listed).map(|d| d.slug.as_str()).collect();
        for slug in [
            "neurology", "orthopedics", "gynecology", "general-surgery", "internal-medicine", "pulmonology",
            "pediatrics", "plastic-surgery", "cardiology", "ophthalmology", "laboratory", "pharmacy",
            "nephrology", "home_services", "vaccination-center", "physiotherapy", "wellness", "dermatology",
            "ent", "gastroenterology", "urology", "rheumatology", "oncology", "diet_and_nutrition", "psychiatry",
        ] {
            assert!(listed.contains(&slug), "{slug} missing from the listing");
        }
        assert_eq!(listed.len(), 25);
    }
}

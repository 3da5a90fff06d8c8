//! The static catalogue: the site's texts and fixed lists, written once as JSON files
//! in `crates/hygo-data/catalogue/` and embedded in the binary. Pages, search and the
//! sitemap all read them from here; React components hold markup, not content.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Header, footer and contact details shared by every page, with the clinics
/// (`clinics`, from `clinics.json`).
pub fn site() -> &'static Value {
    static SITE: LazyLock<Value> = LazyLock::new(|| {
        let mut site = parse("site.json", include_str!("../catalogue/site.json"));
        site["clinics"] = serde_json::to_value(clinics()).expect("clinics serialize");
        site
    });
    &SITE
}

/// A HYGO clinic. `catalogue/clinics.json` is the one place its address is
/// written: the pages, the JSON-LD, the doctors' locations and the e-mails all
/// take it from here.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Clinic {
    pub id: String,
    pub name: String,
    pub street: String,
    pub city: String,
    pub region: String,
    /// Left out where the clinic has not confirmed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
/// Contact, Privacy Policy, Terms and Conditions): each a title, a description, a
/// heading and a list of typed sections that `ui/src/pages/Content.tsx` draws.
pub fn content_page(key: &str) -> Option<&'static Value> {
    static PAGES: LazyLock<Value> = LazyLock::new(|| parse("pages.json", include_str!("../catalogue/pages.json")));
    PAGES.get(key)
}

/// The keys of every content page, for the sitemap.
pub fn content_pages() -> Vec<&'static str> {
    static PAGES: LazyLock<Value> = LazyLock::new(|| parse("pages.json", include_str!("../catalogue/pages.json")));
    PAGES.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default()
}

/// A department as the catalogue describes it.
#[derive(Debug, Clone, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Serialize)]
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
#[derive(Debug, Clone, Serialize, Deserialize)]
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
        let addresses: Vec<&str> = site()["clinics"].as_array().unwrap().iter().map(|c| c["address"].as_str().unwrap()).collect();
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

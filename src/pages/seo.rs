//! What search engines read besides the page: JSON-LD about the clinic and each
//! doctor (schema.org). `/sitemap.xml` and `/robots.txt` are `super::sitemap`'s.

use serde_json::{Value, json};

use hygo_content::Clinic;

/// A clinic as schema.org describes a medical clinic, from `catalogue/clinics.json`
/// (the same record the pages show). Its `@id` is its card on the English contact
/// page, the same in every language; its `url`, that card in the page's language.
/// No rating (a clinic's own rating without a count of reviews is what search
/// engines refuse) and no `medicalSpecialty` (schema.org's list of specialties
/// has no "Health cards").
fn clinic(c: &Clinic, public_url: &str, lang: hygo_content::Lang) -> Value {
    json!({
        "@type": "MedicalClinic",
        "@id": clinic_id(c, public_url),
        "name": c.name,
        "url": format!("{public_url}{}#{}", super::url::in_language(lang, super::url::CONTACT.canonical()), c.id),
        "telephone": c.phone,
        "email": c.email,
        "address": address(c),
        "openingHours": c.opening_hours,
        "hasMap": c.map_url,
        "isAcceptingNewPatients": true
    })
}

fn clinic_id(c: &Clinic, public_url: &str) -> String {
    format!("{public_url}/contactus#{}", c.id)
}

fn address(c: &Clinic) -> Value {
    let mut a = json!({
        "@type": "PostalAddress",
        "streetAddress": c.street,
        "addressLocality": c.city,
        "addressRegion": c.region,
        "addressCountry": c.country
    });
    if let Some(code) = &c.postal_code {
        a["postalCode"] = json!(code);
    }
    a
}

/// The JSON-LD of the clinics a page shows (home, departments, a department, contact).
pub fn clinics_graph(cx: &super::Cx<'_>, clinics: Vec<&Clinic>) -> Option<Value> {
    let public_url = &cx.state.config.public_url;
    Some(json!({
        "@context": "https://schema.org",
        "@graph": clinics.into_iter().map(|c| clinic(c, public_url, cx.content.lang)).collect::<Vec<_>>(),
    }))
}

/// A doctor's profile as schema.org describes a physician, at their clinic: its
/// `@id` the English profile's address, its `url` the profile in the page's language.
pub fn physician(cx: &super::Cx<'_>, d: &hygo_directory::Doctor) -> Option<Value> {
    let public_url = &cx.state.config.public_url;
    let at = cx.content.find_clinic(&d.clinic)?;
    Some(json!({
        "@context": "https://schema.org",
        "@type": "IndividualPhysician",
        "@id": cx.url(&super::url::doctor(d.id)),
        "name": d.name,
        "url": cx.url(&super::url::in_language(cx.content.lang, &super::url::doctor(d.id))),
        "description": d.bio,
        "medicalSpecialty": d.specialization,
        "knowsLanguage": d.languages,
        "address": address(at),
        "telephone": at.phone,
        "practicesAt": { "@id": clinic_id(at, public_url) }
    }))
}

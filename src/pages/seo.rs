//! What search engines read besides the page: JSON-LD about the clinic and each
//! doctor (schema.org), `/sitemap.xml` with every public URL, and `/robots.txt`.

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};

use hygo_data::catalogue::{self, Clinic};

use crate::state::AppState;
use crate::error::ApiError;

/// A clinic as schema.org describes a medical clinic, from `catalogue/clinics.json`
/// (the same record the pages show). Its `@id` is its card on the contact page.
/// No rating (a clinic's own rating without a count of reviews is what search
/// engines refuse) and no `medicalSpecialty` (schema.org's list of specialties
/// has no "Health cards").
fn clinic(c: &Clinic, public_url: &str) -> Value {
    json!({
        "@type": "MedicalClinic",
        "@id": clinic_id(c, public_url),
        "name": c.name,
        "url": format!("{public_url}/contactus#{}", c.id),
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
        "@graph": clinics.into_iter().map(|c| clinic(c, public_url)).collect::<Vec<_>>(),
    }))
}

/// A doctor's profile as schema.org describes a physician, at their clinic.
pub fn physician(cx: &super::Cx<'_>, d: &hygo_data::Doctor) -> Option<Value> {
    let public_url = &cx.state.config.public_url;
    let at = catalogue::find_clinic(&d.clinic)?;
    Some(json!({
        "@context": "https://schema.org",
        "@type": "IndividualPhysician",
        "@id": cx.url(&super::registry::link("doctor", &[("id", &d.id.to_string())])),
        "name": d.name,
        "url": cx.url(&super::registry::link("doctor", &[("id", &d.id.to_string())])),
        "description": d.bio,
        "medicalSpecialty": d.specialization,
        "knowsLanguage": d.languages,
        "address": address(at),
        "telephone": at.phone,
        "practicesAt": { "@id": clinic_id(at, public_url) }
    }))
}

/// Every public URL: the pages, every department, every doctor.
pub async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let base = &state.config.public_url;
    // Every page of one address that search engines may index, then those of each record.
    let mut paths: Vec<String> = super::PAGES
        .iter()
        .filter(|p| p.is_fixed() && p.robots == super::Robots::Index && p.scope == super::registry::Scope::Public)
        .map(|p| p.canonical().to_owned())
        .collect();
    paths.extend(catalogue::services().iter().map(|s| s.link.clone()));
    paths.extend(super::news::articles().iter().filter_map(|a| a["id"].as_str()).map(|id| super::registry::link("article", &[("id", id)])));
    paths.extend(catalogue::specializations().iter().map(|s| super::registry::link("specialization", &[("id", &s.id)])));
    paths.extend(catalogue::departments().iter().map(|d| super::registry::link("department", &[("id", &d.slug)])));
    // Once each (General Consultation is a page and a department), in order.
    let mut seen = std::collections::HashSet::new();
    paths.retain(|p| seen.insert(p.clone()));
    let doctors = hygo_data::doctors::all(&state.db, &state.clock).await?;
    paths.extend(doctors.iter().map(|d| super::registry::link("doctor", &[("id", &d.id.to_string())])));
    paths.extend(doctors.iter().map(|d| super::registry::link("doctor-appointment", &[("id", &d.id.to_string())])));
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for p in paths {
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", xml_escape(&format!("{base}{p}"))));
    }
    xml.push_str("</urlset>\n");
    Ok(HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(xml))
}

pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let body = format!(
        "User-agent: *\nDisallow: /api/\nDisallow: /appointments/\nDisallow: /newsletter/\nDisallow: /unsubscribe\nSitemap: {}/sitemap.xml\n",
        state.config.public_url
    );
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(body)
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

//! What search engines read besides the page: JSON-LD about the clinic and each
//! doctor (schema.org), `/sitemap.xml` with every public URL, and `/robots.txt`.

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};

use hygo_data::catalogue::{self, Clinic};

use super::{Props, Route};
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

/// The clinics a page shows: a department's, where its specialists work (both while
/// it has none, as `Department.tsx` does); both elsewhere.
fn clinics_shown<'a>(route: &Route, props: &Props<'_>) -> Vec<&'a Clinic> {
    let all = catalogue::clinics();
    if !matches!(route, Route::Department(_)) {
        return all.iter().collect();
    }
    let at: Vec<&str> = props.data["specialists"].as_array().into_iter().flatten().filter_map(|d| d["clinic"].as_str()).collect();
    let here: Vec<&Clinic> = all.iter().filter(|c| at.contains(&c.id.as_str())).collect();
    if here.is_empty() { all.iter().collect() } else { here }
}

/// The JSON-LD of a page, if it has any: both clinics on the home, departments and
/// contact pages, a physician (at their clinic) on a doctor's profile.
pub fn structured_data(route: &Route, props: &Props<'_>, public_url: &str) -> Option<Value> {
    let graph = match route {
        Route::Home | Route::Departments | Route::Department(_) | Route::Content("contact") if props.status == 200 => {
            json!({ "@graph": clinics_shown(route, props).into_iter().map(|c| clinic(c, public_url)).collect::<Vec<_>>() })
        }
        Route::Doctor(Some(id)) if props.status == 200 => {
            let d = &props.data["doctor"];
            let at = catalogue::find_clinic(d["clinic"].as_str().unwrap_or_default())?;
            json!({
                "@type": "IndividualPhysician",
                "@id": format!("{public_url}/doctors/{id}"),
                "name": d["name"],
                "url": format!("{public_url}/doctors/{id}"),
                "description": d["bio"],
                "medicalSpecialty": d["specialization"],
                "knowsLanguage": d["languages"],
                "address": address(at),
                "telephone": at.phone,
                "practicesAt": { "@id": clinic_id(at, public_url) }
            })
        }
        _ => return None,
    };
    let mut doc = json!({ "@context": "https://schema.org" });
    doc.as_object_mut().unwrap().extend(graph.as_object().unwrap().clone());
    Some(doc)
}

/// Every public URL: the pages, every department, every doctor.
pub async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let base = &state.config.public_url;
    let mut paths: Vec<String> =
        ["/", "/doctors", "/departments", "/services", "/subscription", "/appointment", "/newsletter"].map(String::from).to_vec();
    paths.extend(catalogue::content_pages().into_iter().map(|k| super::content::canonical(k).to_owned()));
    paths.extend(catalogue::services().iter().map(|s| s.link.clone()));
    paths.push("/news".into());
    paths.extend(super::news::articles().iter().filter_map(|a| a["id"].as_str()).map(|id| format!("/news/{id}")));
    paths.extend(catalogue::specializations().iter().map(|s| format!("/specializations/{}", s.id)));
    paths.extend(catalogue::departments().iter().map(|d| format!("/departments/{}", d.slug)));
    paths.dedup();
    let doctors = hygo_data::doctors::all(&state.db, &state.clock).await?;
    paths.extend(doctors.iter().map(|d| format!("/doctors/{}", d.id)));
    paths.extend(doctors.iter().map(|d| format!("/appointment/{}", d.id)));
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

//! What search engines read besides the page: JSON-LD about the clinic and each
//! doctor (schema.org), `/sitemap.xml` with every public URL, and `/robots.txt`.

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};

use super::{Props, Route};
use crate::app::AppState;
use crate::error::ApiError;

/// The clinic as schema.org describes a medical clinic.
fn clinic(public_url: &str) -> Value {
    let site = hygo_data::catalogue::site();
    let a = &site["addressParts"];
    json!({
        "@type": "MedicalClinic",
        "@id": format!("{public_url}/#clinic"),
        "name": site["name"],
        "url": format!("{public_url}/"),
        "telephone": site["phone"],
        "email": site["email"],
        "address": {
            "@type": "PostalAddress",
            "streetAddress": a["street"],
            "addressLocality": a["city"],
            "addressRegion": a["region"],
            "postalCode": a["postalCode"],
            "addressCountry": a["country"]
        },
        // Spec section 9: Monday to Saturday, 8:00 AM to 8:00 PM.
        "openingHours": "Mo-Sa 08:00-20:00",
        "isAcceptingNewPatients": true
    })
}

/// The JSON-LD of a page, if it has any: the clinic on the home page and the
/// departments, a physician on a doctor's profile.
pub fn structured_data(route: &Route, props: &Props, public_url: &str) -> Option<Value> {
    let graph = match route {
        Route::Home | Route::Departments | Route::Department(_) if props.status == 200 => clinic(public_url),
        // The contact page describes both locations.
        Route::Content("contact") => {
            let sections = props.data["content"]["sections"].as_array().cloned().unwrap_or_default();
            let clinics = sections.iter().filter(|s| s["type"] == "clinics").flat_map(|s| s["clinics"].as_array().cloned().unwrap_or_default());
            let graph: Vec<Value> = clinics
                .map(|c| {
                    json!({
                        "@type": "MedicalClinic",
                        "@id": format!("{public_url}/contactus#{}", c["id"].as_str().unwrap_or_default()),
                        "name": c["name"],
                        "address": c["address"],
                        "telephone": c["phone"],
                        "email": c["email"],
                        "openingHours": "Mo-Sa 08:00-20:00",
                        "hasMap": c["mapUrl"],
                        "medicalSpecialty": c["specialties"],
                        "aggregateRating": { "@type": "AggregateRating", "ratingValue": c["rating"], "bestRating": 5 }
                    })
                })
                .collect();
            json!({ "@graph": graph })
        }
        Route::Doctor(Some(id)) if props.status == 200 => {
            let d = &props.data["doctor"];
            json!({
                "@type": "IndividualPhysician",
                "@id": format!("{public_url}/doctors/{id}"),
                "name": d["name"],
                "url": format!("{public_url}/doctors/{id}"),
                "description": d["bio"],
                "medicalSpecialty": d["specialization"],
                "knowsLanguage": d["languages"],
                "address": clinic(public_url)["address"],
                "telephone": hygo_data::catalogue::site()["phone"],
                "memberOf": { "@id": format!("{public_url}/#clinic") }
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
    paths.extend(hygo_data::catalogue::content_pages().into_iter().map(|k| super::content::canonical(k).to_owned()));
    paths.extend(hygo_data::catalogue::services().iter().map(|s| s.link.clone()));
    paths.push("/news".into());
    paths.extend(super::news::articles().iter().filter_map(|a| a["id"].as_str()).map(|id| format!("/news/{id}")));
    paths.extend(hygo_data::catalogue::specializations().iter().map(|s| format!("/specializations/{}", s.id)));
    paths.extend(hygo_data::catalogue::departments().iter().map(|d| format!("/departments/{}", d.slug)));
    paths.dedup();
    let doctors = hygo_data::doctors::all(&state.db).await?;
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

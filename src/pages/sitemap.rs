//! `/sitemap.xml` and `/robots.txt`: every public address search engines may index.

use actix_web::{HttpResponse, web};

use super::page::{Robots, Scope};
use super::registry::PAGES;
use super::url;
use crate::error::ApiError;
use crate::state::AppState;

/// Every public URL: the pages, every department, every doctor.
pub async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let base = &state.config.public_url;
    // Every page of one address that search engines may index, then those of each record.
    let mut paths: Vec<String> = PAGES
        .iter()
        .filter(|p| p.is_fixed() && p.robots == Robots::Index && p.scope == Scope::Public)
        .map(|p| p.canonical().to_owned())
        .collect();
    let content = hygo_content::default();
    paths.extend(content.services.iter().map(|s| s.link.clone()));
    paths.extend(content.home.news.items.iter().map(|a| url::article(&a.id)));
    paths.extend(
        content
            .specializations
            .iter()
            .map(|s| url::specialization(&s.id)),
    );
    let doctors = hygo_directory::doctors::all(&state.db, &state.clock).await?;
    // Departments with a doctor: the others' pages are `noindex` (`department::load`).
    paths.extend(content.departments.iter().filter(|d| doctors.iter().any(|doc| doc.department == d.slug)).map(|d| url::department(&d.slug)));
    // Once each (General Consultation is a page and a department), in order.
    let mut seen = std::collections::HashSet::new();
    paths.retain(|p| seen.insert(p.clone()));
    paths.extend(doctors.iter().map(|d| url::doctor(d.id)));
    paths.extend(doctors.iter().map(|d| url::doctor_appointment(d.id)));
    // The day an editor's publication last changed a page (docs/editors.md); the
    // others have none: they change with the release, which a crawler sees anyway.
    let mut changed: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    for (entry, at) in hygo_editorial::store::published_dates(&state.db).await? {
        let Some(path) = hygo_editorial::Entry::parse(&entry).and_then(|e| super::editor::public_path(&e)) else { continue };
        let day = at.get(..10).unwrap_or_default().to_owned();
        let kept = changed.entry(path).or_default();
        if day > *kept {
            *kept = day;
        }
    }
    // With more than one language served, every address in each, each with its
    // alternates (as `<link rel="alternate" hreflang>` in the pages).
    let served = &state.config.languages;
    let many = served.len() > 1;
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"");
    xml.push_str(if many { " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n" } else { ">\n" });
    for p in paths {
        let lastmod = changed.get(&p).map(|day| format!("<lastmod>{day}</lastmod>")).unwrap_or_default();
        let alternates: String = match many {
            true => served
                .iter()
                .map(|l| (l.as_str(), url::in_language(*l, &p)))
                .chain(std::iter::once(("x-default", p.clone())))
                .map(|(tag, path)| format!("<xhtml:link rel=\"alternate\" hreflang=\"{tag}\" href=\"{}\"/>", xml_escape(&format!("{base}{path}"))))
                .collect(),
            false => String::new(),
        };
        for lang in served {
            xml.push_str(&format!("  <url><loc>{}</loc>{lastmod}{alternates}</url>\n", xml_escape(&format!("{base}{}", url::in_language(*lang, &p)))));
        }
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

//! The content pages: texts from `catalogue/pages.json`, and the founders from the
//! database for the Founding Team page.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{catalogue, doctors, DataError, Db};

/// The page key of a path, with the aliases of the route table (spec section 2).
pub fn key_of(path: &str) -> Option<&'static str> {
    Some(match path {
        "about" | "about-us" | "about-us-HYGO" => "about",
        "founder" | "founding-team" | "about-hygo" => "founding-team",
        "our-mission" => "mission",
        "our-vision" => "vision",
        "patient-resources" => "patient-resources",
        "contactus" => "contact",
        "privacy-policy" => "privacy-policy",
        "terms-and-conditions" => "terms-and-conditions",
        "reviews" => "reviews",
        "specialists" => "specialists",
        "schedules" => "schedules",
        "banner" => "banner",
        _ => return None,
    })
}

/// The path search engines should index for a page key.
pub fn canonical(key: &str) -> &'static str {
    match key {
        "about" => "/about-us-HYGO",
        "founding-team" => "/about-hygo",
        "mission" => "/our-mission",
        "vision" => "/our-vision",
        "patient-resources" => "/patient-resources",
        "contact" => "/contactus",
        "privacy-policy" => "/privacy-policy",
        "reviews" => "/reviews",
        "specialists" => "/specialists",
        "schedules" => "/schedules",
        "banner" => "/banner",
        "general-consultation" => "/departments/general-consultation",
        _ => "/terms-and-conditions",
    }
}

/// The page's texts, and the database rows its sections show: the founders, every
/// doctor (specialists, schedules) or the reviews.
pub async fn data(db: &Db, clock: &Clock, key: &str) -> Result<Value, DataError> {
    let founders = if key == "founding-team" { doctors::founders(db, clock).await? } else { Vec::new() };
    let all = if matches!(key, "specialists" | "schedules") { doctors::all(db, clock).await? } else { Vec::new() };
    let reviews = if key == "reviews" { catalogue::home()["reviews"]["items"].clone() } else { json!([]) };
    // The contact form's texts, and what it says once a message is stored.
    let form = if key == "contact" {
        let forms = catalogue::forms();
        json!({ "texts": forms["contact"], "forms": super::subscription::forms_common(forms), "sent": crate::api::contact::SENT_MESSAGE })
    } else {
        Value::Null
    };
    Ok(json!({
        "form": form,
        "key": key,
        "content": catalogue::content_page(key),
        "founders": founders,
        "doctors": all,
        "reviews": reviews,
    }))
}

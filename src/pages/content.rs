//! The content pages: texts from `catalogue/pages.json`, and the founders from the
//! database for the Founding Team page.

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{catalogue, doctors, DataError, Db};

/// A content page: its texts are `pages.json` under the registry's name of the page.
pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let key = cx.page.name;
    let data = data(cx.db(), cx.clock(), key).await?;
    let texts = catalogue::content_page(key).unwrap_or(&Value::Null);
    let mut head = super::Head::new(catalogue::text(texts, "title"), catalogue::text(texts, "description"));
    if key == "contact" {
        head = head.structured_data(super::seo::clinics_graph(cx, catalogue::clinics().iter().collect()));
    }
    Ok(super::Loaded::ok(data, head))
}

/// The page's texts, and the database rows its sections show: the founders, every
/// doctor (specialists, schedules) or the reviews.
async fn data(db: &Db, clock: &Clock, key: &str) -> Result<Value, DataError> {
    let founders = if key == "founding-team" { doctors::founders(db, clock).await? } else { Vec::new() };
    let all = if matches!(key, "specialists" | "schedules") { doctors::all(db, clock).await? } else { Vec::new() };
    let reviews = if key == "reviews" { catalogue::home()["reviews"]["items"].clone() } else { json!([]) };
    // The contact form's texts, and what it says once a message is stored.
    let form = if key == "contact" {
        let forms = catalogue::forms();
        json!({ "texts": forms["contact"], "forms": super::subscription::forms_common(forms), "sent": catalogue::message("contact.sent") })
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

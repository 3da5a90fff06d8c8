//! The content pages: texts from `catalogue/pages.json`, and the founders from the
//! database for the Founding Team page.

use std::sync::Arc;

use serde::Serialize;
use ts_rs::TS;

use hygo_content::{ContactTexts, ContentPage, Review};
use hygo_core::DataError;
use hygo_directory::{Doctor, doctors};

#[derive(Serialize, TS)]
#[ts(rename = "ContentData")]
pub struct Data {
    /// The page's name in the registry and in `pages.json`.
    pub key: &'static str,
    pub content: Arc<ContentPage>,
    /// The Founding Team page's founders.
    pub founders: Vec<Doctor>,
    /// Every doctor, for the specialists and schedules pages.
    pub doctors: Vec<Doctor>,
    pub reviews: Vec<Review>,
    /// The contact page's form.
    pub form: Option<ContactForm>,
    /// The contact page: when a clinic is closed in the coming weeks ("Closed for Diwali").
    pub closures: Vec<hygo_schedule::schedule::PublicClosure>,
}

/// The contact form's texts, and what it says once a message is stored.
#[derive(Serialize, TS)]
pub struct ContactForm {
    pub texts: ContactTexts,
    pub forms: super::subscription::FormsCommon,
    pub sent: String,
}

/// A content page: its texts are `pages.json` under the registry's name of the page.
pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let key = cx.page.name;
    let Some(content) = cx.content.page(key) else {
        return Err(DataError::Corrupt {
            what: "catalogue/pages.json".into(),
            detail: format!("no page {key}"),
        });
    };
    let data = Data {
        key,
        content: content.clone(),
        founders: if key == "founding-team" {
            doctors::founders(cx.db(), cx.clock()).await?.into_iter().map(|d| d.in_language(&cx.content)).collect()
        } else {
            Vec::new()
        },
        doctors: if matches!(key, "specialists" | "schedules") {
            doctors::all(cx.db(), cx.clock()).await?.into_iter().map(|d| d.in_language(&cx.content)).collect()
        } else {
            Vec::new()
        },
        reviews: if key == "reviews" {
            cx.content.home.reviews.items.clone()
        } else {
            Vec::new()
        },
        form: (key == "contact").then(|| ContactForm {
            texts: cx.content.forms.contact.clone(),
            forms: super::subscription::forms_common(&cx.content),
            sent: cx.content.message("contact.sent").to_owned(),
        }),
        closures: if key == "contact" {
            let today = cx.clock().today();
            hygo_schedule::schedule::public_closures(cx.db(), today, today + chrono::Duration::days(hygo_booking::appointments::MAX_DAYS_AHEAD)).await?
        } else {
            Vec::new()
        },
    };
    let mut head = super::Head::new(&content.title, &content.description);
    if key == "contact" {
        head = head.structured_data(super::seo::clinics_graph(
            cx,
            cx.content.clinics.iter().collect(),
        ));
    }
    Ok(super::Loaded::ok(super::PageData::Content(data), head))
}

//! `/newsletter` and `/unsubscribe?token=`: the sign-up form on a page
//! of its own (where the footer's form lands without JavaScript), and the page an
//! e-mail's unsubscribe link opens. Their texts are the footer's (`site.newsletter`).

use serde::Serialize;
use ts_rs::TS;

use hygo_data::{catalogue, newsletter, DataError};

#[derive(Serialize, TS)]
#[ts(rename = "NewsletterData")]
pub struct Data {
    /// On `/unsubscribe`: the link's token and whether it is a subscriber's.
    pub unsubscribe: Option<Unsubscribe>,
    pub messages: Messages,
    pub forms: super::subscription::FormsCommon,
}

#[derive(Serialize, TS)]
pub struct Unsubscribe {
    pub token: String,
    pub valid: bool,
}

/// What the page says once the footer's form or the unsubscribe button has worked.
#[derive(Serialize, TS)]
pub struct Messages {
    pub subscribed: &'static str,
    pub unsubscribed: &'static str,
}

/// `/newsletter`, and `/unsubscribe?token=` (the page the e-mails' link opens).
pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let unsubscribe = match (cx.page.name == "unsubscribe").then(|| cx.query("token").unwrap_or_default()) {
        Some(token) => Some(Unsubscribe { valid: newsletter::token_known(cx.db(), &token).await?, token }),
        None => None,
    };
    let messages = Messages {
        subscribed: catalogue::message("newsletter.subscribed"),
        unsubscribed: catalogue::message("newsletter.unsubscribed"),
    };
    let texts = &catalogue::site()["newsletter"];
    let head = super::Head::new(catalogue::text(texts, "title"), catalogue::text(texts, "description")).canonical("/newsletter");
    let data = Data { unsubscribe, messages, forms: super::subscription::forms_common() };
    Ok(super::Loaded::ok(super::PageData::Newsletter(data), head))
}

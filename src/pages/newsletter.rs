//! `/newsletter` and `/unsubscribe?token=`: the sign-up form on a page
//! of its own (where the footer's form lands without JavaScript), and the page an
//! e-mail's unsubscribe link opens. Their texts are the footer's (`site.newsletter`).

use serde_json::{json, Value};

use hygo_data::{catalogue, newsletter, DataError};

/// `/newsletter`, and `/unsubscribe?token=` (the page the e-mails' link opens).
pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let token = (cx.page.name == "unsubscribe").then(|| cx.query("token").unwrap_or_default());
    let unsubscribe = match token {
        Some(token) => json!({ "valid": newsletter::token_known(cx.db(), &token).await?, "token": token }),
        None => Value::Null,
    };
    let forms = catalogue::forms();
    let messages = json!({
        "subscribed": catalogue::message("newsletter.subscribed"),
        "unsubscribed": catalogue::message("newsletter.unsubscribed"),
    });
    let texts = &catalogue::site()["newsletter"];
    let head = super::Head::new(catalogue::text(texts, "title"), catalogue::text(texts, "description")).canonical("/newsletter");
    let data = json!({ "unsubscribe": unsubscribe, "messages": messages, "forms": super::subscription::forms_common(forms) });
    Ok(super::Loaded::ok(data, head))
}

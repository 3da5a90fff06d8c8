//! `/newsletter` and `/unsubscribe?token=`: the sign-up form on a page
//! of its own (where the footer's form lands without JavaScript), and the page an
//! e-mail's unsubscribe link opens. Their texts are the footer's (`site.newsletter`).

use serde_json::{json, Value};

use hygo_data::{catalogue, newsletter, DataError, Db};

pub async fn data(db: &Db, token: Option<&str>) -> Result<Value, DataError> {
    let unsubscribe = match token {
        Some(token) => json!({ "token": token, "valid": newsletter::token_known(db, token).await? }),
        None => Value::Null,
    };
    let messages = json!({ "subscribed": newsletter::SUBSCRIBED_MESSAGE, "unsubscribed": crate::api::newsletter::UNSUBSCRIBED_MESSAGE });
    Ok(json!({ "unsubscribe": unsubscribe, "messages": messages, "forms": super::subscription::forms_common(catalogue::forms()) }))
}

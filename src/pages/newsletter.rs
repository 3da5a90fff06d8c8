//! `/newsletter`, `/newsletter/confirm?token=` and `/unsubscribe?token=`: the
//! sign-up form on a page of its own (where the footer's form lands without
//! JavaScript), and the pages the confirmation e-mail's link and the newsletter's
//! unsubscribe link open, each with one button (opening a link changes nothing, so
//! a mail scanner that follows links neither subscribes nor unsubscribes anyone).
//! Their texts are the footer's (`site.newsletter`).

use serde::Serialize;
use ts_rs::TS;

use hygo_booking::newsletter;
use hygo_core::DataError;

#[derive(Serialize, TS)]
#[ts(rename = "NewsletterData")]
pub struct Data {
    /// On `/unsubscribe`: the link's token and whether it is a subscriber's.
    pub unsubscribe: Option<TokenLink>,
    /// On `/newsletter/confirm`: the link's token and whether it still works.
    pub confirm: Option<TokenLink>,
    pub messages: Messages,
    pub forms: super::subscription::FormsCommon,
}

#[derive(Serialize, TS)]
pub struct TokenLink {
    pub token: String,
    pub valid: bool,
}

/// What the page says once the footer's form, the confirmation or the unsubscribe
/// button has worked.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Messages {
    /// After a sign-up: an e-mail is on its way.
    pub check_email: String,
    pub confirmed: String,
    pub unsubscribed: String,
}

/// `/newsletter`, `/newsletter/confirm?token=` and `/unsubscribe?token=`.
pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let token = || cx.query("token").unwrap_or_default();
    let (mut unsubscribe, mut confirm) = (None, None);
    match cx.page.name {
        "unsubscribe" => {
            let token = token();
            unsubscribe = Some(TokenLink { valid: newsletter::token_known(cx.db(), &token).await?, token });
        }
        "newsletter-confirm" => {
            let token = token();
            confirm = Some(TokenLink { valid: newsletter::confirm_token_known(cx.db(), &token).await?, token });
        }
        _ => {}
    }
    let messages = Messages {
        check_email: cx.content.message("newsletter.checkEmail").to_owned(),
        confirmed: cx.content.message("newsletter.confirmed").to_owned(),
        unsubscribed: cx.content.message("newsletter.unsubscribed").to_owned(),
    };
    let texts = &cx.content.site.newsletter;
    let head = super::Head::new(&texts.title, &texts.description).canonical("/newsletter");
    let data = Data {
        unsubscribe,
        confirm,
        messages,
        forms: super::subscription::forms_common(&cx.content),
    };
    Ok(super::Loaded::ok(super::PageData::Newsletter(data), head))
}

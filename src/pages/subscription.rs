//! `/subscription`: the two health-card plans (spec section 9) and the texts of
//! their request dialog.

use serde::Serialize;
use ts_rs::TS;

use hygo_content::{Content, Plans, SubscriptionTexts};

#[derive(Serialize, TS)]
#[ts(rename = "SubscriptionData")]
pub struct Data {
    pub plans: Plans,
    pub texts: SubscriptionTexts,
    pub forms: FormsCommon,
}

/// What every form shows: the privacy link, the error summary's title, the
/// sentence for a network failure (`catalogue/forms.json`).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FormsCommon {
    pub privacy_link: String,
    pub privacy_label: String,
    pub error_summary_title: String,
    pub network_error: String,
}

pub fn forms_common(content: &Content) -> FormsCommon {
    let forms = &content.forms;
    FormsCommon {
        privacy_link: forms.privacy_link.clone(),
        privacy_label: forms.privacy_label.clone(),
        error_summary_title: forms.error_summary_title.clone(),
        network_error: forms.network_error.clone(),
    }
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let texts = cx.content.forms.subscription.clone();
    let head = super::Head::new(&texts.title, &texts.description);
    let data = Data {
        plans: cx.content.home.subscription.clone(),
        texts,
        forms: forms_common(&cx.content),
    };
    Ok(super::Loaded::ok(super::PageData::Subscription(data), head))
}

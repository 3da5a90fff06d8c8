//! `/subscription`: the two health-card plans (spec section 9) and the texts of
//! their request dialog.

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use hygo_content::catalogue;

#[derive(Serialize, TS)]
#[ts(rename = "SubscriptionData")]
pub struct Data {
    #[ts(type = "HomeContent[\"subscription\"]")]
    pub plans: &'static Value,
    #[ts(type = "SubscriptionTexts")]
    pub texts: &'static Value,
    pub forms: FormsCommon,
}

/// What every form shows: the privacy link, the error summary's title, the
/// sentence for a network failure (`catalogue/forms.json`).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FormsCommon {
    pub privacy_link: &'static str,
    pub privacy_label: &'static str,
    pub error_summary_title: &'static str,
    pub network_error: &'static str,
}

pub fn forms_common() -> FormsCommon {
    let forms = catalogue::forms();
    FormsCommon {
        privacy_link: catalogue::text(forms, "privacyLink"),
        privacy_label: catalogue::text(forms, "privacyLabel"),
        error_summary_title: catalogue::text(forms, "errorSummaryTitle"),
        network_error: catalogue::text(forms, "networkError"),
    }
}

pub async fn load(_cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_core::DataError> {
    let texts = &catalogue::forms()["subscription"];
    let head = super::Head::new(catalogue::text(texts, "title"), catalogue::text(texts, "description"));
    let data = Data { plans: &catalogue::home()["subscription"], texts, forms: forms_common() };
    Ok(super::Loaded::ok(super::PageData::Subscription(data), head))
}

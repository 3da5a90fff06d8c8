//! `/subscription`: the two health-card plans (spec section 9) and the texts of
//! their request dialog.

use serde_json::{json, Value};

use hygo_data::catalogue;

pub fn data() -> Value {
    let forms = catalogue::forms();
    json!({ "plans": catalogue::home()["subscription"], "texts": forms["subscription"], "forms": forms_common(forms) })
}

/// What every form shares: the privacy link and the error summary's title.
pub fn forms_common(forms: &Value) -> Value {
    json!({
        "privacyLink": forms["privacyLink"],
        "privacyLabel": forms["privacyLabel"],
        "errorSummaryTitle": forms["errorSummaryTitle"],
        "networkError": forms["networkError"],
    })
}

pub async fn load(_cx: &super::Cx<'_>) -> Result<super::Loaded, hygo_data::DataError> {
    let texts = &catalogue::forms()["subscription"];
    let head = super::Head::new(catalogue::text(texts, "title"), catalogue::text(texts, "description"));
    Ok(super::Loaded::ok(data(), head))
}

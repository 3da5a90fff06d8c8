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

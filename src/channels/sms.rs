//! SMS through Exotel, under TRAI's DLT rules: the registered sender id
//! (`From`), the clinic's principal entity id and the message's DLT template id
//! with every message, its text exactly the registered template's with the
//! parameters filled (`POST {api}/v1/Accounts/{sid}/Sms/send.json`, HTTP Basic
//! with the API key and token), as docs/providers.md quotes Exotel's reference.
//!
//! Exotel asks that its answers be read by their HTTP status: 429 and 5xx pass
//! with time, 401 and 403 are the settings' (the key, the token, the balance,
//! the account), the other 4xx (an invalid number) fail the message. Its
//! delivery reports are not signed: each message's report address carries a
//! token of its own (`outbox.callback_token`), and a report is believed only
//! with it (`super::hooks`).

use hygo_core::entities::outbox;
use serde::Deserialize;

use super::Outcome;
use crate::config::Sms;

/// The delivery report's address for a message.
pub(crate) fn callback(public_url: &str, message: &outbox::Model) -> String {
    format!("{public_url}{}?token={}", super::hooks::SMS, message.callback_token.as_deref().unwrap_or_default())
}

/// The form fields of a message, in Exotel's names; None when the message has no
/// DLT template id in its language (the settings name one for each at start-up).
pub(crate) fn fields(settings: &Sms, public_url: &str, message: &outbox::Model) -> Option<Vec<(&'static str, String)>> {
    let template_id = settings.template_ids.get(&(message.template.clone(), message.lang.clone()))?;
    let encoding = if message.body.is_ascii() { "plain" } else { "unicode" };
    Some(vec![
        ("From", settings.sender.clone()),
        ("To", message.to_address.clone()),
        ("Body", message.body.clone()),
        ("DltEntityId", settings.entity_id.clone()),
        ("DltTemplateId", template_id.clone()),
        // A service message to a patient of the clinic: DLT's "service implicit",
        // which Exotel sends as `transactional`.
        ("SmsType", "transactional".into()),
        ("EncodingType", encoding.into()),
        ("StatusCallback", callback(public_url, message)),
    ])
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Answer {
    #[serde(rename = "SMSMessage")]
    sms_message: Option<Accepted>,
    rest_exception: Option<Refusal>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Accepted {
    sid: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Refusal {
    /// A number in most answers; absent in some.
    code: Option<serde_json::Value>,
}

pub(crate) async fn send(client: &awc::Client, settings: &Sms, token: &str, public_url: &str, message: &outbox::Model) -> Outcome {
    let Some(fields) = fields(settings, public_url, message) else {
        return Outcome::Never(format!("sms: no DLT template id for {} in {}", message.template, message.lang));
    };
    let url = format!("{}/v1/Accounts/{}/Sms/send.json", settings.api_url, settings.account_sid);
    let sent = client.post(url).basic_auth(&settings.api_key, token).send_form(&fields).await;
    let mut response = match sent {
        Ok(r) => r,
        Err(awc::error::SendRequestError::Timeout) => return Outcome::NotNow("sms: no answer in time".into()),
        Err(_) => return Outcome::NotNow("sms: not reached".into()),
    };
    let status = response.status().as_u16();
    let answer = match response.body().limit(64 * 1024).await {
        Ok(bytes) => serde_json::from_slice::<Answer>(&bytes).ok(),
        Err(_) => None,
    };
    outcome(status, answer)
}

fn outcome(status: u16, answer: Option<Answer>) -> Outcome {
    let code = answer.as_ref().and_then(|a| a.rest_exception.as_ref()).and_then(|r| r.code.as_ref()).map(|c| match c {
        serde_json::Value::String(s) => s.chars().filter(char::is_ascii_digit).collect(),
        other => other.to_string(),
    });
    let why = match &code {
        Some(code) => format!("sms {status}/{code}"),
        None => format!("sms http {status}"),
    };
    match status {
        200..=299 => match answer.and_then(|a| a.sms_message) {
            Some(Accepted { sid }) if !sid.is_empty() => Outcome::Sent(sid),
            _ => Outcome::NotNow(format!("sms answered {status} without a message id")),
        },
        401 | 403 => Outcome::Settings(why),
        429 | 500..=599 => Outcome::NotNow(why),
        _ => Outcome::Never(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(code: serde_json::Value) -> Option<Answer> {
        Some(Answer { sms_message: None, rest_exception: Some(Refusal { code: Some(code) }) })
    }

    #[test]
    fn the_status_decides() {
        assert_eq!(outcome(429, refusal(40402.into())), Outcome::NotNow("sms 429/40402".into()));
        assert_eq!(outcome(400, refusal(40203.into())), Outcome::Never("sms 400/40203".into()), "all numbers invalid");
        assert_eq!(outcome(401, refusal("34010".into())), Outcome::Settings("sms 401/34010".into()), "a code sent as text");
        assert_eq!(outcome(403, refusal(40001.into())), Outcome::Settings("sms 403/40001".into()), "no balance left");
        assert_eq!(outcome(503, None), Outcome::NotNow("sms http 503".into()));
        let ok = Some(Answer { sms_message: Some(Accepted { sid: "6dbf".into() }), rest_exception: None });
        assert_eq!(outcome(200, ok), Outcome::Sent("6dbf".into()));
    }
}

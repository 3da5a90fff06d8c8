//! WhatsApp through Meta's Cloud API: a template message to the patient's
//! number from the clinic's (`POST {api}/{version}/{phone-number-id}/messages`,
//! the access token as a bearer), as docs/providers.md quotes Meta's reference.
//!
//! Meta asks that errors be told apart by their `code`, not by the HTTP status
//! or the text: the codes it documents as passing (rate limits, its service
//! unavailable) are tried again, an expired or refused token is the settings'
//! fault, and the rest (not a WhatsApp number, a template it does not know, a
//! wrong parameter) fail the message.

use hygo_core::entities::outbox;
use serde::Deserialize;
use serde_json::json;

use super::Outcome;
use crate::config::WhatsApp;

/// Meta's codes that pass with time: its app, account and throughput rate
/// limits (4, 80007, 130429), too many to one person (131056), its service
/// down or in maintenance (1, 2, 131000, 131016, 131057, 133004).
const PASSING: [i64; 10] = [1, 2, 4, 80007, 130429, 131000, 131016, 131056, 131057, 133004];
/// A token that is not (or no longer) valid: 0 (authentication), 190 (expired).
const TOKEN: [i64; 2] = [0, 190];

/// The request's body: the template, in the message's language, its
/// parameters as the body's texts.
pub(crate) fn body(message: &outbox::Model) -> serde_json::Value {
    let parameters: Vec<serde_json::Value> = super::params(message).into_iter().map(|text| json!({ "type": "text", "text": text })).collect();
    json!({
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": message.to_address,
        "type": "template",
        "template": {
            "name": message.template,
            "language": { "code": message.lang },
            "components": [{ "type": "body", "parameters": parameters }],
        },
    })
}

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    messages: Vec<Sent>,
    error: Option<Error>,
}

#[derive(Deserialize)]
struct Sent {
    id: String,
}

#[derive(Deserialize)]
struct Error {
    code: i64,
}

pub(crate) async fn send(client: &awc::Client, settings: &WhatsApp, token: &str, message: &outbox::Model) -> Outcome {
    let url = format!("{}/{}/{}/messages", settings.api_url, settings.api_version, settings.phone_number_id);
    let sent = client.post(url).bearer_auth(token).send_json(&body(message)).await;
    let mut response = match sent {
        Ok(r) => r,
        Err(e) => return Outcome::NotNow(format!("not reached ({})", kind(&e))),
    };
    let status = response.status().as_u16();
    let answer = match response.body().limit(64 * 1024).await {
        Ok(bytes) => serde_json::from_slice::<Answer>(&bytes).ok(),
        Err(_) => None,
    };
    outcome(status, answer)
}

fn outcome(status: u16, answer: Option<Answer>) -> Outcome {
    match answer {
        Some(Answer { error: Some(Error { code }), .. }) => {
            let why = format!("whatsapp {code}");
            if TOKEN.contains(&code) {
                Outcome::Settings(why)
            } else if PASSING.contains(&code) {
                Outcome::NotNow(why)
            } else {
                Outcome::Never(why)
            }
        }
        Some(Answer { messages, error: None }) if (200..300).contains(&status) => match messages.into_iter().next() {
            Some(Sent { id }) if !id.is_empty() => Outcome::Sent(id),
            _ => Outcome::NotNow(format!("whatsapp answered {status} without a message id")),
        },
        // No error object: a proxy's page, a 5xx, a 429 without a body.
        _ if status == 401 || status == 403 => Outcome::Settings(format!("whatsapp http {status}")),
        _ => Outcome::NotNow(format!("whatsapp http {status}")),
    }
}

/// What failed on the way, without the address or the error's words.
fn kind(e: &awc::error::SendRequestError) -> &'static str {
    use awc::error::SendRequestError as E;
    match e {
        E::Timeout => "no answer in time",
        E::Connect(_) => "no connection",
        _ => "the request failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(code: i64) -> Option<Answer> {
        Some(Answer { messages: Vec::new(), error: Some(Error { code }) })
    }

    #[test]
    fn codes_decide_whatever_the_status() {
        assert_eq!(outcome(400, error(130429)), Outcome::NotNow("whatsapp 130429".into()), "rate limit, as older tables give it");
        assert_eq!(outcome(429, error(130429)), Outcome::NotNow("whatsapp 130429".into()));
        assert_eq!(outcome(401, error(190)), Outcome::Settings("whatsapp 190".into()), "expired token");
        assert_eq!(outcome(400, error(131026)), Outcome::Never("whatsapp 131026".into()), "not a WhatsApp number");
        assert_eq!(outcome(404, error(132001)), Outcome::Never("whatsapp 132001".into()), "no such template");
        assert_eq!(outcome(503, None), Outcome::NotNow("whatsapp http 503".into()));
        assert_eq!(outcome(401, None), Outcome::Settings("whatsapp http 401".into()));
        let ok = Some(Answer { messages: vec![Sent { id: "wamid.X".into() }], error: None });
        assert_eq!(outcome(200, ok), Outcome::Sent("wamid.X".into()));
    }
}

//! The providers' callbacks: `/hooks/whatsapp` (Meta's handshake, its status
//! notifications and the patients' replies) and `/hooks/sms` (Exotel's
//! delivery reports). A callback that fails its check changes nothing and is
//! answered 403: Meta's must carry `X-Hub-Signature-256`, the HMAC-SHA256 of
//! the body's exact bytes with the app secret; an SMS report must carry its
//! message's own token (the gateway signs nothing). Both are off (404) while
//! their channel is not set up.
//!
//! A reply of STOP (in English, Hindi or Gujarati: `STOPS`) withdraws the
//! number's consent to every message (`hygo_core::messaging::withdraw`).

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::Utc;
use hmac::{Hmac, KeyInit, Mac};
use hygo_core::messaging::{self, Channel, How, State};
use serde::Deserialize;
use sha2::Sha256;

use crate::state::AppState;

/// The callbacks' paths.
pub const WHATSAPP: &str = "/hooks/whatsapp";
pub const SMS: &str = "/hooks/sms";

/// The replies that withdraw consent, compared trimmed and in capitals:
/// STOP, and "stop"/"close" as Hindi and Gujarati speakers write it.
const STOPS: [&str; 6] = ["STOP", "STOP ALL", "UNSUBSCRIBE", "बंद", "रोकें", "બંધ"];

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource(WHATSAPP).route(web::get().to(handshake)).route(web::post().to(whatsapp)))
        .service(web::resource(SMS).route(web::post().to(sms)));
}

/// Compares two secrets by their digests: the time it takes tells nothing of
/// the secret.
fn same(a: &str, b: &str) -> bool {
    use sha2::Digest;
    Sha256::digest(a.as_bytes()) == Sha256::digest(b.as_bytes())
}

#[derive(Deserialize)]
struct Handshake {
    #[serde(rename = "hub.mode")]
    mode: Option<String>,
    #[serde(rename = "hub.challenge")]
    challenge: Option<String>,
    #[serde(rename = "hub.verify_token")]
    verify_token: Option<String>,
}

/// Meta's verification of the callback address: the challenge back, as plain
/// text, when the verify token is ours.
async fn handshake(state: web::Data<AppState>, query: web::Query<Handshake>) -> HttpResponse {
    let Some(settings) = &state.config.whatsapp else { return HttpResponse::NotFound().finish() };
    let Handshake { mode, challenge, verify_token } = query.into_inner();
    let ours = verify_token.as_deref().is_some_and(|t| same(t, settings.verify_token.expose()));
    match (mode.as_deref(), challenge) {
        (Some("subscribe"), Some(challenge)) if ours && challenge.len() <= 64 && challenge.chars().all(|c| c.is_ascii_alphanumeric()) => {
            HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(challenge)
        }
        _ if !ours => HttpResponse::Forbidden().finish(),
        _ => HttpResponse::BadRequest().finish(),
    }
}

/// Whether `signature` (`sha256=<hex>`) signs `body` with `secret`.
pub(crate) fn signed(secret: &str, body: &[u8], signature: Option<&str>) -> bool {
    let Some(hex) = signature.and_then(|s| s.strip_prefix("sha256=")) else { return false };
    let Some(given) = hygo_core::secrets::unhex(&hex.to_ascii_lowercase()) else { return false };
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(body);
    mac.verify_slice(&given).is_ok()
}

#[derive(Deserialize)]
struct Notification {
    #[serde(default)]
    entry: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(default)]
    changes: Vec<Change>,
}

#[derive(Deserialize)]
struct Change {
    #[serde(default)]
    value: Value,
}

#[derive(Deserialize, Default)]
struct Value {
    #[serde(default)]
    statuses: Vec<Status>,
    #[serde(default)]
    messages: Vec<Incoming>,
}

#[derive(Deserialize)]
struct Status {
    id: String,
    status: String,
    #[serde(default)]
    errors: Vec<Code>,
}

#[derive(Deserialize)]
struct Code {
    code: i64,
}

#[derive(Deserialize)]
struct Incoming {
    from: String,
    #[serde(default)]
    text: Option<Text>,
}

#[derive(Deserialize)]
struct Text {
    body: String,
}

/// Meta's notifications: messages' states, and patients' replies.
async fn whatsapp(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let Some(settings) = &state.config.whatsapp else { return HttpResponse::NotFound().finish() };
    let signature = req.headers().get("x-hub-signature-256").and_then(|v| v.to_str().ok());
    if !signed(settings.app_secret.expose(), &body, signature) {
        tracing::warn!("a WhatsApp callback without a valid signature was refused");
        return HttpResponse::Forbidden().finish();
    }
    let Ok(notification) = serde_json::from_slice::<Notification>(&body) else {
        return HttpResponse::BadRequest().finish();
    };
    let now = Utc::now();
    for value in notification.entry.into_iter().flat_map(|e| e.changes).map(|c| c.value) {
        for status in value.statuses {
            let next = match status.status.as_str() {
                "sent" => State::Sent,
                "delivered" => State::Delivered,
                "read" => State::Read,
                "failed" => State::Failed,
                _ => continue,
            };
            let error = status.errors.first().map(|e| format!("whatsapp {}", e.code));
            if let Err(e) = messaging::status(&state.db, Channel::WhatsApp, &status.id, next, error.as_deref(), now).await {
                tracing::warn!(error = %e, "a WhatsApp status could not be stored; Meta will send it again");
                return HttpResponse::ServiceUnavailable().finish();
            }
        }
        for incoming in value.messages {
            let said = incoming.text.map(|t| t.body.trim().to_uppercase()).unwrap_or_default();
            if !STOPS.contains(&said.as_str()) {
                continue;
            }
            let Some(phone) = hygo_core::phone::from_digits(&incoming.from) else { continue };
            match messaging::withdraw(&state.db, &phone, How::Reply).await {
                Ok(n) => tracing::info!(requests = n, "a patient replied STOP: no more messages to their number"),
                Err(e) => {
                    tracing::warn!(error = %e, "a STOP could not be stored; Meta will send it again");
                    return HttpResponse::ServiceUnavailable().finish();
                }
            }
        }
    }
    HttpResponse::Ok().finish()
}

#[derive(Deserialize)]
struct Token {
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Report {
    sms_sid: String,
    status: String,
    detailed_status_code: Option<String>,
}

/// Exotel's delivery report of one message, at the address with its token.
async fn sms(state: web::Data<AppState>, query: web::Query<Token>, form: Option<web::Form<Report>>) -> HttpResponse {
    if state.config.sms.is_none() {
        return HttpResponse::NotFound().finish();
    }
    let Some(web::Form(report)) = form else { return HttpResponse::BadRequest().finish() };
    let message = match messaging::by_callback_token(&state.db, query.token.as_deref().unwrap_or_default()).await {
        Ok(found) => found,
        Err(_) => return HttpResponse::ServiceUnavailable().finish(),
    };
    let Some(message) = message.filter(|m| m.provider_id.as_deref().is_some_and(|id| same(id, &report.sms_sid))) else {
        tracing::warn!("an SMS delivery report without its message's token was refused");
        return HttpResponse::Forbidden().finish();
    };
    // Exotel's `sent` is "delivered to the handset"; queued, sending and
    // submitted are on the way (the message is already `sent` here).
    let (next, error) = match report.status.as_str() {
        "sent" => (State::Delivered, None),
        "failed" | "failed_dnd" | "failed-dnd" => {
            let code: String = report.detailed_status_code.unwrap_or_default().chars().filter(char::is_ascii_digit).take(8).collect();
            (State::Failed, Some(format!("sms {}", if code.is_empty() { report.status.replace('_', "-") } else { code })))
        }
        _ => return HttpResponse::Ok().finish(),
    };
    let id = message.provider_id.clone().unwrap_or_default();
    match messaging::status(&state.db, Channel::Sms, &id, next, error.as_deref(), Utc::now()).await {
        Ok(_) => HttpResponse::Ok().finish(),
        Err(_) => HttpResponse::ServiceUnavailable().finish(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_over_the_exact_bytes() {
        // The vector docs/providers.md quotes: HMAC-SHA256("test", key "secret").
        let good = "sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914";
        assert!(signed("secret", b"test", Some(good)));
        assert!(signed("secret", b"test", Some(&good.to_uppercase().replace("SHA256=", "sha256="))), "hex in either case");
        assert!(!signed("secret", b"test ", Some(good)), "one byte more");
        assert!(!signed("other", b"test", Some(good)), "another secret");
        assert!(!signed("secret", b"test", Some(good.trim_start_matches("sha256="))), "without its prefix");
        assert!(!signed("secret", b"test", None));
    }
}

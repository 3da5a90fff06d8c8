//! Loopback fakes of the messaging providers, as the mail tests use a relay:
//! Meta's WhatsApp Cloud API and Exotel's SMS API, each answering as their
//! documentation says (docs/providers.md): a template message to a phone number
//! id with a bearer token, or a form with HTTP Basic and the DLT fields; their
//! answers (a `wamid.…` id, an `SMSMessage` with its `Sid`), their errors (an
//! expired token, a rate limit, a number that is not on WhatsApp, all numbers
//! invalid) and their callbacks (Meta's signed with the app secret, Exotel's
//! delivery reports at the address each message gave).
//!
//! The fakes know the templates as the clinic would register them
//! (`hygo_booking::messages::{WHATSAPP,SMS}_TEMPLATES`, from the catalogue) and refuse what a
//! provider would: a template or language not registered, the wrong number of
//! parameters (WhatsApp's 132000), an SMS whose text is not its DLT template's
//! (accepted, then reported failed with 23185, as Exotel does).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Value, json};

pub const WHATSAPP_TOKEN: &str = "EAAG-test-access-token";
pub const APP_SECRET: &str = "test-app-secret-7f3a";
pub const VERIFY_TOKEN: &str = "test-verify-token-91c2";
pub const PHONE_NUMBER_ID: &str = "106540352242922";
pub const SMS_SID: &str = "hygotest";
pub const SMS_KEY: &str = "test-api-key";
pub const SMS_TOKEN: &str = "test-api-token-55d1";
pub const SENDER: &str = "HYGOCL";
pub const ENTITY_ID: &str = "1101234567890123456";

/// What a fake was sent: the path, the authorization header, and the body (the
/// JSON for WhatsApp, the form's fields for SMS).
#[derive(Debug, Clone)]
pub struct Sent {
    pub path: String,
    pub authorization: String,
    pub json: Value,
    pub form: Vec<(String, String)>,
}

impl Sent {
    pub fn field(&self, name: &str) -> &str {
        self.form.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or("")
    }

    /// A WhatsApp message's body parameters.
    pub fn params(&self) -> Vec<String> {
        self.json["template"]["components"][0]["parameters"]
            .as_array()
            .map(|all| all.iter().map(|p| p["text"].as_str().unwrap_or_default().to_owned()).collect())
            .unwrap_or_default()
    }
}

/// An answer the test asks the fake to give to the next message, instead of
/// taking it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Trouble {
    /// WhatsApp 130429 (HTTP 429) or Exotel 429/40402.
    RateLimit,
    /// WhatsApp 131026 (not a WhatsApp number) or Exotel 400/40203 (all numbers invalid).
    InvalidNumber,
    /// WhatsApp 190 (HTTP 401) or Exotel 401/34010.
    ExpiredToken,
    /// HTTP 503 with no body, as a load balancer answers.
    Down,
}

/// A running fake: its address, what it was sent and what it will refuse next.
pub struct Fake {
    pub url: String,
    pub sent: Arc<Mutex<Vec<Sent>>>,
    pub troubles: Arc<Mutex<VecDeque<Trouble>>>,
    /// Messages the fake refused by their content (SMS: Body does not match
    /// its DLT template), by their id, for the delivery report.
    pub mismatched: Arc<Mutex<Vec<String>>>,
}

impl Fake {
    pub fn sent(&self) -> Vec<Sent> {
        self.sent.lock().unwrap().clone()
    }

    pub fn next(&self, trouble: Trouble) {
        self.troubles.lock().unwrap().push_back(trouble);
    }
}

#[derive(Clone)]
struct Shared {
    sent: Arc<Mutex<Vec<Sent>>>,
    troubles: Arc<Mutex<VecDeque<Trouble>>>,
    mismatched: Arc<Mutex<Vec<String>>>,
}

fn start(routes: fn(&mut web::ServiceConfig)) -> Fake {
    let shared = Shared { sent: Arc::default(), troubles: Arc::default(), mismatched: Arc::default() };
    let data = shared.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let url = format!("http://{}", listener.local_addr().unwrap());
    let server = HttpServer::new(move || App::new().app_data(web::Data::new(data.clone())).configure(routes))
        .workers(1)
        .disable_signals()
        .listen(listener)
        .expect("the fake listens")
        .run();
    actix_web::rt::spawn(server);
    Fake { url, sent: shared.sent, troubles: shared.troubles, mismatched: shared.mismatched }
}

fn error(status: u16, body: Value) -> HttpResponse {
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap()).json(body)
}

// ---- WhatsApp ----------------------------------------------------------------

/// Meta's error answer: `{"error": {"message": "(#code) title", "type", "code", "error_data", "fbtrace_id"}}`.
fn meta_error(status: u16, code: i64, title: &str) -> HttpResponse {
    error(status, json!({ "error": { "message": format!("(#{code}) {title}"), "type": "OAuthException", "code": code,
        "error_data": { "messaging_product": "whatsapp", "details": title }, "fbtrace_id": "AbCdEfGh123" } }))
}

/// The fake Cloud API.
pub fn whatsapp() -> Fake {
    start(|cfg| {
        cfg.route("/{version}/{phone_number_id}/messages", web::post().to(whatsapp_send));
    })
}

async fn whatsapp_send(shared: web::Data<Shared>, req: HttpRequest, path: web::Path<(String, String)>, body: web::Bytes) -> HttpResponse {
    let (version, number_id) = path.into_inner();
    let authorization = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let Ok(json) = serde_json::from_slice::<Value>(&body) else { return meta_error(400, 100, "Invalid parameter") };
    shared.sent.lock().unwrap().push(Sent { path: req.path().to_owned(), authorization: authorization.clone(), json: json.clone(), form: Vec::new() });
    if !version.starts_with('v') || number_id != PHONE_NUMBER_ID {
        return meta_error(400, 100, "Invalid parameter");
    }
    if authorization != format!("Bearer {WHATSAPP_TOKEN}") {
        return meta_error(401, 190, "Access token has expired");
    }
    let trouble = shared.troubles.lock().unwrap().pop_front();
    match trouble {
        Some(Trouble::RateLimit) => return meta_error(429, 130429, "Rate limit hit"),
        Some(Trouble::InvalidNumber) => return meta_error(400, 131026, "Message Undeliverable"),
        Some(Trouble::ExpiredToken) => return meta_error(401, 190, "Access token has expired"),
        Some(Trouble::Down) => return HttpResponse::ServiceUnavailable().finish(),
        None => {}
    }
    if json["messaging_product"] != "whatsapp" || json["type"] != "template" || json["recipient_type"] != "individual" {
        return meta_error(400, 131008, "Required parameter is missing");
    }
    let to = json["to"].as_str().unwrap_or_default();
    if !(to.starts_with('+') && to[1..].chars().all(|c| c.is_ascii_digit()) && (9..=16).contains(&to.len())) {
        return meta_error(400, 131009, "Parameter value is not valid");
    }
    let name = json["template"]["name"].as_str().unwrap_or_default();
    let lang = json["template"]["language"]["code"].as_str().unwrap_or_default();
    let registered = hygo_booking::messages::WHATSAPP_TEMPLATES.iter().find(|t| t.name == name);
    let (Some(template), true) = (registered, ["en", "hi", "gu"].contains(&lang)) else {
        return meta_error(404, 132001, "Template name does not exist in the translation");
    };
    let params = json["template"]["components"][0]["parameters"].as_array().map(Vec::len).unwrap_or(0);
    if params != template.params.len() {
        return meta_error(400, 132000, "Number of parameters does not match the expected number of params");
    }
    let n = shared.sent.lock().unwrap().len();
    let wa_id = &to[1..];
    HttpResponse::Ok().json(json!({
        "messaging_product": "whatsapp",
        "contacts": [{ "input": to, "wa_id": wa_id }],
        "messages": [{ "id": format!("wamid.HBgLOTE5ODc2NTQzMjEwFQIAERgS{n:06}"), "message_status": "accepted" }],
    }))
}

/// A status notification as Meta sends it, escaped as Meta escapes (non-ASCII
/// as a `\u` escape of four hex digits, `ક` as `\u0a95`), and its
/// `X-Hub-Signature-256` with `secret`.
pub fn status_callback(wamid: &str, status: &str, error_code: Option<i64>, secret: &str) -> (Vec<u8>, String) {
    let mut one = json!({ "id": wamid, "status": status, "timestamp": "1750857384", "recipient_id": "919876543210" });
    if let Some(code) = error_code {
        one["errors"] = json!([{ "code": code, "title": "Message undeliverable", "message": "Message undeliverable",
            "error_data": { "details": "Message Undeliverable." }, "href": "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/" }]);
    }
    signed(notification(json!({ "statuses": [one] })), secret)
}

/// A patient's reply as Meta sends it, signed.
pub fn reply_callback(from_wa_id: &str, text: &str, secret: &str) -> (Vec<u8>, String) {
    let value = json!({
        "contacts": [{ "profile": { "name": "ક્રિષ્ના" }, "wa_id": from_wa_id }],
        "messages": [{ "from": from_wa_id, "id": "wamid.HBgLincoming", "timestamp": "1694427240", "type": "text", "text": { "body": text } }],
    });
    signed(notification(value), secret)
}

fn notification(mut value: Value) -> Value {
    value["messaging_product"] = json!("whatsapp");
    value["metadata"] = json!({ "display_phone_number": "912812456700", "phone_number_id": PHONE_NUMBER_ID });
    json!({ "object": "whatsapp_business_account", "entry": [{ "id": "102290129340398", "changes": [{ "field": "messages", "value": value }] }] })
}

/// Meta's bytes: JSON with every non-ASCII character escaped, and the signature over them.
fn signed(body: Value, secret: &str) -> (Vec<u8>, String) {
    let text = serde_json::to_string(&body).unwrap();
    let escaped: String = text.chars().map(|c| if c.is_ascii() { c.to_string() } else { c.encode_utf16(&mut [0; 2]).iter().map(|u| format!("\\u{u:04x}")).collect() }).collect();
    let signature = signature(escaped.as_bytes(), secret);
    (escaped.into_bytes(), signature)
}

/// `X-Hub-Signature-256` of `bytes`: `sha256=` and the HMAC-SHA256 in lowercase hex.
pub fn signature(bytes: &[u8], secret: &str) -> String {
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(bytes);
    let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256={hex}")
}

// ---- SMS (Exotel) --------------------------------------------------------------

/// Exotel's error answer: `{"RestException": {"Status", "Message", "Code"}}`.
fn exotel_error(status: u16, code: i64, message: &str) -> HttpResponse {
    error(status, json!({ "RestException": { "Status": status, "Message": message, "Code": code } }))
}

/// The fake SMS API.
pub fn sms() -> Fake {
    start(|cfg| {
        cfg.route("/v1/Accounts/{sid}/Sms/send.json", web::post().to(sms_send));
    })
}

/// The DLT template ids the clinic's settings name, as a TOML file's text: one
/// made-up 19-digit id per message and language.
pub fn dlt_template_ids() -> String {
    let mut text = String::new();
    for (i, template) in hygo_booking::messages::SMS_TEMPLATES.iter().enumerate() {
        text.push_str(&format!("[{}]\n", template.name));
        for (j, lang) in ["en", "hi", "gu"].iter().enumerate() {
            text.push_str(&format!("{lang} = \"{}\"\n", dlt_id(i, j)));
        }
    }
    text
}

fn dlt_id(template: usize, lang: usize) -> String {
    format!("11071600000000{template:02}{lang:03}")
}

/// Whether `body` is the registered DLT template `text` with each `{#var#}`
/// filled by one to 30 characters and each `{#url#}` by an address of the
/// whitelisted site (`https://hygo.test/`) of at most 50, as DLT's scrubbing checks it.
fn matches_template(text: &str, body: &str) -> bool {
    // The template as fixed texts, each followed by the variable after it (None: the end).
    let mut parts: Vec<(&str, Option<bool>)> = Vec::new();
    let mut rest = text;
    loop {
        let next = [("{#var#}", false), ("{#url#}", true)].into_iter().filter_map(|(p, url)| rest.find(p).map(|i| (i, p, url))).min_by_key(|(i, _, _)| *i);
        match next {
            Some((i, p, url)) => {
                parts.push((&rest[..i], Some(url)));
                rest = &rest[i + p.len()..];
            }
            None => {
                parts.push((rest, None));
                break;
            }
        }
    }
    fn fits(parts: &[(&str, Option<bool>)], body: &str) -> bool {
        let Some(((fixed, var), more)) = parts.split_first() else { return body.is_empty() };
        let Some(after) = body.strip_prefix(fixed) else { return false };
        match var {
            None => after.is_empty(),
            Some(url) => {
                let max = if *url { 50 } else { 30 };
                after.char_indices().skip(1).map(|(i, _)| i).chain([after.len()]).take(max).any(|end| (!url || after[..end].starts_with("https://hygo.test/")) && fits(more, &after[end..]))
            }
        }
    }
    fits(&parts, body)
}

async fn sms_send(shared: web::Data<Shared>, req: HttpRequest, path: web::Path<String>, body: web::Bytes) -> HttpResponse {
    let authorization = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let form: Vec<(String, String)> = form_urlencoded::parse(&body).into_owned().collect();
    let sent = Sent { path: req.path().to_owned(), authorization: authorization.clone(), json: Value::Null, form };
    shared.sent.lock().unwrap().push(sent.clone());
    use base64::Engine;
    let basic = format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(format!("{SMS_KEY}:{SMS_TOKEN}")));
    if path.into_inner() != SMS_SID || authorization != basic {
        return exotel_error(401, 34010, "Authentication is required to view this resource.");
    }
    let trouble = shared.troubles.lock().unwrap().pop_front();
    match trouble {
        Some(Trouble::RateLimit) => return exotel_error(429, 40402, "Too many requests"),
        Some(Trouble::InvalidNumber) => return exotel_error(400, 40203, "All the destination numbers are invalid"),
        Some(Trouble::ExpiredToken) => return exotel_error(401, 34010, "Authentication is required to view this resource."),
        Some(Trouble::Down) => return HttpResponse::ServiceUnavailable().finish(),
        None => {}
    }
    for needed in ["From", "To", "Body", "DltEntityId", "DltTemplateId", "SmsType", "StatusCallback"] {
        if sent.field(needed).is_empty() {
            return exotel_error(400, 40200, &format!("{needed} is missing"));
        }
    }
    if sent.field("From") != SENDER || sent.field("DltEntityId") != ENTITY_ID {
        return exotel_error(400, 40205, "Invalid From");
    }
    if !["transactional", "transactional_opt_in", "promotional"].contains(&sent.field("SmsType")) {
        return exotel_error(400, 40204, "Invalid SmsType");
    }
    if !["plain", "unicode"].contains(&sent.field("EncodingType")) {
        return exotel_error(400, 40209, "Invalid EncodingType");
    }
    let n = shared.sent.lock().unwrap().len();
    let sid = format!("6dbfdc50133d0e51ec8d7933565{n:05}");
    // DLT's scrubbing: the body must be its template's text with the variables filled.
    let registered = hygo_booking::messages::SMS_TEMPLATES.iter().enumerate().flat_map(|(i, t)| {
        hygo_content::LANGUAGES.iter().enumerate().map(move |(j, lang)| (dlt_id(i, j), t.dlt_body(*lang)))
    });
    let template = registered.into_iter().find(|(id, _)| id == sent.field("DltTemplateId"));
    if !template.is_some_and(|(_, text)| matches_template(&text, sent.field("Body"))) {
        shared.mismatched.lock().unwrap().push(sid.clone());
    }
    HttpResponse::Ok().json(json!({ "SMSMessage": {
        "Sid": sid, "AccountSid": SMS_SID, "From": format!("08047104890/{SENDER}"), "To": format!("0{}", &sent.field("To")[3..]),
        "DateCreated": "2030-01-07 10:20:31", "DateUpdated": "2030-01-07 10:20:31", "DateSent": null, "Body": sent.field("Body"),
        "Direction": "outbound-api", "Uri": format!("/v1/Accounts/{SMS_SID}/SMS/Messages/{sid}.json"), "ApiVersion": null,
        "Price": null, "Status": "queued", "DetailedStatusCode": 21010, "DetailedStatus": "PENDING_TO_OPERATOR", "SmsUnits": null } }))
}

/// The delivery report Exotel posts to a message's `StatusCallback`: its form
/// fields (delivered, or failed with 23185 when its text did not match its template).
pub fn delivery_report(fake: &Fake, message: &Sent, sid: &str) -> String {
    let failed = fake.mismatched.lock().unwrap().iter().any(|s| s == sid);
    let (status, detail, code) = if failed { ("failed", "DLT_TEMPLATE_DOES_NOT_MATCH", "23185") } else { ("sent", "DELIVERED_TO_HANDSET", "20005") };
    form_urlencoded::Serializer::new(String::new())
        .append_pair("SmsSid", sid)
        .append_pair("To", message.field("To"))
        .append_pair("Status", status)
        .append_pair("SmsUnits", "2")
        .append_pair("DetailedStatus", detail)
        .append_pair("DetailedStatusCode", code)
        .append_pair("DateSent", "2030-01-07 10:20:35")
        .finish()
}

/// The settings of an app whose channels point at these fakes (the secrets in
/// files under `dir`).
pub fn settings(dir: &std::path::Path, whatsapp: Option<&Fake>, sms: Option<&Fake>) -> (Option<hygo::config::WhatsApp>, Option<hygo::config::Sms>) {
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let wa = whatsapp.map(|fake| hygo::config::WhatsApp {
        api_url: fake.url.clone(),
        api_version: "v25.0".into(),
        phone_number_id: PHONE_NUMBER_ID.into(),
        token_file: file("whatsapp-token", WHATSAPP_TOKEN),
        app_secret: hygo::config::Secret::new(APP_SECRET),
        verify_token: hygo::config::Secret::new(VERIFY_TOKEN),
    });
    let sms = sms.map(|fake| {
        let table: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>> = toml::from_str(&dlt_template_ids()).unwrap();
        hygo::config::Sms {
            api_url: fake.url.clone(),
            account_sid: SMS_SID.into(),
            api_key: SMS_KEY.into(),
            token_file: file("sms-token", SMS_TOKEN),
            sender: SENDER.into(),
            entity_id: ENTITY_ID.into(),
            template_ids: table.into_iter().flat_map(|(name, ids)| ids.into_iter().map(move |(lang, id)| ((name.clone(), lang), id))).collect(),
        }
    });
    (wa, sms)
}

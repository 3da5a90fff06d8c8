//! Every setting in one place: defaults, then `config/hygo.toml` (or the file named
//! by `HYGO_CONFIG`), then the environment, which wins. Validated once, at start-up.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

#[derive(Debug, Clone)]
pub struct Config {
    /// `HYGO_ADDR`: where `hygo serve` listens.
    pub addr: SocketAddr,
    /// `DATABASE_URL`: `sqlite://…` (created on first start) or `postgres://…`.
    pub database_url: String,
    /// `HYGO_PUBLIC_URL`: the site's address as visitors see it, for canonical links.
    pub public_url: String,
    /// `HYGO_RENDER_THREADS`: render threads, each with one JavaScript runtime.
    pub render_threads: usize,
    /// `HYGO_RENDER_QUEUE`: renders that may wait for a free render thread; a page
    /// that needs one more is answered 503 with `Retry-After` at once.
    pub render_queue: usize,
    /// `HYGO_RENDER_TIMEOUT_MS`: a render running longer is interrupted.
    pub render_timeout: Duration,
    /// `HYGO_RENDER_MEMORY_MB`: heap limit of each JavaScript runtime.
    pub render_memory_mb: usize,
    /// `HYGO_RENDER_CACHE_MB`: memory for finished pages (0 turns the cache off).
    pub render_cache_mb: usize,
    /// `HYGO_DATA_RECHECK_MS`: how often a cached page asks the database whether
    /// its data changed (the data version); also the longest a page may show data
    /// edited outside this process. 0 asks on every request.
    pub data_recheck: Duration,
    /// `HYGO_LOG_FORMAT`: `text` or `json`.
    pub log_json: bool,
    /// `HYGO_WRITE_LIMIT`: writes one client may make to one form endpoint in
    /// `WRITE_WINDOW_SECS`; more get 429 with `Retry-After`.
    pub write_limit: u32,
    /// `HYGO_STEP_LIMIT`: steps of the booking wizards without JavaScript (each
    /// renders the page) one client may take in `WRITE_WINDOW_SECS`; more get 429.
    pub step_limit: u32,
    /// `HYGO_NETWORK_WRITE_LIMIT`: writes one network (an IPv4 /24, an IPv6 /48) may
    /// make to one form endpoint in `WRITE_WINDOW_SECS`, whatever its addresses;
    /// more get 429. Default: three times `HYGO_WRITE_LIMIT`.
    pub network_write_limit: u32,
    /// `HYGO_WRITE_LIMIT_DAY`: writes one client may make to one form endpoint in a
    /// day (a sliding day, like the 10 minutes). Default: 50, or `HYGO_WRITE_LIMIT`
    /// when that is higher.
    pub write_limit_day: u32,
    /// `HYGO_NETWORK_WRITE_LIMIT_DAY`: the same for one network. Default: three
    /// times `HYGO_WRITE_LIMIT_DAY`.
    pub network_write_limit_day: u32,
    /// `HYGO_FORM_MIN_SECONDS`: a form posted without JavaScript is refused when it
    /// comes back sooner than this after its page was sent (`crate::form_guard`).
    /// 0 asks for no wait (the signed token is still required).
    pub form_min_secs: u64,
    /// `HYGO_BEHIND_PROXY`: `true` when a reverse proxy sets `X-Forwarded-For`, so
    /// the client's address for rate limits is read from it.
    pub behind_proxy: bool,
    /// `HYGO_SMTP_URL`: the mail relay, without its password: `smtps://user@host:465`
    /// (TLS from the first byte), `smtp://user@host:587?tls=required` (STARTTLS,
    /// refused without it), or `smtp://host:port` (plain SMTP to a relay of your
    /// own on the same host or network, which does TLS onwards; no password then).
    /// Unset: e-mails wait in the outbox. docs/operations.md, "Mail".
    pub smtp_url: Option<String>,
    /// The relay's password: from `HYGO_SMTP_URL` (`smtps://user:password@…`) or
    /// the file `HYGO_SMTP_PASSWORD_FILE` names. Never logged.
    pub smtp_password: Option<Secret>,
    /// `HYGO_SMTP_CA_FILE`: a PEM file of certificate authorities to trust for the
    /// relay besides the usual public ones (a relay with a private CA).
    pub smtp_ca: Option<String>,
    /// `HYGO_HASH_THREADS`: threads that hash and check staff passwords, at a
    /// lower priority than the rest (`hygo_staff::hashing`). Default 1.
    pub hash_threads: usize,
    /// `HYGO_HASH_QUEUE`: password checks that may wait for a hashing thread; one
    /// more is answered 429 at once. Default 8.
    pub hash_queue: usize,
    /// `HYGO_STAFF_RENDER_QUEUE`: renders of signed-in staff pages that may wait
    /// for a render thread, in a queue of their own that the threads take first
    /// (`hygo_render::Lane::Staff`): no flood of the public side can take it.
    /// Default 32.
    pub staff_render_queue: usize,
    /// `HYGO_METRICS_TOKEN`: a bearer token that lets `GET /metrics` be read from
    /// anywhere; without it, only from loopback and not through a proxy.
    pub metrics_token: Option<Secret>,
    /// `HYGO_MAIL_FROM`: the sender of the e-mails.
    pub mail_from: String,
    /// `HYGO_BOOKING_URL`: an external booking site for every "Book" button.
    /// Unset (the default): they open the site's own request form, `/appointment`.
    pub booking_url: Option<String>,
    /// `HYGO_LANGUAGES`: the languages the site serves, by tag, English always
    /// (`en,hi,gu`); each other one's pages are under `/{tag}/` (`crate::pages::url::language`).
    /// Only English until the clinic has reviewed Hindi's and Gujarati's texts (docs/languages.md).
    pub languages: Vec<hygo_content::Lang>,
    /// `HYGO_BODY_TIMEOUT_MS`: the whole request body must arrive within this long
    /// after its headers; a slower client gets 408 and its connection is closed.
    pub body_timeout: Duration,
    /// `HYGO_MAX_CONNECTIONS`: a lower cap on open connections than the one derived
    /// from the file limit (`crate::edge::connection_cap`). Unset: the derived cap.
    pub max_connections: Option<usize>,
    /// `HYGO_HSTS`: the `Strict-Transport-Security` value, sent only when set.
    /// Default: `max-age=63072000; includeSubDomains` when `HYGO_PUBLIC_URL` is
    /// https, none otherwise; `off` turns it off.
    pub hsts: Option<String>,
    /// `HYGO_DATABASE_MUST_EXIST`: `true` when the database must already hold the
    /// site's data, so that a missing SQLite file or an empty database stops
    /// start-up instead of starting afresh with the seed. Without it a missing
    /// SQLite file is still refused when its marker (`<file>.marker`, written at
    /// the first start) says it held data (`hygo_core::setup::connect_expecting`).
    pub database_must_exist: bool,
    /// `HYGO_RECEIPT_MINUTES`: how long a request's confirmation page
    /// (`/requests?token=`) shows the person's own details; the page itself
    /// lives as long as the request (`hygo_booking::receipts`).
    pub receipt_valid_for: Duration,
    /// `HYGO_CLINIC_EMAIL`: where the clinic is told of each new request (an
    /// e-mail with a link to it in the staff console). Unset: nobody is mailed; the
    /// console still lists every request.
    pub clinic_email: Option<String>,
    /// `HYGO_REQUEST_EXPIRY_HOURS`: an appointment request nobody confirmed within
    /// this many hours expires and frees its slot (default 48).
    pub request_expiry_hours: i64,
    /// `HYGO_REMINDER_HOUR`: the hour (IST, 8 to 20) at which patients who agreed
    /// to messages are reminded of tomorrow's visit (default 18;
    /// `hygo_booking::reminders`: never from 21:00 to 08:00).
    pub reminder_hour: u32,
    /// `HYGO_STAFF_IDLE_MINUTES`: a staff session unused this long ends (default 30).
    pub staff_idle: chrono::Duration,
    /// `HYGO_STAFF_SESSION_HOURS`: a staff session ends this long after sign-in,
    /// however it is used (default 12).
    pub staff_absolute: chrono::Duration,
    /// WhatsApp through Meta's Cloud API (`HYGO_WHATSAPP_*`); None: off.
    pub whatsapp: Option<WhatsApp>,
    /// SMS through Exotel, under TRAI's DLT rules (`HYGO_SMS_*`); None: off.
    pub sms: Option<Sms>,
}

/// WhatsApp's settings: on when `HYGO_WHATSAPP_PHONE_NUMBER_ID` is set, and
/// then all of them but the address and version are needed
/// (docs/operations.md, "WhatsApp and SMS").
#[derive(Debug, Clone)]
pub struct WhatsApp {
    /// `HYGO_WHATSAPP_API_URL`: Meta's Graph API, `https://graph.facebook.com`
    /// unless a test points it elsewhere.
    pub api_url: String,
    /// `HYGO_WHATSAPP_API_VERSION`: the Graph API's version, `v25.0` by default.
    pub api_version: String,
    /// `HYGO_WHATSAPP_PHONE_NUMBER_ID`: the clinic's number's id at Meta (digits).
    pub phone_number_id: String,
    /// `HYGO_WHATSAPP_TOKEN_FILE`: the file holding the access token, read
    /// before each batch, so a new token needs no restart.
    pub token_file: PathBuf,
    /// `HYGO_WHATSAPP_APP_SECRET_FILE`: the app secret that signs Meta's
    /// callbacks (`X-Hub-Signature-256`).
    pub app_secret: Secret,
    /// `HYGO_WHATSAPP_VERIFY_TOKEN_FILE`: the token Meta's callback handshake
    /// must present.
    pub verify_token: Secret,
}

/// The SMS gateway's settings (Exotel): on when `HYGO_SMS_ACCOUNT_SID` is set,
/// and then all of them but the address are needed.
#[derive(Debug, Clone)]
pub struct Sms {
    /// `HYGO_SMS_API_URL`: Exotel's Mumbai cluster, `https://api.in.exotel.com`,
    /// unless a test points it elsewhere.
    pub api_url: String,
    /// `HYGO_SMS_ACCOUNT_SID`: the Exotel account.
    pub account_sid: String,
    /// `HYGO_SMS_API_KEY`: the API key (the user of HTTP Basic).
    pub api_key: String,
    /// `HYGO_SMS_TOKEN_FILE`: the file holding the API token (the password),
    /// read before each batch.
    pub token_file: PathBuf,
    /// `HYGO_SMS_SENDER`: the DLT header (sender id), six letters.
    pub sender: String,
    /// `HYGO_SMS_ENTITY_ID`: the clinic's DLT principal entity id (digits).
    pub entity_id: String,
    /// `HYGO_SMS_TEMPLATES_FILE`: a TOML file of the DLT template id of each
    /// message in each language the site serves (`[hygo_visit_confirmed]`,
    /// `en = "1107…"`): read at start-up, refused when one is missing.
    pub template_ids: std::collections::BTreeMap<(String, String), String>,
}

impl Config {
    /// The phone channels that are set up.
    pub fn phone_channels(&self) -> Vec<hygo_core::messaging::Channel> {
        use hygo_core::messaging::Channel;
        [(self.whatsapp.is_some(), Channel::WhatsApp), (self.sms.is_some(), Channel::Sms)].into_iter().filter_map(|(on, c)| on.then_some(c)).collect()
    }
}

/// A setting that must never be printed: its `Debug` says only that it is set.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// HSTS for a site served over TLS: two years, every subdomain.
pub const DEFAULT_HSTS: &str = "max-age=63072000; includeSubDomains";

/// The rate limiter's windows: 10 minutes, and a day.
pub const WRITE_WINDOW_SECS: i64 = 600;
pub const WRITE_DAY_SECS: i64 = 86_400;

/// The file's keys are the same settings in snake case (`addr`, `database_url`, …).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    addr: Option<String>,
    database_url: Option<String>,
    public_url: Option<String>,
    render_threads: Option<usize>,
    render_queue: Option<usize>,
    render_timeout_ms: Option<u64>,
    render_memory_mb: Option<usize>,
    render_cache_mb: Option<usize>,
    data_recheck_ms: Option<u64>,
    log_format: Option<String>,
    write_limit: Option<u64>,
    step_limit: Option<u64>,
    network_write_limit: Option<u64>,
    write_limit_day: Option<u64>,
    network_write_limit_day: Option<u64>,
    form_min_seconds: Option<u64>,
    behind_proxy: Option<bool>,
    smtp_url: Option<String>,
    smtp_password_file: Option<String>,
    smtp_ca_file: Option<String>,
    hash_threads: Option<u64>,
    hash_queue: Option<u64>,
    staff_render_queue: Option<u64>,
    metrics_token: Option<String>,
    mail_from: Option<String>,
    booking_url: Option<String>,
    languages: Option<String>,
    body_timeout_ms: Option<u64>,
    max_connections: Option<u64>,
    hsts: Option<String>,
    database_must_exist: Option<bool>,
    receipt_minutes: Option<u64>,
    clinic_email: Option<String>,
    request_expiry_hours: Option<u64>,
    reminder_hour: Option<u64>,
    staff_idle_minutes: Option<u64>,
    staff_session_hours: Option<u64>,
    whatsapp_api_url: Option<String>,
    whatsapp_api_version: Option<String>,
    whatsapp_phone_number_id: Option<String>,
    whatsapp_token_file: Option<String>,
    whatsapp_app_secret_file: Option<String>,
    whatsapp_verify_token_file: Option<String>,
    sms_api_url: Option<String>,
    sms_account_sid: Option<String>,
    sms_api_key: Option<String>,
    sms_token_file: Option<String>,
    sms_sender: Option<String>,
    sms_entity_id: Option<String>,
    sms_templates_file: Option<String>,
}

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/hygo.db?mode=rwc";

impl Config {
    /// Reads the file (if any) and the process environment.
    pub fn load() -> Result<Self, String> {
        let path = std::env::var_os("HYGO_CONFIG").map(PathBuf::from);
        let explicit = path.is_some();
        let path = path.unwrap_or_else(|| PathBuf::from("config/hygo.toml"));
        let file = match std::fs::read_to_string(&path) {
            Ok(text) => toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?,
            Err(e) if !explicit && e.kind() == std::io::ErrorKind::NotFound => FileConfig::default(),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        Self::from_sources(file, |key| std::env::var(key).ok())
    }

    /// Defaults, the file, then the environment: the one place settings are decided.
    fn from_sources(file: FileConfig, env: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let pick = |key: &str, from_file: Option<String>, default: &str| {
            env(key).filter(|v| !v.is_empty()).or(from_file).unwrap_or_else(|| default.to_owned())
        };
        let number = |key: &str, from_file: Option<u64>, default: u64, range: std::ops::RangeInclusive<u64>| {
            let value = match env(key).filter(|v| !v.is_empty()) {
                Some(v) => v.trim().parse::<u64>().map_err(|_| format!("{key} must be a whole number, not {v:?}"))?,
                None => from_file.unwrap_or(default),
            };
            if range.contains(&value) {
                Ok(value)
            } else {
                Err(format!("{key} must be between {} and {}, not {value}", range.start(), range.end()))
            }
        };

        let whatsapp = whatsapp(&file, &env)?;
        let sms = sms(&file, &env)?;
        let addr_text = pick("HYGO_ADDR", file.addr, DEFAULT_ADDR);
        let addr = addr_text
            .parse()
            .map_err(|_| format!("HYGO_ADDR must be an address and port such as {DEFAULT_ADDR}, not {addr_text:?}"))?;
        let database_url = pick("DATABASE_URL", file.database_url, DEFAULT_DATABASE_URL);
        if !["sqlite:", "postgres://", "postgresql://"].iter().any(|p| database_url.starts_with(p)) {
            return Err("DATABASE_URL must start with sqlite: or postgres://".into());
        }
        let public_url = pick("HYGO_PUBLIC_URL", file.public_url, &format!("http://{addr}"));
        let public_url = public_url.trim_end_matches('/').to_owned();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            return Err("HYGO_PUBLIC_URL must start with http:// or https://".into());
        }
        let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2) as u64;
        let log_format = pick("HYGO_LOG_FORMAT", file.log_format, "text");
        let log_json = match log_format.as_str() {
            "text" => false,
            "json" => true,
            other => return Err(format!("HYGO_LOG_FORMAT must be text or json, not {other:?}")),
        };
        let flag = |key: &str, from_file: Option<bool>| match env(key).filter(|v| !v.is_empty()) {
            Some(v) => match v.trim() {
                "true" | "1" | "yes" => Ok(true),
                "false" | "0" | "no" => Ok(false),
                other => Err(format!("{key} must be true or false, not {other:?}")),
            },
            None => Ok(from_file.unwrap_or(false)),
        };
        let behind_proxy = flag("HYGO_BEHIND_PROXY", file.behind_proxy)?;
        let database_must_exist = flag("HYGO_DATABASE_MUST_EXIST", file.database_must_exist)?;
        let smtp_url = env("HYGO_SMTP_URL").or(file.smtp_url).map(|u| u.trim().to_owned()).filter(|u| !u.is_empty());
        let password_file = env("HYGO_SMTP_PASSWORD_FILE").or(file.smtp_password_file).filter(|p| !p.trim().is_empty());
        let (smtp_url, smtp_password) = match smtp_url {
            Some(url) => {
                let (url, password) = smtp_relay(&url, password_file.as_deref())?;
                (Some(url), password)
            }
            None if password_file.is_some() => return Err("HYGO_SMTP_PASSWORD_FILE is set, but HYGO_SMTP_URL is not".into()),
            None => (None, None),
        };
        let smtp_ca = match env("HYGO_SMTP_CA_FILE").or(file.smtp_ca_file).filter(|p| !p.trim().is_empty()) {
            Some(path) => {
                let pem = std::fs::read_to_string(path.trim()).map_err(|e| format!("HYGO_SMTP_CA_FILE {path:?}: {e}"))?;
                if !pem.contains("-----BEGIN CERTIFICATE-----") {
                    return Err(format!("HYGO_SMTP_CA_FILE {path:?} holds no PEM certificate (-----BEGIN CERTIFICATE-----)"));
                }
                Some(pem)
            }
            None => None,
        };
        let metrics_token = env("HYGO_METRICS_TOKEN").or(file.metrics_token).map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
        if metrics_token.as_ref().is_some_and(|t| t.chars().count() < 20 || !t.chars().all(|c| c.is_ascii_graphic())) {
            return Err("HYGO_METRICS_TOKEN must be at least 20 printable characters, without spaces (e.g. from `openssl rand -hex 20`)".into());
        }
        let mail_from = pick("HYGO_MAIL_FROM", file.mail_from, "HYGO <newsletter@hygo.in>");
        let clinic_email = env("HYGO_CLINIC_EMAIL").or(file.clinic_email).map(|u| u.trim().to_owned()).filter(|u| !u.is_empty());
        if let Some(address) = &clinic_email {
            let shaped = address.split_once('@').is_some_and(|(user, host)| !user.is_empty() && host.contains('.') && !address.contains(char::is_whitespace));
            if !shaped {
                return Err(format!("HYGO_CLINIC_EMAIL must be an e-mail address such as desk@hygo.in, not {address:?}"));
            }
        }
        let booking_url = env("HYGO_BOOKING_URL").or(file.booking_url).map(|u| u.trim().to_owned()).filter(|u| !u.is_empty());
        if let Some(text) = &booking_url {
            let web = url::Url::parse(text).ok().filter(|u| {
                matches!(u.scheme(), "https" | "http") && u.host_str().is_some_and(|h| !h.is_empty()) && u.username().is_empty()
                    && u.password().is_none()
            });
            if web.is_none() {
                return Err(format!("HYGO_BOOKING_URL must be a web address such as https://booking.example.in, not {text:?}"));
            }
        }
        let languages_text = env("HYGO_LANGUAGES").or(file.languages).unwrap_or_else(|| "en".to_owned());
        let mut languages = vec![hygo_content::Lang::DEFAULT];
        for tag in languages_text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let known = hygo_content::LANGUAGES.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(", ");
            let lang = hygo_content::Lang::parse(tag).ok_or_else(|| format!("HYGO_LANGUAGES names {tag:?}, which is not one of the site's languages ({known})"))?;
            if !languages.contains(&lang) {
                languages.push(lang);
            }
        }
        let hsts = match env("HYGO_HSTS").filter(|v| !v.is_empty()).or(file.hsts).map(|v| v.trim().to_owned()) {
            Some(v) if v == "off" => None,
            Some(v) => {
                let age = v.split(';').next().and_then(|d| d.trim().strip_prefix("max-age=")).map(|n| n.parse::<u64>());
                if !matches!(age, Some(Ok(_))) || v.chars().any(|c| c.is_control()) {
                    return Err(format!("HYGO_HSTS must be off or a Strict-Transport-Security value such as {DEFAULT_HSTS:?}, not {v:?}"));
                }
                Some(v)
            }
            None => public_url.starts_with("https://").then(|| DEFAULT_HSTS.to_owned()),
        };
        let max_connections = match env("HYGO_MAX_CONNECTIONS").filter(|v| !v.is_empty()).is_some() || file.max_connections.is_some() {
            true => Some(number("HYGO_MAX_CONNECTIONS", file.max_connections, 0, 1..=1_000_000)? as usize),
            false => None,
        };
        let render_threads =
            number("HYGO_RENDER_THREADS", file.render_threads.map(|n| n as u64), threads, 1..=64)? as usize;
        if let Some(sms) = &sms {
            sms_templates_cover(sms, &languages)?;
        }
        let write_limit = number("HYGO_WRITE_LIMIT", file.write_limit, 20, 1..=1_000_000)?;
        let write_limit_day = number("HYGO_WRITE_LIMIT_DAY", file.write_limit_day, write_limit.max(50), 1..=10_000_000)?;
        Ok(Self {
            whatsapp,
            sms,
            body_timeout: Duration::from_millis(number("HYGO_BODY_TIMEOUT_MS", file.body_timeout_ms, 5000, 100..=60_000)?),
            max_connections,
            hsts,
            booking_url,
            languages,
            smtp_url,
            smtp_password,
            smtp_ca,
            hash_threads: number("HYGO_HASH_THREADS", file.hash_threads, 1, 1..=64)? as usize,
            hash_queue: number("HYGO_HASH_QUEUE", file.hash_queue, 8, 1..=4096)? as usize,
            staff_render_queue: number("HYGO_STAFF_RENDER_QUEUE", file.staff_render_queue, 32, 1..=4096)? as usize,
            metrics_token: metrics_token.map(Secret),
            mail_from,
            write_limit: write_limit as u32,
            step_limit: number("HYGO_STEP_LIMIT", file.step_limit, 200, 1..=1_000_000)? as u32,
            network_write_limit: number("HYGO_NETWORK_WRITE_LIMIT", file.network_write_limit, 3 * write_limit, 1..=3_000_000)? as u32,
            write_limit_day: write_limit_day as u32,
            network_write_limit_day: number(
                "HYGO_NETWORK_WRITE_LIMIT_DAY",
                file.network_write_limit_day,
                3 * write_limit_day,
                1..=30_000_000,
            )? as u32,
            form_min_secs: number("HYGO_FORM_MIN_SECONDS", file.form_min_seconds, 2, 0..=600)?,
            behind_proxy,
            database_must_exist,
            addr,
            database_url,
            public_url,
            render_threads,
            render_queue: number("HYGO_RENDER_QUEUE", file.render_queue.map(|n| n as u64), 4 * render_threads as u64, 1..=4096)?
                as usize,
            render_timeout: Duration::from_millis(number(
                "HYGO_RENDER_TIMEOUT_MS",
                file.render_timeout_ms,
                2000,
                10..=60_000,
            )?),
            render_cache_mb: number("HYGO_RENDER_CACHE_MB", file.render_cache_mb.map(|n| n as u64), 32, 0..=4096)? as usize,
            data_recheck: Duration::from_millis(number("HYGO_DATA_RECHECK_MS", file.data_recheck_ms, 1000, 0..=600_000)?),
            render_memory_mb: number("HYGO_RENDER_MEMORY_MB", file.render_memory_mb.map(|n| n as u64), 128, 16..=4096)?
                as usize,
            log_json,
            receipt_valid_for: Duration::from_secs(60 * number("HYGO_RECEIPT_MINUTES", file.receipt_minutes, 30, 1..=1440)?),
            clinic_email,
            request_expiry_hours: number("HYGO_REQUEST_EXPIRY_HOURS", file.request_expiry_hours, 48, 1..=24 * 60)? as i64,
            reminder_hour: number(
                "HYGO_REMINDER_HOUR",
                file.reminder_hour,
                u64::from(hygo_booking::reminders::DEFAULT_HOUR),
                u64::from(hygo_booking::reminders::QUIET_UNTIL)..=u64::from(hygo_booking::reminders::QUIET_FROM - 1),
            )? as u32,
            staff_idle: chrono::Duration::minutes(number("HYGO_STAFF_IDLE_MINUTES", file.staff_idle_minutes, 30, 1..=24 * 60)? as i64),
            staff_absolute: chrono::Duration::hours(number("HYGO_STAFF_SESSION_HOURS", file.staff_session_hours, 12, 1..=24 * 7)? as i64),
        })
    }
}

/// A setting from the environment (which wins) or the file, trimmed; None when empty.
fn text_setting(env: &impl Fn(&str) -> Option<String>, key: &str, from_file: &Option<String>) -> Option<String> {
    env(key).or_else(|| from_file.clone()).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// A secret's file, read: its text, trimmed, which must not be empty.
fn secret_file(key: &str, path: &str) -> Result<Secret, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{key} {path:?}: {e}"))?;
    match text.trim() {
        "" => Err(format!("{key} {path:?} is empty")),
        t => Ok(Secret(t.to_owned())),
    }
}

/// A provider's address: http(s), without a user or password in it.
fn provider_url(key: &str, text: &str) -> Result<String, String> {
    let ok = url::Url::parse(text).ok().filter(|u| matches!(u.scheme(), "https" | "http") && u.host_str().is_some() && u.username().is_empty() && u.password().is_none());
    match ok {
        Some(_) => Ok(text.trim_end_matches('/').to_owned()),
        None => Err(format!("{key} must be a web address such as https://graph.facebook.com, not {text:?}")),
    }
}

/// WhatsApp's settings (`WhatsApp`), when `HYGO_WHATSAPP_PHONE_NUMBER_ID` is set.
fn whatsapp(file: &FileConfig, env: &impl Fn(&str) -> Option<String>) -> Result<Option<WhatsApp>, String> {
    let Some(phone_number_id) = text_setting(env, "HYGO_WHATSAPP_PHONE_NUMBER_ID", &file.whatsapp_phone_number_id) else {
        let stray = [("HYGO_WHATSAPP_TOKEN_FILE", &file.whatsapp_token_file), ("HYGO_WHATSAPP_APP_SECRET_FILE", &file.whatsapp_app_secret_file), ("HYGO_WHATSAPP_VERIFY_TOKEN_FILE", &file.whatsapp_verify_token_file)];
        if let Some((key, _)) = stray.iter().find(|(k, f)| text_setting(env, k, f).is_some()) {
            return Err(format!("{key} is set, but HYGO_WHATSAPP_PHONE_NUMBER_ID is not: WhatsApp is on only with its number's id"));
        }
        return Ok(None);
    };
    if !phone_number_id.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("HYGO_WHATSAPP_PHONE_NUMBER_ID must be the number's id at Meta (digits), not {phone_number_id:?}"));
    }
    let needed = |key: &str, from_file: &Option<String>| text_setting(env, key, from_file).ok_or_else(|| format!("WhatsApp is on (HYGO_WHATSAPP_PHONE_NUMBER_ID), so {key} is needed"));
    let token_file = needed("HYGO_WHATSAPP_TOKEN_FILE", &file.whatsapp_token_file)?;
    secret_file("HYGO_WHATSAPP_TOKEN_FILE", &token_file)?;
    let app_secret = secret_file("HYGO_WHATSAPP_APP_SECRET_FILE", &needed("HYGO_WHATSAPP_APP_SECRET_FILE", &file.whatsapp_app_secret_file)?)?;
    let verify_token = secret_file("HYGO_WHATSAPP_VERIFY_TOKEN_FILE", &needed("HYGO_WHATSAPP_VERIFY_TOKEN_FILE", &file.whatsapp_verify_token_file)?)?;
    let api_url = provider_url("HYGO_WHATSAPP_API_URL", &text_setting(env, "HYGO_WHATSAPP_API_URL", &file.whatsapp_api_url).unwrap_or_else(|| "https://graph.facebook.com".into()))?;
    let api_version = text_setting(env, "HYGO_WHATSAPP_API_VERSION", &file.whatsapp_api_version).unwrap_or_else(|| "v25.0".into());
    let shaped = api_version.strip_prefix('v').and_then(|v| v.split_once('.')).is_some_and(|(a, b)| !a.is_empty() && !b.is_empty() && (a.to_owned() + b).chars().all(|c| c.is_ascii_digit()));
    if !shaped {
        return Err(format!("HYGO_WHATSAPP_API_VERSION must be a Graph API version such as v25.0, not {api_version:?}"));
    }
    Ok(Some(WhatsApp { api_url, api_version, phone_number_id, token_file: PathBuf::from(token_file), app_secret, verify_token }))
}

/// The SMS gateway's settings (`Sms`), when `HYGO_SMS_ACCOUNT_SID` is set.
fn sms(file: &FileConfig, env: &impl Fn(&str) -> Option<String>) -> Result<Option<Sms>, String> {
    let Some(account_sid) = text_setting(env, "HYGO_SMS_ACCOUNT_SID", &file.sms_account_sid) else {
        let stray = [("HYGO_SMS_API_KEY", &file.sms_api_key), ("HYGO_SMS_TOKEN_FILE", &file.sms_token_file), ("HYGO_SMS_TEMPLATES_FILE", &file.sms_templates_file)];
        if let Some((key, _)) = stray.iter().find(|(k, f)| text_setting(env, k, f).is_some()) {
            return Err(format!("{key} is set, but HYGO_SMS_ACCOUNT_SID is not: SMS is on only with the gateway's account"));
        }
        return Ok(None);
    };
    let needed = |key: &str, from_file: &Option<String>| text_setting(env, key, from_file).ok_or_else(|| format!("SMS is on (HYGO_SMS_ACCOUNT_SID), so {key} is needed"));
    let api_key = needed("HYGO_SMS_API_KEY", &file.sms_api_key)?;
    let token_file = needed("HYGO_SMS_TOKEN_FILE", &file.sms_token_file)?;
    secret_file("HYGO_SMS_TOKEN_FILE", &token_file)?;
    let sender = needed("HYGO_SMS_SENDER", &file.sms_sender)?;
    if sender.len() != 6 || !sender.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(format!("HYGO_SMS_SENDER must be the DLT header, six letters such as HYGOCL, not {sender:?}"));
    }
    let entity_id = needed("HYGO_SMS_ENTITY_ID", &file.sms_entity_id)?;
    if !entity_id.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("HYGO_SMS_ENTITY_ID must be the DLT principal entity id (digits), not {entity_id:?}"));
    }
    let path = needed("HYGO_SMS_TEMPLATES_FILE", &file.sms_templates_file)?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("HYGO_SMS_TEMPLATES_FILE {path:?}: {e}"))?;
    let table: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>> =
        toml::from_str(&text).map_err(|e| format!("HYGO_SMS_TEMPLATES_FILE {path:?}: {e}"))?;
    let mut template_ids = std::collections::BTreeMap::new();
    for (name, ids) in table {
        for (lang, id) in ids {
            let id = id.trim().to_owned();
            if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
                return Err(format!("HYGO_SMS_TEMPLATES_FILE {path:?}: the DLT template id of {name} in {lang} must be digits, not {id:?}"));
            }
            template_ids.insert((name.clone(), lang), id);
        }
    }
    let api_url = provider_url("HYGO_SMS_API_URL", &text_setting(env, "HYGO_SMS_API_URL", &file.sms_api_url).unwrap_or_else(|| "https://api.in.exotel.com".into()))?;
    Ok(Some(Sms { api_url, account_sid, api_key, token_file: PathBuf::from(token_file), sender, entity_id, template_ids }))
}

/// Whether the SMS templates file names a DLT template id for every message
/// (`hygo_booking::messages::SMS_TEMPLATES`) in every language the site serves.
fn sms_templates_cover(sms: &Sms, languages: &[hygo_content::Lang]) -> Result<(), String> {
    for template in hygo_booking::messages::SMS_TEMPLATES {
        for lang in languages {
            if !sms.template_ids.contains_key(&(template.name.to_owned(), lang.as_str().to_owned())) {
                return Err(format!("HYGO_SMS_TEMPLATES_FILE has no DLT template id for {} in {} (docs/messages.md lists them)", template.name, lang.as_str()));
            }
        }
    }
    Ok(())
}

/// A relay's address as `HYGO_SMTP_URL` gives it, checked: the address without its
/// password, and the password (from the address, or the file named).
fn smtp_relay(text: &str, password_file: Option<&str>) -> Result<(String, Option<Secret>), String> {
    const SHAPE: &str = "HYGO_SMTP_URL must look like smtps://user@host:465, smtp://user@host:587?tls=required or smtp://host:port";
    let mut url = url::Url::parse(text).map_err(|_| SHAPE.to_owned())?;
    let tls = match (url.scheme(), url.query()) {
        ("smtps", None) => true,
        ("smtp", Some("tls=required")) => true,
        ("smtp", None) => false,
        ("smtp", Some(_)) => return Err(format!("{SHAPE}: the only option is tls=required (STARTTLS, refused when the relay does not offer it)")),
        _ => return Err(SHAPE.to_owned()),
    };
    if url.host_str().is_none_or(str::is_empty) || url.path().trim_matches('/').len() > 0 {
        return Err(SHAPE.to_owned());
    }
    let in_url = url.password().map(|p| percent_encoding::percent_decode_str(p).decode_utf8_lossy().into_owned());
    let from_file = match password_file {
        Some(path) => {
            let text = std::fs::read_to_string(path.trim()).map_err(|e| format!("HYGO_SMTP_PASSWORD_FILE {path:?}: {e}"))?;
            Some(text.trim_end_matches(['\r', '\n']).to_owned())
        }
        None => None,
    };
    let password = match (in_url, from_file) {
        (Some(_), Some(_)) => return Err("the relay's password is in HYGO_SMTP_URL and in HYGO_SMTP_PASSWORD_FILE: keep it in one place (the file)".into()),
        (a, b) => a.or(b).filter(|p| !p.is_empty()),
    };
    if password.is_some() && url.username().is_empty() {
        return Err(format!("{SHAPE}: a password needs a user name"));
    }
    if !tls && (password.is_some() || !url.username().is_empty()) {
        return Err("HYGO_SMTP_URL with a user and password must use TLS (smtps://… or smtp://…?tls=required): the password would go out in clear".into());
    }
    url.set_password(None).map_err(|()| SHAPE.to_owned())?;
    Ok((url.to_string(), password.map(Secret)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn the_relay_takes_tls_and_a_password_never_shown() {
        // The three shapes; the password out of the address, and out of `Debug`.
        let c = with_env("", &[("HYGO_SMTP_URL", "smtps://apikey:s3cr%40t@smtp.example.in:465")]).unwrap();
        assert_eq!(c.smtp_url.as_deref(), Some("smtps://apikey@smtp.example.in:465"));
        assert_eq!(c.smtp_password.as_ref().map(Secret::expose), Some("s3cr@t"));
        assert!(!format!("{c:?}").contains("s3cr"), "Debug never prints it");
        let c = with_env("", &[("HYGO_SMTP_URL", "smtp://apikey@smtp.example.in:587?tls=required")]).unwrap();
        assert_eq!(c.smtp_password, None);
        assert!(with_env("", &[("HYGO_SMTP_URL", "smtp://127.0.0.1:25")]).is_ok(), "a relay of one's own, no login");
        // From a file, its line end taken off; not in two places.
        let dir = std::env::temp_dir().join(format!("hygo-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("smtp-password");
        std::fs::write(&file, "from-a-file\n").unwrap();
        let path = file.to_str().unwrap();
        let c = with_env("", &[("HYGO_SMTP_URL", "smtps://user@smtp.example.in"), ("HYGO_SMTP_PASSWORD_FILE", path)]).unwrap();
        assert_eq!(c.smtp_password.as_ref().map(Secret::expose), Some("from-a-file"));
        let both = with_env("", &[("HYGO_SMTP_URL", "smtps://user:x@smtp.example.in"), ("HYGO_SMTP_PASSWORD_FILE", path)]).unwrap_err();
        assert!(both.contains("one place"), "{both}");
        // Never a password in clear, never an option that could fall back to it.
        for bad in ["smtp://user:pw@smtp.example.in:587", "smtp://user@smtp.example.in:25?tls=opportunistic", "http://smtp.example.in", "smtps://:pw@smtp.example.in"] {
            assert!(with_env("", &[("HYGO_SMTP_URL", bad)]).unwrap_err().contains("HYGO_SMTP_URL"), "{bad}");
        }
        assert!(with_env("", &[("HYGO_SMTP_PASSWORD_FILE", path)]).unwrap_err().contains("HYGO_SMTP_URL is not"));
        // A CA file must hold a certificate.
        std::fs::write(dir.join("relay-ca"), "not a certificate").unwrap();
        let ca = dir.join("relay-ca");
        assert!(with_env("", &[("HYGO_SMTP_CA_FILE", ca.to_str().unwrap())]).unwrap_err().contains("no PEM certificate"));
        // The metrics token: long enough, and never printed.
        assert!(with_env("", &[("HYGO_METRICS_TOKEN", "short")]).unwrap_err().contains("HYGO_METRICS_TOKEN"));
        let c = with_env("", &[("HYGO_METRICS_TOKEN", "0123456789abcdef0123")]).unwrap();
        assert!(!format!("{c:?}").contains("0123456789abcdef0123"));
        let _ = std::fs::remove_dir_all(dir);
    }

    fn with_env(file: &str, env: &[(&str, &str)]) -> Result<Config, String> {
        let env: HashMap<String, String> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_sources(toml::from_str(file).unwrap(), |k| env.get(k).cloned())
    }

    /// WhatsApp and SMS: off until set, then every setting each needs, read
    /// from its files, checked at start-up.
    #[test]
    fn the_phone_channels_are_off_until_set_and_then_complete() {
        let c = with_env("", &[]).unwrap();
        assert!(c.whatsapp.is_none() && c.sms.is_none() && c.phone_channels().is_empty());
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, text: &str| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p.to_str().unwrap().to_owned()
        };
        let (token, secret, verify) = (file("t", "EAAG-token\n"), file("s", "app-secret"), file("v", "verify-me"));
        let wa = [("HYGO_WHATSAPP_PHONE_NUMBER_ID", "106540352242922"), ("HYGO_WHATSAPP_TOKEN_FILE", token.as_str()), ("HYGO_WHATSAPP_APP_SECRET_FILE", secret.as_str()), ("HYGO_WHATSAPP_VERIFY_TOKEN_FILE", verify.as_str())];
        let c = with_env("", &wa).unwrap();
        let w = c.whatsapp.as_ref().unwrap();
        assert_eq!((w.api_url.as_str(), w.api_version.as_str(), w.verify_token.expose()), ("https://graph.facebook.com", "v25.0", "verify-me"));
        assert_eq!(c.phone_channels(), [hygo_core::messaging::Channel::WhatsApp]);
        let err = with_env("", &wa[..3]).unwrap_err();
        assert!(err.contains("HYGO_WHATSAPP_VERIFY_TOKEN_FILE is needed"), "{err}");
        let err = with_env("", &wa[1..]).unwrap_err();
        assert!(err.contains("HYGO_WHATSAPP_PHONE_NUMBER_ID is not"), "{err}");
        let empty = file("e", " \n");
        let err = with_env("", &[wa[0], ("HYGO_WHATSAPP_TOKEN_FILE", empty.as_str()), wa[2], wa[3]]).unwrap_err();
        assert!(err.contains("is empty"), "{err}");
        assert!(with_env("", &[wa[0], wa[1], wa[2], wa[3], ("HYGO_WHATSAPP_API_VERSION", "25")]).is_err());

        let ids: String = hygo_booking::messages::SMS_TEMPLATES.iter().map(|t| format!("[{}]\nen = \"1107160000000012345\"\n", t.name)).collect();
        let (sms_token, templates) = (file("st", "sms-token"), file("ids.toml", &ids));
        let sms = [("HYGO_SMS_ACCOUNT_SID", "hygo"), ("HYGO_SMS_API_KEY", "key"), ("HYGO_SMS_TOKEN_FILE", sms_token.as_str()), ("HYGO_SMS_SENDER", "HYGOCL"), ("HYGO_SMS_ENTITY_ID", "1101234567890123456"), ("HYGO_SMS_TEMPLATES_FILE", templates.as_str())];
        let c = with_env("", &sms).unwrap();
        assert_eq!(c.sms.as_ref().unwrap().template_ids.len(), hygo_booking::messages::SMS_TEMPLATES.len());
        let mut gujarati = sms.to_vec();
        gujarati.push(("HYGO_LANGUAGES", "en,gu"));
        let err = with_env("", &gujarati).unwrap_err();
        assert!(err.contains("no DLT template id") && err.contains("in gu"), "a served language without its ids: {err}");
        let mut bad = sms.to_vec();
        bad[3] = ("HYGO_SMS_SENDER", "HYGO-1");
        assert!(with_env("", &bad).unwrap_err().contains("six letters"));
    }

    #[test]
    fn defaults() {
        let c = with_env("", &[]).unwrap();
        assert_eq!(c.addr.to_string(), DEFAULT_ADDR);
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(c.public_url, "http://127.0.0.1:8080");
        assert!(!c.log_json);
        assert_eq!(c.write_limit, 20);
        assert_eq!(c.network_write_limit, 60);
        assert_eq!(c.form_min_secs, 2);
        assert_eq!((c.write_limit_day, c.network_write_limit_day), (50, 150));
        let high = with_env("", &[("HYGO_WRITE_LIMIT", "1000")]).unwrap();
        assert_eq!((high.write_limit_day, high.network_write_limit_day), (1000, 3000), "a day allows at least one window");
        assert_eq!(with_env("", &[("HYGO_WRITE_LIMIT", "100")]).unwrap().network_write_limit, 300, "follows the client's limit");
        assert_eq!((c.step_limit, c.render_queue), (200, 4 * c.render_threads), "a few waiting renders per thread");
        assert!(!c.behind_proxy);
        assert!(!c.database_must_exist, "make run on a clean clone creates the database");
        assert_eq!(c.booking_url, None, "Book buttons open our own form unless told otherwise");
        assert_eq!(c.receipt_valid_for, Duration::from_secs(30 * 60));
        assert_eq!((c.clinic_email, c.request_expiry_hours), (None, 48));
        assert_eq!((c.staff_idle.num_minutes(), c.staff_absolute.num_hours()), (30, 12), "ASVS level 2's limits");
        assert!(with_env("", &[("HYGO_CLINIC_EMAIL", "desk")]).is_err());
        assert!(with_env("", &[("HYGO_STAFF_IDLE_MINUTES", "0")]).is_err());
    }

    #[test]
    fn the_environment_wins_over_the_file() {
        let c = with_env("addr = \"0.0.0.0:9000\"\nrender_threads = 3", &[("HYGO_ADDR", "127.0.0.1:9001")]).unwrap();
        assert_eq!(c.addr.to_string(), "127.0.0.1:9001");
        assert_eq!(c.render_threads, 3);
    }

    #[test]
    fn bad_values_are_explained() {
        assert!(with_env("", &[("HYGO_ADDR", "nowhere")]).unwrap_err().contains("HYGO_ADDR"));
        assert!(with_env("", &[("DATABASE_URL", "mysql://x")]).unwrap_err().contains("DATABASE_URL"));
        assert!(with_env("", &[("HYGO_RENDER_THREADS", "0")]).unwrap_err().contains("between 1 and 64"));
        assert!(with_env("", &[("HYGO_RENDER_THREADS", "two")]).unwrap_err().contains("whole number"));
        assert!(with_env("", &[("HYGO_LOG_FORMAT", "xml")]).unwrap_err().contains("text or json"));
        assert!(with_env("", &[("HYGO_WRITE_LIMIT", "0")]).unwrap_err().contains("HYGO_WRITE_LIMIT"));
        assert!(with_env("", &[("HYGO_STEP_LIMIT", "0")]).unwrap_err().contains("HYGO_STEP_LIMIT"));
        assert!(with_env("", &[("HYGO_RENDER_QUEUE", "0")]).unwrap_err().contains("HYGO_RENDER_QUEUE"));
        assert!(with_env("", &[("HYGO_NETWORK_WRITE_LIMIT", "0")]).unwrap_err().contains("HYGO_NETWORK_WRITE_LIMIT"));
        assert!(with_env("", &[("HYGO_FORM_MIN_SECONDS", "601")]).unwrap_err().contains("HYGO_FORM_MIN_SECONDS"));
        assert_eq!(with_env("form_min_seconds = 0", &[]).unwrap().form_min_secs, 0);
        assert!(with_env("", &[("HYGO_BEHIND_PROXY", "maybe")]).unwrap_err().contains("true or false"));
        assert!(with_env("behind_proxy = true", &[]).unwrap().behind_proxy);
        assert!(with_env("", &[("HYGO_DATABASE_MUST_EXIST", "perhaps")]).unwrap_err().contains("HYGO_DATABASE_MUST_EXIST"));
        assert!(with_env("database_must_exist = true", &[]).unwrap().database_must_exist);
        assert!(!with_env("database_must_exist = true", &[("HYGO_DATABASE_MUST_EXIST", "false")]).unwrap().database_must_exist);
        let tags = |v: &str| with_env("", &[("HYGO_LANGUAGES", v)]).map(|c| c.languages.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(","));
        assert_eq!(with_env("", &[]).unwrap().languages.len(), 1, "English alone unless told");
        assert_eq!(tags("gu, hi").unwrap(), "en,gu,hi", "English always, first");
        assert_eq!(tags("en,hi,hi").unwrap(), "en,hi");
        assert!(tags("fr").unwrap_err().contains("HYGO_LANGUAGES"), "an unknown language is an error at start-up");
        assert!(with_env("", &[("HYGO_BOOKING_URL", "booking.example.in")]).unwrap_err().contains("HYGO_BOOKING_URL"));
        for bad in ["javascript:alert(1)", "https://", "https://user:secret@booking.example.in", "ftp://booking.example.in"] {
            assert!(with_env("", &[("HYGO_BOOKING_URL", bad)]).unwrap_err().contains("HYGO_BOOKING_URL"), "{bad}");
        }
        assert_eq!(
            with_env("", &[("HYGO_BOOKING_URL", "https://booking.example.in/hygo")]).unwrap().booking_url.as_deref(),
            Some("https://booking.example.in/hygo")
        );
        assert!(toml::from_str::<FileConfig>("colour = 1").is_err());
        assert!(with_env("", &[("HYGO_BODY_TIMEOUT_MS", "0")]).unwrap_err().contains("HYGO_BODY_TIMEOUT_MS"));
        assert!(with_env("", &[("HYGO_MAX_CONNECTIONS", "0")]).unwrap_err().contains("HYGO_MAX_CONNECTIONS"));
        assert_eq!(with_env("max_connections = 64", &[]).unwrap().max_connections, Some(64));
        for bad in ["max-age=soon", "includeSubDomains", "max-age=1\r\nSet-Cookie: a=b"] {
            assert!(with_env("", &[("HYGO_HSTS", bad)]).unwrap_err().contains("HYGO_HSTS"), "{bad}");
        }
        assert!(with_env("", &[("HYGO_RECEIPT_MINUTES", "0")]).unwrap_err().contains("HYGO_RECEIPT_MINUTES"));
        assert_eq!(with_env("receipt_minutes = 5", &[]).unwrap().receipt_valid_for, Duration::from_secs(300));
    }

    #[test]
    fn hsts_follows_the_public_address() {
        assert_eq!(with_env("", &[]).unwrap().hsts, None, "no HSTS over plain http");
        let https = [("HYGO_PUBLIC_URL", "https://hygo.in")];
        assert_eq!(with_env("", &https).unwrap().hsts.as_deref(), Some(DEFAULT_HSTS));
        assert_eq!(with_env("", &[https[0], ("HYGO_HSTS", "off")]).unwrap().hsts, None);
        assert_eq!(
            with_env("", &[https[0], ("HYGO_HSTS", "max-age=31536000")]).unwrap().hsts.as_deref(),
            Some("max-age=31536000")
        );
        assert_eq!(with_env("", &[]).unwrap().body_timeout, Duration::from_secs(5));
        assert_eq!(with_env("", &[]).unwrap().max_connections, None);
    }
}

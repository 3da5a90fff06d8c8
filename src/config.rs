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
    /// `HYGO_BEHIND_PROXY`: `true` when a reverse proxy sets `X-Forwarded-For`, so
    /// the client's address for rate limits is read from it.
    pub behind_proxy: bool,
    /// `HYGO_SMTP_URL`: the mail relay, `smtp://host:port` (plain SMTP to a relay on
    /// the same host or network, which does TLS onwards). Unset: e-mails wait in the
    /// outbox.
    pub smtp_url: Option<String>,
    /// `HYGO_MAIL_FROM`: the sender of the e-mails.
    pub mail_from: String,
    /// `HYGO_BOOKING_URL`: an external booking site for every "Book" button.
    /// Unset (the default): they open the site's own request form, `/appointment`.
    pub booking_url: Option<String>,
    /// `HYGO_RECEIPT_MINUTES`: how long the confirmation page of a form sent
    /// without JavaScript (`/requests?token=`) shows what was stored; after
    /// that it is "not found".
    pub receipt_valid_for: Duration,
}

/// The rate limiter's window.
pub const WRITE_WINDOW_SECS: i64 = 600;

/// The file's keys are the same settings in snake case (`addr`, `database_url`, …).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    addr: Option<String>,
    database_url: Option<String>,
    public_url: Option<String>,
    render_threads: Option<usize>,
    render_timeout_ms: Option<u64>,
    render_memory_mb: Option<usize>,
    render_cache_mb: Option<usize>,
    data_recheck_ms: Option<u64>,
    log_format: Option<String>,
    write_limit: Option<u64>,
    behind_proxy: Option<bool>,
    smtp_url: Option<String>,
    mail_from: Option<String>,
    booking_url: Option<String>,
    receipt_minutes: Option<u64>,
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
        let behind_proxy = match env("HYGO_BEHIND_PROXY").filter(|v| !v.is_empty()) {
            Some(v) => match v.trim() {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                other => return Err(format!("HYGO_BEHIND_PROXY must be true or false, not {other:?}")),
            },
            None => file.behind_proxy.unwrap_or(false),
        };
        let smtp_url = env("HYGO_SMTP_URL").or(file.smtp_url).map(|u| u.trim().to_owned()).filter(|u| !u.is_empty());
        if let Some(url) = &smtp_url {
            let rest = url.strip_prefix("smtp://").ok_or("HYGO_SMTP_URL must look like smtp://host:port")?;
            if rest.rsplit_once(':').is_none_or(|(host, port)| host.is_empty() || port.parse::<u16>().is_err()) {
                return Err("HYGO_SMTP_URL must look like smtp://host:port".into());
            }
        }
        let mail_from = pick("HYGO_MAIL_FROM", file.mail_from, "HYGO <newsletter@hygo.in>");
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
        Ok(Self {
            booking_url,
            smtp_url,
            mail_from,
            write_limit: number("HYGO_WRITE_LIMIT", file.write_limit, 20, 1..=1_000_000)? as u32,
            behind_proxy,
            addr,
            database_url,
            public_url,
            render_threads: number("HYGO_RENDER_THREADS", file.render_threads.map(|n| n as u64), threads, 1..=64)?
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
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn with_env(file: &str, env: &[(&str, &str)]) -> Result<Config, String> {
        let env: HashMap<String, String> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_sources(toml::from_str(file).unwrap(), |k| env.get(k).cloned())
    }

    #[test]
    fn defaults() {
        let c = with_env("", &[]).unwrap();
        assert_eq!(c.addr.to_string(), DEFAULT_ADDR);
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(c.public_url, "http://127.0.0.1:8080");
        assert!(!c.log_json);
        assert_eq!(c.write_limit, 20);
        assert!(!c.behind_proxy);
        assert_eq!(c.booking_url, None, "Book buttons open our own form unless told otherwise");
        assert_eq!(c.receipt_valid_for, Duration::from_secs(30 * 60));
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
        assert!(with_env("", &[("HYGO_BEHIND_PROXY", "maybe")]).unwrap_err().contains("true or false"));
        assert!(with_env("behind_proxy = true", &[]).unwrap().behind_proxy);
        assert!(with_env("", &[("HYGO_BOOKING_URL", "booking.example.in")]).unwrap_err().contains("HYGO_BOOKING_URL"));
        for bad in ["javascript:alert(1)", "https://", "https://user:secret@booking.example.in", "ftp://booking.example.in"] {
            assert!(with_env("", &[("HYGO_BOOKING_URL", bad)]).unwrap_err().contains("HYGO_BOOKING_URL"), "{bad}");
        }
        assert_eq!(
            with_env("", &[("HYGO_BOOKING_URL", "https://booking.example.in/hygo")]).unwrap().booking_url.as_deref(),
            Some("https://booking.example.in/hygo")
        );
        assert!(toml::from_str::<FileConfig>("colour = 1").is_err());
        assert!(with_env("", &[("HYGO_RECEIPT_MINUTES", "0")]).unwrap_err().contains("HYGO_RECEIPT_MINUTES"));
        assert_eq!(with_env("receipt_minutes = 5", &[]).unwrap().receipt_valid_for, Duration::from_secs(300));
    }
}

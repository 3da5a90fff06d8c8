//! The rate limit of the writes: who is writing and the check itself. Each route
//! of a form declares its bucket (`crate::app`); `crate::actions` applies it.
//!
//! A write counts four times, in sliding windows (`hygo_core::rate_limit`): against
//! the client (`HYGO_WRITE_LIMIT` per 10 minutes, `HYGO_WRITE_LIMIT_DAY` per day)
//! and against the client's network (`HYGO_NETWORK_WRITE_LIMIT`,
//! `HYGO_NETWORK_WRITE_LIMIT_DAY`), so that one network cannot multiply the limit by
//! its number of addresses, nor one client hold the calendar by writing all day. The client is an IPv4 address or an IPv6 /64 (the
//! smallest network an IPv6 host is given: one host may use all of it); the network
//! an IPv4 /24 or an IPv6 /48 (a site's usual allocation). An IPv4 address written
//! as IPv6 (`::ffff:a.b.c.d`) is the IPv4 address. Addresses are never stored:
//! the keys are HMAC-SHA256 of them under the server's random key
//! (`crate::form_guard::sign`), which, unlike a plain hash, cannot be reversed by
//! hashing the 2³² IPv4 addresses.

use std::net::IpAddr;

use actix_web::HttpRequest;

use crate::config::{WRITE_DAY_SECS, WRITE_WINDOW_SECS};
use crate::error::ApiError;
use crate::form_guard;
use crate::state::AppState;

/// Counts this write against the client's and its network's limits at `bucket`;
/// 429 at the first it is over, with the wait it gives.
pub async fn writes(state: &AppState, req: &HttpRequest, bucket: &str) -> Result<(), ApiError> {
    let (client, network, now) = keys(state, req).await?;
    let c = &state.config;
    let day = format!("{bucket}/day");
    // The client's limits first: a write they refuse does not count against its
    // network, so one noisy client does not use up its neighbours' allowance.
    for (bucket, who, window, limit) in [
        (bucket, &client, WRITE_WINDOW_SECS, c.write_limit),
        (&day, &client, WRITE_DAY_SECS, c.write_limit_day),
        (bucket, &network, WRITE_WINDOW_SECS, c.network_write_limit),
        (&day, &network, WRITE_DAY_SECS, c.network_write_limit_day),
    ] {
        if let Some(retry_after) = hygo_core::rate_limit::hit(&state.db, bucket, who, now, window, limit).await? {
            return Err(ApiError::too_many(retry_after));
        }
    }
    Ok(())
}

/// Counts a step of a multi-step form (it stores nothing, but its page is
/// rendered for it) against the client's limit at the route's bucket's own
/// `{bucket}-steps`, `HYGO_STEP_LIMIT` per 10 minutes; 429 when over.
pub async fn steps(state: &AppState, req: &HttpRequest, bucket: &str) -> Result<(), ApiError> {
    let (client, _, now) = keys(state, req).await?;
    let steps = format!("{bucket}-steps");
    match hygo_core::rate_limit::hit(&state.db, &steps, &client, now, WRITE_WINDOW_SECS, state.config.step_limit).await? {
        None => Ok(()),
        Some(retry_after) => Err(ApiError::too_many(retry_after)),
    }
}

/// How many loads of a page whose address is a key (`Page::limited`) a client
/// may make in `WRITE_WINDOW_SECS` (10 minutes), and its network.
pub const LOOKUPS: u32 = 30;
pub const NETWORK_LOOKUPS: u32 = 120;

/// Counts a load of a page whose address is a key (the manage-my-visit link):
/// a patient opens theirs a few times; someone trying codes is refused (429)
/// after `LOOKUPS` in 10 minutes, their network after `NETWORK_LOOKUPS`, found
/// or not, so trying is no faster with a hit than with a miss.
pub async fn lookups(state: &AppState, req: &HttpRequest, bucket: &str) -> Result<(), ApiError> {
    let (client, network, now) = keys(state, req).await?;
    for (who, limit) in [(&client, LOOKUPS), (&network, NETWORK_LOOKUPS)] {
        if let Some(retry_after) = hygo_core::rate_limit::hit(&state.db, bucket, who, now, WRITE_WINDOW_SECS, limit).await? {
            return Err(ApiError::too_many(retry_after));
        }
    }
    Ok(())
}

/// The keys of the client and its network, and the time now (unix seconds).
async fn keys(state: &AppState, req: &HttpRequest) -> Result<(String, String, i64), ApiError> {
    let (client, network) = who(req, state.config.behind_proxy);
    let key = form_guard::server_key(state).await?;
    let now = form_guard::unix_now(state);
    Ok((client_key(key, "client", &client), client_key(key, "network", &network), now))
}

/// The client and its network, as text. Behind a proxy the address is the last one
/// the proxy appended to `X-Forwarded-For` (the only one a client cannot forge).
pub fn who(req: &HttpRequest, behind_proxy: bool) -> (String, String) {
    let forwarded = behind_proxy
        .then(|| req.headers().get("x-forwarded-for")?.to_str().ok()?.rsplit(',').next().map(|s| s.trim().to_owned()))
        .flatten()
        .filter(|s| !s.is_empty());
    let address = match forwarded {
        Some(text) => text.parse::<IpAddr>().map_err(|_| text),
        None => req.peer_addr().map(|a| a.ip()).ok_or_else(|| "unknown".to_owned()),
    };
    match address {
        Ok(ip) => networks(ip),
        // Not an address (a proxy that writes something else): itself, both times.
        Err(text) => (text.clone(), text),
    }
}

/// An address's client and network: IPv4 itself and its /24; IPv6 its /64 and /48.
pub fn networks(ip: IpAddr) -> (String, String) {
    match ip.to_canonical() {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            (v4.to_string(), format!("{a}.{b}.{c}.0/24"))
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            (format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3]), format!("{:x}:{:x}:{:x}::/48", s[0], s[1], s[2]))
        }
    }
}

/// The stored key of a client or network: 16 bytes of HMAC-SHA256, as hex.
fn client_key(key: &[u8], kind: &str, who: &str) -> String {
    hygo_core::secrets::hex(&form_guard::sign(key, kind, &[who.as_bytes()])[..16])
}

#[cfg(test)]
mod tests {
    use super::networks;

    #[test]
    fn clients_and_networks() {
        let of = |text: &str| networks(text.parse().unwrap());
        assert_eq!(of("203.0.113.7"), ("203.0.113.7".into(), "203.0.113.0/24".into()));
        assert_eq!(of("::ffff:203.0.113.7"), ("203.0.113.7".into(), "203.0.113.0/24".into()));
        assert_eq!(of("2001:db8:aa:bb:1:2:3:4"), ("2001:db8:aa:bb::/64".into(), "2001:db8:aa::/48".into()));
        assert_eq!(of("2001:db8:aa:bb::9").0, of("2001:db8:aa:bb:ffff::1").0, "one /64 is one client");
        assert_ne!(of("2001:db8:aa:bb::9").0, of("2001:db8:aa:bc::9").0);
    }
}

//! The rate limit of the writes: who is writing (the client's address, hashed so
//! that no address is ever stored) and the check itself. Each route of a form
//! declares its bucket (`crate::app`); `crate::actions` applies it.

use actix_web::HttpRequest;
use sha2::{Digest, Sha256};

use crate::state::AppState;
use crate::config::WRITE_WINDOW_SECS;
use crate::error::ApiError;

/// Counts this write against the client's limit at `bucket`; 429 when over.
pub async fn writes(state: &AppState, req: &HttpRequest, bucket: &str) -> Result<(), ApiError> {
    count(state, req, bucket, state.config.write_limit).await
}

/// Counts a step of a multi-step form (it stores nothing, but its page is
/// rendered for it) against the client's limit at the route's bucket's own
/// `{bucket}-steps`, `HYGO_STEP_LIMIT`; 429 when over.
pub async fn steps(state: &AppState, req: &HttpRequest, bucket: &str) -> Result<(), ApiError> {
    count(state, req, &format!("{bucket}-steps"), state.config.step_limit).await
}

async fn count(state: &AppState, req: &HttpRequest, bucket: &str, limit: u32) -> Result<(), ApiError> {
    let client = client_key(req, state.config.behind_proxy);
    let now = chrono::Utc::now().timestamp();
    match hygo_data::rate_limit::hit(&state.db, bucket, &client, now, WRITE_WINDOW_SECS, limit).await? {
        None => Ok(()),
        Some(retry_after) => Err(ApiError::too_many(retry_after)),
    }
}

/// The first 16 bytes of SHA-256 of the client's address, as hex. Behind a proxy
/// the address is the last one the proxy appended to `X-Forwarded-For` (the only
/// one a client cannot forge).
pub fn client_key(req: &HttpRequest, behind_proxy: bool) -> String {
    let forwarded = behind_proxy
        .then(|| req.headers().get("x-forwarded-for")?.to_str().ok()?.rsplit(',').next().map(|s| s.trim().to_owned()))
        .flatten()
        .filter(|s| !s.is_empty());
    let address = forwarded
        .or_else(|| req.peer_addr().map(|a| a.ip().to_string()))
        .unwrap_or_else(|| "unknown".to_owned());
    Sha256::digest(address.as_bytes())[..16].iter().map(|b| format!("{b:02x}")).collect()
}

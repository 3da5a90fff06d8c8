//! The one runner of every write: the public forms and the JSON API
//! (`crate::actions::handle`), the console's forms (`crate::staff::actions::post`)
//! and the newsletter e-mails' buttons (`crate::actions::newsletter`). What differs
//! between them is declared (`Gate`): whether a post stores, the token it brought,
//! the rate-limit bucket it counts against. What does not differ is here, once, in
//! this order:
//!
//! 1. `Runner::same_site`, before the body is read or anything counted: a page of
//!    another site must not write for its visitors, nor spend their allowance of
//!    the rate limit (403).
//! 2. The caller reads its body (`crate::actions::read`) and checks its token:
//!    a public form's signed token and honeypot (`crate::form_guard`), a console
//!    form's session token (`crate::access::csrf_matches`).
//! 3. `Runner::run`: the store can take a write (503, `hygo_core::db::Storage`);
//!    the token's answer (a refused token writes nothing, but its page is rendered
//!    again, which counts as a step); the rate limit; the write; the store is still
//!    the file it was opened as (else no 2xx: nobody would read the write again);
//!    then this instance's pages see the change at once and the mailer wakes.
//!
//! A write that answers 2xx has passed all of it, so a 2xx means committed and kept.

use std::future::Future;

use actix_web::HttpRequest;
use actix_web::http::StatusCode;
use hygo_core::form::WriteError;

use crate::error::ApiError;
use crate::state::AppState;

/// What a write's route and action declare about one post.
pub struct Gate {
    /// Whether this post may store something. A wizard's step does not: the store,
    /// the token and the write limit are checked only for a post that may.
    pub stores: bool,
    /// The token the post brought, already checked by its kind of form; None when
    /// none is asked (a JSON client, an e-mail's button, a sign-in's first step).
    pub token: Option<Result<(), ApiError>>,
    /// The rate-limit bucket it counts against (`crate::limit`); None: not counted
    /// here (the console's writes need a session and count their own failures).
    pub bucket: Option<&'static str>,
    /// Whether a post that stores nothing renders a page (a wizard's step), and so
    /// counts against the bucket's step limit (`crate::limit::steps`).
    pub step: bool,
}

impl Gate {
    /// A write that always stores, with no token and no limit of its own.
    pub fn plain() -> Self {
        Gate {
            stores: true,
            token: None,
            bucket: None,
            step: false,
        }
    }
}

/// Runs the writes of one request.
pub struct Runner<'a> {
    state: &'a AppState,
    req: &'a HttpRequest,
}

impl<'a> Runner<'a> {
    pub fn new(state: &'a AppState, req: &'a HttpRequest) -> Self {
        Runner { state, req }
    }

    /// Step 1: refused when sent from another site's page (`crate::edge::from_another_site`).
    pub fn same_site(&self) -> Result<(), ApiError> {
        match crate::edge::from_another_site(self.req, &self.state.config.public_url) {
            true => Err(cross_site()),
            false => Ok(()),
        }
    }

    /// Step 3: the write between its checks. `Err` is a refusal before the write
    /// (the store, the token, the limit) or after it (the store was replaced: the
    /// write is lost with the file); `Ok` is the write's own answer. `stored` says
    /// whether that answer stored something (a wizard's step, or a write its own
    /// checks refused, did not).
    pub async fn run<T>(
        &self,
        gate: Gate,
        write: impl Future<Output = Result<T, WriteError>>,
        stored: impl FnOnce(&T) -> bool,
    ) -> Result<Result<T, WriteError>, ApiError> {
        let (state, req) = (self.state, self.req);
        if gate.stores {
            // A database that is gone, replaced or read-only is not written to at
            // all (nor is the limiter's count, which is in it).
            writable(state)?;
            if let Some(Err(e)) = gate.token {
                // Nothing is written, so it does not use up the client's or its
                // network's writes; its page is rendered again, which counts like a
                // wizard's step, for the client only.
                return Err(match gate.bucket {
                    Some(bucket) => crate::limit::steps(state, req, bucket).await.err().unwrap_or(e),
                    None => e,
                });
            }
        }
        match (gate.bucket, gate.stores, gate.step) {
            (Some(bucket), true, _) => crate::limit::writes(state, req, bucket).await?,
            (Some(bucket), false, true) => crate::limit::steps(state, req, bucket).await?,
            _ => {}
        }
        let done = write.await;
        if done.as_ref().is_ok_and(stored) {
            kept(state)?;
            // This instance shows the change at once (others within
            // `HYGO_DATA_RECHECK_MS`), and an e-mail the write queued leaves now.
            state.render_cache.data_changed();
            state.mail_queued();
        }
        Ok(done)
    }
}

/// After a write has committed, before it is answered 2xx: the database is still
/// the file it was opened as, so the write will be there after a restart.
fn kept(state: &AppState) -> Result<(), ApiError> {
    state.storage.same_file().map_err(not_saved)
}

/// Whether the database can take a write now (gone, replaced or read-only: no),
/// checked before writing. Also for the work a page does on its way (expiring
/// requests before a list), which leaves it to the job when this says no.
pub fn writable(state: &AppState) -> Result<(), ApiError> {
    state.storage.files().map_err(not_saved)
}

/// 503 for a write the database could not keep (`hygo_core::db::Storage`), logged
/// with the fault and no request data.
fn not_saved(fault: hygo_core::db::Fault) -> ApiError {
    tracing::error!(%fault, "a write was refused: the database cannot keep it");
    let phone = &hygo_content::default().clinics[0].phone;
    ApiError::said(StatusCode::SERVICE_UNAVAILABLE, hygo_core::form::Message::new("storage.notSaved").with("phone", phone.clone()))
}

/// 403 for a write sent from another site's page.
fn cross_site() -> ApiError {
    ApiError::said(StatusCode::FORBIDDEN, hygo_core::form::Message::new("request.crossSite"))
}

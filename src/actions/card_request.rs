//! The health-card request, as `POST /api/SubscriptionData/subscription-form`
//! (JSON, spec section 7, call 5) and `POST /subscription` (a form post, which
//! lands on its confirmation page, `/requests?token=`, thanking the visitor and
//! saying what happens next).

use actix_web::http::StatusCode;
use hygo_booking::card_requests::{self, CardRequest};
use hygo_core::form::WriteError;
use hygo_booking::receipts::Kind;
use serde_json::json;

use super::{Action, Cx, Done};

pub struct Request;

impl Action for Request {
    type Input = CardRequest;

    fn check(input: &CardRequest) -> Option<hygo_core::form::Invalid> {
        card_requests::check(input)
    }

    async fn run(cx: &Cx<'_>, input: CardRequest) -> Result<Done, WriteError> {
        let input = CardRequest { lang: cx.language(), ..input };
        let stored = card_requests::create(&cx.state.db, input, cx.receipt(Kind::Card), &crate::pages::url::notices(cx.state)).await?;
        tracing::info!(card_request = stored.id, "health card requested");
        Ok(Done::stored(StatusCode::CREATED, hygo_core::form::Message::new("cardRequest.received"), json!({ "reference": stored.reference }), stored.receipt))
    }
}

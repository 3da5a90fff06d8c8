//! The health-card request, as `POST /api/SubscriptionData/subscription-form`
//! (JSON, spec section 7, call 5) and `POST /subscription` (a form post, which
//! lands on `/subscription?requested={card}#request`, thanking the visitor and
//! saying what happens next).

use actix_web::http::StatusCode;
use hygo_data::card_requests::{self, CardRequest};
use hygo_data::form::WriteError;
use serde_json::json;

use super::{query_value, Action, Cx, Done};

pub struct Request;

impl Action for Request {
    type Input = CardRequest;

    async fn run(cx: &Cx<'_>, input: CardRequest) -> Result<Done, WriteError> {
        let sent = input.subscription_type.clone().unwrap_or_default();
        let id = card_requests::create(&cx.state.db, input).await?;
        // Stored, so the card is one of the catalogue's: its id names it in the address.
        let card = hygo_data::catalogue::card_types().iter().find(|c| c.named_by(&sent)).map_or(sent.clone(), |c| c.id.clone());
        tracing::info!(card_request = id, "health card requested");
        Ok(Done::Stored {
            status: StatusCode::CREATED,
            message: "cardRequest.received",
            data: Some(json!({ "id": id })),
            location: format!("/subscription?requested={}#request", query_value(&card)),
        })
    }
}

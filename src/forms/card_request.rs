//! `POST /subscription`: the health-card request without JavaScript. Stored, it
//! lands on `/subscription?requested={card}`, which thanks the visitor and says
//! what happens next.

use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::card_requests::{self, CardRequest, CardRequestError};

use super::{again, failure, limited, query_value, refused, see_other, Fields};
use crate::state::AppState;
use crate::error::ApiError;
use crate::pages::Route;

const FIELDS: &[&str] = &["name", "email", "number", "subscriptionType"];

pub async fn post(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let fields = Fields::parse(&body);
    let values = fields.values(FIELDS);
    if let Err(e) = limited(&state, &req, "card-requests").await {
        return again(&state, Route::Subscription, "/subscription", failure(&e, values)).await;
    }
    let request = CardRequest {
        name: fields.text("name"),
        email: fields.text("email"),
        number: fields.text("number"),
        subscription_type: fields.text("subscriptionType"),
    };
    match card_requests::create(&state.db, request).await {
        Ok(id) => {
            tracing::info!(card_request = id, "health card requested (form)");
            let card = fields.get("subscriptionType").unwrap_or_default().trim();
            see_other(&format!("/subscription?requested={}#request", query_value(card)))
        }
        Err(CardRequestError::Invalid(invalid)) => {
            let form = refused(422, &invalid.message, &invalid.errors, values);
            again(&state, Route::Subscription, "/subscription", form).await
        }
        Err(CardRequestError::Data(e)) => {
            again(&state, Route::Subscription, "/subscription", failure(&ApiError::from(e), values)).await
        }
    }
}

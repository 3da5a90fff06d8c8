//! `POST /api/SubscriptionData/subscription-form` (spec section 7, call 5).

use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::card_requests::{self, CardRequest, CardRequestError};
use serde_json::json;

use crate::state::AppState;
use crate::error::ApiError;

pub const RECEIVED_MESSAGE: &str =
    "Thank you! We have received your request for a HYGO health card. Our team will contact you to complete your membership.";

pub async fn create(state: web::Data<AppState>, req: HttpRequest, body: web::Json<CardRequest>) -> Result<HttpResponse, ApiError> {
    super::client::limit_writes(&state, &req, "card-requests").await?;
    match card_requests::create(&state.db, body.into_inner()).await {
        Ok(id) => {
            tracing::info!(card_request = id, "health card requested");
            Ok(HttpResponse::Created().json(json!({ "success": true, "message": RECEIVED_MESSAGE, "data": { "id": id } })))
        }
        Err(CardRequestError::Invalid(invalid)) => Err(ApiError::invalid(invalid)),
        Err(CardRequestError::Data(e)) => Err(e.into()),
    }
}

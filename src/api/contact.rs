//! `POST /api/contact`: the contact form's messages, stored for the clinic's staff.

use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::contact_messages::{self, ContactError, ContactRequest};
use serde_json::json;

use crate::state::AppState;
use crate::error::ApiError;

pub const SENT_MESSAGE: &str = "Thank you for your message. Our team will get back to you soon.";

pub async fn create(state: web::Data<AppState>, req: HttpRequest, body: web::Json<ContactRequest>) -> Result<HttpResponse, ApiError> {
    super::client::limit_writes(&state, &req, "contact").await?;
    match contact_messages::create(&state.db, body.into_inner()).await {
        Ok(id) => {
            tracing::info!(contact_message = id, "contact message stored");
            Ok(HttpResponse::Created().json(json!({ "success": true, "message": SENT_MESSAGE, "data": { "id": id } })))
        }
        Err(ContactError::Invalid(invalid)) => Err(ApiError::invalid(invalid)),
        Err(ContactError::Data(e)) => Err(e.into()),
    }
}

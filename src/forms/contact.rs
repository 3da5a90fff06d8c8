//! `POST /contactus`: the contact form without JavaScript. Stored, it lands on
//! `/contactus?sent=1#contact-form`.

use actix_web::{web, HttpRequest, HttpResponse};
use hygo_data::contact_messages::{self, ContactError, ContactRequest};

use super::{again, failure, limited, refused, see_other, Fields};
use crate::state::AppState;
use crate::error::ApiError;
use crate::pages::Route;

const FIELDS: &[&str] = &["name", "email", "phone", "clinic", "subject", "message"];

pub async fn post(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let fields = Fields::parse(&body);
    let values = fields.values(FIELDS);
    let page = Route::Content("contact");
    if let Err(e) = limited(&state, &req, "contact").await {
        return again(&state, page, "/contactus", failure(&e, values)).await;
    }
    let request = ContactRequest {
        name: fields.text("name"),
        email: fields.text("email"),
        phone: fields.text("phone"),
        subject: fields.text("subject"),
        message: fields.text("message"),
        clinic: fields.text("clinic"),
    };
    match contact_messages::create(&state.db, request).await {
        Ok(id) => {
            tracing::info!(contact_message = id, "contact message stored (form)");
            see_other("/contactus?sent=1#contact-form")
        }
        Err(ContactError::Invalid(invalid)) => {
            again(&state, page, "/contactus", refused(422, &invalid.message, &invalid.errors, values)).await
        }
        Err(ContactError::Data(e)) => again(&state, page, "/contactus", failure(&ApiError::from(e), values)).await,
    }
}

//! The contact form (`/contactus`), as `POST /api/contact` (JSON) and `POST
//! /contactus` (a form post, which lands on `/contactus?sent=1#contact-form`).

use actix_web::http::StatusCode;
use hygo_data::contact_messages::{self, ContactRequest};
use hygo_data::form::WriteError;
use serde_json::json;

use super::{Action, Cx, Done};

pub struct Send;

impl Action for Send {
    type Input = ContactRequest;

    async fn run(cx: &Cx<'_>, input: ContactRequest) -> Result<Done, WriteError> {
        let id = contact_messages::create(&cx.state.db, input).await?;
        tracing::info!(contact_message = id, "contact message stored");
        Ok(Done::Stored {
            status: StatusCode::CREATED,
            message: "contact.sent",
            data: Some(json!({ "id": id })),
            location: "/contactus?sent=1#contact-form".into(),
        })
    }
}

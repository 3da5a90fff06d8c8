//! The contact form (`/contactus`), as `POST /api/contact` (JSON) and `POST
//! /contactus` (a form post, which lands on its confirmation page, `/requests?token=`).

use actix_web::http::StatusCode;
use hygo_booking::contact_messages::{self, ContactRequest};
use hygo_core::form::WriteError;
use hygo_booking::receipts::Kind;
use serde_json::json;

use super::{Action, Cx, Done};

pub struct Send;

impl Action for Send {
    type Input = ContactRequest;
    const MOST_CHARS: usize = contact_messages::MOST_CHARS;

    fn check(input: &ContactRequest) -> Option<hygo_core::form::Invalid> {
        contact_messages::check(input)
    }

    async fn run(cx: &Cx<'_>, input: ContactRequest) -> Result<Done, WriteError> {
        let input = ContactRequest { lang: cx.language(), ..input };
        let stored = contact_messages::create(&cx.state.db, input, cx.receipt(Kind::Contact), &crate::pages::url::notices(cx.state)).await?;
        tracing::info!(contact_message = stored.id, "contact message stored");
        Ok(Done::stored(StatusCode::CREATED, hygo_core::form::Message::new("contact.sent"), json!({ "reference": stored.reference }), stored.receipt))
    }
}

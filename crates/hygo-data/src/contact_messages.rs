//! Messages from the contact form (`/contactus`). The original only pretended to
//! send them; here they are stored for the clinic's staff.

use sea_orm::{ActiveModelTrait, Set};
use serde::Deserialize;

use crate::entities::contact_message;
use crate::form::{Check, Invalid};
use crate::{ist, DataError, Db};

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct ContactRequest {
    pub name: Option<String>,
    pub email: Option<String>,
    /// Optional.
    pub phone: Option<String>,
    pub subject: Option<String>,
    pub message: Option<String>,
    /// Optional: the clinic the message is about.
    pub clinic: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ContactError {
    #[error("the message is not valid")]
    Invalid(Invalid),
    #[error(transparent)]
    Data(#[from] DataError),
}

pub const MESSAGE_MAX: usize = 5000;

/// Checks and stores a message; answers its id.
pub async fn create(db: &Db, req: ContactRequest) -> Result<i32, ContactError> {
    let mut c = Check::default();
    let name = c.line("name", "Full name", req.name.as_deref(), 100, Some("Enter your name"));
    let email = c.email("email", req.email.as_deref());
    let phone = c.phone("phone", req.phone.as_deref(), None);
    let subject = c.line("subject", "Subject", req.subject.as_deref(), 150, Some("Enter a subject"));
    let message = c.paragraph("message", "Message", req.message.as_deref(), MESSAGE_MAX, Some("Enter your message"));
    let clinic = c.line("clinic", "Clinic", req.clinic.as_deref(), 120, None);
    c.finish().map_err(ContactError::Invalid)?;
    let row = contact_message::ActiveModel {
        name: Set(name),
        email: Set(email),
        phone: Set(phone),
        subject: Set(subject),
        message: Set(message),
        clinic: Set(clinic),
        created_at: Set(ist::stamp()),
        ..Default::default()
    };
    Ok(row.insert(db).await.map_err(DataError::from)?.id)
}

//! Messages from the contact form (`/contactus`). The original only pretended to
//! send them; here they are stored for the clinic's staff.

use sea_orm::Set;
use serde::{Deserialize, Serialize};

use crate::entities::contact_message;
use crate::form::{Check, WriteError};
use crate::intake::{self, Stored};
use crate::notices::Notices;
use crate::{DataError, Db, content, ist, receipts};

#[derive(Debug, Clone, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(default)]
pub struct ContactRequest {
    pub name: Option<String>,
    pub email: Option<String>,
    /// Optional.
    pub phone: Option<String>,
    pub subject: Option<String>,
    pub message: Option<String>,
    /// Optional: the clinic the message is about, by its id in
    /// `catalogue/clinics.json` (`kalawad-road`) or its exact name; any other
    /// value is refused.
    pub clinic: Option<String>,
    /// The language of the page it was sent from (set by the server, never read from the body).
    #[serde(skip)]
    pub lang: content::Lang,
}

pub(crate) const MESSAGE_MAX: usize = 5000;

/// The most characters a message's fields take together: name, e-mail,
/// phone, subject, message and the clinic's id (the form's body limit).
pub const MOST_CHARS: usize = 100 + 254 + 40 + 150 + MESSAGE_MAX + 100;

/// What is wrong with a message's fields, without storing it (a form refused
/// for its timing shows these too); None when nothing is.
pub fn check(req: &ContactRequest) -> Option<crate::form::Invalid> {
    checked(req).err()
}

/// A message's fields, checked.
struct Checked {
    name: String,
    email: String,
    phone: String,
    subject: String,
    message: String,
    /// The clinic's id, when one was chosen.
    clinic: Option<String>,
}

fn checked(req: &ContactRequest) -> Result<Checked, crate::form::Invalid> {
    let mut c = Check::default();
    let name = c.line("name", "label.fullName", req.name.as_deref(), 100, Some("contact.nameRequired"));
    // A phone is enough (issue 43): most patients have no e-mail; one of the two is needed to answer.
    let email = c.optional_email("email", req.email.as_deref());
    let phone = c.phone("phone", req.phone.as_deref(), None);
    if email.is_empty() && phone.is_empty() && !c.has_error("email") && !c.has_error("phone") {
        c.fail("email", crate::form::Message::new("contact.reachRequired"));
    }
    let subject = c.line("subject", "label.subject", req.subject.as_deref(), 150, Some("contact.subjectRequired"));
    let message = c.paragraph("message", "label.message", req.message.as_deref(), MESSAGE_MAX, Some("contact.messageRequired"));
    // A choice of `catalogue/clinics.json`, by id (or by its name, as the original
    // client sent it), stored as the id: nothing typed reaches the clinic's e-mail.
    let known = content::default();
    let clinic = match req.clinic.as_deref().map(str::trim) {
        None | Some("") => None,
        typed => Some(c.option("clinic", typed, known.clinic_choices(), "contact.clinicUnknown")),
    };
    c.finish()?;
    Ok(Checked { name, email, phone, subject, message, clinic })
}

/// Checks and stores a message, with its confirmation page when `receipt` names
/// one; answers its id, reference and page.
///
/// The clinic is told of it in the same transaction (`Notices`): that a message
/// came, for which clinic, never what it says (its subject may be about health).
pub async fn create(db: &Db, req: ContactRequest, receipt: Option<receipts::Kind>, notices: &Notices) -> Result<Stored, WriteError> {
    let Checked { name, email, phone, subject, message, clinic } = checked(&req).map_err(WriteError::Invalid)?;
    let known = content::default();
    let clinic = clinic.and_then(|id| known.find_clinic(&id));
    let row = |reference| contact_message::ActiveModel {
        reference: Set(reference),
        lang: Set(req.lang.as_str().to_owned()),
        name: Set(name.clone()),
        email: Set(email.clone()),
        phone: Set(phone.clone()),
        subject: Set(subject.clone()),
        message: Set(message.clone()),
        clinic: Set(clinic.map(|c| c.id.clone()).unwrap_or_default()),
        created_at: Set(ist::stamp()),
        ..Default::default()
    };
    let summary = clinic.map_or_else(
        || known.message("mail.contactAnyClinic").to_owned(),
        |c| c.name.clone(),
    );
    let mails = |reference: &str| notices.request_received("contact", reference, &summary);
    let stored = intake::insert(db, receipt, row, |r| r.id, mails).await.map_err(DataError::from)?;
    Ok(Stored { id: stored.row.id, reference: stored.reference, receipt: stored.receipt })
}

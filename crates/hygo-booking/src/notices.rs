//! Who is told what, by e-mail and on the patient's phone, when a request
//! arrives or its status changes.
//! Every message is queued in the outbox inside the transaction of what causes it
//! (`crate::mail::queue`), so nothing is lost when the relay is down and nothing is
//! sent for a change that did not commit.
//!
//! - The clinic (`HYGO_CLINIC_EMAIL`) hears of each new request: its kind, its
//!   reference, the doctor and time or the card asked for, and a link to it in the
//!   console. Never the patient's name, contact details, symptoms, reason or notes.
//! - The patient gets an acknowledgement with the reference, then a confirmation
//!   with a calendar invitation (`crate::calendar`), a new invitation on a
//!   reschedule, a cancellation of it, or a decline with a way to book again;
//!   on WhatsApp or by SMS the same, when they agreed to it (`crate::messages`).

use chrono::{NaiveDate, Utc};

use crate::calendar::{self, Method, Visit};
use crate::entities::appointment;
use crate::mail::Mail;
use crate::messaging::{Channel, PhoneMessage};
use crate::status::Status;
use crate::content::Lang;
use crate::{content, slots};

/// What the notices need from the settings and the server.
#[derive(Debug, Clone)]
pub struct Notices {
    /// Where the clinic is told of new requests; None: nobody is (the console still lists them).
    pub clinic_email: Option<String>,
    /// The site's address as people reach it, for links.
    pub public_url: String,
    /// The address invitations come from (their organizer).
    pub organizer: String,
    /// Where the mails' links lead: the server's reverse routing. This crate
    /// spells no page's address.
    pub links: Links,
    /// How long a request nobody confirms waits before it lapses
    /// (`HYGO_REQUEST_EXPIRY_HOURS`): what a patient is told (`promise`).
    pub expiry_hours: i64,
    /// The phone channels that are set up (WhatsApp, SMS): a patient who agreed
    /// to one that is not gets no phone message, rather than one that waits.
    pub channels: Vec<Channel>,
}

/// The paths of the pages a mail links to, as the server routes them (its page
/// registry, in the patient's language); the site's address is put before each.
#[derive(Debug, Clone, Copy)]
pub struct Links {
    /// The appointment request form, in a language: where a patient whose visit
    /// was declined or cancelled asks again.
    pub appointment: fn(Lang) -> String,
    /// The newsletter's confirmation page for a token, in a language.
    pub newsletter_confirm: fn(Lang, &str) -> String,
    /// The unsubscribe page for a token, in a language.
    pub unsubscribe: fn(Lang, &str) -> String,
    /// The one-click unsubscribe address for a token (`List-Unsubscribe-Post`,
    /// RFC 8058: mail clients post to it without showing a page, so it has no language).
    pub one_click_unsubscribe: fn(&str) -> String,
    /// A request's page in the console, by its kind (`appointment`, `card`,
    /// `contact`) and reference.
    pub console: fn(&str, &str) -> String,
    /// The patient's manage-my-visit page for a code (`crate::visits`), in a language.
    pub visit: fn(Lang, &str) -> String,
}

impl Notices {
    /// The full address of a path the links gave.
    pub(crate) fn full(&self, path: String) -> String {
        format!("{}{path}", self.public_url)
    }

    /// The patient's link to the visit of `row` (`crate::visits`), in its
    /// language; "" for a row without a code.
    pub(crate) fn visit_link(&self, row: &appointment::Model) -> String {
        match row.visit_code.as_deref() {
            Some(code) => self.full((self.links.visit)(lang_of(row), code)),
            None => String::new(),
        }
    }

    /// The console's page of a request.
    pub(crate) fn console_link(&self, kind: &str, reference: &str) -> String {
        self.full((self.links.console)(kind, reference))
    }

    /// A new appointment request: the clinic, and the patient's acknowledgement.
    pub(crate) fn appointment_requested(&self, row: &appointment::Model, doctor: &str, clinic: &content::Clinic, promise: &crate::promise::Promise) -> Vec<Mail> {
        let in_theirs = doctor_name(lang_of(row), row.doctor_id, doctor);
        let english = when(row, Lang::DEFAULT);
        let mut mails: Vec<Mail> = self
            .clinic_email
            .iter()
            .map(|to| crate::letters::clinic_new_request(to, "appointment", &row.reference, &format!("{doctor}, {english}"), &self.console_link("appointment", &row.reference)))
            .collect();
        if !row.email.is_empty() {
            let lang = lang_of(row);
            mails.push(crate::letters::appointment_received(lang, &row.email, &row.reference, &in_theirs, &when(row, lang), &place(lang, clinic), promise, &self.visit_link(row)));
        }
        mails
    }

    /// The patient's phone message about a new request (`crate::messages::received`).
    pub(crate) fn appointment_requested_text(&self, row: &appointment::Model, doctor: &str, promise: &crate::promise::Promise) -> Option<PhoneMessage> {
        crate::messages::received(row, &self.channels, &doctor_name(lang_of(row), row.doctor_id, doctor), promise, &self.visit_link(row))
    }

    /// The patient's phone message when their request became `row`, as
    /// `appointment_changed` words its e-mail.
    pub(crate) fn appointment_changed_text(&self, row: &appointment::Model, doctor: &str, clinic: Option<&content::Clinic>, reason: &str) -> Option<PhoneMessage> {
        use crate::messages::{CANCELLED, CHANGED, CONFIRMED, DECLINED, ended, visit};
        let lang = lang_of(row);
        let c = content::get(lang);
        let clinic = clinic.and_then(|k| c.find_clinic(&k.id)).or(clinic).unwrap_or(&c.clinics[0]);
        let reason = c.forms.decline_reasons.iter().find(|r| r.id == reason).map_or(reason, |r| r.label.as_str());
        let on = &self.channels;
        let doctor = &doctor_name(lang, row.doctor_id, doctor);
        let link = &self.visit_link(row);
        match Status::parse(&row.status)? {
            Status::Confirmed => visit(row, on, doctor, CONFIRMED, clinic, link),
            Status::Rescheduled => visit(row, on, doctor, CHANGED, clinic, link),
            Status::Cancelled => ended(row, on, doctor, CANCELLED, reason, &clinic.phone),
            Status::Declined => ended(row, on, doctor, DECLINED, reason, &clinic.phone),
            Status::Expired => ended(row, on, doctor, DECLINED, c.message("mail.expiredReason"), &clinic.phone),
            Status::Requested | Status::Arrived | Status::Completed | Status::NoShow => None,
        }
    }

    /// The reminder of a visit to come (`crate::reminders`), on the patient's phone.
    pub(crate) fn reminder_text(&self, row: &appointment::Model, doctor: &str, clinic: Option<&content::Clinic>) -> Option<PhoneMessage> {
        let lang = lang_of(row);
        let c = content::get(lang);
        let clinic = clinic.and_then(|k| c.find_clinic(&k.id)).or(clinic).unwrap_or(&c.clinics[0]);
        crate::messages::visit(row, &self.channels, &doctor_name(lang, row.doctor_id, doctor), crate::messages::REMINDER, clinic, &self.visit_link(row))
    }

    /// "Your doctor is away" (`crate::inbox::away`): the visit of `row` cannot
    /// take place then; the patient's link to choose another time.
    pub(crate) fn doctor_away_text(&self, row: &appointment::Model, doctor: &str, clinic: Option<&content::Clinic>) -> Option<PhoneMessage> {
        let lang = lang_of(row);
        let c = content::get(lang);
        let clinic = clinic.and_then(|k| c.find_clinic(&k.id)).or(clinic).unwrap_or(&c.clinics[0]);
        crate::messages::doctor_away(row, &self.channels, &doctor_name(lang, row.doctor_id, doctor), &clinic.phone, &self.visit_link(row))
    }

    /// A new health-card request or contact message: the clinic only (the page
    /// the person sees gives them the reference).
    pub(crate) fn request_received(&self, kind: &str, reference: &str, summary: &str) -> Vec<Mail> {
        self.clinic_email.iter().map(|to| crate::letters::clinic_new_request(to, kind, reference, summary, &self.console_link(kind, reference))).collect()
    }

    /// What the patient is sent when their request became `row` (its new status,
    /// and for a reschedule its new time and sequence), naming the clinic of the
    /// visit (`schedule::clinic_of_visit`; None: the first clinic), and for a
    /// decline or a cancellation the reason the desk chose (its id in
    /// `forms.json`'s `declineReasons`), in the patient's language; a reschedule
    /// to another clinic (by id: the names are each language's) names the one
    /// it was at (`moved_from`).
    pub(crate) fn appointment_changed(
        &self,
        row: &appointment::Model,
        doctor: &str,
        clinic: Option<&content::Clinic>,
        reason: &str,
        moved_from: Option<&content::Clinic>,
    ) -> Option<Mail> {
        if row.email.is_empty() {
            return None;
        }
        let lang = lang_of(row);
        let when = when(row, lang);
        let c = content::get(lang);
        let doctor = &doctor_name(lang, row.doctor_id, doctor);
        // The clinic as the patient's language names it.
        let clinic = clinic.and_then(|k| c.find_clinic(&k.id)).or(clinic).unwrap_or(&c.clinics[0]);
        let rebook = self.full((self.links.appointment)(lang));
        let reason = c.forms.decline_reasons.iter().find(|r| r.id == reason).map_or(reason, |r| r.label.as_str());
        let invitation = |method| {
            let date = NaiveDate::parse_from_str(&row.date, "%Y-%m-%d").ok()?;
            let visit = Visit {
                reference: &row.reference,
                doctor,
                date,
                start: slots::parse_time(&row.start_time)?,
                minutes: slots::SLOT_MINUTES,
                clinic_name: &clinic.name,
                clinic_address: &clinic.address,
                organizer_email: &self.organizer,
                attendee_email: &row.email,
                attendee_name: &row.name,
                sequence: row.sequence,
                lang,
            };
            Some(calendar::invitation(&visit, method, Utc::now()))
        };
        let (reference, to) = (&row.reference, &row.email);
        match Status::parse(&row.status)? {
            Status::Confirmed => Some(crate::letters::appointment_confirmed(lang, to, reference, doctor, &when, &place(lang, clinic), invitation(Method::Request)?, &self.visit_link(row))),
            Status::Rescheduled => {
                let previous = moved_from.filter(|before| before.id != clinic.id).map(|before| c.find_clinic(&before.id).unwrap_or(before));
                let moved = previous.map(|before| c.message("mail.otherClinic").replace("{clinic}", &clinic.name).replace("{address}", &clinic.address).replace("{previous}", &before.name));
                Some(crate::letters::appointment_rescheduled(lang, to, reference, doctor, &when, &place(lang, clinic), moved.as_deref().unwrap_or(""), invitation(Method::Request)?, &self.visit_link(row)))
            }
            Status::Cancelled => Some(crate::letters::appointment_cancelled(lang, to, reference, doctor, &when, reason, &rebook, invitation(Method::Cancel)?)),
            Status::Declined => Some(crate::letters::appointment_declined(lang, to, reference, doctor, &when, reason, &rebook)),
            Status::Expired => Some(crate::letters::appointment_declined(lang, to, reference, doctor, &when, c.message("mail.expiredReason"), &rebook)),
            Status::Requested | Status::Arrived | Status::Completed | Status::NoShow => None,
        }
    }
}

/// The language a request was written in (English for one of an unknown tag).
pub(crate) fn lang_of(row: &appointment::Model) -> Lang {
    Lang::parse(&row.lang).unwrap_or_default()
}

/// "Tuesday, 24 November 2026, 10:00 AM": a request's day and time as e-mails
/// write them, in `lang` ("મંગળવાર, 24 નવેમ્બર, 2026, 10:00 AM").
/// A doctor's name as a language writes it (`doctor.{id}` in the content editor;
/// the sample doctors come with theirs), else the record's.
pub(crate) fn doctor_name(lang: Lang, id: i32, record: &str) -> String {
    content::get(lang).doctor_words.get(&id).map(|w| w.name.trim()).filter(|n| !n.is_empty()).unwrap_or(record).to_owned()
}

pub(crate) fn when(row: &appointment::Model, lang: Lang) -> String {
    let day = NaiveDate::parse_from_str(&row.date, "%Y-%m-%d").map(|d| content::calendar::long_date(&content::get(lang), d)).unwrap_or_else(|_| row.date.clone());
    let c = content::get(lang);
    let time = slots::parse_time(&row.start_time).map(|t| content::calendar::time_of_day(&c, t / 60, t % 60)).unwrap_or_else(|| row.start_time.clone());
    format!("{day}, {time}")
}

/// "HYGO Clinic, Kalawad Road, Kalawad Road, Rajkot, …": where a visit is, as the
/// e-mails' "Where:" line writes it (the name and the address, so a patient
/// never has to guess which clinic the signature means).
pub(crate) fn place(lang: Lang, clinic: &content::Clinic) -> String {
    let c = content::get(lang);
    let clinic = c.find_clinic(&clinic.id).unwrap_or(clinic);
    format!("{} ({})", clinic.name, clinic.address)
}

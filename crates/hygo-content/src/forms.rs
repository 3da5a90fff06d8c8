//! `catalogue/forms.json`: the texts of the forms (the health-card dialog, the
//! contact form, both appointment wizards) and the options they offer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Forms {
    pub privacy_link: String,
    pub privacy_label: String,
    pub error_summary_title: String,
    pub network_error: String,
    pub subscription: SubscriptionTexts,
    pub contact: ContactTexts,
    pub appointment: AppointmentTexts,
    /// The patient's manage-my-visit page (`/v/{code}`).
    pub visit: VisitTexts,
    /// Why the clinic declines or cancels a visit, as the patient reads it in
    /// the e-mail (the desk picks one: `hygo_booking::inbox::take`).
    pub decline_reasons: Vec<OptionText>,
}

impl Forms {
    /// A form's heading and description by its name in `search.json`
    /// (`appointment`, `subscription`, `contact`).
    pub fn named(&self, form: &str) -> Option<(&str, Option<&str>)> {
        match form {
            "appointment" => Some((
                &self.appointment.heading,
                Some(&self.appointment.description),
            )),
            "subscription" => Some((
                &self.subscription.heading,
                Some(&self.subscription.description),
            )),
            "contact" => Some((&self.contact.heading, None)),
            _ => None,
        }
    }
}

/// The manage-my-visit page's texts: `{doctor}`, `{phone}`, `{channel}` are filled by the page.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VisitTexts {
    pub heading: String,
    /// By status: `requested`, `confirmed`, `rescheduled`.
    pub statuses: BTreeMap<String, String>,
    /// What happens next, by status.
    pub next: BTreeMap<String, String>,
    pub reference: String,
    pub doctor: String,
    pub when: String,
    pub clinic: String,
    pub map: String,
    pub calendar: String,
    pub move_link: String,
    pub move_heading: String,
    pub move_lead: String,
    pub move_submit: String,
    pub no_times: String,
    pub cancel_link: String,
    pub cancel_heading: String,
    pub cancel_lead: String,
    pub cancel_submit: String,
    pub keep: String,
    pub messages: String,
    pub stop_submit: String,
    pub channels: BTreeMap<String, String>,
    /// After a cancel, a move or a stop, by which.
    pub done: BTreeMap<String, String>,
    pub call_us: String,
    pub emergency: String,
    pub not_found_heading: String,
    pub not_found_text: String,
    pub book: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SubscriptionTexts {
    pub title: String,
    pub description: String,
    pub heading: String,
    pub lead: String,
    pub request_label: String,
    pub dialog_title: String,
    pub dialog_intro: String,
    pub fields: SubscriptionFields,
    pub submit: String,
    pub sending: String,
    pub success_heading: String,
    pub next: String,
    pub close: String,
    pub privacy: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionFields {
    pub name: String,
    pub email: String,
    pub number: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContactTexts {
    pub heading: String,
    pub intro: String,
    pub fields: ContactFields,
    /// Under the e-mail field: a phone, an e-mail address or both (one is needed).
    pub reach: String,
    pub any_clinic: String,
    pub medical_note: String,
    pub submit: String,
    pub sending: String,
    pub send_another: String,
    pub privacy: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ContactFields {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub clinic: String,
    pub subject: String,
    pub message: String,
}

/// An option a form offers, stored by its id; the label is what people read.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct OptionText {
    pub id: String,
    pub label: String,
}

/// The date strip's words for days that cannot be chosen (`DayAvailability` on
/// the server).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DayStatus {
    pub full: String,
    pub past: String,
    /// The doctor has no hours that weekday.
    pub no_hours: String,
    pub on_leave: String,
    pub clinic_closed: String,
}

/// Both booking wizards' texts: A (general, `/appointment`) and B (a doctor's,
/// `/appointment/{id}`).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AppointmentTexts {
    pub title: String,
    pub description: String,
    pub heading: String,
    pub lead: String,
    pub emergency_line: String,
    pub red_flag_heading: String,
    pub red_flag_text: String,
    pub red_flag_follow_up: String,
    /// The ids of the reasons and symptoms that show the emergency notice.
    pub red_flags: Vec<String>,
    pub doctor_title: String,
    pub doctor_description: String,
    pub steps_a: Vec<String>,
    pub steps_b: Vec<String>,
    pub titles_a: Vec<String>,
    pub titles_b: Vec<String>,
    pub step_of: String,
    /// Each field's label, by the field's name.
    #[ts(type = "Record<string, string>")]
    pub fields: BTreeMap<String, String>,
    pub departments: Vec<OptionText>,
    pub choose_department: String,
    pub choose_doctor: String,
    /// What messages to the patient's phone about the request hold, and how to
    /// stop them: the consent's notice (`hygo_core::messaging::CONSENT_VERSION`).
    pub updates_notice: String,
    /// The answers to "send me messages?": none (first, chosen until the patient
    /// chooses), WhatsApp, SMS (`hygo_booking::appointments::UPDATES`).
    pub updates_choices: Vec<OptionText>,
    /// The doctor list's second group once a department is chosen.
    pub other_doctors: String,
    pub choose_reason: String,
    pub visit_types: Vec<OptionText>,
    pub yes: String,
    pub no: String,
    pub reasons_a: Vec<OptionText>,
    pub reasons_b: Vec<OptionText>,
    pub symptoms: Vec<OptionText>,
    pub today: String,
    pub tomorrow: String,
    pub next_week: String,
    pub previous_week: String,
    pub following_week: String,
    /// "Chosen: {date}".
    pub chosen: String,
    pub show_times: String,
    pub back_to_hours: String,
    pub hours_label: String,
    /// "Times from {hour}".
    pub times_from: String,
    pub select_doctor_first: String,
    pub loading_slots: String,
    pub no_hours: String,
    pub no_free_slots: String,
    pub past_slots: String,
    pub on_leave_day: String,
    pub on_leave_day_no_back: String,
    pub on_leave_open: String,
    pub on_leave_option: String,
    pub slots_failed: String,
    #[serde(rename = "continue")]
    pub continue_label: String,
    pub back: String,
    pub review: String,
    pub submit_a: String,
    pub submit_b: String,
    pub sending: String,
    pub confirm: String,
    pub confirm_required: String,
    pub summary_heading: String,
    pub change: String,
    pub not_given: String,
    pub privacy: String,
    /// Both wizards' success heading. The spec's wizard B says "Appointment
    /// Confirmed!" for a request nobody has confirmed yet: an untrue sentence about
    /// a patient's care gives way to an honest one (DESIGN.md, "One source of truth").
    pub success_heading: String,
    /// The spec's promise, for a visit later than 24 hours on (the clinic open then).
    pub success_text: String,
    /// The other promises (`hygo_booking::promise`): `{by}`, `{opens}` and
    /// `{lapses}` are moments, `{phone}` the clinic's number.
    pub promise: PromiseTexts,
    /// The date strip's word for a day that cannot be chosen, by what the slot
    /// engine says of it.
    pub day_status: DayStatus,
    /// A day's accessible name with its word: "{date}: {status}".
    pub day_label: String,
    /// Said after a request without an e-mail address: how the clinic answers.
    pub success_by_phone: String,
    /// Under the e-mail field: that it may be left empty, and what happens then.
    pub email_hint: String,
    /// The review and success screens' names of the values ("Date", not "Select Date").
    #[ts(type = "Record<string, string>")]
    pub summary_fields: BTreeMap<String, String>,
    /// "Where", before the clinic's name and address.
    #[serde(rename = "where")]
    pub where_label: String,
    /// The link to the clinic on a map.
    pub directions: String,
    /// The link to the requested time's calendar file, and what it holds.
    pub add_to_calendar: String,
    pub calendar_hint: String,
    pub return_home: String,
    pub return_doctors: String,
    pub another: String,
    pub failed: String,
    pub doctor_not_found: String,
    pub doctor_not_found_text: String,
    pub back_to_doctors: String,
    pub available: String,
}

/// What a request is promised, beyond the spec's 24 hours (issue 43).
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PromiseTexts {
    /// 24 hours on the clinic is closed: a call by a time it is open.
    pub by: String,
    /// A visit sooner than 24 hours on: a call before it.
    pub soon: String,
    /// No time left to call: the patient calls, from when the clinic opens.
    pub call_us: String,
    /// The same, while the clinic is open.
    pub call_us_now: String,
    /// What to do if nobody calls.
    pub if_nobody: String,
    /// When a request nobody confirms lapses.
    pub lapses: String,
}

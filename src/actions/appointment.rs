//! An appointment request, as `POST /appointments/bookAppointment` (JSON, spec
//! section 7, call 7) and as the booking wizards' form posts without JavaScript:
//! `POST /appointment` (wizard A) and `POST /appointment/{id}` (wizard B, one
//! doctor).
//!
//! Without JavaScript every step is a form that carries what was typed so far; its
//! buttons say where to go (`action` = next, back, submit; `pickDate`, `week`,
//! `action=slots` stay on the schedule step and show its times). As in the
//! original, changing step checks nothing (spec section 4); sending checks
//! everything, and a refusal returns to the first step with a problem. Which step
//! shows which field is `FIELD_STEPS`, which the browser's wizard reads too
//! (`ui/src/generated/wizard.json`). Stored, the request lands on its
//! confirmation page, `/requests?token=` (POST-redirect-GET; no name, doctor or
//! time in the address); a slot taken meanwhile returns to the schedule step with
//! the message and the times still free.

use actix_web::http::StatusCode;
use hygo_booking::appointments::{self, AppointmentRequest};
use hygo_core::form::{Invalid, Message, WriteError};
use hygo_booking::receipts::Kind;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Map, Value};

use super::{Action, Channel, Cx, Done, Refusal};
use crate::pages::FormState;
use crate::state::AppState;

/// The step of each wizard that shows a field: (field, wizard A's step, wizard B's
/// step). Every other field is on `OTHER_FIELDS_STEP`, the schedule step.
pub const FIELD_STEPS: &[(&str, u8, u8)] = &[
    ("name", 1, 1),
    ("phone", 1, 1),
    ("email", 1, 1),
    ("updates", 1, 1),
    ("isNewPatient", 2, 1),
    ("insurance", 2, 1),
    ("policyNumber", 2, 1),
    ("confirm", 3, 3),
];
pub const OTHER_FIELDS_STEP: u8 = 2;
pub const STEPS: u8 = 3;

/// Which step shows a field, in wizard A (`general`) or B.
pub fn step_of(field: &str, general: bool) -> u8 {
    FIELD_STEPS
        .iter()
        .find(|(f, _, _)| *f == field)
        .map_or(OTHER_FIELDS_STEP, |(_, a, b)| if general { *a } else { *b })
}

/// What the booking clients send (`AppointmentRequest`), and the wizards' own
/// fields when it is a form post.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Booking {
    #[serde(flatten)]
    pub request: AppointmentRequest,
    /// The wizards' "my details are correct" box (not asked of JSON clients).
    #[serde(deserialize_with = "loose")]
    pub confirm: Option<String>,
    /// The schedule step's week page.
    #[serde(deserialize_with = "loose")]
    pub week_offset: Option<String>,
    /// The step the form was on, and the button pressed.
    #[serde(deserialize_with = "loose", skip_serializing)]
    pub step: Option<String>,
    #[serde(deserialize_with = "loose", skip_serializing)]
    pub action: Option<String>,
    #[serde(deserialize_with = "loose", skip_serializing)]
    pub pick_date: Option<String>,
    #[serde(deserialize_with = "loose", skip_serializing)]
    pub week: Option<String>,
}

/// A wizard-only field as text whatever a JSON client sends in it (they are not
/// the API's fields, and an API client's unknown fields are ignored).
fn loose<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Loose {
        Text(String),
        Number(f64),
        Flag(bool),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Loose::deserialize(d)? {
        Loose::Text(t) => Some(t),
        Loose::Number(n) => Some(n.to_string()),
        Loose::Flag(b) => Some(b.to_string()),
        Loose::Other(_) => None,
    })
}

/// A step of the no-JavaScript wizard: which button was pressed.
enum Move {
    /// A day of the date strip.
    PickDate(String),
    /// A week page of the date strip (0 holds today).
    Week(i64),
    Back,
    /// Stay on the schedule step and show the times.
    Slots,
    Next,
    Submit,
}

impl Booking {
    fn pressed(&self) -> Move {
        if let Some(date) = &self.pick_date {
            return Move::PickDate(date.clone());
        }
        if let Some(week) = self.week.as_deref().and_then(|w| w.parse::<i64>().ok()).filter(|w| (0..=53).contains(w)) {
            return Move::Week(week);
        }
        match self.action.as_deref().unwrap_or("next") {
            "back" => Move::Back,
            "submit" => Move::Submit,
            "slots" => Move::Slots,
            _ => Move::Next,
        }
    }

    fn current_step(&self) -> u8 {
        self.step.as_deref().and_then(|s| s.parse::<u8>().ok()).filter(|s| (1..=STEPS).contains(s)).unwrap_or(1)
    }
}

pub struct Book;

impl Action for Book {
    type Input = Booking;
    const MOST_CHARS: usize = hygo_booking::appointments::MOST_CHARS;

    /// JSON always requests; a form post only with its "send" button, the box
    /// ticked, for a doctor id that can be one (the others are refused first).
    fn check(input: &Booking) -> Option<hygo_core::form::Invalid> {
        appointments::check(&input.request)
    }

    fn writes(cx: &Cx<'_>, input: &Booking) -> bool {
        let id_ok = cx.req.match_info().get("id").is_none_or(|id| crate::pages::positive_id(id).is_some());
        cx.channel == Channel::Json || (matches!(input.pressed(), Move::Submit) && input.confirm.is_some() && id_ok)
    }

    /// Every other form post is a step (or a send refused before storing): the
    /// page rendered again, counted against the steps' limit.
    fn step(cx: &Cx<'_>, input: &Booking) -> bool {
        cx.channel == Channel::Form && !Self::writes(cx, input)
    }

    async fn run(cx: &Cx<'_>, input: Booking) -> Result<Done, WriteError> {
        let doctor_id = match (cx.channel, cx.req.match_info().get("id")) {
            (Channel::Form, Some(id)) => match crate::pages::positive_id(id) {
                Some(id) => Some(id),
                // No such doctor: the page says so (404).
                None => return Ok(Done::Page(None)),
            },
            (Channel::Form, None) => None,
            (Channel::Json, _) => input.request.doctor_id,
        };
        if cx.channel == Channel::Form {
            // The review step shows what will be sent: not before a doctor, a day and a time are chosen.
            if matches!(input.pressed(), Move::Next) && input.current_step() == OTHER_FIELDS_STEP {
                review_needs(&input.request, doctor_id.is_none()).map_err(WriteError::Invalid)?;
            }
            if let Some(page) = step(cx.state, &input, doctor_id).await {
                return Ok(Done::Page(Some(page)));
            }
            if input.confirm.is_none() {
                return Err(WriteError::Invalid(Invalid::field("confirm", Message::new("appointment.confirmRequired"))));
            }
        }
        let general = doctor_id.is_none();
        let wizard = cx.channel == Channel::Form;
        let mut request = input.request;
        request.doctor_id = doctor_id;
        // Wizard B has no department and no symptoms.
        if wizard && !general {
            request.department = None;
            request.selected_symptoms = None;
        }
        let kind = if general { Kind::AppointmentGeneral } else { Kind::AppointmentDoctor };
        // Every booking gets its confirmation page's token, the JSON one too: the
        // token also opens the requested time's calendar file for a short while.
        request.lang = cx.language();
        let result = appointments::book(&cx.state.db, &cx.state.clock, request, Some(kind), &crate::pages::url::notices(cx.state)).await;
        // After a booking, or a refusal because the time was taken, the free slots
        // this process keeps are out of date: the next answer reads the versions again.
        if matches!(result, Ok(_) | Err(WriteError::Conflict { .. })) {
            cx.state.render_cache.data_changed();
        }
        let mut booked = result?;
        tracing::info!(appointment = booked.id, doctor = booked.doctor_id, "appointment requested");
        let receipt = booked.receipt.clone();
        booked.calendar = receipt.as_deref().map(crate::pages::url::request_calendar);
        booked.page = receipt.as_deref().map(|token| crate::pages::url::request(cx.language(), token));
        booked.manage = booked.visit_code.as_deref().map(|code| format!("{}{}", cx.state.config.public_url, crate::pages::url::visit(cx.language(), code)));
        Ok(Done::stored(StatusCode::CREATED, booked.promise.message(), json!(booked), receipt))
    }

    /// The step to show again: the first with a problem; the schedule step, with
    /// the times still free, when the slot was taken; the last step otherwise.
    async fn refused(cx: &Cx<'_>, refusal: Refusal<'_>, form: &mut FormState) {
        let doctor_id = cx.req.match_info().get("id").and_then(crate::pages::positive_id);
        let general = doctor_id.is_none();
        let step = match refusal {
            Refusal::Write(WriteError::Invalid(invalid)) => {
                invalid.errors.keys().map(|f| step_of(f, general)).min().unwrap_or(1)
            }
            Refusal::Write(WriteError::Conflict { .. }) => {
                form.values.remove("time");
                OTHER_FIELDS_STEP
            }
            Refusal::Write(WriteError::Data(_) | WriteError::Busy(_)) => STEPS,
            // A field refused before the action (a control character in it): its step.
            Refusal::Early(e) if !e.errors.is_empty() => e.errors.keys().map(|f| step_of(f, general)).min().unwrap_or(STEPS),
            // Over the limit, or sent too soon (`crate::form_guard`): the last step, to send again.
            Refusal::Early(e) if matches!(e.status, StatusCode::TOO_MANY_REQUESTS | StatusCode::UNPROCESSABLE_ENTITY) => STEPS,
            Refusal::Early(_) => return,
        };
        form.step = Some(step);
        form.slots = Some(slots_for(cx.state, &form.values, doctor_id).await);
    }
}

/// A step change without JavaScript (None: the form is being sent): the page
/// again at the step the button asks for, with what was typed and the times of
/// the chosen doctor and day.
async fn step(state: &AppState, input: &Booking, doctor_id: Option<i32>) -> Option<FormState> {
    let mut values = super::shown_again(input);
    let current = input.current_step();
    let to = match input.pressed() {
        Move::Submit => return None,
        Move::PickDate(date) => {
            values.insert("date".into(), json!(date));
            values.remove("time");
            OTHER_FIELDS_STEP
        }
        Move::Week(week) => {
            // Changing the week page selects its first day that can be booked.
            values.insert("weekOffset".into(), json!(week.to_string()));
            values.insert("date".into(), json!(first_day_of_week(state, week)));
            values.remove("time");
            OTHER_FIELDS_STEP
        }
        Move::Back => current.saturating_sub(1).max(1),
        Move::Slots => OTHER_FIELDS_STEP,
        Move::Next => (current + 1).min(STEPS),
    };
    if to == OTHER_FIELDS_STEP && values.get("date").and_then(Value::as_str).is_none_or(str::is_empty) {
        // The schedule step opens on the doctor's first day that can be booked (as the browser's wizard does).
        if let Some(date) = first_open_day(state, &values, doctor_id).await {
            values.insert("date".into(), json!(date));
        }
    }
    let slots = Some(slots_for(state, &values, doctor_id).await);
    Some(FormState { status: 200, step: Some(to), values, slots, ..FormState::default() })
}

/// The schedule step's doctor, day and time, each missing one with its message
/// (`pages::appointment::REVIEW_NEEDS`, which the browser's wizard asks too).
fn review_needs(request: &AppointmentRequest, general: bool) -> Result<(), Invalid> {
    let given = |v: &Option<String>| v.as_deref().is_some_and(|v| !v.trim().is_empty());
    let mut c = hygo_core::form::Check::default();
    for (field, message) in crate::pages::appointment::REVIEW_NEEDS {
        let chosen = match field {
            "doctor" => !general || given(&request.doctor),
            "date" => given(&request.date),
            _ => given(&request.time),
        };
        if !chosen {
            c.fail(field, Message::new(message));
        }
    }
    c.finish()
}

/// The chosen doctor's first day from today with a free time (YYYY-MM-DD), as the
/// date strip's letters say (`appointments::days`); None without a doctor or such a day.
async fn first_open_day(state: &AppState, values: &Map<String, Value>, doctor_id: Option<i32>) -> Option<String> {
    let name = values.get("doctor").and_then(Value::as_str).filter(|n| !n.trim().is_empty());
    let doctor = appointments::find_doctor(&state.db, doctor_id, name).await.ok()??;
    let days = appointments::days(&state.db, &state.clock, &[doctor.id]).await.ok()?.remove(&doctor.id)?;
    let ahead = days.find('o')?;
    Some((state.clock.today() + chrono::Duration::days(i64::try_from(ahead).ok()?)).to_string())
}

/// The free and held times for the chosen doctor and date, when both are chosen.
async fn slots_for(state: &AppState, values: &Map<String, Value>, doctor_id: Option<i32>) -> Option<crate::pages::ChosenDay> {
    let name = values.get("doctor").and_then(Value::as_str).filter(|n| !n.trim().is_empty());
    // The date strip starts on today.
    let date = match values.get("date").and_then(Value::as_str) {
        Some(text) => hygo_core::ist::parse_date(text),
        None => Some(state.clock.today()),
    };
    let (Some(date), true) = (date, doctor_id.is_some() || name.is_some()) else {
        return None;
    };
    match appointments::find_doctor(&state.db, doctor_id, name).await {
        Ok(Some(doctor)) => match appointments::day_slots(&state.db, &state.clock, doctor.id, date).await {
            Ok(day) => Some(crate::pages::ChosenDay { day, date: date.to_string() }),
            Err(e) => {
                tracing::error!(error = %e, "slots for the wizard failed");
                None
            }
        },
        Ok(None) => None,
        Err(e) => {
            tracing::error!(error = %e, "doctor for the wizard failed");
            None
        }
    }
}

/// Week pages start on Monday; page 0 holds today. Its first day that is not past.
fn first_day_of_week(state: &AppState, week: i64) -> String {
    use chrono::Datelike;
    let today = state.clock.today();
    let monday = today - chrono::Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let first = monday + chrono::Duration::days(7 * week);
    first.max(today).format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_is_on_its_wizard_s_step() {
        assert_eq!(step_of("name", true), 1);
        assert_eq!(step_of("insurance", true), 2);
        assert_eq!(step_of("insurance", false), 1);
        assert_eq!(step_of("time", false), 2);
        assert_eq!(step_of("confirm", true), 3);
    }
}

//! Calendar invitations for a confirmed visit (RFC 5545, sent as iTIP, RFC 5546):
//! one VEVENT the patient's calendar adds, moves (a later `SEQUENCE`) or removes
//! (`METHOD:CANCEL`), always the same event because its UID is made from the
//! appointment's reference. Times are written in UTC, so no time-zone block is
//! needed; the clinics are in IST (UTC+05:30, no daylight saving).
//!
//! An invitation says who, when and where, and nothing else: never the symptoms,
//! the reason for the visit or any note. Calendars are shared, synced and shown on
//! lock screens.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use icalendar::{
    Attendee, Calendar, Component, Event, EventLike, EventStatus, PartStat, Property, Role,
};

use crate::content;
use crate::slots::Minutes;

/// The icalendar crate this module writes with, for callers and tests that read an
/// invitation back (`text.parse::<icalendar::Calendar>()`) with the same version.
pub use icalendar;

/// A visit as its invitation shows it. Text is taken as given; control characters
/// are dropped, and the icalendar crate escapes commas and semicolons.
#[derive(Debug, Clone, PartialEq)]
pub struct Visit<'a> {
    /// The appointment's reference; the event's UID is `<reference>@hygo`.
    pub reference: &'a str,
    /// The doctor's name, with or without "Dr.".
    pub doctor: &'a str,
    /// The day, in IST.
    pub date: NaiveDate,
    /// The start, in minutes after midnight IST.
    pub start: Minutes,
    /// The length in minutes: bookings are slots of `crate::slots::SLOT_MINUTES`.
    pub minutes: Minutes,
    pub clinic_name: &'a str,
    pub clinic_address: &'a str,
    /// The clinic's address, the invitation's ORGANIZER (replies go there).
    pub organizer_email: &'a str,
    /// The patient's address, the invitation's ATTENDEE.
    pub attendee_email: &'a str,
    pub attendee_name: &'a str,
    /// The invitation's version (RFC 5545 `SEQUENCE`): 0 first, raised on each
    /// reschedule and on the cancellation, so calendars take the newest.
    pub sequence: i32,
    /// The patient's language, which the event's words are in.
    pub lang: content::Lang,
}

/// What an invitation asks of the patient's calendar (iTIP `METHOD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Add the event, or update it when the UID is already there.
    Request,
    /// Remove the event.
    Cancel,
}

impl Method {
    /// "REQUEST" or "CANCEL", as the `METHOD` property and the MIME type's
    /// `method=` parameter write it.
    pub fn as_str(&self) -> &'static str {
        match self {
            Method::Request => "REQUEST",
            Method::Cancel => "CANCEL",
        }
    }
}

/// The event's UID: the same for every version of one appointment.
pub(crate) fn uid(reference: &str) -> String {
    format!("{}@hygo", clean(reference).replace(' ', ""))
}

/// The `.ics` text (CRLF line endings, long lines folded) of a visit's invitation
/// or cancellation; `stamp` is when it is made (`DTSTAMP`).
pub fn invitation(visit: &Visit, method: Method, stamp: DateTime<Utc>) -> String {
    let (summary, description) = words(visit, "mail.inviteSummary", "mail.inviteDescription");
    let organizer = Property::new("ORGANIZER", mailto(visit.organizer_email))
        .add_parameter("CN", &parameter(visit.clinic_name))
        .done();
    let mut attendee = Attendee::new(mailto(visit.attendee_email))
        .role(Role::ReqParticipant)
        .partstat(PartStat::Accepted)
        .rsvp(false);
    let name = parameter(visit.attendee_name);
    if !name.is_empty() {
        attendee = attendee.cn(name);
    }
    let status = match method {
        Method::Request => EventStatus::Confirmed,
        Method::Cancel => EventStatus::Cancelled,
    };
    let event = event(visit, status, &summary, &description, stamp)
        .append_property(organizer)
        .attendee(attendee)
        .done();
    file(method.as_str(), event)
}

/// The `.ics` file of a time asked for and not confirmed yet, for the patient's
/// own calendar (the success screen's download): `STATUS:TENTATIVE`, published
/// (no organizer, nothing to answer), its summary saying it is only requested. It
/// has the invitation's UID, so the confirmation's invitation later updates the
/// same event instead of adding a second one.
pub fn requested(visit: &Visit, stamp: DateTime<Utc>) -> String {
    let (summary, description) = words(visit, "mail.requestSummary", "mail.requestDescription");
    file("PUBLISH", event(visit, EventStatus::Tentative, &summary, &description, stamp).done())
}

/// An event's summary (naming the doctor) and description (the reference and the
/// clinic's number), from two messages.
fn words(visit: &Visit, summary: &str, description: &str) -> (String, String) {
    let c = content::get(visit.lang);
    let doctor = titled(visit.doctor);
    (
        content::fill(c.message(summary), &[("doctor", &doctor)]),
        content::fill(c.message(description), &[("reference", &clean(visit.reference)), ("phone", c.site.phone.as_str())]),
    )
}

/// The event of a visit: its UID, times, version, status, texts and place.
fn event(visit: &Visit, status: EventStatus, summary: &str, description: &str, stamp: DateTime<Utc>) -> Event {
    let start = utc(visit.date, visit.start);
    let end = start + Duration::minutes(i64::from(visit.minutes));
    let location = [clean(visit.clinic_name), clean(visit.clinic_address)]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    Event::new()
        .uid(&uid(visit.reference))
        .timestamp(stamp)
        .starts(start)
        .ends(end)
        .sequence(u32::try_from(visit.sequence).unwrap_or(0))
        .status(status)
        .summary(summary)
        .description(description)
        .location(&location)
        .add_property("TRANSP", "OPAQUE")
        .done()
}

/// A calendar file of one event, with its iTIP method.
fn file(method: &str, event: Event) -> String {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("PRODID", "-//HYGO//Appointments//EN"))
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", method))
        .push(event);
    calendar.to_string()
}

/// A day and a time of day in IST, as the instant in UTC (IST is UTC+05:30 all year).
fn utc(date: NaiveDate, start: Minutes) -> DateTime<Utc> {
    let local = date.and_time(chrono::NaiveTime::MIN) + Duration::minutes(i64::from(start));
    (local - Duration::seconds(i64::from(crate::ist::offset().local_minus_utc()))).and_utc()
}

/// "Dr. Ananya Mehta" from "Ananya Mehta" or from "Dr. Ananya Mehta" (never "Dr. Dr."),
/// as the invitation and the e-mails name a doctor.
pub(crate) fn titled(name: &str) -> String {
    let name = clean(name);
    let lower = name.to_lowercase();
    // A name written in Hindi or Gujarati has its own title (डॉ., ડૉ.).
    if ["dr.", "dr ", "doctor ", "डॉ", "डा.", "ડૉ", "ડો."].iter().any(|p| lower.starts_with(p)) {
        name
    } else {
        format!("Dr. {name}")
    }
}

/// Text without control characters (a line break would end the content line)
/// and without the bidirectional controls that reorder what a calendar shows
/// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C: a name with a right-to-left
/// override read backwards in the patient's own invitation, issue 44).
fn clean(text: &str) -> String {
    let bidi = |c: char| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}');
    text.chars().filter(|c| !bidi(*c)).map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_owned()
}

/// A parameter value (`CN`): RFC 5545 has no escape for a double quote in one, so
/// it becomes an apostrophe; the crate quotes values with `,`, `;` or `:`.
fn parameter(text: &str) -> String {
    clean(text).replace('"', "'")
}

/// "mailto:" and the address, without spaces or control characters.
fn mailto(address: &str) -> String {
    let address: String = address.chars().filter(|c| !c.is_control() && !c.is_whitespace()).collect();
    format!("mailto:{address}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use icalendar::{CalendarComponent, DatePerhapsTime};

    fn visit<'a>(name: &'a str, sequence: i32) -> Visit<'a> {
        Visit {
            reference: "HY-7K3QX",
            doctor: "Ananya Mehta",
            date: NaiveDate::from_ymd_opt(2030, 11, 7).unwrap(),
            start: 10 * 60,
            minutes: crate::slots::SLOT_MINUTES,
            clinic_name: "HYGO Clinic, Kalawad Road",
            clinic_address: "Kalawad Road, Rajkot, Gujarat 360005, India",
            organizer_email: "care@hygo.in",
            attendee_email: "kavya@example.in",
            attendee_name: name,
            sequence,
            lang: content::Lang::DEFAULT,
        }
    }

    fn stamp() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2030-11-01T09:15:00Z").unwrap().with_timezone(&Utc)
    }

    fn parse(text: &str) -> (Calendar, Event) {
        let calendar: Calendar = text.parse().expect("the invitation parses");
        let events: Vec<&Event> = calendar.events().collect();
        assert_eq!(events.len(), 1, "one event: {text}");
        let event = events[0].clone();
        (calendar, event)
    }

    fn utc_of(at: Option<DatePerhapsTime>) -> DateTime<Utc> {
        match at {
            Some(DatePerhapsTime::DateTime(icalendar::CalendarDateTime::Utc(t))) => t,
            other => panic!("not a UTC time: {other:?}"),
        }
    }

    #[test]
    fn a_request_parses_back_in_utc() {
        let text = invitation(&visit("Kavya Shah", 0), Method::Request, stamp());
        assert!(text.contains("DTSTART:20301107T043000Z\r\n"), "{text}");
        assert!(text.contains("DTEND:20301107T044500Z\r\n"), "{text}");
        let (calendar, event) = parse(&text);
        assert_eq!(calendar.property_value("METHOD"), Some("REQUEST"));
        assert_eq!(calendar.property_value("VERSION"), Some("2.0"));
        assert_eq!(calendar.property_value("CALSCALE"), Some("GREGORIAN"));
        assert!(calendar.property_value("PRODID").is_some());
        assert_eq!(calendar.components.iter().filter(|c| matches!(c, CalendarComponent::Event(_))).count(), 1);
        assert_eq!(event.get_uid(), Some("HY-7K3QX@hygo"));
        assert_eq!(event.get_sequence(), Some(0));
        assert_eq!(event.get_status(), Some(EventStatus::Confirmed));
        assert_eq!(event.get_timestamp(), Some(stamp()));
        let start = utc_of(event.get_start());
        assert_eq!(start.format("%Y%m%dT%H%M%SZ").to_string(), "20301107T043000Z");
        assert_eq!(utc_of(event.get_end()) - start, Duration::minutes(15));
        assert_eq!(event.get_summary(), Some("Appointment with Dr. Ananya Mehta at HYGO"));
        assert_eq!(
            event.get_location(),
            Some("HYGO Clinic, Kalawad Road, Kalawad Road, Rajkot, Gujarat 360005, India")
        );
        assert_eq!(event.property_value("ORGANIZER"), Some("mailto:care@hygo.in"));
        let attendees = event.get_attendees();
        assert_eq!(attendees.len(), 1);
        assert_eq!(attendees[0].cal_address, "mailto:kavya@example.in");
        assert_eq!(attendees[0].cn.as_deref(), Some("Kavya Shah"));
        assert_eq!(attendees[0].rsvp, Some(false));
    }

    #[test]
    fn a_cancellation_names_the_same_event() {
        let request = invitation(&visit("Kavya Shah", 0), Method::Request, stamp());
        let cancel = invitation(&visit("Kavya Shah", 2), Method::Cancel, stamp());
        let (calendar, event) = parse(&cancel);
        assert_eq!(calendar.property_value("METHOD"), Some("CANCEL"));
        assert_eq!(event.get_status(), Some(EventStatus::Cancelled));
        assert_eq!(event.get_sequence(), Some(2));
        assert!(cancel.contains("STATUS:CANCELLED\r\n") && cancel.contains("SEQUENCE:2\r\n"), "{cancel}");
        assert_eq!(event.get_uid(), parse(&request).1.get_uid());
    }

    #[test]
    fn lines_end_in_crlf() {
        // Long enough to be folded.
        let text = invitation(&visit(&"Kavya Shah ".repeat(12), 1), Method::Request, stamp());
        assert!(text.ends_with("END:VCALENDAR\r\n"));
        assert!(text.contains("\r\n "), "a long line is folded: {text}");
        for (i, _) in text.match_indices('\n') {
            assert!(i > 0 && &text[i - 1..i] == "\r", "a bare LF at {i}: {text:?}");
        }
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "a line longer than 75 octets: {line:?}");
        }
    }

    #[test]
    fn special_characters_are_escaped_and_round_trip() {
        let mut v = visit("Shah, Kavya; \"KS\"\nx", 0);
        v.doctor = "Dr. Mehta; Ananya, MD";
        let text = invitation(&v, Method::Request, stamp());
        assert!(text.contains(r"SUMMARY:Appointment with Dr. Mehta\; Ananya\, MD at HYGO"), "{text}");
        assert!(!text.contains("Dr. Dr."), "{text}");
        let (_, event) = parse(&text);
        assert_eq!(event.get_summary(), Some("Appointment with Dr. Mehta; Ananya, MD at HYGO"));
        assert_eq!(event.get_attendees()[0].cn.as_deref(), Some("Shah, Kavya; 'KS' x"));
        assert_eq!(event.get_attendees()[0].cal_address, "mailto:kavya@example.in");
    }

    #[test]
    fn bidirectional_controls_are_left_out() {
        let v = visit("Kavya \u{202E}hahS\u{202C} \u{2067}x\u{2069}", 0);
        let text = invitation(&v, Method::Request, stamp());
        let (_, event) = parse(&text);
        assert_eq!(event.get_attendees()[0].cn.as_deref(), Some("Kavya hahS x"));
        assert!(!text.chars().any(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')), "{text}");
    }

    #[test]
    fn it_says_nothing_about_health() {
        let text = invitation(&visit("Kavya Shah", 0), Method::Request, stamp());
        let (_, event) = parse(&text);
        let description = event.get_description().unwrap_or_default();
        assert!(description.contains("HY-7K3QX"), "{description}");
        for word in ["symptom", "reason", "note", "fever"] {
            assert!(!text.to_lowercase().contains(word), "{word} in {text}");
        }
    }

    #[test]
    fn the_doctor_is_named_once() {
        assert_eq!(titled("Ananya Mehta"), "Dr. Ananya Mehta");
        assert_eq!(titled("Dr. Ananya Mehta"), "Dr. Ananya Mehta");
        assert_eq!(titled("dr Ananya Mehta"), "dr Ananya Mehta");
        assert_eq!(titled("Drashti Patel"), "Dr. Drashti Patel");
        assert_eq!(Method::Request.as_str(), "REQUEST");
        assert_eq!(Method::Cancel.as_str(), "CANCEL");
    }

    #[test]
    fn a_requested_time_is_tentative_and_published_not_an_invitation() {
        let text = requested(&visit("Kavya Shah", 0), stamp());
        let (calendar, event) = parse(&text);
        assert_eq!(calendar.property_value("METHOD"), Some("PUBLISH"));
        assert_eq!(event.get_status(), Some(EventStatus::Tentative));
        assert_eq!(event.get_uid(), Some("HY-7K3QX@hygo"), "the confirmation's invitation updates the same event");
        assert!(text.contains("DTSTART:20301107T043000Z\r\n"), "{text}");
        assert!(event.get_summary().is_some_and(|s| s.contains("not confirmed yet") && s.contains("Dr. Ananya Mehta")), "{text}");
        assert!(event.get_location().is_some_and(|l| l.contains("Kalawad Road, Rajkot")), "{text}");
        assert!(!text.contains("ORGANIZER") && !text.contains("ATTENDEE") && !text.contains("kavya"), "nothing to answer, no address: {text}");
    }
}

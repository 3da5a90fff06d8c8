//! The e-mails a request and the newsletter send, made from the catalogue's
//! texts (`messages/{lang}.json`) by `mail::message` and queued in the outbox: a
//! patient's in the language they wrote in (kept with the request), the
//! clinic's in English, as its console.

use crate::content::{self, Lang};
use crate::mail::{Mail, message};

/// The confirmation e-mail of a newsletter sign-up: its link, valid for `days`
/// days, and nothing about the person (they may not be the one who typed the address).
pub(crate) fn newsletter_confirm(lang: Lang, email: &str, link: &str, days: i64) -> Mail {
    let days = days.to_string();
    message(lang, email, "mail.confirmSubject", "mail.confirmBody", &[("link", link), ("days", &days)], None)
}

/// What a sign-up for an address already confirmed sends instead: that there is
/// nothing to do, and how to stop (the same link as the newsletter's).
pub(crate) fn newsletter_already(lang: Lang, email: &str, link: &str, one_click: String) -> Mail {
    message(lang, email, "mail.alreadySubject", "mail.alreadyBody", &[("link", link)], Some(one_click))
}

/// The clinic's mail about a new request waiting in the staff console. `kind` is
/// "appointment", "card" or "contact"; `summary` says what it is about (the
/// doctor and time, or the plan's name) and never holds symptoms, a reason or a
/// note. Nothing about the person is in it: the console has that.
pub(crate) fn clinic_new_request(
    to: &str,
    kind: &str,
    reference: &str,
    summary: &str,
    console_link: &str,
) -> Mail {
    let what = &content::message(match kind {
        "appointment" => "mail.clinicWhatAppointment",
        "card" => "mail.clinicWhatCard",
        "contact" => "mail.clinicWhatContact",
        _ => "mail.clinicWhatOther",
    });
    let summary = match summary.trim() {
        "" => "-",
        s => s,
    };
    let values = [
        ("what", what.as_str()),
        ("reference", reference),
        ("summary", summary),
        ("link", console_link),
    ];
    message(
        Lang::DEFAULT,
        to,
        "mail.clinicRequestSubject",
        "mail.clinicRequestBody",
        &values,
        None,
    )
}

/// The patient's acknowledgement of an appointment request: received, not yet
/// confirmed, when the clinic will call (`promise::Promise`), and 108 for emergencies.
pub(crate) fn appointment_received(lang: Lang, to: &str, reference: &str, doctor: &str, when: &str, clinic: &str, promise: &crate::promise::Promise, manage: &str) -> Mail {
    let doctor = crate::calendar::titled(doctor);
    let promise = promise.mail_text(lang.as_str());
    let manage = manage_text(lang, manage);
    let values = [("reference", reference), ("doctor", &doctor), ("when", when), ("clinic", clinic), ("promise", &promise), ("manage", &manage)];
    message(lang, to, "mail.appointmentReceivedSubject", "mail.appointmentReceivedBody", &values, None)
}

/// The visit is confirmed; `calendar` is its invitation (`Method::Request`).
pub fn appointment_confirmed(lang: Lang, to: &str, reference: &str, doctor: &str, when: &str, clinic: &str, calendar: String, manage: &str) -> Mail {
    let doctor = crate::calendar::titled(doctor);
    let manage = manage_text(lang, manage);
    let values = [("reference", reference), ("doctor", &doctor), ("when", when), ("clinic", clinic), ("manage", &manage)];
    let mail = message(lang, to, "mail.appointmentConfirmedSubject", "mail.appointmentConfirmedBody", &values, None);
    Mail { calendar: Some(calendar), ..mail }
}

/// The visit has a new time, `when`; `calendar` is the updated invitation
/// (`Method::Request`, the same UID, a higher sequence).
pub(crate) fn appointment_rescheduled(lang: Lang, to: &str, reference: &str, doctor: &str, when: &str, clinic: &str, moved: &str, calendar: String, manage: &str) -> Mail {
    let doctor = crate::calendar::titled(doctor);
    let moved = if moved.is_empty() { String::new() } else { format!("\n\n{moved}") };
    let manage = manage_text(lang, manage);
    let values = [("reference", reference), ("doctor", &doctor), ("when", when), ("clinic", clinic), ("moved", &moved), ("manage", &manage)];
    let mail = message(lang, to, "mail.appointmentRescheduledSubject", "mail.appointmentRescheduledBody", &values, None);
    Mail { calendar: Some(calendar), ..mail }
}

/// The paragraph with the patient's manage-my-visit link (`crate::visits`);
/// nothing without one.
fn manage_text(lang: Lang, link: &str) -> String {
    match link {
        "" => String::new(),
        link => format!(" {}", content::get(lang).message("mail.manage").replace("{link}", link)),
    }
}

/// The visit at `when` is cancelled; `calendar` removes it from the patient's
/// calendar (`Method::Cancel`); `rebook_link` books another time.
pub(crate) fn appointment_cancelled(lang: Lang, to: &str, reference: &str, doctor: &str, when: &str, reason: &str, rebook_link: &str, calendar: String) -> Mail {
    let doctor = crate::calendar::titled(doctor);
    let values = [("reference", reference), ("doctor", &doctor), ("when", when), ("reason", reason), ("link", rebook_link)];
    let mail = message(lang, to, "mail.appointmentCancelledSubject", "mail.appointmentCancelledBody", &values, None);
    Mail { calendar: Some(calendar), ..mail }
}

/// A request the clinic could not confirm: nothing is booked; `rebook_link`
/// (or a call) finds another time; `reason` says why, as the desk chose it.
/// No calendar: none was ever sent.
pub(crate) fn appointment_declined(lang: Lang, to: &str, reference: &str, doctor: &str, when: &str, reason: &str, rebook_link: &str) -> Mail {
    let doctor = crate::calendar::titled(doctor);
    let values = [("reference", reference), ("doctor", &doctor), ("when", when), ("reason", reason), ("link", rebook_link)];
    message(lang, to, "mail.appointmentDeclinedSubject", "mail.appointmentDeclinedBody", &values, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::promise::sample;

    /// The spec's promise: asked on a Monday morning for Thursday.
    fn later() -> crate::promise::Promise {
        sample("2030-11-04 09:00", "2030-11-07 10:00")
    }

    const INVITE: &str = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n";

    fn all() -> Vec<Mail> {
        all_in(Lang::DEFAULT)
    }

    fn all_in(lang: Lang) -> Vec<Mail> {
        vec![
            newsletter_confirm(lang, "kavya@example.in", "https://hygo.test/gu/newsletter/confirm?token=t0k3n", 7),
            newsletter_already(lang, "kavya@example.in", "https://hygo.test/unsubscribe?token=t0k3n", "https://hygo.test/newsletter/unsubscribe?token=t0k3n".into()),
            clinic_new_request("care@hygo.in", "appointment", "HY-7K3QX", "Dr. Ananya Mehta, Thu 7 Nov 2030, 10:00 AM", "https://hygo.test/staff/appointments/HY-7K3QX"),
            clinic_new_request("care@hygo.in", "card", "HC-2B9LM", "Family plan", "https://hygo.test/staff/cards/HC-2B9LM"),
            clinic_new_request("care@hygo.in", "contact", "CM-4D8PR", "", "https://hygo.test/staff/messages/CM-4D8PR"),
            appointment_received(lang, "kavya@example.in", "HY-7K3QX", "Ananya Mehta", "Thursday, 7 November 2030, 10:00 AM", "HYGO Clinic, Kalawad Road", &later(), ""),
            appointment_confirmed(lang, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Thursday, 7 November 2030, 10:00 AM", "HYGO Clinic, Kalawad Road", INVITE.to_owned(), ""),
            appointment_rescheduled(lang, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Friday, 8 November 2030, 11:15 AM", "HYGO Clinic, Kalawad Road", "", INVITE.to_owned(), ""),
            appointment_cancelled(lang, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Friday, 8 November 2030, 11:15 AM", "The doctor is away at that time.", "https://hygo.test/book", INVITE.to_owned()),
            appointment_declined(lang, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Thursday, 7 November 2030, 10:00 AM", "The doctor is away at that time.", "https://hygo.test/book"),
        ]
    }

    #[test]
    fn every_line_ends_in_crlf_and_every_text_is_filled() {
        for mail in content::LANGUAGES.iter().flat_map(|l| all_in(*l)) {
            let body = &mail.body;
            for (i, _) in body.match_indices('\n') {
                assert!(i > 0 && &body[i - 1..i] == "\r", "a bare LF in {:?}: {body:?}", mail.subject);
            }
            assert!(!mail.subject.is_empty() && !mail.subject.contains(['\r', '\n']), "{:?}", mail.subject);
            for text in [&mail.subject, body] {
                assert!(!text.contains('{') && !text.contains('}'), "a placeholder left in {text:?}");
            }
            assert!(body.contains("+91 281 245 6700"), "signed: {body}");
        }
    }

    #[test]
    fn a_patient_s_mails_are_in_their_language_and_link_to_its_pages_the_clinic_s_in_english() {
        let gu = content::Lang::parse("gu").unwrap();
        let c = content::get(gu);
        let mails = all_in(gu);
        let (confirm, received) = (&mails[0], &mails[5]);
        assert_eq!(confirm.subject, c.message("mail.confirmSubject"));
        assert!(confirm.body.contains("https://hygo.test/gu/newsletter/confirm?token=t0k3n"), "{}", confirm.body);
        assert!(received.subject.contains(&c.message("mail.appointmentReceivedSubject").replace("{reference}", "HY-7K3QX")), "{}", received.subject);
        assert!(received.body.contains(&c.message("mail.promiseLater").replace("{hours}", &crate::promise::PROMISE_HOURS.to_string())), "{}", received.body);
        assert!(received.body.contains(&content::calendar::moment(&c, chrono::NaiveDate::from_ymd_opt(2030, 11, 6).unwrap().and_hms_opt(9, 0, 0).unwrap())), "the lapse in Gujarati words: {}", received.body);
        assert_ne!(c.message("mail.confirmSubject"), content::default().message("mail.confirmSubject"), "Gujarati has its own words");
        assert_eq!(mails[2].subject, all()[2].subject, "the clinic's mail stays English");
    }

    #[test]
    fn the_clinic_mail_points_to_the_console() {
        let mail = clinic_new_request(
            "care@hygo.in",
            "appointment",
            "HY-7K3QX",
            "Dr. Ananya Mehta, Thu 7 Nov 2030, 10:00 AM",
            "https://hygo.test/staff/appointments/HY-7K3QX",
        );
        assert_eq!(mail.to, "care@hygo.in");
        assert!(mail.subject.contains("appointment request") && mail.subject.contains("HY-7K3QX"), "{}", mail.subject);
        assert!(mail.body.contains("HY-7K3QX"));
        assert!(mail.body.contains("Dr. Ananya Mehta, Thu 7 Nov 2030, 10:00 AM"));
        assert!(mail.body.contains("https://hygo.test/staff/appointments/HY-7K3QX\r\n"), "the link on a line of its own: {}", mail.body);
        assert!(mail.calendar.is_none() && mail.list_unsubscribe.is_none());
        let card = clinic_new_request("care@hygo.in", "card", "HC-2B9LM", "Family plan", "https://hygo.test/staff/cards/HC-2B9LM");
        assert!(card.subject.contains("health card request"), "{}", card.subject);
        let contact = clinic_new_request("care@hygo.in", "contact", "CM-4D8PR", " ", "https://hygo.test/staff/messages/CM-4D8PR");
        assert!(contact.body.contains("Summary: -\r\n"), "{}", contact.body);
    }

    #[test]
    fn the_acknowledgement_promises_nothing_it_cannot_keep() {
        let mail = appointment_received(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Ananya Mehta", "Thursday, 7 November 2030, 10:00 AM", "HYGO Clinic, Kalawad Road (Kalawad Road, Rajkot)", &later(), "");
        assert!(mail.subject.contains("HY-7K3QX"));
        for part in ["HY-7K3QX", "Dr. Ananya Mehta", "Thursday, 7 November 2030, 10:00 AM", "Where: HYGO Clinic, Kalawad Road (Kalawad Road, Rajkot)\r\n", "not confirmed yet", "within 24 hours", "108"] {
            assert!(mail.body.contains(part), "{part:?} in {}", mail.body);
        }
        assert!(!mail.body.contains("two hours"), "{}", mail.body);
        assert!(mail.calendar.is_none());
        assert!(mail.body.contains("If nobody has called you by then, please call us on +91 281 245 6700"), "what to do if nobody calls: {}", mail.body);
        assert!(mail.body.contains("lapses at 9:00 AM on Wednesday, 6 November 2030"), "when it lapses, before the visit: {}", mail.body);
        // A request at 20:30 for 10:00 the next morning cannot wait a day: a call before 9:00.
        let late = appointment_received(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Ananya Mehta", "Tuesday, 5 November 2030, 10:00 AM", "HYGO Clinic, Kalawad Road", &sample("2030-11-04 20:30", "2030-11-05 10:00"), "");
        assert!(late.body.contains("we will call you before 9:00 AM on Tuesday, 5 November 2030"), "{}", late.body);
        assert!(!late.body.contains("24 hours") && !late.body.contains("lapses"), "{}", late.body);
        // No time left: the patient calls.
        let early = appointment_received(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Ananya Mehta", "Tuesday, 5 November 2030, 8:30 AM", "HYGO Clinic, Kalawad Road", &sample("2030-11-05 07:00", "2030-11-05 08:30"), "");
        assert!(early.body.contains("please call the clinic on +91 281 245 6700 to confirm it; we answer from 8:00 AM on Tuesday, 5 November 2030"), "{}", early.body);
    }

    #[test]
    fn the_confirmation_carries_the_calendar() {
        let mail = appointment_confirmed(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Thursday, 7 November 2030, 10:00 AM", "HYGO Clinic, Kalawad Road", INVITE.to_owned(), "");
        assert_eq!(mail.calendar.as_deref(), Some(INVITE));
        assert!(mail.body.contains("Dr. Ananya Mehta") && !mail.body.contains("Dr. Dr."), "{}", mail.body);
        assert!(mail.body.contains("HYGO Clinic, Kalawad Road"));
        let moved = appointment_rescheduled(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Friday, 8 November 2030, 11:15 AM", "HYGO Clinic, Kalawad Road", "", INVITE.to_owned(), "");
        assert!(moved.calendar.is_some() && moved.body.contains("New time: Friday, 8 November 2030, 11:15 AM"), "{}", moved.body);
        assert!(moved.body.contains("Where: HYGO Clinic, Kalawad Road\r\n\r\nThe attached"), "no word of a move when the clinic stays: {}", moved.body);
        let elsewhere = appointment_rescheduled(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Friday, 8 November 2030, 11:15 AM", "HYGO Clinic, Kalawad Road", "Please note: it moved.", INVITE.to_owned(), "");
        assert!(elsewhere.body.contains("Where: HYGO Clinic, Kalawad Road\r\n\r\nPlease note: it moved.\r\n\r\nThe attached"), "{}", elsewhere.body);
        let cancelled = appointment_cancelled(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Friday, 8 November 2030, 11:15 AM", "The clinic is closed at that time.", "https://hygo.test/book", INVITE.to_owned());
        assert!(cancelled.calendar.is_some() && cancelled.body.contains("https://hygo.test/book\r\n"));
        assert!(cancelled.body.contains("Why: The clinic is closed at that time.\r\n"), "{}", cancelled.body);
        let declined = appointment_declined(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Thursday, 7 November 2030, 10:00 AM", "The doctor is away at that time.", "https://hygo.test/book");
        assert!(declined.calendar.is_none() && declined.body.contains("https://hygo.test/book\r\n"));
        assert!(declined.body.contains("Why: The doctor is away at that time.\r\n"), "{}", declined.body);
        assert!(declined.subject.contains("could not confirm"));
    }

    #[test]
    fn a_mail_about_a_visit_names_one_clinic_only() {
        // The visit's clinic is on its "Where:" line with its address; the signature names none.
        let moved = appointment_rescheduled(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX", "Dr. Ananya Mehta", "Friday, 8 November 2030, 11:15 AM", "HYGO Head Office Clinic (Race Course Road, Rajkot)", "", INVITE.to_owned(), "");
        assert!(moved.body.contains("Where: HYGO Head Office Clinic (Race Course Road, Rajkot)\r\n"), "{}", moved.body);
        assert!(!moved.body.contains("Kalawad"), "no other clinic's address: {}", moved.body);
        assert!(moved.body.ends_with("HYGO\r\n+91 281 245 6700\r\n"), "{}", moved.body);
    }

    #[test]
    fn a_value_cannot_break_the_subject_or_the_line_endings() {
        let mail = appointment_received(Lang::DEFAULT, "kavya@example.in", "HY-7K3QX\r\nBcc: x@example.in", "A\rB", "now\n", "here\r\n", &later(), "");
        assert!(!mail.subject.contains(['\r', '\n']), "{:?}", mail.subject);
        for (i, _) in mail.body.match_indices('\n') {
            assert_eq!(&mail.body[i - 1..i], "\r");
        }
        for (i, _) in mail.body.match_indices('\r') {
            assert_eq!(&mail.body[i + 1..i + 2], "\n");
        }
    }
}

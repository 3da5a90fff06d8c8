//! The messages a request sends to the patient's phone (WhatsApp or SMS, as
//! they agreed: `hygo_core::messaging::Updates`), as `letters` makes its
//! e-mails: each a template the clinic registers with Meta and on the DLT
//! platform (docs/messages.md lists them, from `TEMPLATES`), its text in the
//! catalogue (`messages/{lang}.json`, `update.*`) with named placeholders, sent
//! as the template's parameters in the order `Template::params` gives.
//!
//! No message holds symptoms, the reason for the visit, notes, or anything but
//! the request's reference, the doctor, the time and the place, and the clinic's
//! number: a phone's lock screen shows them to whoever holds it.

use chrono::NaiveDate;

use crate::content::{self, Lang};
use crate::entities::appointment;
use crate::messaging::{Channel, PhoneMessage, Updates};
use crate::promise::{Promise, Reply};
use crate::slots;

/// A message as registered with the providers: its name (the same in every
/// language; WhatsApp tells the languages apart by their code, DLT by a
/// template id each: docs/messages.md), its catalogue text and its
/// parameters, in the order they are sent (`{{1}}`, `{{2}}` … on WhatsApp, each
/// `{#var#}` in turn on DLT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    pub name: &'static str,
    pub key: &'static str,
    pub params: &'static [&'static str],
}

/// A request received; the clinic will call by `{byDay}`, `{byTime}`.
pub const RECEIVED: Template = Template {
    name: "hygo_request_received",
    key: "update.received",
    params: &["reference", "doctor", "day", "time", "byDay", "byTime", "phone", "link"],
};
/// A request received for a visit so soon that the patient must call.
pub(crate) const RECEIVED_CALL_US: Template = Template {
    name: "hygo_request_call_us",
    key: "update.receivedCallUs",
    params: &["reference", "doctor", "day", "time", "phone", "link"],
};
/// The desk confirmed the visit: on WhatsApp with the clinic's address and map
/// link; by SMS (`CONFIRMED_SMS`) with the clinic's name only, as DLT takes no
/// value longer than 30 characters and no address it has not approved.
pub(crate) const CONFIRMED: Template = Template {
    name: "hygo_visit_confirmed",
    key: "update.confirmed",
    params: &["reference", "doctor", "day", "time", "clinic", "address", "map", "phone", "link"],
};
/// The visit moved to another time (or clinic).
pub(crate) const CHANGED: Template = Template {
    name: "hygo_visit_changed",
    key: "update.changed",
    params: &["reference", "doctor", "day", "time", "clinic", "address", "map", "phone", "link"],
};
/// `CONFIRMED` by SMS: the clinic by its street ("HYGO Kalawad Road").
pub(crate) const CONFIRMED_SMS: Template = Template {
    name: "hygo_visit_confirmed_sms",
    key: "update.confirmedSms",
    params: &["reference", "doctor", "day", "time", "clinic", "phone", "link"],
};
/// `CHANGED` by SMS.
pub(crate) const CHANGED_SMS: Template = Template {
    name: "hygo_visit_changed_sms",
    key: "update.changedSms",
    params: &["reference", "doctor", "day", "time", "clinic", "phone", "link"],
};
/// `CANCELLED` by SMS: the desk's reasons are sentences, longer than DLT takes,
/// so the patient is asked to call to hear it.
pub(crate) const CANCELLED_SMS: Template = Template {
    name: "hygo_visit_cancelled_sms",
    key: "update.cancelledSms",
    params: &["reference", "doctor", "day", "time", "phone"],
};
/// `DECLINED` by SMS, as `CANCELLED_SMS`.
pub(crate) const DECLINED_SMS: Template = Template {
    name: "hygo_request_declined_sms",
    key: "update.declinedSms",
    params: &["reference", "doctor", "day", "time", "phone"],
};
/// The visit is cancelled, with the reason the desk chose (from the list, never
/// a free text).
pub(crate) const CANCELLED: Template = Template {
    name: "hygo_visit_cancelled",
    key: "update.cancelled",
    params: &["reference", "doctor", "day", "time", "reason", "phone"],
};
/// The request could not be confirmed (declined by the desk, or lapsed).
pub(crate) const DECLINED: Template = Template {
    name: "hygo_request_declined",
    key: "update.declined",
    params: &["reference", "doctor", "day", "time", "reason", "phone"],
};

/// The reminder the evening before (`crate::reminders`), with the clinic's
/// address and map, and the link to cancel or move the visit.
pub const REMINDER: Template = Template {
    name: "hygo_visit_reminder",
    key: "update.reminder",
    params: &["reference", "doctor", "day", "time", "clinic", "address", "map", "phone", "link"],
};
/// `REMINDER` by SMS: the clinic by its street.
pub(crate) const REMINDER_SMS: Template = Template {
    name: "hygo_visit_reminder_sms",
    key: "update.reminderSms",
    params: &["reference", "doctor", "day", "time", "clinic", "phone", "link"],
};
/// The doctor cannot see the patient then (leave, a closure): the link to
/// choose another time (`crate::visits`). The same by SMS.
pub(crate) const DOCTOR_AWAY: Template = Template {
    name: "hygo_doctor_away",
    key: "update.doctorAway",
    params: &["reference", "doctor", "day", "time", "phone", "link"],
};

/// DLT's variables, as its templates are registered.
pub(crate) const DLT_VAR: &str = "{#var#}";
pub(crate) const DLT_URL: &str = "{#url#}";

/// The templates that wait out the quiet hours (`crate::reminders`).
pub const QUIET: [Template; 2] = [REMINDER, REMINDER_SMS];

/// Every template registered with Meta for WhatsApp (docs/messages.md).
pub const WHATSAPP_TEMPLATES: [Template; 8] = [RECEIVED, RECEIVED_CALL_US, CONFIRMED, CHANGED, CANCELLED, DECLINED, REMINDER, DOCTOR_AWAY];
/// Every template registered on the DLT platform for SMS, each in every
/// language with an id of its own (`HYGO_SMS_TEMPLATES_FILE`).
pub const SMS_TEMPLATES: [Template; 8] = [RECEIVED, RECEIVED_CALL_US, CONFIRMED_SMS, CHANGED_SMS, CANCELLED_SMS, DECLINED_SMS, REMINDER_SMS, DOCTOR_AWAY];

/// The templates of a channel.
pub fn templates(channel: Channel) -> &'static [Template] {
    match channel {
        Channel::Sms => &SMS_TEMPLATES,
        _ => &WHATSAPP_TEMPLATES,
    }
}


impl Template {
    /// The text in `lang` with its parameters filled.
    pub fn text(&self, lang: Lang, values: &[String]) -> String {
        let named: Vec<(&str, &str)> = self.params.iter().copied().zip(values.iter().map(String::as_str)).collect();
        content::fill(content::get(lang).message(self.key), &named)
    }

    /// The text as WhatsApp registers it: `{{1}}`, `{{2}}` … for the parameters.
    pub fn whatsapp_body(&self, lang: Lang) -> String {
        let numbered: Vec<String> = (1..=self.params.len()).map(|n| format!("{{{{{n}}}}}")).collect();
        self.text(lang, &numbered)
    }

    /// The text as DLT registers it: `{#var#}` for each parameter (at most 30
    /// characters each), `{#url#}` for the link (DLT's URL variable, whose
    /// address the clinic whitelists with the template: docs/messages.md).
    pub fn dlt_body(&self, lang: Lang) -> String {
        let vars: Vec<String> = self.params.iter().map(|p| if *p == "link" { DLT_URL } else { DLT_VAR }.to_owned()).collect();
        self.text(lang, &vars)
    }
}

/// The request's day and time, apart ("Thursday, 7 November 2030", "10:00 AM"):
/// each a parameter short enough for DLT's 30 characters.
fn day_and_time(row: &appointment::Model, lang: Lang) -> (String, String) {
    let c = content::get(lang);
    let day = NaiveDate::parse_from_str(&row.date, "%Y-%m-%d").map(|d| content::calendar::long_date(&c, d)).unwrap_or_else(|_| row.date.clone());
    let time = slots::parse_time(&row.start_time).map(|t| content::calendar::time_of_day(&c, t / 60, t % 60)).unwrap_or_else(|| row.start_time.clone());
    (day, time)
}

/// What the patient of `row` is sent on their phone with `template`, the
/// values named by its parameters (the reference, the doctor, as the patient's
/// language names them, the day and time are the request's): None when they did not agree to messages, or the
/// channel is not set up (`on`).
fn message(row: &appointment::Model, on: &[Channel], doctor: &str, template: Template, values: &[(&str, String)]) -> Option<PhoneMessage> {
    let channel = channel(row, on)?;
    // SMS has versions of its own where WhatsApp's values are too long for DLT.
    let template = match channel {
        Channel::Sms => [(CONFIRMED, CONFIRMED_SMS), (CHANGED, CHANGED_SMS), (CANCELLED, CANCELLED_SMS), (DECLINED, DECLINED_SMS), (REMINDER, REMINDER_SMS)]
            .into_iter()
            .find_map(|(w, s)| (w == template).then_some(s))
            .unwrap_or(template),
        _ => template,
    };
    // SMS names the clinic by its street, WhatsApp by its name.
    let street = values.iter().find(|(n, _)| *n == "street").map(|(_, v)| v.clone());
    if row.phone.is_empty() {
        return None;
    }
    let lang = lang_of(row);
    let (day, time) = day_and_time(row, lang);
    let doctor = crate::calendar::titled(doctor);
    let params: Vec<String> = template
        .params
        .iter()
        .map(|name| match *name {
            "reference" => row.reference.clone(),
            "doctor" => doctor.clone(),
            "day" => day.clone(),
            "time" => time.clone(),
            "clinic" if channel == Channel::Sms => street.clone().unwrap_or_default(),
            other => values.iter().find(|(n, _)| *n == other).map(|(_, v)| v.clone()).unwrap_or_default(),
        })
        .collect();
    Some(PhoneMessage {
        channel,
        to: row.phone.clone(),
        template: template.name,
        lang: lang.as_str(),
        body: template.text(lang, &params),
        params,
        appointment_id: Some(row.id),
    })
}

/// The language a request was written in (English for one of an unknown tag).
fn lang_of(row: &appointment::Model) -> Lang {
    Lang::parse(&row.lang).unwrap_or_default()
}

/// The channel the patient of `row` agreed to, when it is set up.
fn channel(row: &appointment::Model, on: &[Channel]) -> Option<Channel> {
    Updates::parse(&row.updates).and_then(Updates::channel).filter(|c| on.contains(c))
}

/// The acknowledgement of a new request: received, not confirmed, when the
/// clinic will call (`Promise`), or that the patient must call.
pub(crate) fn received(row: &appointment::Model, on: &[Channel], doctor: &str, promise: &Promise, link: &str) -> Option<PhoneMessage> {
    let lang = lang_of(row);
    let c = content::get(lang);
    let phone = ("phone", promise.phone.clone());
    let link = ("link", link.to_owned());
    if promise.reply == Reply::CallUs {
        return message(row, on, doctor, RECEIVED_CALL_US, &[phone, link]);
    }
    let Ok(by) = chrono::NaiveDateTime::parse_from_str(&promise.by, "%Y-%m-%dT%H:%M") else {
        return message(row, on, doctor, RECEIVED_CALL_US, &[phone, link]);
    };
    let by_day = content::calendar::long_date(&c, by.date());
    let by_time = content::calendar::time_of_day(&c, chrono::Timelike::hour(&by), chrono::Timelike::minute(&by));
    message(row, on, doctor, RECEIVED, &[("byDay", by_day), ("byTime", by_time), phone, link])
}

/// A visit confirmed, moved or reminded of: where it is, with the clinic's map
/// link, and the patient's link to it (`crate::visits`).
pub(crate) fn visit(row: &appointment::Model, on: &[Channel], doctor: &str, template: Template, clinic: &content::Clinic, link: &str) -> Option<PhoneMessage> {
    let c = content::get(lang_of(row));
    let clinic = c.find_clinic(&clinic.id).unwrap_or(clinic);
    let values = [
        ("clinic", clinic.name.clone()),
        ("street", clinic.street.clone()),
        ("address", clinic.address.clone()),
        ("map", clinic.map_url.clone()),
        ("phone", clinic.phone.clone()),
        ("link", link.to_owned()),
    ];
    message(row, on, doctor, template, &values)
}

/// The doctor cannot see the patient at the visit's time (leave, a closure):
/// the link to choose another, and the clinic's number.
pub(crate) fn doctor_away(row: &appointment::Model, on: &[Channel], doctor: &str, phone: &str, link: &str) -> Option<PhoneMessage> {
    message(row, on, doctor, DOCTOR_AWAY, &[("phone", phone.to_owned()), ("link", link.to_owned())])
}

/// A visit cancelled or a request declined, with the reason's words.
pub(crate) fn ended(row: &appointment::Model, on: &[Channel], doctor: &str, template: Template, reason: &str, phone: &str) -> Option<PhoneMessage> {
    message(row, on, doctor, template, &[("reason", reason.to_owned()), ("phone", phone.to_owned())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_names_each_of_its_parameters_once_in_every_language() {
        for template in WHATSAPP_TEMPLATES.into_iter().chain(SMS_TEMPLATES) {
            for &lang in content::LANGUAGES {
                let c = content::get(lang);
                let text = c.message(template.key);
                for name in template.params {
                    assert_eq!(text.matches(&format!("{{{name}}}")).count(), 1, "{} in {lang:?}: {{{name}}} once", template.key);
                }
                let body = template.whatsapp_body(lang);
                assert!(!body.contains('{') || body.matches("{{").count() == template.params.len(), "{body}");
                assert!(!template.dlt_body(lang).replace(DLT_VAR, "").replace(DLT_URL, "").contains(['{', '}']), "{}: a placeholder left", template.key);
                assert!(text.contains("108"), "{}: the emergency number", template.key);
            }
        }
    }

    /// The longest value DLT takes for a variable, in characters.
    const DLT_VALUE_CHARS: usize = 30;

    /// DLT's 30 characters: every doctor's name as each language writes it, the
    /// longest day and every time, the clinics' names and numbers.
    #[test]
    fn every_sms_value_fits_dlt() {
        let doctors: Vec<serde_json::Value> = serde_json::from_str(hygo_core::seed::SEED_DOCTORS).expect("the seed reads");
        for &lang in content::LANGUAGES {
            let c = content::get(lang);
            let mut values: Vec<String> = doctors
                .iter()
                .map(|d| crate::calendar::titled(&content::get(lang).doctor_words.get(&(d["id"].as_i64().unwrap() as i32)).map(|w| w.name.clone()).filter(|n| !n.trim().is_empty()).unwrap_or_else(|| d["name"].as_str().unwrap().to_owned())))
                .collect();
            // A Wednesday in September: the longest weekday and month in English.
            for day in 1..=31 {
                for month in 1..=12 {
                    if let Some(d) = NaiveDate::from_ymd_opt(2030, month, day) {
                        values.push(content::calendar::long_date(&c, d));
                    }
                }
            }
            values.extend((0..24).map(|h| content::calendar::time_of_day(&c, h, 45)));
            values.extend(c.clinics.iter().flat_map(|k| [k.street.clone(), k.phone.clone()]));
            values.push("HY-7K3M-Q9TD".into());
            let long: Vec<&String> = values.iter().filter(|v| v.chars().count() > DLT_VALUE_CHARS).collect();
            assert!(long.is_empty(), "{lang:?}: longer than DLT takes: {long:?}");
        }
    }
}

//! `/v/{code}`: the patient's manage-my-visit page (`hygo_booking::visits`),
//! which every phone message and e-mail about a request links to. It shows
//! the visit, and three things to do, each a plain form or link, so that all
//! of it works without JavaScript on a cheap phone: add it to a calendar,
//! choose another free time (`?ask=move`), cancel it (`?ask=cancel`, which asks
//! once more); and stop the messages. What was done comes back as `?done=`,
//! a refusal as `?error=` (a message's key, of the few the actions answer).
//!
//! In the language of its address, which the messages give as the request's. Never kept, never
//! indexed, never stored by the browser, never named to another site: the
//! address is the key to the visit (`request::keep_private`), and each load
//! counts against the visitor's limit (`Page::limited`).

use serde::Serialize;
use ts_rs::TS;

use hygo_booking::visits::{self, FreeDay, Visit};
use hygo_content::VisitTexts;
use hygo_core::DataError;

/// The query parameters the page reads.
pub const QUERY: &[&str] = &["ask", "done", "error"];

/// What `?done=` may say, and `?error=` may name: anything else is ignored.
const DONE: [&str; 3] = ["cancelled", "moved", "stopped"];
pub const ERRORS: [&str; 5] = ["appointment.taken", "inbox.sameSlot", "inbox.changedMeanwhile", "visit.callUs", "visit.notThisTime"];

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "VisitData")]
pub struct Data {
    /// The visit; null: the link no longer works.
    pub visit: Option<Visit>,
    /// The page's code, for its forms' address.
    pub code: String,
    /// `move` or `cancel`: the part asked for.
    pub ask: Option<String>,
    /// With `ask=move`: the doctor's next free times.
    pub free: Vec<FreeDay>,
    /// What was just done (`cancelled`, `moved`, `stopped`).
    pub done: Option<String>,
    /// Why what was asked could not be done, in words.
    pub error: Option<String>,
    /// The visit's calendar file.
    pub calendar: Option<String>,
    /// The address of the request form, in the page's language.
    pub book: String,
    pub texts: VisitTexts,
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let code = cx.param("code").unwrap_or_default().to_owned();
    let clock = &cx.state.clock;
    let visit = visits::find(cx.db(), clock, &code).await?;
    // A cancel just done: the visit is gone, and the page says so.
    let done = cx.query("done").filter(|d| DONE.contains(&d.as_str()));
    let ask = cx.query("ask").filter(|a| a == "move" || a == "cancel").filter(|_| visit.is_some());
    let free = match ask.as_deref() {
        Some("move") => visits::free_times(cx.db(), clock, &code).await?,
        _ => Vec::new(),
    };
    // The link is in the request's language (`/gu/v/…`): the page speaks the address's.
    let content = &cx.content;
    let error = cx.query("error").and_then(|e| ERRORS.iter().find(|k| **k == e)).map(|k| content.message(k).to_owned());
    let data = Data {
        calendar: visit.as_ref().map(|_| super::url::visit_calendar(&code)),
        book: super::url::in_language(content.lang, super::url::APPOINTMENT.canonical()),
        texts: content.forms.visit.clone(),
        visit,
        code,
        ask,
        free,
        done,
        error,
    };
    let meta = cx.meta();
    let found = data.visit.is_some() || data.done.is_some();
    let head = super::Head::meta(if found { &meta.visit } else { &meta.visit_not_found }).canonical("/");
    let data = super::PageData::Visit(data);
    Ok(if found { super::Loaded::ok(data, head) } else { super::Loaded::not_found(data, head) })
}

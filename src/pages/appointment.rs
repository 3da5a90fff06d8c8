//! `/appointment` (wizard A: any department and doctor) and `/appointment/{id}`
//! (wizard B: one doctor, rendered from the database so a reload keeps working).
//! "Today" is IST, so the date strip never offers a day that has passed in Rajkot.

use serde::Serialize;
use ts_rs::TS;

use hygo_booking::appointments::MAX_DAYS_AHEAD;
use hygo_content::AppointmentTexts;
use hygo_core::DataError;
use hygo_directory::{Doctor, doctors};
use hygo_schedule::leave::Leave;

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "AppointmentData")]
pub struct Data {
    pub variant: Variant,
    pub texts: AppointmentTexts,
    pub forms: super::subscription::FormsCommon,
    /// YYYY-MM-DD in IST.
    pub today: String,
    #[ts(type = "number")]
    pub max_days_ahead: i64,
    /// Wizard A: what the doctor list, the date strip and the empty-state texts
    /// need, not whole profiles.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doctors: Option<Vec<Listed>>,
    /// Wizard B: the doctor (null: not found).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doctor: Option<Option<Doctor>>,
    /// Clinic closures within reach, for their notes beside the date strip.
    pub closures: Vec<hygo_schedule::schedule::PublicClosure>,
    /// What each doctor's days offer, from today on, as the slot engine decides
    /// (`hygo_booking::appointments::days`): the date strip shows it, and asks
    /// the slots of a day only when it is chosen.
    pub days: Vec<DoctorDays>,
    /// What the review step needs chosen first, with each message, as the server
    /// refuses it without JavaScript (`REVIEW_NEEDS`).
    #[ts(type = "Record<string, string>")]
    pub review_needs: std::collections::BTreeMap<String, String>,
}

/// What the review step needs chosen first (the schedule step's doctor, day and
/// time), each with the message for its absence: the form post's step refuses
/// without them (`actions::appointment`), and the browser's wizard asks the same.
pub const REVIEW_NEEDS: [(&str, &str); 3] =
    [("doctor", "appointment.doctorRequired"), ("date", "appointment.dateRequired"), ("time", "appointment.timeRequired")];

/// A doctor's days from today on, one letter a day (`DayAvailability::letter`:
/// `o` open, `f` full, `p` past, `c` closed, `l` on leave, `x` clinic closed).
#[derive(Serialize, TS)]
pub struct DoctorDays {
    pub doctor: i32,
    pub days: String,
}

async fn days(cx: &super::Cx<'_>, ids: &[i32]) -> Result<Vec<DoctorDays>, DataError> {
    let mut found = hygo_booking::appointments::days(cx.db(), cx.clock(), ids).await?;
    Ok(ids
        .iter()
        .filter_map(|id| {
            found
                .remove(id)
                .map(|days| DoctorDays { doctor: *id, days })
        })
        .collect())
}

#[derive(Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "AppointmentVariant")]
pub enum Variant {
    General,
    Doctor,
}

/// A doctor in wizard A's list.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ListedDoctor")]
pub struct Listed {
    pub id: i32,
    pub name: String,
    pub specialization: String,
    pub on_leave: bool,
    pub leave: Vec<Leave>,
    /// The clinic's id.
    pub clinic: String,
    /// The clinics where the doctor has weekly hours.
    pub clinics: Vec<String>,
    /// The department's slug: a chosen department lists its own doctors first.
    pub department: String,
}

fn data(cx: &super::Cx<'_>, variant: Variant) -> Data {
    Data {
        variant,
        texts: cx.content.forms.appointment.clone(),
        forms: super::subscription::forms_common(&cx.content),
        today: cx.clock().today().format("%Y-%m-%d").to_string(),
        max_days_ahead: MAX_DAYS_AHEAD,
        doctors: None,
        doctor: None,
        closures: Vec::new(),
        days: Vec::new(),
        review_needs: REVIEW_NEEDS.iter().map(|(f, m)| ((*f).to_owned(), cx.content.message(m).to_owned())).collect(),
    }
}

async fn closures(cx: &super::Cx<'_>) -> Result<Vec<hygo_schedule::schedule::PublicClosure>, DataError> {
    let today = cx.clock().today();
    hygo_schedule::schedule::public_closures(cx.db(), today, today + chrono::Duration::days(MAX_DAYS_AHEAD)).await
}

pub async fn load_general(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let texts = &cx.content.forms.appointment;
    let head = super::Head::new(&texts.title, &texts.description);
    let listed: Vec<Listed> = doctors::all(cx.db(), cx.clock())
        .await?
        .into_iter()
        .map(|d| d.in_language(&cx.content))
        .map(|d| Listed {
            id: d.id,
            name: d.name,
            specialization: d.specialization,
            on_leave: d.on_leave,
            leave: d.leave,
            department: d.department,
            clinic: d.clinic,
            clinics: d.clinics,
        })
        .collect();
    let ids: Vec<i32> = listed.iter().map(|d| d.id).collect();
    let data = Data {
        doctors: Some(listed),
        closures: closures(cx).await?,
        days: days(cx, &ids).await?,
        ..data(cx, Variant::General)
    };
    Ok(super::Loaded::ok(super::PageData::Appointment(data), head))
}

pub async fn load_with_doctor(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let id = cx.param("id").and_then(super::positive_id);
    let doctor = match id {
        Some(id) => doctors::by_id(cx.db(), cx.clock(), id).await?.map(|d| d.in_language(&cx.content)),
        None => None,
    };
    let canonical = match id {
        Some(id) => super::url::doctor_appointment(id),
        None => "/doctors".to_owned(),
    };
    let texts = &cx.content.forms.appointment;
    let head = match &doctor {
        Some(d) => {
            let fields = [("doctor", d.name.as_str()), ("specialization", d.specialization.as_str())];
            super::Head::new(
                hygo_content::fill(&texts.doctor_title, &fields),
                hygo_content::fill(&texts.doctor_description, &fields),
            )
        }
        None => super::Head::new(
            format!("{}{}", texts.doctor_not_found, cx.meta().title_suffix),
            &texts.doctor_not_found_text,
        ),
    }
    .canonical(canonical);
    let status = if doctor.is_some() { 200 } else { 404 };
    let ids: Vec<i32> = doctor.iter().map(|d| d.id).collect();
    let data = Data {
        doctor: Some(doctor),
        closures: closures(cx).await?,
        days: days(cx, &ids).await?,
        ..data(cx, Variant::Doctor)
    };
    Ok(super::Loaded {
        status,
        data: super::PageData::Appointment(data),
        head,
    })
}

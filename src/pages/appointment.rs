//! `/appointment` (wizard A: any department and doctor) and `/appointment/{id}`
//! (wizard B: one doctor, rendered from the database so a reload keeps working).
//! "Today" is IST, so the date strip never offers a day that has passed in Rajkot.

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use hygo_booking::appointments::MAX_DAYS_AHEAD;
use hygo_directory::doctors::OfficeHours;
use hygo_schedule::leave::Leave;
use hygo_content::catalogue;
use hygo_directory::{doctors, Doctor};
use hygo_core::DataError;

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "AppointmentData")]
pub struct Data {
    pub variant: Variant,
    #[ts(type = "AppointmentTexts")]
    pub texts: &'static Value,
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
    /// Clinic closures within reach: a whole day closed at the doctor's clinic
    /// cannot be chosen, and the step says why.
    pub closures: Vec<hygo_schedule::schedule::PublicClosure>,
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
    pub office_hours: Vec<OfficeHours>,
    pub on_leave: bool,
    pub leave: Vec<Leave>,
    /// The clinic's id.
    pub clinic: String,
    /// The clinics where the doctor has weekly hours.
    pub clinics: Vec<String>,
}

fn texts() -> &'static Value {
    &catalogue::forms()["appointment"]
}

fn data(cx: &super::Cx<'_>, variant: Variant) -> Data {
    Data {
        variant,
        texts: texts(),
        forms: super::subscription::forms_common(),
        today: cx.clock().today().format("%Y-%m-%d").to_string(),
        max_days_ahead: MAX_DAYS_AHEAD,
        doctors: None,
        doctor: None,
        closures: Vec::new(),
    }
}

async fn closures(cx: &super::Cx<'_>) -> Result<Vec<hygo_schedule::schedule::PublicClosure>, DataError> {
    let today = cx.clock().today();
    hygo_schedule::schedule::public_closures(cx.db(), today, today + chrono::Duration::days(MAX_DAYS_AHEAD)).await
}

pub async fn load_general(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let head = super::Head::new(catalogue::text(texts(), "title"), catalogue::text(texts(), "description"));
    let listed = doctors::all(cx.db(), cx.clock())
        .await?
        .into_iter()
        .map(|d| Listed {
            id: d.id,
            name: d.name,
            specialization: d.specialization,
            office_hours: d.office_hours,
            on_leave: d.on_leave,
            leave: d.leave,
            clinic: d.clinic,
            clinics: d.clinics,
        })
        .collect();
    let data = Data { doctors: Some(listed), closures: closures(cx).await?, ..data(cx, Variant::General) };
    Ok(super::Loaded::ok(super::PageData::Appointment(data), head))
}

pub async fn load_with_doctor(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let id = cx.param("id").and_then(super::positive_id);
    let doctor = match id {
        Some(id) => doctors::by_id(cx.db(), cx.clock(), id).await?,
        None => None,
    };
    let canonical = match id {
        Some(id) => super::url::doctor_appointment(id),
        None => "/doctors".to_owned(),
    };
    let head = match &doctor {
        Some(d) => {
            let fields = [("doctor", d.name.as_str()), ("specialization", d.specialization.as_str())];
            super::Head::new(
                catalogue::fill(catalogue::text(texts(), "doctorTitle"), &fields),
                catalogue::fill(catalogue::text(texts(), "doctorDescription"), &fields),
            )
        }
        None => super::Head::new(
            format!("{}{}", catalogue::text(texts(), "doctorNotFound"), cx.meta("titleSuffix")),
            catalogue::text(texts(), "doctorNotFoundText"),
        ),
    }
    .canonical(canonical);
    let status = if doctor.is_some() { 200 } else { 404 };
    let data = Data { doctor: Some(doctor), closures: closures(cx).await?, ..data(cx, Variant::Doctor) };
    Ok(super::Loaded { status, data: super::PageData::Appointment(data), head })
}

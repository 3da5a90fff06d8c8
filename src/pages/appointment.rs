//! `/appointment` (wizard A: any department and doctor) and `/appointment/{id}`
//! (wizard B: one doctor, rendered from the database so a reload keeps working).
//! "Today" is IST, so the date strip never offers a day that has passed in Rajkot.

use serde_json::{json, Value};

use hygo_data::appointments::MAX_DAYS_AHEAD;
use hygo_data::ist::Clock;
use hygo_data::{catalogue, doctors, DataError, Db};

fn base(clock: &Clock) -> Value {
    let forms = catalogue::forms();
    json!({
        "texts": forms["appointment"],
        "forms": super::subscription::forms_common(forms),
        "today": clock.today().format("%Y-%m-%d").to_string(),
        "maxDaysAhead": MAX_DAYS_AHEAD,
    })
}

pub async fn load_general(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let texts = &catalogue::forms()["appointment"];
    let head = super::Head::new(catalogue::text(texts, "title"), catalogue::text(texts, "description"));
    Ok(super::Loaded::ok(general(cx.db(), cx.clock()).await?, head))
}

pub async fn load_with_doctor(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let id = cx.param("id").and_then(super::positive_id);
    let (status, data) = with_doctor(cx.db(), cx.clock(), id).await?;
    let texts = &catalogue::forms()["appointment"];
    let suffix = cx.meta("titleSuffix");
    let head = match data["doctor"].as_object() {
        Some(d) => {
            let name = d.get("name").and_then(Value::as_str).unwrap_or_default();
            let specialization = d.get("specialization").and_then(Value::as_str).unwrap_or_default();
            let fields = [("doctor", name), ("specialization", specialization)];
            super::Head::new(
                catalogue::fill(catalogue::text(texts, "doctorTitle"), &fields),
                catalogue::fill(catalogue::text(texts, "doctorDescription"), &fields),
            )
        }
        None => super::Head::new(format!("{}{suffix}", catalogue::text(texts, "doctorNotFound")), catalogue::text(texts, "doctorNotFoundText")),
    };
    Ok(super::Loaded { status, data, head: head.canonical_if_unset(match id {
        Some(id) => format!("/appointment/{id}"),
        None => "/doctors".to_owned(),
    }) })
}

async fn general(db: &Db, clock: &Clock) -> Result<Value, DataError> {
    let mut data = base(clock);
    data["variant"] = json!("general");
    // What the doctor list, the date strip and the empty-state texts need, not whole profiles.
    let list: Vec<Value> = doctors::all(db, clock)
        .await?
        .into_iter()
        .map(|d| {
            json!({
                "id": d.id, "name": d.name, "specialization": d.specialization, "officeHours": d.office_hours,
                "onLeave": d.on_leave, "leave": d.leave,
            })
        })
        .collect();
    data["doctors"] = json!(list);
    Ok(data)
}

/// 404 with the "Doctor not found" view when there is no such doctor.
async fn with_doctor(db: &Db, clock: &Clock, id: Option<i32>) -> Result<(u16, Value), DataError> {
    let doctor = match id {
        Some(id) => doctors::by_id(db, clock, id).await?,
        None => None,
    };
    let mut data = base(clock);
    data["variant"] = json!("doctor");
    let status = if doctor.is_some() { 200 } else { 404 };
    data["doctor"] = json!(doctor);
    Ok((status, data))
}

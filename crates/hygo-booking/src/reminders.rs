//! The reminder the evening before (issue 45): at `HYGO_REMINDER_HOUR` (IST) on
//! the day before a confirmed visit, the patient who agreed to messages is
//! sent the visit's doctor, day, time and clinic with its map, and the link to
//! cancel or move it (`crate::visits`), so a time they cannot keep goes to
//! someone else.
//!
//! Never at night: reminders are queued only from the set hour until
//! `QUIET_FROM` (21:00), and one the provider could not take by then waits
//! until `QUIET_UNTIL` (08:00; `in_quiet_hours`, which the channels' delivery
//! asks). A turn missed (every instance down all evening) sends no reminder
//! at night: the visit's morning is too late to reach the clinic for most.
//!
//! Each visit is reminded once for its day and time (`appointments.reminded_for`,
//! set in the transaction that queues the message, only where it was not: with
//! several instances, once); a visit moved to another time is reminded again.

use chrono::{Duration, NaiveDateTime, Timelike};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entities::{appointment, doctor};
use crate::messaging::Updates;
use crate::notices::Notices;
use crate::status::Status;
use crate::{DataError, Db, schedule};

/// From this hour (IST) no reminder is sent until `QUIET_UNTIL`.
pub const QUIET_FROM: u32 = 21;
/// The hour (IST) messages held over the night may go again.
pub const QUIET_UNTIL: u32 = 8;
/// The reminders' hour unless the operator sets `HYGO_REMINDER_HOUR`.
pub const DEFAULT_HOUR: u32 = 18;

/// Whether `hour` may be the reminders' hour: within the day's hours that may
/// send (08:00 to 20:00, so that some of the evening is left before 21:00).
pub(crate) fn valid_hour(hour: u32) -> bool {
    (QUIET_UNTIL..QUIET_FROM).contains(&hour)
}

/// Whether `now` (IST) is in the quiet hours, 21:00 to 08:00.
pub fn in_quiet_hours(now: NaiveDateTime) -> bool {
    !valid_hour(now.hour())
}

/// When the quiet hours that hold `now` end (08:00 IST of the same or the next day).
pub fn quiet_until(now: NaiveDateTime) -> NaiveDateTime {
    let morning = now.date().and_hms_opt(QUIET_UNTIL, 0, 0).expect("a valid hour");
    if now < morning { morning } else { morning + Duration::days(1) }
}

/// How many visits a turn reads at once.
const BATCH: u64 = 200;

/// The visits still to remind at `now` (IST): confirmed or moved, tomorrow,
/// their patient agreed to messages, not yet reminded of that day and time.
fn due(now: NaiveDateTime) -> sea_orm::Select<appointment::Entity> {
    let tomorrow = (now.date() + Duration::days(1)).to_string();
    appointment::Entity::find()
        .filter(appointment::Column::Date.eq(tomorrow))
        .filter(appointment::Column::Status.is_in([Status::Confirmed.as_str(), Status::Rescheduled.as_str()]))
        .filter(appointment::Column::Updates.ne(Updates::None.as_str()))
        .filter(Condition::any().add(appointment::Column::RemindedFor.is_null()).add(Expr::col(appointment::Column::RemindedFor).ne(Expr::cust(reminded_expr()))))
}

/// The SQL of `reminded_for`'s value for a row: its date, a space, its time.
fn reminded_expr() -> &'static str {
    "\"date\" || ' ' || \"start_time\""
}

/// Queues the reminders due at `now` (IST) with the reminders' hour `hour`:
/// none before that hour or in the quiet hours; answers how many were queued.
/// Each visit's reminder and its mark in one transaction, a batch at a time.
pub async fn queue_due(db: &Db, now: NaiveDateTime, hour: u32, notices: &Notices) -> Result<usize, DataError> {
    if now.hour() < hour || in_quiet_hours(now) || notices.channels.is_empty() {
        return Ok(0);
    }
    let mut queued = 0;
    let mut after = 0;
    loop {
        let rows = due(now).filter(appointment::Column::Id.gt(after)).order_by_asc(appointment::Column::Id).limit(BATCH).all(db).await?;
        let Some(last) = rows.last() else { return Ok(queued) };
        after = last.id;
        let mut ids: Vec<i32> = rows.iter().map(|r| r.doctor_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let doctors = doctor::Entity::find().filter(doctor::Column::Id.is_in(ids)).all(db).await?;
        let visits: Vec<(i32, &str, &str)> = rows.iter().map(|r| (r.doctor_id, r.date.as_str(), r.start_time.as_str())).collect();
        let clinics = schedule::clinics_of_visits(db, &visits).await?;
        let txn = crate::db::begin_write(db).await?;
        for (row, clinic) in rows.iter().zip(clinics) {
            let name = doctors.iter().find(|d| d.id == row.doctor_id).map(|d| d.name.as_str()).unwrap_or_default();
            let clinic = crate::content::default().clinics.iter().find(|c| c.name == clinic).cloned();
            let Some(text) = notices.reminder_text(row, name, clinic.as_ref()) else { continue };
            // Only where nobody marked it meanwhile (another instance, the same turn).
            let mut mark = appointment::Entity::update_many()
                .col_expr(appointment::Column::RemindedFor, Expr::value(format!("{} {}", row.date, row.start_time)))
                .filter(appointment::Column::Id.eq(row.id))
                .filter(appointment::Column::Status.eq(row.status.clone()))
                .filter(appointment::Column::Sequence.eq(row.sequence));
            mark = match &row.reminded_for {
                Some(before) => mark.filter(appointment::Column::RemindedFor.eq(before.clone())),
                None => mark.filter(appointment::Column::RemindedFor.is_null()),
            };
            if mark.exec(&txn).await?.rows_affected != 1 {
                continue;
            }
            crate::messaging::queue(&txn, text).await?;
            queued += 1;
        }
        txn.commit().await?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn the_quiet_hours_are_nine_at_night_to_eight_in_the_morning() {
        assert!(in_quiet_hours(at("2030-01-07 21:00")) && in_quiet_hours(at("2030-01-07 23:59")) && in_quiet_hours(at("2030-01-08 07:59")));
        assert!(!in_quiet_hours(at("2030-01-08 08:00")) && !in_quiet_hours(at("2030-01-07 20:59")));
        assert_eq!(quiet_until(at("2030-01-07 22:10")), at("2030-01-08 08:00"), "after 21:00: the next morning");
        assert_eq!(quiet_until(at("2030-01-08 03:00")), at("2030-01-08 08:00"), "after midnight: the same morning");
        assert!(valid_hour(8) && valid_hour(20) && !valid_hour(21) && !valid_hour(7) && valid_hour(DEFAULT_HOUR));
    }
}

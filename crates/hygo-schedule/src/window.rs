//! Some doctors' days over a span of dates, read at once: their weeks, their
//! changes of hours, the clinics' closures and their leave, with the same rules
//! as one day (`schedule::hours_from`, `schedule::plan`, `leave::Period`), so a
//! page that shows ninety days (the wizards' date strips) costs a few queries,
//! not ninety, and cannot disagree with the slots of one day.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::{clinic_closure, doctor, hour_change, office_hours};
use crate::leave::{self, Period};
use crate::schedule::{self, Closure, DayPlan};
use crate::{DataError, Db};

pub struct Window {
    doctors: HashMap<i32, doctor::Model>,
    week: Vec<office_hours::Model>,
    changes: HashMap<(i32, NaiveDate), hour_change::Model>,
    closures: BTreeMap<NaiveDate, Vec<Closure>>,
    leave: HashMap<i32, Vec<Period>>,
}

impl Window {
    /// Everything that decides `doctors`' days from `from` to `until`, both included.
    pub async fn load(
        db: &Db,
        doctors: &[doctor::Model],
        from: NaiveDate,
        until: NaiveDate,
    ) -> Result<Window, DataError> {
        let ids: Vec<i32> = doctors.iter().map(|d| d.id).collect();
        let week = office_hours::Entity::find()
            .filter(office_hours::Column::DoctorId.is_in(ids.clone()))
            .order_by_asc(office_hours::Column::Id)
            .all(db)
            .await?;
        let (first, last) = (from.to_string(), until.to_string());
        let mut changes = HashMap::new();
        for change in hour_change::Entity::find()
            .filter(hour_change::Column::DoctorId.is_in(ids.clone()))
            .filter(hour_change::Column::Day.between(first.clone(), last.clone()))
            .all(db)
            .await?
        {
            if let Some(day) = crate::ist::parse_date(&change.day) {
                changes.insert((change.doctor_id, day), change);
            }
        }
        let mut closures: BTreeMap<NaiveDate, Vec<Closure>> = BTreeMap::new();
        for row in clinic_closure::Entity::find()
            .filter(clinic_closure::Column::Day.between(first, last))
            .all(db)
            .await?
        {
            if let Some(day) = crate::ist::parse_date(&row.day) {
                closures
                    .entry(day)
                    .or_default()
                    .push(schedule::closure_of(&row));
            }
        }
        let leave = leave::periods(db, &ids, from).await?;
        Ok(Window {
            doctors: doctors.iter().map(|d| (d.id, d.clone())).collect(),
            week,
            changes,
            closures,
            leave,
        })
    }

    /// The doctor's leave that covers `date`, if any.
    pub fn leave_on(&self, doctor_id: i32, date: NaiveDate) -> Option<Period> {
        self.leave
            .get(&doctor_id)?
            .iter()
            .copied()
            .find(|p| p.covers(date))
    }

    /// The closure of `clinic` that takes the slot at `t` on `date`, if any.
    pub fn closure_at(&self, clinic: &str, date: NaiveDate, t: crate::slots::Minutes) -> Option<&Closure> {
        self.closures.get(&date)?.iter().find(|c| c.takes(clinic, t))
    }

    /// The doctor's day as `schedule::day_plan` makes it (leave aside). A date
    /// outside the window, or a doctor not in it, offers nothing.
    pub fn plan(&self, doctor_id: i32, date: NaiveDate) -> DayPlan {
        let Some(doctor) = self.doctors.get(&doctor_id) else {
            return DayPlan::default();
        };
        let (hours, changed) = schedule::hours_from(
            doctor,
            date,
            self.changes.get(&(doctor_id, date)),
            &self.week,
        );
        if hours.is_empty() {
            return DayPlan {
                changed,
                ..DayPlan::default()
            };
        }
        DayPlan {
            changed,
            ..schedule::plan(
                &hours,
                self.closures.get(&date).map_or(&[][..], Vec::as_slice),
            )
        }
    }
}

//! `hygo seed --scale`: fills a database to a clinic network's size for `make
//! bench` (issue 26): more doctors (200 by default, over the catalogue's clinics
//! and departments, each with a week of hours) and their past and coming
//! appointment requests (100,000 by default: about 180 days back and 30 ahead,
//! past ones completed, no-show, cancelled, declined or expired, coming ones
//! requested, confirmed or rescheduled), made by some 30,000 patients (phone
//! numbers) of whom many come back. Deterministic (a fixed pseudo-random
//! sequence), so two runs measure the same data. Added to what is there; meant
//! for a database of its own, never the clinic's.

use std::collections::HashSet;

use chrono::{Datelike, Duration, NaiveDate};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};

use hygo_core::entities::{appointment, department, doctor, office_hours};
use hygo_core::{DataError, Db};

/// What to add.
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    /// Doctors in all, the seeded ones counted.
    pub doctors: usize,
    /// Appointment requests to add.
    pub requests: usize,
}

impl Default for Scale {
    fn default() -> Self {
        Scale { doctors: 200, requests: 100_000 }
    }
}

/// A small fixed pseudo-random sequence (xorshift64*): the same data every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const FIRST: [&str; 20] = ["Aarav", "Bhavesh", "Chetna", "Dhruv", "Ekta", "Falguni", "Gaurav", "Hema", "Ishaan", "Jalpa", "Ketan", "Leena", "Mihir", "Nisha", "Ojas", "Pooja", "Rakesh", "Sejal", "Tushar", "Urvi"];
const LAST: [&str; 12] = ["Shah", "Patel", "Mehta", "Joshi", "Desai", "Trivedi", "Pandya", "Vyas", "Bhatt", "Parmar", "Raval", "Dave"];
/// A doctor's week: Monday to Saturday, a morning and an afternoon (32 slots a day).
const WEEK: [&str; 2] = ["9:00 AM - 1:00 PM", "2:00 PM - 6:00 PM"];
const SLOTS: [&str; 32] = [
    "09:00", "09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45", "11:00", "11:15", "11:30", "11:45", "12:00", "12:15", "12:30", "12:45",
    "14:00", "14:15", "14:30", "14:45", "15:00", "15:15", "15:30", "15:45", "16:00", "16:15", "16:30", "16:45", "17:00", "17:15", "17:30", "17:45",
];

/// Adds doctors up to `scale.doctors` and `scale.requests` requests around `today`; returns what it added.
pub async fn seed(db: &Db, scale: Scale, today: NaiveDate) -> Result<(usize, usize), DataError> {
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    let clinics: Vec<String> = hygo_content::default().clinics.iter().map(|c| c.id.clone()).collect();
    let departments: Vec<i32> = department::Entity::find().all(db).await?.into_iter().map(|d| d.id).collect();
    let existing = doctor::Entity::find().all(db).await?;
    let txn = hygo_core::db::begin_write(db).await?;
    let mut added_doctors = 0;
    for n in existing.len()..scale.doctors {
        let name = format!("Dr. {} {} {}", FIRST[n % FIRST.len()], LAST[(n / FIRST.len()) % LAST.len()], n + 1);
        let row = doctor::ActiveModel {
            name: Set(name),
            specialization: Set("General Physician".into()),
            department_id: Set(departments[n % departments.len().max(1)]),
            experience_years: Set(5 + (n % 25) as i32),
            rating: Set(None),
            image: Set(None),
            clinic_id: Set(clinics[n % clinics.len()].clone()),
            bio: Set("A doctor of the benchmark's fixture.".into()),
            education: Set("[]".into()),
            services: Set("[]".into()),
            languages: Set("[\"English\",\"Gujarati\"]".into()),
            insurances: Set("[]".into()),
            availability: Set("Available".into()),
            founder_title: Set(None),
            founder_job: Set(None),
            founder_description: Set(None),
            registration_number: Set(None),
            registration_council: Set(None),
            retired_on: Set(None),
            photo: Set(None),
            fee: Set(None),
            rating_count: Set(None),
            rating_source: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let hours: Vec<office_hours::ActiveModel> = (1..=6i16)
            .flat_map(|day| WEEK.iter().map(move |h| (day, *h)))
            .map(|(day, h)| office_hours::ActiveModel { doctor_id: Set(row.id), weekday: Set(day), hours: Set(h.into()), clinic_id: Set(None), ..Default::default() })
            .collect();
        office_hours::Entity::insert_many(hours).exec(&txn).await?;
        added_doctors += 1;
    }
    txn.commit().await?;

    // Slots taken at random over 210 days, each (doctor, day, time) once, so the
    // unique index on held slots always holds.
    let doctors: Vec<i32> = doctor::Entity::find().all(db).await?.into_iter().filter(|d| d.retired_on.is_none()).map(|d| d.id).collect();
    let first = today - Duration::days(180);
    let days: Vec<NaiveDate> = (0..210).map(|i| first + Duration::days(i)).filter(|d| d.weekday().number_from_monday() <= 6).collect();
    let capacity = doctors.len() * days.len() * SLOTS.len();
    let wanted = scale.requests.min(capacity / 2);
    let mut taken: HashSet<(usize, usize, usize)> = HashSet::with_capacity(wanted);
    let mut references: HashSet<String> = HashSet::with_capacity(wanted);
    let mut batch = Vec::with_capacity(500);
    let txn = hygo_core::db::begin_write(db).await?;
    let stamp = hygo_core::ist::stamp();
    while taken.len() < wanted {
        let key = (dice.below(doctors.len() as u64) as usize, dice.below(days.len() as u64) as usize, dice.below(SLOTS.len() as u64) as usize);
        if !taken.insert(key) {
            continue;
        }
        let (doctor_id, day, time) = (doctors[key.0], days[key.1], SLOTS[key.2]);
        let roll = dice.below(100);
        let status = match day < today {
            true => match roll {
                0..70 => "completed",
                70..80 => "no-show",
                80..90 => "cancelled",
                90..95 => "declined",
                _ => "expired",
            },
            false => match roll {
                0..30 => "requested",
                30..90 => "confirmed",
                _ => "rescheduled",
            },
        };
        // Some 30,000 patients; the first few thousand come often.
        let patient = if dice.below(3) == 0 { dice.below(3_000) } else { dice.below(30_000) };
        let phone = format!("+9198{:08}", 10_000_000 + patient * 7_919 % 89_999_999);
        let mut reference = hygo_core::refs::new_reference();
        while !references.insert(reference.clone()) {
            reference = hygo_core::refs::new_reference();
        }
        batch.push(appointment::ActiveModel {
            reference: Set(reference),
            doctor_id: Set(doctor_id),
            department: Set(String::new()),
            date: Set(day.to_string()),
            start_time: Set(time.into()),
            visit_type: Set("in-person".into()),
            name: Set(format!("{} {}", FIRST[(patient % 20) as usize], LAST[(patient / 20 % 12) as usize])),
            phone_key: Set(hygo_core::phone::key(&phone)),
            phone: Set(phone),
            email: Set(if patient % 3 == 0 { String::new() } else { format!("patient{patient}@example.in") }),
            reason: Set("consultation".into()),
            symptoms: Set("[]".into()),
            notes: Set(String::new()),
            insurance: Set(String::new()),
            policy_number: Set(String::new()),
            is_new_patient: Set(patient % 5 == 0),
            created_at: Set(stamp.clone()),
            status: Set(status.into()),
            sequence: Set(0),
            status_changed_at: Set(None),
            channel: Set(["web", "web", "phone", "walk-in"][(roll % 4) as usize].into()),
            visit_code: Set(Some(hygo_core::refs::new_visit_code())),
            ..Default::default()
        });
        if batch.len() == 500 {
            appointment::Entity::insert_many(std::mem::take(&mut batch)).exec(&txn).await?;
        }
    }
    if !batch.is_empty() {
        appointment::Entity::insert_many(batch).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok((added_doctors, wanted))
}

//! Upgrading a database that has data: what the site showed before a migration is
//! kept, on SQLite and PostgreSQL.

mod common;

use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, EntityTrait};

use common::TestDb;

#[actix_web::test]
async fn free_text_locations_and_on_leave_become_clinics_and_dated_leave() {
    for db in TestDb::all().await {
        let b = db.backend;
        // The schema as it was before clinics and leave, with a doctor of each clinic,
        // one shown "On leave".
        let old = hygo_data::db::open(&db.url).await.unwrap();
        Migrator::up(&old, Some(4)).await.unwrap();
        for sql in [
            "INSERT INTO departments (slug, name, description, listed) VALUES ('cardiology', 'Cardiology', 'Heart', true)",
            "INSERT INTO doctors (id, name, specialization, department_id, experience_years, rating, image, location, bio, education, \
             services, languages, insurances, availability) VALUES \
             (1, 'Dr. A', 'Cardiologist', 1, 5, NULL, NULL, 'hygo head office clinic, race course road, rajkot', '', '[]', '[]', '[]', '[]', 'On leave'), \
             (2, 'Dr. B', 'Cardiologist', 1, 5, NULL, NULL, 'HYGO Clinic, Kalawad Road, Rajkot', '', '[]', '[]', '[]', '[]', 'Limited availability')",
            "INSERT INTO office_hours (doctor_id, weekday, hours) VALUES (1, 1, '9:00 AM - 5:00 PM'), (2, 1, '9:00 AM - 5:00 PM')",
        ] {
            old.execute_unprepared(sql).await.unwrap_or_else(|e| panic!("{b}: {e}"));
        }
        old.close().await.unwrap();

        let conn = hygo_data::connect(&db.url).await.unwrap();
        let clock = hygo_data::ist::Clock::System;
        let doctors = hygo_data::doctors::all(&conn, &clock).await.unwrap();
        assert_eq!(doctors.len(), 2, "{b}: the upgrade seeds nothing over existing doctors");
        let (a, bb) = (&doctors[0], &doctors[1]);
        assert_eq!((a.clinic.as_str(), a.location.as_str()), ("head-office", "HYGO Head Office Clinic, Race Course Road, Rajkot"), "{b}");
        assert_eq!((bb.clinic.as_str(), bb.location.as_str()), ("kalawad-road", "HYGO Clinic, Kalawad Road, Rajkot"), "{b}");
        // "On leave" stays true, now with dates: until further notice, so no day can be booked.
        assert!(a.on_leave && a.availability == "On leave", "{b}");
        assert_eq!(a.leave.len(), 1, "{b}");
        assert_eq!((a.leave[0].until.as_deref(), a.leave[0].back_on.as_deref()), (None, None), "{b}");
        assert!(!bb.on_leave && bb.availability == "Limited availability", "{b}");
        let rows = hygo_data::entities::doctor_leave::Entity::find().all(&conn).await.unwrap();
        assert_eq!(rows.len(), 1, "{b}");
        let far = clock.today() + chrono::Duration::days(60);
        let day = hygo_data::appointments::day_slots(&conn, &clock, 1, far).await.unwrap();
        assert_eq!(day.availability, hygo_data::appointments::DayAvailability::OnLeave, "{b}");
    }
}

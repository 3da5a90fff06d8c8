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
        let old = hygo_core::db::open(&db.url).await.unwrap();
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

        let conn = hygo_core::connect(&db.url).await.unwrap();
        let clock = hygo_core::ist::Clock::System;
        let doctors = hygo_directory::doctors::all(&conn, &clock).await.unwrap();
        assert_eq!(doctors.len(), 2, "{b}: the upgrade seeds nothing over existing doctors");
        let (a, bb) = (&doctors[0], &doctors[1]);
        assert_eq!((a.clinic.as_str(), a.location.as_str()), ("head-office", "HYGO Head Office Clinic, Race Course Road, Rajkot"), "{b}");
        assert_eq!((bb.clinic.as_str(), bb.location.as_str()), ("kalawad-road", "HYGO Clinic, Kalawad Road, Rajkot"), "{b}");
        // "On leave" stays true, now with dates: until further notice, so no day can be booked.
        assert!(a.on_leave && a.availability == "On leave", "{b}");
        assert_eq!(a.leave.len(), 1, "{b}");
        assert_eq!((a.leave[0].until.as_deref(), a.leave[0].back_on.as_deref()), (None, None), "{b}");
        assert!(!bb.on_leave && bb.availability == "Limited availability", "{b}");
        let rows = hygo_core::entities::doctor_leave::Entity::find().all(&conn).await.unwrap();
        assert_eq!(rows.len(), 1, "{b}");
        let far = clock.today() + chrono::Duration::days(60);
        let day = hygo_booking::appointments::day_slots(&conn, &clock, 1, far).await.unwrap();
        assert_eq!(day.availability, hygo_booking::appointments::DayAvailability::OnLeave, "{b}");
        // The hours staff wrote are kept as data (migration 22); the API says them as before.
        let hours: Vec<String> = hygo_core::entities::office_hours::Entity::find().all(&conn).await.unwrap().into_iter().map(|h| h.hours).collect();
        assert_eq!(hours, ["09:00-17:00", "09:00-17:00"], "{b}");
        assert_eq!((bb.office_hours[0].day, bb.office_hours[0].hours.as_str()), ("Monday", "9:00 AM - 5:00 PM"), "{b}");
    }
}

/// A department and its doctor (id 1), as the schema was from migration 5 on.
const A_DOCTOR: [&str; 2] = [
            "INSERT INTO departments (slug, name, description, listed) VALUES ('cardiology', 'Cardiology', 'Heart', true)",
            "INSERT INTO doctors (id, name, specialization, department_id, experience_years, rating, image, bio, education, \
             services, languages, insurances, availability) VALUES \
             (1, 'Dr. A', 'Cardiologist', 1, 5, NULL, NULL, '', '[]', '[]', '[]', '[]', 'Available')",
];

#[actix_web::test]
async fn stored_options_become_their_ids() {
    for db in TestDb::all().await {
        let b = db.backend;
        let old = hygo_core::db::open(&db.url).await.unwrap();
        Migrator::up(&old, Some(5)).await.unwrap();
        for sql in A_DOCTOR.iter().copied().chain([
            "INSERT INTO appointments (doctor_id, department, date, start_time, visit_type, name, phone, email, reason, symptoms, \
             notes, insurance, policy_number, is_new_patient, created_at) VALUES \
             (1, '', '2026-12-01', '10:00', 'in-person', 'A', '9876543210', 'a@example.com', 'Routine Check-up', \
              '[\"Chest Pain\",\"Other\",\"Shortness of Breath\"]', '', '', '', true, '2026-11-24T10:00:00+05:30'), \
             (1, '', '2026-12-01', '10:15', 'video', 'B', '9876543210', 'b@example.com', 'Test Results', '[]', '', '', '', true, \
              '2026-11-24T10:00:00+05:30')",
            "INSERT INTO card_requests (name, email, number, subscription_type, created_at) VALUES \
             ('C', 'c@example.com', '9876543210', 'Essential Family', '2026-11-24T10:00:00+05:30'), \
             ('D', 'd@example.com', '9876543210', 'Essential individual', '2026-11-24T10:00:00+05:30')",
        ]) {
            old.execute_unprepared(sql).await.unwrap_or_else(|e| panic!("{b}: {e}"));
        }
        old.close().await.unwrap();

        let conn = hygo_core::connect(&db.url).await.unwrap();
        use hygo_core::entities::{appointment, card_request};
        use sea_orm::QueryOrder;
        let rows = appointment::Entity::find().order_by_asc(appointment::Column::Id).all(&conn).await.unwrap();
        let got: Vec<(&str, &str)> = rows.iter().map(|r| (r.reason.as_str(), r.symptoms.as_str())).collect();
        assert_eq!(got, [("routine-checkup", r#"["chest-pain","other","shortness-of-breath"]"#), ("test-results", "[]")], "{b}");
        let cards = card_request::Entity::find().order_by_asc(card_request::Column::Id).all(&conn).await.unwrap();
        let got: Vec<&str> = cards.iter().map(|c| c.subscription_type.as_str()).collect();
        assert_eq!(got, ["family", "essential"], "{b}");
        // Every id the migration wrote is one the catalogue offers.
        for id in ["routine-checkup", "test-results"] {
            assert!(
                hygo_content::default().reasons().iter().any(|r| r.id == id),
                "{id}"
            );
        }
        for id in ["chest-pain", "other", "shortness-of-breath"] {
            assert!(
                hygo_content::default()
                    .symptoms()
                    .iter()
                    .any(|s| s.id == id),
                "{id}"
            );
        }
        assert!(["family", "essential"].iter().all(|id| {
            hygo_content::default()
                .card_types()
                .iter()
                .any(|c| c.id == *id)
        }));
        // Stored by id; the spec's labels are still accepted by the API.
        let req = hygo_booking::card_requests::CardRequest {
            name: Some("E".into()),
            email: Some("e@example.com".into()),
            number: Some("9876543210".into()),
            subscription_type: Some("Essential Family".into()),
            ..Default::default()
        };
        let id = hygo_booking::card_requests::create(&conn, req, None, &common::notices()).await.unwrap().id;
        let row = hygo_core::entities::card_request::Entity::find_by_id(id).one(&conn).await.unwrap().unwrap();
        assert_eq!(row.subscription_type, "family", "{b}");
    }
}

#[actix_web::test]
async fn stored_requests_get_references_and_subscribers_a_consent_record() {
    use hygo_core::entities::{appointment, card_request, contact_message, newsletter_subscriber};
    use hygo_booking::newsletter::{self, Status};
    for db in TestDb::all().await {
        let b = db.backend;
        let old = hygo_core::db::open(&db.url).await.unwrap();
        Migrator::up(&old, Some(6)).await.unwrap();
        for sql in A_DOCTOR.iter().copied().chain([
            "INSERT INTO appointments (doctor_id, department, date, start_time, visit_type, name, phone, email, reason, symptoms, \
             notes, insurance, policy_number, is_new_patient, created_at) VALUES \
             (1, '', '2026-12-01', '10:00', 'in-person', 'A', '9876543210', 'a@example.com', '', '[]', '', '', '', true, '2026-11-24T10:00:00Z'), \
             (1, '', '2026-12-01', '10:15', 'video', 'B', '(+91) 98765.43210', 'b@example.com', '', '[]', '', '', '', true, '2026-11-24T10:00:00Z')",
            "INSERT INTO card_requests (name, email, number, subscription_type, created_at) VALUES \
             ('C', 'c@example.com', '0281 245 6700', 'family', '2026-11-24T10:00:00Z')",
            "INSERT INTO contact_messages (name, email, phone, subject, message, clinic, created_at) VALUES \
             ('D', 'd@example.com', '', 'S', 'M', '', '2026-11-24T10:00:00Z'), \
             ('E', 'e@example.com', '245 6700', 'S', 'M', '', '2026-11-24T10:00:00Z')",
            "INSERT INTO newsletter_subscribers (email, unsubscribe_token, subscribed_at, unsubscribed_at) VALUES \
             ('on@example.com', '0123456789abcdef0123456789abcdef', '2026-11-20T10:00:00Z', NULL), \
             ('off@example.com', 'fedcba9876543210fedcba9876543210', '2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z')",
        ]) {
            old.execute_unprepared(sql).await.unwrap_or_else(|e| panic!("{b}: {e}"));
        }
        old.close().await.unwrap();

        let conn = hygo_core::connect(&db.url).await.unwrap();
        let mut references: Vec<String> = appointment::Entity::find().all(&conn).await.unwrap().into_iter().map(|r| r.reference).collect();
        references.extend(card_request::Entity::find().all(&conn).await.unwrap().into_iter().map(|r| r.reference));
        references.extend(contact_message::Entity::find().all(&conn).await.unwrap().into_iter().map(|r| r.reference));
        assert_eq!(references.len(), 5, "{b}");
        // Phones in one form (migration 27), and the same person by their key;
        // what reads as no one number is kept as typed.
        let requests = appointment::Entity::find().all(&conn).await.unwrap();
        let phones: Vec<(&str, &str)> = requests.iter().map(|r| (r.phone.as_str(), r.phone_key.as_str())).collect();
        assert_eq!(phones, [("+919876543210", "9876543210"), ("+919876543210", "9876543210")], "{b}");
        let card = card_request::Entity::find().one(&conn).await.unwrap().unwrap();
        assert_eq!(card.number, "+912812456700", "{b}: a landline with its STD code");
        let contact: Vec<String> = contact_message::Entity::find().all(&conn).await.unwrap().into_iter().map(|m| m.phone).collect();
        assert_eq!(contact, ["", "245 6700"], "{b}: none, and one without an area code, as they were");
        for r in &references {
            assert_eq!(hygo_core::refs::normalize_reference(r).as_deref(), Some(r.as_str()), "{b}: {r}");
        }
        references.sort();
        references.dedup();
        assert_eq!(references.len(), 5, "{b}: each its own");
        // Two rows of a table cannot share one: the unique index.
        assert!(conn.execute_unprepared("UPDATE appointments SET reference = 'HY-0000-0000'").await.is_err(), "{b}");

        // Signed up before double opt-in: still subscribed, and the record says how.
        let on = newsletter_subscriber::Entity::find_by_id(1).one(&conn).await.unwrap().unwrap();
        assert_eq!((on.confirmed_at.as_deref(), on.source.as_str()), (Some("2026-11-20T10:00:00Z"), "single-opt-in"), "{b}");
        assert_eq!(newsletter::status(&conn, "off@example.com").await.unwrap(), Some(Status::Unsubscribed), "{b}");
        assert_eq!(newsletter::recipients(&conn).await.unwrap(), vec![("on@example.com".to_owned(), on.unsubscribe_token.clone())], "{b}");
        // New rows get theirs.
        let req = hygo_booking::contact_messages::ContactRequest {
            name: Some("E".into()),
            email: Some("e@example.com".into()),
            subject: Some("S".into()),
            message: Some("M".into()),
            ..Default::default()
        };
        let stored = hygo_booking::contact_messages::create(&conn, req, None, &common::notices()).await.unwrap();
        assert!(!references.contains(&stored.reference), "{b}");
        conn.close().await.unwrap();

        // And back down, and up again.
        let conn = hygo_core::db::open(&db.url).await.unwrap();
        Migrator::down(&conn, Some(1)).await.unwrap_or_else(|e| panic!("{b}: {e}"));
        Migrator::up(&conn, None).await.unwrap_or_else(|e| panic!("{b}: {e}"));
    }
}

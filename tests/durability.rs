//! The real binary over real HTTP: many patients racing for one slot, and a crash
//! in the middle of a stream of writes, on SQLite and on PostgreSQL.

mod common;

use std::sync::{Arc, Barrier};

use chrono::{Datelike, Duration, Weekday};
use common::server::{free_port, request, spawn, wait_healthy};
use common::TestDb;
use hygo_core::entities::{appointment, contact_message};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

/// A Wednesday at least two days ahead (IST), when Dr. Hitesh Patel (id 1) works
/// 10:00 AM - 5:00 PM: never "today", so the real clock cannot make it past.
fn next_wednesday() -> String {
    let mut day = hygo_core::ist::Clock::System.today() + Duration::days(2);
    while day.weekday() != Weekday::Wed {
        day += Duration::days(1);
    }
    day.to_string()
}

/// A request of person `n` (each their own: one person may hold only two per day).
fn booking(n: usize, date: &str, time: &str) -> String {
    serde_json::json!({
        "name": format!("Patient {n}"), "phone": format!("+91 98765 {n:05}"), "email": format!("race{n}@example.com"),
        "doctor": "Dr. Hitesh Patel", "date": date, "time": time
    })
    .to_string()
}

#[test]
fn fifty_requests_for_one_slot_give_one_booking() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for db in rt.block_on(TestDb::all()) {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let mut child = spawn(dir.path(), port, &[("DATABASE_URL", &db.url), ("HYGO_WRITE_LIMIT", "1000")]);
        wait_healthy(&mut child, port);
        let date = next_wednesday();

        let start = Arc::new(Barrier::new(50));
        let threads: Vec<_> = (0..50)
            .map(|n| {
                let (start, body) = (start.clone(), booking(n, &date, "11:30 AM"));
                std::thread::spawn(move || {
                    start.wait();
                    request(port, "POST", "/appointments/bookAppointment", Some(&body)).unwrap()
                })
            })
            .collect();
        let answers: Vec<(u16, String)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        child.kill().unwrap();
        child.wait().unwrap();

        let created = answers.iter().filter(|(s, _)| *s == 201).count();
        let refused = answers.iter().filter(|(s, body)| *s == 409 && body.contains(&common::message("appointment.taken"))).count();
        assert_eq!((created, refused), (1, 49), "{b}: {:?}", answers.iter().map(|a| a.0).collect::<Vec<_>>());
        let stored = rt.block_on(async {
            let conn = hygo_core::db::open(&db.url).await.unwrap();
            appointment::Entity::find().count(&conn).await.unwrap()
        });
        assert_eq!(stored, 1, "{b}: exactly one row");
    }
}

#[test]
fn a_killed_server_keeps_every_write_it_acknowledged() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for db in rt.block_on(TestDb::all()) {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let mut child = spawn(dir.path(), port, &[("DATABASE_URL", &db.url), ("HYGO_WRITE_LIMIT", "100000")]);
        wait_healthy(&mut child, port);
        let date = next_wednesday();

        // Two writers: contact messages, and bookings of successive slots. A third
        // thread kills the server with SIGKILL while they run.
        let acknowledged = Arc::new(std::sync::Mutex::new(Vec::<(char, String)>::new()));
        let writer = |kind: char| {
            let acknowledged = acknowledged.clone();
            let date = date.clone();
            std::thread::spawn(move || {
                for n in 0.. {
                    let (path, body) = if kind == 'c' {
                        let body = serde_json::json!({ "name": format!("Writer {n}"), "email": "w@example.com", "subject": "Crash test", "message": format!("Message {n}") });
                        ("/api/contact", body.to_string())
                    } else {
                        if n >= 28 {
                            break;
                        }
                        let t = hygo_schedule::slots::format_12h(600 + 15 * n as u32);
                        ("/appointments/bookAppointment", booking(n, &date, &t))
                    };
                    match request(port, "POST", path, Some(&body)) {
                        Ok((201, answer)) => {
                            let v: serde_json::Value = serde_json::from_str(&answer).unwrap();
                            acknowledged.lock().unwrap().push((kind, v["data"]["reference"].as_str().unwrap().to_owned()));
                        }
                        Ok((status, answer)) if status != 0 => panic!("{kind}: unexpected {status}: {answer}"),
                        // The connection died with the server.
                        _ => break,
                    }
                }
            })
        };
        let writers = [writer('c'), writer('b')];
        // Kill once the writers are well under way (not after a fixed time, which a
        // busy machine may spend on a handful of writes), with more in flight.
        let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while acknowledged.lock().unwrap().len() < 20 {
            assert!(std::time::Instant::now() < until, "{b}: the writers did not get going");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
        child.wait().unwrap();
        for w in writers {
            w.join().unwrap();
        }

        let acknowledged = acknowledged.lock().unwrap().clone();
        eprintln!("{b}: {} writes acknowledged before SIGKILL", acknowledged.len());
        assert!(acknowledged.len() >= 20, "{b}: the writers got going ({} writes)", acknowledged.len());
        rt.block_on(async {
            let conn = hygo_core::db::open(&db.url).await.unwrap();
            for (kind, reference) in &acknowledged {
                let found = match kind {
                    'c' => contact_message::Entity::find().filter(contact_message::Column::Reference.eq(reference)).one(&conn).await.unwrap().is_some(),
                    _ => appointment::Entity::find().filter(appointment::Column::Reference.eq(reference)).one(&conn).await.unwrap().is_some(),
                };
                assert!(found, "{b}: acknowledged write {kind} {reference} survived SIGKILL");
            }
            conn.close().await.ok();
        });
        // The database opens cleanly again and the server starts on it.
        let port = free_port();
        let mut again = spawn(dir.path(), port, &[("DATABASE_URL", &db.url)]);
        wait_healthy(&mut again, port);
        again.kill().unwrap();
        again.wait().unwrap();
    }
}

/// Names, phones, e-mails, reasons, symptoms and notes never reach the log, even at
/// the most detailed level and even when a request is refused.
#[test]
fn personal_and_health_data_never_reach_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let log_path = dir.path().join("hygo.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut child = common::server::spawn_logging(dir.path(), port, &[("HYGO_LOG", "trace")], log.into());
    // (stderr is not captured: the subscriber writes everything to stdout.)
    wait_healthy(&mut child, port);
    let date = next_wednesday();
    let secrets = ["Zinnia Quixote", "98111 22333", "zinnia.q@example.org", "Q-POLICY-7781", "Persistent hiccups noted", "Vision Problems", "Second Opinion", "zq-news@example.org", "Q-subject-339"];
    let booking = serde_json::json!({
        "name": secrets[0], "phone": secrets[1], "email": secrets[2], "doctor": "Dr. Hitesh Patel", "date": date,
        "time": "02:00 PM", "policyNumber": secrets[3], "additionalNotes": secrets[4],
        "selectedSymptoms": [secrets[5]], "reason": secrets[6]
    })
    .to_string();
    let posts = [
        ("/appointments/bookAppointment", booking.clone()),
        ("/appointments/bookAppointment", booking.clone()), // 409
        ("/appointments/bookAppointment", booking.replace("02:00 PM", "03:07 PM")), // 422
        ("/newsletter/subscribe", format!("{{\"email\":\"{}\"}}", secrets[7])),
        ("/newsletter/subscribe", format!("{{\"email\":\"{} x\"}}", secrets[7])), // 422
        ("/api/contact", serde_json::json!({ "name": secrets[0], "email": secrets[2], "subject": secrets[8], "message": secrets[4] }).to_string()),
        ("/api/contact", format!("{{\"name\": \"{}\", \"email\": 5}}", secrets[0])), // 400
    ];
    let statuses: Vec<u16> = posts.iter().map(|(p, body)| request(port, "POST", p, Some(body)).unwrap().0).collect();
    assert_eq!(statuses, [201, 409, 422, 200, 422, 201, 400]);
    let (status, _) = request(port, "GET", &format!("/api/search?q={}", "Zinnia%20Quixote"), None).unwrap();
    assert_eq!(status, 200);
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    child.wait().unwrap();

    let log = std::fs::read_to_string(&log_path).unwrap();
    assert!(log.contains("appointment requested"), "the log is being written");
    for secret in secrets.iter().chain(["Zinnia", "zinnia"].iter()) {
        assert!(!log.contains(secret), "the log contains {secret:?}");
    }
}

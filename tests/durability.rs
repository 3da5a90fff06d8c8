//! The real binary over real HTTP: many patients racing for one slot, and a crash
//! in the middle of a stream of writes, on SQLite and on PostgreSQL.

mod common;

use std::sync::{Arc, Barrier};

use chrono::{Datelike, Duration, Weekday};
use common::server::{free_port, request, spawn, wait_healthy};
use common::TestDb;
use hygo_data::entities::{appointment, contact_message};
use sea_orm::{EntityTrait, PaginatorTrait};

/// A Wednesday at least two days ahead (IST), when Dr. Hitesh Patel (id 1) works
/// 10:00 AM - 5:00 PM: never "today", so the real clock cannot make it past.
fn next_wednesday() -> String {
    let mut day = hygo_data::ist::Clock::System.today() + Duration::days(2);
    while day.weekday() != Weekday::Wed {
        day += Duration::days(1);
    }
    day.to_string()
}

fn booking(name: &str, date: &str, time: &str) -> String {
    serde_json::json!({
        "name": name, "phone": "+91 98765 43210", "email": "race@example.com",
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
                let (start, body) = (start.clone(), booking(&format!("Patient {n}"), &date, "11:30 AM"));
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
        let refused = answers.iter().filter(|(s, body)| *s == 409 && body.contains("Please choose another time")).count();
        assert_eq!((created, refused), (1, 49), "{b}: {:?}", answers.iter().map(|a| a.0).collect::<Vec<_>>());
        let stored = rt.block_on(async {
            let conn = hygo_data::db::open(&db.url).await.unwrap();
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
        let acknowledged = Arc::new(std::sync::Mutex::new(Vec::<(char, i64)>::new()));
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
                        let t = hygo_data::slots::format_12h(600 + 15 * n as u32);
                        ("/appointments/bookAppointment", booking(&format!("Writer {n}"), &date, &t))
                    };
                    match request(port, "POST", path, Some(&body)) {
                        Ok((201, answer)) => {
                            let v: serde_json::Value = serde_json::from_str(&answer).unwrap();
                            acknowledged.lock().unwrap().push((kind, v["data"]["id"].as_i64().unwrap()));
                        }
                        Ok((status, answer)) if status != 0 => panic!("{kind}: unexpected {status}: {answer}"),
                        // The connection died with the server.
                        _ => break,
                    }
                }
            })
        };
        let writers = [writer('c'), writer('b')];
        std::thread::sleep(std::time::Duration::from_millis(700));
        unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
        child.wait().unwrap();
        for w in writers {
            w.join().unwrap();
        }

        let acknowledged = acknowledged.lock().unwrap().clone();
        eprintln!("{b}: {} writes acknowledged before SIGKILL", acknowledged.len());
        assert!(acknowledged.len() >= 5, "{b}: the writers got going ({} writes)", acknowledged.len());
        rt.block_on(async {
            let conn = hygo_data::db::open(&db.url).await.unwrap();
            for (kind, id) in &acknowledged {
                let found = match kind {
                    'c' => contact_message::Entity::find_by_id(*id as i32).one(&conn).await.unwrap().is_some(),
                    _ => appointment::Entity::find_by_id(*id as i32).one(&conn).await.unwrap().is_some(),
                };
                assert!(found, "{b}: acknowledged write {kind}{id} survived SIGKILL");
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

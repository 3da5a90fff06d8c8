//! The real binary over real HTTP: first start on an empty SQLite file under
//! `./data/`, health, pages, and a clean exit on SIGTERM.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::server::{get, spawn, wait_healthy};

#[test]
fn first_start_serves_pages_and_sigterm_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    let port = common::server::free_port();
    let mut child = spawn(dir.path(), port, &[]);
    wait_healthy(&mut child, port);
    assert!(dir.path().join("data/hygo.db").is_file(), "the default SQLite file is created under ./data/");

    let (status, body) = get(port, "/doctors").unwrap();
    assert_eq!(status, 200);
    let seed: serde_json::Value = serde_json::from_str(hygo_core::seed::SEED_DOCTORS).unwrap();
    let first = seed[0]["name"].as_str().unwrap();
    assert!(body.contains(first), "{first} is in the HTML of /doctors");

    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "exit after SIGTERM: {status}");
            break;
        }
        assert!(Instant::now() < until, "hygo did not stop after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_bad_setting_is_refused_with_a_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_hygo"))
        .arg("serve")
        .env("HYGO_ADDR", "not-an-address")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("HYGO_ADDR"));
}

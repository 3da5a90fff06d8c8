//! The real binary over real HTTP: first start on an empty SQLite file under
//! `./data/`, health, pages, and a clean exit on SIGTERM.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A plain HTTP/1.1 GET; returns the status and the body.
fn get(port: u16, path: &str) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(10)))?;
    write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    Ok((status, body))
}

fn wait_healthy(child: &mut Child, port: u16) {
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("hygo exited early: {status}");
        }
        if matches!(get(port, "/healthz"), Ok((200, _))) {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("hygo did not become healthy");
}

#[test]
fn first_start_serves_pages_and_sigterm_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hygo"))
        .arg("serve")
        .current_dir(dir.path())
        .env("HYGO_ADDR", format!("127.0.0.1:{port}"))
        .env_remove("DATABASE_URL")
        .env_remove("HYGO_CONFIG")
        .env("HYGO_RENDER_THREADS", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_healthy(&mut child, port);
    assert!(dir.path().join("data/hygo.db").is_file(), "the default SQLite file is created under ./data/");

    let (status, body) = get(port, "/doctors").unwrap();
    assert_eq!(status, 200);
    let seed: serde_json::Value = serde_json::from_str(hygo_data::seed::SEED_DOCTORS).unwrap();
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

//! The real `hygo` binary on a free port, driven over plain HTTP/1.1 sockets (no
//! client library: what is sent is exactly what is written here).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One request on a fresh connection; answers the status and the body.
pub fn request(port: u16, method: &str, path: &str, json: Option<&str>) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    if let Some(body) = json {
        head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    if let Some(body) = json {
        s.write_all(body.as_bytes())?;
    }
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    Ok((status, body))
}

pub fn get(port: u16, path: &str) -> std::io::Result<(u16, String)> {
    request(port, "GET", path, None)
}

/// `hygo serve` in `dir` on `port`, with the given extra environment.
pub fn spawn(dir: &std::path::Path, port: u16, env: &[(&str, &str)]) -> Child {
    spawn_with(dir, port, env, Stdio::null(), Stdio::null())
}

/// The same, with the log (stdout) and anything on stderr going to `log`.
pub fn spawn_logging(dir: &std::path::Path, port: u16, env: &[(&str, &str)], log: Stdio) -> Child {
    spawn_with(dir, port, env, log, Stdio::null())
}

fn spawn_with(dir: &std::path::Path, port: u16, env: &[(&str, &str)], out: Stdio, err: Stdio) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hygo"));
    cmd.arg("serve")
        .current_dir(dir)
        .env("HYGO_ADDR", format!("127.0.0.1:{port}"))
        .env_remove("DATABASE_URL")
        .env_remove("HYGO_CONFIG")
        .env("HYGO_RENDER_THREADS", "1")
        .stdout(out)
        .stderr(err);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.spawn().unwrap()
}

pub fn wait_healthy(child: &mut Child, port: u16) {
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

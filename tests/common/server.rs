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
    let body = json.map(|b| ("application/json", b));
    exchange(port, method, path, &[], body).map(|a| (a.status, a.body))
}

/// An answer as it came over the socket.
pub struct Answer {
    pub status: u16,
    /// Header lines as sent, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body, a chunked one put together.
    pub body: String,
}

impl Answer {
    /// The first value of a header, or "".
    pub fn header(&self, name: &str) -> &str {
        self.headers.iter().find(|(n, _)| n == name).map_or("", |(_, v)| v.as_str())
    }

    /// Every value of a header (`set-cookie`).
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.headers.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
    }
}

/// One request with headers of the caller's and an optional body (its type and
/// text) on a fresh connection.
pub fn exchange(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<(&str, &str)>) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some((kind, text)) = body {
        head.push_str(&format!("Content-Type: {kind}\r\nContent-Length: {}\r\n", text.len()));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    if let Some((_, text)) = body {
        s.write_all(text.as_bytes())?;
    }
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").map_or(raw.len(), |i| i + 4);
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.trim_end().split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|c| c.parse().ok()).unwrap_or(0);
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned())).collect();
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let rest = &raw[split..];
    let body = String::from_utf8_lossy(&if chunked { unchunk(rest) } else { rest.to_vec() }).into_owned();
    Ok(Answer { status, headers, body })
}

/// A chunked body (RFC 9112, 7.1) put together.
fn unchunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
        let line = String::from_utf8_lossy(&rest[..eol]).into_owned();
        let Ok(size) = usize::from_str_radix(line.split(';').next().unwrap_or("").trim(), 16) else { break };
        let data = &rest[eol + 2..];
        if size == 0 || data.len() < size {
            break;
        }
        body.extend_from_slice(&data[..size]);
        rest = data[size..].strip_prefix(b"\r\n").unwrap_or(&data[size..]);
    }
    body
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
        // Wall-clock time, on a machine the other suites keep busy: as in TestApp.
        .env("HYGO_RENDER_TIMEOUT_MS", "30000")
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

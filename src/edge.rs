//! The HTTP edge: the limits of the server itself and what every request meets
//! before its handler (`docs/security.md`, "Slow clients and connections",
//! "Cross-site requests", "Malformed input" and "Response headers").
//!
//! - A request body must arrive whole within `HYGO_BODY_TIMEOUT_MS` of its headers
//!   (`body_deadline`); actix cuts a slow head on a connection's first request
//!   (`client_request_timeout`), and the watch (`on_connect`, `watch_requests`)
//!   closes a kept-alive connection whose next head is not complete within
//!   `NEXT_HEAD_WITHIN` of the last answer.
//! - Open connections are capped below the file limit, which is raised at start-up
//!   (`raise_file_limit`, `connection_cap`).
//! - Writes from another site's pages are refused (`from_another_site`).
//! - A control character (a NUL among them) in the path, a query or a header
//!   is refused before any handler (`has_nul`, `header_has_control`); in a body,
//!   by the readers (`form_controls`, `json_controls`, called in
//!   `crate::actions::read` and the console's upload reader).
//! - Every answer carries the security headers (`security_headers`).

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest};
use futures_core::Stream;

/// File descriptors kept free of connections: the database's pool, the SQLite
/// file and its journal, the render threads, the log, the workers' own polls and
/// timers, and the listening socket, with room to spare.
pub const FD_RESERVE: u64 = 256;

/// Files one connection holds: its socket, and the watch's handle on it.
const FILES_PER_CONNECTION: u64 = 2;

/// Raises the soft limit on open files to the hard limit, where the system allows
/// it; answers the soft limit in force afterwards (with `rlimit`, which wraps
/// `getrlimit`/`setrlimit` and knows the platforms' quirks, such as macOS's
/// `OPEN_MAX`).
pub fn raise_file_limit() -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(soft) => soft,
        Err(e) => {
            tracing::warn!(error = %e, "could not raise the limit on open files");
            rlimit::Resource::NOFILE.get().map(|(soft, _)| soft).unwrap_or(1024)
        }
    }
}

/// How many connections the server may hold open at once: the file limit less
/// `FD_RESERVE` (half the limit when it is smaller than that), over the two files
/// each connection holds (its socket and the watch's handle on it), or the
/// operator's lower `HYGO_MAX_CONNECTIONS`. A connection over the cap waits in the
/// kernel's queue, which costs no file, until one closes.
pub fn connection_cap(file_limit: u64, setting: Option<usize>) -> usize {
    let free = if file_limit > 2 * FD_RESERVE { file_limit - FD_RESERVE } else { file_limit / 2 };
    let derived = free / FILES_PER_CONNECTION;
    let derived = usize::try_from(derived).unwrap_or(usize::MAX).max(1);
    setting.map_or(derived, |s| s.min(derived))
}

/// `HttpServer::max_connections` counts per worker: the cap shared out, rounded
/// down so the total stays under it (at least one each).
pub fn per_worker(cap: usize, workers: usize) -> usize {
    (cap / workers.max(1)).max(1)
}

/// Middleware: gives the request body a deadline, `timeout` after its headers.
/// A handler that reads it then gets `PayloadError` with `TimedOut` (`timed_out`),
/// which `crate::actions` answers with 408. The body as received stays alive until
/// the answer is sent, so actix closes the connection after answering a request
/// whose body was not read (it would otherwise keep draining a chunked one).
pub async fn body_deadline(
    timeout: Duration,
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let has_body = req.headers().contains_key(header::CONTENT_LENGTH) || req.headers().contains_key(header::TRANSFER_ENCODING);
    if !has_body {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    }
    let received = Rc::new(RefCell::new(req.take_payload()));
    let timed = Timed { received: received.clone(), deadline: Box::pin(actix_web::rt::time::sleep(timeout)), expired: false };
    req.set_payload(Payload::from(Box::pin(timed) as Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>));
    let res = next.call(req).await?;
    Ok(res.map_body(|_, body| BoxBody::new(HoldsWhile { body: body.boxed(), _held: received })))
}

/// Whether reading a body failed because its deadline passed.
pub fn timed_out(e: &actix_web::Error) -> bool {
    matches!(e.as_error::<PayloadError>(), Some(PayloadError::Io(io)) if io.kind() == std::io::ErrorKind::TimedOut)
}

/// The body as received, ending in an error once the deadline has passed.
struct Timed {
    received: Rc<RefCell<Payload>>,
    deadline: Pin<Box<actix_web::rt::time::Sleep>>,
    expired: bool,
}

impl Stream for Timed {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.expired {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = Pin::new(&mut *this.received.borrow_mut()).poll_next(cx) {
            return Poll::Ready(item);
        }
        if this.deadline.as_mut().poll(cx).is_ready() {
            this.expired = true;
            let e = std::io::Error::new(std::io::ErrorKind::TimedOut, "the request body did not arrive in time");
            return Poll::Ready(Some(Err(PayloadError::Io(e))));
        }
        Poll::Pending
    }
}

/// How long a connection may go between the end of one answer (or its opening)
/// and the complete head of its next request. Actix closes an idle kept-alive
/// connection after its keep-alive (5 s) and cuts a slow head on a connection's
/// first request (`client_request_timeout`, 5 s), but a kept-alive connection
/// that sends part of its next head and then nothing has no timer at all: the
/// watch below closes it.
pub const NEXT_HEAD_WITHIN: Duration = Duration::from_secs(10);

/// One open connection as the watch sees it: its own handle on the socket (a
/// duplicate, so closing it can never hit a file the number was reused for), how
/// many of its requests are being answered, and since when it has been waiting.
struct Watched {
    socket: std::net::TcpStream,
    answering: AtomicU32,
    waiting_since_ms: AtomicU64,
}

/// The connection's entry, kept in its `on_connect` data for the middleware.
#[derive(Clone)]
pub struct Watch(Arc<Watched>);

static WATCHED: Mutex<Vec<Weak<Watched>>> = Mutex::new(Vec::new());
static STARTED: OnceLock<std::time::Instant> = OnceLock::new();

fn now_ms() -> u64 {
    STARTED.get_or_init(std::time::Instant::now).elapsed().as_millis() as u64
}

/// `HttpServer::on_connect`: puts every TCP connection under the watch.
pub fn on_connect(conn: &dyn std::any::Any, data: &mut actix_web::dev::Extensions) {
    use std::os::fd::AsFd;
    let Some(tcp) = conn.downcast_ref::<actix_web::rt::net::TcpStream>() else { return };
    let Ok(own) = tcp.as_fd().try_clone_to_owned() else { return };
    let watched = Arc::new(Watched {
        socket: std::net::TcpStream::from(own),
        answering: AtomicU32::new(0),
        waiting_since_ms: AtomicU64::new(now_ms()),
    });
    WATCHED.lock().unwrap_or_else(|e| e.into_inner()).push(Arc::downgrade(&watched));
    data.insert(Watch(watched));
}

/// Starts the thread that closes connections waiting longer than `limit` for a
/// complete request head (once per process; every second).
pub fn start_watch(limit: Duration) {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let spawned = std::thread::Builder::new().name("connection-watch".into()).spawn(move || loop {
            std::thread::sleep(Duration::from_secs(1));
            sweep(limit);
        });
        if let Err(e) = spawned {
            tracing::error!(error = %e, "cannot start the connection watch");
        }
    });
}

/// Closes the connections that have waited too long; forgets the closed ones.
fn sweep(limit: Duration) {
    let now = now_ms();
    let limit = limit.as_millis() as u64;
    let mut cut = 0;
    WATCHED.lock().unwrap_or_else(|e| e.into_inner()).retain(|weak| {
        let Some(watched) = weak.upgrade() else { return false };
        let idle = now.saturating_sub(watched.waiting_since_ms.load(Ordering::Relaxed));
        if watched.answering.load(Ordering::Relaxed) == 0 && idle > limit {
            // Actix's read then ends and it drops the connection.
            let _ = watched.socket.shutdown(std::net::Shutdown::Both);
            cut += 1;
            return false;
        }
        true
    });
    if cut > 0 {
        tracing::info!(connections = cut, "closed connections that sent no complete request in time");
    }
}

/// Middleware: a HEAD request is answered as its GET would be (RFC 9110 §9.3.2),
/// on every route: the router and the handlers see GET, and the HTTP/1 codec,
/// which noted the method when it read the head, sends the answer's headers
/// without its body. A HEAD health check so sees `/healthz`'s 503.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == actix_web::http::Method::HEAD {
        req.head_mut().method = actix_web::http::Method::GET;
    }
    next.call(req).await
}

/// Middleware: while a request is answered (its body included, however slowly
/// the client reads it), its connection is not waiting; when the answer has
/// gone, the wait for the next head starts.
pub async fn watch_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(watch) = req.conn_data::<Watch>().cloned() else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let answering = Answering::new(watch.0);
    let res = next.call(req).await?;
    Ok(res.map_body(|_, body| BoxBody::new(HoldsWhile { body: body.boxed(), _held: answering })))
}

/// A request being answered; dropped when its answer has been sent (or failed).
struct Answering(Arc<Watched>);

impl Answering {
    fn new(watched: Arc<Watched>) -> Self {
        watched.answering.fetch_add(1, Ordering::Relaxed);
        Answering(watched)
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.waiting_since_ms.store(now_ms(), Ordering::Relaxed);
        self.0.answering.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An answer's body that holds something until the body has been sent.
struct HoldsWhile<T> {
    body: BoxBody,
    _held: T,
}

impl<T: Unpin> MessageBody for HoldsWhile<T> {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_next(cx)
    }
}

/// Whether a write was sent by a page of another site, which a browser says in
/// `Origin` (or, without it, `Sec-Fetch-Site`). The site's origins are the
/// request's own (`scheme://Host`) and `HYGO_PUBLIC_URL`'s; `Origin: null` (a
/// sandboxed frame, a `data:` page) is another site. A request with neither
/// header is no browser's cross-site request (curl, the API's programs, a mail
/// server's one-click unsubscribe) and is let through.
pub fn from_another_site(req: &HttpRequest, public_url: &str) -> bool {
    let headers = req.headers();
    if let Some(origin) = headers.get(header::ORIGIN) {
        let Some(origin) = origin.to_str().ok().and_then(origin_of) else { return true };
        let info = req.connection_info();
        let own = origin_of(&format!("{}://{}", info.scheme(), info.host()));
        return !(own.as_deref() == Some(origin.as_str()) || origin_of(public_url).as_deref() == Some(origin.as_str()));
    }
    match headers.get("sec-fetch-site") {
        Some(site) => !matches!(site.to_str(), Ok("same-origin" | "none")),
        None => false,
    }
}

/// An address's origin as browsers write it (`https://hygo.in`, default port
/// left out); none for `null` or what is no web address.
fn origin_of(text: &str) -> Option<String> {
    let url = url::Url::parse(text.trim()).ok()?;
    let origin = url.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

/// Whether a path or a query holds a control character (a NUL among them), raw
/// or percent-encoded: in the path, any; in a query name, any; in a query value,
/// what no field takes (`hygo_core::form::is_control`). A query value that is
/// itself a site path (`/api/props?path=`) is looked into as one.
pub fn has_nul(path: &str, query: &str) -> bool {
    let in_path = match path.contains('%') {
        true => String::from_utf8_lossy(&percent_decoded(path)).chars().any(char::is_control),
        false => path.chars().any(char::is_control),
    };
    in_path || (!query.is_empty() && query_has_control(query, 2))
}

fn query_has_control(query: &str, depth: u8) -> bool {
    query.chars().any(char::is_control)
        || form_urlencoded::parse(query.as_bytes()).any(|(name, value)| {
            name.chars().any(char::is_control)
                || value.chars().any(hygo_core::form::is_control)
                || (depth > 0 && value.starts_with('/') && value.split_once('?').is_some_and(|(_, q)| query_has_control(q, depth - 1)))
        })
}

/// Whether a request header holds a control character: any header's value
/// (HTTP itself refuses most C0 controls in raw bytes, not the C1 ones UTF-8 can
/// carry), and a cookie's value after percent-decoding (the session and device
/// cookies are read decoded).
pub fn header_has_control(headers: &header::HeaderMap) -> bool {
    headers.iter().any(|(name, value)| {
        let bytes = value.as_bytes();
        bytes_have_control(bytes)
            || (name == header::COOKIE && bytes.contains(&b'%') && String::from_utf8_lossy(&percent_decoded(&String::from_utf8_lossy(bytes))).chars().any(char::is_control))
    })
}

/// Whether a header's bytes hold a control character: a C0 one but tab (which
/// HTTP allows in a value) or DEL as a byte, or a C1 one as UTF-8 (0xC2 followed
/// by 0x80 to 0x9F). Checked byte by byte, without decoding: every request's
/// headers go through it.
fn bytes_have_control(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().any(|(i, b)| (*b < 0x20 && *b != b'\t') || *b == 0x7F || (*b == 0xC2 && bytes.get(i + 1).is_some_and(|n| (0x80..=0x9F).contains(n))))
}

/// Where a body held a control character (`hygo_core::form::is_control`).
#[derive(Debug, PartialEq, Eq)]
pub enum Controls {
    /// In a field's name (or a JSON object's key): no form has such a field (400).
    InName,
    /// In the values of these fields (top-level names, each once, in order): 422.
    InFields(Vec<String>),
}

/// The control characters of a form body (`application/x-www-form-urlencoded`,
/// or the text fields of a multipart one put the same way), if any.
pub fn form_controls(body: &[u8]) -> Option<Controls> {
    let mut fields: Vec<String> = Vec::new();
    for (name, value) in form_urlencoded::parse(body) {
        if name.chars().any(char::is_control) {
            return Some(Controls::InName);
        }
        if value.chars().any(hygo_core::form::is_control) && !fields.iter().any(|f| *f == name) {
            fields.push(name.into_owned());
        }
    }
    (!fields.is_empty()).then_some(Controls::InFields(fields))
}

/// The same for a JSON body, at any depth; a field is named by its top-level key.
pub fn json_controls(value: &serde_json::Value) -> Option<Controls> {
    fn walk(value: &serde_json::Value) -> Result<bool, ()> {
        match value {
            serde_json::Value::String(s) => Ok(s.chars().any(hygo_core::form::is_control)),
            serde_json::Value::Array(items) => items.iter().try_fold(false, |any, v| Ok(walk(v)? || any)),
            serde_json::Value::Object(map) => map.iter().try_fold(false, |any, (k, v)| match k.chars().any(char::is_control) {
                true => Err(()),
                false => Ok(walk(v)? || any),
            }),
            _ => Ok(false),
        }
    }
    let mut fields = Vec::new();
    match value {
        serde_json::Value::Object(map) => {
            for (name, v) in map {
                match (name.chars().any(char::is_control), walk(v)) {
                    (true, _) | (_, Err(())) => return Some(Controls::InName),
                    (false, Ok(true)) => fields.push(name.clone()),
                    (false, Ok(false)) => {}
                }
            }
        }
        other => match walk(other) {
            Err(()) => return Some(Controls::InName),
            Ok(true) => fields.push(String::new()),
            Ok(false) => {}
        },
    }
    (!fields.is_empty()).then_some(Controls::InFields(fields))
}

fn percent_decoded(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// The content security policy: no inline script anywhere, so `script-src 'self'`
/// holds for cached HTML too. `style-src 'unsafe-inline'` is for the inline
/// stylesheet and React's `style` attributes (`docs/security.md`). `frame-src`
/// allows OpenStreetMap's embedded map alone (the contact page's "Show map").
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
     connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
     frame-src 'self' https://www.openstreetmap.org; frame-ancestors 'none'";

/// The headers of every answer the app makes: pages, the API, assets, errors and
/// redirects. `hsts` is `HYGO_HSTS`, sent only when set.
pub fn security_headers(hsts: Option<&str>) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, CSP))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add(("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"))
        .add(("cross-origin-opener-policy", "same-origin"))
        .add(("cross-origin-resource-policy", "same-origin"));
    match hsts {
        Some(value) => headers.add((header::STRICT_TRANSPORT_SECURITY, value)),
        None => headers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn the_cap_leaves_room_for_the_database_and_files() {
        assert_eq!(connection_cap(1024, None), 384, "two files a connection, 256 kept");
        assert_eq!(connection_cap(20_000, None), 9_872);
        assert_eq!(connection_cap(20_000, Some(500)), 500, "the setting lowers it");
        assert_eq!(connection_cap(1024, Some(5000)), 384, "but never raises it over the file limit");
        assert_eq!(connection_cap(256, None), 64);
        assert_eq!(per_worker(768, 2), 384);
        assert_eq!(per_worker(8, 3), 2);
        assert_eq!(per_worker(1, 4), 1);
    }

    #[test]
    fn nul_is_found_raw_encoded_and_in_a_path_inside_a_query() {
        for (path, query) in [
            ("/api/doctors/department/%00", ""),
            ("/doctors/a%00b", ""),
            ("/unsubscribe", "token=%00"),
            ("/unsubscribe", "token=a\0"),
            ("/api/search", "q=x&%00=1"),
            ("/api/props", "path=/unsubscribe%3Ftoken%3D%2500"),
        ] {
            assert!(has_nul(path, query), "{path}?{query}");
        }
        for (path, query) in [("/doctors/3", ""), ("/search", "q=100%25"), ("/search", "q=%2500"), ("/api/props", "path=/doctors/3")] {
            assert!(!has_nul(path, query), "{path}?{query}");
        }
    }

    #[test]
    fn only_the_sites_own_origins_may_write() {
        let public = "https://hygo.in";
        let req = |headers: &[(&str, &str)]| {
            let mut r = TestRequest::post().uri("/contactus").insert_header(("host", "127.0.0.1:8080"));
            for h in headers {
                r = r.insert_header(*h);
            }
            r.to_http_request()
        };
        for ok in [
            vec![],
            vec![("origin", "http://127.0.0.1:8080")],
            vec![("origin", "https://hygo.in")],
            vec![("origin", "https://hygo.in:443")],
            vec![("sec-fetch-site", "same-origin")],
            vec![("sec-fetch-site", "none")],
        ] {
            assert!(!from_another_site(&req(&ok), public), "{ok:?}");
        }
        for bad in [
            vec![("origin", "https://evil.example")],
            vec![("origin", "null")],
            vec![("origin", "http://hygo.in")],
            vec![("origin", "https://hygo.in.evil.example")],
            vec![("origin", "https://evil.example"), ("sec-fetch-site", "same-origin")],
            vec![("sec-fetch-site", "cross-site")],
            vec![("sec-fetch-site", "same-site")],
        ] {
            assert!(from_another_site(&req(&bad), public), "{bad:?}");
        }
    }
}

/// Whether an upload's body stopped because its deadline passed (as `timed_out`).
pub fn timed_out_multipart(e: &actix_multipart::MultipartError) -> bool {
    matches!(e, actix_multipart::MultipartError::Payload(PayloadError::Io(io)) if io.kind() == std::io::ErrorKind::TimedOut)
}

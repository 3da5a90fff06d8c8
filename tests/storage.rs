//! Storage faults under the real binary, on real files (issue 14, point 4): the
//! SQLite file deleted, moved away, replaced or made read-only under a running
//! server, its folder or its `-shm` made read-only, a missing file at start-up
//! where data is expected, and PostgreSQL refusing connections or writes and
//! coming back. `/healthz` must say so (503), no write may be answered 2xx that a
//! restart would lose, and the server must recover by itself once the fault clears.
//!
//! Read-only: tests may run as root, for whom `chmod` stops nothing; there the
//! file is made immutable (`chattr +i`), which stops root too. A test that can do
//! neither fails, saying why.

mod common;

use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};

use common::server::{free_port, get, request, spawn, spawn_logging, wait_healthy};

/// One contact message; answers the status.
fn contact(port: u16, n: usize) -> (u16, String) {
    let body = serde_json::json!({ "name": format!("Sender {n}"), "email": "s@example.com", "subject": "Storage test", "message": format!("Message {n}") });
    request(port, "POST", "/api/contact", Some(&body.to_string())).unwrap()
}

/// `/healthz`: the status and the reason it gives.
fn health(port: u16) -> (u16, String) {
    let (status, body) = get(port, "/healthz").unwrap();
    let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("/healthz {status}: not JSON: {body}"));
    (status, v["status"].as_str().unwrap_or_default().to_owned())
}

/// Waits (at most `within`) for `/healthz` to answer `want`; the last answer.
fn health_becomes(port: u16, want: u16, within: Duration) -> (u16, String) {
    let until = Instant::now() + within;
    loop {
        let answer = health(port);
        if answer.0 == want || Instant::now() > until {
            return answer;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A running server, killed if the test fails before it stops it.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server with its SQLite database at `dir/data/hygo.db` (the default URL), healthy.
fn start(dir: &Path, env: &[(&str, &str)]) -> (Running, u16) {
    let port = free_port();
    let mut child = spawn(dir, port, env);
    wait_healthy(&mut child, port);
    (Running(child), port)
}

fn stop(mut server: Running) {
    unsafe { libc::kill(server.0.id() as i32, libc::SIGTERM) };
    server.0.wait().unwrap();
}

fn db_file(dir: &Path) -> PathBuf {
    dir.join("data/hygo.db")
}

fn beside(file: &Path, suffix: &str) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// The references of the contact messages in the database file.
fn stored_references(dir: &Path) -> Vec<String> {
    let url = format!("sqlite://{}", db_file(dir).display());
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        use sea_orm::EntityTrait;
        let conn = hygo_core::db::open(&url).await.unwrap();
        let rows = hygo_core::entities::contact_message::Entity::find().all(&conn).await.unwrap();
        conn.close().await.ok();
        rows.into_iter().map(|r| r.reference).collect()
    })
}

/// A path made read-only for this process until dropped: `chmod` for a user,
/// `chattr +i` for root (whom `chmod` does not stop).
struct ReadOnly {
    path: PathBuf,
    mode: u32,
}

fn is_root() -> bool {
    unsafe { libc::geteuid() == 0 }
}

impl ReadOnly {
    fn make(path: &Path) -> Self {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).unwrap().permissions().mode();
        if is_root() {
            let out = std::process::Command::new("chattr").arg("+i").arg(path).output();
            match out {
                Ok(o) if o.status.success() => {}
                other => panic!(
                    "running as root, where chmod does not stop writes, and `chattr +i {}` failed ({other:?}): \
                     run the tests as another user, or on a file system with the immutable attribute",
                    path.display()
                ),
            }
        } else {
            let ro = if path.is_dir() { 0o555 } else { 0o444 };
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(ro)).unwrap();
        }
        ReadOnly { path: path.to_owned(), mode }
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        if is_root() {
            let _ = std::process::Command::new("chattr").arg("-i").arg(&self.path).status();
        }
        let _ = std::fs::set_permissions(&self.path, std::fs::Permissions::from_mode(self.mode));
    }
}

/// Deleted under a running server: `/healthz` says so, every write after it is
/// refused (none answered 2xx: SQLite would have put them in the deleted file),
/// and the next start refuses to begin with an empty database.
#[test]
fn a_deleted_database_is_reported_refused_and_not_silently_recreated() {
    let dir = tempfile::tempdir().unwrap();
    let (child, port) = start(dir.path(), &[("HYGO_WRITE_LIMIT", "1000")]);
    assert_eq!(contact(port, 0).0, 201);
    std::fs::remove_file(db_file(dir.path())).unwrap();

    assert_eq!(health(port), (503, "database file missing".to_owned()));
    // A HEAD health check sees it too: GET's status, no body.
    let head = common::server::exchange(port, "HEAD", "/healthz", &[], None).unwrap();
    assert_eq!((head.status, head.body.as_str()), (503, ""));
    let answers: Vec<(u16, String)> = (1..=20).map(|n| contact(port, n)).collect();
    let acknowledged = answers.iter().filter(|(s, _)| (200..300).contains(s)).count();
    eprintln!("deleted file: {acknowledged} of 20 writes answered 2xx after the deletion");
    assert_eq!(acknowledged, 0, "{answers:?}");
    assert!(answers.iter().all(|(s, body)| *s == 503 && body.contains("We could not save what you sent")), "{answers:?}");
    stop(child);

    // The marker written at the first start says data is expected.
    assert!(beside(&db_file(dir.path()), ".marker").exists(), "the first start wrote the marker");
    let (code, log) = start_fails(dir.path(), &[]);
    assert!(log.contains("is missing") && log.contains("hygo.db.marker") && log.contains("restore it from a backup"), "{log}");
    assert_eq!(code, i32::from(hygo::serve::EXIT_DATA_MISSING));
    assert!(!db_file(dir.path()).exists(), "no new, empty database was made");
}

/// Starts the server where it must fail; answers its exit code and its log.
fn start_fails(dir: &Path, env: &[(&str, &str)]) -> (i32, String) {
    let log_path = dir.join(format!("start-{}.log", free_port()));
    let log = std::fs::File::create(&log_path).unwrap();
    let mut child = Running(spawn_logging(dir, free_port(), env, log.into()));
    let until = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > until {
            panic!("the server started where it must not: {}", std::fs::read_to_string(&log_path).unwrap());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    (status.code().unwrap_or(-1), std::fs::read_to_string(&log_path).unwrap())
}

/// Moved away while writers run (an operator's `mv`, a backup script), then put
/// back: every write answered 201 is in it after a restart.
#[test]
fn no_acknowledged_write_is_lost_when_the_file_is_moved_away_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let (child, port) = start(dir.path(), &[("HYGO_WRITE_LIMIT", "100000")]);
    let file = db_file(dir.path());
    let aside = dir.path().join("data/moved.db");
    let moved = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let acknowledged = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let writer = {
        let (moved, acknowledged) = (moved.clone(), acknowledged.clone());
        std::thread::spawn(move || {
            let (mut ids, mut after, mut refused) = (Vec::new(), 0, 0);
            for n in 0..5000 {
                let was_moved = moved.load(std::sync::atomic::Ordering::SeqCst);
                let (status, body) = contact(port, n);
                match status {
                    201 => {
                        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
                        ids.push(v["data"]["reference"].as_str().expect("a stored message has a reference").to_owned());
                        after += usize::from(was_moved);
                        acknowledged.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                    503 => refused += 1,
                    other => panic!("unexpected {other}: {body}"),
                }
                if was_moved && refused >= 20 {
                    break;
                }
            }
            (ids, after, refused)
        })
    };
    // Move it once the writer is well under way, with writes in flight.
    let until = Instant::now() + Duration::from_secs(60);
    while acknowledged.load(std::sync::atomic::Ordering::SeqCst) < 20 {
        assert!(Instant::now() < until, "the writer did not get going");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::fs::rename(&file, &aside).unwrap();
    moved.store(true, std::sync::atomic::Ordering::SeqCst);
    let (ids, after, refused) = writer.join().unwrap();
    assert_eq!(health(port), (503, "database file missing".to_owned()));
    stop(child);
    std::fs::rename(&aside, &file).unwrap();

    let stored = stored_references(dir.path());
    let lost: Vec<_> = ids.iter().filter(|id| !stored.contains(id)).collect();
    eprintln!(
        "moved away: {} writes answered 201 ({after} sent after the move), {refused} refused with 503, {} lost",
        ids.len(),
        lost.len()
    );
    assert!(ids.len() >= 20, "the writer got going before the move ({} writes)", ids.len());
    assert!(refused >= 20, "writes after the move were refused");
    assert!(lost.is_empty(), "acknowledged and lost: {lost:?}");
    assert_eq!(after, 0, "no write sent after the move was answered 201");
}

/// Another file put in its place (a restore, a copy): reported, writes refused.
#[test]
fn a_replaced_database_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (child, port) = start(dir.path(), &[]);
    let file = db_file(dir.path());
    let copy = dir.path().join("data/copy.db");
    std::fs::copy(&file, &copy).unwrap();
    std::fs::rename(&copy, &file).unwrap();
    assert_eq!(health(port), (503, "database file replaced".to_owned()));
    let (status, body) = contact(port, 1);
    assert_eq!(status, 503, "{body}");
    stop(child);
}

/// While `path` is read-only: `/healthz` gives `reason`, a write is refused, and
/// twelve reads at once (the pool opens connections meanwhile) are answered, 200
/// or 503; their statuses. Writable again on return.
fn while_read_only(port: u16, path: &Path, reason: &str) -> Vec<u16> {
    let _ro = ReadOnly::make(path);
    assert_eq!(health(port), (503, reason.to_owned()), "{}", path.display());
    let (status, body) = contact(port, 1);
    assert_eq!(status, 503, "{body}");
    let reads = at_once(move |_| get(port, "/api/doctors").unwrap().0);
    assert!(reads.iter().all(|s| [200, 503].contains(s)), "{reads:?}");
    reads
}

/// The fault cleared: healthy within 10 s, and a write works, in the same process.
fn recovers(mut child: Running, port: u16) {
    assert_eq!(health_becomes(port, 200, Duration::from_secs(10)), (200, "ok".to_owned()));
    assert_eq!(contact(port, 2).0, 201);
    assert!(child.0.try_wait().unwrap().is_none(), "no restart");
    stop(child);
}

/// Twelve requests at once; their statuses.
fn at_once(send: impl Fn(usize) -> u16 + Send + Copy + 'static) -> Vec<u16> {
    let threads: Vec<_> = (0..12).map(|n| std::thread::spawn(move || send(n))).collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

/// Made read-only and writable again: refused while it lasts, then writes work
/// again without a restart, although the pool opened connections meanwhile
/// (SQLite opens those read-only; the pool must not keep them).
#[test]
fn a_read_only_database_recovers_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, port) = start(dir.path(), &[("HYGO_WRITE_LIMIT", "1000")]);
    let reads = while_read_only(port, &db_file(dir.path()), "database read-only");
    assert!(reads.iter().all(|s| *s == 200), "read-only connections serve reads meanwhile: {reads:?}");
    let started = Instant::now();
    assert_eq!(health_becomes(port, 200, Duration::from_secs(10)), (200, "ok".to_owned()));
    let writes = at_once(move |n| contact(port, 100 + n).0);
    eprintln!("read-only file cleared: healthy after {} ms, writes {writes:?}", started.elapsed().as_millis());
    assert!(writes.iter().all(|s| *s == 201), "every write works again: {writes:?}");
    assert!(child.0.try_wait().unwrap().is_none(), "no restart");
    stop(child);
}

/// The folder read-only: SQLite could not make its `-wal` and `-shm` there.
#[test]
fn a_read_only_folder_is_reported_and_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let (child, port) = start(dir.path(), &[]);
    while_read_only(port, &dir.path().join("data"), "database folder read-only");
    recovers(child, port);
}

/// A read-only `-wal`: reported, writes refused, the process lives,
/// and it recovers by itself.
#[test]
fn a_read_only_wal_is_reported_and_the_process_lives() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, port) = start(dir.path(), &[("HYGO_WRITE_LIMIT", "1000")]);
    assert_eq!(contact(port, 0).0, 201);
    // Connections opened meanwhile cannot write, so the pool does not keep them:
    // a read that needs a new one waits for the pool and gets 503.
    let reads = while_read_only(port, &beside(&db_file(dir.path()), "-wal"), "database journal read-only");
    eprintln!("read-only -wal: reads answered {reads:?}");
    assert!(child.0.try_wait().unwrap().is_none(), "the process lives");
    recovers(child, port);
}

/// A read-only `-shm` is reported by `/healthz`, which touches no database for
/// it. (The next query may kill the process: the `-shm` is memory-mapped, and a
/// page the kernel will not let SQLite write, as for an immutable file or a full
/// disk, is SIGBUS. docs/security.md says what an operator does.) The server's
/// own background work (the editors' content check every second, the requests'
/// expiry, the outbox) waits while the files cannot be written: the fault is left
/// for three of its turns, and the process lives through them.
#[test]
fn a_read_only_shm_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, port) = start(dir.path(), &[]);
    let shm = beside(&db_file(dir.path()), "-shm");
    assert!(shm.exists(), "-shm exists while the server runs");
    {
        let _ro = ReadOnly::make(&shm);
        assert_eq!(health(port), (503, "database journal read-only".to_owned()));
        std::thread::sleep(Duration::from_secs(3));
        assert!(child.0.try_wait().unwrap().is_none(), "the background work did not touch the read-only -shm");
        assert_eq!(health(port), (503, "database journal read-only".to_owned()));
    }
    assert_eq!(health_becomes(port, 200, Duration::from_secs(10)).0, 200);
    stop(child);
}

/// `HYGO_DATABASE_MUST_EXIST`: a missing file is an error; without it, the
/// first start creates the database (as `make run` on a clean clone does).
#[test]
fn a_missing_database_where_data_is_expected_stops_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let (code, log) = start_fails(dir.path(), &[("HYGO_DATABASE_MUST_EXIST", "true")]);
    assert_eq!(code, i32::from(hygo::serve::EXIT_DATA_MISSING), "an exit code a supervisor can tell from a crash");
    assert!(log.contains("is missing") && log.contains("HYGO_DATABASE_MUST_EXIST"), "{log}");
    assert!(!db_file(dir.path()).exists(), "nothing was created");

    let (child, _) = start(dir.path(), &[]);
    stop(child);
    let (child, _) = start(dir.path(), &[("HYGO_DATABASE_MUST_EXIST", "true")]);
    stop(child);
}

// ---- PostgreSQL: a database of this test's own, never `test` or `postgres` ----

fn admin(url: &str, sql: &str) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        use sea_orm::ConnectionTrait;
        let conn = hygo_core::db::open(url).await.unwrap();
        conn.execute_unprepared(sql).await.unwrap();
        conn.close().await.ok();
    });
}

/// PostgreSQL refusing connections, then taking them again; refusing writes, then
/// taking them again; and the database dropped: `/healthz` follows each, writes
/// are refused while it lasts, and the server recovers without a restart.
#[test]
fn postgres_down_read_only_and_back() {
    let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
        eprintln!("TEST_DATABASE_URL is not set: the PostgreSQL storage test did not run");
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    let db = rt.block_on(common::TestDb::postgres(&admin_url));
    let name = db.url.rsplit('/').next().unwrap().to_owned();
    assert!(name.starts_with("hygo_test_"), "a database of the test's own: {name}");
    let dir = tempfile::tempdir().unwrap();

    // Data expected in an empty database: refused.
    let (code, log) = start_fails(dir.path(), &[("DATABASE_URL", &db.url), ("HYGO_DATABASE_MUST_EXIST", "true")]);
    assert_eq!(code, i32::from(hygo::serve::EXIT_DATA_MISSING));
    assert!(log.contains("is empty") && !log.contains(&db.url), "{log}");

    let (mut child, port) = start(dir.path(), &[("DATABASE_URL", &db.url), ("HYGO_WRITE_LIMIT", "1000")]);
    let kick = format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'");

    admin(&admin_url, &format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS false"));
    admin(&admin_url, &kick);
    assert_eq!(health_becomes(port, 503, Duration::from_secs(20)), (503, "database unavailable".to_owned()));
    assert_eq!(contact(port, 1).0, 503);
    admin(&admin_url, &format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS true"));
    assert_eq!(health_becomes(port, 200, Duration::from_secs(20)).0, 200, "back");
    assert_eq!(contact(port, 2).0, 201);

    admin(&admin_url, &format!("ALTER DATABASE {name} SET default_transaction_read_only = on"));
    admin(&admin_url, &kick);
    assert_eq!(health_becomes(port, 503, Duration::from_secs(20)), (503, "database write failed".to_owned()));
    assert_eq!(contact(port, 3).0, 503);
    admin(&admin_url, &format!("ALTER DATABASE {name} RESET default_transaction_read_only"));
    admin(&admin_url, &kick);
    assert_eq!(health_becomes(port, 200, Duration::from_secs(20)).0, 200, "writable again");
    assert_eq!(contact(port, 4).0, 201);

    admin(&admin_url, &format!("DROP DATABASE {name} WITH (FORCE)"));
    assert_eq!(health_becomes(port, 503, Duration::from_secs(20)), (503, "database unavailable".to_owned()));
    assert_eq!(contact(port, 5).0, 503);
    assert!(child.0.try_wait().unwrap().is_none(), "no restart");
    stop(child);
}

/// The write runner's last check (`hygo::write::Runner::run`), which the tests
/// above can only meet by chance: a write that commits to a file deleted while it
/// ran (here the write deletes it itself, so the moment is certain) is not
/// answered 2xx, however its own answer reads; the same write with the file in
/// place is.
#[actix_web::test]
async fn a_write_the_file_lost_while_it_ran_is_not_answered_as_stored() {
    let db = common::TestDb::sqlite();
    let state = common::state(&db).await;
    let file = PathBuf::from(db.url.trim_start_matches("sqlite://").split('?').next().unwrap());
    assert!(file.is_file(), "{}", file.display());
    let req = actix_web::test::TestRequest::default().to_http_request();
    let runner = hygo::write::Runner::new(&state, &req);
    let kept = runner.run(hygo::write::Gate::plain(), async { Ok::<_, hygo_core::form::WriteError>(1) }, |_| true).await;
    assert!(matches!(kept, Ok(Ok(1))), "the file in place: the write's own answer");
    let lost = runner
        .run(
            hygo::write::Gate::plain(),
            async {
                std::fs::remove_file(&file).unwrap();
                Ok::<_, hygo_core::form::WriteError>(2)
            },
            |_| true,
        )
        .await;
    match lost {
        Err(e) => assert_eq!(e.status, 503, "{}", e.message),
        Ok(answer) => panic!("a write the file lost was answered as the write said: {:?}", answer.map_err(|_| "an error")),
    }
}

/// Issue 44: after SQLite's file system filled up and space came back, every
/// write said "database is locked" for 100 s, and `/healthz` timed out, until a
/// restart: a connection whose write failed as the disk filled went back to the
/// pool inside its transaction, holding the lock. Here the database is full on
/// demand for one connection (`PRAGMA max_page_count`, no root needed); a write
/// on it fails with `SQLITE_FULL` inside `BEGIN IMMEDIATE`, and the connection is
/// given back so. It is closed rather than kept: the next writes go through at
/// once, and `/healthz` answers 200 within its second.
#[actix_web::test]
async fn a_connection_left_in_a_transaction_by_a_full_disk_holds_no_lock() {
    use sea_orm::sqlx::{self, Connection as _};
    let db = common::TestDb::sqlite();
    let state = common::state(&db).await;
    let app = actix_web::test::init_service(hygo::app::app(state.clone())).await;
    let message = || common::post_json("/api/contact", &serde_json::json!({ "name": "Meera", "phone": "98250 12345", "subject": "Hours", "message": "Open on Sunday?" }));
    assert_eq!(common::call(&app, message()).await.status, 201);
    {
        let pool = state.db.get_sqlite_connection_pool();
        let mut conn = pool.acquire().await.unwrap();
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(&mut *conn).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA max_page_count = {pages}"))).execute(&mut *conn).await.unwrap();
        sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await.unwrap();
        let full = sqlx::query("UPDATE contact_messages SET message = ?")
            .bind("x".repeat(200_000))
            .execute(&mut *conn)
            .await
            .unwrap_err();
        assert!(full.to_string().contains("full"), "the database is full for this connection: {full}");
        conn.ping().await.unwrap();
        // Given back as a failed write leaves it: inside its transaction, with the lock.
    }
    let started = Instant::now();
    for _ in 0..3 {
        let answer = common::call(&app, message()).await;
        assert_eq!(answer.status, 201, "a write after the fault: {}", answer.text);
    }
    assert!(started.elapsed() < Duration::from_secs(4), "without waiting for a lock: {:?}", started.elapsed());
    let health = common::call(&app, actix_web::test::TestRequest::get().uri("/healthz")).await;
    assert_eq!(health.status, 200, "{}", health.text);
}

//! Backups taken while the server runs, and restoring one with it stopped
//! (`hygo backup FILE`, `hygo restore FILE`; docs/operations.md, "Backups").
//!
//! - **SQLite**: SQLite's online backup API (`sqlite3_backup_*`, through the
//!   `libsqlite3-sys` the server already links, as `db::stale_read_only` does)
//!   copies the database in one step, inside one read transaction: a consistent
//!   snapshot of every write committed before it began, while the server goes on
//!   writing (WAL lets it). The copy is made self-contained (no `-wal`), checked
//!   with `PRAGMA integrity_check`, made durable (fsync) and only then given its
//!   name, so a half-written backup never looks like one. (Copying the file with
//!   `cp` while the server runs is not a backup: the last writes are in the
//!   `-wal`.)
//! - **PostgreSQL**: `pg_dump --format=custom` and `pg_restore`, with the
//!   password, if any, passed in the environment, never on the command line.
//!
//! A restore refuses while any process has the SQLite database open (the
//! server, another instance): it takes the database's exclusive lock first. On
//! PostgreSQL it refuses while a server runs on the database (every server
//! holds HYGO's advisory lock, `db::SERVER_LOCK`, as `pg_locks` says) or any
//! other session is connected to it (another instance, a `psql`), as
//! `pg_stat_activity` says;
//! and a database that holds HYGO's data is replaced only when the operator
//! says so (`--replace`), after being told what it holds: a restore by mistake
//! onto a live database (issue 44) took 346 acknowledged writes.

use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};
use std::process::Command;

use libsqlite3_sys as ffi;

/// What was done, in words for the operator.
pub type Done = String;

/// Backs up the database `database_url` names into `out`, which must not exist.
pub fn backup(database_url: &str, out: &Path) -> Result<Done, String> {
    if out.exists() {
        return Err(format!("{} exists already: choose a new file, so that no backup is overwritten", out.display()));
    }
    match crate::db::sqlite_file(database_url) {
        Some(file) => backup_sqlite(&file, out),
        None if is_postgres(database_url) => pg(database_url, out, Direction::Dump),
        None => Err("DATABASE_URL names no database file or server that can be backed up".into()),
    }
}

/// Restores the backup `from` into the database `database_url` names, with every
/// server stopped. What the database held is replaced; on PostgreSQL, a database
/// that holds HYGO's data only with `replace`.
pub fn restore(database_url: &str, from: &Path, replace: bool) -> Result<Done, String> {
    if !from.is_file() {
        return Err(format!("{} is no file", from.display()));
    }
    match crate::db::sqlite_file(database_url) {
        Some(file) => restore_sqlite(from, &file, replace),
        None if is_postgres(database_url) => {
            pg_may_restore(database_url, replace)?;
            pg(database_url, from, Direction::Restore)?;
            // The e-mails waiting in the backup are held (`crate::mail::HELD_THROUGH`).
            let hold = format!(
                "INSERT INTO secrets (name, value) SELECT '{}', COALESCE(MAX(id), 0)::text FROM outbox ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
                crate::mail::HELD_THROUGH
            );
            pg(database_url, Path::new(""), Direction::Query(hold))?;
            let held = pg(database_url, Path::new(""), Direction::Query("SELECT count(*) FROM outbox".into()))?;
            Ok(format!("restored the PostgreSQL database from {} with pg_restore; {}start the server", from.display(), held_words(&held)))
        }
        None => Err("DATABASE_URL names no database file or server to restore into".into()),
    }
}

fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

// ---- SQLite --------------------------------------------------------------------

/// An SQLite connection of its own (not the server's pool), closed when dropped.
struct Conn(*mut ffi::sqlite3);

impl Drop for Conn {
    fn drop(&mut self) {
        // SAFETY: the handle came from `sqlite3_open_v2` and is closed once.
        unsafe { ffi::sqlite3_close(self.0) };
    }
}

impl Conn {
    fn open(path: &Path, flags: i32, busy_ms: i32) -> Result<Conn, String> {
        let name = CString::new(path.as_os_str().as_encoded_bytes()).map_err(|_| format!("{} holds a NUL", path.display()))?;
        let mut db = std::ptr::null_mut();
        // SAFETY: `name` is a valid C string; `db` receives a handle, closed by `Conn`'s Drop even on failure.
        let rc = unsafe { ffi::sqlite3_open_v2(name.as_ptr(), &mut db, flags, std::ptr::null()) };
        let conn = Conn(db);
        if rc != ffi::SQLITE_OK {
            return Err(format!("cannot open {}: {}", path.display(), conn.error()));
        }
        // SAFETY: a valid handle.
        unsafe { ffi::sqlite3_busy_timeout(conn.0, busy_ms) };
        Ok(conn)
    }

    fn error(&self) -> String {
        if self.0.is_null() {
            return "out of memory".into();
        }
        // SAFETY: a valid handle; the message is a C string owned by SQLite, copied at once.
        unsafe { CStr::from_ptr(ffi::sqlite3_errmsg(self.0)) }.to_string_lossy().into_owned()
    }

    fn exec(&self, sql: &str) -> Result<(), String> {
        let sql_c = CString::new(sql).map_err(|_| "SQL with a NUL".to_owned())?;
        // SAFETY: a valid handle and C string; no callback.
        let rc = unsafe { ffi::sqlite3_exec(self.0, sql_c.as_ptr(), None, std::ptr::null_mut(), std::ptr::null_mut()) };
        if rc == ffi::SQLITE_OK { Ok(()) } else { Err(format!("{sql}: {}", self.error())) }
    }

    /// The first column of the first row of a query, as text.
    fn text(&self, sql: &str) -> Result<String, String> {
        let sql_c = CString::new(sql).map_err(|_| "SQL with a NUL".to_owned())?;
        let mut stmt = std::ptr::null_mut();
        // SAFETY: a valid handle and C string; the statement is finalized below on every path.
        let rc = unsafe { ffi::sqlite3_prepare_v2(self.0, sql_c.as_ptr(), -1, &mut stmt, std::ptr::null_mut()) };
        if rc != ffi::SQLITE_OK {
            return Err(format!("{sql}: {}", self.error()));
        }
        // SAFETY: a prepared statement; the text is copied before finalizing.
        let answer = unsafe {
            let step = ffi::sqlite3_step(stmt);
            let text = match step {
                ffi::SQLITE_ROW => {
                    let p = ffi::sqlite3_column_text(stmt, 0);
                    Ok(if p.is_null() { String::new() } else { CStr::from_ptr(p.cast()).to_string_lossy().into_owned() })
                }
                _ => Err(format!("{sql}: {}", self.error())),
            };
            ffi::sqlite3_finalize(stmt);
            text
        };
        answer
    }

    /// `PRAGMA integrity_check` says `ok`.
    fn check(&self, what: &Path) -> Result<(), String> {
        match self.text("PRAGMA integrity_check")?.as_str() {
            "ok" => Ok(()),
            other => Err(format!("{} is damaged: {other}", what.display())),
        }
    }
}

/// Copies database `from` into `to` with the online backup API, in one step:
/// one read transaction on `from`, so the copy is a consistent snapshot. (In
/// smaller steps, every write to `from` in between would restart the copy.)
fn copy(from: &Conn, to: &Conn) -> Result<(), String> {
    // SAFETY: two valid handles; the backup object is finished below on every path.
    unsafe {
        let b = ffi::sqlite3_backup_init(to.0, c"main".as_ptr(), from.0, c"main".as_ptr());
        if b.is_null() {
            return Err(format!("cannot start the copy: {}", to.error()));
        }
        let mut tries = 0;
        let rc = loop {
            match ffi::sqlite3_backup_step(b, -1) {
                ffi::SQLITE_BUSY | ffi::SQLITE_LOCKED if tries < 100 => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                rc => break rc,
            }
        };
        let finished = ffi::sqlite3_backup_finish(b);
        if rc != ffi::SQLITE_DONE || finished != ffi::SQLITE_OK {
            return Err(format!("the copy failed: {}", to.error()));
        }
    }
    Ok(())
}

fn backup_sqlite(file: &Path, out: &Path) -> Result<Done, String> {
    if !file.is_file() {
        return Err(format!("the database file {} is missing", file.display()));
    }
    let partial = with_suffix(out, ".partial");
    let _ = std::fs::remove_file(&partial);
    let result = (|| {
        create_private(&partial)?;
        let source = Conn::open(file, ffi::SQLITE_OPEN_READONLY, 10_000)?;
        let copy_to = Conn::open(&partial, ffi::SQLITE_OPEN_READWRITE | ffi::SQLITE_OPEN_CREATE, 10_000)?;
        copy(&source, &copy_to)?;
        // One self-contained file: the copy came with the source's WAL mode.
        copy_to.exec("PRAGMA journal_mode=DELETE")?;
        copy_to.check(out)?;
        let pages = copy_to.text("PRAGMA page_count")?;
        drop(copy_to);
        sync(&partial)?;
        std::fs::rename(&partial, out).map_err(|e| format!("cannot name the backup {}: {e}", out.display()))?;
        sync_folder(out)?;
        Ok(pages)
    })();
    match result {
        Ok(pages) => {
            let size = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
            Ok(format!("backed up {} to {} ({pages} pages, {size} bytes; integrity checked)", file.display(), out.display()))
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}

fn restore_sqlite(from: &Path, file: &Path, replace: bool) -> Result<Done, String> {
    let source = Conn::open(from, ffi::SQLITE_OPEN_READONLY, 0)?;
    source.check(from)?;
    if source.text("SELECT count(*) FROM sqlite_master WHERE name = 'seaql_migrations'")? != "1" {
        return Err(format!("{} is no HYGO database", from.display()));
    }
    if let Some(folder) = file.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    }
    let live = Conn::open(file, ffi::SQLITE_OPEN_READWRITE | ffi::SQLITE_OPEN_CREATE, 0)?;
    // The exclusive lock: refused while a server (or anything else) has the database open.
    let running = |e: String| format!("{} is in use ({e}): stop every server on it first, then restore", file.display());
    live.exec("PRAGMA locking_mode=EXCLUSIVE").map_err(running)?;
    live.exec("BEGIN IMMEDIATE").map_err(running)?;
    live.exec("COMMIT").map_err(running)?;
    // (SQLite resolves every table of a statement when it prepares it: the counts only where there are tables.)
    if live.text("SELECT count(*) FROM sqlite_master WHERE name = 'appointments'")? != "0" && !replace {
        return Err(replace_first(&live.text(&format!("SELECT {HOLDS}"))?));
    }
    copy(&source, &live)?;
    let held = match live.text("SELECT count(*) FROM sqlite_master WHERE name IN ('outbox', 'secrets')")?.as_str() {
        "2" => {
            live.exec(&format!("INSERT INTO secrets (name, value) SELECT '{}', CAST(COALESCE(MAX(id), 0) AS TEXT) FROM outbox WHERE 1 ON CONFLICT(name) DO UPDATE SET value = excluded.value", crate::mail::HELD_THROUGH))?;
            live.text("SELECT count(*) FROM outbox")?
        }
        _ => "0".to_owned(),
    };
    live.exec("PRAGMA wal_checkpoint(TRUNCATE)")?;
    live.check(file)?;
    drop(live);
    sync(file)?;
    Ok(format!("restored {} from {} (integrity checked); {}start the server", file.display(), from.display(), held_words(&held)))
}

/// What a restore says of the e-mails that were waiting in the backup: held
/// (`crate::mail::HELD_THROUGH`), since some may have gone out after it was taken.
fn held_words(count: &str) -> String {
    match count.trim() {
        "0" | "" => String::new(),
        n => format!("{n} e-mails that were waiting in the backup are held, as some may have been sent after it was taken: `hygo outbox` lists them, `hygo outbox release` sends them, `hygo outbox discard` drops them; "),
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// A backup holds password hashes, second-factor secrets and patients' data:
/// made empty and readable by its owner only (0600) before anything is written
/// into it, whatever the umask (issue 44: 0644, world-readable).
fn create_private(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path).map(drop).map_err(|e| format!("cannot make {}: {e}", path.display()))
}

fn sync(path: &Path) -> Result<(), String> {
    std::fs::File::open(path).and_then(|f| f.sync_all()).map_err(|e| format!("cannot make {} durable: {e}", path.display()))
}

fn sync_folder(path: &Path) -> Result<(), String> {
    let folder = path.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::File::open(folder).and_then(|f| f.sync_all()).map_err(|e| format!("cannot make {} durable: {e}", folder.display()))
}

// ---- PostgreSQL ------------------------------------------------------------------

enum Direction {
    Dump,
    Restore,
    /// A query with `psql` (one value: `--tuples-only --no-align`).
    Query(String),
}

/// Whether a restore may go on: no other session on the database (every
/// server keeps connections open while it runs), and a database without HYGO's
/// data, or `replace` (the refusal says what it holds).
fn pg_may_restore(database_url: &str, replace: bool) -> Result<(), String> {
    // A server between requests may hold no connection of its pool, but it
    // always holds its lock (`crate::db::hold_server_lock`).
    let servers = pg(database_url, Path::new(""), Direction::Query(format!(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = {} AND objid = {} AND objsubid = 1 \
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        crate::db::SERVER_LOCK >> 32,
        crate::db::SERVER_LOCK & 0xFFFF_FFFF
    )))?;
    if servers.trim() != "0" {
        return Err(format!(
            "HYGO's server lock is held on the database: {} server(s) running on it; stop every server on it first, then restore",
            servers.trim()
        ));
    }
    let others = pg(database_url, Path::new(""), Direction::Query(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()".into(),
    ))?;
    if others.trim() != "0" {
        return Err(format!(
            "{} other sessions are connected to the database (a server, another instance, a psql): stop every server on it first, then restore",
            others.trim()
        ));
    }
    // (PostgreSQL, as SQLite, resolves every table of a statement first: the counts only where there are tables.)
    let has_data = pg(database_url, Path::new(""), Direction::Query("SELECT to_regclass('public.appointments') IS NOT NULL".into()))?;
    if has_data.trim() == "t" && !replace {
        let holds = pg(database_url, Path::new(""), Direction::Query(format!("SELECT {HOLDS}")))?;
        return Err(replace_first(holds.trim()));
    }
    Ok(())
}

/// What a database holds, in words (SQL for both databases).
const HOLDS: &str = "(SELECT count(*) FROM appointments) || ' appointment requests, ' || (SELECT count(*) FROM contact_messages) || ' contact messages, ' || \
     (SELECT count(*) FROM card_requests) || ' health card requests, ' || (SELECT count(*) FROM audit_log) || ' audit rows'";

/// The refusal of a restore onto a database that holds data, without `--replace`.
fn replace_first(holds: &str) -> String {
    format!("the database holds HYGO's data ({holds}), which the restore would replace with the backup's: if that is what you mean, run it again with --replace")
}

/// `pg_dump` or `pg_restore` for a `postgres://` URL: the URL without its
/// password and the parameters only sqlx knows; the password in `PGPASSWORD`,
/// which other users cannot read (the command line they can).
fn pg(database_url: &str, file: &Path, direction: Direction) -> Result<Done, String> {
    let mut url = url::Url::parse(database_url).map_err(|_| "DATABASE_URL is not an address".to_owned())?;
    let password = url.password().map(|p| percent_encoding::percent_decode_str(p).decode_utf8_lossy().into_owned());
    url.set_password(None).map_err(|()| "DATABASE_URL is not an address".to_owned())?;
    let kept: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(k, _)| matches!(k.as_ref(), "sslmode" | "sslrootcert" | "sslcert" | "sslkey" | "application_name" | "options"))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    url.set_query(None);
    if !kept.is_empty() {
        url.query_pairs_mut().extend_pairs(kept);
    }
    let (program, args): (&str, Vec<String>) = match &direction {
        Direction::Dump => {
            let out = file.to_string_lossy().into_owned();
            ("pg_dump", vec!["--format=custom".into(), "--no-owner".into(), "--no-privileges".into(), "--no-password".into(), format!("--file={out}"), format!("--dbname={url}")])
        }
        Direction::Query(sql) => (
            "psql",
            vec!["--no-psqlrc".into(), "--quiet".into(), "--tuples-only".into(), "--no-align".into(), "--no-password".into(), "--set=ON_ERROR_STOP=1".into(), format!("--command={sql}"), format!("--dbname={url}")],
        ),
        Direction::Restore => (
            "pg_restore",
            vec![
                "--clean".into(),
                "--if-exists".into(),
                "--no-owner".into(),
                "--no-privileges".into(),
                "--single-transaction".into(),
                "--exit-on-error".into(),
                "--no-password".into(),
                format!("--dbname={url}"),
                file.to_string_lossy().into_owned(),
            ],
        ),
    };
    if let Direction::Dump = direction {
        // pg_dump writes into the file as it is, so it keeps these permissions.
        create_private(file)?;
    }
    let mut command = Command::new(program);
    command.args(&args);
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let failed = |why: String| {
        if let Direction::Dump = direction {
            let _ = std::fs::remove_file(file);
        }
        Err(why)
    };
    let output = match command.output() {
        Ok(output) => output,
        Err(e) => return failed(format!("cannot run {program} (install PostgreSQL's client tools): {e}")),
    };
    if !output.status.success() {
        return failed(format!("{program} failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    if let Direction::Dump = direction {
        sync(file)?;
    }
    Ok(match direction {
        Direction::Dump => format!("backed up the PostgreSQL database to {} with pg_dump (custom format)", file.display()),
        Direction::Restore => format!("restored the PostgreSQL database from {} with pg_restore; start the server", file.display()),
        Direction::Query(_) => String::from_utf8_lossy(&output.stdout).into_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backup_is_a_checked_self_contained_copy_and_never_overwrites() {
        let dir = tempfile_dir();
        let live = dir.join("live.db");
        let conn = Conn::open(&live, ffi::SQLITE_OPEN_READWRITE | ffi::SQLITE_OPEN_CREATE, 1000).unwrap();
        conn.exec("PRAGMA journal_mode=WAL; CREATE TABLE seaql_migrations (v TEXT); CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)").unwrap();
        let out = dir.join("backup.db");
        backup(&format!("sqlite://{}?mode=rwc", live.display()), &out).unwrap();
        let copy = Conn::open(&out, ffi::SQLITE_OPEN_READONLY, 0).unwrap();
        assert_eq!(copy.text("SELECT count(*) FROM t").unwrap(), "3", "the writes in the WAL are in the copy");
        assert_eq!(copy.text("PRAGMA journal_mode").unwrap(), "delete", "one file");
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&out).unwrap().permissions().mode() & 0o777, 0o600, "the owner's only");
        assert!(!with_suffix(&out, "-wal").exists());
        let again = backup(&format!("sqlite://{}", live.display()), &out).unwrap_err();
        assert!(again.contains("exists already"), "{again}");

        // Restoring is refused while the database is open elsewhere (`conn`, as a server's would be).
        conn.exec("INSERT INTO t VALUES (4)").unwrap();
        let refused = restore(&format!("sqlite://{}", live.display()), &out, false).unwrap_err();
        assert!(refused.contains("stop every server"), "{refused}");
        drop(conn);
        restore(&format!("sqlite://{}", live.display()), &out, false).unwrap();
        let back = Conn::open(&live, ffi::SQLITE_OPEN_READONLY, 0).unwrap();
        assert_eq!(back.text("SELECT count(*) FROM t").unwrap(), "3", "as it was at the backup");
        // Not a HYGO database: refused.
        let other = dir.join("other.db");
        Conn::open(&other, ffi::SQLITE_OPEN_READWRITE | ffi::SQLITE_OPEN_CREATE, 0).unwrap().exec("CREATE TABLE x (y)").unwrap();
        assert!(restore(&format!("sqlite://{}", live.display()), &other, false).unwrap_err().contains("no HYGO database"));
        let _ = std::fs::remove_dir_all(dir);
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hygo-backup-{}-{}", std::process::id(), crate::refs::new_token()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}

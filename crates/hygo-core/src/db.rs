//! The database named by a URL: opening its pool (`open`), beginning writes,
//! and telling whether it can keep them (`Storage`). `crate::setup` connects,
//! migrates and seeds.

use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr};

pub type Db = DatabaseConnection;

/// Begins a transaction that writes. On SQLite it is `BEGIN IMMEDIATE`: it takes
/// the write lock at once, waiting for it up to the busy timeout. A deferred
/// transaction that reads first and writes later fails at once with
/// `SQLITE_BUSY_SNAPSHOT` ("database is locked", code 517) when another
/// connection (this process's pool, another instance or `hygo staff` on the same
/// file) committed in between, which no busy timeout waits out. PostgreSQL
/// begins as usual.
pub async fn begin_write(db: &DatabaseConnection) -> Result<sea_orm::DatabaseTransaction, DbErr> {
    use sea_orm::{SqliteTransactionMode, TransactionOptions, TransactionTrait};
    let mode = match db.get_database_backend() {
        sea_orm::DbBackend::Sqlite => Some(SqliteTransactionMode::Immediate),
        _ => None,
    };
    db.begin_with_options(TransactionOptions { sqlite_transaction_mode: mode, ..TransactionOptions::default() }).await
}

/// The advisory lock every server on a PostgreSQL database holds, shared, for
/// as long as it runs ("hygo" in ASCII), so that `hygo restore` can tell that one
/// runs even while its pool holds no connection (issue 44: a restore by mistake
/// onto a live database took 346 acknowledged writes; `crate::backup`).
pub(crate) const SERVER_LOCK: i64 = 0x6879_676F;

/// A connection of its own that holds `SERVER_LOCK` shared while it lives.
pub struct ServerLock(sea_orm::sqlx::PgConnection);

impl ServerLock {
    /// Whether the connection, and so the lock, is still there.
    pub async fn held(&mut self) -> bool {
        use sea_orm::sqlx::Connection;
        self.0.ping().await.is_ok()
    }
}

/// Takes `SERVER_LOCK` shared on a new connection to the PostgreSQL database of
/// `url` (servers share it; a restore looks for it).
pub async fn hold_server_lock(url: &str) -> Result<ServerLock, DbErr> {
    use sea_orm::sqlx::Connection;
    let fail = |e: sea_orm::sqlx::Error| DbErr::Custom(format!("the server lock: {e}"));
    let mut conn = sea_orm::sqlx::PgConnection::connect(url).await.map_err(fail)?;
    sea_orm::sqlx::query("SELECT pg_advisory_lock_shared($1)").bind(SERVER_LOCK).execute(&mut conn).await.map_err(fail)?;
    Ok(ServerLock(conn))
}

/// Connects without migrating (for tools and tests that manage the schema).
pub async fn open(url: &str) -> Result<Db, DbErr> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .sqlx_logging(false)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10));
    if url.starts_with("sqlite:") {
        if let Some(dir) = sqlite_file(url).and_then(|p| p.parent().map(|d| d.to_path_buf())) {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(&dir)
                    .map_err(|e| DbErr::Custom(format!("cannot create {}: {e}", dir.display())))?;
            }
        }
        let file: std::sync::Arc<std::path::Path> = sqlite_file(url).unwrap_or_default().into();
        // One writer at a time is SQLite's nature; a few readers share the pool.
        options
            .max_connections(8)
            .min_connections(1)
            .map_sqlx_sqlite_opts(|o| {
                o.create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Full)
                    .foreign_keys(true)
                    .busy_timeout(BUSY_TIMEOUT)
            })
            .map_sqlx_sqlite_before_acquire(move |conn, _| {
                let file = file.clone();
                Box::pin(async move { Ok(!stale_read_only(conn, &file).await?) })
            })
            .map_sqlx_sqlite_pool_opts(|pool| {
                pool.after_connect(|conn, _| Box::pin(must_write(conn)))
                    .after_release(|conn, _| Box::pin(async move { Ok(!in_transaction(conn).await?) }))
            });

    } else {
        options.max_connections(16).min_connections(1);
    }
    Database::connect(options).await
}

/// SQLite opens a file it may not write read-only, without a word, and such a
/// connection stays read-only after the file is writable again: in the pool it
/// would refuse every write it is given until it is closed (issue 14: 503s for
/// 14 minutes after a `chmod` was undone). So before the pool hands out an idle
/// connection it asks SQLite whether that connection is read-only
/// (`sqlite3_db_readonly`, a flag: no I/O), and discards it when it is and the
/// file may be written now; the pool opens a fresh one in its place. While the
/// fault lasts, such connections still serve reads (writes are refused before
/// they reach them: `Storage::files`).
async fn stale_read_only(conn: &mut sea_orm::sqlx::SqliteConnection, file: &std::path::Path) -> Result<bool, sea_orm::sqlx::Error> {
    Ok(read_only(conn).await? && writable(file))
}

/// A connection given back to the pool inside a transaction is closed, not
/// kept: its transaction (and the write lock it may hold) ends with it. A write
/// that failed as the disk filled (`SQLITE_FULL`) can leave its transaction
/// open when the rollback fails too; kept, that connection held the lock, and
/// every other write said "database is locked" until a restart (issue 44).
async fn in_transaction(conn: &mut sea_orm::sqlx::SqliteConnection) -> Result<bool, sea_orm::sqlx::Error> {
    let mut handle = conn.lock_handle().await?;
    // SAFETY: the handle is locked (no other thread uses the connection) and
    // open; the call reads a flag.
    let open = unsafe { libsqlite3_sys::sqlite3_get_autocommit(handle.as_raw_handle().as_ptr()) } == 0;
    if open {
        tracing::warn!("a database connection came back inside a transaction: closed, so it holds no lock");
    }
    Ok(open)
}

async fn read_only(conn: &mut sea_orm::sqlx::SqliteConnection) -> Result<bool, sea_orm::sqlx::Error> {
    let mut handle = conn.lock_handle().await?;
    // SAFETY: the handle is locked (no other thread uses the connection) and open,
    // and "main" is a NUL-terminated name; the call reads a flag.
    Ok(unsafe { libsqlite3_sys::sqlite3_db_readonly(handle.as_raw_handle().as_ptr(), c"main".as_ptr()) } == 1)
}

/// A new connection whose database file may be written must be able to write: one
/// opened while only its `-wal` could not be (SQLite then opens that read-only)
/// would otherwise fail every write after the fault clears. The test is a write
/// that is rolled back (`BEGIN IMMEDIATE` does not do: SQLite quietly makes it a
/// read on a read-only file); "busy" (another connection is writing) proves the
/// connection could ask for the lock, and is not waited for.
async fn must_write(conn: &mut sea_orm::sqlx::SqliteConnection) -> Result<(), sea_orm::sqlx::Error> {
    use sea_orm::sqlx::Executor;
    if read_only(conn).await? {
        return Ok(());
    }
    conn.execute("PRAGMA busy_timeout = 0").await?;
    conn.execute("BEGIN").await?;
    let wrote = conn.execute("PRAGMA user_version = 0").await;
    conn.execute("ROLLBACK").await?;
    match wrote {
        Err(sea_orm::sqlx::Error::Database(e)) if e.code().and_then(|c| c.parse::<i32>().ok()).is_some_and(|c| c & 0xff == 5) => {}
        Err(e) => return Err(e),
        Ok(_) => {
            // The query planner's statistics, as SQLite advises for a connection
            // that lives long: without them it picks `idx_appointments_visit` for
            // a clinic's week (every doctor's requests of the week, read row by
            // row) over the slot index (the week view's counts: 9 ms against
            // 0.5 ms on a network's data). ANALYZE runs only for a table never
            // analysed or much changed since, within SQLite's own limit on rows
            // read; still without waiting for another writer, and a failure
            // leaves the old statistics (docs/operations.md).
            if let Err(e) = conn.execute("PRAGMA optimize = 0x10002").await {
                tracing::debug!(error = %e, "the planner's statistics were not refreshed");
            }
        }
    }
    conn.execute(BUSY_TIMEOUT_SQL).await?;
    Ok(())
}

/// How long an SQLite statement waits for another connection's lock, as set at
/// connect and again after `must_write` (sqlx takes static SQL only).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
const BUSY_TIMEOUT_SQL: &str = "PRAGMA busy_timeout = 5000";

/// What is wrong with the database, as the health check and the writes see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// It does not answer a query.
    Unreachable,
    /// The SQLite file opened at start-up is no longer at its path (deleted or
    /// renamed): what is written now goes to a file nobody will open again.
    Missing,
    /// Another file is at its path (restored or copied over): writes go to the old one.
    Replaced,
    /// The file may not be written.
    ReadOnly,
    /// Its folder may not be written: SQLite cannot create its `-wal` and `-shm`
    /// files there when a connection opens, nor at the next start.
    FolderReadOnly,
    /// Its `-wal` or `-shm` file may not be written. (A read-only `-shm` is mapped
    /// read-only by a connection opened after it; the process then dies of SIGBUS
    /// or SIGSEGV at the next write: see docs/security.md.)
    JournalReadOnly,
    /// A write transaction could not be committed.
    WriteFailed,
    /// The check did not finish within its time (`HEALTH_WITHIN`): a writer
    /// holds the lock, or the disk does not answer.
    Slow,
}

/// How long `/healthz` waits for the check before it says `Fault::Slow` (503).
pub const HEALTH_WITHIN: Duration = Duration::from_secs(1);

impl Fault {
    /// A short reason for `/healthz` (no path, nothing personal).
    pub fn status(self) -> &'static str {
        match self {
            Fault::Unreachable => "database unavailable",
            Fault::Missing => "database file missing",
            Fault::Replaced => "database file replaced",
            Fault::ReadOnly => "database read-only",
            Fault::FolderReadOnly => "database folder read-only",
            Fault::JournalReadOnly => "database journal read-only",
            Fault::WriteFailed => "database write failed",
            Fault::Slow => "database slow to answer",
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.status())
    }
}

/// The database file this process opened, watched for the faults that SQLite
/// itself does not report: the file deleted or replaced under the running server
/// (SQLite goes on writing to the file it has open, which is lost at the next
/// start), or made read-only. PostgreSQL has no file; only the query and the
/// write probe apply.
pub struct Storage {
    file: Option<Watched>,
    /// The last write probe, reused for `PROBE_EVERY` so that a flood of health
    /// checks is not a flood of commits.
    probed: std::sync::Mutex<Option<(std::time::Instant, Result<(), Fault>)>>,
}

struct Watched {
    path: std::path::PathBuf,
    /// (device, inode) when the server opened it.
    identity: Option<(u64, u64)>,
}

/// How long a write probe's result stands.
const PROBE_EVERY: Duration = Duration::from_secs(1);

impl Storage {
    /// Remembers which file an SQLite URL names now; call it when the database is opened.
    pub fn new(url: &str) -> Self {
        let file = if url.starts_with("sqlite:") { sqlite_file(url) } else { None };
        let file = file.map(|path| Watched { identity: identity(&path), path });
        Storage { file, probed: std::sync::Mutex::new(None) }
    }

    /// The file is still the one opened (not deleted, not replaced). A stat, no
    /// more: cheap enough to ask after every write, before it is answered.
    pub fn same_file(&self) -> Result<(), Fault> {
        let Some(file) = &self.file else { return Ok(()) };
        match (identity(&file.path), file.identity) {
            (None, _) => Err(Fault::Missing),
            (now, then) if now != then => Err(Fault::Replaced),
            _ => Ok(()),
        }
    }

    /// The file is the one opened, and this process may write it, its folder and
    /// its `-wal` and `-shm` files: checked with `access(2)`, never by opening the
    /// file (closing any descriptor of an SQLite file drops the process's locks on
    /// it). Stats only: cheap enough to ask before every write.
    pub fn files(&self) -> Result<(), Fault> {
        self.same_file()?;
        let Some(file) = &self.file else { return Ok(()) };
        if !writable(&file.path) {
            return Err(Fault::ReadOnly);
        }
        let folder = match file.path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => std::path::Path::new("."),
        };
        if !writable(folder) {
            return Err(Fault::FolderReadOnly);
        }
        for suffix in ["-wal", "-shm"] {
            let mut side = file.path.clone().into_os_string();
            side.push(suffix);
            let side = std::path::PathBuf::from(side);
            if side.exists() && !writable(&side) {
                return Err(Fault::JournalReadOnly);
            }
        }
        Ok(())
    }

    /// Everything: the files, then a query, then a real write (one row of
    /// `write_probe` rewritten and committed), the write at most once per
    /// `PROBE_EVERY`.
    pub async fn check(&self, db: &Db) -> Result<(), Fault> {
        self.files()?;
        db.ping().await.map_err(|e| {
            tracing::error!(error = %e, "database does not answer");
            Fault::Unreachable
        })?;
        let fresh = |(at, _): &(std::time::Instant, Result<(), Fault>)| at.elapsed() < PROBE_EVERY;
        if let Some((_, last)) = self.probed.lock().expect("not poisoned").as_ref().filter(|p| fresh(p)) {
            return *last;
        }
        let result = probe(db).await;
        *self.probed.lock().expect("not poisoned") = Some((std::time::Instant::now(), result));
        result
    }
}

/// One write, committed: the cheapest proof that the database takes writes.
async fn probe(db: &Db) -> Result<(), Fault> {
    use sea_orm::ConnectionTrait;
    let write = async {
        let txn = begin_write(db).await?;
        txn.execute_unprepared(
            "INSERT INTO write_probe (id, written) VALUES (1, 1) \
             ON CONFLICT (id) DO UPDATE SET written = write_probe.written + 1",
        )
        .await?;
        txn.commit().await
    };
    write.await.map_err(|e: DbErr| {
        tracing::error!(error = %e, "database write probe failed");
        Fault::WriteFailed
    })
}

fn identity(path: &std::path::Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Whether this process (its effective user) may write `path`; false for a
/// read-only mount and an immutable file too, as for root.
fn writable(path: &std::path::Path) -> bool {
    use rustix::fs::{accessat, Access, AtFlags, CWD};
    accessat(CWD, path, Access::WRITE_OK, AtFlags::EACCESS).is_ok()
}

/// The file path of an SQLite URL (`sqlite://data/hygo.db?mode=rwc` → `data/hygo.db`),
/// or None for an in-memory database.
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        None
    } else {
        Some(path.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_busy_timeout_is_set_back_as_it_was() {
        assert_eq!(BUSY_TIMEOUT_SQL, format!("PRAGMA busy_timeout = {}", BUSY_TIMEOUT.as_millis()));
    }

    #[test]
    fn finds_the_sqlite_file() {
        assert_eq!(sqlite_file("sqlite://data/hygo.db?mode=rwc"), Some("data/hygo.db".into()));
        assert_eq!(sqlite_file("sqlite:///tmp/x.db"), Some("/tmp/x.db".into()));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u@h/db"), None);
    }
}

/// `lower(column) LIKE '%text%'` with `text` taken literally: `%`, `_` and `\`
/// in it are themselves, not wildcards (the LIKE's escape is `\`). `text` is
/// expected in lower case.
pub fn contains<C: sea_orm::ColumnTrait>(column: C, text: &str) -> sea_orm::sea_query::SimpleExpr {
    use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr};
    Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(format!("%{}%", escape_like(text))).escape('\\'))
}

fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod like_tests {
    #[test]
    fn wildcards_in_the_text_are_themselves() {
        assert_eq!(super::escape_like("50%_a\\"), "50\\%\\_a\\\\");
    }
}


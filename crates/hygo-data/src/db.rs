//! Connecting to the database named by a URL and bringing its schema up to date.

use std::time::Duration;

use migration::{Migrator, MigratorTrait};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr};

pub type Db = DatabaseConnection;

/// Connects (SQLite or PostgreSQL, chosen by the URL's scheme), applies pending
/// migrations and seeds an empty database.
///
/// For SQLite the file and its folder are created on first start. The journal is
/// WAL with `synchronous=FULL`, so a transaction that has returned is on disk:
/// a 2xx on a write is a promise the data survives a crash.
pub async fn connect(url: &str) -> Result<Db, crate::DataError> {
    let db = open(url).await?;
    Migrator::up(&db, None).await?;
    crate::seed::seed_if_empty(&db).await?;
    Ok(db)
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
        // One writer at a time is SQLite's nature; a few readers share the pool.
        options.max_connections(8).min_connections(1).map_sqlx_sqlite_opts(|o| {
            o.create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(5))
        });
    } else {
        options.max_connections(16).min_connections(1);
    }
    Database::connect(options).await
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
    use super::sqlite_file;

    #[test]
    fn finds_the_sqlite_file() {
        assert_eq!(sqlite_file("sqlite://data/hygo.db?mode=rwc"), Some("data/hygo.db".into()));
        assert_eq!(sqlite_file("sqlite:///tmp/x.db"), Some("/tmp/x.db".into()));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u@h/db"), None);
    }
}

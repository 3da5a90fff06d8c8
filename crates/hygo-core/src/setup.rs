//! Connecting to the database named by a URL and bringing it up to date: the
//! schema (the migrations) and, on an empty database, the seed.

use migration::{Migrator, MigratorTrait, SchemaManager};
use sea_orm::DbErr;

use crate::db::{self, Db};

/// Connects (SQLite or PostgreSQL, chosen by the URL's scheme), applies pending
/// migrations and seeds an empty database.
///
/// For SQLite the file and its folder are created on first start. The journal is
/// WAL with `synchronous=FULL`, so a transaction that has returned is on disk:
/// a 2xx on a write is a promise the data survives a crash.
pub async fn connect(url: &str) -> Result<Db, crate::DataError> {
    connect_expecting(url, false).await
}

/// `connect`, refusing to start afresh where data is expected: when `must_exist`
/// says so (`HYGO_DATABASE_MUST_EXIST`), or, for SQLite, when the marker beside
/// the file says it held data. Then a missing file or an empty database (no
/// schema) is an error that says what to do, not a silent new seed: issue 14 lost
/// its acknowledged writes that way. The marker is written once the database is
/// migrated and seeded, so `make run` on a clean clone creates the database.
pub async fn connect_expecting(url: &str, must_exist: bool) -> Result<Db, crate::DataError> {
    let file = db::sqlite_file(url);
    let marker = file.as_deref().map(marker_of);
    let why = match &marker {
        _ if must_exist => Some("HYGO_DATABASE_MUST_EXIST is set".to_owned()),
        Some(m) if m.exists() => Some(format!("its marker {} says it held data", m.display())),
        _ => None,
    };
    let refuse = |what: String| {
        let undo = match &marker {
            Some(m) if m.exists() => format!(", or delete {} to start with an empty database", m.display()),
            _ => String::new(),
        };
        crate::DataError::Missing(format!("{what}, but {}: restore it from a backup{undo}", why.as_deref().unwrap_or_default()))
    };
    if let (Some(file), Some(_)) = (&file, &why) {
        if !file.exists() {
            return Err(refuse(format!("the database file {} is missing", file.display())));
        }
    }
    let db = db::open(url).await?;
    if why.is_some() && !SchemaManager::new(&db).has_table("seaql_migrations").await? {
        let what = match &file {
            Some(file) => format!("the database file {}", file.display()),
            None => "the database DATABASE_URL names".to_owned(),
        };
        return Err(refuse(format!("{what} is empty")));
    }
    Migrator::up(&db, None).await?;
    crate::seed::seed_if_empty(&db).await?;
    if let Some(marker) = marker.filter(|m| !m.exists()) {
        let text = "This file says the SQLite database beside it holds HYGO's data. While it is here, \
                    HYGO refuses to start without that database rather than begin again with an empty one. \
                    Restore the database from a backup, or delete this file to start afresh.\n";
        std::fs::write(&marker, text).map_err(|e| DbErr::Custom(format!("cannot write {}: {e}", marker.display())))?;
    }
    Ok(db)
}

/// The marker beside an SQLite file: `data/hygo.db` → `data/hygo.db.marker`.
pub(crate) fn marker_of(file: &std::path::Path) -> std::path::PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".marker");
    name.into()
}

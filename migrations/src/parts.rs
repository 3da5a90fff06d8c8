//! Building blocks of the migrations from `m20261203_000011` on, so that each one
//! names only what is its own: a key to a doctor, an index, the data-version
//! triggers. The migrations before them spell these out and stay as they shipped.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend, Statement};

/// A foreign key from `table.column` to `doctors.id`; the rows go with the doctor.
pub fn to_doctor(name: &str, table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(table, column)
        .to(Alias::new("doctors"), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

/// Whether an index lets two rows share its columns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Rows {
    Shared,
    Unique,
}

/// Creates the index `name` on `columns` of `table`.
pub async fn index<T: IntoIden, C: IntoIden, const N: usize>(
    manager: &SchemaManager<'_>,
    name: &str,
    table: T,
    columns: [C; N],
    rows: Rows,
) -> Result<(), DbErr> {
    let mut index = Index::create();
    index.name(name).table(table);
    for column in columns {
        index.col(column);
    }
    if rows == Rows::Unique {
        index.unique();
    }
    manager.create_index(index.to_owned()).await
}

/// Makes every write to `tables` raise the catalogue's data version (row 1 of
/// `data_version`), as migration 4 set up for the first tables: on PostgreSQL a
/// statement trigger calling its function `bump_data_version`, on SQLite a
/// trigger for each of insert, update and delete. The triggers go with their table.
pub async fn bump_data_version_on(manager: &SchemaManager<'_>, tables: &[&str]) -> Result<(), DbErr> {
    let db = manager.get_connection();
    for table in tables {
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(&format!(
                    "CREATE TRIGGER {table}_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} \
                     FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(1)"
                ))
                .await?;
            }
            _ => {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_{}_bump_data_version AFTER {event} ON {table} \
                         BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END",
                        event.to_lowercase()
                    ))
                    .await?;
                }
            }
        }
    }
    Ok(())
}

/// Rewrites `table.column` (a text) row by row: each value `rewrite` answers
/// with another text for is replaced by it; the rest are left as they are.
pub async fn rewrite_column(manager: &SchemaManager<'_>, table: &str, column: &str, rewrite: impl Fn(&str) -> Option<String>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let backend = db.get_database_backend();
    let sql = match backend {
        DbBackend::Postgres => format!("UPDATE {table} SET {column} = $1 WHERE id = $2"),
        _ => format!("UPDATE {table} SET {column} = ? WHERE id = ?"),
    };
    let rows = db.query_all_raw(Statement::from_string(backend, format!("SELECT id, {column} FROM {table}"))).await?;
    for row in rows {
        let (id, old): (i32, String) = (row.try_get("", "id")?, row.try_get("", column)?);
        let Some(new) = rewrite(&old).filter(|new| *new != old) else { continue };
        db.execute_raw(Statement::from_sql_and_values(backend, sql.clone(), [Value::from(new), Value::from(id)])).await?;
    }
    Ok(())
}

/// Runs `statements` in order (a migration's `ALTER TABLE`s and indexes).
pub async fn statements(manager: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    for sql in statements {
        manager.get_connection().execute_unprepared(sql).await?;
    }
    Ok(())
}

/// `n` random symbols of Crockford's base32 (upper case), each one random
/// byte's low five bits, as `hygo_core::refs` makes references and codes.
pub fn random_symbols(n: usize) -> String {
    const SYMBOLS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the operating system provides random bytes");
    bytes.iter().map(|b| SYMBOLS[usize::from(b & 31)] as char).collect()
}

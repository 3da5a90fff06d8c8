//! Per-client limits on writes, counted in the database so that every app instance
//! behind a load balancer shares them (DESIGN.md: nothing that must be shared lives
//! in one process). Fixed windows; one upsert per write.

use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entities::rate_limit;
use crate::{DataError, Db};

/// Counts one write by `client` (an opaque key, never a raw address) at `bucket`.
/// Ok(None) when allowed; Ok(Some(seconds)) when over `limit`, with the seconds
/// until the window ends (for `Retry-After`).
pub async fn hit(db: &Db, bucket: &str, client: &str, now_unix: i64, window_secs: i64, limit: u32) -> Result<Option<u64>, DataError> {
    let window_start = now_unix - now_unix.rem_euclid(window_secs);
    let row = rate_limit::ActiveModel {
        bucket: Set(bucket.to_owned()),
        client: Set(client.to_owned()),
        window_start: Set(window_start),
        hits: Set(1),
    };
    let counted = rate_limit::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([rate_limit::Column::Bucket, rate_limit::Column::Client, rate_limit::Column::WindowStart])
                .value(rate_limit::Column::Hits, Expr::col((rate_limit::Entity, rate_limit::Column::Hits)).add(1))
                .to_owned(),
        )
        .exec_with_returning(db)
        .await?;
    if counted.hits == 1 {
        // A new window: forget the finished ones, so the table stays small.
        rate_limit::Entity::delete_many()
            .filter(rate_limit::Column::WindowStart.lt(window_start))
            .exec(db)
            .await?;
    }
    if counted.hits as i64 > limit as i64 {
        Ok(Some(Ord::max(window_start + window_secs - now_unix, 1) as u64))
    } else {
        Ok(None)
    }
}

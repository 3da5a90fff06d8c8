//! Per-client limits on writes, counted in the database so that every app instance
//! behind a load balancer shares them (DESIGN.md: nothing that must be shared lives
//! in one process).
//!
//! A sliding window, estimated from two fixed ones (the "sliding window counter"):
//! a write is allowed while `previous × (the part of the previous window still
//! inside the last window_secs) + current` stays within the limit. A burst at the
//! end of one window therefore still counts at the start of the next (a fixed
//! window forgot it, and let twice the limit through in a few seconds). Chosen over
//! a log of every hit because it is one upsert and one read per write and two rows
//! per client whatever the limit, where a log holds a row per write. The estimate
//! assumes the previous window's writes were spread evenly: in the worst case (all
//! at its very end) a span of `window_secs` can see up to twice the limit, but never
//! within a few seconds of a boundary, and over a day the total is the same as an
//! exact log's. Every attempt counts, refused ones too, so a client that keeps
//! sending while refused stays refused.

use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entities::rate_limit;
use crate::{DataError, Db};

/// Counts one write by `client` (an opaque key, never a raw address) at `bucket`.
/// Ok(None) when allowed; Ok(Some(seconds)) when over `limit`, with the seconds
/// until a write would be allowed again if the client waits (for `Retry-After`).
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
    let previous_start = window_start - window_secs;
    if counted.hits == 1 {
        // A new window: forget this bucket's windows before the previous one, so the table stays small.
        rate_limit::Entity::delete_many()
            .filter(rate_limit::Column::Bucket.eq(bucket))
            .filter(rate_limit::Column::WindowStart.lt(previous_start))
            .exec(db)
            .await?;
    }
    let previous = rate_limit::Entity::find_by_id((bucket.to_owned(), client.to_owned(), previous_start))
        .one(db)
        .await?
        .map_or(0, |r| i64::from(Ord::max(r.hits, 0)));
    let window = Window { secs: window_secs, limit: i64::from(limit), elapsed: now_unix - window_start };
    Ok(window.retry_after(previous, i64::from(counted.hits)))
}

/// One client's two windows at an instant.
struct Window {
    secs: i64,
    limit: i64,
    /// Seconds since the current window started.
    elapsed: i64,
}

impl Window {
    /// Whether `current` writes now, with `previous` in the window before, are
    /// within the limit: previous × (secs − elapsed) / secs + current ≤ limit,
    /// in whole numbers.
    fn allows(&self, previous: i64, current: i64, elapsed: i64) -> bool {
        previous * (self.secs - elapsed) + current * self.secs <= self.limit * self.secs
    }

    /// None when allowed; else the seconds until one more write would be allowed,
    /// if none is made meanwhile.
    fn retry_after(&self, previous: i64, current: i64) -> Option<u64> {
        if self.allows(previous, current, self.elapsed) {
            return None;
        }
        // The next write would make `current + 1`, in this window or, once it ends,
        // `1` with this window's count as the previous one's.
        let wait = if current < self.limit {
            // previous × (secs − e) ≤ (limit − current − 1) × secs; previous > 0 here.
            let spare = (self.limit - current - 1) * self.secs;
            let e = self.secs - spare / previous;
            e - self.elapsed
        } else {
            let spare = (self.limit - 1) * self.secs;
            let e = self.secs - spare / current;
            self.secs - self.elapsed + e
        };
        Some(Ord::max(wait, 1) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::Window;

    #[test]
    fn a_burst_before_the_boundary_counts_after_it() {
        // 20 writes in the last second of a window: the first second of the next is full.
        let at = |elapsed| Window { secs: 600, limit: 20, elapsed };
        assert!(at(0).retry_after(20, 1).is_some(), "the 21st write, just after the boundary");
        assert!(at(3).retry_after(20, 1).is_some(), "the 21st write, three seconds after 20");
        // Half-way through, half of the previous window still counts.
        assert_eq!(at(300).retry_after(20, 10), None);
        assert!(at(300).retry_after(20, 11).is_some());
        // Spread evenly, 20 per window pass for ever.
        assert_eq!(at(599).retry_after(0, 20), None);
    }

    #[test]
    fn retry_after_is_when_the_next_write_passes() {
        let w = Window { secs: 600, limit: 20, elapsed: 60 };
        for (previous, current) in [(20, 3), (20, 19), (40, 5), (0, 21), (20, 20), (1000, 1000)] {
            let Some(wait) = w.retry_after(previous, current) else { panic!("{previous}, {current}: should be refused") };
            let then = 60 + wait as i64;
            let passes = |t: i64| {
                if t < 600 {
                    w.allows(previous, current + 1, t)
                } else {
                    w.allows(current, 1, t - 600)
                }
            };
            assert!(passes(then), "{previous}, {current}: allowed after {wait} s");
            assert!(!passes(then - 1) || wait == 1, "{previous}, {current}: not before {wait} s");
        }
    }
}

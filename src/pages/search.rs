//! `/search?q=`: the site search as a page, for visitors without JavaScript (the
//! header's search box links here before the page has hydrated).

use serde_json::{json, Value};

use hygo_data::ist::Clock;
use hygo_data::{search, DataError, Db};

pub async fn data(db: &Db, clock: &Clock, query: &str) -> Result<Value, DataError> {
    // Longer texts are cut rather than refused: this is a page, not the API.
    let query: String = query.chars().take(100).collect();
    let results = search::search(db, clock, &query).await?;
    Ok(json!({ "query": query, "results": results }))
}

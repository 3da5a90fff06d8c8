//! The OpenAPI document cannot drift: its paths and methods are exactly the routes
//! the router registers, every `$ref` resolves, and the whole document equals the
//! reviewed copy in `docs/openapi.json` (regenerate it with
//! `UPDATE_OPENAPI=1 cargo test --test openapi` and review the diff).

mod common;

use std::collections::BTreeSet;

use actix_web::test::{self, TestRequest};
use serde_json::Value;

use common::{get, send, state, TestDb};

#[actix_web::test]
async fn the_document_lists_exactly_the_routes() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let (status, _, doc) = send(&app, get("/api/openapi.json")).await;
    assert_eq!(status, 200);
    assert_eq!(doc["openapi"], "3.1.0");

    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| item.as_object().unwrap().keys().map(move |m| (m.clone(), path.clone())))
        .collect();
    let routed: BTreeSet<(String, String)> =
        hygo::app::API_ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
    assert_eq!(documented, routed, "the OpenAPI paths and the router's API_ROUTES differ");

    // Every documented route is really served (not the JSON 404 of unknown paths).
    for (method, path) in &routed {
        let uri = path.replace("{id}", "1").replace("{dept}", "cardiology");
        let req = match method.as_str() {
            "get" => TestRequest::get(),
            "post" => TestRequest::post(),
            other => panic!("unexpected method {other}"),
        };
        let (_, _, body) = send(&app, req.uri(&uri)).await;
        assert_ne!(body["message"], common::message("request.noEndpoint"), "{method} {path} is not routed");
    }

    // Every reference points at a schema that exists.
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    assert!(!refs.is_empty());
    for r in refs {
        let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("unexpected $ref {r}"));
        assert!(doc["components"]["schemas"].get(name).is_some(), "$ref {r} does not resolve");
    }
}

#[test]
fn the_document_matches_the_reviewed_copy() {
    let now = serde_json::to_string_pretty(&hygo::api::openapi::document()).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/openapi.json");
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(path, &now).unwrap();
    }
    let reviewed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        reviewed == now,
        "docs/openapi.json differs from the API: run `UPDATE_OPENAPI=1 cargo test --test openapi` and review the diff"
    );
}

fn collect_refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, v) in map {
                if k == "$ref" {
                    out.push(v.as_str().unwrap().to_owned());
                } else {
                    collect_refs(v, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

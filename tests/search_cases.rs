//! The site search as patients in Rajkot use it (issue 43), held to a table
//! written apart from the search's own word lists (`tests/search-cases.json`,
//! docs/patients.md "Search in three languages"): everyday searches in English,
//! Hindi and Gujarati, in both scripts and in Latin letters, each with what must
//! come first; and searches that mean an emergency, each with the help that must
//! come before any result, in the page's language.

mod common;

use actix_web::test;
use serde_json::Value;

use common::{get, send, state, TestDb};

fn cases() -> Value {
    serde_json::from_str(include_str!("search-cases.json")).expect("tests/search-cases.json reads")
}

/// Percent-encodes a query for the address.
fn encoded(q: &str) -> String {
    q.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

async fn ask<S, B>(app: &S, q: &str, lang: &str) -> Value
where
    S: actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody,
{
    let (status, _, body) = send(app, get(&format!("/api/search?q={}", encoded(q))).insert_header(("accept-language", lang))).await;
    assert_eq!(status, 200, "{lang} {q:?}");
    body
}

/// The services' tiles, by the department whose care each is: a search that finds
/// the tile finds that care as well as its department's page would.
const SERVICE_OF: &[(&str, &str)] = &[
    ("doctor-consultation", "general-consultation"),
    ("laboratory", "laboratory"),
    ("physiotherapy", "physiotherapy"),
    ("clinical-nutrition", "diet_and_nutrition"),
    ("home-care", "home_services"),
    ("mental-health", "psychiatry"),
    ("wellness", "wellness"),
    ("pharmacy", "pharmacy"),
];

/// Whether a result leads to the care a case asks for: the page it names, or,
/// for a department, its specialization's page (which lists its doctors and
/// links it) or its service's tile (docs/patients.md, "Search in three languages").
fn leads_to(got: &str, wanted: &str) -> bool {
    if got == wanted {
        return true;
    }
    let Some(department) = wanted.strip_prefix("department:") else { return false };
    let english = hygo_content::default();
    match got.split_once(':') {
        Some(("specialization", id)) => english.find_specialization(id).and_then(|s| s.department.as_deref()) == Some(department),
        Some(("service", id)) => SERVICE_OF.contains(&(id, department)),
        _ => false,
    }
}

fn first(body: &Value) -> String {
    body["data"].as_array().and_then(|r| r.first()).map(|r| format!("{}:{}", r["type"].as_str().unwrap(), r["id"].as_str().unwrap())).unwrap_or_else(|| "nothing".into())
}

#[actix_web::test]
async fn everyday_searches_in_three_languages_find_the_right_page_first() {
    let table = cases();
    let all = table["cases"].as_array().unwrap();
    for lang in ["en", "hi", "gu"] {
        assert!(all.iter().filter(|c| c["lang"] == lang).count() >= 100, "{lang}: the table holds its searches");
    }
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let mut missed = Vec::new();
        for c in all {
            let (q, lang, wanted) = (c["q"].as_str().unwrap(), c["lang"].as_str().unwrap(), c["first"].as_str().unwrap());
            let got = first(&ask(&app, q, lang).await);
            if !leads_to(&got, wanted) {
                missed.push(format!("{lang} {q:?}: {got}, not {wanted}"));
            }
        }
        assert!(missed.is_empty(), "{b}: {} of {} searches miss:\n{}", missed.len(), all.len(), missed.join("\n"));
    }
}

#[actix_web::test]
async fn a_search_that_means_an_emergency_gets_its_help_first_in_the_page_s_language() {
    let table = cases();
    let all = table["emergencies"].as_array().unwrap();
    for lang in ["en", "hi", "gu"] {
        let kinds: std::collections::BTreeSet<&str> = all.iter().filter(|c| c["lang"] == lang).map(|c| c["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds.len(), 8, "{lang}: every kind of emergency in the table: {kinds:?}");
    }
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let mut missed = Vec::new();
        for c in all {
            let (q, lang, kind) = (c["q"].as_str().unwrap(), c["lang"].as_str().unwrap(), c["kind"].as_str().unwrap());
            let body = ask(&app, q, lang).await;
            let helps = body["emergency"].as_array().cloned().unwrap_or_default();
            // "general": the help to call 108, whichever kind says it.
            let calls_108 = |h: &&Value| h["calls"][0]["number"] == "108";
            let Some(help) = helps.iter().find(|h| h["kind"] == kind).or_else(|| helps.iter().find(calls_108).filter(|_| kind == "general")) else {
                missed.push(format!("{lang} {q:?}: {:?}, not {kind}", helps.iter().map(|h| h["kind"].clone()).collect::<Vec<_>>()));
                continue;
            };
            // In the page's language, with the numbers to call.
            let own = hygo_content::get(hygo_content::Lang::parse(lang).unwrap());
            let shown = help["kind"].as_str().unwrap();
            assert_eq!(help["heading"].as_str(), Some(own.emergency.kind(shown).unwrap().heading.as_str()), "{b}: {lang} {q:?}");
            let numbers: Vec<&str> = help["calls"].as_array().unwrap().iter().map(|c| c["number"].as_str().unwrap()).collect();
            let wanted: &[&str] = if shown == "suicide" { &["14416", "112"] } else { &["108", "112"] };
            assert_eq!(numbers, wanted, "{b}: {lang} {q:?}");
        }
        assert!(missed.is_empty(), "{b}: {} of {} emergencies get no help:\n{}", missed.len(), all.len(), missed.join("\n"));

        // Then the department that cares for it, first of the results.
        for (q, lang, department) in [("heart attack", "en", "department:cardiology"), ("सीने में दर्द", "hi", "department:cardiology"), ("છાતીમાં દુખાવો", "gu", "department:cardiology"), ("suicide", "en", "department:psychiatry"), ("आत्महत्या", "hi", "department:psychiatry"), ("face drooping", "en", "department:neurology")] {
            assert_eq!(first(&ask(&app, q, lang).await), department, "{b}: {lang} {q:?}");
        }
        // Searches that mean nothing urgent get no help.
        for (q, lang) in [("skin doctor", "en"), ("health card", "en"), ("kinjal", "en"), ("ent", "en"), ("आँख", "hi"), ("ઘૂંટણ", "gu"), ("heart doctor", "en"), ("blood test", "en")] {
            assert!(ask(&app, q, lang).await.get("emergency").is_none(), "{b}: {lang} {q:?} is no emergency");
        }
    }
}

#[actix_web::test]
async fn the_search_page_puts_the_help_before_any_result_and_stays_in_its_language() {
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        for (path, lang, kind) in [("/search?q=chest%20pain", "en", "heart"), ("/hi/search?q=%E0%A4%86%E0%A4%A4%E0%A5%8D%E0%A4%AE%E0%A4%B9%E0%A4%A4%E0%A5%8D%E0%A4%AF%E0%A4%BE", "hi", "suicide"), ("/gu/search?q=%E0%AA%9B%E0%AA%BE%E0%AA%A4%E0%AB%80%E0%AA%AE%E0%AA%BE%E0%AA%82%20%E0%AA%A6%E0%AB%81%E0%AA%96%E0%AA%BE%E0%AA%B5%E0%AB%8B", "gu", "heart")] {
            let page = common::fetch(&app, path).await;
            assert_eq!(page.status, 200, "{b}: {path}");
            let own = hygo_content::get(hygo_content::Lang::parse(lang).unwrap());
            let help = own.emergency.kind(kind).unwrap();
            let at = page.text.find(&format!("data-emergency-kind=\"{kind}\"")).unwrap_or_else(|| panic!("{b}: {path}: no help"));
            let results = page.text.find("id=\"results-heading\"").unwrap_or_else(|| panic!("{b}: {path}: no results"));
            assert!(at < results, "{b}: {path}: the help comes before the results");
            assert!(page.text.contains(&help.heading) && page.text.contains(&format!("href=\"tel:{}\"", help.calls[0].number)), "{b}: {path}");
        }
        // A Hindi search that finds nothing is Hindi's search page, saying so.
        let none = common::fetch(&app, "/hi/search?q=ayurvedaxyz").await;
        assert_eq!(none.status, 200, "{b}");
        assert!(none.text.contains(r#"<html lang="hi""#) && none.text.contains("search-none-heading"), "{b}: the language's own no-result page");
    }
}

//! The header's site search and the doubled-`api` doctor search of the original
//! client (spec sections 2, 5, 7 and 9).

mod common;

use actix_web::test;
use serde_json::Value;

use common::{get, send, state, TestDb};

async fn search<S, B>(app: &S, q: &str) -> Vec<Value>
where
    S: actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody,
{
    let (status, _, body) = send(app, get(&format!("/api/search?q={q}"))).await;
    assert_eq!(status, 200, "{q}");
    assert_eq!(body["success"], true);
    body["data"].as_array().unwrap().clone()
}

/// What a visitor types, and the page they are looking for: it must come first.
const FIRST: &[(&str, &str, &str)] = &[
    ("ent", "department", "/departments/ent"),
    ("ENT", "department", "/departments/ent"),
    ("appointment", "page", "/appointment"),
    ("book", "page", "/appointment"),
    ("book appointment", "page", "/appointment"),
    ("health card", "page", "/subscription"),
    ("card", "page", "/subscription"),
    ("contact", "page", "/contactus"),
    ("privacy", "page", "/privacy-policy"),
    ("terms", "page", "/terms-and-conditions"),
    ("refund", "page", "/terms-and-conditions"),
    ("patient resources", "page", "/patient-resources"),
    ("news", "page", "/news"),
    ("lab sample", "article", "/news/lab-sample-collection-at-home"),
    ("cardiology", "department", "/departments/cardiology"),
    ("cardio", "department", "/departments/cardiology"),
    ("cardiologist", "specialization", "/specializations/cardiologist"),
    ("neurology", "department", "/departments/neurology"),
    ("neuroscience", "department", "/departments/neurology"),
    ("pharmacy", "department", "/departments/pharmacy"),
    ("Mehta", "doctor", "/doctors/4"),
    ("kinjal", "doctor", "/doctors/4"),
    ("pulmonologist", "specialization", "/specializations/pulmonologist"),
    // Everyday words (issue 27, `catalogue/search-synonyms.json`): in any order, without "doctor", "for", "ka".
    ("skin doctor", "department", "/departments/dermatology"),
    ("child fever", "department", "/departments/pediatrics"),
    ("fever", "specialization", "/specializations/general-physician"),
    ("baby", "department", "/departments/pediatrics"),
    ("knee pain", "department", "/departments/orthopedics"),
    ("health card price", "page", "/subscription"),
    ("price of health card", "page", "/subscription"),
    ("Kalawad road", "clinic", "/contactus"),
    ("race course road clinic", "clinic", "/contactus"),
    ("sugar", "department", "/departments/internal-medicine"),
    ("heart doctor", "department", "/departments/cardiology"),
    ("eye doctor", "department", "/departments/ophthalmology"),
    ("timings", "page", "/schedules"),
    ("doctor for back pain", "department", "/departments/orthopedics"),
    ("bachcho ka doctor", "department", "/departments/pediatrics"),
    ("dil ka doctor", "department", "/departments/cardiology"),
    ("aankh", "department", "/departments/ophthalmology"),
    ("cardiolgy", "department", "/departments/cardiology"),
    ("gynaecologist", "specialization", "/specializations/gynecologist"),
    // Every doctor's first name with a typing mistake.
    ("hitash", "doctor", "/doctors/1"),
    ("koushik", "doctor", "/doctors/2"),
    ("nirv", "doctor", "/doctors/3"),
    ("kinjel", "doctor", "/doctors/4"),
    ("rajes", "doctor", "/doctors/5"),
    ("bhavana", "doctor", "/doctors/6"),
    ("anket", "doctor", "/doctors/7"),
    ("hetel", "doctor", "/doctors/8"),
    ("komel", "doctor", "/doctors/9"),
    ("snehel", "doctor", "/doctors/10"),
    ("manis", "doctor", "/doctors/11"),
    ("forum kothari", "doctor", "/doctors/12"),
    ("vipal", "doctor", "/doctors/13"),
    ("riddi", "doctor", "/doctors/14"),
    ("jignes", "doctor", "/doctors/15"),
    ("nidi acharya", "doctor", "/doctors/16"),
    ("mehta kinjal", "doctor", "/doctors/4"),
];

#[actix_web::test]
async fn the_best_match_comes_first() {
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        for (q, kind, link) in FIRST {
            let results = search(&app, &q.replace(' ', "%20")).await;
            let first = results.first().unwrap_or_else(|| panic!("{b}: {q:?} finds nothing"));
            assert_eq!((first["type"].as_str(), first["link"].as_str()), (Some(*kind), Some(*link)), "{b}: {q:?} first: {results:#?}");
        }

        // "ent": names that are or start with it before the letters inside words of descriptions.
        let results = search(&app, "ent").await;
        let names: Vec<&str> = results.iter().map(|r| r["name"].as_str().unwrap()).collect();
        assert_eq!(&names[..3], ["ENT", "ENT Specialist", "Dr. Manish Rathod"], "{b}: {names:?}");
        for noise in ["Vaccination Center", "Gastroenterology", "Mental Health"] {
            assert!(!names.contains(&noise), "{b}: no letters inside other words: {names:?}");
        }

        // Among equally good answers, the spec's order: doctors, departments, services, specializations.
        let results = search(&app, "physiotherapy").await;
        let kinds: Vec<&str> = results.iter().map(|r| r["type"].as_str().unwrap()).collect();
        assert_eq!(&kinds[..2], ["department", "service"], "{b}: {results:#?}");

        let car = search(&app, "car").await;
        assert_eq!(car.first().map(|r| r["link"].as_str().unwrap()), Some("/departments/cardiology"), "{b}");
        for r in car {
            assert!(r["link"].as_str().unwrap().starts_with('/'));
            assert!(!r["id"].as_str().unwrap().is_empty());
        }

        // A word in many descriptions is cut at 10.
        assert_eq!(search(&app, "and").await.len(), 10, "{b}");
        // A specialization has no description.
        let spec = search(&app, "Allergist").await;
        let s = spec.iter().find(|r| r["type"] == "specialization").expect("Allergist is a specialization");
        assert_eq!((s["link"].as_str(), s.get("description")), (Some("/specializations/allergist"), None));
        // Services match on name and description.
        assert!(search(&app, "pharmacy").await.iter().any(|r| r["type"] == "service" && r["link"] == "/services/pharmacy"));

        // Fewer than 2 characters after trimming: nothing.
        for q in ["", "c", "%20c%20", "%20%20%20"] {
            assert!(search(&app, q).await.is_empty(), "{b}: {q:?}");
        }
        assert!(search(&app, "%E0%AA%86%E0%AA%B6%E0%AA%BE").await.is_empty(), "{b}: Gujarati text finds nothing, fails nothing");
        let (status, _, _) = send(&app, get("/api/search")).await;
        assert_eq!(status, 200, "{b}: no q at all");
    }
}

#[actix_web::test]
async fn the_original_client_s_doubled_path_answers_like_the_clean_one() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let (s1, _, doubled) = send(&app, get("/api/api/doctors?search=cardio")).await;
    let (s2, _, clean) = send(&app, get("/api/doctors?search=cardio")).await;
    assert_eq!((s1, s2), (200, 200));
    assert_eq!(doubled, clean);
    let found = doubled["data"].as_array().unwrap();
    assert!(!found.is_empty());
    assert!(found.iter().all(|d| d["specialization"].as_str().unwrap().to_lowercase().contains("cardio")));
    assert!(found.iter().all(|d| d["name"].is_string() && d["id"].is_number()));
}

/// Percent-encodes a query for the address.
fn encoded(q: &str) -> String {
    q.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

async fn search_in<S, B>(app: &S, q: &str, lang: &str) -> Vec<Value>
where
    S: actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody,
{
    let req = get(&format!("/api/search?q={}", encoded(q))).insert_header(("accept-language", lang));
    let (status, _, body) = send(app, req).await;
    assert_eq!(status, 200, "{q}");
    body["data"].as_array().unwrap().clone()
}

/// Issue 29: Gujarati and Hindi in their scripts (and romanised, and English)
/// find the same things, on a page in any language; results are named in the
/// language asked for.
const IN_SCRIPT: &[(&str, &str, &str)] = &[
    ("હૃદય", "department", "/departments/cardiology"),
    ("દિલ", "department", "/departments/cardiology"),
    ("दिल", "department", "/departments/cardiology"),
    ("दिल का डॉक्टर", "department", "/departments/cardiology"),
    ("બાળકોના ડોક્ટર", "department", "/departments/pediatrics"),
    ("बच्चों के डॉक्टर", "department", "/departments/pediatrics"),
    ("ચામડી", "department", "/departments/dermatology"),
    ("त्वचा", "department", "/departments/dermatology"),
    ("કાર્ડિયોલોજી", "department", "/departments/cardiology"),
    ("कार्डियोलॉजी", "department", "/departments/cardiology"),
    ("ઘૂંટણ", "department", "/departments/orthopedics"),
    ("आँख", "department", "/departments/ophthalmology"),
    ("आंख", "department", "/departments/ophthalmology"),
    ("તાવ", "specialization", "/specializations/general-physician"),
    ("हेल्थ कार्ड", "page", "/subscription"),
    ("એપોઇન્ટમેન્ટ", "page", "/appointment"),
    ("ક્લિનિક કાલાવડ", "clinic", "/contactus"),
    // A word typed with its dot as a letter of its own (ज + ़) is the same word.
    ("नज\u{093C}र", "department", "/departments/ophthalmology"),
];

#[actix_web::test]
async fn queries_in_devanagari_and_gujarati_find_what_english_ones_do() {
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        for lang in ["gu", "hi", "en"] {
            for (q, kind, link) in IN_SCRIPT {
                let results = search_in(&app, q, lang).await;
                let first = results.first().unwrap_or_else(|| panic!("{b} {lang}: {q:?} finds nothing"));
                assert_eq!((first["type"].as_str(), first["link"].as_str()), (Some(*kind), Some(*link)), "{b} {lang}: {q:?} first: {results:#?}");
            }
        }
        // Named in the language asked for, whatever the query's.
        let named = |results: Vec<Value>| results[0]["name"].as_str().unwrap().to_owned();
        assert!(named(search_in(&app, "cardiology", "gu").await).contains("કાર્ડિયોલોજી"), "{b}");
        assert!(named(search_in(&app, "હૃદય", "hi").await).contains("कार्डियोलॉजी"), "{b}");
        assert_eq!(named(search_in(&app, "हृदय", "en").await), "Cardiology", "{b}");
        // A doctor found by their department in Gujarati, described in it.
        let doctors = search_in(&app, "કાર્ડિયોલોજી", "gu").await;
        let doctor = doctors.iter().find(|r| r["type"] == "doctor").unwrap_or_else(|| panic!("{b}: {doctors:#?}"));
        assert!(doctor["description"].as_str().unwrap().contains("કાર્ડિયોલોજિસ્ટ"), "{b}: {doctor}");
        // The English answer is not the Gujarati one: kept apart in the cache.
        assert_ne!(search_in(&app, "cardiology", "en").await, search_in(&app, "cardiology", "gu").await, "{b}");
    }
}

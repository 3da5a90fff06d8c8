//! The doctor endpoints of spec section 7, driven through the real router on every
//! database backend.

mod common;

use actix_web::test;
use serde_json::Value;

use common::{fetch, get, message, seed, send, state, TestDb};

#[actix_web::test]
async fn doctors_list_one_and_by_department() {
    for db in TestDb::all().await {
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let seed = seed();
        let seeded = seed.as_array().unwrap();
        let b = db.backend;

        let (status, _, body) = send(&app, get("/api/doctors")).await;
        assert_eq!(status, 200, "{b}");
        assert_eq!(body["success"], true);
        let list = body["data"].as_array().unwrap();
        assert_eq!(list.len(), seeded.len(), "{b}: every seeded doctor is listed");
        let keys: Vec<String> = list.iter().map(|d| hygo_core::entities::doctor::sort_key(d["name"].as_str().unwrap())).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted, "{b}: sorted by name, Dr. ignored");
        for field in ["id", "_id", "name", "specialization", "experience", "location", "bio", "education", "services", "languages", "insurances", "officeHours", "availability", "image", "rating"] {
            assert!(list[0].get(field).is_some(), "{b}: doctor has {field}");
        }

        // One doctor: every field as seeded.
        let first = &seeded[0];
        let (status, _, body) = send(&app, get(&format!("/api/doctors/{}", first["id"]))).await;
        assert_eq!(status, 200);
        let d = &body["data"];
        assert_eq!(d["name"], first["name"], "{b}");
        assert_eq!(d["_id"], first["id"].to_string());
        for field in ["specialization", "experience", "rating", "clinic", "bio", "education", "services", "languages", "insurances", "officeHours", "availability"] {
            assert_eq!(d[field], first[field], "{b}: {field} round-trips");
        }
        // The location is the clinic's, from the one list of clinics.
        let clinic = hygo_content::default()
            .find_clinic(first["clinic"].as_str().unwrap())
            .cloned()
            .unwrap();
        assert_eq!(d["location"], format!("{}, Rajkot", clinic.name), "{b}");

        // By department: exactly the seeded doctors of that department.
        let dept = first["department"].as_str().unwrap();
        let expected: Vec<&str> = seeded.iter().filter(|x| x["department"] == dept).map(|x| x["name"].as_str().unwrap()).collect();
        let (status, _, body) = send(&app, get(&format!("/api/doctors/department/{dept}"))).await;
        assert_eq!(status, 200);
        let mut names: Vec<&str> = body["data"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap()).collect();
        names.sort();
        let mut expected_sorted = expected.clone();
        expected_sorted.sort();
        assert_eq!(names, expected_sorted, "{b}: doctors of {dept}");
        let (status, _, body) = send(&app, get(&format!("/api/doctors/department/{}", dept.to_uppercase()))).await;
        assert_eq!((status, body["data"].as_array().unwrap().len()), (200, expected.len()), "{b}: slug is case-insensitive");

        // The aliases and names the department pages accept (spec section 2).
        for (alias, slug) in [("laboratories", "laboratory"), ("internal_medicine", "internal-medicine"), ("Neuroscience", "neurology"),
            ("home-services", "home_services"), ("General%20Surgery", "general-surgery")] {
            let want = seeded.iter().filter(|x| x["department"] == slug).count();
            let (status, _, body) = send(&app, get(&format!("/api/doctors/department/{alias}"))).await;
            assert_eq!(status, 200, "{b}: {alias}");
            let list = body["data"].as_array().unwrap();
            assert_eq!(list.len(), want, "{b}: {alias} is {slug}");
            assert!(list.iter().all(|x| x["department"] == slug), "{b}: {alias}");
        }
        assert!(seeded.iter().filter(|x| x["department"] == "neurology").count() > 0, "the alias test sees doctors");
        let (status, _, _) = send(&app, get("/api/doctors/department/astrology")).await;
        assert_eq!(status, 404, "{b}: an unknown department is still 404");

        // A department with nobody yet answers an empty list, not an error.
        let staffed: Vec<&str> = seeded
            .iter()
            .map(|x| x["department"].as_str().unwrap())
            .collect();
        let empty = hygo_content::default()
            .departments
            .iter()
            .find(|d| !staffed.contains(&d.slug.as_str()))
            .cloned()
            .unwrap();
        let (status, _, body) = send(
            &app,
            get(&format!("/api/doctors/department/{}", empty.slug)),
        )
        .await;
        assert_eq!(
            (status, body["data"].as_array().unwrap().len()),
            (200, 0),
            "{b}"
        );
    }
}

#[actix_web::test]
async fn search_filters_by_name_or_specialization() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let seed = seed();
    let spec = seed[0]["specialization"].as_str().unwrap().to_uppercase();
    let (status, _, body) = send(&app, get(&format!("/api/doctors?search={}", spec.replace(' ', "%20")))).await;
    assert_eq!(status, 200);
    let found = body["data"].as_array().unwrap();
    let expected = seed.as_array().unwrap().iter().filter(|d| {
        let q = spec.to_lowercase();
        d["name"].as_str().unwrap().to_lowercase().contains(&q) || d["specialization"].as_str().unwrap().to_lowercase().contains(&q)
    }).count();
    assert!(expected >= 1);
    assert_eq!(found.len(), expected);
    let (_, _, body) = send(&app, get("/api/doctors?search=zzzz-nobody")).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 0);
    let (_, _, body) = send(&app, get("/api/doctors?search=%20%20")).await;
    assert_eq!(body["data"].as_array().unwrap().len(), seed.as_array().unwrap().len(), "blank search lists all");
}

#[actix_web::test]
async fn bad_ids_and_unknown_paths_are_json_errors_never_500() {
    for db in TestDb::all().await {
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let b = db.backend;
        let (status, _, body) = send(&app, get("/api/doctors/99999")).await;
        assert_eq!(status, 404, "{b}");
        assert_eq!(body["success"], false);
        assert_eq!(body["message"], message("doctor.notFound"));
        for bad in ["abc", "1.5", "-1", "0", "99999999999999999999", "%F0%9F%98%80", "1%20OR%201=1"] {
            let (status, _, body) = send(&app, get(&format!("/api/doctors/{bad}"))).await;
            assert_eq!(status, 400, "{b}: /api/doctors/{bad}");
            assert_eq!(body["success"], false);
            assert_eq!(body["message"], message("doctor.badId"));
        }
        let (status, _, body) = send(&app, get("/api/doctors/department/no-such-department")).await;
        assert_eq!((status, body["success"].clone()), (404, Value::Bool(false)), "{b}");
        let (status, _, body) = send(&app, get("/api/nothing/here")).await;
        assert_eq!(status, 404, "{b}");
        assert_eq!(body["message"], message("request.noEndpoint"));
    }
}

#[actix_web::test]
async fn health_answers_when_the_database_does() {
    let db = TestDb::sqlite();
    let state = state(&db).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    assert_eq!(fetch(&app, "/healthz").await.status, 200);
    state.db.clone().close().await.unwrap();
    assert_eq!(fetch(&app, "/healthz").await.status, 503, "a closed database is reported");
}

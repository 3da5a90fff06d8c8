//! The render cache and conditional requests: a page is rendered once and then
//! served from memory with its `ETag`; a browser's copy gets 304; an edit to the
//! data behind a page (as another app instance would make it, straight in the
//! database) gives the new page at the next check of the data version, and a
//! page kept in memory is served without asking the database between checks.
//! Kept pages go out compressed in the coding asked for; kept slots follow this
//! process's bookings at once. Forms answered with a visitor's values are never
//! cached.

mod common;

use actix_web::http::header;
use actix_web::test;
use std::io::Read;
use std::time::Duration;

use hygo_data::entities::{doctor, office_hours};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, IntoActiveModel, Set};

use common::{call, get, post_json, send, state, state_from, submit, test_config, TestDb};

/// A page, with the browser's copy's tag if any: the status, the `ETag` and the text.
async fn page(
    app: &impl actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, Error = actix_web::Error>,
    uri: &str,
    etag: Option<&str>,
) -> (u16, String, String) {
    let mut req = get(uri);
    if let Some(tag) = etag {
        req = req.insert_header((header::IF_NONE_MATCH, tag.to_owned()));
    }
    let answer = call(app, req).await;
    (answer.status, answer.header("etag").to_owned(), answer.text)
}

#[actix_web::test]
async fn pages_are_cached_revalidated_and_fresh_after_an_edit() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        let renders = state.renderer.renders();
        let (status, tag, first) = page(&app, "/doctors/4", None).await;
        assert_eq!(status, 200, "{b}");
        assert!(tag.starts_with('"'), "{b}: an ETag");
        assert_eq!(state.renderer.renders(), renders + 1, "{b}: rendered once");
        assert!(state.render_cache.usage().0 >= 1, "{b}: the page was kept");
        let (_, again_tag, again) = page(&app, "/doctors/4", None).await;
        assert_eq!((again_tag.as_str(), again.as_str()), (tag.as_str(), first.as_str()), "{b}: the same page");
        assert_eq!(state.renderer.renders(), renders + 1, "{b}: served from the cache, not rendered again");

        let (status, _, body) = page(&app, "/doctors/4", Some(&tag)).await;
        assert_eq!((status, body.as_str()), (304, ""), "{b}: the browser's copy is current");
        assert_eq!(state.renderer.renders(), renders + 1, "{b}: a 304 renders nothing");

        // Another instance renames the doctor in the shared database.
        let row = doctor::Entity::find_by_id(4).one(&state.db).await.unwrap().unwrap();
        let mut edit = row.into_active_model();
        edit.name = Set("Dr. Kinjal Mehta-Rao".into());
        edit.update(&state.db).await.unwrap();
        let (status, new_tag, fresh) = page(&app, "/doctors/4", Some(&tag)).await;
        assert_eq!(status, 200, "{b}: changed, so not 304");
        assert_eq!(state.renderer.renders(), renders + 2, "{b}: rendered again for the new data");
        assert_ne!(new_tag, tag, "{b}");
        assert!(fresh.contains("Dr. Kinjal Mehta-Rao"), "{b}: the new name at once");
        let (_, _, list) = page(&app, "/doctors", None).await;
        assert!(list.contains("Dr. Kinjal Mehta-Rao"), "{b}: and on every page that shows it");

        // A refused form carries the visitor's values: rendered for them only.
        let before = state.render_cache.usage().0;
        let rendered = state.renderer.renders();
        for n in 1..=2 {
            let refused = submit(&app, "/contactus", "name=Private+Person&email=bad").await;
            assert_eq!(refused.status, 422, "{b}");
            assert!(refused.text.contains(r#"value="Private Person""#), "{b}: the visitor's values");
            assert_eq!(state.renderer.renders(), rendered + n, "{b}: rendered for each post");
        }
        assert_eq!(state.render_cache.usage().0, before, "{b}: not cached");
    }
}

#[actix_web::test]
async fn triggers_version_the_data_and_a_kept_page_needs_no_query() {
    for db in TestDb::all().await {
        let b = db.backend;
        let mut config = test_config();
        config.data_recheck = Duration::from_secs(3600);
        let state = state_from(&db, hygo_data::ist::Clock::System, config).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        let (_, _, first) = page(&app, "/doctors/4", None).await;
        let (status, _, _) = page(&app, "/doctors", None).await;
        assert_eq!(status, 200, "{b}");
        let rendered = state.renderer.renders();
        let v1 = hygo_data::data_version::current(&state.db).await.unwrap().catalogue;
        // Each watched table raises the version, whoever writes to it.
        let row = doctor::Entity::find_by_id(4).one(&state.db).await.unwrap().unwrap();
        let mut edit = row.into_active_model();
        edit.name = Set("Dr. Kinjal Mehta-Rao".into());
        edit.update(&state.db).await.unwrap();
        let v2 = hygo_data::data_version::current(&state.db).await.unwrap().catalogue;
        assert!(v2 > v1, "{b}: a doctor's edit raises the version");
        let hours = office_hours::Entity::find().one(&state.db).await.unwrap().unwrap();
        let mut edit = hours.into_active_model();
        edit.hours = Set("10:00 AM - 1:00 PM".into());
        edit.update(&state.db).await.unwrap();
        let v3 = hygo_data::data_version::current(&state.db).await.unwrap().catalogue;
        assert!(v3 > v2, "{b}: so does an edit of office hours");
        // Bookings raise their own version, not the catalogue's.
        let bookings = hygo_data::data_version::current(&state.db).await.unwrap().bookings;
        hygo_data::entities::appointment::ActiveModel {
            reference: Set(hygo_data::refs::new_reference()),
            doctor_id: Set(4),
            department: Set(String::new()),
            date: Set("2030-01-07".into()),
            start_time: Set("10:00".into()),
            visit_type: Set("in-person".into()),
            name: Set("Test Patient".into()),
            phone: Set("9876543210".into()),
            email: Set("patient@example.test".into()),
            reason: Set(String::new()),
            symptoms: Set("[]".into()),
            notes: Set(String::new()),
            insurance: Set(String::new()),
            policy_number: Set(String::new()),
            is_new_patient: Set(true),
            created_at: Set("2026-11-23T10:00:00+05:30".into()),
            cancelled_at: Set(None),
            ..Default::default()
        }
        .insert(&state.db)
        .await
        .unwrap();
        let now = hygo_data::data_version::current(&state.db).await.unwrap();
        assert_eq!(now.catalogue, v3, "{b}");
        assert!(now.bookings > bookings, "{b}: a change to appointments raises the bookings' version");

        // Within the recheck interval the kept page is served as it was: memory, no query.
        let (_, _, again) = page(&app, "/doctors/4", None).await;
        assert_eq!(again, first, "{b}: served from memory until the next check");
        assert_eq!(state.renderer.renders(), rendered, "{b}: not rendered again");
        // Nor does the version's table going away: a kept page makes no query.
        state.db.execute_unprepared("DROP TABLE data_version").await.unwrap();
        let (status, _, body) = page(&app, "/doctors", None).await;
        assert_eq!((status, body.contains("Dr. Kinjal Mehta-Rao")), (200, false), "{b}: the kept page, no query made");
    }
}

#[actix_web::test]
async fn kept_pages_go_out_in_the_coding_asked_for() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let (_, _, plain) = page(&app, "/departments/cardiology", None).await;
        assert!(plain.contains("<h1"), "{b}");

        let mut tags = Vec::new();
        for (accept, coding) in [("gzip, deflate, br, zstd", Some("br")), ("gzip", Some("gzip")), ("identity", None)] {
            let res = call(&app, get("/departments/cardiology").insert_header((header::ACCEPT_ENCODING, accept))).await;
            assert_eq!(res.status, 200, "{b}");
            let header_of = |name| Some(res.header(name).to_owned()).filter(|v| !v.is_empty());
            assert_eq!(header_of("content-encoding").as_deref(), coding, "{b}: {accept}");
            assert_eq!(header_of("vary").as_deref(), Some("Accept-Encoding"), "{b}");
            let tag = header_of("etag").unwrap();
            let body = res.body;
            let mut text = String::new();
            match coding {
                Some("br") => brotli::Decompressor::new(&body[..], 4096).read_to_string(&mut text).map(|_| ()).unwrap(),
                Some("gzip") => flate2::read::GzDecoder::new(&body[..]).read_to_string(&mut text).map(|_| ()).unwrap(),
                _ => text = String::from_utf8(body.clone()).unwrap(),
            }
            assert_eq!(text, plain, "{b}: {accept}: the same document");
            if coding.is_some() {
                assert!(body.len() * 4 < plain.len(), "{b}: {accept}: compressed ({} of {} bytes)", body.len(), plain.len());
            }
            tags.push(tag);
        }
        tags.dedup();
        assert_eq!(tags.len(), 3, "{b}: each representation has its own tag");
    }
}

#[actix_web::test]
async fn kept_slots_follow_this_processes_bookings_at_once() {
    for db in TestDb::all().await {
        let b = db.backend;
        let mut config = test_config();
        config.data_recheck = Duration::from_secs(3600);
        let state = state_from(&db, common::at("2030-01-07 08:00"), config).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let slots = || get("/appointments/slots?doctorId=1&date=2030-01-09");

        let (status, headers, first) = send(&app, slots()).await;
        assert_eq!(status, 200, "{b}");
        assert_eq!(headers.get(header::CACHE_CONTROL).unwrap(), "no-store", "{b}");
        let free = first["availableSlots"].as_array().unwrap().clone();
        let time = free[0].as_str().unwrap().to_owned();
        let (again_status, _, again) = send(&app, slots()).await;
        assert_eq!((again_status, &again), (200, &first), "{b}: the kept answer");

        let booking = serde_json::json!({
            "name": "Asha Patel", "phone": "+91 98765 43210", "email": "asha@example.com",
            "doctorId": 1, "date": "2030-01-09", "time": time, "visitType": "in-person", "isNewPatient": "yes"
        });
        let (status, _, body) = send(&app, post_json("/appointments/bookAppointment", &booking)).await;
        assert_eq!(status, 201, "{b}: {body}");
        let (_, _, after) = send(&app, slots()).await;
        assert!(!after["availableSlots"].as_array().unwrap().iter().any(|t| t == time.as_str()), "{b}: {time} is no longer offered");
        assert!(after["bookedSlots"].as_array().unwrap().iter().any(|t| t == time.as_str()), "{b}: but held");
    }
}

//! The render cache and conditional requests: a page is rendered once and then
//! served from memory with its `ETag`; a browser's copy gets 304; an edit to the
//! data behind a page (as another app instance would make it, straight in the
//! database) gives the new page at once. Forms answered with a visitor's values
//! are never cached.

mod common;

use actix_web::http::header;
use actix_web::test::{self, TestRequest};
use hygo_data::entities::doctor;
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};

use common::{state, TestDb};

async fn get<S, B>(app: &S, uri: &str, etag: Option<&str>) -> (u16, String, String)
where
    S: actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody,
{
    let mut req = TestRequest::get().uri(uri);
    if let Some(tag) = etag {
        req = req.insert_header((header::IF_NONE_MATCH, tag.to_owned()));
    }
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let tag = res.headers().get(header::ETAG).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let body = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
    (status, tag, body)
}

#[actix_web::test]
async fn pages_are_cached_revalidated_and_fresh_after_an_edit() {
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;

        let (status, tag, first) = get(&app, "/doctors/4", None).await;
        assert_eq!(status, 200, "{b}");
        assert!(tag.starts_with('"'), "{b}: an ETag");
        let (entries, _) = state.render_cache.usage();
        assert!(entries >= 1, "{b}: the page was kept");
        let (_, again_tag, again) = get(&app, "/doctors/4", None).await;
        assert_eq!((again_tag.as_str(), again.as_str()), (tag.as_str(), first.as_str()), "{b}: the same page");
        assert_eq!(state.render_cache.usage().0, entries, "{b}: served from the cache, not rendered again");

        let (status, _, body) = get(&app, "/doctors/4", Some(&tag)).await;
        assert_eq!((status, body.as_str()), (304, ""), "{b}: the browser's copy is current");

        // Another instance renames the doctor in the shared database.
        let row = doctor::Entity::find_by_id(4).one(&state.db).await.unwrap().unwrap();
        let mut edit = row.into_active_model();
        edit.name = Set("Dr. Kinjal Mehta-Rao".into());
        edit.update(&state.db).await.unwrap();
        let (status, new_tag, fresh) = get(&app, "/doctors/4", Some(&tag)).await;
        assert_eq!(status, 200, "{b}: changed, so not 304");
        assert_ne!(new_tag, tag, "{b}");
        assert!(fresh.contains("Dr. Kinjal Mehta-Rao"), "{b}: the new name at once");
        let (_, _, list) = get(&app, "/doctors", None).await;
        assert!(list.contains("Dr. Kinjal Mehta-Rao"), "{b}: and on every page that shows it");

        // A refused form carries the visitor's values: rendered for them only.
        let before = state.render_cache.usage().0;
        let res = test::call_service(
            &app,
            TestRequest::post()
                .uri("/contactus")
                .insert_header((header::CONTENT_TYPE, "application/x-www-form-urlencoded"))
                .set_payload("name=Private+Person&email=bad")
                .to_request(),
        )
        .await;
        assert_eq!(res.status(), 422, "{b}");
        assert_eq!(state.render_cache.usage().0, before, "{b}: not cached");
    }
}

//! The content seam (`hygo_content`) as the server serves it: another catalogue
//! put in place, as the editors' store will after a publication, is on the pages
//! at once, though the render cache kept them (it keys them by the content's
//! version as by the data version). Its own test binary: it changes what the
//! whole process serves.

mod common;

use actix_web::test;
use hygo_content::Lang;

use common::{fetch, state, TestDb};

#[actix_web::test]
async fn another_catalogue_is_served_at_once_though_the_pages_were_kept() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let slide = hygo_content::default().home.hero.slides[0].title.clone();
    let about = hygo_content::default().page("about").unwrap().heading.clone();
    let first = fetch(&app, "/").await;
    assert_eq!(first.status, 200);
    assert!(first.text.contains(&slide), "the home page shows the catalogue's first slide");
    // Kept: asked again, the same document (its validator) without a render.
    let again = fetch(&app, "/").await;
    assert_eq!(again.headers.get("etag"), first.headers.get("etag"));
    assert!(fetch(&app, "/about").await.text.contains(&about));

    let version = hygo_content::version();
    let mut next = hygo_content::files::load().unwrap();
    next.edit(Lang::DEFAULT, |c| {
        std::sync::Arc::make_mut(&mut c.home).hero.slides[0].title = "Open on Sundays from December".into();
    });
    hygo_content::install(next);
    assert_eq!(hygo_content::version(), version + 1);

    let after = fetch(&app, "/").await;
    assert_eq!(after.status, 200);
    assert!(after.text.contains("Open on Sundays from December"), "the new text, at once");
    assert!(!after.text.contains(&slide), "not the text the cache kept");
    assert_ne!(after.headers.get("etag"), first.headers.get("etag"));
    // The rest of the content is the files' still.
    assert!(fetch(&app, "/about").await.text.contains(&about));
}

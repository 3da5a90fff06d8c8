//! Pictures for the content and the search's everyday words, in the editor
//! (issue 28, items 9 and 1; docs/editors.md), through the real app in process,
//! on SQLite and (with `TEST_DATABASE_URL`) PostgreSQL. It proves that:
//!
//! - an editor uploads a picture for a hero slide and for an article, with its
//!   description; the upload is resized to the widths a page needs (its shape
//!   kept, never enlarged), served as an immutable file, shown in the preview,
//!   and on the live page only once published, with `srcset`, `sizes` and `alt`;
//! - a picture without a description, a file that is no picture, one too narrow
//!   and a place that takes none are refused with a 4xx and store nothing;
//!   replacing a picture keeps its description; removing it is a new draft;
//! - the desk cannot upload;
//! - the search's words are an entry: a new group of words finds what it names
//!   once published, and a group naming nothing the search has does not publish.
//!
//! (Its own process: the installed content is the process's, and `tests/editor.rs`
//! changes it too.)

mod common;

use actix_web::test::{self, TestRequest};
use hygo_core::entities::content_image;
use hygo_staff::sessions::COOKIE;
use hygo_staff::Role;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::Value;

use common::staff::{form, get_as, multipart, picture, post, props, staff, Staff, ORIGIN};
use common::{call, fetch, state, Answer, TestDb};

const HERO: &str = "/staff/content/home.hero";
const ARTICLE: &str = "/staff/content/article.lab-sample-collection-at-home";
const ALT: &str = "A doctor of HYGO talking with a patient at the Kalawad Road clinic";

/// The revision a write's redirect names (`…&revision=N`).
fn revision_of(location: &str) -> String {
    location.split("revision=").nth(1).and_then(|r| r.split(['&', '#']).next()).unwrap_or_else(|| panic!("no revision in {location}")).to_owned()
}

async fn files(db: &hygo_core::Db) -> u64 {
    content_image::Entity::find().count(db).await.unwrap()
}

#[actix_web::test]
async fn pictures_for_slides_and_articles_and_the_search_words() {
    for db in TestDb::all().await {
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let b = db.backend;
        let editor: Staff = staff(&app, &state.db, "pictures.editor@hygo.test", Role::Editor).await;
        let desk: Staff = staff(&app, &state.db, "pictures.desk@hygo.test", Role::Desk).await;
        let upload = |who: &Staff, entry: &str, fields: &[(&str, &str)], file: Option<(&str, &[u8])>| {
            let mut all = vec![("csrf", who.csrf.as_str())];
            all.extend_from_slice(fields);
            let (content_type, body) = multipart(&all, file);
            let req = TestRequest::post()
                .uri(&format!("{entry}/picture"))
                .peer_addr("198.51.100.9:40000".parse().unwrap())
                .insert_header(("origin", ORIGIN))
                .insert_header(("content-type", content_type))
                .insert_header(("cookie", format!("{COOKIE}={}", who.token)))
                .set_payload(body);
            call(&app, req)
        };
        let write = |path: &str, pairs: &[(&str, &str)]| {
            let mut all = vec![("csrf", editor.csrf.as_str())];
            all.extend_from_slice(pairs);
            call(&app, post(path, &form(&all), Some(&editor.token)))
        };
        let wide = picture(1600, 900, image::ImageFormat::Jpeg);
        let home_before = fetch(&app, "/").await;

        // Refused, each with its field's message, and nothing stored.
        let slide = [("op", "upload"), ("base", "0"), ("slot", "slides.0.image")];
        for (why, fields, file, field) in [
            ("no description", vec![("alt", "")], Some(("a.jpg", wide.as_slice())), "alt"),
            ("no file", vec![("alt", ALT)], None, "photo"),
            ("not a picture", vec![("alt", ALT)], Some(("a.jpg", b"%PDF-1.4 not a picture".as_slice())), "photo"),
        ] {
            let mut all = slide.to_vec();
            all.extend(fields);
            let answer = upload(&editor, HERO, &all, file).await;
            assert_eq!(answer.status, 422, "{b}: {why}");
            assert!(answer.text.contains(&format!("\"{field}\":")), "{b}: {why}: the message is the {field} field's");
        }
        let narrow = picture(400, 700, image::ImageFormat::Png);
        let too_narrow = upload(&editor, HERO, &[slide[0], slide[1], slide[2], ("alt", ALT)], Some(("n.png", &narrow))).await;
        assert_eq!(too_narrow.status, 422, "{b}");
        assert!(too_narrow.text.contains("at least 480 pixels wide"), "{b}: says how wide");
        let nowhere = upload(&editor, "/staff/content/page.about", &[("op", "upload"), ("base", "0"), ("slot", "sections.0.image"), ("alt", ALT)], Some(("a.jpg", &wide))).await;
        assert_eq!(nowhere.status, 422, "{b}: the About page takes no picture");
        assert_eq!(upload(&desk, HERO, &[slide[0], slide[1], slide[2], ("alt", ALT)], Some(("a.jpg", &wide))).await.status, 403, "{b}: not the desk");
        assert_eq!(files(&state.db).await, 0, "{b}: nothing stored");

        // A hero slide's picture: a new draft, its versions served, in the preview only.
        let saved = upload(&editor, HERO, &[slide[0], slide[1], slide[2], ("alt", ALT)], Some(("a.jpg", &wide))).await;
        assert_eq!(saved.status, 303, "{b}: {}", saved.text);
        assert!(saved.header("location").contains("done=picture"), "{b}");
        let one = revision_of(saved.header("location"));
        let page = props(&call(&app, get_as(&format!("{HERO}?revision={one}"), Some(&editor.token))).await);
        let slot = &page["data"]["pictures"][0];
        assert_eq!((slot["slot"].as_str(), slot["slide"].as_i64(), slot["alt"].as_str()), (Some("slides.0.image"), Some(1), Some(ALT)), "{b}");
        let image_field = page["data"]["fields"].to_string();
        assert!(image_field.contains("\"shape\":\"image\"") && image_field.contains("slides.0.image.alt"), "{b}: the description is a field");
        assert!(!image_field.contains("slides.0.image.sources"), "{b}: the versions are not fields");
        let thumbnail = slot["thumbnail"].as_str().unwrap().to_owned();
        let served = fetch(&app, &thumbnail).await;
        assert_eq!((served.status, served.header("content-type")), (200, "image/jpeg"), "{b}: {thumbnail}");
        assert_eq!(served.header("cache-control"), "public, max-age=31536000, immutable", "{b}");
        let small = image::load_from_memory(&served.body).unwrap();
        assert_eq!((small.width(), small.height()), (480, 270), "{b}: the narrowest, its shape kept");
        let preview = call(&app, get_as(&format!("{HERO}/preview?revision={one}"), Some(&editor.token))).await;
        assert!(preview.text.contains(&format!("alt=\"{ALT}\"")), "{b}: the preview shows it");
        assert_eq!(fetch(&app, "/").await.body, home_before.body, "{b}: the live page has no picture yet");

        // Published: on the home page, at three widths, with its description.
        let published = write(&format!("{HERO}/publish"), &[("revision", &one), ("when", "now")]).await;
        assert_eq!(published.status, 303, "{b}: {}", published.text);
        let home: Answer = fetch(&app, "/").await;
        assert!(home.text.contains(&format!("alt=\"{ALT}\"")), "{b}: live");
        for width in [480, 960, 1440] {
            assert!(home.text.contains(&format!("-{width}.jpg {width}w")), "{b}: {width} px in the srcset");
        }
        assert!(home.text.contains("sizes=\"(min-width: 640px) 16rem, calc(100vw - 2rem)\""), "{b}: the width the layout gives it");

        // Replaced without a description: the one it has is kept. Then removed.
        let tall = picture(900, 1200, image::ImageFormat::Png);
        let replaced = upload(&editor, HERO, &[("op", "upload"), ("base", &one), ("slot", "slides.0.image"), ("alt", "")], Some(("t.png", &tall))).await;
        assert_eq!(replaced.status, 303, "{b}: {}", replaced.text);
        let two = revision_of(replaced.header("location"));
        let page = props(&call(&app, get_as(&format!("{HERO}?revision={two}"), Some(&editor.token))).await);
        assert_eq!(page["data"]["pictures"][0]["alt"].as_str(), Some(ALT), "{b}: the description kept");
        assert_ne!(page["data"]["pictures"][0]["thumbnail"].as_str(), Some(thumbnail.as_str()), "{b}: another picture");
        let removed = upload(&editor, HERO, &[("op", "remove"), ("base", &two), ("slot", "slides.0.image")], None).await;
        assert_eq!(removed.status, 303, "{b}: {}", removed.text);
        let three = revision_of(removed.header("location"));
        let page = props(&call(&app, get_as(&format!("{HERO}?revision={three}"), Some(&editor.token))).await);
        assert_eq!(page["data"]["pictures"][0]["thumbnail"], Value::Null, "{b}: removed in the draft");
        assert_eq!(fetch(&app, &thumbnail).await.status, 200, "{b}: the files stay with the history");

        // An article's picture, its description edited in the form, then published.
        let article = upload(&editor, ARTICLE, &[("op", "upload"), ("base", "0"), ("slot", "image"), ("alt", "A nurse taking a blood sample at a patient's home")], Some(("a.jpg", &wide))).await;
        assert_eq!(article.status, 303, "{b}: {}", article.text);
        let a1 = revision_of(article.header("location"));
        let described = write(ARTICLE, &[("base", &a1), ("op", "save"), ("f.image.alt", "")]).await;
        let a2 = revision_of(described.header("location"));
        let page = props(&call(&app, get_as(&format!("{ARTICLE}?revision={a2}"), Some(&editor.token))).await);
        assert_eq!(page["data"]["problems"][0]["path"], "image.alt", "{b}: an empty description stops publishing");
        let forged = write(ARTICLE, &[("base", &a1), ("op", "save"), ("f.image.alt", "A nurse at a patient's home"), ("f.image.sources.0.url", "https://elsewhere.example/x.jpg")]).await;
        let a3 = revision_of(forged.header("location"));
        let out = write(&format!("{ARTICLE}/publish"), &[("revision", &a3), ("when", "now")]).await;
        assert_eq!(out.status, 303, "{b}: {}", out.text);
        let shown = fetch(&app, "/news/lab-sample-collection-at-home").await;
        assert!(shown.text.contains("alt=\"A nurse at a patient&#x27;s home\"") || shown.text.contains("alt=\"A nurse at a patient's home\""), "{b}: the article's picture");
        assert!(!shown.text.contains("elsewhere.example"), "{b}: a version's address is never taken from the form");

        // The search's words: a new group finds what it names once published;
        // one naming nothing the search has does not publish.
        let words = "/staff/content/search.words";
        let before = fetch(&app, "/api/search?q=dhadkan").await.json();
        assert_ne!(before["data"][0]["link"], "/departments/cardiology", "{b}: not before: {before}");
        let added = write(words, &[("base", "0"), ("op", "add:synonyms")]).await;
        assert_eq!(added.status, 303, "{b}: {}", added.text);
        let w1 = revision_of(added.header("location"));
        let page = props(&call(&app, get_as(&format!("{words}?revision={w1}"), Some(&editor.token))).await);
        let n = page["data"]["fields"].as_array().unwrap().iter().find(|f| f["path"] == "synonyms").unwrap()["children"].as_array().unwrap().len() - 1;
        let wrong = write(words, &[("base", &w1), ("op", "save"), (&format!("f.synonyms.{n}.words"), "Dhadkan, heart beat"), (&format!("f.synonyms.{n}.finds"), "department:nowhere")]).await;
        let w2 = revision_of(wrong.header("location"));
        let page = props(&call(&app, get_as(&format!("{words}?revision={w2}"), Some(&editor.token))).await);
        assert_eq!(page["data"]["problems"][0]["path"], format!("synonyms.{n}.finds"), "{b}");
        assert_eq!(write(&format!("{words}/publish"), &[("revision", &w2), ("when", "now")]).await.status, 422, "{b}: names nothing");
        let right = write(words, &[("base", &w2), ("op", "save"), (&format!("f.synonyms.{n}.finds"), "department:cardiology")]).await;
        let w3 = revision_of(right.header("location"));
        assert_eq!(write(&format!("{words}/publish"), &[("revision", &w3), ("when", "now")]).await.status, 303, "{b}");
        let found = fetch(&app, "/api/search?q=dhadkan").await.json();
        assert_eq!(found["data"][0]["link"], "/departments/cardiology", "{b}: {found}");

        // Leave the files' content for the next database.
        hygo_content::install(hygo_content::files::load().unwrap());
    }
}

//! The content editor (issue 28; docs/editors.md) through the real app, in
//! process, on SQLite and (with `TEST_DATABASE_URL`) PostgreSQL. It proves that:
//!
//! - a fresh install serves the files' pages byte for byte (the store is empty);
//! - every editor route checks the role on the server: the desk cannot open the
//!   editor nor publish, an editor cannot read appointments or doctors, nobody
//!   signed out reaches a preview but through a share link;
//! - caches in both directions: with the live About page cached, two saves show
//!   in the preview (the second), and after the preview the live page, its
//!   props, the sitemap and the search show no draft text;
//! - a share link works signed out, and fails when altered, revoked or expired
//!   (the clock moved, not slept);
//! - publishing changes the live page at once; a scheduled revision is
//!   published at its time, once; each is in the audit log;
//! - history compares two revisions and restores one as a new draft; a draft
//!   with an empty heading saves but does not publish; bad input is a 422.

mod common;

use actix_web::test;
use hygo_core::entities::audit_log;
use hygo_staff::Role;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::Value;

use common::staff::{form, get_as, post, props, staff, Staff};
use common::{call, fetch, state_with, TestDb};

const ABOUT: &str = "/about-us-HYGO";
const ENTRY: &str = "/staff/content/page.about";
const ARTICLE: &str = "/staff/content/article.lab-sample-collection-at-home";

async fn audited(db: &hygo_core::Db, action: &str) -> u64 {
    audit_log::Entity::find().filter(audit_log::Column::Action.eq(action)).count(db).await.unwrap()
}

/// The revision a save's redirect names (`…?done=saved&revision=N`).
fn revision_of(location: &str) -> i32 {
    location.split("revision=").nth(1).and_then(|r| r.split(['&', '#']).next()).and_then(|r| r.parse().ok()).unwrap_or_else(|| panic!("no revision in {location}"))
}

#[actix_web::test]
async fn editors_draft_preview_share_schedule_publish_and_restore() {
    let _turn = common::catalogue_turn().await;
    for db in TestDb::all().await {
        let clock = hygo_core::ist::Clock::moved();
        let state = state_with(&db, clock.clone(), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let b = db.backend;

        // A fresh install: the store is empty, and its content is the files' own.
        let files = fetch(&app, ABOUT).await;
        assert_eq!(files.status, 200, "{b}");
        hygo_editorial::install_published(&state.db).await.unwrap();
        let fresh = fetch(&app, ABOUT).await;
        assert_eq!(fresh.body, files.body, "{b}: the store laid over the files changes no byte");
        let article_before = fetch(&app, "/news/lab-sample-collection-at-home").await;

        let editor: Staff = staff(&app, &state.db, "editor@hygo.test", Role::Editor).await;
        let desk: Staff = staff(&app, &state.db, "desk@hygo.test", Role::Desk).await;
        let save = |token: &str, csrf: &str, path: &str, pairs: &[(&str, &str)]| {
            let mut all = vec![("csrf", csrf)];
            all.extend_from_slice(pairs);
            post(path, &form(&all), Some(token))
        };

        // Roles, on the server.
        for (path, who, status) in [
            ("/staff/content", &desk, 403),
            (ENTRY, &desk, 403),
            (&format!("{ENTRY}/preview") as &str, &desk, 403),
            ("/staff/appointments", &editor, 403),
            ("/staff/doctors", &editor, 403),
            ("/staff/audit", &editor, 403),
            ("/staff/content", &editor, 200),
        ] {
            assert_eq!(call(&app, get_as(path, Some(&who.token))).await.status, status, "{b}: {path} as {}", who.email);
        }
        let anonymous = call(&app, get_as(&format!("{ENTRY}/preview"), None)).await;
        assert_eq!((anonymous.status, anonymous.header("location")), (303, "/staff/sign-in"), "{b}");
        let by_desk = call(&app, save(&desk.token, &desk.csrf, &format!("{ENTRY}/publish"), &[("revision", "1"), ("when", "now")])).await;
        assert_eq!(by_desk.status, 403, "{b}: the desk cannot publish");

        // The editor opens the About page: the live text, no revision yet.
        let opened = props(&call(&app, get_as(ENTRY, Some(&editor.token))).await);
        assert_eq!(opened["data"]["revision"], Value::Null, "{b}");
        assert!(opened["data"]["fields"].as_array().unwrap().iter().any(|f| f["path"] == "heading"), "{b}: the heading is a field");

        // Two saves while the live page is cached.
        let first = call(&app, save(&editor.token, &editor.csrf, ENTRY, &[("base", "0"), ("op", "save"), ("f.heading", "About HYGO draft one")])).await;
        assert_eq!(first.status, 303, "{b}: {}", first.text);
        let one = revision_of(first.header("location"));
        let second = call(&app, save(&editor.token, &editor.csrf, ENTRY, &[("base", &one.to_string()), ("op", "save"), ("f.heading", "About HYGO draft two")])).await;
        let two = revision_of(second.header("location"));
        assert!(two > one, "{b}: every save is a revision");
        let preview = call(&app, get_as(&format!("{ENTRY}/preview?revision={two}"), Some(&editor.token))).await;
        assert_eq!(preview.status, 200, "{b}");
        assert!(preview.text.contains("About HYGO draft two") && !preview.text.contains("draft one"), "{b}: the second save");
        assert!(preview.text.contains("Draft preview — not published"), "{b}: the banner");
        assert!(preview.text.contains(r#"<meta name="robots" content="noindex">"#), "{b}");
        assert_eq!(preview.header("cache-control"), "no-store", "{b}");
        assert!(!preview.text.contains("hygo-props"), "{b}: a preview is not hydrated");
        assert!(preview.text.contains(&format!("{ENTRY}#f-sections.0")), "{b}: each section links to its fields");
        // Nothing of the draft reaches the public side, from any cache.
        let live = fetch(&app, ABOUT).await;
        assert_eq!(live.body, files.body, "{b}: the live page is as it was");
        for path in ["/api/props?path=%2Fabout-us-HYGO", "/sitemap.xml", "/api/search?q=draft"] {
            let answer = fetch(&app, path).await;
            assert!(!answer.text.contains("draft two") && !answer.text.contains("draft one"), "{b}: {path} shows no draft");
        }

        // A news article: changed in a draft, the public article stays.
        let article = call(&app, save(&editor.token, &editor.csrf, ARTICLE, &[("base", "0"), ("op", "save"), ("f.title", "Lab tests at home, draft")])).await;
        assert_eq!(article.status, 303, "{b}");
        assert_eq!(fetch(&app, "/news/lab-sample-collection-at-home").await.body, article_before.body, "{b}");
        let article_preview = call(&app, get_as(&format!("{ARTICLE}/preview?revision={}", revision_of(article.header("location"))), Some(&editor.token))).await;
        assert!(article_preview.text.contains("Lab tests at home, draft"), "{b}");

        // A share link: signed out it shows the revision, not the editor.
        let shared = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/share"), &[("op", "share"), ("revision", &two.to_string()), ("hours", "48")])).await;
        assert_eq!(shared.status, 303, "{b}: {}", shared.text);
        let page = props(&call(&app, get_as(ENTRY, Some(&editor.token))).await);
        let link = page["data"]["shares"][0]["link"].as_str().unwrap().trim_start_matches("https://hygo.test").to_owned();
        let share_id = page["data"]["shares"][0]["id"].as_i64().unwrap().to_string();
        let seen = fetch(&app, &link).await;
        assert_eq!(seen.status, 200, "{b}: {link}");
        assert!(seen.text.contains("About HYGO draft two") && seen.text.contains("Draft preview — not published"), "{b}");
        assert!(!seen.text.contains("/staff/content"), "{b}: never the editor");
        // Issue 44: outsiders saw the editor's address and a UTC time.
        assert!(!seen.text.contains("editor@hygo.test") && !seen.text.contains("UTC"), "{b}: no editor's address, Rajkot's time");
        assert!(seen.text.contains("(Rajkot time)"), "{b}");
        let plus = link.replacen(&format!("/preview/{share_id}."), &format!("/preview/+{share_id}."), 1);
        assert_eq!(fetch(&app, &plus).await.status, 404, "{b}: one spelling of a link");
        assert_eq!(seen.header("cache-control"), "no-store", "{b}");
        let mut altered = link.clone();
        let last = altered.pop().unwrap();
        altered.push(if last == '0' { '1' } else { '0' });
        assert_eq!(fetch(&app, &altered).await.status, 404, "{b}: an altered link");
        assert_eq!(fetch(&app, &link.replacen(&format!("/preview/{share_id}."), &format!("/preview/{share_id}9."), 1)).await.status, 404, "{b}");
        let revoked = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/share"), &[("op", "revoke"), ("share", &share_id)])).await;
        assert_eq!(revoked.status, 303, "{b}");
        assert_eq!(fetch(&app, &link).await.status, 404, "{b}: a revoked link");
        let too_long = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/share"), &[("op", "share"), ("revision", &two.to_string()), ("hours", "9999")])).await;
        assert_eq!(too_long.status, 422, "{b}");

        // Publish now: the live page changes at once.
        let published = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/publish"), &[("revision", &two.to_string()), ("when", "now")])).await;
        assert_eq!(published.status, 303, "{b}: {}", published.text);
        assert!(fetch(&app, ABOUT).await.text.contains("About HYGO draft two"), "{b}: live at once");
        let today = clock.real().format("%Y-%m-%d").to_string();
        let sitemap = fetch(&app, "/sitemap.xml").await.text;
        assert!(sitemap.contains(&format!("<loc>https://hygo.test{ABOUT}</loc><lastmod>{today}</lastmod>")), "{b}: the sitemap's lastmod follows");
        assert!(sitemap.contains("<loc>https://hygo.test/our-vision</loc><xhtml:link"), "{b}: a page nobody published has none");
        assert_eq!(audited(&state.db, "content-publish").await, 1, "{b}");
        assert!(audited(&state.db, "content-share").await == 1 && audited(&state.db, "content-revoke").await == 1, "{b}");
        let again = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/publish"), &[("revision", &two.to_string()), ("when", "now")])).await;
        assert_eq!(again.status, 422, "{b}: published once");

        // History: the two newest side by side, and restore.
        let history = props(&call(&app, get_as(&format!("{ENTRY}/history"), Some(&editor.token))).await);
        assert_eq!((history["data"]["a"].as_i64(), history["data"]["b"].as_i64()), (Some(one.into()), Some(two.into())), "{b}");
        let heading = history["data"]["rows"].as_array().unwrap().iter().find(|r| r["path"] == "heading").cloned().expect("the heading compared");
        assert_eq!((heading["left"].as_str(), heading["right"].as_str(), heading["changed"].as_bool()), (Some("About HYGO draft one"), Some("About HYGO draft two"), Some(true)), "{b}");
        let restored = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/restore"), &[("revision", &one.to_string())])).await;
        assert_eq!(restored.status, 303, "{b}");
        let new = revision_of(restored.header("location"));
        let shown = props(&call(&app, get_as(&format!("{ENTRY}?revision={new}"), Some(&editor.token))).await);
        assert_eq!(shown["data"]["revision"]["basedOn"], one, "{b}");
        assert!(shown["data"]["fields"].to_string().contains("About HYGO draft one"), "{b}");
        assert_eq!(audited(&state.db, "content-restore").await, 1, "{b}");

        // An incomplete draft saves, shows its problem, and does not publish.
        let empty = call(&app, save(&editor.token, &editor.csrf, ENTRY, &[("base", &new.to_string()), ("op", "save"), ("f.heading", "")])).await;
        let empty_id = revision_of(empty.header("location"));
        let problems = props(&call(&app, get_as(&format!("{ENTRY}?revision={empty_id}"), Some(&editor.token))).await);
        assert_eq!(problems["data"]["problems"][0]["path"], "heading", "{b}");
        let refused = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/publish"), &[("revision", &empty_id.to_string()), ("when", "now")])).await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(fetch(&app, ABOUT).await.text.contains("About HYGO draft two"), "{b}: still the last published");

        // Bad input: a 4xx with a message, never a 500.
        for (path, pairs, status) in [
            (ENTRY, vec![("base", "0"), ("op", "sideways:heading")], 422),
            (ENTRY, vec![("base", "0"), ("op", "remove:sections.999")], 422),
            (ENTRY, vec![("base", "999999"), ("op", "save")], 422),
            (ENTRY, vec![("base", "abc"), ("op", "save"), ("f.heading", "x\u{1}y")], 400),
            ("/staff/content/page.nowhere", vec![("base", "0")], 422),
            (&format!("{ENTRY}/publish") as &str, vec![("revision", "999999"), ("when", "now")], 422),
            (&format!("{ENTRY}/publish"), vec![("revision", &new.to_string()), ("when", "at"), ("date", "tomorrow"), ("time", "x")], 422),
            // Only 4-digit years (a stored "+10001-…" sorted before every other and went live at once).
            (&format!("{ENTRY}/publish"), vec![("revision", &new.to_string()), ("when", "at"), ("date", "+10001-06-01"), ("time", "10:00")], 422),
            (&format!("{ENTRY}/publish"), vec![("revision", &new.to_string()), ("when", "at"), ("date", "10001-06-01"), ("time", "10:00")], 422),
            (&format!("{ENTRY}/publish"), vec![("revision", &new.to_string()), ("when", "at"), ("date", "2031-6-1"), ("time", "10:00")], 422),
            (&format!("{ENTRY}/publish"), vec![("revision", &new.to_string()), ("when", "at"), ("date", "2031-06-01"), ("time", "9:5")], 422),
            (&format!("{ENTRY}/share"), vec![("op", "revoke"), ("share", "999999")], 422),
            (&format!("{ENTRY}/restore"), vec![("revision", "-4")], 422),
        ] {
            let answer = call(&app, save(&editor.token, &editor.csrf, path, &pairs)).await;
            assert!(answer.status == status || (status == 400 && answer.status == 422), "{b}: {path} {pairs:?}: {}", answer.status);
        }
        assert_eq!(call(&app, get_as("/staff/content/page.nowhere", Some(&editor.token))).await.status, 404, "{b}");
        assert_eq!(call(&app, get_as(&format!("{ENTRY}/preview?revision=999999"), Some(&editor.token))).await.status, 404, "{b}");
        assert_eq!(fetch(&app, "/preview/garbage").await.status, 404, "{b}");

        // A new article: started from its title, written, published, retired.
        let started = call(&app, save(&editor.token, &editor.csrf, "/staff/content", &[("title", "Flu vaccines this winter")])).await;
        assert_eq!(started.status, 303, "{b}: {}", started.text);
        let new_article = "/staff/content/article.flu-vaccines-this-winter";
        assert!(started.header("location").starts_with(new_article), "{b}: {}", started.header("location"));
        let again = call(&app, save(&editor.token, &editor.csrf, "/staff/content", &[("title", "Flu vaccines this winter")])).await;
        assert_eq!(again.status, 422, "{b}: one article an address");
        // Issue 44: a title in Devanagari was answered "exists already"; it makes no address, and is said so.
        let hindi = call(&app, save(&editor.token, &editor.csrf, "/staff/content", &[("title", "हृदय की देखभाल")])).await;
        assert_eq!(hindi.status, 422, "{b}");
        assert!(hindi.text.contains(&common::message("editor.titleInEnglish")) && !hindi.text.contains(&common::message("editor.articleExists")), "{b}: {}", hindi.text);
        let taken = call(&app, save(&editor.token, &editor.csrf, "/staff/content", &[("title", "Lab sample collection at home")])).await;
        assert_eq!(taken.status, 422, "{b}: nor an address of the files");
        assert_eq!(call(&app, save(&editor.token, &editor.csrf, "/staff/content", &[("title", "  ")])).await.status, 422, "{b}");
        let listed = props(&call(&app, get_as("/staff/content", Some(&editor.token))).await);
        assert!(listed.to_string().contains("article.flu-vaccines-this-winter"), "{b}: the draft is listed");
        assert_eq!(fetch(&app, "/news/flu-vaccines-this-winter").await.status, 404, "{b}: not on the site before it is published");
        let draft = revision_of(started.header("location"));
        let unwritten = call(&app, save(&editor.token, &editor.csrf, &format!("{new_article}/publish"), &[("revision", &draft.to_string()), ("when", "now")])).await;
        assert_eq!(unwritten.status, 422, "{b}: an article with empty texts does not publish");
        let written = call(&app, save(&editor.token, &editor.csrf, new_article, &[
            ("base", &draft.to_string()), ("op", "save"), ("f.category", "Vaccination"), ("f.author", "HYGO Care Team"),
            ("f.excerpt", "Flu vaccines are available at both clinics."), ("f.content.0", "Ask at the desk for a flu vaccine."),
        ])).await;
        let written = revision_of(written.header("location"));
        let out = call(&app, save(&editor.token, &editor.csrf, &format!("{new_article}/publish"), &[("revision", &written.to_string()), ("when", "now")])).await;
        assert_eq!(out.status, 303, "{b}: {}", out.text);
        let article_page = fetch(&app, "/news/flu-vaccines-this-winter").await;
        assert!(article_page.status == 200 && article_page.text.contains("Ask at the desk for a flu vaccine."), "{b}: published");
        // The list keeps the files' order (three a page): the fourth article is on page two.
        assert!(fetch(&app, "/news?page=2").await.text.contains("Flu vaccines this winter"), "{b}: in the list");
        let retired = call(&app, save(&editor.token, &editor.csrf, &format!("{new_article}/publish"), &[("when", "retire")])).await;
        assert_eq!(retired.status, 303, "{b}: {}", retired.text);
        assert_eq!(fetch(&app, "/news/flu-vaccines-this-winter").await.status, 404, "{b}: retired");
        assert_eq!(fetch(&app, "/news?page=2").await.status, 404, "{b}: the list is one page again");
        let not_article = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/publish"), &[("when", "retire")])).await;
        assert_eq!(not_article.status, 422, "{b}: only an article retires");

        // Site-wide words: the contact block's hours, with the placeholder rule.
        let contact = "/staff/content/site.contact";
        let hours = call(&app, save(&editor.token, &editor.csrf, contact, &[("base", "0"), ("op", "save"), ("f.hours", "Monday to Saturday, 8:00 AM to 9:00 PM"), ("f.emergencyNote", "In an emergency, call an ambulance.")])).await;
        let hours = revision_of(hours.header("location"));
        let shown = props(&call(&app, get_as(&format!("{contact}?revision={hours}"), Some(&editor.token))).await);
        assert_eq!(shown["data"]["problems"][0]["path"], "emergencyNote", "{b}: {{number}} was lost");
        let kept = call(&app, save(&editor.token, &editor.csrf, contact, &[("base", &hours.to_string()), ("op", "save"), ("f.emergencyNote", "In an emergency, call {number} at once.")])).await;
        let kept = revision_of(kept.header("location"));
        // Issue 44: the clinic's contact data goes live only by an admin's hand,
        // now or at a time; the audit says who wrote it and who approved it.
        let alone = call(&app, save(&editor.token, &editor.csrf, &format!("{contact}/publish"), &[("revision", &kept.to_string()), ("when", "now")])).await;
        assert_eq!(alone.status, 422, "{b}: {}", alone.text);
        assert!(alone.text.contains(&common::message_with("editor.contactNeedsAdmin", &[("revision", &kept.to_string())])), "{b}");
        let later = call(&app, save(&editor.token, &editor.csrf, &format!("{contact}/publish"), &[("revision", &kept.to_string()), ("when", "at"), ("date", "2031-01-01"), ("time", "10:00")])).await;
        assert_eq!(later.status, 422, "{b}: nor scheduled by an editor");
        assert!(!fetch(&app, "/contactus").await.text.contains("8:00 AM to 9:00 PM"), "{b}: not live");
        let admin: Staff = staff(&app, &state.db, "admin.content@hygo.test", Role::Admin).await;
        let out = call(&app, save(&admin.token, &admin.csrf, &format!("{contact}/publish"), &[("revision", &kept.to_string()), ("when", "now")])).await;
        assert_eq!(out.status, 303, "{b}: {}", out.text);
        assert!(fetch(&app, "/contactus").await.text.contains("8:00 AM to 9:00 PM"), "{b}: the contact page shows the new hours");
        let approved = audit_log::Entity::find().filter(audit_log::Column::Action.eq("content-publish")).filter(audit_log::Column::Target.eq("site.contact")).all(&state.db).await.unwrap();
        assert_eq!(approved.iter().map(|r| (r.actor.clone(), serde_json::from_str::<Value>(&r.after).unwrap()["author"].as_str().unwrap_or_default().to_owned())).collect::<Vec<_>>(), [("admin.content@hygo.test".to_owned(), "editor@hygo.test".to_owned())], "{b}");
        // The desk's reasons: their words change, their ids never (stored requests name them).
        let reasons = "/staff/content/desk.declineReasons";
        let worded = call(&app, save(&editor.token, &editor.csrf, reasons, &[("base", "0"), ("op", "save"), ("f.declineReasons.0.label", "The doctor is away then."), ("f.declineReasons.0.id", "renamed")])).await;
        let worded = revision_of(worded.header("location"));
        let shown = props(&call(&app, get_as(&format!("{reasons}?revision={worded}"), Some(&editor.token))).await);
        assert_eq!(shown["data"]["preview"], Value::Null, "{b}: words on no page have no preview");
        assert!(shown["data"]["fields"].to_string().contains("doctor-away"), "{b}: the id kept");
        let removed = call(&app, save(&editor.token, &editor.csrf, reasons, &[("base", &worded.to_string()), ("op", "remove:declineReasons.0")])).await;
        assert_eq!(removed.status, 422, "{b}: a reason cannot be removed");

        // A share link of an hour, then the clock moved two hours (sessions end too, so last).
        call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/share"), &[("op", "share"), ("revision", &two.to_string()), ("hours", "1")])).await;
        let page = props(&call(&app, get_as(ENTRY, Some(&editor.token))).await);
        let short = page["data"]["shares"][0]["link"].as_str().unwrap().trim_start_matches("https://hygo.test").to_owned();
        assert_eq!(fetch(&app, &short).await.status, 200, "{b}");

        // Scheduled: at its time (the clock moved), once.
        let third = call(&app, save(&editor.token, &editor.csrf, ENTRY, &[("base", &new.to_string()), ("op", "save"), ("f.heading", "About HYGO draft three")])).await;
        let three = revision_of(third.header("location"));
        let at = clock.now() + chrono::Duration::hours(2);
        let (date, time) = (at.format("%Y-%m-%d").to_string(), at.format("%H:%M").to_string());
        let past = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/publish"), &[("revision", &three.to_string()), ("when", "at"), ("date", "2020-01-01"), ("time", "10:00")])).await;
        assert_eq!(past.status, 422, "{b}: not in the past");
        let scheduled = call(&app, save(&editor.token, &editor.csrf, &format!("{ENTRY}/publish"), &[("revision", &three.to_string()), ("when", "at"), ("date", &date), ("time", &time)])).await;
        assert_eq!(scheduled.status, 303, "{b}: {}", scheduled.text);
        assert!(hygo::staff::jobs::publish_due(&state).await.unwrap().is_empty(), "{b}: not yet");
        assert!(fetch(&app, ABOUT).await.text.contains("About HYGO draft two"), "{b}");
        clock.advance(2 * 3600 + 60);
        assert_eq!(hygo::staff::jobs::publish_due(&state).await.unwrap(), vec!["page.about".to_owned()], "{b}");
        assert!(hygo::staff::jobs::publish_due(&state).await.unwrap().is_empty(), "{b}: once");
        assert!(fetch(&app, ABOUT).await.text.contains("About HYGO draft three"), "{b}: live at its time");
        assert_eq!(audited(&state.db, "content-publish-scheduled").await, 1, "{b}");
        assert_eq!(audited(&state.db, "content-schedule").await, 1, "{b}");

        // The clock has moved two hours: the one-hour link has expired, and signing out nothing else.
        assert_eq!(fetch(&app, &short).await.status, 404, "{b}: an expired link");

        // Leave the files' content for the next database.
        hygo_content::install(hygo_content::files::load().unwrap());
    }
}

/// Issue 44: two editors opened About; each saved a change; the newer draft held
/// only the second change, with no warning. Now the second save, based on the
/// revision its page was opened on, is refused (409) while someone else's newer
/// draft exists: nothing saved, what was typed shown again with who saved the
/// newer one; saved again from that page, it is kept as the newest, and the
/// first stays in the history. An editor's own newer drafts are no conflict.
#[actix_web::test]
async fn a_save_on_an_older_revision_than_another_editor_s_draft_is_refused_not_lost() {
    let _turn = common::catalogue_turn().await;
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state_with(&db, hygo_core::ist::Clock::System, 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let asha: Staff = staff(&app, &state.db, "asha.editor@hygo.test", Role::Editor).await;
        let ravi: Staff = staff(&app, &state.db, "ravi.editor@hygo.test", Role::Editor).await;
        let save = |who: &Staff, pairs: &[(&str, &str)]| {
            let mut all = vec![("csrf", who.csrf.as_str()), ("op", "save")];
            all.extend_from_slice(pairs);
            call(&app, post(ENTRY, &form(&all), Some(&who.token)))
        };
        // Both open the page on the live text (base 0).
        let first = save(&asha, &[("base", "0"), ("f.heading", "About HYGO, by Asha")]).await;
        assert_eq!(first.status, 303, "{b}: {}", first.text);
        let hers = revision_of(first.header("location"));
        // Her own second save from the same page is hers to make.
        let again = save(&asha, &[("base", "0"), ("f.heading", "About HYGO, by Asha, twice")]).await;
        assert_eq!(again.status, 303, "{b}: {}", again.text);
        let hers = revision_of(again.header("location")).max(hers);
        let refused = save(&ravi, &[("base", "0"), ("f.heading", "About HYGO, by Ravi")]).await;
        assert_eq!(refused.status, 409, "{b}: {}", refused.text);
        let said = common::message_with("editor.newerDraft", &[("author", "asha.editor@hygo.test"), ("revision", &hers.to_string())]);
        let page = props(&refused);
        let shown = format!("{}", page["form"]);
        assert!(shown.contains("About HYGO, by Ravi"), "{b}: what he typed is shown again: {shown}");
        assert!(refused.text.contains(&said), "{b}: who saved the newer draft and which: {shown}");
        let newest = |db: hygo_core::Db| async move {
            let key = hygo_editorial::entries::Entry::parse("page.about").unwrap();
            hygo_editorial::store::history(&db, &key, "en", 1).await.unwrap().remove(0)
        };
        let kept = newest(state.db.clone()).await;
        assert_eq!((kept.id, kept.author.as_str()), (hers, "asha.editor@hygo.test"), "{b}: nothing saved over hers");
        // From the refused page (its base is the newest revision), saved on purpose.
        let on_purpose = save(&ravi, &[("base", &hers.to_string()), ("f.heading", "About HYGO, by Ravi")]).await;
        assert_eq!(on_purpose.status, 303, "{b}: {}", on_purpose.text);
        let kept = newest(state.db.clone()).await;
        assert_eq!((kept.author.as_str(), kept.body["heading"].as_str()), ("ravi.editor@hygo.test", Some("About HYGO, by Ravi")), "{b}");
        let key = hygo_editorial::entries::Entry::parse("page.about").unwrap();
        let history = hygo_editorial::store::history(&state.db, &key, "en", 10).await.unwrap();
        assert!(history.iter().any(|r| r.id == hers && r.body["heading"] == "About HYGO, by Asha, twice"), "{b}: hers stays in the history");
    }
}

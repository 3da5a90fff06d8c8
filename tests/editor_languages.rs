//! The content editor in each language (issue 29, item 7; docs/editors.md)
//! through the real app, in process, on SQLite and (with `TEST_DATABASE_URL`)
//! PostgreSQL. It proves that:
//!
//! - the editor's list and each entry open in English, Hindi and Gujarati
//!   (`?lang=`), with what is not yet translated counted in the list and marked
//!   on each field, and a language that is none refused;
//! - a translation's draft is previewed in its language and, published, changes
//!   that language's page only; English's page and the other language's stay;
//! - a translation's data and structure are English's: its fields show them
//!   fixed, a structural change is refused, and English's published link reaches
//!   every language while their words stay theirs;
//! - a translation never stands alone: an article only drafted in English cannot
//!   be translated yet, and one English retires leaves every language;
//! - a doctor's own texts are translated in the other languages only: the
//!   Gujarati name and profile on `/gu/doctors/1` (what is not translated marked
//!   English), English's page and the API the record's, and the search finding
//!   the doctor by the name in Gujarati script.

mod common;

use actix_web::test;
use hygo_staff::Role;
use serde_json::Value;

use common::staff::{form, get_as, post, props, staff, Staff};
use common::{call, fetch, message, state, TestDb};

const ABOUT: &str = "/staff/content/page.about";
const WHY: &str = "/staff/content/home.whyChooseUs";

/// The revision a save's redirect names (`…?lang=gu&done=saved&revision=N`).
fn revision_of(location: &str) -> i32 {
    location.split("revision=").nth(1).and_then(|r| r.split(['&', '#']).next()).and_then(|r| r.parse().ok()).unwrap_or_else(|| panic!("no revision in {location}"))
}

/// A field of the editor's page by its path, at any depth.
fn field<'a>(fields: &'a Value, path: &str) -> &'a Value {
    fn find<'a>(fields: &'a Value, path: &str) -> Option<&'a Value> {
        fields.as_array()?.iter().find_map(|f| if f["path"] == path { Some(f) } else { find(&f["children"], path) })
    }
    find(fields, path).unwrap_or_else(|| panic!("no field {path}"))
}

#[actix_web::test]
async fn translations_are_edited_marked_previewed_and_published_per_language() {
    let _turn = common::catalogue_turn().await;
    for db in TestDb::all().await {
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let b = db.backend;
        let editor: Staff = staff(&app, &state.db, "editor@hygo.test", Role::Editor).await;
        let desk: Staff = staff(&app, &state.db, "desk@hygo.test", Role::Desk).await;
        let save = |path: &str, pairs: &[(&str, &str)]| {
            let mut all = vec![("csrf", editor.csrf.as_str())];
            all.extend_from_slice(pairs);
            post(path, &form(&all), Some(&editor.token))
        };
        let open = |path: String| get_as(&path, Some(&editor.token));

        // The list in Gujarati: the shipped translation leaves nothing out; a language that is none is refused.
        assert_eq!(call(&app, get_as("/staff/content?lang=gu", Some(&desk.token))).await.status, 403, "{b}: the desk edits no language");
        let list = props(&call(&app, open("/staff/content?lang=gu".into())).await);
        let counted = |kinds: &dyn Fn(&Value) -> bool| -> u64 {
            list["data"]["groups"].as_array().unwrap().iter().filter(|g| kinds(&g["kind"])).flat_map(|g| g["entries"].as_array().unwrap()).filter_map(|e| e["untranslated"].as_u64()).sum()
        };
        assert_eq!((list["data"]["lang"].as_str(), counted(&|k| k != "doctor")), (Some("gu"), 0), "{b}: the content");
        assert!(counted(&|k| k == "doctor") > 100, "{b}: the doctors' profiles are the record's English");
        assert_eq!(list["data"]["untranslated"].as_u64(), Some(counted(&|_| true)), "{b}: the sum");
        let current: Vec<&str> = list["data"]["languages"].as_array().unwrap().iter().filter(|l| l["current"] == true).map(|l| l["lang"].as_str().unwrap()).collect();
        assert_eq!(current, ["gu"], "{b}");
        assert_eq!(call(&app, open("/staff/content?lang=fr".into())).await.status, 404, "{b}");
        assert_eq!(call(&app, open(format!("{ABOUT}?lang=fr"))).await.status, 404, "{b}");

        // The About page's Gujarati: its words, English's structure fixed.
        let opened = props(&call(&app, open(format!("{ABOUT}?lang=gu"))).await)["data"].clone();
        assert_eq!((opened["translation"].as_bool(), opened["untranslated"].as_u64()), (Some(true), Some(0)), "{b}");
        assert_eq!(field(&opened["fields"], "heading")["value"], "HYGO વિશે", "{b}");
        assert_eq!(field(&opened["fields"], "sections")["fixed"], true, "{b}: the sections are English's");
        assert_eq!(field(&opened["fields"], "sections")["add"], serde_json::json!([]), "{b}");
        assert_eq!(field(&opened["fields"], "sections.0.type")["fixed"], true, "{b}");
        assert_eq!(opened["pictures"], serde_json::json!([]), "{b}: pictures are English's");

        // A text left as English's is marked, and counted.
        let english = call(&app, save(ABOUT, &[("lang", "gu"), ("base", "0"), ("op", "save"), ("f.heading", "About HYGO")])).await;
        assert_eq!(english.status, 303, "{b}: {}", english.text);
        assert!(english.header("location").starts_with(&format!("{ABOUT}?lang=gu&done=saved&revision=")), "{b}: {}", english.header("location"));
        let one = revision_of(english.header("location"));
        let marked = props(&call(&app, open(format!("{ABOUT}?lang=gu&revision={one}"))).await)["data"].clone();
        assert_eq!(marked["untranslated"], 1, "{b}");
        assert_eq!(field(&marked["fields"], "heading")["untranslated"], true, "{b}");
        assert_eq!(field(&marked["fields"], "sections.0.heading")["untranslated"], false, "{b}");
        assert_eq!(props(&call(&app, open(format!("{ABOUT}?lang=hi&revision={one}"))).await)["status"], 404, "{b}: a Gujarati revision is not Hindi's");
        assert_eq!(props(&call(&app, open(ABOUT.into())).await)["data"]["revision"], Value::Null, "{b}: English has no revision");

        // Refused: a structural change, a language that is none.
        let added = call(&app, save(ABOUT, &[("lang", "gu"), ("base", &one.to_string()), ("op", "add:sections:text")])).await;
        assert_eq!(added.status, 422, "{b}");
        assert!(added.text.contains(&message("editor.structureIsEnglish")), "{b}: {}", added.text);
        let french = call(&app, save(ABOUT, &[("lang", "fr"), ("base", "0"), ("op", "save"), ("f.heading", "À propos")])).await;
        assert_eq!(french.status, 422, "{b}");
        assert!(french.text.contains(&message("editor.noSuchLanguage")), "{b}");

        // A Gujarati draft: previewed in Gujarati, published to the Gujarati page only.
        let saved = call(&app, save(ABOUT, &[("lang", "gu"), ("base", &one.to_string()), ("op", "save"), ("f.heading", "HYGO વિશે, સુધારેલું")])).await;
        let two = revision_of(saved.header("location"));
        let preview = call(&app, open(format!("{ABOUT}/preview?revision={two}"))).await;
        assert_eq!(preview.status, 200, "{b}");
        assert!(preview.text.contains(r#"<html lang="gu""#) && preview.text.contains("HYGO વિશે, સુધારેલું"), "{b}: the preview is the Gujarati page: {}", preview.text.split("<body").nth(1).unwrap_or_default().chars().take(2500).collect::<String>());
        assert!(!fetch(&app, "/gu/about-us-HYGO").await.text.contains("સુધારેલું"), "{b}: a draft is not live");
        let published = call(&app, save(&format!("{ABOUT}/publish"), &[("revision", &two.to_string()), ("when", "now")])).await;
        assert_eq!(published.status, 303, "{b}: {}", published.text);
        assert!(published.header("location").contains("lang=gu"), "{b}: back to the Gujarati editor");
        assert!(fetch(&app, "/gu/about-us-HYGO").await.text.contains("HYGO વિશે, સુધારેલું"), "{b}: live in Gujarati");
        let (en, hi) = (fetch(&app, "/about-us-HYGO").await.text, fetch(&app, "/hi/about-us-HYGO").await.text);
        assert!(!en.contains("સુધારેલું") && en.contains("About HYGO") && !hi.contains("સુધારેલું"), "{b}: English's and Hindi's pages stay");

        // English publishes a link: every language follows it, and keeps its words.
        let link = call(&app, save(WHY, &[("base", "0"), ("op", "save"), ("f.cards.0.link", "/appointment")])).await;
        assert_eq!(link.status, 303, "{b}: {}", link.text);
        let link_revision = revision_of(link.header("location"));
        let published = call(&app, save(&format!("{WHY}/publish"), &[("revision", &link_revision.to_string()), ("when", "now")])).await;
        assert_eq!(published.status, 303, "{b}: {}", published.text);
        for (path, title) in [("%2Fgu%2F", "ડૉક્ટર"), ("%2Fhi%2F", "डॉक्टर")] {
            let home = fetch(&app, &format!("/api/props?path={path}")).await.json();
            let card = &home["data"]["home"]["whyChooseUs"]["cards"][0];
            assert_eq!(card["link"], "/appointment", "{b}: {path}");
            assert!(card["title"].as_str().unwrap().contains(title), "{b}: {path} keeps its words: {card}");
        }
        // A Gujarati field that is data is English's, whatever is posted.
        let gu_why = props(&call(&app, open(format!("{WHY}?lang=gu"))).await)["data"].clone();
        assert_eq!((field(&gu_why["fields"], "cards.0.link")["fixed"].as_bool(), field(&gu_why["fields"], "cards.0.link")["value"].as_str()), (Some(true), Some("/appointment")), "{b}");

        // An article only drafted in English: nothing to translate yet.
        let drafted = call(&app, save("/staff/content", &[("title", "Flu vaccines this winter")])).await;
        assert_eq!(drafted.status, 303, "{b}: {}", drafted.text);
        let article = "/staff/content/article.flu-vaccines-this-winter";
        let waiting = props(&call(&app, open(format!("{article}?lang=hi"))).await)["data"].clone();
        assert_eq!((waiting["englishFirst"].as_bool(), waiting["preview"].as_str()), (Some(true), None), "{b}");
        assert_eq!(waiting["problems"][0]["message"], message("editor.englishFirst"), "{b}");
        let refused = call(&app, save(article, &[("lang", "hi"), ("base", "0"), ("op", "save"), ("f.title", "इस सर्दी फ्लू के टीके")])).await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.text.contains(&message("editor.englishFirst")), "{b}");

        // Retired in English, a shipped article leaves every language.
        let shipped = "/staff/content/article.getting-ready-for-your-first-visit";
        assert_eq!(fetch(&app, "/gu/news/getting-ready-for-your-first-visit").await.status, 200, "{b}");
        let retired = call(&app, save(&format!("{shipped}/publish"), &[("when", "retire")])).await;
        assert_eq!(retired.status, 303, "{b}: {}", retired.text);
        for path in ["/news/getting-ready-for-your-first-visit", "/gu/news/getting-ready-for-your-first-visit", "/hi/news/getting-ready-for-your-first-visit"] {
            assert_eq!(fetch(&app, path).await.status, 404, "{b}: {path}");
        }

        // The sample doctors come with their texts in Hindi and Gujarati (the seed, issue 43),
        // published by the seed's author; a doctor the clinic adds has none yet: doctor 1's
        // are taken away to be one.
        let list = props(&call(&app, open("/staff/content?lang=gu".into())).await)["data"].clone();
        let doctors = list["groups"].as_array().unwrap().iter().find(|g| g["kind"] == "doctor").expect("a group of the doctors' texts");
        let seeded = doctors["entries"].as_array().unwrap().iter().find(|e| e["key"] == "doctor.2").unwrap();
        assert_eq!((seeded["title"].as_str(), seeded["untranslated"].as_u64()), (Some("ડૉ. કૌશિક વ્યાસ"), Some(0)), "{b}: {seeded}");
        use sea_orm::ConnectionTrait;
        state.db.execute_unprepared("DELETE FROM content_revisions WHERE entry = 'doctor.1'").await.unwrap();
        hygo_editorial::install_published(&state.db).await.unwrap();

        // A doctor's own texts in Gujarati: all English's at first, only in the other languages.
        let doctor = "/staff/content/doctor.1";
        assert_eq!(call(&app, open(doctor.into())).await.status, 404, "{b}: a doctor's English is the console's doctor page");
        let list = props(&call(&app, open("/staff/content?lang=gu".into())).await)["data"].clone();
        let doctors = list["groups"].as_array().unwrap().iter().find(|g| g["kind"] == "doctor").expect("a group of the doctors' texts");
        let row = doctors["entries"].as_array().unwrap().iter().find(|e| e["key"] == "doctor.1").unwrap();
        assert_eq!((row["title"].as_str(), row["untranslated"].as_u64()), (Some("Dr. Hitesh Patel"), Some(1 + 1 + 1 + 3 + 5 + 3 + 3)), "{b}: every text of the record, a founder's three too: {row}");
        let opened = props(&call(&app, open(format!("{doctor}?lang=gu"))).await)["data"].clone();
        assert_eq!((field(&opened["fields"], "name")["untranslated"].as_bool(), field(&opened["fields"], "name")["value"].as_str()), (Some(true), Some("Dr. Hitesh Patel")), "{b}");
        let tags: Vec<&str> = opened["languages"].as_array().unwrap().iter().map(|l| l["lang"].as_str().unwrap()).collect();
        assert_eq!(tags, ["hi", "gu"], "{b}: no link to an English editor that is not there");
        let saved = call(&app, save(doctor, &[("lang", "gu"), ("base", "0"), ("op", "save"), ("f.name", "ડૉ. હિતેશ પટેલ"), ("f.specialization", "ન્યુરોલોજિસ્ટ (મગજ અને ચેતાતંત્ર)"), ("f.bio", "ડૉ. હિતેશ પટેલ ન્યુરોલોજિસ્ટ છે.")])).await;
        assert_eq!(saved.status, 303, "{b}: {}", saved.text);
        let words = revision_of(saved.header("location"));
        let draft = props(&call(&app, open(format!("{doctor}?lang=gu&revision={words}"))).await)["data"].clone();
        assert_eq!(draft["untranslated"], 3 + 5 + 3 + 3, "{b}: the lists and the founder's words are still English's");
        let published = call(&app, save(&format!("{doctor}/publish"), &[("revision", &words.to_string()), ("when", "now")])).await;
        assert_eq!(published.status, 303, "{b}: {}", published.text);
        let page = fetch(&app, "/gu/doctors/1").await.text;
        assert!(page.contains("<h1>ડૉ. હિતેશ પટેલ</h1>") && page.contains("ડૉ. હિતેશ પટેલ ન્યુરોલોજિસ્ટ છે."), "{b}: the Gujarati name and profile");
        assert!(page.contains(r#"<ul class="bullet-list" lang="en"><li>MBBS, PDU Government Medical College, Rajkot</li>"#), "{b}: education still the record's, marked English");
        assert!(fetch(&app, "/doctors/1").await.text.contains("<h1>Dr. Hitesh Patel</h1>"), "{b}: English's page is the record's");
        assert_eq!(fetch(&app, "/api/doctors/1").await.json()["data"]["name"], "Dr. Hitesh Patel", "{b}: the API is the record's");
        // Found by the name in Gujarati script, from a page in any language; named in the page's.
        for (lang, named) in [("gu", "ડૉ. હિતેશ પટેલ"), ("en", "Dr. Hitesh Patel")] {
            let found = call(&app, test::TestRequest::get().uri("/api/search?q=%E0%AA%B9%E0%AA%BF%E0%AA%A4%E0%AB%87%E0%AA%B6").insert_header(("accept-language", lang))).await.json();
            let first = &found["data"][0];
            assert_eq!((first["type"].as_str(), first["link"].as_str(), first["name"].as_str()), (Some("doctor"), Some("/doctors/1"), Some(named)), "{b}: {lang}: {found}");
        }

        // Leave the files' content for the next database.
        hygo_content::install(hygo_content::shipped());
    }
}

/// Issue 44: the editor's own form, posted back unchanged, was refused 413 for
/// long pages in Hindi and Gujarati (the privacy policy, the terms, About: 22–39
/// KB as a form sends them, over a fixed 16 KB). Now the limit follows from the
/// fields': every entry's unchanged form saves in every language, as the page's
/// form sends it (the JavaScript autosave posts the same form).
#[actix_web::test]
async fn every_entry_s_unchanged_form_saves_in_every_language() {
    let _turn = common::catalogue_turn().await;
    /// The pairs the entry's form sends for its fields (`ui/src/pages/StaffEntry.tsx`, `Leaf`).
    fn pairs(fields: &Value, out: &mut Vec<(String, String)>) {
        for f in fields.as_array().into_iter().flatten() {
            let (path, shape, value) = (f["path"].as_str().unwrap(), f["shape"].as_str().unwrap(), f["value"].as_str().unwrap_or_default());
            match shape {
                "group" | "list" | "image" => pairs(&f["children"], out),
                _ if f["fixed"] == true => {}
                "flag" => {
                    out.push((format!("b.{path}"), String::new()));
                    if value == "on" {
                        out.push((format!("f.{path}"), "on".into()));
                    }
                }
                _ => out.push((format!("f.{path}"), value.to_owned())),
            }
        }
    }
    for db in TestDb::all().await {
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let b = db.backend;
        let editor: Staff = staff(&app, &state.db, "long.pages@hygo.test", Role::Editor).await;
        let list = props(&call(&app, get_as("/staff/content", Some(&editor.token))).await);
        let keys: Vec<String> = list["data"]["groups"].as_array().unwrap().iter().flat_map(|g| g["entries"].as_array().unwrap()).map(|e| e["key"].as_str().unwrap().to_owned()).collect();
        assert!(keys.len() > 20, "{b}: {keys:?}");
        let (mut saved, mut largest) = (0, (0, String::new()));
        for key in &keys {
            for lang in ["en", "hi", "gu"] {
                let data = props(&call(&app, get_as(&format!("/staff/content/{key}?lang={lang}"), Some(&editor.token))).await)["data"].clone();
                if data["englishFirst"] == true {
                    continue;
                }
                let base = data["revision"]["id"].as_i64().unwrap_or(0).to_string();
                let mut sent = vec![("csrf".to_owned(), editor.csrf.clone()), ("lang".into(), lang.into()), ("base".into(), base), ("op".into(), "save".into())];
                pairs(&data["fields"], &mut sent);
                let body = form_urlencoded::Serializer::new(String::new()).extend_pairs(&sent).finish();
                if body.len() > largest.0 {
                    largest = (body.len(), format!("{key} ({lang})"));
                }
                let answer = call(&app, post(&format!("/staff/content/{key}"), &body, Some(&editor.token))).await;
                assert_eq!(answer.status, 303, "{b}: {key} in {lang}, {} bytes: {}", body.len(), answer.text.chars().take(400).collect::<String>());
                saved += 1;
            }
        }
        eprintln!("{b}: {saved} unchanged forms saved; the largest {} bytes ({})", largest.0, largest.1);
        assert!(largest.0 > 22 * 1024, "{b}: a long page in Hindi or Gujarati was among them: {largest:?}");
    }
}

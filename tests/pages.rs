//! The server-rendered pages of the vertical slice: content in the HTML, status
//! codes, the document shell and the props endpoint, on every database backend.

mod common;

use actix_web::test;
use serde_json::Value;

use common::{call, fetch, seed, state, ui_text, ui_text_with, TestDb};

/// Text as React writes it into HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#x27;")
}

/// The props the page was rendered from, read back out of the shell.
fn props(html: &str) -> Value {
    let start = html.find(r#"<script id="hygo-props" type="application/json">"#).expect("props script") + 48;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("props are JSON")
}

fn root(html: &str) -> &str {
    let start = html.find(r#"<div id="root">"#).expect("root div") + 15;
    let end = html.rfind(r#"</div>"#).unwrap();
    &html[start..end]
}

#[actix_web::test]
async fn home_doctors_and_profiles_render_on_the_server() {
    for db in TestDb::all().await {
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let seed = seed();
        let seeded = seed.as_array().unwrap();
        let b = db.backend;

        let home = fetch(&app, "/").await;
        assert_eq!(home.status, 200, "{b}");
        assert!(home.text.contains("<title>") && !home.text.contains("<title></title>"));
        assert!(root(&home.text).contains("<h1"), "{b}: the home page has a heading");
        for founder in seeded.iter().filter(|d| !d["founder"].is_null()) {
            assert!(home.text.contains(&escaped(founder["name"].as_str().unwrap())), "{b}: founder {} on /", founder["name"]);
        }
        assert_eq!(props(&home.text)["page"], "home");

        let list = fetch(&app, "/doctors").await;
        assert_eq!(list.status, 200, "{b}");
        let body = root(&list.text);
        for d in seeded {
            assert!(body.contains(&escaped(d["name"].as_str().unwrap())), "{b}: {} on /doctors", d["name"]);
            assert!(body.contains(&format!("/doctors/{}", d["id"])), "{b}: link to {}", d["name"]);
        }
        assert_eq!(props(&list.text)["data"]["doctors"].as_array().unwrap().len(), seeded.len());

        let d = &seeded[1];
        let profile = fetch(&app, &format!("/doctors/{}", d["id"])).await;
        assert_eq!(profile.status, 200, "{b}");
        let body = root(&profile.text);
        for text in [&d["name"], &d["specialization"], &d["education"][0], &d["languages"][0], &d["officeHours"][0]["hours"]] {
            assert!(body.contains(&escaped(text.as_str().unwrap())), "{b}: profile shows {text}");
        }
        assert!(profile.text.contains(&format!(r#"<link rel="canonical" href="https://hygo.test/doctors/{}">"#, d["id"])));
        assert!(profile.text.contains(&escaped(d["name"].as_str().unwrap())) && profile.text.contains("<title>"));

        // The navigation-state variant with the id in the query string.
        let detail = fetch(&app, &format!("/doctorDetail?doctorId={}", d["id"])).await;
        assert_eq!(detail.status, 200, "{b}");
        assert!(root(&detail.text).contains(&escaped(d["name"].as_str().unwrap())));
        assert!(detail.text.contains(&format!(r#"href="https://hygo.test/doctors/{}""#, d["id"])), "canonical is the clean URL");
    }
}

#[actix_web::test]
async fn unknown_doctors_get_the_not_found_view_with_404() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    for uri in ["/doctors/99999", "/doctors/abc", "/doctorDetail", "/doctorDetail?doctorId=", "/doctorDetail?doctorId=x"] {
        let page = fetch(&app, uri).await;
        assert_eq!(page.status, 404, "{uri}");
        let body = root(&page.text);
        for key in ["doctorProfile.notFoundHeading", "doctorProfile.notFoundText", "common.backToDoctors"] {
            assert!(body.contains(&ui_text(key)), "{uri}: {key}");
        }
        assert!(page.text.contains(r#"<meta name="robots" content="noindex">"#));
    }
}

#[actix_web::test]
async fn unknown_pages_redirect_home() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    for uri in ["/nowhere", "/doctors/1/extra", "/index.php?x=1"] {
        let page = fetch(&app, uri).await;
        assert_eq!(page.status, 302, "{uri}");
        assert_eq!(page.headers.get("location").unwrap(), "/");
    }
}

#[actix_web::test]
async fn the_shell_has_no_inline_script_and_assets_are_immutable() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let page = fetch(&app, "/doctors").await;
    let csp = page.headers.get("content-security-policy").unwrap().to_str().unwrap();
    assert!(csp.contains("script-src 'self'") && !csp.contains("script-src 'self' 'unsafe-inline'"));
    // Every <script> is either external (src=) or JSON data.
    for tag in page.text.split("<script").skip(1) {
        let open = &tag[..tag.find('>').unwrap()];
        assert!(open.contains("src=") || open.contains(r#"type="application/json""#), "inline script: <script{open}>");
    }
    let boot = hygo::ui_assets::CLIENT_BOOT;
    assert!(page.text.contains(&format!(r#"src="/assets/{boot}""#)));
    for js in [boot, hygo::ui_assets::CLIENT_JS] {
        let asset = fetch(&app, &format!("/assets/{js}")).await;
        assert_eq!(asset.status, 200);
        assert_eq!(asset.headers.get("cache-control").unwrap(), "public, max-age=31536000, immutable");
        assert!(asset.headers.get("content-type").unwrap().to_str().unwrap().contains("javascript"));
    }
    assert_eq!(fetch(&app, "/assets/client/nope.js").await.status, 404);
}

/// The `/assets/` files a document has its boot script start (`<script id="hygo-modules">`):
/// the entry first, then what it and the page import.
fn preloads(html: &str) -> Vec<String> {
    let start = html.find(r#"<script id="hygo-modules" type="application/json">"#).expect("the modules' list") + 50;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the list is JSON")
}

#[actix_web::test]
async fn a_page_preloads_its_own_module_and_no_other_page() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let chunks = |module: &str| {
        hygo::ui_assets::PAGE_CHUNKS.iter().find(|(m, _)| *m == module).unwrap_or_else(|| panic!("{module}")).1.to_vec()
    };
    // One entry per page module, ui/src/pages/<Module>.tsx.
    let mut modules: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/src/pages"))
        .unwrap()
        .map(|f| f.unwrap().file_name().into_string().unwrap())
        .filter_map(|f| f.strip_suffix(".tsx").map(str::to_owned))
        .collect();
    modules.sort();
    let mut listed: Vec<&str> = hygo::ui_assets::PAGE_CHUNKS.iter().map(|(m, _)| *m).collect();
    listed.sort();
    assert_eq!(listed, modules, "one entry per page module");
    assert!(hygo::ui_assets::PAGE_CHUNKS.iter().all(|(_, chunks)| !chunks.is_empty()), "each with its chunk");
    let (wizard, list) = (chunks("Appointment")[0], chunks("Doctors")[0]);
    assert_ne!(wizard, list);
    for (uri, own, other) in [("/appointment", wizard, list), ("/doctors", list, wizard), ("/appointment/3", wizard, list)] {
        let page = fetch(&app, uri).await;
        let listed = preloads(&page.text);
        assert_eq!(listed[0], hygo::ui_assets::CLIENT_JS, "{uri}: the entry first");
        assert!(page.text.contains(&format!(r#"<script type="module" src="/assets/{}"></script>"#, hygo::ui_assets::CLIENT_BOOT)), "{uri}: the boot script");
        assert!(!page.text.contains("modulepreload") && !page.text.contains(&format!(r#"src="/assets/{}""#, hygo::ui_assets::CLIENT_JS)),
            "{uri}: nothing but the boot script is fetched before the first paint");
        assert!(listed.iter().any(|f| f == own), "{uri} preloads its module: {listed:?}");
        assert!(!listed.iter().any(|f| f == other), "{uri} does not preload another page's: {listed:?}");
        for file in hygo::ui_assets::CLIENT_JS_IMPORTS {
            assert!(listed.iter().any(|f| f == file), "{uri} preloads the entry's chunk {file}");
        }
        for file in &listed {
            assert_eq!(fetch(&app, &format!("/assets/{file}")).await.status, 200, "{uri}: {file} is served");
        }
    }
}

#[actix_web::test]
async fn assets_go_out_in_the_coding_asked_for_made_at_build_time() {
    use std::io::Read;
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let js = hygo::ui_assets::CLIENT_JS;
    let raw = hygo::assets::find(js).unwrap().raw;
    for (accept, coding) in [("gzip, deflate, br", Some("br")), ("gzip", Some("gzip")), ("identity", None)] {
        let res = call(&app, test::TestRequest::get().uri(&format!("/assets/{js}")).insert_header(("accept-encoding", accept))).await;
        assert_eq!(res.status, 200);
        assert_eq!(res.headers.get("content-encoding").map(|v| v.to_str().unwrap()), coding, "{accept}");
        assert_eq!(res.header("vary"), "Accept-Encoding");
        let body = res.body;
        let mut back = Vec::new();
        match coding {
            Some("br") => brotli::Decompressor::new(&body[..], 4096).read_to_end(&mut back).map(|_| ()).unwrap(),
            Some("gzip") => flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut back).map(|_| ()).unwrap(),
            _ => back = body.clone(),
        }
        assert_eq!(back, raw, "{accept}: the same file");
        if coding.is_some() {
            assert!(body.len() * 3 < raw.len(), "{accept}: compressed ({} of {} bytes)", body.len(), raw.len());
        }
    }
}

#[actix_web::test]
async fn props_endpoint_gives_what_the_server_renders() {
    for db in TestDb::all().await {
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let html = fetch(&app, "/doctors/3").await.text;
        let res = fetch(&app, "/api/props?path=%2Fdoctors%2F3").await;
        assert_eq!(res.status, 200);
        assert_eq!(res.json(), props(&html), "{}: client and server props agree", db.backend);

        let body = fetch(&app, "/api/props?path=%2Fnowhere").await.json();
        assert_eq!(body["redirect"], "/");
        let res = fetch(&app, "/api/props?path=http://evil.example/").await;
        assert_eq!(res.status, 400);
        let res = fetch(&app, "/api/props").await;
        assert_eq!(res.status, 400);
        let body = res.json();
        assert_eq!(body["success"], false);
    }
}

#[actix_web::test]
async fn departments_and_their_specialists_render_on_the_server() {
    for db in TestDb::all().await {
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let b = db.backend;
        let seed = seed();

        // The listing: the 25 listed departments, alphabetically, each a link.
        let page = fetch(&app, "/departments").await;
        assert_eq!(page.status, 200, "{b}");
        assert!(root(&page.text).contains(&ui_text("departments.heading")));
        // The cards only (the header links to some departments too).
        let start = page.text.find(r#"<ul class="flip-grid"#).expect("the card list");
        let html = &page.text[start..start + page.text[start..].find("</ul>").unwrap()];
        let mut positions = Vec::new();
        for d in hygo_content::default()
            .departments
            .iter()
            .filter(|d| d.listed)
        {
            let link = format!(r#"href="/departments/{}""#, d.slug);
            let at = html.find(&link).unwrap_or_else(|| panic!("{b}: {link} on /departments"));
            assert!(html.contains(&escaped(&d.long_description)), "{b}: the back of {}'s card", d.slug);
            positions.push((d.name.to_lowercase(), at));
        }
        // Exactly those (the catalogue's unit test holds the listing to the spec's 25).
        let mut shown: Vec<&str> = html.split(r#"href="/departments/"#).skip(1).map(|t| &t[..t.find('"').unwrap()]).collect();
        shown.sort();
        shown.dedup();
        let mut listed: Vec<String> = hygo_content::default()
            .departments
            .iter()
            .filter(|d| d.listed)
            .map(|d| d.slug.clone())
            .collect();
        listed.sort();
        assert_eq!(shown, listed, "{b}: the cards are the listed departments");
        positions.sort();
        assert!(positions.windows(2).all(|w| w[0].1 < w[1].1), "{b}: cards sorted by name");
        assert!(!html.contains(r#"href="/departments/general-consultation""#), "{b}: General Consultation has its own page");

        // The home page's four flip cards carry the same texts.
        let home = fetch(&app, "/").await;
        assert_eq!(home.text.matches("data-department-card").count(), 4, "{b}");
        // General Surgery, the catalogue's fourth card, has no doctor: Cardiology, the next, takes its place.
        for slug in ["neurology", "orthopedics", "gynecology", "cardiology"] {
            let d = hygo_content::default()
                .find_department(slug)
                .cloned()
                .unwrap();
            assert!(
                home.text.contains(&escaped(&d.long_description)),
                "{b}: the back of {slug} on /"
            );
        }

        // A department: its texts, services and the doctors of the database.
        let cardiology = hygo_content::default()
            .find_department("cardiology")
            .cloned()
            .unwrap();
        let page = fetch(&app, "/departments/cardiology").await;
        assert_eq!(page.status, 200, "{b}");
        // React separates adjacent texts with empty comments.
        let html = root(&page.text).replace("<!-- -->", "");
        let named = |key| ui_text_with(key, &[("name", "Cardiology")]);
        let texts = [named("department.about"), ui_text("department.services"), named("department.specialists"), ui_text("department.location")];
        let more = ["Directions".to_owned(), ui_text("department.hours"), ui_text("department.contact"), ui_text("department.book")];
        for text in texts.iter().chain(&more) {
            assert!(html.contains(text.as_str()), "{b}: {text}");
        }
        for s in &cardiology.services {
            assert!(html.contains(&escaped(s)), "{b}: service {s}");
        }
        let cardiologists: Vec<&Value> = seed.as_array().unwrap().iter().filter(|d| d["department"] == "cardiology").collect();
        assert!(!cardiologists.is_empty());
        for d in &cardiologists {
            assert!(html.contains(&escaped(d["name"].as_str().unwrap())), "{b}: {} is listed", d["name"]);
            assert!(html.contains(&format!(r#"href="/doctorDetail?doctorId={}""#, d["id"])), "{b}: View Profile works without JavaScript");
        }
        assert!(page.text.contains("<title>Cardiology | HYGO</title>"), "{b}");
        assert_eq!(props(&page.text)["data"]["specialists"].as_array().unwrap().len(), cardiologists.len());

        // Aliases and names reach the same department; the canonical link names the slug.
        for alias in ["/departments/laboratories", "/departments/laboratory_service", "/departments/Laboratory"] {
            let page = fetch(&app, alias).await;
            assert_eq!(page.status, 200, "{b}: {alias}");
            assert!(page.text.contains(r#"<link rel="canonical" href="https://hygo.test/departments/laboratory">"#), "{b}: {alias}");
        }
        let neuro = fetch(&app, "/departments/neuroscience").await;
        assert!(root(&neuro.text).replace("<!-- -->", "").contains("Our Neuroscience Specialists"), "{b}");

        // A department nobody staffs yet says so.
        let page = fetch(&app, "/departments/oncology").await;
        assert_eq!(page.status, 200);
        assert!(root(&page.text).contains(&ui_text("department.noSpecialists")), "{b}");

        // An unknown one: the Not Found view with 404.
        let page = fetch(&app, "/departments/astrology").await;
        assert_eq!(page.status, 404, "{b}");
        let html = root(&page.text);
        assert!(html.contains(&ui_text("department.notFoundHeading")) && html.contains(&ui_text("department.backToDepartments")), "{b}");
    }
}

/// The JSON-LD block of a page, if any.
fn json_ld(html: &str) -> Option<Value> {
    let start = html.find(r#"<script type="application/ld+json">"#)? + 35;
    let end = start + html[start..].find("</script>").unwrap();
    Some(serde_json::from_str(&html[start..end]).expect("JSON-LD is JSON"))
}

#[actix_web::test]
async fn search_engines_get_a_sitemap_robots_and_structured_data() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;

    let page = fetch(&app, "/sitemap.xml").await;
    assert_eq!(page.status, 200);
    assert!(page.headers.get("content-type").unwrap().to_str().unwrap().starts_with("application/xml"));
    let xml = page.text;
    assert!(xml.starts_with("<?xml") && xml.trim_end().ends_with("</urlset>"));
    for path in ["/", "/doctors", "/departments"] {
        assert!(xml.contains(&format!("<loc>https://hygo.test{path}</loc>")), "{path}");
    }
    // Every department with a doctor, and none without (their pages are `noindex`).
    let staffed: Vec<String> = seed().as_array().unwrap().iter().map(|d| d["department"].as_str().unwrap().to_owned()).collect();
    let mut empty = 0;
    for d in hygo_content::default().departments.iter() {
        let listed = xml.contains(&format!("<loc>https://hygo.test/departments/{}</loc>", d.slug));
        let has_doctor = staffed.iter().any(|s| s == &d.slug || hygo_content::default().find_department(s).is_some_and(|f| f.slug == d.slug));
        assert_eq!(listed, has_doctor, "{}", d.slug);
        empty += usize::from(!has_doctor);
    }
    assert!(empty >= 10, "the catalogue's empty departments are left out: {empty}");
    assert!(!xml.contains("/banner<"), "the banner demo is not for search engines");
    for d in seed().as_array().unwrap() {
        assert!(xml.contains(&format!("<loc>https://hygo.test/doctors/{}</loc>", d["id"])));
    }
    // Every listed URL is a page that answers 200.
    for loc in xml.split("<loc>").skip(1).map(|s| &s[..s.find("</loc>").unwrap()]) {
        let path = loc.strip_prefix("https://hygo.test").unwrap();
        assert_eq!(fetch(&app, path).await.status, 200, "{path}");
    }

    let robots = fetch(&app, "/robots.txt").await;
    assert_eq!(robots.status, 200);
    assert!(robots.text.contains("Sitemap: https://hygo.test/sitemap.xml"));
    assert!(robots.text.contains("Disallow: /api/"));

    // Both clinics, with street addresses, the same on every page that describes them.
    let home = json_ld(&fetch(&app, "/").await.text).expect("JSON-LD on /");
    for path in ["/departments", "/departments/oncology", "/contactus"] {
        assert_eq!(json_ld(&fetch(&app, path).await.text).as_ref(), Some(&home), "{path} describes the clinics as / does");
    }
    // A department, the clinics its page shows: where its specialists work.
    let seeded = seed();
    let pediatrics: Vec<&str> = seeded.as_array().unwrap().iter().filter(|d| d["department"] == "pediatrics").map(|d| d["clinic"].as_str().unwrap()).collect();
    assert!(!pediatrics.is_empty() && pediatrics.iter().all(|c| *c == pediatrics[0]), "the seed's pediatricians share a clinic");
    let dept = fetch(&app, "/departments/pediatrics").await;
    let ld = json_ld(&dept.text).unwrap();
    let ids: Vec<&str> = ld["@graph"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["@id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [format!("https://hygo.test/contactus#{}", pediatrics[0])]
    );
    let other = hygo_content::default()
        .clinics
        .iter()
        .find(|c| c.id != pediatrics[0])
        .cloned()
        .unwrap();
    let aside = &dept.text[dept.text.find("<aside").unwrap()..dept.text.find("</aside>").unwrap()];
    assert!(
        !aside.contains(&escaped(&other.address)),
        "the page's Location shows only that clinic too"
    );
    assert!(
        aside.contains(&escaped(
            &hygo_content::default()
                .find_clinic(pediatrics[0])
                .unwrap()
                .address
        ))
    );
    let clinics = home["@graph"].as_array().unwrap();
    assert_eq!(clinics.len(), 2, "both locations");
    assert!(clinics.iter().all(|c| c["@type"] == "MedicalClinic" && c["openingHours"] == "Mo-Sa 08:00-20:00"));
    let streets: Vec<&str> = clinics.iter().map(|c| c["address"]["streetAddress"].as_str().unwrap()).collect();
    assert_eq!(streets, ["Kalawad Road", "Race Course Road"]);
    assert!(clinics.iter().all(|c| c["address"]["addressLocality"] == "Rajkot"));

    // Each doctor at their clinic: the profile, its JSON-LD and the contact page agree.
    let contact = root(&fetch(&app, "/contactus").await.text).to_owned();
    for d in seed().as_array().unwrap() {
        let clinic = hygo_content::default()
            .find_clinic(d["clinic"].as_str().unwrap())
            .cloned()
            .expect("a seeded doctor's clinic exists");
        let page = fetch(&app, &format!("/doctors/{}", d["id"])).await;
        let ld = json_ld(&page.text).expect("JSON-LD on a profile");
        assert_eq!(ld["@type"], "IndividualPhysician");
        assert_eq!(ld["name"], d["name"]);
        assert_eq!(ld["medicalSpecialty"], d["specialization"]);
        assert_eq!(ld["address"]["streetAddress"], clinic.street.as_str(), "{}", d["name"]);
        assert_eq!(ld["practicesAt"]["@id"], format!("https://hygo.test/contactus#{}", clinic.id));
        assert!(root(&page.text).contains(&escaped(&clinic.location())), "{}: profile shows {}", d["name"], clinic.location());
        assert!(contact.contains(&escaped(&clinic.name)) && contact.contains(&escaped(&clinic.address)), "{} on /contactus", clinic.name);
    }
    assert!(json_ld(&fetch(&app, "/doctors/424242").await.text).is_none(), "nothing about a doctor who does not exist");
}

#[actix_web::test]
async fn the_search_page_works_without_javascript() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let page = fetch(&app, "/search?q=cardio").await;
    assert_eq!(page.status, 200);
    assert!(page.text.contains(r#"<meta name="robots" content="noindex">"#), "results pages are not indexed");
    let html = root(&page.text);
    assert!(html.contains(&ui_text("search.resultsHeading")));
    assert!(html.contains(r#"href="/departments/cardiology""#));
    assert_eq!(props(&page.text)["data"]["query"], "cardio");
    let short = fetch(&app, "/search?q=c").await;
    assert!(root(&short.text).contains(&ui_text("search.tooShort")));
    let none = fetch(&app, &format!("/search?q={}", "z".repeat(300))).await;
    assert_eq!(none.status, 200, "a long text is cut, not refused");
    assert_eq!(props(&none.text)["data"]["query"].as_str().unwrap().len(), 100);

    // Nothing found: "no results", the nearest entries (three mistakes away here),
    // every listed department, and the clinic's number (issue 27).
    let near = fetch(&app, "/search?q=neurolojee").await;
    let data = &props(&near.text)["data"];
    assert!(data["results"].as_array().unwrap().is_empty());
    let suggested: Vec<&str> = data["suggestions"].as_array().unwrap().iter().map(|s| s["link"].as_str().unwrap()).collect();
    assert!(!suggested.is_empty() && suggested.len() <= 3 && suggested[0] == "/departments/neurology", "{suggested:?}");
    let html = root(&near.text).replace("<!-- -->", "");
    assert!(html.contains(&ui_text("search.didYouMean")) && html.contains("data-suggestions"), "{html}");
    let listed = hygo_content::default().departments.iter().filter(|d| d.listed).count();
    assert_eq!(data["departments"].as_array().unwrap().len(), listed);
    assert!(html.contains(r#"href="/departments/dermatology""#) && html.contains("+91 281 245 6700"));
    // Found: neither the suggestions nor the departments are sent.
    let found = fetch(&app, "/search?q=skin").await;
    let data = &props(&found.text)["data"];
    assert_eq!(data["results"][0]["link"], "/departments/dermatology");
    assert!(data["suggestions"].as_array().unwrap().is_empty() && data["departments"].as_array().unwrap().is_empty());
}

#[actix_web::test]
async fn services_and_specializations_render_on_the_server() {
    for db in TestDb::all().await {
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let b = db.backend;
        let services = hygo_content::default().services.to_vec();

        let page = fetch(&app, "/services").await;
        assert_eq!(page.status, 200, "{b}");
        for s in &services {
            assert!(page.text.contains(&format!(r#"href="/services/{}""#, s.id)), "{b}: {} listed", s.id);
        }

        let pharmacy = services.iter().find(|s| s.id == "pharmacy").unwrap();
        for path in ["/services/pharmacy", "/services/PHARMACY"] {
            let page = fetch(&app, path).await;
            assert_eq!(page.status, 200, "{b}: {path}");
            let html = root(&page.text).replace("<!-- -->", "");
            for text in [ui_text_with("service.about", &[("name", &pharmacy.name)]), ui_text("service.details"), ui_text("service.backToServices")] {
                assert!(html.contains(&escaped(&text)), "{b}: {text}");
            }
            for o in &pharmacy.offers {
                assert!(html.contains(&escaped(o)), "{b}: {o}");
            }
            assert!(page.text.contains(r#"<link rel="canonical" href="https://hygo.test/services/pharmacy">"#));
        }
        let missing = fetch(&app, "/services/teleportation").await;
        assert_eq!(missing.status, 404, "{b}");
        let html = root(&missing.text);
        assert!(html.contains(&ui_text("service.notFoundHeading")) && html.contains(&ui_text("service.backToServices")));

        // A specialization lists the doctors who practise it.
        let page = fetch(&app, "/specializations/cardiologist").await;
        assert_eq!(page.status, 200, "{b}");
        let cardiologists: Vec<String> = seed().as_array().unwrap().iter()
            .filter(|d| d["specialization"] == "Cardiologist").map(|d| d["name"].as_str().unwrap().to_owned()).collect();
        assert!(!cardiologists.is_empty());
        for name in &cardiologists {
            assert!(root(&page.text).contains(&escaped(name)), "{b}: {name}");
        }
        assert_eq!(props(&page.text)["data"]["doctors"].as_array().unwrap().len(), cardiologists.len());
        assert!(root(&page.text).contains(r#"href="/departments/cardiology""#));
        let orthopedic = fetch(&app, "/specializations/orthopedic").await;
        assert!(!props(&orthopedic.text)["data"]["doctors"].as_array().unwrap().is_empty(), "{b}: Orthopedic covers Orthopedic Surgeon");
        let dentist = fetch(&app, "/specializations/dentist").await;
        assert_eq!(dentist.status, 200);
        assert!(root(&dentist.text).contains("General Consultation"), "{b}: nobody yet: a way forward");
        assert_eq!(fetch(&app, "/specializations/wizard").await.status, 404);
    }
}

#[actix_web::test]
async fn content_pages_render_their_texts_on_the_server() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let text = |html: &str| root(html).replace("<!-- -->", "");
    let cases: &[(&str, &[&str])] = &[
        ("/about-us-HYGO", &["About HYGO", "What Sets Us Apart", "Always-On Access", "Real Savings", "One-Stop Care", "Seamless Escalation",
            "Growing Patient Network", "Flexible Revenue Sharing", "Admitting Rights", "AI-Powered Tools", "Back to Home"]),
        ("/about", &["About HYGO"]),
        ("/about-us", &["About HYGO"]),
        ("/about-hygo", &["Our Founding Team"]),
        ("/founder", &["Our Founding Team"]),
        ("/founding-team", &["Our Founding Team"]),
        ("/our-mission", &["Our Mission", "How We&#x27;re Making It Happen", "One App One Card", "Patient-Centered Care", "Expert Medical Teams",
            "Operational Excellence", "Healthcare Transformation", "Comprehensive Solutions", "1,000,000+", "100", "25"]),
        ("/our-vision", &["Our Vision", "The AAA Framework", "Our Core Values"]),
        ("/patient-resources", &["Patient Forms", "Insurance Information", "Appointment Preparation", "Contact Information", "Patient Portal",
            "FAQs", "Frequently Asked Questions", "<details", "Monday to Saturday, 8:00 AM to 8:00 PM"]),
        ("/contactus", &["Contact Us", "500+", "Happy Patients", "24/7", "Support", "Locations", "4.8", "4.9", "Directions", "Show map"]),
        ("/privacy-policy", &["1. Data We Collect", "2. Legal Basis", "3. How We Use Your Data", "4. Sharing Your Data", "5. Your Rights",
            "6. Data Retention", "7. Data Security", "8. Children&#x27;s Privacy", "9. International Transfers", "10. Changes to This Policy",
            "11. Grievance Redressal", "12. Contact Us", "mailto:"]),
        ("/terms-and-conditions", &["1. Definitions", "2. Eligibility", "3. Services", "4. License", "5. Payment and Refund", "6. Data Policy",
            "Deactivate Account", "New Delhi", "30 days", "15 days", "merchant of record"]),
    ];
    for (path, texts) in cases {
        let page = fetch(&app, path).await;
        assert_eq!(page.status, 200, "{path}");
        let html = text(&page.text);
        for t in *texts {
            assert!(html.contains(t), "{path}: {t}");
        }
        assert_eq!(html.matches("<h1").count(), 1, "{path}: one h1");
    }
    // The founders come from the database.
    let team = text(&fetch(&app, "/about-hygo").await.text);
    for f in seed().as_array().unwrap().iter().filter(|d| !d["founder"].is_null()) {
        assert!(team.contains(&escaped(f["name"].as_str().unwrap())), "{}", f["name"]);
    }
    // Aliases share one canonical address.
    for path in ["/about", "/about-us"] {
        assert!(fetch(&app, path).await.text.contains(r#"<link rel="canonical" href="https://hygo.test/about-us-HYGO">"#));
    }
}

#[actix_web::test]
async fn news_reviews_specialists_schedules_banner_and_general_consultation() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let text = |html: &str| root(html).replace("<!-- -->", "");
    let articles = serde_json::to_value(&hygo_content::default().home.news.items)
        .unwrap()
        .as_array()
        .unwrap()
        .clone();

    let news = fetch(&app, "/news").await;
    assert_eq!(news.status, 200);
    let html = text(&news.text);
    assert!(html.contains("News &amp; Updates"));
    assert_eq!(html.matches("data-article-card").count(), articles.len().min(3), "three per page");
    for a in articles.iter().take(3) {
        let id = a["id"].as_str().unwrap();
        assert!(html.contains(&format!(r#"href="/news/{id}""#)), "{id}");
        let page = fetch(&app, &format!("/news/{id}")).await;
        assert_eq!(page.status, 200, "{id}");
        let body = text(&page.text);
        assert!(body.contains(&escaped(a["title"].as_str().unwrap())));
        for p in a["content"].as_array().unwrap() {
            assert!(body.contains(&escaped(p.as_str().unwrap())), "{id}: the full article");
        }
    }
    assert_eq!(fetch(&app, "/news/no-such-article").await.status, 404);
    assert_eq!(fetch(&app, "/news?page=9").await.status, 404);

    let doctors = seed().as_array().unwrap().clone();
    let specialists = text(&fetch(&app, "/specialists").await.text);
    for d in &doctors {
        assert!(specialists.contains(&escaped(d["name"].as_str().unwrap())));
        assert!(specialists.contains(&escaped(d["education"][0].as_str().unwrap())), "qualifications of {}", d["name"]);
    }
    let schedules = text(&fetch(&app, "/schedules").await.text);
    assert!(schedules.contains("<table"));
    for d in &doctors {
        for h in d["officeHours"].as_array().unwrap() {
            assert!(schedules.contains(&escaped(h["hours"].as_str().unwrap())));
        }
    }
    let reviews = text(&fetch(&app, "/reviews").await.text);
    for r in serde_json::to_value(&hygo_content::default().home.reviews.items)
        .unwrap()
        .as_array()
        .unwrap()
    {
        assert!(reviews.contains(&escaped(r["text"].as_str().unwrap())));
    }
    let banner = text(&fetch(&app, "/banner").await.text);
    assert!(banner.contains("600 rupees") && banner.contains("1200 rupees"));

    let gc = fetch(&app, "/departments/general-consultation").await;
    assert_eq!(gc.status, 200);
    let html = text(&gc.text);
    for t in ["General Consultation", "Chronic Disease Management", "Acute Illness and Seasonal Diseases Treatment", "Daycare Medical Services",
        "Preventive &amp; Personalised Health Check-ups", "Occupational Health Consultations", "Visit Us", "Call Us", "Working Hours",
        "Monday to Saturday, 8:00 AM to 8:00 PM"] {
        assert!(html.contains(t), "general consultation: {t}");
    }
}

#[actix_web::test]
async fn every_book_button_opens_our_request_form() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let count = |html: &str, href: &str| root(html).matches(&format!(r#"href="{href}""#)).count();

    // Home: the header, the hero, the "Request Appointment" card, "Ready to Get Started",
    // "Talk to Us" and the footer's quick link.
    let home = fetch(&app, "/").await.text;
    assert!(count(&home, "/appointment") >= 6, "{} links to /appointment on /", count(&home, "/appointment"));
    assert!(root(&home).contains(r#"<a class="button button--light" href="/appointment" data-discover="true">Book an Appointment</a>"#), "Talk to Us");
    for (path, href) in [
        ("/doctors/4", "/appointment/4"),
        ("/doctorDetail?doctorId=7", "/appointment/7"),
        ("/departments/cardiology", "/appointment?department=cardiology"),
        // A department without a doctor books a general consultation.
        ("/departments/oncology", "/appointment?isGeneralConsultation=true"),
        ("/services/pharmacy", "/appointment"),
        ("/departments/general-consultation", "/appointment?isGeneralConsultation=true"),
        ("/patient-resources", "/appointment"),
    ] {
        let html = fetch(&app, path).await.text;
        assert!(count(&html, &escaped(href)) >= 1, "{path} links to {href}");
    }
    // No page leads to the booking address that does not exist.
    for path in ["/", "/doctors/4", "/departments/cardiology", "/services/pharmacy", "/departments/general-consultation", "/patient-resources"] {
        assert!(!fetch(&app, path).await.text.contains("booking.hygo.in"), "{path}");
    }
    // A department's button fills in the department, when it is one a booking may name:
    // it travels with the first step, for the second.
    let wizard = fetch(&app, "/appointment?department=cardiology").await.text;
    assert!(root(&wizard).contains(r#"<input type="hidden" name="department" value="cardiology"/>"#));
    let other = fetch(&app, "/appointment?department=oncology").await.text;
    assert!(!root(&other).contains(r#"name="department""#), "not a department a booking may name");
    assert_eq!(props(&wizard)["site"]["bookingUrl"], Value::Null);

    // An operator may still send the buttons to an external booking site.
    let db = TestDb::sqlite();
    let mut config = common::test_config();
    config.booking_url = Some("https://booking.example.in/hygo".into());
    let app = test::init_service(hygo::app::app(common::state_from(&db, hygo_core::ist::Clock::System, config).await)).await;
    let home = fetch(&app, "/").await.text;
    assert!(count(&home, "https://booking.example.in/hygo") >= 5);
    let profile = fetch(&app, "/doctors/4").await.text;
    assert_eq!(count(&profile, "https://booking.example.in/hygo"), 2, "the header's and the profile's");
    assert_eq!(count(&profile, "/appointment/4"), 0);
}

#[actix_web::test]
async fn content_pages_use_the_spec_s_names_and_state_its_terms() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let text = |html: &str| root(html).to_owned();

    let vision = text(&fetch(&app, "/our-vision").await.text);
    for name in ["Affordability", "Accessibility", "Advanced Service", "Quality Assurance", "Community Impact", "Excellence"] {
        assert!(vision.contains(&format!(">{name}</h3>")), "Our Vision names {name}");
    }
    for invented in ["Accessible<", "Affordable<", "Accountable", "Compassion", ">Trust<"] {
        assert!(!vision.contains(invented), "Our Vision no longer says {invented}");
    }
    let about = text(&fetch(&app, "/about-us-HYGO").await.text);
    for pillar in ["Flagship Clinics", "Partner Hospitals", "Connected Network", "Technology Backbone", "Central Warehousing", "Health Card + App"] {
        assert!(about.contains(&format!(">{pillar}</h3>")), "What Sets Us Apart: {pillar}");
    }
    // What the spec's section 9 says the legal pages state.
    let legal: [(&str, &[&str]); 2] = [
        ("/terms-and-conditions", &[
            "Fees do not include taxes unless stated.",
            "You can pay by UPI, debit card, credit card",
            "refunded only if you cancel at least 24 hours before the appointment",
            "and are non-refundable.",
            "may renew automatically",
            "for non-emergency use only",
        ]),
        ("/privacy-policy", &[
            "We keep medical records for up to 10 years",
            "Our Grievance Officer handles questions and complaints",
            "Digital Personal Data Protection Act, 2023",
            "Write to the Grievance Officer at admin@hygo.in",
            "answer within 15 days",
        ]),
    ];
    for (path, sentences) in legal {
        let page = text(&fetch(&app, path).await.text);
        for said in sentences {
            assert!(page.contains(&escaped(said)), "{path}: {said}");
        }
    }
}

#[actix_web::test]
async fn a_profile_says_when_the_doctor_is_back() {
    use sea_orm::{ActiveModelTrait, Set};
    let db = TestDb::sqlite();
    // Tuesday 8 January 2030. Dr. Hitesh Patel (Mon, Wed, Fri, Sat) is away Monday 7 to Wednesday 9.
    let state = common::state_with(&db, common::at("2030-01-08 09:00"), 1000).await;
    hygo_core::entities::doctor_leave::ActiveModel {
        doctor_id: Set(1),
        starts_on: Set("2030-01-07".into()),
        ends_on: Set(Some("2030-01-09".into())),
        note: Set(Some("Family wedding".into())),
        ..Default::default()
    }
    .insert(&state.db)
    .await
    .unwrap();
    let app = test::init_service(hygo::app::app(state)).await;
    let page = fetch(&app, "/doctors/1").await;
    assert!(root(&page.text).contains("On leave, back on Friday, 11 January 2030"));
    assert!(!page.text.contains("Family wedding"), "the staff note is for staff only");
    let other = fetch(&app, "/doctors/2").await;
    assert!(!root(&other.text).contains("On leave"));

    // Wherever the doctor is listed, the same badge, and nobody else's (issue 27, item 6).
    let department = seed()[0]["department"].as_str().unwrap().to_owned();
    for path in ["/doctors", "/specialists", "/schedules", &format!("/departments/{department}"), "/search?q=hitesh"] {
        let page = fetch(&app, path).await;
        assert_eq!(page.status, 200, "{path}");
        let html = root(&page.text).replace("<!-- -->", "");
        assert_eq!(html.matches("data-leave-badge").count(), 1, "{path}: one doctor on leave");
        let at = html.find("data-leave-badge").unwrap();
        assert!(html[at..].starts_with(r#"data-leave-badge="">On leave, back on Friday, 11 January 2030</p>"#), "{path}: {}", &html[at..at + 120]);
        let name = html[..at].rfind("Hitesh Patel").expect("the badge follows the doctor's name");
        assert!(html[name..at].find("Kaushik Vyas").is_none(), "{path}: the badge is the doctor's own");
    }
    let (status, _, results) = common::send(&app, common::get("/api/search?q=hitesh")).await;
    assert_eq!(status, 200);
    assert_eq!(results["data"][0]["leave"]["backOn"], "2030-01-11", "{results}");
}

/// Patient Forms: a content page of the registry, opened by the Patient Resources
/// card of that name, listed in the sitemap and found by the site search.
#[actix_web::test]
async fn patient_forms_says_what_a_new_patient_fills_in_and_brings() {
    for db in TestDb::all().await {
        let b = db.backend;
        let app = test::init_service(hygo::app::app(state(&db).await)).await;
        let page = fetch(&app, "/patient-forms").await;
        assert_eq!(page.status, 200, "{b}");
        let body = root(&page.text);
        for text in ["Patient Forms", "What you fill in", "registration form", "What to bring", "A photo ID", "insurance policy details"] {
            assert!(body.contains(text), "{b}: {text}");
        }
        assert!(page.text.contains("<title>Patient Forms | HYGO</title>"), "{b}");
        assert!(page.text.contains(r#"<link rel="canonical" href="https://hygo.test/patient-forms">"#), "{b}");
        let p = props(&page.text);
        assert_eq!((p["page"].as_str(), p["component"].as_str()), (Some("patient-forms"), Some("Content")), "{b}");

        let resources = fetch(&app, "/patient-resources").await;
        assert!(root(&resources.text).contains(r#"href="/patient-forms""#), "{b}: the Patient Forms card opens the page");
        let sitemap = fetch(&app, "/sitemap.xml").await;
        assert!(sitemap.text.contains("/patient-forms</loc>"), "{b}");
        let found = fetch(&app, "/api/search?q=patient%20forms").await;
        let found: Value = serde_json::from_str(&found.text).unwrap();
        assert_eq!(found["data"][0]["link"], "/patient-forms", "{b}: {found}");
    }
}

/// What an outside tester found contradicting itself (issue 27, item 10): a demo
/// page and empty departments offered to search engines, "Both plans include"
/// inside each plan, topics that read as links.
#[actix_web::test]
async fn pages_do_not_contradict_themselves() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let noindex = r#"<meta name="robots" content="noindex">"#;

    let banner = fetch(&app, "/banner").await;
    assert_eq!(banner.status, 200);
    assert!(banner.text.contains(noindex), "the banner demo is not indexed");
    let empty = fetch(&app, "/departments/general-surgery").await;
    assert_eq!(empty.status, 200);
    assert!(empty.text.contains(noindex), "a department without a doctor is not indexed");
    let staffed = fetch(&app, "/departments/cardiology").await;
    assert!(!staffed.text.contains(noindex), "a department with doctors is");

    // The benefits are said once for both plans, not once per plan.
    let plans = &hygo_content::default().home.subscription;
    let page = root(&fetch(&app, "/subscription").await.text).replace("<!-- -->", "");
    assert_eq!(page.matches(&escaped(&plans.benefits_heading)).count(), 1, "{page}");
    assert_eq!(page.matches(&escaped(&plans.benefits[0])).count(), 1);

    // Patient education: topics, said to be topics, in a plain list.
    let resources = root(&fetch(&app, "/patient-resources").await.text).replace("<!-- -->", "");
    let lead = "Topics you can ask your doctor about at your visit:";
    let at = resources.find(lead).expect("the list says what its items are");
    let list = &resources[at..];
    assert!(list.contains(r#"<ul class="topic-list">"#) && list.find("When a fever in a child needs a doctor").is_some(), "{list}");
    assert!(!list[..list.find("</ul>").unwrap()].contains("<a "), "no item is a link");
}

/// A department without a doctor is not featured, not named as a speciality, and
/// its page offers a general consultation instead (issue 27, item 5).
#[actix_web::test]
async fn departments_without_a_doctor_are_not_promoted() {
    let db = TestDb::sqlite();
    let app = test::init_service(hygo::app::app(state(&db).await)).await;
    let home = fetch(&app, "/").await;
    let data = &props(&home.text)["data"];
    let featured: Vec<&str> = data["departments"].as_array().unwrap().iter().map(|d| d["slug"].as_str().unwrap()).collect();
    assert_eq!(featured, ["neurology", "orthopedics", "gynecology", "cardiology"], "General Surgery has no doctor");
    let html = root(&home.text).replace("<!-- -->", "");
    assert!(!html.contains(r#"href="/departments/general-surgery""#), "not featured");
    let named: Vec<&str> = data["specialities"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    for gone in ["Dentistry", "General Surgery", "Neurosurgery", "Oncology", "Pulmonology"] {
        assert!(!named.contains(&gone) && !html.contains(&format!("<li>{gone}</li>")), "{gone} is not available: {named:?}");
    }
    for kept in ["General Physician", "Cardiology", "Pediatrics", "ENT"] {
        assert!(html.contains(&format!("<li>{kept}</li>")), "{kept}");
    }

    let page = fetch(&app, "/departments/general-surgery").await;
    let html = root(&page.text).replace("<!-- -->", "");
    assert!(html.contains("data-no-specialist"));
    assert!(html.contains(&ui_text_with("department.careThroughGeneral", &[("name", "General Surgery")]).replace('\'', "&#x27;")), "{html}");
    assert!(html.contains(r#"href="/appointment?isGeneralConsultation=true""#), "the Book button books a general consultation");
    assert!(html.contains(&ui_text("department.bookGeneral")));
    assert!(!html.contains(r#"href="/appointment?department=general-surgery""#));
    // A department with doctors books itself, and its hours are its doctors' hours
    // together (Dr. Kinjal Mehta 9 to 5 on weekdays, Dr. Rajesh Shah 4 to 8 on
    // Monday, Wednesday and Friday): no Saturday, where the clinics open.
    let page = fetch(&app, "/departments/cardiology").await;
    let cardiology = root(&page.text).replace("<!-- -->", "");
    assert!(cardiology.contains(r#"href="/appointment?department=cardiology""#) && !cardiology.contains("data-no-specialist"));
    // In the props as data (ISO weekdays, 24-hour ranges), written on the page in its language.
    let hours: Vec<(u64, String)> = props(&page.text)["data"]["hours"].as_array().unwrap().iter()
        .map(|h| (h["weekday"].as_u64().unwrap(), h["ranges"].as_array().unwrap().iter().map(|r| format!("{}-{}", r["from"].as_str().unwrap(), r["to"].as_str().unwrap())).collect::<Vec<_>>().join(","))).collect();
    let want = [(1, "09:00-20:00"), (2, "09:00-17:00"), (3, "09:00-20:00"), (4, "09:00-17:00"), (5, "09:00-20:00")];
    assert_eq!(hours, want.map(|(d, h)| (d, h.to_owned())));
    assert!(cardiology.contains("data-department-hours") && cardiology.contains("<dt>Tuesday</dt><dd>9:00 AM - 5:00 PM</dd>"), "{cardiology}");
}

/// A network's worth of doctors (issue 27, item 12): `/doctors` lists 24 a page,
/// "Show more" is a link to the next page, and the search and the filters by
/// department, clinic and "available this week" are a form read from the query,
/// so all of it works without JavaScript; every doctor is on exactly one page.
#[actix_web::test]
async fn two_hundred_doctors_are_listed_24_a_page_and_filtered_by_the_query() {
    use std::collections::BTreeSet;
    for db in TestDb::all().await {
        let b = db.backend;
        // Tuesday 8 January 2030.
        let clock = common::at("2030-01-08 09:00");
        let today = clock.today();
        let state = common::state_with(&db, clock, 1000).await;
        hygo::scale::seed(&state.db, hygo::scale::Scale { doctors: 200, requests: 0 }, today).await.unwrap();
        // Dr. Hitesh Patel (id 1) away for the coming three weeks; one doctor with no hours at all.
        let actor = hygo_core::audit::Actor::system();
        let away = hygo_schedule::leave::NewLeave { doctor_id: Some(1), from: Some("2030-01-08"), until: Some("2030-01-31"), note: None };
        hygo_schedule::leave::add(&state.db, &actor, away, today).await.unwrap();
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let (_, _, everyone) = common::send(&app, common::get("/api/doctors")).await;
        let everyone = everyone["data"].as_array().unwrap().clone();
        assert_eq!(everyone.len(), 200, "{b}");
        let ids = |doctors: &[Value]| doctors.iter().map(|d| d["id"].as_i64().unwrap()).collect::<BTreeSet<_>>();

        // Every page of a listing, followed by its "Show more" links as a visitor without JavaScript would.
        let walk = |first: String| {
            let app = &app;
            async move {
                let mut seen: Vec<Value> = Vec::new();
                let mut next = Some(first);
                let mut pages = 0;
                while let Some(path) = next {
                    let page = fetch(app, &path).await;
                    assert_eq!(page.status, 200, "{path}");
                    let p = props(&page.text);
                    let data = &p["data"];
                    let doctors = data["doctors"].as_array().unwrap();
                    assert!(doctors.len() <= 24, "{path}: {} doctors on one page", doctors.len());
                    assert_eq!(data["first"].as_u64().unwrap() as usize, seen.len() + 1, "{path}");
                    let html = root(&page.text);
                    assert_eq!(html.matches("data-doctor-card").count(), doctors.len(), "{path}: a card for each doctor in the props");
                    next = data["next"].as_str().map(str::to_owned);
                    if let Some(next) = &next {
                        assert!(html.contains(&format!(r#"href="{}#doctor-results""#, escaped(next))), "{path}: Show more is a link to {next}, landing at the list");
                        assert_eq!(doctors.len(), 24, "{path}: only the last page is short");
                    }
                    seen.extend(doctors.iter().cloned());
                    pages += 1;
                }
                (seen, pages)
            }
        };

        let (all, pages) = walk("/doctors".into()).await;
        assert_eq!(pages, 9, "{b}: 200 doctors in pages of 24");
        assert_eq!(ids(&all), ids(&everyone), "{b}: every doctor once");
        assert_eq!(all.len(), 200, "{b}: nobody twice");
        let names: Vec<String> = all.iter().map(|d| hygo_core::entities::doctor::sort_key(d["name"].as_str().unwrap())).collect();
        assert!(names.windows(2).all(|w| w[0] <= w[1]), "{b}: in order of name across pages");
        let first = fetch(&app, "/doctors").await;
        assert!(!first.text.contains(r#"<meta name="robots" content="noindex">"#), "{b}: the list itself is indexed");
        assert!(root(&first.text).contains(r#"role="search" aria-label="Find a doctor" action="/doctors#doctor-results" method="get">"#), "{b}: the search and filters are a form");
        for name in [r#"name="q""#, r#"name="department""#, r#"name="clinic""#, r#"name="week""#] {
            assert!(root(&first.text).contains(name), "{b}: {name}");
        }
        // A page past the last shows the last; a page that is no number, the first.
        let past = props(&fetch(&app, "/doctors?page=99").await.text);
        assert_eq!((past["data"]["first"].as_u64(), past["data"]["doctors"].as_array().unwrap().len()), (Some(193), 8), "{b}");
        assert_eq!(props(&fetch(&app, "/doctors?page=abc").await.text)["data"]["first"], 1, "{b}");

        // By department: exactly the department's doctors, and noindex.
        let cardiology: BTreeSet<i64> = ids(&everyone.iter().filter(|d| d["department"] == "cardiology").cloned().collect::<Vec<_>>());
        assert!(cardiology.len() > 1, "{b}");
        let (found, _) = walk("/doctors?department=cardiology".into()).await;
        assert_eq!(ids(&found), cardiology, "{b}: Cardiology");
        let filtered = fetch(&app, "/doctors?department=cardiology").await;
        assert!(filtered.text.contains(r#"<meta name="robots" content="noindex">"#), "{b}: a filtered list is not indexed");
        assert!(root(&filtered.text).contains(r#"<option value="cardiology" selected="">"#), "{b}: the choice is kept");
        // An unknown department is dropped, not an empty list.
        assert_eq!(props(&fetch(&app, "/doctors?department=nowhere").await.text)["data"]["total"], 200, "{b}");

        // By clinic: the doctors whose clinic it is or who have hours there.
        let at_head_office: BTreeSet<i64> = ids(&everyone.iter().filter(|d| d["clinics"].as_array().unwrap().iter().any(|c| c == "head-office")).cloned().collect::<Vec<_>>());
        assert!(!at_head_office.is_empty() && at_head_office.len() < 200, "{b}");
        let (found, _) = walk("/doctors?clinic=head-office".into()).await;
        assert_eq!(ids(&found), at_head_office, "{b}: the head office's doctors");

        // Available this week: whoever has hours in the next seven days, less the doctor on leave.
        let working: BTreeSet<i64> = ids(&everyone.iter().filter(|d| !d["officeHours"].as_array().unwrap().is_empty() && d["id"] != 1).cloned().collect::<Vec<_>>());
        let (found, _) = walk("/doctors?week=1".into()).await;
        assert_eq!(ids(&found), working, "{b}: available this week");
        assert!(!ids(&found).contains(&1), "{b}: not the doctor on leave");

        // The spec's search (name or specialization, any case) over all 200, with the filters together.
        let (found, _) = walk("/doctors?q=CARDIO&clinic=kalawad-road&week=1".into()).await;
        let expected: BTreeSet<i64> = everyone
            .iter()
            .filter(|d| {
                let q = "cardio";
                (d["name"].as_str().unwrap().to_lowercase().contains(q) || d["specialization"].as_str().unwrap().to_lowercase().contains(q))
                    && d["clinics"].as_array().unwrap().iter().any(|c| c == "kalawad-road")
                    && working.contains(&d["id"].as_i64().unwrap())
            })
            .map(|d| d["id"].as_i64().unwrap())
            .collect();
        assert!(!expected.is_empty(), "{b}");
        assert_eq!(ids(&found), expected, "{b}: search and filters together");
        let nobody = fetch(&app, "/doctors?q=zzzz").await;
        assert!(root(&nobody.text).contains(&escaped(&ui_text("doctors.none"))), "{b}");
    }
}

//! Hindi and Gujarati at their addresses (issue 29; docs/languages.md), through
//! the real app in process, on SQLite and (with `TEST_DATABASE_URL`) PostgreSQL:
//!
//! - `/gu/…` and `/hi/…` are the same pages in Gujarati and Hindi: `<html lang>`,
//!   their interface texts, a canonical address of their own, `hreflang`
//!   alternates for the three languages and `x-default`; the props API the same;
//! - the render cache keeps each language's page apart (a page cached in one
//!   language is never served in another);
//! - a form posted at a language's address is answered in it: its errors
//!   without JavaScript, where it leads after it is sent; the JSON API in the
//!   language `Accept-Language` asks;
//! - a language the site does not serve (`HYGO_LANGUAGES`) has no addresses.

mod common;

use actix_web::test::{self, TestRequest};

use common::{call, fetch, state, state_from, submit, test_config, TestDb};

#[actix_web::test]
async fn hindi_and_gujarati_pages_forms_and_their_addresses() {
    for db in TestDb::all().await {
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let b = db.backend;

        // Each language's home page and doctors' page, English's left as it is.
        let english = fetch(&app, "/doctors").await;
        let hindi = fetch(&app, "/hi/doctors").await;
        let gujarati = fetch(&app, "/gu/").await;
        assert_eq!((english.status, hindi.status, gujarati.status), (200, 200, 200), "{b}");
        assert!(hindi.text.contains(r#"<html lang="hi""#) && hindi.text.contains("हमारे डॉक्टर"), "{b}: Hindi");
        assert!(gujarati.text.contains(r#"<html lang="gu""#) && gujarati.text.contains("શોધો"), "{b}: Gujarati");
        assert!(gujarati.text.contains(r#"<link rel="canonical" href="https://hygo.test/gu/">"#), "{b}: its own canonical address");
        assert!(gujarati.text.contains(r#"<meta property="og:locale" content="gu_IN">"#), "{b}");
        assert!(gujarati.text.contains(r#"<link rel="preload" href="/assets/client/noto-sans-gujarati-gujarati-400-normal-"#), "{b}: its font, preloaded");
        assert!(!english.text.contains(r#"rel="preload" href="/assets/client/noto"#), "{b}: English preloads no font");
        for (tag, href) in [("en", "/doctors"), ("hi", "/hi/doctors"), ("gu", "/gu/doctors"), ("x-default", "/doctors")] {
            let alternate = format!(r#"<link rel="alternate" hreflang="{tag}" href="https://hygo.test{href}">"#);
            assert!(hindi.text.contains(&alternate) && english.text.contains(&alternate), "{b}: {alternate}");
        }
        // Cached in Hindi, English is still English (and the other way round).
        let again = fetch(&app, "/doctors").await;
        assert!(again.text.contains(r#"<html lang="en""#) && again.text.contains("Our Doctors") && !again.text.contains("हमारे"), "{b}: the cache keeps the languages apart");
        assert_eq!(fetch(&app, "/hi/doctors").await.body, hindi.body, "{b}");
        // Addresses that are no page go to the language's home page; the console has no language's addresses.
        for path in ["/gu/nowhere", "/gu/staff/content"] {
            let answer = fetch(&app, path).await;
            assert_eq!((answer.status, answer.header("location")), (302, "/gu/"), "{b}: {path}");
        }
        assert_eq!(fetch(&app, "/gujarati").await.header("location"), "/", "{b}: a prefix is a whole segment");
        let props = fetch(&app, "/api/props?path=%2Fgu%2Fdoctors").await.json();
        assert_eq!((props["site"]["lang"].as_str(), props["path"].as_str()), (Some("gu"), Some("/gu/doctors")), "{b}");
        assert_eq!(props["site"]["languages"][2]["name"], "ગુજરાતી", "{b}: the switcher's names, each in itself");

        // JSON-LD in the page's language: its addresses the language's, the things it names the same in every language.
        let profile = fetch(&app, "/gu/doctors/1").await.text;
        assert!(profile.contains(r#""url":"https://hygo.test/gu/doctors/1""#) && profile.contains(r#""@id":"https://hygo.test/doctors/1""#), "{b}: a doctor's JSON-LD");
        let contact = fetch(&app, "/hi/contactus").await.text;
        assert!(contact.contains(r#""url":"https://hygo.test/hi/contactus#head-office""#) && contact.contains(r#""@id":"https://hygo.test/contactus#head-office""#), "{b}: a clinic's JSON-LD");

        // The sitemap: every address in each language, with its alternates.
        let sitemap = fetch(&app, "/sitemap.xml").await.text;
        assert!(sitemap.contains("<loc>https://hygo.test/gu/doctors</loc>") && sitemap.contains("<loc>https://hygo.test/hi/doctors</loc>"), "{b}");
        assert!(sitemap.contains(r#"<xhtml:link rel="alternate" hreflang="gu" href="https://hygo.test/gu/doctors/1"/>"#), "{b}");

        // A form without JavaScript: its errors in Gujarati, then where it leads.
        let refused = submit(&app, "/gu/contactus", "name=&email=dev%40example.in&subject=Card&message=").await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.text.contains(r#"<html lang="gu""#) && refused.text.contains("તમારું નામ લખો"), "{b}: the error in Gujarati");
        let sent = submit(&app, "/gu/contactus", "name=Dev&email=dev%40example.in&subject=Card&message=Hello").await;
        assert_eq!(sent.status, 303, "{b}: {}", sent.text);
        let next = sent.header("location").to_owned();
        assert!(next.starts_with("/gu/requests?token="), "{b}: {next}");
        let done = fetch(&app, &next).await;
        assert!(done.status == 200 && done.text.contains("તમારો સંદેશ"), "{b}: the confirmation in Gujarati");
        // The JSON API answers in the language asked for, English otherwise.
        let ask = |lang: Option<&str>| {
            let req = TestRequest::post().uri("/api/contact").peer_addr("198.51.100.7:40000".parse().unwrap()).set_json(serde_json::json!({ "email": "x@example.in" }));
            match lang {
                Some(lang) => req.insert_header(("accept-language", lang)),
                None => req,
            }
        };
        let in_hindi = call(&app, ask(Some("hi-IN,hi;q=0.9,en;q=0.8"))).await.json();
        assert_eq!(in_hindi["errors"]["name"], "अपना नाम लिखें", "{b}: {in_hindi}");
        let in_english = call(&app, ask(None)).await.json();
        assert_eq!(in_english["errors"]["name"], "Enter your name", "{b}");
    }
}

#[actix_web::test]
async fn a_language_the_site_does_not_serve_has_no_addresses() {
    let db = TestDb::sqlite();
    let mut config = test_config();
    config.languages = vec![hygo_content::Lang::DEFAULT];
    let state = state_from(&db, hygo_core::ist::Clock::System, config).await;
    let app = test::init_service(hygo::app::app(state.clone())).await;
    let home = fetch(&app, "/").await;
    assert!(home.text.contains(r#"<html lang="en""#) && !home.text.contains("hreflang"), "one language: no alternates");
    assert_eq!(fetch(&app, "/gu/").await.header("location"), "/", "not served: no page");
    assert_eq!(submit(&app, "/gu/contactus", "name=Dev&email=dev%40example.in&subject=Card&message=Hello").await.status, 404);
    let props = fetch(&app, "/api/props?path=%2Fgu%2Fdoctors").await.json();
    assert_eq!(props["redirect"], "/");
    assert!(!fetch(&app, "/sitemap.xml").await.text.contains("xhtml"), "one language: a sitemap as before");
}

/// Issue 29: a booking made on a Gujarati page, without JavaScript, is kept with
/// its language; its errors, its confirmation page, the patient's
/// acknowledgement and the confirmation with its calendar file are in Gujarati,
/// with their days in Gujarati words; the clinic's own mail stays English. A
/// Hindi one by the JSON API likewise, and an English one is English.
#[actix_web::test]
async fn a_booking_in_gujarati_is_kept_and_answered_in_gujarati() {
    use hygo_core::entities::{appointment, outbox};
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    for db in TestDb::all().await {
        let b = db.backend;
        let state = common::state_with(&db, common::at("2030-01-07 10:20"), 1000).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let mail_to = |to: &'static str| {
            let db = state.db.clone();
            async move { outbox::Entity::find().filter(outbox::Column::ToAddress.eq(to)).order_by_desc(outbox::Column::Id).one(&db).await.unwrap().unwrap() }
        };
        let person = "name=Asha+Patel&phone=%2B91+98765+43210&email=asha%40example.in";

        // Refused in Gujarati: no confirmation ticked.
        let refused = submit(&app, "/gu/appointment/4", &format!("step=3&action=submit&{person}&date=2030-01-14&time=11%3A00+AM")).await;
        assert_eq!(refused.status, 422, "{b}");
        assert!(refused.text.contains(r#"<html lang="gu""#) && !refused.text.contains("Please confirm"), "{b}: the error in Gujarati");
        // Sent: its confirmation page is Gujarati's.
        let sent = submit(&app, "/gu/appointment/4", &format!("step=3&action=submit&confirm=yes&{person}&date=2030-01-14&time=11%3A00+AM")).await;
        assert_eq!(sent.status, 303, "{b}: {}", sent.text);
        assert!(sent.header("location").starts_with("/gu/requests?token="), "{b}");
        let page = fetch(&app, sent.header("location")).await;
        assert!(page.text.contains(r#"<html lang="gu""#) && page.text.contains("સોમવાર") && !page.text.contains("Appointment Request Sent"), "{b}");

        let row = appointment::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!(row.lang, "gu", "{b}: the language is kept with the request");
        let c = hygo_content::get(hygo_content::Lang::parse("gu").unwrap());
        let ack = mail_to("asha@example.in").await;
        let subject = c.message("mail.appointmentReceivedSubject").replace("{reference}", &row.reference);
        assert_eq!(ack.subject, subject, "{b}");
        assert!(ack.body.contains("સોમવાર, 14 જાન્યુઆરી, 2030, 11:00 AM"), "{b}: the day in Gujarati: {}", ack.body);
        assert!(ack.body.contains("ક્યાં: HYGO હેડ ઓફિસ ક્લિનિક, રેસ કોર્સ રોડ (રેસ કોર્સ રોડ, રાજકોટ"), "{b}: the clinic as Gujarati names it: {}", ack.body);
        let desk = mail_to("desk@hygo.test").await;
        assert!(desk.body.contains("Monday, 14 January 2030, 11:00 AM"), "{b}: the clinic's mail in English: {}", desk.body);

        // Confirmed by the desk: the confirmation and its invitation in Gujarati.
        let desk = hygo_core::audit::Actor { id: None, name: hygo_core::audit::COMMAND_LINE.into() };
        let why = hygo_booking::inbox::Why { reason: None, note: None };
        hygo_booking::inbox::take(&state.db, &state.clock, &desk, &row.reference, hygo_booking::status::Step::Confirm, None, why, &hygo::pages::url::notices(&state)).await.unwrap();
        let confirmed = mail_to("asha@example.in").await;
        assert_eq!(confirmed.subject, c.message("mail.appointmentConfirmedSubject").replace("{reference}", &row.reference), "{b}");
        let invite: hygo_booking::calendar::icalendar::Calendar = confirmed.calendar.expect("an invitation").parse().unwrap();
        let summary = c.message("mail.inviteSummary").replace("{doctor}", "Dr. Kinjal Mehta");
        use hygo_booking::calendar::icalendar::Component;
        assert_eq!(invite.components[0].as_event().and_then(|e| e.get_summary()), Some(summary.as_str()), "{b}");
        assert!(confirmed.body.contains("/gu/") || !confirmed.body.contains("https://"), "{b}: links, if any, in Gujarati: {}", confirmed.body);

        // Hindi by the JSON API, as the pages' script sends it.
        let json = serde_json::json!({ "name": "Ravi", "phone": "+91 98765 43211", "email": "ravi@example.in", "doctorId": 4, "date": "2030-01-14", "time": "11:15 AM", "isNewPatient": "yes" });
        let req = TestRequest::post().uri("/appointments/bookAppointment").peer_addr("198.51.100.9:40000".parse().unwrap()).insert_header(("accept-language", "hi")).set_json(json);
        assert_eq!(call(&app, req).await.status, 201, "{b}");
        let ravi = mail_to("ravi@example.in").await;
        assert!(ravi.body.contains("सोमवार, 14 जनवरी 2030, 11:15 AM"), "{b}: {}", ravi.body);
    }
}

/// A newsletter sign-up in Gujarati: its confirmation mail is Gujarati and links
/// to the Gujarati page; that page's button and the unsubscribe page's answer
/// at the Gujarati addresses.
#[actix_web::test]
async fn a_newsletter_sign_up_in_gujarati_stays_in_gujarati() {
    use hygo_core::entities::{newsletter_subscriber, outbox};
    use sea_orm::EntityTrait;
    for db in TestDb::all().await {
        let b = db.backend;
        let state = state(&db).await;
        let app = test::init_service(hygo::app::app(state.clone())).await;
        let sent = submit(&app, "/gu/newsletter", "email=mira%40example.in&source=newsletter-page").await;
        assert_eq!((sent.status, sent.header("location")), (303, "/gu/newsletter?subscribed=1"), "{b}");
        let row = newsletter_subscriber::Entity::find().one(&state.db).await.unwrap().unwrap();
        assert_eq!(row.lang, "gu", "{b}");
        let mail = outbox::Entity::find().one(&state.db).await.unwrap().unwrap();
        let gu = hygo_content::get(hygo_content::Lang::parse("gu").unwrap());
        assert_eq!(mail.subject, gu.message("mail.confirmSubject"), "{b}");
        let token = row.confirm_token.clone().unwrap();
        assert!(mail.body.contains(&format!("https://hygo.test/gu/newsletter/confirm?token={token}")), "{b}: {}", mail.body);
        let page = fetch(&app, &format!("/gu/newsletter/confirm?token={token}")).await;
        assert!(page.status == 200 && page.text.contains(&format!(r#"action="/gu/newsletter/confirm?token={token}""#)), "{b}: the button posts at the Gujarati address");
        let done = submit(&app, &format!("/gu/newsletter/confirm?token={token}"), "").await;
        assert_eq!((done.status, done.header("location")), (303, "/gu/newsletter?confirmed=1"), "{b}");
        assert!(hygo_booking::newsletter::is_subscribed(&state.db, "mira@example.in").await.unwrap(), "{b}");
        // Asked again: "already subscribed", with the Gujarati unsubscribe page and the one-click address (the registry's).
        let again = submit(&app, "/gu/newsletter", "email=mira%40example.in&source=newsletter-page").await;
        assert_eq!(again.status, 303, "{b}");
        let already = outbox::Entity::find().all(&state.db).await.unwrap().into_iter().max_by_key(|m| m.id).unwrap();
        assert_eq!(already.subject, gu.message("mail.alreadySubject"), "{b}");
        let token = &row.unsubscribe_token;
        assert!(already.body.contains(&format!("https://hygo.test/gu/unsubscribe?token={token}")), "{b}: {}", already.body);
        assert!(already.list_unsubscribe.as_deref().is_some_and(|h| h.contains(&format!("https://hygo.test/newsletter/unsubscribe?token={token}"))), "{b}: {:?}", already.list_unsubscribe);
        let out = submit(&app, &format!("/gu/newsletter/unsubscribe?token={}", row.unsubscribe_token), "").await;
        assert_eq!((out.status, out.header("location")), (303, "/gu/newsletter?unsubscribed=1"), "{b}");
        assert!(!hygo_booking::newsletter::is_subscribed(&state.db, "mira@example.in").await.unwrap(), "{b}");
    }
}

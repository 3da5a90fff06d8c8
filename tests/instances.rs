//! Two instances of the real binary on one database (issue 15, point 16): what
//! a deployment behind a load balancer relies on. On an SQLite file shared by two
//! processes, and on PostgreSQL when `TEST_DATABASE_URL` is set. It proves that:
//!
//! - an editor's publication on one is served by the other within the recheck;
//! - a staff session made on one instance works on the other, and signing out on
//!   one ends it on both; disabling the account ends it on both too;
//! - an action on one (confirming a request) is seen on the other at once, and
//!   leave added on one takes the doctor's times away on the other, and a
//!   profile saved and a clinic closed on one show on the other;
//! - the outbox sends each e-mail once, though both instances deliver from it at
//!   the same moment (`hygo_core::mail::claim_due`: `FOR UPDATE SKIP LOCKED` on
//!   PostgreSQL).
//!
//! Everything goes over real HTTP to the real binaries, and e-mail to an SMTP
//! relay on loopback (`common::relay`).

mod common;

use std::collections::BTreeMap;
use std::process::{Child, Command};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use hygo_core::entities::{outbox, staff_session};
use hygo_staff::{accounts, token_hash, totp};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};

use common::relay::relay;
use common::server::{exchange, free_port, wait_healthy, Answer};
use common::TestDb;

/// Mail queued before the instances start, so both find it due at once.
const WAITING: usize = 40;
const PASSWORD: &str = "lantern orbit pebble harvest";

/// One running instance, stopped when dropped.
struct Instance {
    port: u16,
    child: Child,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(dir: &std::path::Path, db: &TestDb, relay_url: &str) -> Instance {
    let port = free_port();
    let env = [
        ("DATABASE_URL", db.url.as_str()),
        ("HYGO_SMTP_URL", relay_url),
        ("HYGO_CLINIC_EMAIL", "desk@hygo.test"),
        ("HYGO_PUBLIC_URL", "http://hygo.test"),
        ("HYGO_LOG", "warn"),
    ];
    let child = common::server::spawn(dir, port, &env);
    Instance { port, child }
}

impl Instance {
    fn send(&self, method: &str, path: &str, cookie: Option<&str>, body: Option<(&str, &str)>) -> Answer {
        let cookie = cookie.map(|c| format!("{}={c}", hygo_staff::sessions::COOKIE));
        let headers: Vec<(&str, &str)> = cookie.iter().map(|c| ("Cookie", c.as_str())).collect();
        exchange(self.port, method, path, &headers, body).expect("the instance answers")
    }

    fn form(&self, path: &str, cookie: Option<&str>, pairs: &[(&str, &str)]) -> Answer {
        let body = form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        self.send("POST", path, cookie, Some(("application/x-www-form-urlencoded", &body)))
    }

    /// The status of a console page's props for this session (401 once it has ended).
    fn props(&self, path: &str, cookie: &str) -> (u16, Value) {
        let a = self.send("GET", &format!("/api/props?path={path}"), Some(cookie), None);
        (a.status, serde_json::from_str(&a.body).unwrap_or(Value::Null))
    }
}

/// The session token an answer sets.
fn token_of(a: &Answer) -> String {
    let prefix = format!("{}=", hygo_staff::sessions::COOKIE);
    a.all("set-cookie")
        .iter()
        .find_map(|c| c.strip_prefix(&prefix)?.split(';').next().filter(|v| !v.is_empty()).map(str::to_owned))
        .unwrap_or_else(|| panic!("a session cookie in {} {:?}", a.status, a.headers))
}

async fn csrf_of(db: &hygo_core::Db, token: &str) -> String {
    staff_session::Entity::find().filter(staff_session::Column::TokenHash.eq(token_hash(token))).one(db).await.unwrap().expect("a session").csrf_token
}

fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

/// `hygo staff …` against the database, as an operator runs it; answers what it printed.
fn cli(db: &TestDb, dir: &std::path::Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hygo"))
        .arg("staff")
        .args(args)
        .current_dir(dir)
        .env("DATABASE_URL", &db.url)
        .env_remove("HYGO_CONFIG")
        .output()
        .unwrap();
    assert!(out.status.success(), "hygo staff {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The first date from tomorrow on with a free time for Dr. Hitesh Patel (id 1), and that time.
fn free_slot(at: &Instance) -> (String, String) {
    let today = chrono::Utc::now().date_naive();
    for days in 1..30 {
        let date = (today + chrono::Duration::days(days)).to_string();
        let a = at.send("GET", &format!("/appointments/slots?doctorId=1&date={date}"), None, None);
        let slots: Value = serde_json::from_str(&a.body).unwrap();
        if let Some(time) = slots["availableSlots"][0].as_str() {
            return (date, time.to_owned());
        }
    }
    panic!("no free time in 30 days");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_sessions_actions_and_one_outbox() {
    for db in TestDb::all().await {
        let b = db.backend;
        let dir = tempfile::tempdir().unwrap();
        let (relay_url, got) = relay(false).await;

        // Migrated and seeded once; then mail waiting for the relay.
        let conn = hygo_core::connect(&db.url).await.unwrap();
        for n in 0..WAITING {
            let mail = hygo_core::mail::Mail {
                to: format!("patient{n}@example.in"),
                subject: format!("Waiting message {n:02}"),
                body: "Hello.\r\n".into(),
                list_unsubscribe: None,
                calendar: None,
            };
            hygo_core::mail::queue(&conn, mail).await.unwrap();
        }

        // Two instances started together, each delivering as soon as it is up.
        let (mut one, mut two) = (start(dir.path(), &db, &relay_url), start(dir.path(), &db, &relay_url));
        wait_healthy(&mut one.child, one.port);
        wait_healthy(&mut two.child, two.port);

        // An admin account from the command line, set up through instance one.
        let printed = cli(&db, dir.path(), &["add", "--role", "admin", "--name", "Meera Desai", "meera@hygo.test"]);
        let link = printed.split("token=").nth(1).expect("the setup link").split_whitespace().next().unwrap().to_owned();
        let chosen = one.form("/staff/setup", None, &[("token", &link), ("password", PASSWORD)]);
        assert_eq!((chosen.status, chosen.header("location")), (303, "/staff/setup/code"), "{b}");
        let pending = token_of(&chosen);
        let secret = accounts::by_email(&conn, "meera@hygo.test").await.unwrap().unwrap().totp_secret.expect("a secret");
        let code = totp::code_at(&secret, unix_now()).unwrap();
        let csrf = csrf_of(&conn, &pending).await;
        let done = one.form("/staff/setup/code", Some(&pending), &[("code", &code), ("csrf", &csrf)]);
        assert_eq!(done.status, 200, "{b}: the recovery codes are shown");
        let session = token_of(&done);
        let csrf = csrf_of(&conn, &session).await;

        // The session made on one works on two.
        assert_eq!(two.props("/staff", &session).0, 200, "{b}: a session of one instance on the other");
        assert_eq!(two.send("GET", "/staff", Some(&session), None).status, 200, "{b}");

        // A patient books on one; the desk confirms on two; one sees it confirmed.
        let (date, time) = free_slot(&one);
        let booking = json!({
            "name": "Ravi Mehta", "phone": "+91 98250 12345", "email": "ravi@example.in", "doctor": "Dr. Hitesh Patel",
            "date": date, "time": time, "visitType": "in-person", "reason": "consultation", "isNewPatient": "yes",
        })
        .to_string();
        let booked = one.send("POST", "/appointments/bookAppointment", None, Some(("application/json", &booking)));
        assert_eq!(booked.status, 201, "{b}: {}", booked.body);
        let reference = serde_json::from_str::<Value>(&booked.body).unwrap()["data"]["reference"].as_str().unwrap().to_owned();
        let path = format!("/staff/appointments/{reference}");
        let confirmed = two.form(&path, Some(&session), &[("step", "confirm"), ("csrf", &csrf)]);
        assert_eq!((confirmed.status, confirmed.header("location")), (303, format!("{path}?done=confirm").as_str()), "{b}");
        let (status, props) = one.props(&path, &session);
        assert_eq!((status, props["data"]["request"]["status"].as_str()), (200, Some("confirmed")), "{b}: seen on the other instance");
        // The slot stays held on both: neither offers it.
        for at in [&one, &two] {
            let slots: Value = serde_json::from_str(&at.send("GET", &format!("/appointments/slots?doctorId=1&date={date}"), None, None).body).unwrap();
            assert!(!slots["availableSlots"].as_array().unwrap().iter().any(|t| t == time.as_str()), "{b}: {slots}");
        }

        // Leave added on two takes the doctor's times away on one within the data
        // version's recheck (HYGO_DATA_RECHECK_MS, 1 s by default).
        let added = two.form("/staff/leave", Some(&session), &[("op", "add"), ("doctorId", "1"), ("from", &date), ("until", &date), ("csrf", &csrf)]);
        assert_eq!((added.status, added.header("location")), (303, "/staff/leave?doctor=1&done=add"), "{b}: {}", added.body);
        let until = Instant::now() + Duration::from_secs(5);
        loop {
            let slots: Value = serde_json::from_str(&one.send("GET", &format!("/appointments/slots?doctorId=1&date={date}"), None, None).body).unwrap();
            if slots["availability"] == "on-leave" {
                assert_eq!(slots["availableSlots"], json!([]), "{b}");
                break;
            }
            assert!(Instant::now() < until, "{b}: instance one still offers times on a day of leave: {slots}");
            std::thread::sleep(Duration::from_millis(100));
        }

        // A profile saved on two shows on one's public page (kept by the render
        // cache until the data version moves), and a clinic closed on two takes
        // the day away on one.
        let (status, page) = two.props("/staff/doctors/1", &session);
        assert_eq!(status, 200, "{b}");
        let mut fields: Vec<(String, String)> = page["data"]["fields"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned())).collect();
        assert!(one.send("GET", "/doctors/1", None, None).body.contains("Dr. Hitesh Patel"), "{b}: the page is in one's cache");
        fields.retain(|(k, _)| k != "bio");
        fields.extend([("bio".to_owned(), "Sees adults with headache and epilepsy; bio 5581.".to_owned()), ("op".to_owned(), "save".to_owned()), ("csrf".to_owned(), csrf.clone())]);
        let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let saved = two.form("/staff/doctors/1", Some(&session), &pairs);
        assert_eq!(saved.status, 303, "{b}: {}", saved.body);
        // The next day after the leave on which the doctor has free times.
        let open_day = |day: &str| {
            let slots: Value = serde_json::from_str(&one.send("GET", &format!("/appointments/slots?doctorId=1&date={day}"), None, None).body).unwrap();
            slots["availability"] == "open"
        };
        let next = (1..=7)
            .map(|n| (chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d").unwrap() + chrono::Duration::days(n)).to_string())
            .find(|day| open_day(day))
            .expect("a working day within a week");
        let closed = two.form("/staff/closures", Some(&session), &[("op", "add"), ("clinic", "kalawad-road"), ("date", &next), ("note", "Closed for Diwali"), ("csrf", &csrf)]);
        assert_eq!(closed.status, 303, "{b}: {}", closed.body);
        let until = Instant::now() + Duration::from_secs(5);
        loop {
            let page = one.send("GET", "/doctors/1", None, None).body;
            let slots: Value = serde_json::from_str(&one.send("GET", &format!("/appointments/slots?doctorId=1&date={next}"), None, None).body).unwrap();
            if page.contains("bio 5581") && slots["availability"] == "clinic-closed" {
                break;
            }
            assert!(Instant::now() < until, "{b}: instance one still shows the old profile or the closed day's times: {slots}");
            std::thread::sleep(Duration::from_millis(100));
        }

        // An editor's publication on two is served by one within the recheck
        // (the content's data version, docs/editors.md), though one had the
        // page in its render cache; the draft before it never was.
        assert!(one.send("GET", "/our-vision", None, None).status == 200, "{b}: the page is in one's cache");
        let saved = two.form("/staff/content/page.vision", Some(&session), &[("base", "0"), ("op", "save"), ("f.heading", "Our Vision, republished 7731"), ("csrf", &csrf)]);
        assert_eq!(saved.status, 303, "{b}: {}", saved.body);
        let revision = saved.header("location").split("revision=").nth(1).unwrap().to_owned();
        assert!(!one.send("GET", "/our-vision", None, None).body.contains("7731"), "{b}: a draft is not served");
        let published = two.form("/staff/content/page.vision/publish", Some(&session), &[("revision", &revision), ("when", "now"), ("csrf", &csrf)]);
        assert_eq!(published.status, 303, "{b}: {}", published.body);
        assert!(two.send("GET", "/our-vision", None, None).body.contains("7731"), "{b}: at once where it was published");
        let until = Instant::now() + Duration::from_secs(5);
        while !one.send("GET", "/our-vision", None, None).body.contains("7731") {
            assert!(Instant::now() < until, "{b}: instance one still serves the page as it was");
            std::thread::sleep(Duration::from_millis(100));
        }

        // Signing out on one ends the session on two at once.
        let out = one.form("/staff/sign-out", Some(&session), &[("csrf", &csrf)]);
        assert_eq!((out.status, out.header("location")), (303, "/staff/sign-in"), "{b}");
        assert_eq!(two.props("/staff", &session).0, 401, "{b}: ended on the other instance");
        let page = two.send("GET", "/staff", Some(&session), None);
        assert_eq!((page.status, page.header("location")), (303, "/staff/sign-in"), "{b}");

        // Disabling the account from the command line ends a new session on both.
        let again = one.form("/staff/sign-in", None, &[("email", "meera@hygo.test"), ("password", PASSWORD)]);
        assert_eq!(again.status, 303, "{b}");
        let pending = token_of(&again);
        let csrf = csrf_of(&conn, &pending).await;
        let step = (unix_now() / 30 + 1) * 30; // the next step: this one was used at set-up
        let code = totp::code_at(&secret, step).unwrap();
        let signed_in = two.form("/staff/sign-in/code", Some(&pending), &[("code", &code), ("csrf", &csrf)]);
        assert_eq!((signed_in.status, signed_in.header("location")), (303, "/staff"), "{b}: the code step on the other instance");
        let session = token_of(&signed_in);
        assert_eq!((one.props("/staff", &session).0, two.props("/staff", &session).0), (200, 200), "{b}");
        cli(&db, dir.path(), &["disable", "meera@hygo.test"]);
        assert_eq!((one.props("/staff", &session).0, two.props("/staff", &session).0), (401, 401), "{b}: disabled on both");

        // Every e-mail reaches the relay once: the 40 that waited, and the
        // booking's three (the clinic's notice, the acknowledgement, the confirmation).
        let until = Instant::now() + Duration::from_secs(60);
        while outbox::Entity::find().count(&conn).await.unwrap() > 0 {
            assert!(Instant::now() < until, "{b}: the outbox did not empty");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let mut subjects: BTreeMap<String, usize> = BTreeMap::new();
        for mail in got.lock().unwrap().iter() {
            let subject = mail.lines().find_map(|l| l.strip_prefix("Subject: ")).expect("a subject").to_owned();
            *subjects.entry(subject).or_default() += 1;
        }
        let twice: Vec<_> = subjects.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "{b}: sent more than once: {twice:?}");
        let waiting = subjects.keys().filter(|s| s.starts_with("Waiting message")).count();
        assert_eq!(waiting, WAITING, "{b}: every waiting message, once");
        let about = |s: &str| subjects.keys().filter(|k| k.contains(&reference) && k.contains(s)).count();
        assert_eq!((about("New appointment request"), about("received"), about("confirmed")), (1, 1, 1), "{b}: {subjects:?}");
        assert_eq!(subjects.len(), WAITING + 3, "{b}: nothing else: {subjects:?}");
        drop((one, two));
        conn.close().await.ok();
    }
}

//! The catalogue's files, read as the site reads them.

use super::*;

#[test]
fn the_catalogue_parses() {
    let c = default();
    // Spec section 2, Contact: a clinic in Rajkot and a head office in the same city,
    // rated 4.8 and 4.9 (section 3).
    let ids: Vec<&str> = c.clinics.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["kalawad-road", "head-office"]);
    assert!(
        c.clinics
            .iter()
            .all(|c| c.city == "Rajkot" && !c.street.is_empty() && c.address.contains(&c.street))
    );
    let ratings: Vec<f64> = c.clinics.iter().map(|c| c.rating).collect();
    assert_eq!(ratings, [4.8, 4.9]);
    // Every page gets the clinics with their whole address written out.
    let addresses: Vec<&str> = c.clinics.iter().map(|c| c.address.as_str()).collect();
    assert_eq!(
        addresses,
        [
            "Kalawad Road, Rajkot, Gujarat 360005, India",
            "Race Course Road, Rajkot, Gujarat, India"
        ]
    );
}

#[test]
fn services_and_specializations_come_from_the_home_catalogue() {
    let c = default();
    let services = &c.services;
    // The 9 tiles of spec section 3; all but See More open a service page.
    let tiles: Vec<&str> = c
        .home
        .services
        .tiles
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(
        tiles,
        [
            "Doctor Consultation",
            "Hygo Pharmacy",
            "Laboratory",
            "Physiotherapy",
            "Clinical Nutrition",
            "Home Care",
            "Mental Health & Counseling",
            "Wellness & Preventive Health",
            "See More",
        ]
    );
    let names: Vec<&str> = services.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, tiles[..8]);
    assert!(
        services
            .iter()
            .all(|s| !s.id.is_empty() && !s.name.is_empty() && s.link.starts_with("/services/"))
    );
    assert!(
        services
            .iter()
            .all(|s| !s.long_description.is_empty() && !s.offers.is_empty()),
        "every service has its texts"
    );
    assert_eq!(
        c.find_service("PHARMACY").map(|s| s.id.clone()),
        Some("pharmacy".into())
    );
    assert!(c.find_service("see-more").is_none());
    let ids: Vec<&str> = c.specializations.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "general-physician",
            "allergist",
            "cardiologist",
            "dentist",
            "dermatologist",
            "endocrinologist",
            "ent-specialist",
            "gastroenterologist",
            "gynecologist",
            "neurologist",
            "ophthalmologist",
            "orthopedic",
            "pediatrician",
            "psychiatrist",
            "pulmonologist"
        ],
        "the ids of spec section 2"
    );
    for s in c.specializations.iter() {
        if let Some(d) = &s.department {
            assert!(c.find_department(d).is_some(), "{}: department {d}", s.id);
        }
    }
    assert_eq!(slug("ENT"), "ent");
    assert_eq!(slug("Diet & Nutrition"), "diet-nutrition");
}

#[test]
fn departments_are_found_by_slug_alias_or_name() {
    let c = default();
    let slug = |id: &str| c.find_department(id).map(|d| d.slug.as_str());
    assert_eq!(slug("cardiology"), Some("cardiology"));
    assert_eq!(slug("Cardiology"), Some("cardiology"));
    for (id, want) in [
        ("internal_medicine", "internal-medicine"),
        ("internal-medicine", "internal-medicine"),
        ("laboratory_service", "laboratory"),
        ("laboratory-service", "laboratory"),
        ("laboratories", "laboratory"),
        ("vaccination_center", "vaccination-center"),
        ("vaccination-center", "vaccination-center"),
        ("neuroscience", "neurology"),
        ("home-services", "home_services"),
        ("general_surgery", "general-surgery"),
        ("endocrinology", "endocrinology"),
    ] {
        assert_eq!(slug(id), Some(want), "{id}");
    }
    assert_eq!(slug("astrology"), None);
    assert_eq!(slug(""), None);
    // The 26 departments of the spec's static content (section 2, "Department
    // detail"), by the ids it uses: each is found, and they are all there is
    // besides General Consultation.
    let mut found: Vec<&str> = [
        "cardiology",
        "neurology",
        "orthopedics",
        "internal medicine",
        "ophthalmology",
        "laboratory",
        "pediatrics",
        "pharmacy",
        "pulmonology",
        "nephrology",
        "vaccinations",
        "physiotherapy",
        "wellness",
        "home_services",
        "gynecology",
        "general-surgery",
        "plastic-surgery",
        "dermatology",
        "ent",
        "gastroenterology",
        "endocrinology",
        "urology",
        "rheumatology",
        "oncology",
        "diet_and_nutrition",
        "psychiatry",
    ]
    .into_iter()
    .map(|id| slug(id).unwrap_or_else(|| panic!("{id} is not found")))
    .collect();
    found.push("general-consultation");
    found.sort();
    let mut all: Vec<&str> = c.departments.iter().map(|d| d.slug.as_str()).collect();
    all.sort();
    assert_eq!(found, all);
    assert!(c.departments.iter().all(|d| !d.long_description.is_empty()));
}

#[test]
fn department_slugs_are_unique() {
    let c = default();
    let mut slugs: Vec<_> = c.departments.iter().map(|d| d.slug.as_str()).collect();
    slugs.sort();
    let n = slugs.len();
    slugs.dedup();
    assert_eq!(slugs.len(), n);
}

#[test]
fn the_listing_has_the_25_slugs_of_the_spec() {
    let c = default();
    let listed: Vec<_> = c
        .departments
        .iter()
        .filter(|d| d.listed)
        .map(|d| d.slug.as_str())
        .collect();
    for slug in [
        "neurology",
        "orthopedics",
        "gynecology",
        "general-surgery",
        "internal-medicine",
        "pulmonology",
        "pediatrics",
        "plastic-surgery",
        "cardiology",
        "ophthalmology",
        "laboratory",
        "pharmacy",
        "nephrology",
        "home_services",
        "vaccination-center",
        "physiotherapy",
        "wellness",
        "dermatology",
        "ent",
        "gastroenterology",
        "urology",
        "rheumatology",
        "oncology",
        "diet_and_nutrition",
        "psychiatry",
    ] {
        assert!(listed.contains(&slug), "{slug} missing from the listing");
    }
    assert_eq!(listed.len(), 25);
}

/// A misspelt field fails the load, naming the file and the path to it.
#[test]
fn a_misspelt_field_fails_the_load_with_its_file_and_path() {
    let text = include_str!("../catalogue/home.json").replacen("\"excerpt\"", "\"exerpt\"", 1);
    let e = files::parse::<Home>("home.json", &text).unwrap_err();
    assert_eq!(e.file, "catalogue/home.json");
    assert!(
        e.detail
            .starts_with("news.items[0].exerpt: unknown field `exerpt`"),
        "{}",
        e.detail
    );
    let text =
        include_str!("../catalogue/site.json").replacen("\"titleSuffix\"", "\"titleSufix\"", 1);
    let e = files::parse::<Site>("site.json", &text).unwrap_err();
    assert!(
        e.detail
            .starts_with("meta.titleSufix: unknown field `titleSufix`"),
        "{}",
        e.detail
    );
}

/// Installing another catalogue serves it at once under a new version; what a
/// reader holds stays as it was.
#[test]
fn an_installed_catalogue_is_served_under_a_new_version() {
    let before = version();
    let held = default();
    let mut next = files::load().unwrap();
    next.edit(Lang::DEFAULT, |c| Arc::make_mut(&mut c.home).hero.slides[0].title = "Edited".into());
    install(next);
    assert_eq!(version(), before + 1);
    assert_eq!(default().home.hero.slides[0].title, "Edited");
    assert_ne!(
        held.home.hero.slides[0].title, "Edited",
        "a snapshot taken before is unchanged"
    );
    install(files::load().unwrap());
    assert_eq!(version(), before + 2);
    assert_eq!(
        default().home.hero.slides[0].title,
        held.home.hero.slides[0].title
    );
}

/// Every language has every key of the default language's texts, staff texts and
/// messages, and no key the default language lacks (today English alone: the
/// test is what holds Hindi and Gujarati to it when they come).
#[test]
fn every_language_has_every_text_of_the_default_one() {
    fn keys(texts: &Texts) -> Vec<String> {
        let mut out = Vec::new();
        for (area, entries) in texts {
            for (key, text) in entries {
                match text {
                    Text::One(_) => out.push(format!("{area}.{key}")),
                    Text::Group(group) => {
                        out.extend(group.keys().map(|k| format!("{area}.{key}.{k}")))
                    }
                }
            }
        }
        out
    }
    let en = default();
    assert!(
        keys(&en.texts).len() > 100
            && keys(&en.staff_texts).len() > 100
            && en.messages().len() > 50
    );
    for lang in LANGUAGES {
        let c = get(*lang);
        assert_eq!(c.lang, *lang, "{} has content of its own", lang.as_str());
        assert_eq!(
            keys(&c.texts),
            keys(&en.texts),
            "texts/{}.json",
            lang.as_str()
        );
        assert_eq!(
            keys(&c.staff_texts),
            keys(&en.staff_texts),
            "staff/{}.json",
            lang.as_str()
        );
        assert_eq!(
            c.messages().keys().collect::<Vec<_>>(),
            en.messages().keys().collect::<Vec<_>>(),
            "messages/{}.json",
            lang.as_str()
        );
        for (key, page) in &en.pages {
            let other = c
                .page(key)
                .unwrap_or_else(|| panic!("pages.json of {}: {key} missing", lang.as_str()));
            assert_eq!(other.sections.len(), page.sections.len(), "{key}: sections");
        }
        let empty: Vec<String> = keys(&c.texts)
            .into_iter()
            .filter(|k| text_at(&c.texts, k).is_empty())
            .collect();
        assert!(
            empty.is_empty(),
            "empty texts in {}: {empty:?}",
            lang.as_str()
        );
    }
}

fn text_at<'a>(texts: &'a Texts, key: &str) -> &'a str {
    let mut parts = key.splitn(3, '.');
    let (area, name) = (parts.next().unwrap(), parts.next().unwrap());
    match (&texts[area][name], parts.next()) {
        (Text::One(t), None) => t,
        (Text::Group(g), Some(k)) => &g[k],
        _ => panic!("{key}"),
    }
}

#[test]
fn a_language_that_is_not_there_falls_back_to_the_default_one() {
    assert_eq!(Lang::parse("EN"), Some(Lang::DEFAULT));
    assert_eq!(Lang::parse("xx"), None);
    assert!(
        Catalogue::new(Vec::new()).is_err(),
        "a catalogue without the default language is refused"
    );
}

/// The translation files there are (`texts/`, `messages/` and `staff/`, one
/// `{lang}.json` each), served or not yet, are complete: every key of English's
/// file and no other, and the same placeholders in each text (a count's forms
/// may differ in `{count}`: Hindi and Gujarati use "one" for 0 too). A file not
/// written yet is listed (docs/languages.md says how far each language is).
#[test]
fn every_translation_file_has_english_s_keys_and_placeholders() {
    use std::collections::BTreeMap;
    fn holes(text: &str) -> Vec<String> {
        let mut out: Vec<String> = text
            .split('{')
            .skip(1)
            .filter_map(|p| p.split_once('}').map(|(name, _)| name))
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .map(|n| format!("{{{n}}}"))
            .collect();
        out.sort();
        out.dedup();
        out
    }
    /// Each text's path and its placeholders.
    fn shape(value: &serde_json::Value, path: &str, out: &mut BTreeMap<String, Vec<String>>) {
        match value {
            serde_json::Value::String(s) => {
                out.insert(path.to_owned(), holes(s));
            }
            serde_json::Value::Object(map) if map.contains_key("one") && map.contains_key("other") => {
                let all: String = map.values().filter_map(|v| v.as_str()).collect::<Vec<_>>().join(" ");
                out.insert(format!("{path} (a count)"), holes(&all).into_iter().filter(|h| h != "{count}").collect());
            }
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    shape(v, &if path.is_empty() { k.clone() } else { format!("{path}/{k}") }, out);
                }
            }
            other => panic!("{path}: a text is a string or a group, not {other}"),
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue");
    let mut report = Vec::new();
    for dir in ["texts", "messages", "staff"] {
        let read = |name: &str| -> serde_json::Value {
            let text = std::fs::read_to_string(root.join(dir).join(name)).unwrap();
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{dir}/{name}: {e}"))
        };
        let mut english = BTreeMap::new();
        shape(&read("en.json"), "", &mut english);
        for lang in ["hi", "gu"] {
            let name = format!("{lang}.json");
            if !root.join(dir).join(&name).exists() {
                report.push(format!("{dir}/{name}: not written yet"));
                continue;
            }
            let mut theirs = BTreeMap::new();
            shape(&read(&name), "", &mut theirs);
            let missing: Vec<&String> = english.keys().filter(|k| !theirs.contains_key(*k)).collect();
            let extra: Vec<&String> = theirs.keys().filter(|k| !english.contains_key(*k)).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{dir}/{name}: missing {missing:?}, not in English {extra:?}");
            let differ: Vec<&String> = english.iter().filter(|(k, h)| theirs[*k] != **h).map(|(k, _)| k).collect();
            assert!(differ.is_empty(), "{dir}/{name}: placeholders differ from English's in {differ:?}");
            report.push(format!("{dir}/{name}: {} of {} texts", theirs.len(), english.len()));
        }
    }
    println!("{}", report.join("\n"));
}

/// The content files (pages, home, departments, forms' labels…) in Hindi and
/// Gujarati: each laid over English's without a misfit (`files::load` would
/// refuse it), and not one text left to English.
#[test]
fn every_content_file_is_translated_into_every_language() {
    crate::files::load().expect("every translation fits its English file");
    let mut report = Vec::new();
    for lang in [Lang("hi"), Lang("gu")] {
        for (file, missing) in crate::files::untranslated(lang) {
            assert!(missing.is_empty(), "{}/{file}: not translated: {missing:?}", lang.as_str());
            report.push(format!("{}/{file}: complete", lang.as_str()));
        }
    }
    assert_eq!(report.len(), 2 * crate::files::CONTENT_FILES.len());
    // Laid for real: a page, a department and a form label are the language's own.
    let (en, gu) = (crate::get(Lang::DEFAULT), crate::get(Lang("gu")));
    assert_ne!(gu.page("about").unwrap().heading, en.page("about").unwrap().heading);
    let cardiology = |c: &Content| c.find_department("cardiology").map(|d| (d.slug.clone(), d.name.clone())).unwrap();
    assert_eq!(cardiology(&gu).0, cardiology(&en).0, "data stays English's");
    assert!(cardiology(&gu).1.contains("કાર્ડિયોલોજી"), "{:?}", cardiology(&gu));
    assert_ne!(gu.forms.appointment.fields["date"], en.forms.appointment.fields["date"]);
    println!("{}", report.join("\n"));
}

/// Each language's everyday words for the search are its own list (the search
/// reads every language's), so an editor's change to English's reaches the
/// search once, and a Hindi editor sees Hindi's words only.
#[test]
fn each_language_has_its_own_everyday_words() {
    let (en, hi, gu) = (crate::get(Lang::DEFAULT), crate::get(Lang("hi")), crate::get(Lang("gu")));
    let words = |c: &Content| c.search_words.synonyms.iter().flat_map(|g| g.words.clone()).collect::<Vec<_>>();
    assert!(words(&en).iter().any(|w| w == "heart"), "{:?}", words(&en));
    for other in [&hi, &gu] {
        assert!(!words(other).is_empty());
        assert!(words(other).iter().all(|w| !words(&en).contains(w) || !w.is_ascii()), "{}: no English group copied in", other.lang.as_str());
        assert!(!words(other).iter().any(|w| w == "heart"), "{}", other.lang.as_str());
    }
    assert!(words(&gu).iter().any(|w| w == "હૃદય"));
}

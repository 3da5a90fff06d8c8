//! An entry in a language other than English (issue 29, item 7;
//! docs/editors.md): a translation of English's. Its revisions hold the
//! language's words in English's shape; they are laid over English's live body
//! (`hygo_content::translated`), so data (links, ids, numbers, pictures) and the
//! structure (the sections, the cards) stay English's and one edit of English
//! moves every language. What a translation does not give yet is English's on
//! the page, silently, and marked "not yet translated" in the editor.
//!
//! The search's everyday words are not a translation: each language has its
//! own list (`Kind::Search`), taken as it is. A doctor's own texts
//! (`Kind::Doctor`) are a translation of the doctor's record, which is not
//! content: they are kept as written, and the doctor's page takes each text
//! from them or, where they have none, from the record (`Doctor::in_language`).

use hygo_content::{Content, DoctorWords, Lang};
use hygo_core::{ist::Clock, DataError, Db};
use serde_json::Value;

use crate::entries::{Entry, Kind};

/// Whether the entry is, in this language, a translation of English's.
pub fn is_translation(entry: &Entry, lang: Lang) -> bool {
    lang != Lang::DEFAULT && entry.kind != Kind::Search
}

/// Whether the entry is edited in this language at all: a doctor's English
/// is the doctor's record, changed on the console's doctor page.
pub fn is_edited(entry: &Entry, lang: Lang) -> bool {
    lang != Lang::DEFAULT || entry.kind != Kind::Doctor
}

/// A language's body of an entry laid for the page: the words over
/// `english`'s live body; None when English has none (an article not
/// published in English, or retired: a translation never stands alone). A
/// doctor's words are kept as they are (their page lays them).
pub fn laid(entry: &Entry, lang: Lang, english: Option<&Value>, words: &Value) -> Option<Value> {
    match is_translation(entry, lang) && entry.kind != Kind::Doctor {
        false => Some(words.clone()),
        true if words.is_null() => Some(Value::Null),
        true => english.map(|en| hygo_content::translated(en, &without_old_pictures(entry, en, words))),
    }
}

/// The words without the description of a picture English has replaced since
/// they were written (they describe the old one): English's description
/// stands in, marked, until it is translated again.
fn without_old_pictures(entry: &Entry, english: &Value, words: &Value) -> Value {
    let mut words = words.clone();
    for slot in entry.picture_slots(english) {
        let sources = |body: &Value| crate::images::at(body, &slot).map(|p| p.sources.into_iter().map(|s| s.url).collect::<Vec<_>>());
        if sources(english) != sources(&words) {
            if let Some(Value::Object(picture)) = crate::fields::at(&mut words, &slot) {
                picture.remove("alt");
            }
        }
    }
    words
}

/// English's live body of an entry: the content's, or a doctor's record (None
/// for a doctor retired or never there).
pub async fn english(db: &Db, clock: &Clock, entry: &Entry) -> Result<Option<Value>, DataError> {
    if entry.kind != Kind::Doctor {
        return Ok(entry.read(&hygo_content::default()));
    }
    let Ok(id) = entry.name.parse::<i32>() else { return Ok(None) };
    Ok(hygo_directory::doctors::by_id(db, clock, id).await?.map(|d| doctor_words(&d)))
}

/// Whether a doctor of this entry is on the site (a doctor's entry is there
/// while the doctor is).
pub async fn doctor_exists(db: &Db, entry: &Entry) -> Result<bool, DataError> {
    use hygo_core::entities::doctor;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let Ok(id) = entry.name.parse::<i32>() else { return Ok(false) };
    Ok(doctor::Entity::find_by_id(id).filter(doctor::Column::RetiredOn.is_null()).one(db).await?.is_some())
}

/// A doctor's record as the texts a translation gives.
pub fn doctor_words(d: &hygo_directory::doctors::Doctor) -> Value {
    let words = DoctorWords {
        name: d.name.clone(),
        specialization: d.specialization.clone(),
        bio: d.bio.clone(),
        education: d.education.clone(),
        services: d.services.clone(),
        languages: d.languages.clone(),
        founder: d.founder.as_ref().map(|f| hygo_content::FounderWords { title: f.title.clone(), job: f.job.clone(), description: f.description.clone() }),
    };
    serde_json::to_value(words).unwrap_or_default()
}

/// The texts of a language's body that are still English's (the editor's
/// field paths): the same as English's live text, unless the shipped
/// translation keeps that text as English has it (a brand, a person's name,
/// "24/7"), which is a translation too.
pub fn untranslated(entry: &Entry, lang: Lang, english: &Value, body: &Value) -> Vec<String> {
    if !is_translation(entry, lang) {
        return Vec::new();
    }
    let shipped = hygo_content::shipped();
    let kept = match (entry.read(&shipped.of(Lang::DEFAULT)), entry.read(&shipped.of(lang))) {
        (Some(en), Some(own)) => hygo_content::english_texts(&en, &own),
        _ => Vec::new(),
    };
    hygo_content::english_texts(english, body).into_iter().filter(|p| !kept.contains(p)).collect()
}

/// How many texts of each entry a language has not translated yet, for the
/// editor's list: every entry of English's live content, by the language's
/// live body (an entry the language has none of, all its texts). The doctors
/// are counted by the editor's list, which reads their records.
pub fn missing(english: &Content, own: &Content) -> Vec<(Entry, usize)> {
    Entry::all(english)
        .into_iter()
        .filter(|entry| is_translation(entry, own.lang))
        .filter_map(|entry| {
            let en = entry.read(english)?;
            let body = entry.read(own).unwrap_or_else(|| en.clone());
            let n = untranslated(&entry, own.lang, &en, &body).len();
            Some((entry, n))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: &str) -> Entry {
        Entry::parse(key).unwrap()
    }

    /// An entry of kind `kind` and name `name`, its language, and its shipped English and `tag` bodies.
    fn shipped_bodies(kind: &str, name: &str, tag: &str) -> (Entry, Lang, Value, Value) {
        let (shipped, lang, e) = (hygo_content::shipped(), Lang::parse(tag).unwrap(), entry(&format!("{kind}.{name}")));
        let (en, own) = (e.read(&shipped.of(Lang::DEFAULT)).unwrap(), e.read(&shipped.of(lang)).unwrap());
        (e, lang, en, own)
    }

    #[test]
    fn the_shipped_translations_leave_nothing_untranslated() {
        let shipped = hygo_content::shipped();
        for lang in [Lang::parse("hi").unwrap(), Lang::parse("gu").unwrap()] {
            let missing = missing(&shipped.of(Lang::DEFAULT), &shipped.of(lang));
            assert!(missing.len() > 30, "{}", missing.len());
            let left: Vec<_> = missing.iter().filter(|(_, n)| *n > 0).map(|(e, n)| format!("{}: {n}", e.key())).collect();
            assert!(left.is_empty(), "{}: {left:?}", lang.as_str());
        }
    }

    #[test]
    fn a_text_left_as_english_s_is_untranslated_and_a_kept_name_is_not() {
        let (about, gu, en, mut body) = shipped_bodies("page", "about", "gu");
        assert!(untranslated(&about, gu, &en, &body).is_empty());
        body["heading"] = en["heading"].clone();
        assert_eq!(untranslated(&about, gu, &en, &body), ["heading"]);
        // The reviewers' names are the same in every language, as the shipped translation has them.
        let (reviews, _, en, gu_body) = shipped_bodies("home", "reviews", "gu");
        assert_eq!(en["items"][0]["name"], gu_body["items"][0]["name"]);
        assert!(untranslated(&reviews, gu, &en, &gu_body).is_empty());
    }

    #[test]
    fn a_translation_keeps_english_s_data_and_stands_not_without_english() {
        let (why, hi, en, mut words) = shipped_bodies("home", "whyChooseUs", "hi");
        words["cards"][0]["link"] = Value::from("/elsewhere");
        let laid = laid(&why, hi, Some(&en), &words).unwrap();
        assert_eq!(laid["cards"][0]["link"], "/doctors");
        assert_ne!(laid["cards"][0]["title"], en["cards"][0]["title"]);
        assert_eq!(super::laid(&entry(&format!("article.{}", "new")), hi, None, &words), None);
        // A picture English replaced: the translation's description of the old one is not laid.
        let (article, _, mut en_article, mut hi_words) = shipped_bodies("article", "lab-sample-collection-at-home", "hi");
        let picture = |url: &str, alt: &str| serde_json::json!({"alt": alt, "sources": [{"url": url, "type": "image/jpeg", "width": 480, "height": 320}]});
        en_article["image"] = picture("/media/a.jpg", "A nurse at a patient's home");
        hi_words["image"] = picture("/media/a.jpg", "मरीज़ के घर पर नर्स");
        assert_eq!(super::laid(&article, hi, Some(&en_article), &hi_words).unwrap()["image"]["alt"], "मरीज़ के घर पर नर्स");
        en_article["image"] = picture("/media/b.jpg", "A lab technician with sample tubes");
        let laid_again = super::laid(&article, hi, Some(&en_article), &hi_words).unwrap();
        assert_eq!(laid_again["image"]["alt"], "A lab technician with sample tubes", "English's, until translated again");
        assert_eq!(untranslated(&article, hi, &en_article, &laid_again), [format!("image.{}", "alt")]);
        let search = entry(&format!("search.{}", "words"));
        assert_eq!(super::laid(&search, hi, None, &words), Some(words), "the search's words are each language's own");
    }
}

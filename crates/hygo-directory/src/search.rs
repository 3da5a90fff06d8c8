//! The site search (spec sections 2, 4, 5 and 9): doctors from the database;
//! departments, services and specializations from the catalogue; the clinics; and
//! the site's own pages and news articles (`catalogue/search.json`), so
//! "appointment", "health card" or "privacy" lead somewhere. Nothing for fewer
//! than 2 characters after trimming; at most 10 results.
//!
//! A query is read as patients type it (issue 27): in words, in any order,
//! without the words that say nothing ("doctor", "for", "in", "ka": the stop words
//! of `catalogue/search-synonyms.json`), each word found exactly, as the start of
//! a word (the last one as it is being typed), or within one typing mistake for
//! 4 to 7 letters and two beyond ("kinjel" is Kinjal, "bhavana" Bhavna), and the
//! everyday words of the same file find what they mean ("skin" finds Dermatology,
//! "bachcho" Pediatrics, "price" the health-card plans). The words of every entry
//! are in one finite-state set (the `fst` crate), searched with its prefix and
//! Levenshtein automata. An entry must hold every word of the query; only when
//! none does, the entries holding the most of them are the answer. Words count
//! by where they are: the name first, then another name of it (a slug, a page's
//! keywords, an everyday word, the first of its group best), a doctor's
//! specialization and department, and last the description, which counts only
//! for a whole word ("ent" opens ENT, not Gastroenterology or "treatment"). Ties
//! keep the spec's order of kinds: doctors, departments, services,
//! specializations, clinics, then pages.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use fst::automaton::{Automaton, Levenshtein, Str};
use fst::{IntoStreamer, Streamer};
use serde::Serialize;

use crate::ist::Clock;
use crate::{DataError, Db, content, doctors};

pub const MIN_CHARS: usize = 2;
pub(crate) const MAX_RESULTS: usize = 10;
/// How many "did you mean" suggestions a query without results gets.
pub(crate) const SUGGESTIONS: usize = 3;

#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
pub struct SearchResult {
    /// "doctor", "department", "service", "specialization", "clinic", "page" or "article".
    #[serde(rename = "type")]
    #[ts(type = r#""doctor" | "department" | "service" | "specialization" | "clinic" | "page" | "article""#)]
    pub kind: &'static str,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// The site path of the result's page.
    pub link: String,
    pub id: String,
    /// A doctor on leave today: the leave (to say when they are back).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub leave: Option<crate::leave::Leave>,
}

/// The kinds of result whose page the server's registry addresses: the caller of
/// `search` gives their links (`crate` builds no page address; the server's
/// routes are the one place a path is spelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Doctor,
    Department,
    Specialization,
    Article,
    /// A clinic: the contact page, which lists both with their maps.
    Clinic,
}

/// Where a word of an entry is, and so how much it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Field {
    Description,
    /// A word of the doctor's department's everyday words.
    Inherited,
    Secondary,
    /// An everyday word (`search-synonyms.json`), by its target's place in its group (0 first).
    Everyday(u8),
    Keyword,
    Name,
}

impl Field {
    fn weight(self) -> u32 {
        match self {
            Field::Name => 100,
            Field::Keyword => 90,
            Field::Everyday(rank) => 88 - 8 * u32::from(rank.min(5)),
            Field::Secondary => 60,
            Field::Inherited => 45,
            Field::Description => 20,
        }
    }
}

/// Something the search can find, with the texts it is matched on.
struct Entry {
    /// Its `link` is empty until the result is chosen when `target` is set.
    result: SearchResult,
    /// Whose page this is, when the registry makes its address; None for the
    /// catalogue's own pages and services, which name their addresses themselves.
    target: Option<Target>,
    /// Its texts, each where it is.
    texts: Vec<(Field, String)>,
}

/// How a query's word found a word of the index.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Found {
    Exact,
    /// The word without an ending a language attaches to it (Gujarati's "માં",
    /// "ને": "છાતીમાં" is "છાતી").
    Stem,
    /// The start of a word.
    Prefix,
    /// Within this many typing mistakes.
    Near(u8),
}

impl Found {
    /// Out of 10.
    fn quality(self) -> u32 {
        match self {
            Found::Exact => 10,
            Found::Stem => 9,
            Found::Prefix => 8,
            Found::Near(1) => 6,
            Found::Near(_) => 4,
        }
    }
}

/// A query's or a text's words: lower case, in Unicode's composed form (NFC:
/// "ज़" typed as one letter or as ज and its dot is one word), split at anything
/// but letters, digits and the signs of the Indic scripts (a virama, a vowel
/// sign: "त्वचा" is one word), and without the joiners that only shape letters.
fn words(text: &str) -> Vec<String> {
    use unicode_normalization::UnicodeNormalization;
    let in_word = |c: char| c.is_alphanumeric() || (('\u{0900}'..='\u{0DFF}').contains(&c) && !matches!(c, '\u{0964}' | '\u{0965}'));
    let text: String = text.nfc().filter(|c| !matches!(c, '\u{200C}' | '\u{200D}')).collect();
    text.split(|c: char| !in_word(c)).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// The typing mistakes a word of this many letters may hold (issue 27: one for
/// 4 to 7 letters, two beyond, none below).
fn mistakes(letters: usize) -> u32 {
    match letters {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// Endings Gujarati writes onto a word (postpositions and the plural:
/// "છાતીમાં" in the chest, "બાળકને" to the child, "બાળકો" children), longest
/// first. Hindi writes its postpositions as words of their own (the stop words).
const GUJARATI_ENDINGS: &[&str] = &["માંથી", "માંથી", "નાં", "માં", "થી", "ને", "નો", "ની", "નું", "ના", "એ", "ઓ", "પર"];

/// A word without the ending its language attached (none for most words):
/// what is left has at least two letters.
fn stems(word: &str) -> Vec<String> {
    GUJARATI_ENDINGS
        .iter()
        .filter_map(|e| word.strip_suffix(e))
        .filter(|rest| rest.chars().count() >= 2)
        .map(str::to_owned)
        .collect()
}

/// How a query's word matches a phrase's word (each in `words`' form): the
/// same word, the same without an ending, within the typing mistakes of its
/// length (for words of 5 letters or more), or, for the word being typed, its
/// start (3 letters or more).
fn matches_word(query: &str, phrase: &str, typing: bool) -> Option<Found> {
    if query == phrase {
        return Some(Found::Exact);
    }
    if stems(query).iter().any(|s| s == phrase) {
        return Some(Found::Stem);
    }
    let letters = phrase.chars().count();
    if letters >= 5 {
        let distance = strsim::levenshtein(query, phrase) as u32;
        if distance <= mistakes(letters) {
            return Some(Found::Near(distance as u8));
        }
    }
    if typing && query.chars().count() >= 3 && phrase.starts_with(query) {
        return Some(Found::Prefix);
    }
    None
}

/// The places of `query` (its words, stop words included) a phrase covers
/// when every word of it is there, in any order, and how well the worst of
/// them matched; None when one is missing.
fn phrase_in(phrase: &[String], query: &[String]) -> Option<(Vec<usize>, Found)> {
    let mut at = Vec::new();
    let mut worst = Found::Exact;
    for word in phrase {
        let found = query.iter().enumerate().filter(|(i, _)| !at.contains(i)).find_map(|(i, q)| matches_word(q, word, i + 1 == query.len()).map(|f| (i, f)))?;
        at.push(found.0);
        if found.1.quality() < worst.quality() {
            worst = found.1;
        }
    }
    Some((at, worst))
}

/// The entries' words in a finite-state set, and which entries hold each word
/// where; an everyday word of several words ("blood test", "पेट दर्द") is a
/// phrase, found only whole.
struct Index {
    words: fst::Set<Vec<u8>>,
    postings: HashMap<String, Vec<(usize, Field)>>,
    /// Each phrase's words, the entry that holds it and where.
    phrases: Vec<(Vec<String>, usize, Field)>,
}

/// Whether a text of this field is a phrase rather than words: the everyday
/// words are, when they are more than one word.
fn is_phrase(field: Field, words: &[String]) -> bool {
    words.len() > 1 && matches!(field, Field::Everyday(_) | Field::Inherited)
}

impl Index {
    fn build(entries: &[&Entry]) -> Index {
        let mut postings: HashMap<String, Vec<(usize, Field)>> = HashMap::new();
        let mut phrases = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            for (field, text) in &e.texts {
                let ws = words(text);
                if is_phrase(*field, &ws) {
                    phrases.push((ws, i, *field));
                    continue;
                }
                for w in ws {
                    let list = postings.entry(w).or_default();
                    match list.iter_mut().find(|(at, _)| *at == i) {
                        Some((_, best)) => *best = (*best).max(*field),
                        None => list.push((i, *field)),
                    }
                }
            }
        }
        let mut keys: Vec<&String> = postings.keys().collect();
        keys.sort();
        let words = fst::Set::from_iter(keys).expect("sorted, distinct words");
        Index { words, postings, phrases }
    }

    /// The index's words a query word finds, each with how.
    fn find(&self, word: &str) -> Vec<(String, Found)> {
        let mut found: Vec<(String, Found)> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        let mut take = |key: Vec<u8>, how: Found, found: &mut Vec<(String, Found)>| {
            if let Ok(key) = String::from_utf8(key) {
                if seen.insert(key.clone()) {
                    found.push((key, how));
                }
            }
        };
        if self.words.contains(word) {
            take(word.as_bytes().to_vec(), Found::Exact, &mut found);
        }
        for stem in stems(word) {
            if self.words.contains(&stem) {
                take(stem.into_bytes(), Found::Stem, &mut found);
            }
        }
        if word.chars().count() >= MIN_CHARS {
            let mut stream = self.words.search(Str::new(word).starts_with()).into_stream();
            while let Some(key) = stream.next() {
                take(key.to_vec(), Found::Prefix, &mut found);
            }
        }
        // A word the index has as it is typed is not a typing mistake of another
        // ("dard" is not "card").
        let known = found.iter().any(|(_, how)| matches!(how, Found::Exact | Found::Stem));
        for distance in (1..=mistakes(word.chars().count())).filter(|_| !known) {
            if let Ok(near) = Levenshtein::new(word, distance) {
                let mut stream = self.words.search(near).into_stream();
                while let Some(key) = stream.next() {
                    take(key.to_vec(), Found::Near(distance as u8), &mut found);
                }
            }
        }
        found
    }
}

/// A query's words, and which of them count: all but the stop words, unless
/// nothing else is left. Phrases are read against every word ("chest pain":
/// "pain" is a stop word alone, a part of the phrase).
struct Query {
    all: Vec<String>,
    /// The places in `all` of the words that count.
    kept: Vec<usize>,
}

impl Query {
    fn read(query: &str) -> Query {
        let all = words(query);
        let stop: HashSet<String> = content::LANGUAGES.iter().flat_map(|l| content::get(*l).search_words.stop_words.iter().flat_map(|w| words(w)).collect::<Vec<_>>()).collect();
        let kept: Vec<usize> = (0..all.len()).filter(|i| !stop.contains(&all[*i])).collect();
        let kept = if kept.is_empty() { (0..all.len()).collect() } else { kept };
        Query { all, kept }
    }

    /// The words that count.
    fn counted(&self) -> Vec<String> {
        self.kept.iter().map(|i| self.all[*i].clone()).collect()
    }
}

/// The query's words, without the stop words when anything else is left.
#[cfg(test)]
fn query_words(query: &str) -> Vec<String> {
    Query::read(query).counted()
}

/// Each entry's score for a query: for each word that counts, its best place
/// in the entry (a phrase of the entry counts for each word of the query it
/// covers); the entries holding every word, or else those holding the most.
fn scores(entries: &[&Entry], index: &Index, query: &Query) -> Vec<(u32, usize)> {
    let mut per_word: Vec<HashMap<usize, u32>> = Vec::new();
    for &at in &query.kept {
        let word = &query.all[at];
        let mut best: HashMap<usize, u32> = HashMap::new();
        for (key, how) in index.find(word) {
            for (entry, field) in &index.postings[&key] {
                // A description counts for whole words only.
                if *field == Field::Description && !matches!(how, Found::Exact | Found::Stem) {
                    continue;
                }
                let points = field.weight() * how.quality();
                let at = best.entry(*entry).or_default();
                *at = (*at).max(points);
            }
        }
        per_word.push(best);
    }
    for (phrase, entry, field) in &index.phrases {
        let Some((covered, how)) = phrase_in(phrase, &query.all) else { continue };
        // A phrase found whole counts more than its words would alone.
        let points = field.weight() * how.quality() + 5 * phrase.len() as u32;
        for (n, at) in query.kept.iter().enumerate() {
            if covered.contains(at) {
                let best = per_word[n].entry(*entry).or_default();
                *best = (*best).max(points);
            }
        }
    }
    let mut total: HashMap<usize, (usize, u32)> = HashMap::new();
    for best in &per_word {
        for (entry, points) in best {
            let t = total.entry(*entry).or_default();
            t.0 += 1;
            t.1 += points;
        }
    }
    let most = total.values().map(|(n, _)| *n).max().unwrap_or(0);
    let whole = query.counted().join(" ");
    total
        .into_iter()
        .filter(|(_, (n, _))| *n == most)
        .map(|(entry, (_, points))| {
            // The whole query as the whole name (or another name of it) comes first.
            let named = entries[entry].texts.iter().any(|(f, t)| *f >= Field::Keyword && words(t).join(" ") == whole);
            (points + if named { 10_000 } else { 0 }, entry)
        })
        .collect()
}

/// The kinds of emergency a query means (`emergency.json`'s ids, in its
/// order), from every language's words (`emergencies` in each
/// `search-synonyms.json`): a phrase counts when each of its words is in the
/// query, in any order, exactly, without an ending, within the typing
/// mistakes of its length, or as the start of the word being typed. Empty for
/// most queries. The help is shown before any result, so a false alarm costs
/// a patient a line to read; a missed one could cost more.
pub fn emergencies(query: &str) -> Vec<String> {
    let all = words(query);
    if all.is_empty() {
        return Vec::new();
    }
    let mut meant: HashSet<String> = HashSet::new();
    for lang in content::LANGUAGES {
        for group in &content::get(*lang).search_words.emergencies {
            if !meant.contains(&group.kind) && group.words.iter().map(|w| words(w)).filter(|w| !w.is_empty()).any(|w| phrase_in(&w, &all).is_some_and(|(_, how)| how != Found::Prefix || all.len() > 1 || all[0].chars().count() >= 4)) {
                meant.insert(group.kind.clone());
            }
        }
    }
    content::default().emergency.kinds.iter().filter(|k| meant.contains(&k.id)).map(|k| k.id.clone()).collect()
}

/// The results for `query`, best first, named in `lang`; `link` gives the
/// address of a result's page from its kind and id (the server's reverse
/// routing). A query in any language's words or script finds the same things.
pub async fn search(db: &Db, clock: &Clock, lang: content::Lang, query: &str, link: impl Fn(Target, &str) -> String) -> Result<Vec<SearchResult>, DataError> {
    Ok(answer(db, clock, lang, query, &link, false).await?.unwrap_or_default())
}

/// What a query without results is offered instead: the entries nearest to it
/// (its words with more typing mistakes allowed, or the start of one), at most
/// `SUGGESTIONS`; empty for a query with results, or nothing near.
pub async fn suggestions(db: &Db, clock: &Clock, lang: content::Lang, query: &str, link: impl Fn(Target, &str) -> String) -> Result<Vec<SearchResult>, DataError> {
    Ok(answer(db, clock, lang, query, &link, true).await?.unwrap_or_default().into_iter().take(SUGGESTIONS).collect())
}

async fn answer(db: &Db, clock: &Clock, lang: content::Lang, query: &str, link: &impl Fn(Target, &str) -> String, suggest: bool) -> Result<Option<Vec<SearchResult>>, DataError> {
    if query.trim().chars().count() < MIN_CHARS {
        return Ok(None);
    }
    let doctors = doctor_entries(db, clock, lang).await?;
    let catalogue = catalogue_entries(lang);
    let entries: Vec<&Entry> = doctors.iter().chain(catalogue.iter()).collect();
    let index = Index::build(&entries);
    let q = Query::read(query);
    if q.kept.is_empty() {
        return Ok(None);
    }
    let mut scored = scores(&entries, &index, &q);
    let urgent = emergencies(query);
    if suggest {
        if !scored.is_empty() || !urgent.is_empty() {
            return Ok(None);
        }
        // Nothing within the usual mistakes: each word with one more allowed.
        scored = wider_scores(&index, &q.counted());
    }
    // After an emergency's help, what its kind names comes first (Cardiology
    // after "chest pain", Psychiatry after "suicide"), found or not.
    let english = content::default();
    let firsts: Vec<&String> = urgent.iter().filter_map(|k| english.emergency.kind(k)).flat_map(|k| &k.finds).collect();
    for (rank, target) in firsts.iter().enumerate() {
        let Some(i) = entries.iter().position(|e| e.result.kind == target.split(':').next().unwrap_or_default() && e.result.id == target.split(':').nth(1).unwrap_or_default()) else { continue };
        let first = 100_000 - rank as u32;
        match scored.iter_mut().find(|(_, at)| *at == i) {
            Some(found) => found.0 = found.0.max(first),
            None => scored.push((first, i)),
        }
    }
    // Best first; among equals, the order the entries were listed in (by kind).
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(Some(
        scored
            .into_iter()
            .take(MAX_RESULTS)
            .map(|(_, i)| {
                let e = entries[i];
                match e.target {
                    Some(target) => SearchResult { link: link(target, &e.result.id), ..e.result.clone() },
                    None => e.result.clone(),
                }
            })
            .collect(),
    ))
}

/// Scores with one more typing mistake allowed per word (at most three), for
/// suggestions: the entries holding the most of the query's words.
fn wider_scores(index: &Index, query: &[String]) -> Vec<(u32, usize)> {
    let mut total: HashMap<usize, u32> = HashMap::new();
    for word in query {
        let allowed = (mistakes(word.chars().count()) + 1).min(3);
        let Ok(near) = Levenshtein::new(word, allowed) else { continue };
        let mut stream = index.words.search(near).into_stream();
        let mut best: HashMap<usize, u32> = HashMap::new();
        while let Some(key) = stream.next() {
            let Ok(key) = std::str::from_utf8(key) else { continue };
            for (entry, field) in &index.postings[key] {
                if *field == Field::Description {
                    continue;
                }
                let at = best.entry(*entry).or_default();
                *at = (*at).max(field.weight());
            }
        }
        for (entry, points) in best {
            *total.entry(entry).or_default() += points;
        }
    }
    total.into_iter().map(|(entry, points)| (points, entry)).collect()
}

/// The doctors, each with their specialization and department in every
/// language and their department's everyday words; described in `lang`.
async fn doctor_entries(db: &Db, clock: &Clock, lang: content::Lang) -> Result<Vec<Entry>, DataError> {
    let everyday = everyday_words();
    let english = content::default();
    let languages: Vec<_> = content::LANGUAGES.iter().map(|l| content::get(*l)).collect();
    Ok(doctors::all(db, clock)
        .await?
        .into_iter()
        .map(|d| {
            let mut texts = vec![(Field::Name, d.name.clone()), (Field::Secondary, d.specialization.clone()), (Field::Secondary, d.department_name.clone())];
            let specialization = english.specializations.iter().find(|s| s.name == d.specialization).map(|s| s.id.clone());
            let mut described = d.specialization.clone();
            let mut name = d.name.clone();
            for (l, c) in content::LANGUAGES.iter().zip(&languages) {
                // The name and specialization the editors wrote in the language's script.
                if let Some(words) = c.doctor_words.get(&d.id) {
                    let own = |t: &str| Some(t.trim().to_owned()).filter(|t| !t.is_empty());
                    if let Some(own_name) = own(&words.name) {
                        texts.push((Field::Name, own_name.clone()));
                        if *l == lang {
                            name = own_name;
                        }
                    }
                    if let Some(own_spec) = own(&words.specialization) {
                        texts.push((Field::Secondary, own_spec.clone()));
                        if *l == lang && specialization.is_none() {
                            described = own_spec;
                        }
                    }
                }
                let named = specialization.as_deref().and_then(|id| c.find_specialization(id)).map(|s| s.name.clone());
                if let Some(name) = &named {
                    texts.push((Field::Secondary, name.clone()));
                }
                texts.extend(c.find_department(&d.department).map(|dep| (Field::Secondary, dep.name.clone())));
                if *l == lang {
                    described = named.unwrap_or(described);
                }
            }
            if let Some(ws) = everyday.get(&format!("department:{}", d.department)) {
                texts.extend(ws.iter().map(|(w, _)| (Field::Inherited, w.clone())));
            }
            Entry {
                result: SearchResult {
                    kind: "doctor",
                    link: String::new(),
                    id: d.id.to_string(),
                    description: Some(described),
                    leave: if d.on_leave { d.leave.first().cloned() } else { None },
                    name,
                },
                target: Some(Target::Doctor),
                texts,
            }
        })
        .collect())
}

/// The everyday words of `search-synonyms.json` by what they find
/// (`department:cardiology`), each with its target's place in its group: every
/// language's (Hindi's and Gujarati's add theirs to English's).
fn everyday_words() -> HashMap<String, Vec<(String, u8)>> {
    let mut out: HashMap<String, Vec<(String, u8)>> = HashMap::new();
    for lang in content::LANGUAGES {
        for group in &content::get(*lang).search_words.synonyms {
            for (rank, target) in group.finds.iter().enumerate() {
                let rank = u8::try_from(rank).unwrap_or(u8::MAX);
                let words = out.entry(target.clone()).or_default();
                for w in &group.words {
                    if !words.iter().any(|(k, _)| k == w) {
                        words.push((w.clone(), rank));
                    }
                }
            }
        }
    }
    out
}

/// Everything but the doctors, named in `lang` and found by the words of every
/// language; made once per version of the content (`hygo_content::version`).
fn catalogue_entries(lang: content::Lang) -> Arc<Vec<Entry>> {
    static ENTRIES: Mutex<Vec<(u64, content::Lang, Arc<Vec<Entry>>)>> = Mutex::new(Vec::new());
    let version = content::version();
    let mut kept = ENTRIES.lock().unwrap_or_else(|e| e.into_inner());
    kept.retain(|(v, _, _)| *v == version);
    if let Some((_, _, entries)) = kept.iter().find(|(_, l, _)| *l == lang) {
        return entries.clone();
    }
    let mut own = entries(&content::get(lang));
    for other in content::LANGUAGES.iter().filter(|l| **l != lang) {
        for e in entries(&content::get(*other)) {
            if let Some(mine) = own.iter_mut().find(|m| m.result.kind == e.result.kind && m.result.id == e.result.id) {
                mine.texts.extend(e.texts.into_iter().filter(|(f, _)| *f != Field::Description));
            }
        }
    }
    let entries = Arc::new(own);
    kept.push((version, lang, entries.clone()));
    entries
}

/// What the everyday words may name (`department:cardiology`, `page:about`…):
/// everything the search has but the doctors.
pub fn targets(c: &content::Content) -> HashSet<String> {
    entries(c).iter().map(|e| format!("{}:{}", e.result.kind, e.result.id)).collect()
}

fn entries(c: &content::Content) -> Vec<Entry> {
    let everyday = everyday_words();
    // An entry's texts: its name, its other names, the everyday words that find it, a description.
    let texts = |target: &str, name: &str, keywords: &[String], description: Option<&str>| {
        let mut t = vec![(Field::Name, name.to_owned())];
        t.extend(keywords.iter().map(|k| (Field::Keyword, k.clone())));
        if let Some(ws) = everyday.get(target) {
            t.extend(ws.iter().map(|(w, rank)| (Field::Everyday(*rank), w.clone())));
        }
        t.extend(description.map(|d| (Field::Description, d.to_owned())));
        t
    };
    let result = |kind: &'static str, name: &str, description: Option<&str>, link: &str, id: &str| SearchResult {
        kind,
        name: name.to_owned(),
        description: description.map(str::to_owned),
        link: link.to_owned(),
        id: id.to_owned(),
        leave: None,
    };
    let mut out = Vec::new();
    out.extend(c.departments.iter().map(|d| Entry {
        texts: texts(&format!("department:{}", d.slug), &d.name, &[d.slug.replace(['-', '_'], " ")], Some(&d.description)),
        result: result("department", &d.name, Some(&d.description), "", &d.slug),
        target: Some(Target::Department),
    }));
    out.extend(c.services.iter().map(|s| Entry {
        texts: texts(&format!("service:{}", s.id), &s.name, &[], Some(&s.description)),
        result: result("service", &s.name, Some(&s.description), &s.link, &s.id),
        target: None,
    }));
    out.extend(c.specializations.iter().map(|s| Entry {
        texts: texts(&format!("specialization:{}", s.id), &s.name, &[], None),
        result: result("specialization", &s.name, None, "", &s.id),
        target: Some(Target::Specialization),
    }));
    out.extend(c.clinics.iter().map(|k| Entry {
        texts: texts(&format!("clinic:{}", k.id), &k.name, &[k.street.clone(), k.city.clone()], Some(&k.address)),
        result: result("clinic", &k.name, Some(&k.address), "", &k.id),
        target: Some(Target::Clinic),
    }));
    out.extend(pages(c).into_iter().map(|(page, keywords)| Entry {
        texts: texts(&format!("page:{}", page.id), &page.name, &keywords, page.description.as_deref()),
        result: page,
        target: None,
    }));
    out.extend(c.home.news.items.iter().map(|a| Entry {
        texts: texts(&format!("article:{}", a.id), &a.title, std::slice::from_ref(&a.category), Some(&a.excerpt)),
        result: result("article", &a.title, Some(&a.excerpt), "", &a.id),
        target: Some(Target::Article),
    }));
    out
}

/// The site's pages (`catalogue/search.json`), named as their headings name them.
fn pages(c: &content::Content) -> Vec<(SearchResult, Vec<String>)> {
    c.search_pages
        .iter()
        .map(|p| {
            let (heading, described) = match (&p.content, &p.form) {
                (Some(key), _) => c.page(key).map_or((None, None), |page| {
                    (Some(page.heading.clone()), Some(page.description.clone()))
                }),
                (None, Some(form)) => c.forms.named(form).map_or((None, None), |(h, d)| {
                    (Some(h.to_owned()), d.map(str::to_owned))
                }),
                (None, None) => (None, None),
            };
            let name = p
                .name
                .clone()
                .or(heading)
                .unwrap_or_else(|| panic!("search.json: {} has no name", p.link));
            let description = p.description.clone().or(described);
            let id = p
                .content
                .clone()
                .or(p.form.clone())
                .unwrap_or_else(|| p.link.trim_start_matches('/').to_owned());
            (
                SearchResult {
                    leave: None,
                    kind: "page",
                    name,
                    description,
                    link: p.link.clone(),
                    id,
                },
                p.keywords.clone(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_read_in_lower_case_without_stop_words_unless_nothing_else_is_left() {
        assert_eq!(words("Dr. Kinjal  MEHTA, ENT"), ["dr", "kinjal", "mehta", "ent"]);
        assert_eq!(query_words("skin doctor near me"), ["skin"]);
        assert_eq!(query_words("bachcho ka doctor"), ["bachcho"]);
        assert_eq!(query_words("doctor"), ["doctor"], "a query of stop words only is kept");
        assert_eq!((mistakes(3), mistakes(4), mistakes(7), mistakes(8)), (0, 1, 1, 2));
    }

    #[test]
    fn the_index_finds_words_exactly_by_their_start_and_within_their_mistakes() {
        let entry = |name: &str| Entry { result: SearchResult { kind: "page", name: name.into(), description: None, link: "/".into(), id: name.into(), leave: None }, target: None, texts: vec![(Field::Name, name.into())] };
        let all = [entry("Kinjal Mehta"), entry("Cardiology"), entry("ENT")];
        let index = Index::build(&all.iter().collect::<Vec<_>>());
        let found = |w: &str| index.find(w);
        assert_eq!(found("ent"), [("ent".to_owned(), Found::Exact)]);
        assert_eq!(found("kinjel"), [("kinjal".to_owned(), Found::Near(1))]);
        assert_eq!(found("cardi"), [("cardiology".to_owned(), Found::Prefix)]);
        assert_eq!(found("cardiolgy"), [("cardiology".to_owned(), Found::Near(1))]);
        assert!(found("xyz").is_empty() && found("kin").iter().all(|(_, how)| *how == Found::Prefix));
    }

    #[test]
    fn every_page_entry_has_a_name_and_a_description() {
        let pages = pages(&content::default());
        assert!(pages.len() >= 12);
        for (p, keywords) in &pages {
            assert!(!p.name.is_empty() && p.description.as_deref().is_some_and(|d| !d.is_empty()), "{}", p.link);
            assert!(p.link.starts_with('/') && !keywords.is_empty(), "{}", p.link);
        }
    }

    #[test]
    fn every_everyday_word_finds_something_that_exists() {
        let c = content::default();
        let ids = targets(&c);
        for group in &c.search_words.synonyms {
            assert!(!group.words.is_empty() && !group.finds.is_empty());
            for target in &group.finds {
                assert!(ids.contains(target), "search-synonyms.json: {target} is nothing the search has");
            }
        }
    }
}

//! What editors and translators touch: the site's texts and lists, as typed data.
//!
//! One seam: everything is read through [`get`], which takes a language and
//! returns that language's [`Content`], a shared, immutable snapshot (`Arc`), and
//! [`version`], which names the snapshot (the render cache keys pages by it, as it
//! does by the data version). Today the snapshot is loaded from the catalogue's
//! files (`catalogue/*.json`, embedded in the binary: [`files`]); the editors'
//! store will make another and [`install`] it, and a language is added by adding
//! its files. Nothing here hands out `&'static` text.
//!
//! Each file is read into its Rust type (`site`, `home`, `forms`, `pages`,
//! `directory`, `texts`), whose TypeScript is generated (`ui/src/generated/props.ts`);
//! a misspelt or unknown field fails the load with the file and the path named.

pub mod calendar;
mod directory;
pub mod emergency;
mod overlay;
mod forms;
mod home;
mod pages;
mod site;
mod texts;

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock, RwLock};

pub use directory::{Choice, Clinic, Department, DoctorWords, FounderWords, Service, Specialization};
pub use forms::{
    AppointmentTexts, VisitTexts, ContactFields, ContactTexts, Forms, OptionText, SubscriptionFields,
    SubscriptionTexts,
};
pub use home::{Home, NewsItem, Picture, PictureSource, Plan, Plans, Review};
pub use pages::{
    Card, ContentPage, Counter, LegalPart, Question, Section, SectionKind, Stat, VisitLabels,
};
pub use site::{Link, Meta, NamedLink, NavItem, PageMeta, Site};
pub use texts::{EmergencyWords, SearchPage, SearchWords, Synonyms, Text, Texts};
pub use overlay::{english_texts, is_data, translated};

/// A language the site's texts are written in, by its BCP 47 tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lang(&'static str);

impl Default for Lang {
    fn default() -> Self {
        Lang::DEFAULT
    }
}

impl Lang {
    /// English: the language every other falls back to.
    pub const DEFAULT: Lang = Lang("en");

    /// A language of [`LANGUAGES`] by its tag.
    pub fn parse(tag: &str) -> Option<Lang> {
        LANGUAGES
            .iter()
            .copied()
            .find(|l| l.0.eq_ignore_ascii_case(tag.trim()))
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// The language's name in itself, as its readers look for it in a list of languages.
    pub fn autonym(self) -> &'static str {
        match self.0 {
            "hi" => "हिन्दी",
            "gu" => "ગુજરાતી",
            _ => "English",
        }
    }
}

/// The languages of the catalogue; the first is the default. Which of them the
/// site serves is a setting (`HYGO_LANGUAGES`, docs/languages.md).
pub const LANGUAGES: &[Lang] = &[Lang::DEFAULT, Lang("hi"), Lang("gu")];

/// One language's content: every text and list of the site, typed.
#[derive(Debug, Clone)]
pub struct Content {
    pub lang: Lang,
    pub site: Arc<Site>,
    pub home: Arc<Home>,
    pub forms: Arc<Forms>,
    /// The interface texts by area (`catalogue/texts/{lang}.json`).
    pub texts: Arc<Texts>,
    /// The staff console's interface texts by area (`catalogue/staff/{lang}.json`).
    pub staff_texts: Arc<Texts>,
    /// The clinics, the first the main one.
    pub clinics: Arc<Vec<Clinic>>,
    pub departments: Arc<Vec<Department>>,
    pub specializations: Arc<Vec<Specialization>>,
    /// The home page's tiles that open a service page.
    pub services: Arc<Vec<Service>>,
    /// The site search's own entries (`catalogue/search.json`).
    pub search_pages: Vec<SearchPage>,
    /// The search's stop words and synonyms (`catalogue/search-synonyms.json`).
    pub search_words: SearchWords,
    /// What a search that means an emergency shows first (`catalogue/emergency.json`).
    pub emergency: Arc<emergency::Emergencies>,
    /// The doctors' own texts in this language, by doctor (none in English,
    /// whose are the doctors' records): the editors' published translations.
    pub doctor_words: Arc<BTreeMap<i32, DoctorWords>>,
    pages: BTreeMap<String, Arc<ContentPage>>,
    messages: BTreeMap<String, String>,
    reasons: Vec<Choice>,
    symptoms: Vec<Choice>,
    visit_types: Vec<Choice>,
    card_types: Vec<Choice>,
    clinic_choices: Vec<Choice>,
}

impl Content {
    /// A message the server answers with (`catalogue/messages/{lang}.json`) by key;
    /// a test checks that every key the code uses is in the file.
    pub fn message(&self, key: &str) -> &str {
        self.messages
            .get(key)
            .map(String::as_str)
            .unwrap_or_else(|| {
                tracing::error!(key, "message key missing from catalogue/messages");
                ""
            })
    }

    pub fn messages(&self) -> &BTreeMap<String, String> {
        &self.messages
    }

    pub fn page(&self, key: &str) -> Option<Arc<ContentPage>> {
        self.pages.get(key).cloned()
    }

    /// The keys of every content page.
    pub fn page_keys(&self) -> impl Iterator<Item = &str> {
        self.pages.keys().map(String::as_str)
    }

    pub fn find_clinic(&self, id: &str) -> Option<&Clinic> {
        self.clinics.iter().find(|c| c.id == id)
    }

    /// What the console shows for a stored clinic: its name, from its id; a text
    /// stored before clinics were a choice, as it was.
    pub fn clinic_name<'a>(&'a self, stored: &'a str) -> &'a str {
        self.find_clinic(stored).map_or(stored, |c| c.name.as_str())
    }

    /// The department a `/departments/{id}` path names (spec section 2): its slug,
    /// one of the aliases the original site used, or its name with hyphens and
    /// underscores read as spaces, all without regard to case.
    pub fn find_department(&self, id: &str) -> Option<&Department> {
        let wanted = id.trim().to_lowercase();
        let alias = match wanted.as_str() {
            "internal_medicine" | "internalmedicine" => "internal-medicine",
            "laboratory_service" | "laboratory-service" | "laboratories" => "laboratory",
            "vaccination_center" | "vaccinations" => "vaccination-center",
            other => other,
        };
        let spaced = |t: &str| t.replace(['-', '_'], " ").to_lowercase();
        self.departments
            .iter()
            .find(|d| d.slug == alias)
            .or_else(|| {
                self.departments
                    .iter()
                    .find(|d| spaced(&d.name) == spaced(&wanted))
            })
    }

    /// A service by id, without regard to case (spec section 2, "Service detail").
    pub fn find_service(&self, id: &str) -> Option<&Service> {
        self.services
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(id.trim()))
    }

    pub fn find_specialization(&self, id: &str) -> Option<&Specialization> {
        self.specializations
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(id.trim()))
    }

    /// A news article by id.
    pub fn article(&self, id: &str) -> Option<&NewsItem> {
        self.home.news.items.iter().find(|a| a.id == id)
    }

    /// The reasons for a visit of both wizards (`forms.json`, `reasonsA` and `reasonsB`).
    pub fn reasons(&self) -> &[Choice] {
        &self.reasons
    }

    /// The symptoms wizard A offers (`forms.json`, `symptoms`).
    pub fn symptoms(&self) -> &[Choice] {
        &self.symptoms
    }

    /// The visit types of the booking wizards (`forms.json`, `visitTypes`).
    pub fn visit_types(&self) -> &[Choice] {
        &self.visit_types
    }

    /// The health cards (`home.json`, the plans): "essential" and "family".
    pub fn card_types(&self) -> &[Choice] {
        &self.card_types
    }

    /// The clinics as a form's choice: by id, or by name as the original client's
    /// contact form sent it.
    pub fn clinic_choices(&self) -> &[Choice] {
        &self.clinic_choices
    }

    /// Puts a content page in place of the one of that key (an editor's
    /// publication or preview, `hygo_editorial`).
    pub fn set_page(&mut self, key: &str, page: ContentPage) {
        self.pages.insert(key.to_owned(), Arc::new(page));
    }

    /// Makes again what is made from the home page's texts (the service pages
    /// from its tiles, the health cards as a form's choice): after the files are
    /// read, and after an editor's change to the home page.
    pub fn derive(&mut self) {
        let services = self
            .home
            .services
            .tiles
            .iter()
            .filter(|t| t.link.starts_with("/services/"))
            .map(|t| Service {
                id: t.id.clone(),
                name: t.name.clone(),
                description: t.summary.clone(),
                link: t.link.clone(),
                long_description: t.long_description.clone().unwrap_or_default(),
                offers: t.offers.clone(),
            })
            .collect();
        self.services = Arc::new(services);
        self.card_types = directory::choices(
            self.home
                .subscription
                .plans
                .iter()
                .map(|p| (p.id.as_str(), p.name.as_str())),
        );
    }
}

/// Every language's content, and the version that names it.
#[derive(Debug, Clone)]
pub struct Catalogue {
    version: u64,
    languages: BTreeMap<Lang, Arc<Content>>,
}

impl Catalogue {
    /// A catalogue of these languages' content; the default language must be
    /// among them (the others fall back to it).
    pub fn new(languages: Vec<Content>) -> Result<Catalogue, LoadError> {
        let languages: BTreeMap<Lang, Arc<Content>> = languages
            .into_iter()
            .map(|c| (c.lang, Arc::new(c)))
            .collect();
        if !languages.contains_key(&Lang::DEFAULT) {
            return Err(LoadError {
                file: "catalogue".into(),
                detail: format!("no {} content", Lang::DEFAULT.as_str()),
            });
        }
        Ok(Catalogue {
            version: 0,
            languages,
        })
    }

    /// Changes one language's content before the catalogue is installed: how the
    /// editors' store lays its published revisions over the files. Nothing is
    /// shared with the catalogue being served (copy on write).
    pub fn edit(&mut self, lang: Lang, change: impl FnOnce(&mut Content)) {
        if let Some(content) = self.languages.get_mut(&lang) {
            change(Arc::make_mut(content));
        }
    }

    /// One language's content (the default language's where it has none).
    pub fn of(&self, lang: Lang) -> Arc<Content> {
        self.languages
            .get(&lang)
            .or_else(|| self.languages.get(&Lang::DEFAULT))
            .cloned()
            .expect("the default language is always there")
    }
}

/// The catalogue of the files, before any editor's revision.
static SHIPPED: LazyLock<Catalogue> = LazyLock::new(|| files::load().unwrap_or_else(|e| panic!("{e}")));

static CURRENT: LazyLock<RwLock<Arc<Catalogue>>> = LazyLock::new(|| RwLock::new(Arc::new(SHIPPED.clone())));

/// The catalogue of the files as they were shipped, before any editor's
/// revision: what the editors' store lays its published revisions over.
pub fn shipped() -> Catalogue {
    SHIPPED.clone()
}

fn current() -> Arc<Catalogue> {
    CURRENT.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// One language's content as it is now (the default language's where that
/// language has none). Hold it for the length of one answer, so a page is made
/// from one version throughout.
pub fn get(lang: Lang) -> Arc<Content> {
    current().of(lang)
}

/// The default language's content ([`get`] with [`Lang::DEFAULT`]).
pub fn default() -> Arc<Content> {
    get(Lang::DEFAULT)
}

/// The version of the content now served: it changes whenever [`install`] puts
/// another in place, so anything made from the content and kept (rendered
/// pages, the search's entries) is kept by it.
pub fn version() -> u64 {
    current().version
}

/// Puts another catalogue in place of the current one (the editors' store,
/// after a publication); its version follows the current one's.
pub fn install(mut next: Catalogue) {
    let mut slot = CURRENT.write().unwrap_or_else(|e| e.into_inner());
    next.version = slot.version + 1;
    *slot = Arc::new(next);
}

/// A message of the default language by key, as an owned string.
pub fn message(key: &str) -> String {
    default().message(key).to_owned()
}

/// A message of the default language by key, its `{name}` placeholders filled.
pub fn message_with(key: &str, values: &[(&str, &str)]) -> String {
    fill(default().message(key), values)
}

/// A catalogue text with its `{name}` placeholders filled, as `fill` in
/// `ui/src/lib/format.ts` does: an unknown placeholder is left as written.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// "General Surgery" → "general-surgery".
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// A catalogue file that could not be read into its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// `catalogue/home.json`.
    pub file: String,
    /// Where and what: `news.items[2].titel: unknown field …`.
    pub detail: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file, self.detail)
    }
}

impl std::error::Error for LoadError {}

/// The content as the catalogue's files hold it.
pub mod files {
    use super::*;

    /// Every file of one language, by its name under `catalogue/`.
    struct Files {
        lang: Lang,
        site: &'static str,
        home: &'static str,
        forms: &'static str,
        pages: &'static str,
        clinics: &'static str,
        departments: &'static str,
        specializations: &'static str,
        search: &'static str,
        search_words: &'static str,
        emergency: &'static str,
        texts: &'static str,
        staff: &'static str,
        messages: &'static str,
        /// The language's translations of the content files (`overlay`), by
        /// the English file's name; `search-synonyms.json`'s adds its words to English's.
        translations: &'static [(&'static str, &'static str)],
    }

    const EN: Files = Files {
        lang: Lang::DEFAULT,
        site: include_str!("../catalogue/site.json"),
        home: include_str!("../catalogue/home.json"),
        forms: include_str!("../catalogue/forms.json"),
        pages: include_str!("../catalogue/pages.json"),
        clinics: include_str!("../catalogue/clinics.json"),
        departments: include_str!("../catalogue/departments.json"),
        specializations: include_str!("../catalogue/specializations.json"),
        search: include_str!("../catalogue/search.json"),
        search_words: include_str!("../catalogue/search-synonyms.json"),
        emergency: include_str!("../catalogue/emergency.json"),
        texts: include_str!("../catalogue/texts/en.json"),
        staff: include_str!("../catalogue/staff/en.json"),
        messages: include_str!("../catalogue/messages/en.json"),
        translations: &[],
    };

    /// The content files a language translates, in the order they are read.
    pub(crate) const CONTENT_FILES: &[&str] = &[
        "site.json",
        "home.json",
        "forms.json",
        "pages.json",
        "clinics.json",
        "departments.json",
        "specializations.json",
        "search.json",
        "emergency.json",
    ];

    macro_rules! translations {
        ($lang:literal) => {
            &[
                ("site.json", include_str!(concat!("../catalogue/", $lang, "/site.json"))),
                ("home.json", include_str!(concat!("../catalogue/", $lang, "/home.json"))),
                ("forms.json", include_str!(concat!("../catalogue/", $lang, "/forms.json"))),
                ("pages.json", include_str!(concat!("../catalogue/", $lang, "/pages.json"))),
                ("clinics.json", include_str!(concat!("../catalogue/", $lang, "/clinics.json"))),
                ("departments.json", include_str!(concat!("../catalogue/", $lang, "/departments.json"))),
                ("specializations.json", include_str!(concat!("../catalogue/", $lang, "/specializations.json"))),
                ("search.json", include_str!(concat!("../catalogue/", $lang, "/search.json"))),
                ("emergency.json", include_str!(concat!("../catalogue/", $lang, "/emergency.json"))),
                ("search-synonyms.json", include_str!(concat!("../catalogue/", $lang, "/search-synonyms.json"))),
            ]
        };
    }

    /// Reads a file into its type; the error names the file and the path in it.
    pub fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| LoadError {
            file: format!("catalogue/{file}"),
            detail: format!("{}: {}", e.path(), e.inner()),
        })
    }

    /// Hindi and Gujarati: their interface texts, the console's and the
    /// messages, and their content as translations laid over English's
    /// (`catalogue/{lang}/`, `overlay`).
    const HI: Files = Files {
        lang: Lang("hi"),
        texts: include_str!("../catalogue/texts/hi.json"),
        staff: include_str!("../catalogue/staff/hi.json"),
        messages: include_str!("../catalogue/messages/hi.json"),
        translations: translations!("hi"),
        ..EN
    };

    const GU: Files = Files {
        lang: Lang("gu"),
        texts: include_str!("../catalogue/texts/gu.json"),
        staff: include_str!("../catalogue/staff/gu.json"),
        messages: include_str!("../catalogue/messages/gu.json"),
        translations: translations!("gu"),
        ..EN
    };

    impl Files {
        fn translation(&self, file: &str) -> Option<&'static str> {
            self.translations.iter().find(|(name, _)| *name == file).map(|(_, text)| *text)
        }

        /// An English content file by its name (one of `CONTENT_FILES`).
        fn content_file(&self, file: &str) -> &'static str {
            match file {
                "site.json" => self.site,
                "home.json" => self.home,
                "forms.json" => self.forms,
                "pages.json" => self.pages,
                "clinics.json" => self.clinics,
                "departments.json" => self.departments,
                "specializations.json" => self.specializations,
                "search.json" => self.search,
                "emergency.json" => self.emergency,
                _ => "{}",
            }
        }

        /// A content file in this language: English's with the translation laid over it.
        fn read<T: serde::de::DeserializeOwned>(&self, file: &str) -> Result<T, LoadError> {
            let english = self.content_file(file);
            let Some(translation) = self.translation(file) else { return parse(file, english) };
            let at = format!("{}/{file}", self.lang.as_str());
            let en: serde_json::Value = parse(file, english)?;
            let tr: serde_json::Value = parse(&at, translation)?;
            let laid = overlay::lay(&en, &tr).map_err(|detail| LoadError { file: format!("catalogue/{at}"), detail })?;
            serde_path_to_error::deserialize(laid).map_err(|e| LoadError { file: format!("catalogue/{at}"), detail: format!("{}: {}", e.path(), e.inner()) })
        }
    }

    /// The paths of the texts of each content file a language does not
    /// translate (English stands in for them), by file.
    pub(crate) fn untranslated(lang: Lang) -> Vec<(&'static str, Vec<String>)> {
        let Some(f) = [&HI, &GU].into_iter().find(|f| f.lang == lang) else { return Vec::new() };
        CONTENT_FILES
            .iter()
            .map(|file| {
                let english = EN.content_file(file);
                let en: serde_json::Value = serde_json::from_str(english).unwrap_or_default();
                let tr: Option<serde_json::Value> = f.translation(file).and_then(|t| serde_json::from_str(t).ok());
                (*file, overlay::untranslated(&en, tr.as_ref()))
            })
            .collect()
    }

    /// The catalogue of the files embedded in the binary.
    pub fn load() -> Result<Catalogue, LoadError> {
        let catalogue = Catalogue::new(vec![content(&EN)?, content(&HI)?, content(&GU)?])?;
        // A text a translation leaves out is English's on the page: said once, at start-up.
        for f in [&HI, &GU] {
            for (file, missing) in untranslated(f.lang) {
                if !missing.is_empty() {
                    tracing::warn!(lang = f.lang.as_str(), file, texts = missing.len(), first = %missing[0], "texts not translated: English stands in");
                }
            }
        }
        Ok(catalogue)
    }

    fn content(f: &Files) -> Result<Content, LoadError> {
        let lang = f.lang.as_str();
        let site: Site = f.read("site.json")?;
        let home: Home = f.read("home.json")?;
        let forms: Forms = f.read("forms.json")?;
        let pages: BTreeMap<String, ContentPage> = f.read("pages.json")?;
        let mut clinics: Vec<Clinic> = f.read("clinics.json")?;
        for c in &mut clinics {
            let region = match &c.postal_code {
                Some(code) => format!("{} {code}", c.region),
                None => c.region.clone(),
            };
            c.address = format!("{}, {}, {region}, {}", c.street, c.city, c.country_name);
        }
        let departments: Vec<Department> = f.read("departments.json")?;
        let specializations: Vec<Specialization> = f.read("specializations.json")?;
        let search: texts::SearchFile = f.read("search.json")?;
        let emergency: emergency::Emergencies = f.read("emergency.json")?;
        // Each language's own everyday words; the search reads every language's
        // (`hygo_directory::search`), so an editor changes one list in one place.
        let search_words: texts::SearchWords = match f.translation("search-synonyms.json") {
            Some(own) => parse(&format!("{lang}/search-synonyms.json"), own)?,
            None => parse("search-synonyms.json", f.search_words)?,
        };
        let texts: Texts = parse(&format!("texts/{lang}.json"), f.texts)?;
        let staff_texts: Texts = parse(&format!("staff/{lang}.json"), f.staff)?;
        let messages: BTreeMap<String, String> =
            parse(&format!("messages/{lang}.json"), f.messages)?;
        let appointment = &forms.appointment;
        let choices = |lists: &[&[OptionText]]| {
            directory::choices(
                lists
                    .iter()
                    .flat_map(|l| l.iter().map(|o| (o.id.as_str(), o.label.as_str()))),
            )
        };
        let reasons = choices(&[&appointment.reasons_a, &appointment.reasons_b]);
        let symptoms = choices(&[&appointment.symptoms]);
        let visit_types = choices(&[&appointment.visit_types]);
        let clinic_choices =
            directory::choices(clinics.iter().map(|c| (c.id.as_str(), c.name.as_str())));
        let mut content = Content {
            lang: f.lang,
            site: Arc::new(site),
            home: Arc::new(home),
            forms: Arc::new(forms),
            texts: Arc::new(texts),
            staff_texts: Arc::new(staff_texts),
            clinics: Arc::new(clinics),
            departments: Arc::new(departments),
            specializations: Arc::new(specializations),
            services: Arc::new(Vec::new()),
            search_pages: search.pages,
            search_words,
            emergency: Arc::new(emergency),
            doctor_words: Arc::default(),
            pages: pages.into_iter().map(|(k, v)| (k, Arc::new(v))).collect(),
            messages,
            reasons,
            symptoms,
            visit_types,
            card_types: Vec::new(),
            clinic_choices,
        };
        content.derive();
        Ok(content)
    }
}

#[cfg(test)]
mod tests;

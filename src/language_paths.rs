//! Where each language's pages are: English at `/`, each other served language
//! under `/{tag}/` with the same path after it. The pages' routing
//! (`pages::url`) and the patients' mails (`state::AppState::notices`, for the
//! data crates, which spell no language's address) read and write addresses by
//! these alone.

use hygo_content::Lang;

/// The first language of an `Accept-Language` header the site serves (`gu-IN`
/// is `gu`), or English: what a JSON answer is written in.
pub fn asked(header: &str, served: &[Lang]) -> Lang {
    header
        .split(',')
        .filter_map(|part| part.split(';').next()?.trim().split('-').next())
        .filter_map(Lang::parse)
        .find(|l| served.contains(l))
        .unwrap_or(Lang::DEFAULT)
}

/// The language an address is in, and the address without its language:
/// `/gu/doctors` → (gu, `/doctors`), `/gu` and `/gu/` → (gu, `/`); an address with
/// no prefix of a served language is English's, as it is.
pub fn language<'a>(path: &'a str, served: &[Lang]) -> (Lang, &'a str) {
    for lang in served.iter().copied().filter(|l| *l != Lang::DEFAULT) {
        let Some(rest) = path.strip_prefix('/').and_then(|p| p.strip_prefix(lang.as_str())) else { continue };
        match rest {
            "" | "/" => return (lang, "/"),
            rest if rest.starts_with('/') => return (lang, rest),
            _ => {}
        }
    }
    (Lang::DEFAULT, path)
}

/// An address in a language: `/doctors` in Gujarati is `/gu/doctors`, the home
/// page `/gu/`; English's are as they are. Only a site path (`/…`) gets a prefix.
pub fn in_language(lang: Lang, path: &str) -> String {
    match (lang == Lang::DEFAULT, path) {
        (true, _) => path.to_owned(),
        (false, "/") => format!("/{}/", lang.as_str()),
        (false, p) if p.starts_with('/') && !p.starts_with("//") => format!("/{}{p}", lang.as_str()),
        (false, p) => p.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_in_each_language() {
        let served = hygo_content::LANGUAGES;
        let gu = Lang::parse("gu").unwrap();
        assert_eq!(language("/gu/doctors", served), (gu, "/doctors"));
        assert_eq!(language("/gu", served), (gu, "/"));
        assert_eq!(language("/gu/", served), (gu, "/"));
        assert_eq!(language("/guide", served), (Lang::DEFAULT, "/guide"), "a prefix is a whole segment");
        assert_eq!(language("/doctors", served), (Lang::DEFAULT, "/doctors"));
        assert_eq!(language("/gu/doctors", &[Lang::DEFAULT]), (Lang::DEFAULT, "/gu/doctors"), "a language not served has no addresses");
        assert_eq!(in_language(gu, "/"), "/gu/");
        assert_eq!(in_language(gu, "/requests?token=x"), "/gu/requests?token=x");
        assert_eq!(in_language(Lang::DEFAULT, "/doctors"), "/doctors");
        assert_eq!(in_language(gu, "https://example.com/"), "https://example.com/");
    }
}

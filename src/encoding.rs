//! Bodies compressed once, served many times: the render cache keeps each page
//! with its brotli and gzip forms, and the build (`ui/build.mjs`) writes them for
//! the static files. This picks the form a request accepts and compresses new
//! pages. Responses sent with a `Content-Encoding` pass actix's `Compress`
//! middleware untouched; the rest (a form answered with a visitor's values, the
//! API) it still compresses per request.

use std::io::Write;

use actix_web::http::header::{self, HeaderMap};
use actix_web::HttpResponseBuilder;

/// A content coding the server keeps ready-made bodies for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best coding a request accepts: brotli (smallest), then gzip, else none.
    /// A coding with `q=0` is refused; `*` accepts both.
    pub fn preferred(headers: &HeaderMap) -> Encoding {
        let Some(accept) = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else {
            return Encoding::Identity;
        };
        let (mut br, mut gzip) = (None, None);
        for item in accept.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()))
                .next()
                .unwrap_or(1.0);
            let accepted = q > 0.0;
            match name.as_str() {
                "br" => br = Some(accepted),
                "gzip" | "x-gzip" => gzip = Some(accepted),
                "*" => {
                    br.get_or_insert(accepted);
                    gzip.get_or_insert(accepted);
                }
                _ => {}
            }
        }
        if br == Some(true) {
            Encoding::Brotli
        } else if gzip == Some(true) {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }

    /// The `Content-Encoding` value, none for identity.
    pub fn header_value(self) -> Option<&'static str> {
        match self {
            Encoding::Brotli => Some("br"),
            Encoding::Gzip => Some("gzip"),
            Encoding::Identity => None,
        }
    }
}

/// Of a body's ready-made forms, the one for a request accepting `wanted`: brotli,
/// else gzip, else the body as it is.
pub fn pick<T>(wanted: Encoding, raw: T, br: Option<T>, gzip: Option<T>) -> (T, Encoding) {
    match (wanted, br, gzip) {
        (Encoding::Brotli, Some(br), _) => (br, Encoding::Brotli),
        (Encoding::Brotli | Encoding::Gzip, _, Some(gz)) => (gz, Encoding::Gzip),
        _ => (raw, Encoding::Identity),
    }
}

/// Marks a response sent in `coding`, which varies with `Accept-Encoding`.
pub fn mark(res: &mut HttpResponseBuilder, coding: Encoding) {
    res.insert_header((header::VARY, "Accept-Encoding"));
    if let Some(value) = coding.header_value() {
        res.insert_header((header::CONTENT_ENCODING, value));
    }
}

/// gzip at its best compression: made once per page version, so worth the time.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 4), flate2::Compression::best());
    encoder.write_all(bytes).expect("writing to memory cannot fail");
    encoder.finish().expect("writing to memory cannot fail")
}

/// brotli at quality 9: within a few percent of 11 for HTML at a tenth of the
/// time, which matters because a page is compressed when it is first rendered.
pub fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() / 4);
    {
        let mut writer = ::brotli::CompressorWriter::new(&mut out, 4096, 9, 22);
        writer.write_all(bytes).expect("writing to memory cannot fail");
    }
    out
}

/// A body made for one request (a console page, never kept) in the coding it
/// accepts, quickly: brotli at quality 4 or gzip at level 3 take a millisecond or
/// two for a 100 KB page, where the response middleware's default gzip took about
/// 50 ms on the bench host (`docs/benchmarks.md`, the console at scale). None
/// for identity or a body under 1 KB.
pub fn quickly(bytes: &[u8], wanted: Encoding) -> Option<(Vec<u8>, Encoding)> {
    if bytes.len() < 1024 {
        return None;
    }
    match wanted {
        Encoding::Brotli => {
            let mut out = Vec::with_capacity(bytes.len() / 4);
            {
                let mut writer = ::brotli::CompressorWriter::new(&mut out, 4096, 4, 20);
                writer.write_all(bytes).expect("writing to memory cannot fail");
            }
            Some((out, Encoding::Brotli))
        }
        Encoding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 4), flate2::Compression::new(3));
            encoder.write_all(bytes).expect("writing to memory cannot fail");
            Some((encoder.finish().expect("writing to memory cannot fail"), Encoding::Gzip))
        }
        Encoding::Identity => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::HeaderValue;
    use std::io::Read;

    fn pick(accept: Option<&str>) -> Encoding {
        let mut headers = HeaderMap::new();
        if let Some(a) = accept {
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(a).unwrap());
        }
        Encoding::preferred(&headers)
    }

    #[test]
    fn the_smallest_accepted_coding_wins() {
        assert_eq!(pick(Some("gzip, deflate, br, zstd")), Encoding::Brotli, "Chrome");
        assert_eq!(pick(Some("gzip")), Encoding::Gzip);
        assert_eq!(pick(Some("br;q=0, gzip;q=0.5")), Encoding::Gzip, "q=0 refuses");
        assert_eq!(pick(Some("*")), Encoding::Brotli);
        assert_eq!(pick(Some("*, br;q=0")), Encoding::Gzip, "an explicit refusal beats the wildcard");
        assert_eq!(pick(Some("identity")), Encoding::Identity);
        assert_eq!(pick(Some("gzip;q=0")), Encoding::Identity);
        assert_eq!(pick(None), Encoding::Identity);
    }

    #[test]
    fn a_page_made_for_one_request_is_compressed_quickly_and_reads_back() {
        let text = "<p>Rajkot, one app, one card.</p>".repeat(200);
        let (gz, coding) = quickly(text.as_bytes(), Encoding::Gzip).unwrap();
        assert_eq!(coding, Encoding::Gzip);
        let mut back = String::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut back).unwrap();
        assert_eq!(back, text);
        let (br, coding) = quickly(text.as_bytes(), Encoding::Brotli).unwrap();
        assert_eq!(coding, Encoding::Brotli);
        let mut back = Vec::new();
        ::brotli::Decompressor::new(&br[..], 4096).read_to_end(&mut back).unwrap();
        assert_eq!(back, text.as_bytes());
        assert!(quickly(text.as_bytes(), Encoding::Identity).is_none() && quickly(b"<p>short</p>", Encoding::Gzip).is_none());
    }

    #[test]
    fn both_codings_give_the_bytes_back() {
        let text = "<p>Rajkot, one app, one card.</p>".repeat(200);
        let mut back = String::new();
        flate2::read::GzDecoder::new(&gzip(text.as_bytes())[..]).read_to_string(&mut back).unwrap();
        assert_eq!(back, text);
        let mut back = String::new();
        ::brotli::Decompressor::new(&brotli(text.as_bytes())[..], 4096).read_to_string(&mut back).unwrap();
        assert_eq!(back, text);
        assert!(brotli(text.as_bytes()).len() < text.len() / 10);
    }
}

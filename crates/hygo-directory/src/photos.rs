//! Doctors' photos: checks an upload by its content (JPEG, PNG or WebP, whatever
//! the file name says) and makes the square versions the site serves, at the
//! widths of [`WIDTHS`] (list cards and the profile, ×2 for sharp screens).
//!
//! The versions are re-encoded from pixels only, so no metadata of the upload
//! is carried over: photos from phones carry GPS positions and camera data
//! (EXIF), which must not be published. Each width comes as a lossless WebP
//! (the only WebP the `image` crate writes) and as a JPEG (quality 82); both
//! are kept even where the WebP is the larger, as it usually is for photos:
//! the page offers them in a `<picture>`, where the browser takes the first
//! type it supports, so the page's order of sources decides which is served.
//!
//! Pure: no database, no I/O ([`in_turn`] only runs the work on a blocking thread).

use image::codecs::jpeg::JpegEncoder;
use image::codecs::webp::WebPEncoder;
use image::imageops::{self, FilterType};
use image::metadata::Orientation;
use image::{
    DynamicImage, ExtendedColorType, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits,
    RgbImage,
};
use sha2::{Digest, Sha256};
use std::io::Cursor;

/// The widths a photo is served at, in CSS pixels ×2 for sharp screens: list cards and the profile.
pub(crate) const WIDTHS: &[u32] = &[192, 480];
/// The largest upload accepted, in bytes.
pub const MAX_BYTES: usize = 8 * 1024 * 1024;
/// The largest image accepted, in pixels per side (a bigger one is refused before it is decoded).
pub(crate) const MAX_SIDE: u32 = 6000;

/// The most a decoded picture may take in memory: 64 MiB, about 21 million
/// pixels of an ordinary photo (8-bit RGB: a 12-megapixel phone photo takes
/// 36 MiB), 16 million with transparency, 8 million at 16 bits per channel.
/// Checked from the header before decoding (`ImageDecoder::total_bytes`) and
/// given to the decoders as their allocation limit (`Limits::max_alloc`): a
/// 6000×6000 16-bit RGBA PNG would take 288 MiB, and took the server from 135
/// to 557 MB (issue 24). With the conversions below done in place, the worst
/// accepted upload is measured in `make bench` (docs/benchmarks.md).
pub(crate) const MAX_ALLOC: u64 = 64 * 1024 * 1024;
/// What `photo.tooManyPixels` says fits: millions of pixels with transparency (`MAX_ALLOC` / 4 bytes).
pub(crate) const MAX_MEGAPIXELS: u64 = MAX_ALLOC / 4 / (1024 * 1024);
/// The quality of the JPEG versions.
const JPEG_QUALITY: u8 = 82;

/// What the upload was, by its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Jpeg,
    Png,
    WebP,
}

/// One served version of a photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    /// "a1b2c3d4e5f60718-480.webp": content-hashed, so it can be served as immutable.
    pub name: String,
    /// "image/webp" or "image/jpeg".
    pub content_type: &'static str,
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

/// An accepted upload and its served versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    pub source: Format,
    /// For each width of WIDTHS: a WebP and a JPEG version, square (cropped to fill, centred), in the order of WIDTHS, WebP first.
    pub versions: Vec<Version>,
}

impl Processed {
    /// The versions a page offers: a JPEG at each width, and the WebP before it
    /// only where it is smaller (the image crate writes lossless WebP, which is
    /// larger for photographs, and a browser takes the first type it supports
    /// whatever its size).
    pub fn offered(&self) -> Vec<&Version> {
        let jpeg_size = |width: u32| self.versions.iter().find(|v| v.width == width && v.content_type == "image/jpeg").map(|v| v.bytes.len());
        self.versions.iter().filter(|v| v.content_type == "image/jpeg" || jpeg_size(v.width).is_none_or(|j| v.bytes.len() < j)).collect()
    }
}

/// Runs a decoding (`process`, `process_picture`) on a blocking thread, one at a
/// time in the process: a large picture takes up to a second and a few hundred
/// MB, and pages must go on being served meanwhile. None if the work panicked.
pub async fn in_turn<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    static DECODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);
    let _turn = DECODING.acquire().await.ok()?;
    tokio::task::spawn_blocking(work).await.ok()
}

/// Why an upload was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    #[error("empty")]
    Empty,
    /// More than [`MAX_BYTES`].
    #[error("too large")]
    TooLarge,
    /// The content is not JPEG, PNG or WebP, whatever the file name says.
    #[error("not an image")]
    NotAnImage,
    /// A side above [`MAX_SIDE`] (read from the header, before decoding), or
    /// more memory than the decoder is allowed (a decompression bomb).
    #[error("too many pixels")]
    TooManyPixels,
    /// Smaller than the smallest of [`WIDTHS`] on its shorter side.
    #[error("too small")]
    TooSmall,
    /// The header says JPEG, PNG or WebP but the image cannot be decoded (truncated, corrupt).
    #[error("unreadable")]
    Unreadable,
}

impl PhotoError {
    /// The catalogue key of the message staff see, e.g. "photo.notAnImage".
    pub fn key(self) -> &'static str {
        match self {
            PhotoError::Empty => "photo.empty",
            PhotoError::TooLarge => "photo.tooLarge",
            PhotoError::NotAnImage => "photo.notAnImage",
            PhotoError::TooManyPixels => "photo.tooManyPixels",
            PhotoError::TooSmall => "photo.tooSmall",
            PhotoError::Unreadable => "photo.unreadable",
        }
    }
}

/// Maps a decoding error: a limit hit is a bomb, anything else an unreadable image.
fn decode_error(e: ImageError) -> PhotoError {
    match e {
        ImageError::Limits(_) => PhotoError::TooManyPixels,
        _ => PhotoError::Unreadable,
    }
}

/// Checks an upload by its content and makes the served versions.
///
/// Metadata (EXIF, including GPS and camera data, ICC profiles, PNG text
/// chunks) is not carried over: the versions are re-encoded from pixels only.
/// The EXIF orientation (JPEG, WebP, PNG) is applied to the pixels first, so
/// a phone's photo taken sideways is served upright. Transparency is flattened
/// onto white.
pub fn process(bytes: &[u8]) -> Result<Processed, PhotoError> {
    let (source, rgb, orientation) = decode(bytes, WIDTHS[0])?;
    // The centred square, then each width; the orientation is applied to each
    // small version (a turn or a flip maps the centred square onto itself), so
    // the large picture is never copied to turn it.
    let (width, height) = rgb.dimensions();
    let side = width.min(height);
    let square = imageops::crop_imm(&rgb, (width - side) / 2, (height - side) / 2, side, side);
    let mut versions = Vec::with_capacity(WIDTHS.len() * 2);
    for &w in WIDTHS {
        let scaled = scale(&*square, w, w);
        let mut turned = DynamicImage::ImageRgb8(scaled);
        turned.apply_orientation(orientation);
        let scaled = turned.into_rgb8();
        versions.push(encode_webp(&scaled)?);
        versions.push(encode_jpeg(&scaled)?);
    }
    Ok(Processed { source, versions })
}

/// The widths a picture of the site's content (a hero slide's, an article's)
/// is served at: a phone's column, twice that for sharp screens, a wide screen.
pub const PICTURE_WIDTHS: &[u32] = &[480, 960, 1440];

/// Checks an upload for the site's content and makes its served versions: its
/// own shape kept (upright, as for photos), at each of [`PICTURE_WIDTHS`] the
/// upload is at least as wide as, never enlarged; it must be as wide as the
/// first. Metadata is dropped as for doctors' photos.
pub fn process_picture(bytes: &[u8]) -> Result<Processed, PhotoError> {
    let (source, rgb, orientation) = decode(bytes, 1)?;
    let turns = matches!(orientation, Orientation::Rotate90 | Orientation::Rotate270 | Orientation::Rotate90FlipH | Orientation::Rotate270FlipH);
    // The width and height as the picture is seen (after its turn).
    let (seen_w, seen_h) = if turns { (rgb.height(), rgb.width()) } else { rgb.dimensions() };
    if seen_w < PICTURE_WIDTHS[0] {
        return Err(PhotoError::TooSmall);
    }
    let mut versions = Vec::new();
    for &w in PICTURE_WIDTHS.iter().filter(|&&w| w <= seen_w) {
        let h = ((u64::from(seen_h) * u64::from(w) + u64::from(seen_w) / 2) / u64::from(seen_w)).max(1) as u32;
        // Scaled in the stored frame, then turned into the seen one.
        let scaled = if turns { scale(&rgb, h, w) } else { scale(&rgb, w, h) };
        let mut turned = DynamicImage::ImageRgb8(scaled);
        turned.apply_orientation(orientation);
        let scaled = turned.into_rgb8();
        versions.push(encode_webp(&scaled)?);
        versions.push(encode_jpeg(&scaled)?);
    }
    Ok(Processed { source, versions })
}

/// An image at another size: a box filter from twice the size or more (every
/// source pixel counts once, fast on large photos), Catmull-Rom below that.
fn scale<I: image::GenericImageView<Pixel = image::Rgb<u8>>>(image: &I, width: u32, height: u32) -> RgbImage {
    let (w, h) = image.dimensions();
    if w >= 2 * width && h >= 2 * height {
        imageops::thumbnail(image, width, height)
    } else {
        imageops::resize(image, width, height, FilterType::CatmullRom)
    }
}

/// Checks an upload by its content and decodes it within the limits: its
/// format, its pixels as RGB (transparency flattened onto white) and the turn
/// its EXIF asks for. `min_side`: the shorter side it must have at least.
fn decode(bytes: &[u8], min_side: u32) -> Result<(Format, RgbImage, Orientation), PhotoError> {
    if bytes.is_empty() {
        return Err(PhotoError::Empty);
    }
    if bytes.len() > MAX_BYTES {
        return Err(PhotoError::TooLarge);
    }
    let (source, format) = match image::guess_format(bytes) {
        Ok(ImageFormat::Jpeg) => (Format::Jpeg, ImageFormat::Jpeg),
        Ok(ImageFormat::Png) => (Format::Png, ImageFormat::Png),
        Ok(ImageFormat::WebP) => (Format::WebP, ImageFormat::WebP),
        _ => return Err(PhotoError::NotAnImage),
    };

    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    // Reads the header only; the limits on the sides are checked here.
    let mut decoder = reader.into_decoder().map_err(decode_error)?;
    let (width, height) = decoder.dimensions();
    // A progressive JPEG is decoded from coefficients kept for the whole picture
    // (two bytes a sample), three times the memory of its pixels.
    let budget = if source == Format::Jpeg && jpeg_is_progressive(bytes) { MAX_ALLOC / 3 } else { MAX_ALLOC };
    if width > MAX_SIDE || height > MAX_SIDE || decoder.total_bytes() > budget {
        return Err(PhotoError::TooManyPixels);
    }
    if width.min(height) < min_side {
        return Err(PhotoError::TooSmall);
    }
    if source == Format::Jpeg && !jpeg_is_complete(bytes) {
        return Err(PhotoError::Unreadable);
    }
    // A broken EXIF block is no reason to refuse a photo whose pixels are fine.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let image = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
    Ok((source, flatten(image), orientation))
}

/// Whether a JPEG is progressive: its frame header (SOF) is of a progressive
/// kind (SOF2, SOF6, SOF10, SOF14). Reads the segments up to the first frame.
fn jpeg_is_progressive(bytes: &[u8]) -> bool {
    let mut pos = 2; // After SOI.
    while pos + 4 <= bytes.len() {
        if bytes[pos] != 0xFF {
            return false;
        }
        let marker = bytes[pos + 1];
        match marker {
            0xFF => pos += 1,
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => return matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE),
            0xD9 | 0xDA => return false,
            _ => pos += 2 + usize::from(u16::from_be_bytes([bytes[pos + 2], bytes[pos + 3]])),
        }
    }
    false
}

/// Whether a JPEG runs to its end-of-image marker. The decoder accepts a
/// truncated file and fills the missing rows with grey, which must not be
/// published. Walks the segments (an embedded thumbnail's end marker inside
/// the EXIF segment does not count) and the entropy-coded data, where a 0xFF
/// byte is followed by 0x00 or a restart marker; anything after the end
/// marker (a phone's "motion photo" video) is ignored.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let mut pos = 2; // After SOI.
    loop {
        // The next marker; bytes before it that are not 0xFF are skipped, as decoders do.
        while pos < bytes.len() && bytes[pos] != 0xFF {
            pos += 1;
        }
        while pos < bytes.len() && bytes[pos] == 0xFF {
            pos += 1;
        }
        let Some(&marker) = bytes.get(pos) else {
            return false;
        };
        pos += 1;
        match marker {
            0xD9 => return true,
            // Standalone markers (restart, TEM) and a stuffed zero: no length.
            0x00 | 0x01 | 0xD0..=0xD7 => continue,
            _ => {}
        }
        let Some(length) = bytes.get(pos..pos + 2) else {
            return false;
        };
        pos += usize::from(u16::from_be_bytes([length[0], length[1]]));
        if pos > bytes.len() {
            return false;
        }
        if marker == 0xDA {
            // Start of scan: skip the entropy-coded data up to the next real
            // marker (0xFF then anything but a stuffed zero, a restart or fill).
            loop {
                match bytes.get(pos..pos + 2) {
                    None => return false,
                    Some(&[0xFF, next]) if !matches!(next, 0x00 | 0xD0..=0xD7 | 0xFF) => break,
                    Some(_) => pos += 1,
                }
            }
        }
    }
}

/// RGB, with any transparency composited onto white, without a second picture
/// in memory where it can be helped: 8-bit RGB is taken as it is, 8-bit RGBA
/// is made RGB in its own buffer; other kinds (16-bit, grey) are made 8-bit RGBA
/// first, which is at most half their size.
fn flatten(image: DynamicImage) -> RgbImage {
    let rgba = match image {
        DynamicImage::ImageRgb8(rgb) => return rgb,
        DynamicImage::ImageRgba8(rgba) => rgba,
        DynamicImage::ImageRgba16(deep) => {
            // Straight to 8-bit RGB (three eighths of its size), composited as below.
            let (width, height) = deep.dimensions();
            let mut out = Vec::with_capacity(deep.as_raw().len() / 4 * 3);
            for p in deep.as_raw().chunks_exact(4) {
                let a = u64::from(p[3]);
                for value in &p[..3] {
                    out.push(((u64::from(*value) * a + 65535 * (65535 - a)) / 65535 / 257) as u8);
                }
            }
            return RgbImage::from_raw(width, height, out).expect("three bytes for each pixel");
        }
        other if !other.color().has_alpha() => return other.into_rgb8(),
        other => other.into_rgba8(),
    };
    let (width, height) = rgba.dimensions();
    let mut bytes = rgba.into_raw();
    let pixels = bytes.len() / 4;
    for i in 0..pixels {
        let (r, g, b, a) = (bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], u32::from(bytes[4 * i + 3]));
        // value × alpha + white × (1 − alpha), rounded; written over pixels already read.
        for (c, value) in [r, g, b].into_iter().enumerate() {
            bytes[3 * i + c] = ((u32::from(value) * a + 255 * (255 - a) + 127) / 255) as u8;
        }
    }
    bytes.truncate(3 * pixels);
    bytes.shrink_to_fit();
    RgbImage::from_raw(width, height, bytes).expect("three bytes for each pixel")
}

fn encode_webp(image: &RgbImage) -> Result<Version, PhotoError> {
    encoded(image, "webp", "image/webp", |out, raw, (w, h)| WebPEncoder::new_lossless(out).encode(raw, w, h, ExtendedColorType::Rgb8))
}

fn encode_jpeg(image: &RgbImage) -> Result<Version, PhotoError> {
    encoded(image, "jpg", "image/jpeg", |out, raw, (w, h)| {
        JpegEncoder::new_with_quality(out, JPEG_QUALITY).encode(raw, w, h, ExtendedColorType::Rgb8)
    })
}

/// Runs an encoder over the pixels into a new buffer, and names the result.
fn encoded(
    image: &RgbImage,
    extension: &str,
    content_type: &'static str,
    encode: impl FnOnce(&mut Vec<u8>, &[u8], (u32, u32)) -> image::ImageResult<()>,
) -> Result<Version, PhotoError> {
    let mut bytes = Vec::new();
    encode(&mut bytes, image.as_raw(), image.dimensions()).map_err(|_| PhotoError::Unreadable)?;
    Ok(version(bytes, image, extension, content_type))
}

fn version(
    bytes: Vec<u8>,
    image: &RgbImage,
    extension: &str,
    content_type: &'static str,
) -> Version {
    let hash: String = Sha256::digest(&bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Version {
        name: format!("{hash}-{}.{extension}", image.width()),
        content_type,
        width: image.width(),
        height: image.height(),
        bytes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::codecs::png::PngEncoder;
    use image::{ImageEncoder, Rgb, RgbaImage};
    use regex::Regex;

    /// A gradient, encoded as a JPEG, with an EXIF block carrying `secret`
    /// (and, if given, an orientation) inserted right after SOI.
    fn jpeg(width: u32, height: u32, seed: u8, orientation: Option<u16>, secret: &[u8]) -> Vec<u8> {
        let img = RgbImage::from_fn(width, height, |x, y| {
            Rgb([(x * 255 / width) as u8, (y * 255 / height) as u8, seed])
        });
        let mut plain = Vec::new();
        JpegEncoder::new_with_quality(&mut plain, 90)
            .encode_image(&img)
            .unwrap();
        with_exif(&plain, orientation, secret)
    }

    /// Inserts an APP1 "Exif" segment (big-endian TIFF, one IFD with the
    /// orientation if given, then `secret` as the camera would store strings).
    fn with_exif(jpeg: &[u8], orientation: Option<u16>, secret: &[u8]) -> Vec<u8> {
        assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
        let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
        match orientation {
            Some(o) => {
                tiff.extend_from_slice(&1u16.to_be_bytes());
                tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1]);
                tiff.extend_from_slice(&o.to_be_bytes());
                tiff.extend_from_slice(&[0, 0]);
            }
            None => tiff.extend_from_slice(&0u16.to_be_bytes()),
        }
        tiff.extend_from_slice(&[0, 0, 0, 0]);
        tiff.extend_from_slice(secret);
        let mut payload = b"Exif\0\0".to_vec();
        payload.extend_from_slice(&tiff);
        let mut out = vec![0xFF, 0xD8, 0xFF, 0xE1];
        out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(&payload);
        out.extend_from_slice(&jpeg[2..]);
        out
    }

    fn png(img: &RgbaImage) -> Vec<u8> {
        let mut out = Vec::new();
        PngEncoder::new(&mut out)
            .write_image(
                img.as_raw(),
                img.width(),
                img.height(),
                ExtendedColorType::Rgba8,
            )
            .unwrap();
        out
    }

    /// What `process` made of the bytes, short enough to print when an assertion fails.
    fn outcome(bytes: &[u8]) -> Result<Format, PhotoError> {
        process(bytes).map(|p| p.source)
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &byte in data {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                let mask = (crc & 1).wrapping_neg();
                crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
            }
        }
        !crc
    }

    #[test]
    fn crc32_matches_the_reference_value() {
        // The check value of CRC-32 (ISO-HDLC).
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn jpeg_makes_four_square_versions_without_metadata() {
        let input = jpeg(900, 600, 40, None, b"GPS-SECRET-Canon EOS 5D");
        assert!(contains(&input, b"GPS-SECRET"));
        // The EXIF block is really there for the decoder to see.
        let mut decoder = ImageReader::with_format(Cursor::new(&input), ImageFormat::Jpeg)
            .into_decoder()
            .unwrap();
        assert!(contains(
            &decoder.exif_metadata().unwrap().unwrap(),
            b"GPS-SECRET"
        ));

        let processed = process(&input).unwrap();
        assert_eq!(processed.source, Format::Jpeg);
        let shape: Vec<(u32, &str)> = processed
            .versions
            .iter()
            .map(|v| (v.width, v.content_type))
            .collect();
        assert_eq!(
            shape,
            [
                (192, "image/webp"),
                (192, "image/jpeg"),
                (480, "image/webp"),
                (480, "image/jpeg")
            ]
        );
        let name = Regex::new(r"^[0-9a-f]{16}-(192|480)\.(webp|jpg)$").unwrap();
        for v in &processed.versions {
            assert!(name.is_match(&v.name), "{}", v.name);
            let ext = if v.content_type == "image/webp" {
                "webp"
            } else {
                "jpg"
            };
            assert!(
                v.name.ends_with(&format!("-{}.{ext}", v.width)),
                "{}",
                v.name
            );
            assert_eq!(v.height, v.width);
            let expected = if v.content_type == "image/webp" {
                ImageFormat::WebP
            } else {
                ImageFormat::Jpeg
            };
            assert_eq!(image::guess_format(&v.bytes).unwrap(), expected);
            let decoded = image::load_from_memory(&v.bytes).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (v.width, v.height));
            assert!(
                !contains(&v.bytes, b"GPS-SECRET"),
                "{} keeps the EXIF",
                v.name
            );
            assert!(!contains(&v.bytes, b"Exif"), "{} has an EXIF block", v.name);
        }
    }

    #[test]
    fn names_are_deterministic_and_follow_the_content() {
        let names = |p: Processed| p.versions.into_iter().map(|v| v.name).collect::<Vec<_>>();
        let a = names(process(&jpeg(900, 600, 40, None, b"x")).unwrap());
        let again = names(process(&jpeg(900, 600, 40, None, b"x")).unwrap());
        let other = names(process(&jpeg(900, 600, 200, None, b"x")).unwrap());
        assert_eq!(a, again);
        for (x, y) in a.iter().zip(&other) {
            assert_ne!(x, y);
        }
        let mut distinct = a.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 4);
    }

    #[test]
    fn exif_orientation_is_applied() {
        // Top half black, bottom half white; orientation 6 means "rotate 90°
        // clockwise to show", which puts the black half on the right.
        let img = RgbImage::from_fn(600, 600, |_, y| {
            if y < 300 {
                Rgb([0, 0, 0])
            } else {
                Rgb([255; 3])
            }
        });
        let mut plain = Vec::new();
        JpegEncoder::new_with_quality(&mut plain, 90)
            .encode_image(&img)
            .unwrap();
        let processed = process(&with_exif(&plain, Some(6), b"")).unwrap();
        let small = image::load_from_memory(&processed.versions[0].bytes)
            .unwrap()
            .into_rgb8();
        assert!(small.get_pixel(20, 96)[0] > 200, "left should be white");
        assert!(small.get_pixel(172, 96)[0] < 50, "right should be black");
    }

    #[test]
    fn a_content_picture_keeps_its_shape_at_the_widths_it_has() {
        let versions = |p: Processed| p.versions.iter().map(|v| (v.content_type, v.width, v.height)).collect::<Vec<_>>();
        // 1000 × 600: 480 and 960 wide (1440 would enlarge it), its shape kept.
        let wide = versions(process_picture(&jpeg(1000, 600, 9, None, b"GPS-SECRET")).unwrap());
        assert_eq!(wide, vec![("image/webp", 480, 288), ("image/jpeg", 480, 288), ("image/webp", 960, 576), ("image/jpeg", 960, 576)]);
        let p = process_picture(&jpeg(1000, 600, 9, None, b"GPS-SECRET")).unwrap();
        assert!(p.versions.iter().all(|v| !contains(&v.bytes, b"GPS-SECRET")), "no metadata carried over");
        // Narrower than the first width: refused, whatever its height.
        assert_eq!(process_picture(&jpeg(479, 1200, 9, None, b"")).map(|_| ()), Err(PhotoError::TooSmall));
        // Exactly the first width: one width only.
        assert_eq!(versions(process_picture(&jpeg(480, 200, 9, None, b"")).unwrap()), vec![("image/webp", 480, 200), ("image/jpeg", 480, 200)]);
    }

    #[test]
    fn a_content_picture_taken_sideways_is_served_upright_in_its_seen_shape() {
        // Stored 600 × 1000 (landscape-wise turned): orientation 6 shows it 1000 wide, 600 high.
        let img = RgbImage::from_fn(600, 1000, |_, y| if y < 500 { Rgb([0, 0, 0]) } else { Rgb([255; 3]) });
        let mut plain = Vec::new();
        JpegEncoder::new_with_quality(&mut plain, 90).encode_image(&img).unwrap();
        let p = process_picture(&with_exif(&plain, Some(6), b"")).unwrap();
        let first = image::load_from_memory(&p.versions[1].bytes).unwrap().into_rgb8();
        assert_eq!(first.dimensions(), (480, 288));
        assert!(first.get_pixel(20, 144)[0] > 200, "left should be white");
        assert!(first.get_pixel(460, 144)[0] < 50, "right should be black");
        let offered = p.offered();
        assert!(offered.iter().all(|v| v.content_type == "image/jpeg" || v.bytes.len() < p.versions.iter().find(|j| j.width == v.width && j.content_type == "image/jpeg").unwrap().bytes.len()));
    }

    #[test]
    fn png_with_alpha_is_flattened_onto_white() {
        // Left half transparent (with red in its colour channels), right half opaque blue.
        let img = RgbaImage::from_fn(400, 300, |x, _| {
            if x < 200 {
                image::Rgba([255, 0, 0, 0])
            } else {
                image::Rgba([0, 0, 255, 255])
            }
        });
        let processed = process(&png(&img)).unwrap();
        assert_eq!(processed.source, Format::Png);
        assert_eq!(processed.versions.len(), 4);
        let webp = image::load_from_memory(&processed.versions[0].bytes).unwrap();
        assert!(!webp.color().has_alpha());
        let webp = webp.into_rgb8();
        assert_eq!(webp.dimensions(), (192, 192));
        assert_eq!(webp.get_pixel(10, 96), &Rgb([255, 255, 255]));
        assert_eq!(webp.get_pixel(180, 96), &Rgb([0, 0, 255]));
    }

    #[test]
    fn webp_upload_is_accepted() {
        let img = RgbImage::from_fn(300, 250, |x, y| Rgb([x as u8, y as u8, 7]));
        let mut webp = Vec::new();
        WebPEncoder::new_lossless(&mut webp)
            .encode(img.as_raw(), 300, 250, ExtendedColorType::Rgb8)
            .unwrap();
        let processed = process(&webp).unwrap();
        assert_eq!(processed.source, Format::WebP);
        // 250 px is upscaled to 480.
        assert_eq!(processed.versions[3].width, 480);
    }

    #[test]
    fn content_that_is_not_jpeg_png_or_webp_is_refused() {
        assert_eq!(
            outcome(b"hello, this is not a photo"),
            Err(PhotoError::NotAnImage)
        );
        assert_eq!(
            process(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
            Err(PhotoError::NotAnImage)
        );
        assert_eq!(
            process(b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"),
            Err(PhotoError::NotAnImage)
        );
        assert_eq!(outcome(b""), Err(PhotoError::Empty));
    }

    #[test]
    fn over_max_bytes_is_refused_before_parsing() {
        // A valid JPEG header followed by padding: too large, whatever it is.
        let mut big = jpeg(200, 200, 1, None, b"");
        big.resize(MAX_BYTES + 1, 0);
        assert_eq!(outcome(&big), Err(PhotoError::TooLarge));
        assert_eq!(
            outcome(&vec![0u8; MAX_BYTES + 1]),
            Err(PhotoError::TooLarge)
        );
    }

    #[test]
    fn decompression_bomb_is_refused_before_decoding() {
        let mut bomb = png(&RgbaImage::from_pixel(8, 8, image::Rgba([1, 2, 3, 255])));
        set_png_size(&mut bomb, 50_000, 50_000);
        // The patched header is valid: the decoder reads 50000×50000 from it.
        let reader = ImageReader::with_format(Cursor::new(&bomb), ImageFormat::Png);
        assert_eq!(reader.into_dimensions().unwrap(), (50_000, 50_000));

        let started = std::time::Instant::now();
        assert_eq!(outcome(&bomb), Err(PhotoError::TooManyPixels));
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }

    /// Issue 24: a 6000×6000 16-bit RGBA PNG (288 MiB decoded) took the server
    /// from 135 to 557 MB. Refused from its header now, before any decoding.
    #[test]
    fn a_picture_over_the_memory_budget_is_refused_before_decoding() {
        let mut deep = png16(8, 8);
        set_png_size(&mut deep, 6000, 6000);
        let reader = ImageReader::with_format(Cursor::new(&deep), ImageFormat::Png);
        assert_eq!(reader.into_dimensions().unwrap(), (6000, 6000), "within the sides allowed");
        assert_eq!(outcome(&deep), Err(PhotoError::TooManyPixels));
        // 8-bit RGBA just under the budget passes the check (and then fails on its missing rows);
        // 16-bit at the same size is twice the budget.
        let side = ((MAX_ALLOC / 4) as f64).sqrt() as u32;
        let mut under = png(&RgbaImage::from_pixel(8, 8, image::Rgba([1, 2, 3, 255])));
        set_png_size(&mut under, side, side);
        assert_eq!(outcome(&under), Err(PhotoError::Unreadable), "{side}² RGBA is within the budget");
        let mut over = png16(8, 8);
        set_png_size(&mut over, side, side);
        assert_eq!(outcome(&over), Err(PhotoError::TooManyPixels), "{side}² 16-bit RGBA is not");
    }

    #[test]
    fn progressive_jpegs_are_recognised() {
        let img = RgbImage::from_pixel(300, 300, Rgb([10, 20, 30]));
        let mut baseline = Vec::new();
        JpegEncoder::new_with_quality(&mut baseline, 80).encode_image(&img).unwrap();
        assert!(!jpeg_is_progressive(&baseline));
        // The same file with its frame marked progressive (SOF0 → SOF2).
        let sof = baseline.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        let mut progressive = baseline.clone();
        progressive[sof + 1] = 0xC2;
        assert!(jpeg_is_progressive(&progressive));
        assert!(!jpeg_is_progressive(b"\xFF\xD8"));
    }

    #[test]
    fn sixteen_bit_pictures_are_flattened_like_eight_bit_ones() {
        let deep = image::ImageBuffer::<image::Rgba<u16>, Vec<u16>>::from_fn(2, 1, |x, _| match x {
            0 => image::Rgba([65535, 0, 0, 65535]),
            _ => image::Rgba([0, 0, 65535, 0]),
        });
        let flat = flatten(DynamicImage::ImageRgba16(deep));
        assert_eq!(flat.get_pixel(0, 0), &Rgb([255, 0, 0]), "opaque red stays red");
        assert_eq!(flat.get_pixel(1, 0), &Rgb([255, 255, 255]), "transparent is white");
    }

    /// A 16-bit RGBA PNG of `w`×`h`.
    fn png16(w: u32, h: u32) -> Vec<u8> {
        let img = image::ImageBuffer::<image::Rgba<u16>, Vec<u16>>::from_pixel(w, h, image::Rgba([1000, 2000, 3000, 65535]));
        let mut out = Vec::new();
        image::DynamicImage::ImageRgba16(img).write_to(&mut Cursor::new(&mut out), ImageFormat::Png).unwrap();
        out
    }

    #[test]
    fn a_side_above_max_side_is_refused() {
        let mut wide = png(&RgbaImage::from_pixel(8, 8, image::Rgba([1, 2, 3, 255])));
        set_png_size(&mut wide, MAX_SIDE + 1, 200);
        assert_eq!(outcome(&wide), Err(PhotoError::TooManyPixels));
    }

    /// Rewrites the size in a PNG's header, with the header's CRC.
    fn set_png_size(png: &mut [u8], width: u32, height: u32) {
        // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
        assert_eq!(&png[12..16], b"IHDR");
        png[16..20].copy_from_slice(&width.to_be_bytes());
        png[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
    }

    #[test]
    fn small_image_is_refused() {
        assert_eq!(
            outcome(&jpeg(100, 100, 1, None, b"")),
            Err(PhotoError::TooSmall)
        );
        // The shorter side counts.
        assert_eq!(
            outcome(&jpeg(800, 191, 1, None, b"")),
            Err(PhotoError::TooSmall)
        );
        assert_eq!(outcome(&jpeg(800, 192, 1, None, b"")), Ok(Format::Jpeg));
    }

    #[test]
    fn truncated_jpeg_is_unreadable() {
        // The decoder alone (zune-jpeg) accepts a JPEG cut in half and fills
        // the missing rows with grey; the check for the end-of-image marker
        // refuses it. The EXIF block holds an embedded thumbnail's end marker,
        // as phones' photos do, which must not pass for the real one.
        let whole = jpeg(900, 600, 40, None, b"thumbnail \xFF\xD8 ... \xFF\xD9");
        assert_eq!(outcome(&whole), Ok(Format::Jpeg));
        let half = &whole[..whole.len() / 2];
        let decoded = ImageReader::with_format(Cursor::new(half), ImageFormat::Jpeg).decode();
        assert!(
            decoded.is_ok(),
            "the decoder now refuses truncated JPEGs itself"
        );
        assert_eq!(outcome(half), Err(PhotoError::Unreadable));
        // Cut inside the headers, and just before the end marker.
        assert_eq!(outcome(&whole[..300]), Err(PhotoError::Unreadable));
        assert_eq!(
            outcome(&whole[..whole.len() - 2]),
            Err(PhotoError::Unreadable)
        );
    }

    #[test]
    fn data_after_the_end_of_a_jpeg_is_accepted() {
        // Phones append a video or a depth map after the end marker ("motion photos").
        let mut input = jpeg(400, 300, 40, None, b"");
        input.extend_from_slice(b"ftypmp42 and some video data \xFF\x00\xFF");
        assert_eq!(outcome(&input), Ok(Format::Jpeg));
    }

    #[test]
    fn truncated_png_and_webp_are_unreadable() {
        let img = RgbaImage::from_fn(300, 300, |x, y| image::Rgba([x as u8, y as u8, 3, 255]));
        let png = png(&img);
        assert_eq!(outcome(&png[..png.len() / 2]), Err(PhotoError::Unreadable));
        let mut webp = Vec::new();
        WebPEncoder::new_lossless(&mut webp)
            .encode(img.as_raw(), 300, 300, ExtendedColorType::Rgba8)
            .unwrap();
        assert_eq!(
            outcome(&webp[..webp.len() / 2]),
            Err(PhotoError::Unreadable)
        );
    }

    #[test]
    fn keys_are_distinct_and_in_the_photo_namespace() {
        let all = [
            PhotoError::Empty,
            PhotoError::TooLarge,
            PhotoError::NotAnImage,
            PhotoError::TooManyPixels,
            PhotoError::TooSmall,
            PhotoError::Unreadable,
        ];
        let mut keys: Vec<&str> = all.iter().map(|e| e.key()).collect();
        for k in &keys {
            assert!(k.starts_with("photo."), "{k}");
        }
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), all.len());
        assert_eq!(PhotoError::NotAnImage.key(), "photo.notAnImage");
    }
}

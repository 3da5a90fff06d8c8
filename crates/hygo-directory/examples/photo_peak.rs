//! The memory a photo upload costs (`make bench`, tests/bench/run.py): runs
//! `photos::process` on a file in a fresh process and prints the process's peak
//! resident memory (VmHWM) before and after, in KiB, as JSON. With `KIND SIDE
//! OUT` it writes a square picture instead: `png16` (16-bit RGBA, which no common
//! tool makes), `png8` (RGBA), `jpeg` (baseline RGB) or `webp` (lossless RGBA).

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok()))
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [kind, side, out] => {
            let side: u32 = side.parse().expect("a side in pixels");
            let shade = |x: u32, y: u32| ((x * 255 / side) as u8, (y * 255 / side) as u8);
            let picture = match kind.as_str() {
                "png16" => image::DynamicImage::ImageRgba16(image::ImageBuffer::from_fn(side, side, |x, y| {
                    image::Rgba([(x * 65535 / side) as u16, (y * 65535 / side) as u16, 30000, 65535 - (x * 1000 / side) as u16])
                })),
                "png8" | "webp" => image::DynamicImage::ImageRgba8(image::ImageBuffer::from_fn(side, side, |x, y| {
                    let (r, g) = shade(x, y);
                    image::Rgba([r, g, 128, 255 - r / 4])
                })),
                "jpeg" => image::DynamicImage::ImageRgb8(image::ImageBuffer::from_fn(side, side, |x, y| {
                    let (r, g) = shade(x, y);
                    image::Rgb([r, g, 128])
                })),
                other => panic!("no such kind: {other}"),
            };
            picture.save(out).expect("write the picture");
        }
        [file] => {
            let bytes = std::fs::read(file).expect("read the file");
            let before = peak_kib();
            let outcome = hygo_directory::photos::process(&bytes).map(|p| p.versions.len()).map_err(|e| e.key());
            println!("{{\"file\": {file:?}, \"bytes\": {}, \"before_kib\": {before}, \"peak_kib\": {}, \"outcome\": {:?}}}", bytes.len(), peak_kib(), format!("{outcome:?}"));
        }
        _ => {
            eprintln!("usage: photo_peak FILE | photo_peak png16|png8|jpeg|webp SIDE OUT");
            std::process::exit(2);
        }
    }
}

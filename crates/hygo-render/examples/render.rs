//! Renders one page in QuickJS outside the server, and times it:
//! `cargo run --release -p hygo-render --example render -- BUNDLE URL PROPS.json [N]`
//! prints the status, the HTML size, the bundle load time and the
//! first, fastest and median render times over N renders (default 20).

use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [bundle, url, props, rest @ ..] = args.as_slice() else {
        eprintln!("usage: render BUNDLE URL PROPS.json [N]");
        std::process::exit(2);
    };
    let n: usize = rest.first().and_then(|n| n.parse().ok()).unwrap_or(20).max(1);
    let bundle = std::fs::read_to_string(bundle).expect("read bundle");
    let props = std::fs::read_to_string(props).expect("read props");
    let started = Instant::now();
    let engine = hygo_render::Engine::new(&bundle, Duration::from_secs(10), 256 << 20).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let load = started.elapsed();
    let mut times = Vec::with_capacity(n);
    let mut last = None;
    for _ in 0..n {
        let t = Instant::now();
        match engine.render(url, &props) {
            Ok(out) => last = Some(out),
            Err(e) => {
                eprintln!("{e:?}");
                std::process::exit(1);
            }
        }
        times.push(t.elapsed());
    }
    let first = times[0];
    times.sort();
    let out = last.unwrap();
    println!("status: {}", out.status);
    println!("html: {} bytes", out.html.len());
    println!("bundle load: {load:?}; first render: {first:?}; fastest: {:?}; median of {n}: {:?}", times[0], times[n / 2]);
    if std::env::var_os("SHOW_HTML").is_some() {
        println!("{}", out.html);
    }
}

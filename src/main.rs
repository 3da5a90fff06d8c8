//! `hygo serve` starts the site. See the README for its settings.

use std::process::ExitCode;

const USAGE: &str = "usage: hygo serve | hygo staff …\n\nStarts the HYGO website. Settings come from config/hygo.toml (or HYGO_CONFIG)\nand the environment: HYGO_ADDR, DATABASE_URL, HYGO_PUBLIC_URL, HYGO_RENDER_THREADS,\nHYGO_RENDER_TIMEOUT_MS, HYGO_RENDER_MEMORY_MB, HYGO_LOG_FORMAT, HYGO_LOG.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["serve"] | [] => {}
        ["staff", rest @ ..] => return staff(rest),
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    let config = match hygo::config::Config::load() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("hygo: configuration: {e}");
            return ExitCode::from(2);
        }
    };
    hygo::telemetry::init(config.log_json);
    match actix_web::rt::System::new().block_on(hygo::serve::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(stopped) => {
            tracing::error!("{}", stopped.message);
            ExitCode::from(stopped.code)
        }
    }
}

/// `hygo staff …` (`hygo::staff::cli`).
fn staff(args: &[&str]) -> ExitCode {
    let config = match hygo::config::Config::load() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("hygo: configuration: {e}");
            return ExitCode::from(2);
        }
    };
    match actix_web::rt::System::new().block_on(hygo::staff::cli::run(&config, args)) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err((code, text)) => {
            eprintln!("{text}");
            ExitCode::from(code)
        }
    }
}

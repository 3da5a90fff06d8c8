//! `hygo serve` starts the site. See the README for its settings.

use std::process::ExitCode;

const USAGE: &str = "usage: hygo serve | hygo staff … | hygo backup FILE | hygo restore FILE\n\n\
serve           starts the HYGO website (the default)\n\
staff …         manages staff accounts (hygo staff help)\n\
backup FILE     copies the database into FILE while the site runs (SQLite: the online\n\
                backup API; PostgreSQL: pg_dump). FILE must not exist.\n\
restore FILE    replaces the database with the backup FILE; stop every server first\n\n\
Settings come from config/hygo.toml (or HYGO_CONFIG) and the environment (README,\n\
\"Configuration\"): HYGO_ADDR, DATABASE_URL, HYGO_PUBLIC_URL, HYGO_LOG, ….";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["serve"] | [] => {}
        ["staff", rest @ ..] => return staff(rest),
        [verb @ ("backup" | "restore"), file] => return backup(verb, file),
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

/// `hygo backup FILE` and `hygo restore FILE` (`hygo_core::backup`).
fn backup(verb: &str, file: &str) -> ExitCode {
    let config = match hygo::config::Config::load() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("hygo: configuration: {e}");
            return ExitCode::from(2);
        }
    };
    let path = std::path::Path::new(file);
    let done = match verb {
        "backup" => hygo_core::backup::backup(&config.database_url, path),
        _ => hygo_core::backup::restore(&config.database_url, path),
    };
    match done {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            eprintln!("hygo {verb}: {text}");
            ExitCode::from(1)
        }
    }
}

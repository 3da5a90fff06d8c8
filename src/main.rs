//! `hygo serve` starts the site. See the README for its settings.

use std::process::ExitCode;

const USAGE: &str = "usage: hygo serve | hygo staff … | hygo backup FILE | hygo restore FILE [--replace] | hygo outbox [release|discard] | hygo seed --scale\n\n\
serve           starts the HYGO website (the default)\n\
staff …         manages staff accounts (hygo staff help)\n\
backup FILE     copies the database into FILE while the site runs (SQLite: the online\n\
                backup API; PostgreSQL: pg_dump). FILE must not exist.\n\
restore FILE [--replace]\n\
                puts the backup FILE into the database, with every server stopped\n\
                (refused while one runs); a database that holds data is replaced\n\
                only with --replace; the e-mails waiting in the backup are held\n\
outbox [release|discard]\n\
                lists the e-mails held after a restore; sends them, or drops them\n\
seed --scale [--doctors N] [--requests N]\n\
                adds doctors up to N (200) and N requests (100,000) for `make bench`\n\
                (never on the clinic's database)\n\n\
Settings come from config/hygo.toml (or HYGO_CONFIG) and the environment (README,\n\
\"Configuration\"): HYGO_ADDR, DATABASE_URL, HYGO_PUBLIC_URL, HYGO_LOG, ….";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["serve"] | [] => {}
        ["staff", rest @ ..] => return staff(rest),
        ["backup", file] => return backup("backup", file, false),
        ["restore", file] => return backup("restore", file, false),
        ["restore", file, "--replace"] | ["restore", "--replace", file] => return backup("restore", file, true),
        ["seed", "--scale", rest @ ..] => return seed_scale(rest),
        ["outbox", rest @ ..] => return outbox(rest),
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    let config = match config() {
        Ok(config) => config,
        Err(code) => return code,
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
    let config = match config() {
        Ok(config) => config,
        Err(code) => return code,
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

/// `hygo outbox [release|discard]`: the e-mails held after a restore
/// (`hygo_core::mail::HELD_THROUGH`), listed, sent or dropped.
fn outbox(args: &[&str]) -> ExitCode {
    let config = match config() {
        Ok(config) => config,
        Err(code) => return code,
    };
    let done = actix_web::rt::System::new().block_on(async {
        let db = hygo_core::connect(&config.database_url).await.map_err(|e| format!("database: {e}"))?;
        let said = match args {
            [] => {
                let held = hygo_core::mail::held_after_restore(&db).await.map_err(|e| e.to_string())?;
                match held.is_empty() {
                    true => "No e-mail is held.".to_owned(),
                    false => {
                        let mut lines = vec![format!("{} e-mails held after a restore (id, queued at, attempts, subject):", held.len())];
                        lines.extend(held.iter().map(|m| format!("{}\t{}\t{}\t{}", m.id, m.created_at, m.attempts, m.subject)));
                        lines.push("hygo outbox release sends them; hygo outbox discard drops them.".to_owned());
                        lines.join("\n")
                    }
                }
            }
            ["release"] => format!("{} held e-mails will be sent.", hygo_core::mail::release_held(&db).await.map_err(|e| e.to_string())?),
            ["discard"] => format!("{} held e-mails dropped.", hygo_core::mail::discard_held(&db).await.map_err(|e| e.to_string())?),
            _ => return Err(USAGE.to_owned()),
        };
        db.close().await.ok();
        Ok::<String, String>(said)
    });
    match done {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            eprintln!("hygo outbox: {text}");
            ExitCode::from(1)
        }
    }
}

/// `hygo backup FILE` and `hygo restore FILE` (`hygo_core::backup`).
fn backup(verb: &str, file: &str, replace: bool) -> ExitCode {
    let config = match config() {
        Ok(config) => config,
        Err(code) => return code,
    };
    let path = std::path::Path::new(file);
    let done = match verb {
        "backup" => hygo_core::backup::backup(&config.database_url, path),
        _ => hygo_core::backup::restore(&config.database_url, path, replace),
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

/// `hygo seed --scale [--doctors N] [--requests N]` (`hygo::scale`): the benchmark's clinic network.
fn seed_scale(args: &[&str]) -> ExitCode {
    let mut scale = hygo::scale::Scale::default();
    for pair in args.chunks(2) {
        let number = pair.get(1).and_then(|n| n.replace([',', '_'], "").parse::<usize>().ok());
        match (pair[0], number) {
            ("--doctors", Some(n)) => scale.doctors = n,
            ("--requests", Some(n)) => scale.requests = n,
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let config = match config() {
        Ok(config) => config,
        Err(code) => return code,
    };
    let run = async {
        let db = hygo_core::connect(&config.database_url).await.map_err(|e| e.to_string())?;
        let today = hygo_core::ist::Clock::System.today();
        hygo::scale::seed(&db, scale, today).await.map_err(|e| e.to_string())
    };
    match actix_web::rt::System::new().block_on(run) {
        Ok((doctors, requests)) => {
            println!("added {doctors} doctors and {requests} requests");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("hygo seed: {e}");
            ExitCode::from(1)
        }
    }
}

/// The settings, or the exit code after saying what is wrong with them.
fn config() -> Result<hygo::config::Config, ExitCode> {
    hygo::config::Config::load().map_err(|e| {
        eprintln!("hygo: configuration: {e}");
        ExitCode::from(2)
    })
}


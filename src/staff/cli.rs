//! `hygo staff …`: staff accounts from the command line. There is no default
//! account: the first admin is made here, and it prints a one-time link to choose
//! a password and set up the second factor (valid for `LINK_HOURS`). The same
//! functions serve the admins' page (`/staff/accounts`); each change is in the
//! audit log, by `cli`.

use hygo_core::audit::Actor;
use hygo_core::form::WriteError;
use hygo_staff::accounts::{self, LINK_HOURS};
use hygo_staff::Role;

use crate::config::Config;

pub const USAGE: &str = "usage:
  hygo staff add --role admin|desk|editor [--name NAME] EMAIL   make an account; prints its one-time link
  hygo staff list                                              every account, its role and state
  hygo staff reset EMAIL        new password and second factor: ends its sessions, prints a new link
  hygo staff disable EMAIL      ends its sessions at once; it cannot sign in
  hygo staff enable EMAIL
  hygo staff sign-out EMAIL     ends the account's sessions at once (a lost laptop)
  hygo staff sign-out --all     ends every staff session at once";

/// Runs a `staff` command; answers what to print, or why it failed (exit 2 for
/// a wrong command line, 1 for a refusal).
pub async fn run(config: &Config, args: &[&str]) -> Result<String, (u8, String)> {
    let usage = || (2, USAGE.to_owned());
    let db = hygo_core::connect(&config.database_url).await.map_err(|e| (1, format!("database: {e}")))?;
    let actor = Actor { id: None, name: hygo_core::audit::COMMAND_LINE.to_owned() };
    let refused = |e: WriteError| match e {
        WriteError::Invalid(invalid) => (1, invalid.summary(hygo_content::Lang::DEFAULT.as_str())),
        other => (1, other.to_string()),
    };
    let link = |token: &str| format!("{}/staff/setup?token={token}", config.public_url);
    match args {
        ["add", rest @ ..] => {
            let (mut role, mut name, mut email) = (None, String::new(), None);
            let mut it = rest.iter();
            while let Some(arg) = it.next() {
                match *arg {
                    "--role" => role = Some(it.next().and_then(|r| Role::parse(r)).ok_or_else(usage)?),
                    "--name" => name = it.next().ok_or_else(usage)?.to_string(),
                    other if !other.starts_with('-') && email.is_none() => email = Some(other.to_owned()),
                    _ => return Err(usage()),
                }
            }
            let (role, email) = (role.ok_or_else(usage)?, email.ok_or_else(usage)?);
            let (account, token) = accounts::add(&db, &actor, &email, &name, role).await.map_err(refused)?;
            Ok(format!(
                "Made {} ({}). Send them this link, valid for {LINK_HOURS} hours and once; it sets a password and the second factor:\n{}",
                account.email,
                role.as_str(),
                link(&token)
            ))
        }
        ["list"] => {
            let all = accounts::list(&db).await.map_err(|e| (1, e.to_string()))?;
            if all.is_empty() {
                return Ok("No staff accounts yet: hygo staff add --role admin EMAIL".to_owned());
            }
            Ok(all
                .iter()
                .map(|a| {
                    // The link is used at the password step (issue 44: it said "not used yet" then).
                    let state = if a.disabled { "disabled" } else if a.ready { "active" } else if a.half_set_up { "set-up not finished (the link was used; hygo staff reset EMAIL for a new one)" } else { "link not used yet" };
                    format!("{}\t{}\t{}", a.email, a.role.as_str(), state)
                })
                .collect::<Vec<_>>()
                .join("\n"))
        }
        ["reset", email] => {
            let token = accounts::reset(&db, &actor, email).await.map_err(refused)?;
            Ok(format!("{email}: password and second factor cleared, sessions ended. New link, valid for {LINK_HOURS} hours:\n{}", link(&token)))
        }
        [op @ ("disable" | "enable"), email] => {
            let account = accounts::set_disabled(&db, &actor, email, *op == "disable").await.map_err(refused)?;
            Ok(format!("{}: {}", account.email, if account.disabled { "disabled; its sessions have ended" } else { "enabled" }))
        }
        ["sign-out", who] => {
            let email = (*who != "--all").then_some(*who);
            let ended = accounts::sign_out_sessions(&db, &actor, email).await.map_err(refused)?;
            Ok(format!("{}: {ended} sessions ended", email.unwrap_or("every account")))
        }
        _ => Err(usage()),
    }
}

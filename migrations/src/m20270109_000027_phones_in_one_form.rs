//! Phone numbers stored in one form, E.164 ("+919876543210"), as the forms
//! take them from now on (issue 45: messages to patients' phones, `tel:`,
//! `wa.me`, search and the CSV use one form). The requests', card requests' and
//! contact messages' numbers written before are rewritten where they read as
//! one number; a number that does not (one accepted before without its area
//! code, "245 6700") is left as it was typed, and readers take both
//! (`hygo_core::phone`). `appointments.phone_key` is the same for both forms.
//!
//! The reading is this migration's own copy, as it shipped: a later change to
//! `hygo_core::phone` does not change what this migration did (and
//! `hygo-core` depends on this crate, not the other way).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables and their phone column.
const COLUMNS: [(&str, &str); 3] = [("appointments", "phone"), ("card_requests", "number"), ("contact_messages", "phone")];

/// A number as written in India or with its country code, in E.164.
fn one_form(typed: &str) -> Option<String> {
    let typed = typed.trim();
    if typed.is_empty() || !typed.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) {
        return None;
    }
    let first = typed.find(|c: char| c.is_ascii_digit())?;
    if typed[first..].contains('+') {
        return None;
    }
    let all: String = typed.chars().filter(char::is_ascii_digit).collect();
    let mut with_code = if typed[..first].contains('+') {
        all
    } else if let Some(rest) = all.strip_prefix("00") {
        rest.to_owned()
    } else {
        let national = all.strip_prefix('0').unwrap_or(&all);
        match national.len() {
            10 => format!("91{national}"),
            12 if national.starts_with("91") && !all.starts_with('0') => national.to_owned(),
            _ => return None,
        }
    };
    if with_code.starts_with("910") && with_code.len() == 13 {
        with_code = format!("91{}", &with_code[3..]);
    }
    let indian_ok = !with_code.starts_with("91") || with_code.len() == 12;
    (!with_code.starts_with('0') && (8..=15).contains(&with_code.len()) && indian_ok).then(|| format!("+{with_code}"))
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, column) in COLUMNS {
            crate::parts::rewrite_column(manager, table, column, one_form).await?;
        }
        Ok(())
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // Every reader takes both forms: nothing to undo.
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::one_form;

    #[test]
    fn numbers_as_typed_before_are_read_as_the_forms_read_them_now() {
        for (typed, stored) in [
            ("98765 43210", Some("+919876543210")),
            ("(+91) 98765.43210", Some("+919876543210")),
            ("0091 98765-43210", Some("+919876543210")),
            ("0281 245 6700", Some("+912812456700")),
            ("+44 20 7946 0958", Some("+442079460958")),
            ("+919876543210", Some("+919876543210")),
            ("245 6700", None),
            ("1234567", None),
        ] {
            assert_eq!(one_form(typed).as_deref(), stored, "{typed}");
        }
    }
}

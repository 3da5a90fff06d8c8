//! Messages to patients' phones (issue 45): WhatsApp and SMS through the same
//! outbox as e-mail (`hygo_core::messaging`), and the patients' consent to them.
//!
//! - `outbox.channel`: `email` (every row before this), `whatsapp` or `sms`; a
//!   phone message's `to_address` is its number in E.164. `template` and
//!   `params` (a JSON array of texts) are what the provider is sent, in `lang`;
//!   `body` is the text as the patient reads it (what SMS sends, what the
//!   console shows). `state` is `queued`, `sent`, `delivered`, `read` or
//!   `failed` (`error` says why, as the provider's code), `state_at` when it
//!   last changed, `provider_id` the provider's id for the message (its status
//!   callbacks name it), `callback_token` the unguessable token of an SMS's
//!   delivery report (the gateway does not sign them), `appointment_id` the
//!   request it is about. An e-mail is still deleted once the relay takes it; a
//!   phone message is kept, so the desk sees what reached whom.
//! - `appointments.updates`: the channel the patient agreed to be sent updates
//!   on (`whatsapp`, `sms`), or `none`.
//! - `consents`: every consent given or withdrawn, with its time, the channel,
//!   the version of the text the patient was shown and how (`web`, `desk`,
//!   `reply` for STOP), by the number it is about: the record DPDP asks for.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::parts::statements(manager, &[
            "ALTER TABLE outbox ADD COLUMN channel VARCHAR(16) NOT NULL DEFAULT 'email'",
            "ALTER TABLE outbox ADD COLUMN state VARCHAR(16) NOT NULL DEFAULT 'queued'",
            "ALTER TABLE outbox ADD COLUMN state_at VARCHAR(40)",
            "ALTER TABLE outbox ADD COLUMN template VARCHAR(64) NOT NULL DEFAULT ''",
            "ALTER TABLE outbox ADD COLUMN params TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE outbox ADD COLUMN lang VARCHAR(8) NOT NULL DEFAULT ''",
            "ALTER TABLE outbox ADD COLUMN provider_id VARCHAR(128)",
            "ALTER TABLE outbox ADD COLUMN error VARCHAR(200)",
            "ALTER TABLE outbox ADD COLUMN callback_token VARCHAR(64)",
            "ALTER TABLE outbox ADD COLUMN appointment_id INTEGER",
            "CREATE INDEX idx_outbox_channel_state ON outbox (channel, state, id)",
            "CREATE INDEX idx_outbox_provider_id ON outbox (provider_id)",
            "CREATE INDEX idx_outbox_appointment ON outbox (appointment_id)",
            "ALTER TABLE appointments ADD COLUMN updates VARCHAR(16) NOT NULL DEFAULT 'none'",
        ])
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(Consents::Table)
                    .col(pk_auto(Consents::Id))
                    .col(string_len(Consents::Phone, 20))
                    .col(string_len(Consents::Channel, 16))
                    .col(boolean(Consents::Given))
                    .col(string_len(Consents::TextVersion, 32))
                    .col(string_len(Consents::How, 16))
                    .col(integer_null(Consents::AppointmentId))
                    .col(string_len(Consents::At, 40))
                    .to_owned(),
            )
            .await?;
        crate::parts::statements(manager, &["CREATE INDEX idx_consents_phone ON consents (phone, id)"]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Consents::Table).to_owned()).await?;
        crate::parts::statements(manager, &[
            "ALTER TABLE appointments DROP COLUMN updates",
            "DROP INDEX idx_outbox_appointment",
            "DROP INDEX idx_outbox_provider_id",
            "DROP INDEX idx_outbox_channel_state",
            "ALTER TABLE outbox DROP COLUMN appointment_id",
            "ALTER TABLE outbox DROP COLUMN callback_token",
            "ALTER TABLE outbox DROP COLUMN error",
            "ALTER TABLE outbox DROP COLUMN provider_id",
            "ALTER TABLE outbox DROP COLUMN lang",
            "ALTER TABLE outbox DROP COLUMN params",
            "ALTER TABLE outbox DROP COLUMN template",
            "ALTER TABLE outbox DROP COLUMN state_at",
            "ALTER TABLE outbox DROP COLUMN state",
            "ALTER TABLE outbox DROP COLUMN channel",
        ])
        .await
    }
}

#[derive(DeriveIden)]
enum Consents {
    Table,
    Id,
    Phone,
    Channel,
    Given,
    TextVersion,
    How,
    AppointmentId,
    At,
}

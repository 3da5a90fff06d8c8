//! Sign-in attempts counted by network too (issue 44): `sign_in_attempts.network_key`,
//! the keyed hash of the client's IPv4 /24 or IPv6 /48, and the index it is
//! counted by. An attacker with an IPv6 /48 has 65,536 /64s, each counted as one
//! client; the network is counted as one (`hygo_staff::sign_in`, `NETWORK_FREE`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::parts::statements(manager, &[
            "ALTER TABLE sign_in_attempts ADD COLUMN network_key VARCHAR(64)",
            "CREATE INDEX idx_sign_in_attempts_network ON sign_in_attempts (network_key, at)",
        ]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::parts::statements(manager, &["DROP INDEX idx_sign_in_attempts_network", "ALTER TABLE sign_in_attempts DROP COLUMN network_key"]).await
    }
}

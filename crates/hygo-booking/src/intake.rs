//! Storing what a visitor sends: the row with a new public reference (another
//! one if it clashes), and in the same transaction its confirmation page and the
//! e-mails it causes, so the page and the messages exist exactly when the row does.

use sea_orm::{ActiveModelBehavior, ActiveModelTrait, DbErr, EntityTrait, IntoActiveModel};

use crate::receipts::{self, Kind};
use crate::{refs, Db};

/// An inserted row with its new reference, and its confirmation page's token when
/// one was asked for.
pub struct Inserted<M> {
    pub row: M,
    pub reference: String,
    pub receipt: Option<String>,
}

/// What storing a request answers: the id for the logs, the reference for people,
/// the confirmation page for a form post.
#[derive(Debug, Clone)]
pub struct Stored {
    pub id: i32,
    pub reference: String,
    pub receipt: Option<String>,
}

/// Inserts the row `make` builds with a new reference (another one if it clashes)
/// and, in the same transaction, its confirmation page when `receipt` names one
/// and the e-mails `mails` makes for the reference (the clinic's notice), so the
/// page and the messages exist exactly when the row does.
pub async fn insert<A>(
    db: &Db,
    receipt: Option<Kind>,
    make: impl Fn(String) -> A,
    id_of: fn(&<A::Entity as EntityTrait>::Model) -> i32,
    mails: impl Fn(&str) -> Vec<crate::mail::Mail>,
) -> Result<Inserted<<A::Entity as EntityTrait>::Model>, DbErr>
where
    A: ActiveModelTrait + ActiveModelBehavior + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
{
    let mut attempt = 0;
    loop {
        attempt += 1;
        let reference = refs::new_reference();
        let txn = crate::db::begin_write(db).await?;
        let result = match make(reference.clone()).insert(&txn).await {
            Ok(row) => {
                let token = match receipt {
                    Some(kind) => Some(receipts::issue(&txn, kind, id_of(&row)).await?),
                    None => None,
                };
                for mail in mails(&reference) {
                    crate::mail::queue(&txn, mail).await?;
                }
                txn.commit().await?;
                Ok((row, token))
            }
            Err(e) => {
                txn.rollback().await?;
                Err(e)
            }
        };
        match result {
            Ok((row, receipt)) => return Ok(Inserted { row, reference, receipt }),
            Err(e) if attempt < 3 && refs::reference_clash(&e) => continue,
            Err(e) => return Err(e),
        }
    }
}

//! Doctors' photos: an upload is checked and resized (`crate::photos`), its
//! versions are stored in `photo_files` by their content-hashed names, and
//! `doctors.photo` names the current ones. The site serves them at
//! `/photos/{name}` as immutable files (`src/photos.rs`); every instance reads
//! the same rows, so a photo saved on one is served by all.

use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};

use crate::audit::{self, Actor, Target};
use crate::entities::{doctor, photo_file};
use crate::form::{Invalid, Message, WriteError};
use crate::photos::{self, PhotoError};
use crate::{DataError, Db};

/// Where the versions are served.
pub const PATH: &str = "/photos/";

/// A photo as the pages draw it: each format at each width, square.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Photo {
    /// The versions offered, by width: a JPEG at each, and a WebP before it where
    /// the WebP is smaller.
    pub sources: Vec<Source>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    /// "/photos/a1b2c3d4e5f60718-480.webp".
    pub url: String,
    /// "image/webp" or "image/jpeg".
    #[serde(rename = "type")]
    pub content_type: String,
    pub width: u32,
    pub height: u32,
}

impl Photo {
    /// `doctors.photo` read back; a value that cannot be read is logged and shown as initials.
    pub fn read(text: &str) -> Option<Photo> {
        serde_json::from_str(text)
            .inspect_err(|e| tracing::error!(error = %e, "a doctor's photo record cannot be read; initials are shown"))
            .ok()
    }
}

/// Checks an upload and makes it the doctor's photo, in one transaction with its
/// audit row; then the doctor's files the new photo does not name are deleted.
/// Pages that named them are re-rendered at once (the data version follows
/// `doctors` and `photo_files`); a page already in a browser that asks for an old
/// file gets 404 and draws the initials.
pub async fn save(db: &Db, actor: &Actor, doctor_id: i32, bytes: Vec<u8>) -> Result<Photo, WriteError> {
    let processed = photos::in_turn(move || photos::process(&bytes))
        .await
        .ok_or_else(|| DataError::Corrupt { what: "photo".into(), detail: "the decoder stopped".into() })?
        .map_err(refused)?;
    let Some(doctor) = doctor::Entity::find_by_id(doctor_id).one(db).await? else {
        return Err(WriteError::Invalid(Invalid::field("photo", Message::new("appointment.doctorRequired"))));
    };
    let offered = processed.offered();
    let photo = Photo {
        sources: offered
            .iter()
            .map(|v| Source { url: format!("{PATH}{}", v.name), content_type: v.content_type.to_owned(), width: v.width, height: v.height })
            .collect(),
    };
    let txn = crate::db::begin_write(db).await?;
    // Only the versions offered are kept.
    for v in offered {
        let file = photo_file::ActiveModel {
            name: Set(v.name.clone()),
            doctor_id: Set(doctor.id),
            content_type: Set(v.content_type.to_owned()),
            width: Set(v.width as i32),
            height: Set(v.height as i32),
            bytes: Set(v.bytes.clone()),
        };
        // The same picture again has the same names and the same bytes: a file
        // already there, or being written by another upload at this moment (on
        // PostgreSQL the insert waits for it), is left as it is.
        photo_file::Entity::insert(file)
            .on_conflict(OnConflict::column(photo_file::Column::Name).do_nothing().to_owned())
            .exec_without_returning(&txn)
            .await?;
    }
    let json = serde_json::to_string(&photo).map_err(|e| DataError::Corrupt { what: "photo".into(), detail: e.to_string() })?;
    let before = serde_json::json!(doctor.photo.is_some());
    let mut row: doctor::ActiveModel = doctor.clone().into();
    row.photo = Set(Some(json));
    row.update(&txn).await?;
    audit::record(&txn, actor, "photo-set", Target { kind: "doctor", name: &doctor.name }, before, serde_json::json!(true)).await?;
    prune(&txn).await?;
    txn.commit().await?;
    Ok(photo)
}

/// Takes a doctor's photo away: the pages show initials again.
pub async fn remove(db: &Db, actor: &Actor, doctor_id: i32) -> Result<(), WriteError> {
    let txn = crate::db::begin_write(db).await?;
    let Some(doctor) = doctor::Entity::find_by_id(doctor_id).one(&txn).await? else {
        return Err(WriteError::Invalid(Invalid::field("photo", Message::new("appointment.doctorRequired"))));
    };
    let mut row: doctor::ActiveModel = doctor.clone().into();
    row.photo = Set(None);
    row.update(&txn).await?;
    audit::record(&txn, actor, "photo-remove", Target { kind: "doctor", name: &doctor.name }, serde_json::json!(true), serde_json::json!(false)).await?;
    prune(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Deletes the files no doctor's current photo names (a replaced or removed
/// photo): nothing stays public that no page shows. The same picture given to
/// two doctors is one set of files, kept while either names it.
async fn prune(txn: &sea_orm::DatabaseTransaction) -> Result<(), DataError> {
    let named: Vec<String> = doctor::Entity::find()
        .filter(doctor::Column::Photo.is_not_null())
        .all(txn)
        .await?
        .iter()
        .filter_map(|d| d.photo.as_deref().and_then(Photo::read))
        .flat_map(|p| p.sources.into_iter().filter_map(|s| s.url.strip_prefix(PATH).map(str::to_owned)))
        .collect();
    let mut gone = photo_file::Entity::delete_many();
    if !named.is_empty() {
        gone = gone.filter(photo_file::Column::Name.is_not_in(named));
    }
    gone.exec(txn).await?;
    Ok(())
}

/// A served version by its name.
pub async fn file(db: &Db, name: &str) -> Result<Option<photo_file::Model>, DataError> {
    if name.len() > 64 {
        return Ok(None);
    }
    Ok(photo_file::Entity::find_by_id(name.to_owned()).one(db).await?)
}

/// A refused upload as the form's error on its `photo` field.
pub fn refused(e: PhotoError) -> WriteError {
    let message = match e {
        PhotoError::TooLarge => Message::new(e.key()).with("max", (photos::MAX_BYTES / (1024 * 1024)).to_string()),
        PhotoError::TooManyPixels => Message::new(e.key()).with("max", photos::MAX_SIDE.to_string()).with("megapixels", photos::MAX_MEGAPIXELS.to_string()),
        PhotoError::TooSmall => Message::new(e.key()).with("min", photos::WIDTHS[0].to_string()),
        _ => Message::new(e.key()),
    };
    WriteError::Invalid(Invalid::field("photo", message))
}

//! Pictures for the content (issue 28, item 9): an editor uploads one for a
//! place that takes it (`Entry::picture_slots`: a hero slide, an article) with
//! the words read in its place. The upload is checked and resized as doctors'
//! photos are (`hygo_directory::photos::process_picture`: its shape kept, at
//! up to three widths, no metadata), its versions are stored in
//! `content_images` by their content-hashed names and served at `/photos/{name}`
//! with the doctors' photos; the body of a new draft names them. Nothing is
//! public until a revision naming them is published, and then only under names
//! nobody can guess; the files are kept with the history, so an earlier revision
//! restored shows its picture again.

use chrono::{DateTime, Utc};
use hygo_content::{Picture, PictureSource};
use hygo_core::audit::Actor;
use hygo_core::entities::content_image;
use hygo_core::form::{Invalid, Message, WriteError};
use hygo_core::{DataError, Db};
use hygo_directory::doctor_photos::PATH;
use hygo_directory::photos::{self, PhotoError};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, Set};
use serde_json::Value;

use crate::Entry;

/// The longest text read in a picture's place.
pub const ALT_MAX: usize = 250;

/// Checks an upload and stores its versions; answers them as a body names them.
/// A refused upload is the form's error on its file field.
pub async fn upload(db: &Db, actor: &Actor, bytes: Vec<u8>, now: DateTime<Utc>) -> Result<Vec<PictureSource>, WriteError> {
    let processed = photos::in_turn(move || photos::process_picture(&bytes))
        .await
        .ok_or_else(|| DataError::Corrupt { what: "picture".into(), detail: "the decoder stopped".into() })?
        .map_err(refused)?;
    let offered = processed.offered();
    let txn = hygo_core::db::begin_write(db).await?;
    for v in &offered {
        let file = content_image::ActiveModel {
            name: Set(v.name.clone()),
            content_type: Set(v.content_type.to_owned()),
            width: Set(v.width as i32),
            height: Set(v.height as i32),
            bytes: Set(v.bytes.clone()),
            created_by: Set(actor.name.clone()),
            created_at: Set(crate::store::stamp(now)),
        };
        // The same picture again has the same names and bytes: kept as it is.
        content_image::Entity::insert(file)
            .on_conflict(OnConflict::column(content_image::Column::Name).do_nothing().to_owned())
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(offered
        .iter()
        .map(|v| PictureSource { url: format!("{PATH}{}", v.name), content_type: v.content_type.to_owned(), width: v.width, height: v.height })
        .collect())
}

/// A served version by its name.
pub async fn file(db: &Db, name: &str) -> Result<Option<content_image::Model>, DataError> {
    if name.len() > 64 {
        return Ok(None);
    }
    Ok(content_image::Entity::find_by_id(name.to_owned()).one(db).await?)
}

/// Puts a picture at one of the entry's places (or takes it away, `None`);
/// false when the place takes none.
pub fn set(entry: &Entry, body: &mut Value, slot: &str, picture: Option<&Picture>) -> bool {
    if !entry.picture_slots(body).iter().any(|s| s == slot) {
        return false;
    }
    let (parent, key) = slot.rsplit_once('.').map_or(("", slot), |(p, k)| (p, k));
    let holder = if parent.is_empty() { Some(&mut *body) } else { crate::fields::at(body, parent) };
    let Some(Value::Object(map)) = holder else { return false };
    match picture.map(serde_json::to_value) {
        Some(Ok(value)) => {
            map.insert(key.to_owned(), value);
        }
        Some(Err(_)) => return false,
        None => {
            map.remove(key);
        }
    }
    true
}

/// The picture at a place of a body, if it has one that reads.
pub fn at(body: &Value, slot: &str) -> Option<Picture> {
    let value = slot.split('.').try_fold(body, |v, part| match part.parse::<usize>() {
        Ok(i) => v.get(i),
        Err(_) => v.get(part),
    })?;
    serde_json::from_value(value.clone()).ok()
}

fn refused(e: PhotoError) -> WriteError {
    match e {
        PhotoError::TooSmall => WriteError::Invalid(Invalid::field(
            "photo",
            Message::new("editor.pictureTooSmall").with("min", photos::PICTURE_WIDTHS[0].to_string()),
        )),
        e => hygo_directory::doctor_photos::refused(e),
    }
}

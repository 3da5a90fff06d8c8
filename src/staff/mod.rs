//! The staff console (issue 15; docs/staff.md): its writes, its export, and how a
//! request that may not reach a staff route is answered. Its pages are in the page
//! registry (`crate::pages::registry`, `staff_page!`) with what each needs of a
//! session; `STAFF_WRITES` lists every write with the same. Both go through
//! `guard::check` on the server.

pub mod actions;
pub mod cli;
pub mod editor;
pub mod export;
pub mod jobs;

use actix_web::web;

use crate::access::{Desk, Editing, Need, Staff, Who};
pub use crate::pages::render::denied as denied_page;

/// Declares the console's writes and its export once: `STAFF_ROUTES` lists them
/// with what each needs (the access test walks it) and `routes` registers them.
/// A write's need is its action's (`StaffAction::Who`, e.g. `Staff<Admin>`); a
/// read names its `Who` here.
macro_rules! staff_routes {
    (writes { $($path:literal => $action:ty;)* } reads { $($rpath:literal => $who:ty, $handler:path;)* }) => {
        /// Every staff route that is not a page: (method, path, what it needs).
        pub const STAFF_ROUTES: &[(&str, &str, Need)] = &[
            $(("post", $path, <<$action as actions::StaffAction>::Who as Who>::NEED),)*
            $(("get", $rpath, <$who as Who>::NEED),)*
        ];

        /// Registers them; another method of such a path is its page (or 405).
        pub fn routes(cfg: &mut web::ServiceConfig) {
            $(cfg.service(
                web::resource($path)
                    .route(web::post().to(actions::post::<$action>))
                    .default_service(web::to(crate::pages::render::page)),
            );)*
            $(cfg.service(
                web::resource($rpath)
                    .app_data(web::Data::new(<$who as Who>::NEED))
                    .route(web::get().to($handler))
                    .default_service(web::to(crate::pages::render::page)),
            );)*
        }
    };
}

staff_routes! {
    writes {
        "/staff/sign-in" => actions::SignIn;
        "/staff/sign-in/code" => actions::SecondFactor;
        "/staff/setup" => actions::ChoosePassword;
        "/staff/setup/code" => actions::SetUpCode;
        "/staff/sign-out" => actions::SignOut;
        "/staff/appointments/new" => actions::BookAtDesk;
        "/staff/appointments/{reference}" => actions::AppointmentStep;
        "/staff/patients" => actions::FindPatient;
        "/staff/card-requests/{reference}" => actions::ItemStep;
        "/staff/messages/{reference}" => actions::ItemStep;
        "/staff/account/password" => actions::ChangePassword;
        "/staff/account/sessions" => actions::EndSessions;
        "/staff/accounts" => actions::ManageAccounts;
        "/staff/leave" => actions::AddLeave;
        "/staff/leave/remove" => actions::RemoveLeave;
        "/staff/doctors" => actions::ManageDoctor;
        "/staff/doctors/{id}" => actions::ManageDoctor;
        "/staff/doctors/{id}/photo" => actions::DoctorPhoto;
        "/staff/doctors/{id}/hours" => actions::ManageHours;
        "/staff/closures" => actions::ManageClosures;
        "/staff/away/{kind}/{id}" => actions::AwayStep;
        "/staff/content" => editor::NewArticle;
        "/staff/content/{entry}" => editor::SaveEntry;
        "/staff/content/{entry}/publish" => editor::PublishEntry;
        "/staff/content/{entry}/share" => editor::ShareEntry;
        "/staff/content/{entry}/restore" => editor::RestoreEntry;
        "/staff/content/{entry}/picture" => editor::EntryPicture;
    }
    reads {
        "/staff/appointments.csv" => Staff<Desk>, export::csv;
        "/staff/content/{entry}/preview" => Staff<Editing>, editor::preview;
    }
}

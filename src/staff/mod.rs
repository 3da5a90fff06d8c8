//! The staff console (issue 15; docs/staff.md): its writes, its export, and how a
//! request that may not reach a staff route is answered. Its pages are in the page
//! registry (`crate::pages::registry`, `staff_page!`) with what each needs of a
//! session; `STAFF_WRITES` lists every write with the same. Both go through
//! `guard::check` on the server.

pub mod actions;
pub mod cli;
pub mod export;
pub mod jobs;

use actix_web::web;

use crate::access::{Need, ADMIN, ANY_ROLE, DESK};
pub use crate::pages::render::denied as denied_page;
use hygo_staff::sessions::Stage;

/// Declares the console's writes and its export once: `STAFF_ROUTES` lists them
/// with what each needs (the access test walks it) and `routes` registers them.
macro_rules! staff_routes {
    ($($method:ident $path:literal => $need:expr, $target:expr;)*) => {
        /// Every staff route that is not a page: (method, path, what it needs).
        pub const STAFF_ROUTES: &[(&str, &str, Need)] = &[$((stringify!($method), $path, $need)),*];

        /// Registers them; another method of such a path is its page (or 405).
        pub fn routes(cfg: &mut web::ServiceConfig) {
            $(cfg.service(
                web::resource($path)
                    .app_data(web::Data::new($need))
                    .route(web::$method().to($target))
                    .default_service(web::to(crate::pages::render::page)),
            );)*
        }
    };
}

staff_routes! {
    post "/staff/sign-in" => Need::Anyone, actions::post::<actions::SignIn>;
    post "/staff/sign-in/code" => Need::Stage(Stage::Password), actions::post::<actions::SecondFactor>;
    post "/staff/setup" => Need::Anyone, actions::post::<actions::ChoosePassword>;
    post "/staff/setup/code" => Need::Stage(Stage::Enrol), actions::post::<actions::SetUpCode>;
    post "/staff/sign-out" => Need::Role(ANY_ROLE), actions::post::<actions::SignOut>;
    post "/staff/appointments/{reference}" => Need::Role(DESK), actions::post::<actions::AppointmentStep>;
    post "/staff/card-requests/{reference}" => Need::Role(DESK), actions::post::<actions::MarkHandled>;
    post "/staff/messages/{reference}" => Need::Role(DESK), actions::post::<actions::MarkHandled>;
    post "/staff/account/password" => Need::Role(ANY_ROLE), actions::post::<actions::ChangePassword>;
    post "/staff/account/sessions" => Need::Role(ANY_ROLE), actions::post::<actions::EndSessions>;
    post "/staff/accounts" => Need::Role(ADMIN), actions::post::<actions::ManageAccounts>;
    post "/staff/leave" => Need::Role(ADMIN), actions::post::<actions::ManageLeave>;
    post "/staff/doctors" => Need::Role(ADMIN), actions::post::<actions::ManageDoctor>;
    post "/staff/doctors/{id}" => Need::Role(ADMIN), actions::post::<actions::ManageDoctor>;
    post "/staff/doctors/{id}/photo" => Need::Role(ADMIN), actions::post::<actions::DoctorPhoto>;
    post "/staff/doctors/{id}/hours" => Need::Role(ADMIN), actions::post::<actions::ManageHours>;
    post "/staff/closures" => Need::Role(ADMIN), actions::post::<actions::ManageClosures>;
    get "/staff/appointments.csv" => Need::Role(DESK), export::csv;
}


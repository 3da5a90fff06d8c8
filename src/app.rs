//! The application: the one function that lists every route, and the middleware.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpResponse, ResponseError, web};

use crate::actions::{self, Channel, Declared};
use crate::error::ApiError;
use crate::state::AppState;
use crate::{api, assets, edge, pages, telemetry};

/// Declares the JSON endpoints once: `API_ROUTES` lists them (the OpenAPI test
/// compares it with the document) and `api_routes` registers them. A read names
/// its handler; a write names its action and the rate-limit bucket its requests
/// count against (`crate::actions`). A method a path does not answer gets the
/// JSON 405.
macro_rules! api_routes {
    ($($method:ident $path:literal => $target:tt),* $(,)?) => {
        /// Every JSON endpoint as (method, path), in OpenAPI's path syntax.
        pub const API_ROUTES: &[(&str, &str)] = &[$((stringify!($method), $path)),*];

        fn api_routes(cfg: &mut web::ServiceConfig) {
            $(cfg.service(
                route_to!(web::resource($path), $method, Channel::Json, $target)
                    .default_service(web::to(|| method_not_allowed(stringify!($method)))),
            );)*
        }
    };
}

/// A route's target: `(handler)`, or `(action Type, "bucket")`.
macro_rules! route_to {
    ($resource:expr, $method:ident, $channel:expr, (action $action:ty, $bucket:literal)) => {
        $resource
            .app_data(web::Data::new(Declared { accepts: $channel, bucket: $bucket }))
            .route(web::$method().to(actions::handle::<$action>))
    };
    ($resource:expr, $method:ident, $channel:expr, ($handler:path)) => {
        $resource.route(web::$method().to($handler))
    };
}

api_routes! {
    get "/api/doctors" => (api::doctors::list),
    // The doubled segment is in the original browser client (spec section 7, call 6).
    get "/api/api/doctors" => (api::doctors::list),
    get "/api/doctors/department/{dept}" => (api::doctors::by_department),
    get "/api/doctors/{id}" => (api::doctors::one),
    get "/api/search" => (api::search::get),
    get "/api/props" => (api::props::get),
    get "/api/openapi.json" => (api::openapi::get),
    post "/api/SubscriptionData/subscription-form" => (action actions::card_request::Request, "card-requests"),
    post "/api/contact" => (action actions::contact::Send, "contact"),
    post "/newsletter/subscribe" => (action actions::newsletter::Subscribe, "newsletter"),
    post "/newsletter/unsubscribe" => (actions::newsletter::unsubscribe),
    post "/appointments/bookAppointment" => (action actions::appointment::Book, "appointments"),
    get "/appointments/slots" => (api::slots::slots),
}

/// The forms' plain HTML posts (for visitors without JavaScript, and before a
/// page's script has loaded), at their pages' paths: the same actions and
/// buckets as the JSON endpoints. Every other method of such a path is the page.
macro_rules! form_posts {
    ($($path:literal => $target:tt),* $(,)?) => {
        fn form_posts(cfg: &mut web::ServiceConfig) {
            // And each at every other language's address (`/gu/contactus`): the
            // answer, its messages and where it leads are in that language.
            let others: Vec<&str> = hygo_content::LANGUAGES.iter().skip(1).map(|l| l.as_str()).collect();
            let prefix = format!("/{{lang:{}}}", others.join("|"));
            $(
                cfg.service(route_to!(web::resource($path), post, Channel::Form, $target).default_service(web::to(pages::render::page)));
                cfg.service(route_to!(web::resource(format!("{prefix}{}", $path)), post, Channel::Form, $target).default_service(web::to(pages::render::page)));
            )*
        }
    };
}

form_posts! {
    "/subscription" => (action actions::card_request::Request, "card-requests"),
    "/contactus" => (action actions::contact::Send, "contact"),
    "/newsletter" => (action actions::newsletter::Subscribe, "newsletter"),
    "/appointment" => (action actions::appointment::Book, "appointments"),
    "/appointment/{id}" => (action actions::appointment::Book, "appointments"),
}

/// Every route of the site: health, the JSON API, the forms' posts, assets, and the
/// pages, which are the default service (`pages::registry` lists them; a path that
/// is no page redirects to `/`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(health))
        .route("/metrics", web::get().to(telemetry::metrics))
        .route("/sitemap.xml", web::get().to(pages::sitemap::sitemap))
        .route("/robots.txt", web::get().to(pages::sitemap::robots))
        .route(pages::url::REQUEST_CALENDAR, web::get().to(pages::request::calendar))
        // A share link of a draft (docs/editors.md): signed, expiring, revocable.
        .route("/preview/{token}", web::get().to(crate::staff::editor::shared));
    api_routes(cfg);
    crate::channels::hooks::routes(cfg);
    form_posts(cfg);
    // The staff console's writes and export (its pages are in the page registry).
    crate::staff::routes(cfg);
    // The confirmation link's button and the unsubscribe page's, at every
    // language's address too (`/gu/newsletter/confirm`): where they lead is in it.
    // The confirmation link itself (GET) is the page.
    cfg.service(web::resource("/newsletter/confirm").route(web::post().to(actions::newsletter::confirm)).default_service(web::to(pages::render::page)));
    let others: Vec<&str> = hygo_content::LANGUAGES.iter().skip(1).map(|l| l.as_str()).collect();
    let prefix = format!("/{{lang:{}}}", others.join("|"));
    cfg.service(web::resource(format!("{prefix}/newsletter/confirm")).route(web::post().to(actions::newsletter::confirm)).default_service(web::to(pages::render::page)));
    cfg.service(web::resource(format!("{prefix}{}", pages::url::ONE_CLICK_UNSUBSCRIBE)).route(web::post().to(actions::newsletter::unsubscribe)).default_service(web::to(pages::render::page)));
    // The manage-my-visit page's forms and calendar file, at every language's address.
    for path in std::iter::once(String::new()).chain(std::iter::once(prefix.clone())) {
        cfg.service(web::resource(format!("{path}/v/{{code}}")).route(web::post().to(actions::visit::post)).default_service(web::to(pages::render::page)));
        cfg.route(&format!("{path}/v/{{code}}/calendar.ics"), web::get().to(actions::visit::calendar));
    }
    cfg.service(web::scope("/api").default_service(web::to(api_not_found)))
        .route("/assets/{file:.*}", web::get().to(assets::serve))
        .route("/photos/{name}", web::get().to(crate::photos::serve))
        .default_service(web::to(pages::render::page));
}

/// The whole app with its middleware, as `hygo serve` runs it and as tests drive it.
pub fn app(
    state: web::Data<AppState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let body_timeout = state.config.body_timeout;
    let headers = edge::security_headers(state.config.hsts.as_deref());
    App::new()
        .app_data(state)
        .app_data(web::QueryConfig::default().error_handler(|e, _| {
            ApiError::bad_request(hygo_content::fill(&hygo_content::message("request.badQuery"), &[("detail", &e.to_string())])).into()
        }))
        .app_data(web::PathConfig::default().error_handler(|_, _| ApiError::bad_request(hygo_content::message("request.badPath")).into()))
        .wrap(Compress::default())
        .wrap(from_fn(refuse_nul))
        .wrap(headers)
        .wrap(from_fn(move |req, next| edge::body_deadline(body_timeout, req, next)))
        .wrap(from_fn(edge::head_as_get))
        .wrap(from_fn(telemetry::log_request))
        .wrap(from_fn(edge::watch_requests))
        .configure(routes)
}

/// Answers 200 only when the database takes writes: it is still the file this
/// process opened, the files may be written, and a write commits
/// (`hygo_core::db::Storage::check`). Otherwise 503 with a short reason, and the
/// log says which fault.
async fn health(state: web::Data<AppState>) -> HttpResponse {
    // Always within a second (issue 44: it timed out after a full disk): a check
    // that takes longer is a fault of its own.
    let checked = actix_web::rt::time::timeout(hygo_core::db::HEALTH_WITHIN, state.storage.check(&state.db)).await;
    match checked.unwrap_or(Err(hygo_core::db::Fault::Slow)) {
        Ok(()) => HttpResponse::Ok().json(serde_json::json!({ "status": "ok" })),
        Err(fault) => {
            tracing::error!(%fault, "health check: the database cannot take writes");
            HttpResponse::ServiceUnavailable().json(serde_json::json!({ "status": fault.status() }))
        }
    }
}

async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found(hygo_content::message(
        "request.noEndpoint",
    )))
}

/// 405 with the `Allow` header RFC 9110 asks for.
async fn method_not_allowed(allowed: &'static str) -> HttpResponse {
    let allowed = allowed.to_ascii_uppercase();
    let mut res = ApiError::new(
        actix_web::http::StatusCode::METHOD_NOT_ALLOWED,
        hygo_content::fill(
            &hygo_content::message("request.methodOnly"),
            &[("method", &allowed)],
        ),
    )
    .error_response();
    res.headers_mut().insert(header::ALLOW, header::HeaderValue::from_str(&allowed).expect("a method name is a valid header"));
    res
}

/// Middleware: a control character (a NUL among them) in the path, a query
/// value or a header is no request of this site, and PostgreSQL cannot store a
/// NUL: refused before any handler, with the JSON 400 for the API and, for pages,
/// the not-found page (the address) or the plain 400 page (a header)
/// (`edge::has_nul`, `edge::header_has_control`).
async fn refuse_nul(
    req: ServiceRequest,
    next: actix_web::middleware::Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let in_address = edge::has_nul(req.path(), req.query_string());
    let in_header = !in_address && edge::header_has_control(req.headers());
    if !in_address && !in_header {
        return next.call(req).await.map(ServiceResponse::map_into_left_body);
    }
    let path = req.path();
    let api = path == "/api" || path.starts_with("/api/") || API_ROUTES.iter().any(|(_, route)| *route == path);
    let res = match (api, in_address) {
        (true, true) => {
            ApiError::bad_request(hygo_content::message("request.nul")).error_response()
        }
        (true, false) => {
            ApiError::bad_request(hygo_content::message("request.controlHeader")).error_response()
        }
        (false, true) => pages::render::not_found_page(),
        (false, false) => pages::render::plain_page(actix_web::http::StatusCode::BAD_REQUEST, "page.badRequestHeading", "request.controlHeader"),
    };
    Ok(req.into_response(res).map_into_right_body())
}

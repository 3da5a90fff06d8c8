//! The application: its shared state and the one function that lists every route.

use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{from_fn, Compress, DefaultHeaders};
use actix_web::{web, App, HttpResponse};
use hygo_render::RenderPool;

use crate::config::Config;
use crate::error::ApiError;
use crate::{api, assets, pages, telemetry};

pub struct AppState {
    pub db: hygo_data::Db,
    pub renderer: RenderPool,
    pub config: Arc<Config>,
}

/// Every route of the site. Pages are the default service: `pages::Route::parse`
/// holds the page table, and a path that is no page redirects to `/`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(health))
        .service(
            web::scope("/api")
                .route("/doctors", web::get().to(api::doctors::list))
                .route("/doctors/department/{dept}", web::get().to(api::doctors::by_department))
                .route("/doctors/{id}", web::get().to(api::doctors::one))
                .route("/props", web::get().to(api::props::get))
                .default_service(web::to(api_not_found)),
        )
        .route("/assets/{file:.*}", web::get().to(assets::serve))
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
    App::new()
        .app_data(state)
        .app_data(web::QueryConfig::default().error_handler(|e, _| {
            ApiError::bad_request(format!("The query string is not valid: {e}")).into()
        }))
        .app_data(web::PathConfig::default().error_handler(|_, _| ApiError::bad_request("The path is not valid.").into()))
        .wrap(Compress::default())
        .wrap(security_headers())
        .wrap(from_fn(telemetry::log_request))
        .configure(routes)
}

/// Answers 200 only when the database answers.
async fn health(state: web::Data<AppState>) -> HttpResponse {
    match state.db.ping().await {
        Ok(()) => HttpResponse::Ok().json(serde_json::json!({ "status": "ok" })),
        Err(e) => {
            tracing::error!(error = %e, "health check: database does not answer");
            HttpResponse::ServiceUnavailable().json(serde_json::json!({ "status": "database unavailable" }))
        }
    }
}

async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found("There is no such API endpoint."))
}

/// No inline script anywhere, so `script-src 'self'` holds for cached HTML too.
fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
             connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
             frame-ancestors 'none'",
        ))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
}

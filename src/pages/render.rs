//! The page handler: route, props, render, shell.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::page::{Keep, Robots, Scope};
use super::registry::{self, Found};
use super::url;
use super::Props;
use crate::cache::{self, Cached, Room};
use crate::state::AppState;
use crate::encoding::Encoding;
use hygo_render::Lane;
use crate::ui_assets::{CLIENT_BOOT, CLIENT_CSS, CLIENT_CSS_TEXT, CLIENT_JS, CLIENT_JS_IMPORTS, PAGE_CHUNKS};

#[derive(Template)]
#[template(path = "document.html")]
struct Document<'a> {
    /// The page's language, for `<html lang>`.
    lang: &'a str,
    /// Its Open Graph locale: `en_IN`, `hi_IN`, `gu_IN`.
    locale: String,
    /// The font of its script, preloaded on a Hindi or Gujarati page (`/assets/client/…woff2`).
    font: Option<String>,
    title: &'a str,
    description: &'a str,
    canonical: &'a str,
    /// The same page in each language the site serves, and `x-default` (English),
    /// for `<link rel="alternate" hreflang>`; none when it serves one language.
    alternates: Vec<(&'static str, String)>,
    noindex: bool,
    /// JSON-LD, already made safe for a script element.
    structured_data: Option<String>,
    css_text: &'static str,
    /// The first script (`ui/src/boot.ts`): starts `modules` after the first paint.
    boot: &'static str,
    /// The entry, then the modules it and the page import (a JSON list), so the
    /// boot script fetches them together rather than one import after another.
    modules: String,
    body: &'a str,
    props: &'a str,
    /// A draft's preview (`preview`): its banner, and no script (the page is
    /// shown as without JavaScript, so nothing of it is fetched or hydrated).
    preview: Option<&'a Banner>,
}

/// The banner over a preview: what it is, and for an editor the links to the
/// fields of each part of the page (click to edit without JavaScript).
pub struct Banner {
    pub heading: String,
    pub detail: String,
    /// (label, address), opened in the editor's window.
    pub links: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    lang: &'a str,
    heading: &'a str,
    message: &'a str,
    phone: &'a str,
    phone_link: &'a str,
    css: &'static str,
}

/// Every GET that is not the API or an asset. Unknown paths go to `/` (spec: "any
/// other path redirects to /").
pub async fn page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if !matches!(req.method().as_str(), "GET" | "HEAD") {
        return HttpResponse::MethodNotAllowed().insert_header((header::ALLOW, "GET, HEAD")).finish();
    }
    // `/gu/doctors`: the doctors' page in Gujarati (`url::language`).
    let (lang, path) = url::language(req.path(), &state.config.languages);
    let Some(found) = registry::find(path).filter(|f| lang == hygo_content::Lang::DEFAULT || f.page.scope == Scope::Public) else {
        return HttpResponse::Found().insert_header((header::LOCATION, url::in_language(lang, "/"))).finish();
    };
    actix_web::HttpMessage::extensions_mut(&req).insert(crate::metrics::PageAnswered(found.page.label));
    // A staff page: the session and the role, on the server, before anything is loaded.
    let staff = match found.page.scope {
        Scope::Public => None,
        Scope::Staff(need) => match crate::access::check(&req, &state, need).await {
            Ok(current) => current,
            Err(refused) => return denied(&req, refused),
        },
    };
    // A page whose address is a key: counted, and refused to someone trying keys.
    if let Some(bucket) = found.page.limited
        && let Err(e) = crate::limit::lookups(&state, &req, bucket).await
    {
        let mut res = error_page(e.status);
        if let Some(wait) = e.retry_after {
            res.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(wait));
        }
        return res;
    }
    // A form posted here after the session timed out, kept for this person: shown again, once.
    let (kept, forget_mark) = match (&staff, req.cookie(crate::access::KEPT_COOKIE)) {
        (Some(current), Some(_)) => (kept_form(&state, &req, current).await, true),
        _ => (None, false),
    };
    // Loaded, rendered and kept by its own path (in its language) and declared parameters only.
    let url = url::in_language(lang, &found.url(req.query_string()));
    let res = respond(&state, &found, url, kept, staff.as_ref(), Encoding::preferred(req.headers())).await;
    let mut res = not_modified(&req, res);
    if forget_mark {
        let _ = res.add_cookie(&crate::access::kept_removal());
    }
    super::request::keep_private(found.page, res.headers_mut());
    res
}

/// The form kept for this member of staff to show on this page
/// (`crate::staff::actions::keep_typed`), with what they typed and the message
/// that says why it is there; None when there is none.
async fn kept_form(state: &AppState, req: &HttpRequest, current: &hygo_staff::sessions::Current) -> Option<super::FormState> {
    let asked = match req.query_string() {
        "" => req.path().to_owned(),
        q => format!("{}?{q}", req.path()),
    };
    match hygo_staff::sessions::take_kept(&state.db, current.account_id, &asked, state.clock.real()).await {
        Ok(Some(serde_json::Value::Object(values))) => {
            Some(super::FormState { status: 200, message: hygo_content::message("staff.formKept"), values, ..super::FormState::default() })
        }
        Ok(_) => None,
        Err(e) => {
            tracing::warn!(error = %e, "a kept form could not be read");
            None
        }
    }
}

/// 304 when the browser's copy is the page it would get (`If-None-Match`).
fn not_modified(req: &HttpRequest, res: HttpResponse) -> HttpResponse {
    let tag = res.headers().get(header::ETAG).cloned();
    let asked = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    match (tag, asked) {
        (Some(tag), Some(asked)) if res.status() == StatusCode::OK
            && asked.split(',').any(|t| t.trim().trim_start_matches("W/") == tag.to_str().unwrap_or_default()) =>
        {
            HttpResponse::NotModified()
                .insert_header((header::ETAG, tag))
                .insert_header((header::CACHE_CONTROL, "no-cache"))
                .insert_header((header::VARY, "Accept-Encoding"))
                .finish()
        }
        _ => res,
    }
}

/// Renders a route, with a form's state when a no-JavaScript form post is answered
/// with its page again (the visitor's values and the errors; see `crate::actions`).
/// `props_path` is a path of the page (the form's own address).
/// `staff`: the session of a console page, already checked.
pub async fn page_with(
    state: &AppState,
    props_path: &str,
    form: Option<super::FormState>,
    staff: Option<&hygo_staff::sessions::Current>,
) -> HttpResponse {
    page_in(state, props_path, form, staff, Encoding::Identity).await
}

/// `page_with`, sent in the coding `wanted` (compressed quickly here, as a page
/// made for one request: a console page answering a post).
pub async fn page_in(
    state: &AppState,
    props_path: &str,
    form: Option<super::FormState>,
    staff: Option<&hygo_staff::sessions::Current>,
    wanted: Encoding,
) -> HttpResponse {
    let (path, query) = props_path.split_once('?').unwrap_or((props_path, ""));
    let (lang, path) = url::language(path, &state.config.languages);
    let Some(found) = registry::find(path) else {
        tracing::error!(path, "a form answered with a path that is no page");
        return error_page(StatusCode::INTERNAL_SERVER_ERROR);
    };
    let mut res = respond(state, &found, url::in_language(lang, &found.url(query)), form, staff, wanted).await;
    super::request::keep_private(found.page, res.headers_mut());
    res
}

async fn respond(
    state: &AppState,
    found: &Found,
    props_path: String,
    form: Option<super::FormState>,
    staff: Option<&hygo_staff::sessions::Current>,
    wanted: Encoding,
) -> HttpResponse {
    // Anyone can make up addresses with a query (within the declared parameters)
    // or that answer "not found": such a page is kept only in free memory.
    let room = |page: &Cached| match props_path.contains('?') || page.status >= 400 {
        true => Room::Free,
        false => Room::Any,
    };
    // Most pages are kept by URL and data version: a hit needs neither props nor
    // a render, and after a change the previous page is served while one request
    // renders the new one. So are the refusals of their forms that show nothing
    // typed (the staff sign-in page's: it never shows the address back), each in a
    // slot of its own: the same for everyone who gets them, so a flood of wrong
    // passwords costs neither props nor renders.
    let shows_nothing_typed = form.as_ref().is_none_or(|f| f.values.is_empty());
    if found.page.keep == Keep::ByDataVersion && staff.is_none() && shows_nothing_typed {
        let version = match state.render_cache.data_version(&state.db).await {
            Ok(version) => version,
            Err(e) => {
                tracing::error!(path = %found.path, error = %e, "data version failed");
                return error_page(StatusCode::SERVICE_UNAVAILABLE);
            }
        };
        // And by the content's version (`hygo_content::version`: an editor's
        // publication), and by the day in IST: whether a doctor is on leave
        // changes at midnight.
        let variant = form
            .as_ref()
            .map(|f| format!("{} {} {:?}", f.status, f.message, f.errors))
            .unwrap_or_default();
        let made_from = cache::key(
            &props_path,
            &format!(
                "v{}c{}d{}{variant}",
                version.catalogue,
                hygo_content::version(),
                state.clock.today()
            ),
        );
        let kept = state.render_cache.page(
            cache::key(&props_path, &variant),
            made_from,
            true,
            |page| room(page),
            || async {
                let (props, props_json) = props_of(state, found, &props_path, form, None).await?;
                kept(state, found, &props_path, &props, &props_json, Lane::Public).await
            },
        );
        return match kept.await {
            Ok(page) => document_response(&page, wanted),
            Err(status) => error_page(status),
        };
    }
    // A page with patients' data: its audit row is made while it is loaded and
    // rendered, and it is sent only once the row is committed (`pages::disclose`).
    let made = super::loaded_with_record(state, found, staff, &props_path, made(state, found, &props_path, form, staff, room)).await;
    match made {
        Ok(Ok(page)) => document_response(&page, wanted),
        Ok(Err(status)) => error_page(status),
        Err(e) => {
            tracing::error!(path = %found.path, error = %e, "a page with patients' data was not sent: its audit row could not be written");
            error_page(StatusCode::SERVICE_UNAVAILABLE)
        }
    }
}

/// A page that is not kept by data version: its props, and the page kept by
/// them or rendered for this request.
async fn made(
    state: &AppState,
    found: &Found,
    props_path: &str,
    form: Option<super::FormState>,
    staff: Option<&hygo_staff::sessions::Current>,
    room: impl Fn(&Cached) -> Room,
) -> Result<Cached, StatusCode> {
    // A signed-in member of staff renders in a lane of their own, which no flood
    // of the public side can fill (`hygo_render::Lane`).
    let lane = match staff {
        Some(current) if current.stage == hygo_staff::sessions::Stage::Full => Lane::Staff,
        _ => Lane::Public,
    };
    let (props, props_json) = props_of(state, found, props_path, form, staff).await?;
    // The other pages are kept by their props; a form answered with the visitor's
    // values is theirs alone and never kept, nor is a page that says `Keep::Never`,
    // nor a staff page shown with a session.
    match props.form {
        None if found.page.keep != Keep::Never && staff.is_none() => {
            // One slot per address: a new version replaces the old one.
            let (slot, made_from) = (cache::key(props_path, ""), cache::key(props_path, &props_json));
            let render = || kept(state, found, props_path, &props, &props_json, lane);
            state.render_cache.page(slot, made_from, false, room, render).await
        }
        _ => render(state, found, props_path, &props, &props_json, lane).await,
    }
}

/// A page's props and their JSON, with a form's state when a no-JavaScript form
/// post is answered with its page again.
async fn props_of(
    state: &AppState,
    found: &Found,
    props_path: &str,
    form: Option<super::FormState>,
    staff: Option<&hygo_staff::sessions::Current>,
) -> Result<(Props, String), StatusCode> {
    // Logs name the path, never the query: it may carry a subscriber's token or a search.
    let mut props = super::load(state, found, props_path.to_owned(), staff).await.map_err(|e| {
        tracing::error!(path = %found.path, error = %e, "page data failed");
        StatusCode::SERVICE_UNAVAILABLE
    })?;
    if let Some(form) = form {
        // A refused form is answered 422 (429 when over the limit); the page is the same.
        props.status = form.status;
        props.form = Some(form);
    }
    let json = serde_json::to_string(&props).map_err(|e| {
        tracing::error!(path = %found.path, error = %e, "props do not serialize");
        StatusCode::INTERNAL_SERVER_ERROR
    })?;
    Ok((props, json))
}

/// A page to keep: rendered, then compressed once, off the request threads.
async fn kept(
    state: &AppState,
    found: &Found,
    url: &str,
    props: &Props,
    props_json: &str,
    lane: Lane,
) -> Result<Cached, StatusCode> {
    let page = render(state, found, url, props, props_json, lane).await?;
    web::block(move || page.compressed()).await.map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)
}

/// A public page rendered from a content that is not the live one (a draft
/// laid over it) for one request: never kept in the render cache, sent
/// `no-store` and `noindex`, with the banner and without scripts. `frame`: the
/// editor shows it in a frame of its own page.
pub async fn preview(state: &AppState, path: &str, content: std::sync::Arc<hygo_content::Content>, banner: &Banner, frame: bool) -> HttpResponse {
    let Some(found) = registry::find(path) else {
        return error_page(StatusCode::NOT_FOUND);
    };
    // The page at its address in the content's language (the router's base is the language's prefix).
    let url = url::in_language(content.lang, &found.url(""));
    let made = async {
        let props = super::load_with(state, &found, url.clone(), None, content).await.map_err(|e| {
            tracing::error!(path = %found.path, error = %e, "preview data failed");
            StatusCode::SERVICE_UNAVAILABLE
        })?;
        let json = serde_json::to_string(&props).map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?;
        render_with(state, &found, &url, &props, &json, Lane::Staff, Some(banner)).await
    };
    let mut res = match made.await {
        Ok(page) => {
            let mut res = HttpResponse::build(StatusCode::from_u16(page.status).unwrap_or(StatusCode::OK));
            res.content_type("text/html; charset=utf-8");
            res.body(page.body_for(Encoding::Identity).0)
        }
        Err(status) => error_page(status),
    };
    let headers = res.headers_mut();
    headers.insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    headers.insert(header::HeaderName::from_static("x-robots-tag"), header::HeaderValue::from_static("noindex"));
    headers.insert(header::REFERRER_POLICY, header::HeaderValue::from_static("no-referrer"));
    if frame {
        let csp = crate::edge::CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
        if let Ok(value) = header::HeaderValue::from_str(&csp) {
            headers.insert(header::CONTENT_SECURITY_POLICY, value);
        }
        headers.insert(header::X_FRAME_OPTIONS, header::HeaderValue::from_static("SAMEORIGIN"));
    }
    res
}

/// The page's document: React's HTML in the shell, with head, JSON-LD and props.
async fn render(
    state: &AppState,
    found: &Found,
    url: &str,
    props: &Props,
    props_json: &str,
    lane: Lane,
) -> Result<Cached, StatusCode> {
    render_with(state, found, url, props, props_json, lane, None).await
}

async fn render_with(
    state: &AppState,
    found: &Found,
    url: &str,
    props: &Props,
    props_json: &str,
    lane: Lane,
    preview: Option<&Banner>,
) -> Result<Cached, StatusCode> {
    let path = url.split('?').next().unwrap_or_default();
    // The page's own address in its language, and in each of the others.
    let lang = hygo_content::Lang::parse(props.site.lang).unwrap_or(hygo_content::Lang::DEFAULT);
    let own = props.head.canonical.as_deref().unwrap_or(found.page.canonical());
    let public = &state.config.public_url;
    let canonical = format!("{public}{}", url::in_language(lang, own));
    let served = &state.config.languages;
    let alternates: Vec<(&'static str, String)> = match served.len() > 1 && found.page.scope == Scope::Public {
        true => served
            .iter()
            .map(|l| (l.as_str(), format!("{public}{}", url::in_language(*l, own))))
            .chain(std::iter::once(("x-default", format!("{public}{own}"))))
            .collect(),
        false => Vec::new(),
    };
    let structured_data = props.head.structured_data.as_ref().map(|v| script_safe_json(&v.to_string()));
    let output = match state.renderer.render_in(lane, url, props_json.to_owned()).await {
        Ok((output, took)) => {
            tracing::debug!(path, took_us = took.as_micros() as u64, "rendered");
            state.metrics.rendered(took);
            output
        }
        Err(hygo_render::RenderError::Busy) => {
            tracing::warn!(path, "render queue full; answered 503");
            return Err(StatusCode::SERVICE_UNAVAILABLE);
        }
        // Interrupted at its time limit: most often a machine too busy to finish it
        // in time, so the answer is to try again shortly (a runaway render is
        // logged all the same, and its runtime replaced).
        Err(e @ hygo_render::RenderError::Timeout(_)) => {
            tracing::error!(path, error = %e, "render interrupted; answered 503");
            return Err(StatusCode::SERVICE_UNAVAILABLE);
        }
        Err(hygo_render::RenderError::Exception { message, stack }) => {
            tracing::error!(path, %message, %stack, "render threw");
            return Err(StatusCode::INTERNAL_SERVER_ERROR);
        }
        Err(e) => {
            tracing::error!(path, error = %e, "render failed");
            return Err(StatusCode::INTERNAL_SERVER_ERROR);
        }
    };
    let document = Document {
        lang: props.site.lang,
        locale: format!("{}_IN", props.site.lang),
        font: font_of(lang).map(|name| format!("/assets/{name}")),
        title: &props.head.title,
        description: &props.head.description,
        canonical: &canonical,
        alternates,
        // Error pages, search results and unsubscribe links are not for search engines' indexes.
        noindex: output.status >= 400 || found.page.robots == Robots::NoIndex || props.head.noindex || preview.is_some(),
        structured_data,
        css_text: CLIENT_CSS_TEXT,
        boot: CLIENT_BOOT,
        modules: modules(found.page.component),
        body: &output.html,
        props: &script_safe_json(props_json),
        preview,
    };
    document.render().map(|html| Cached::new(html, output.status)).map_err(|e| {
        tracing::error!(path, error = %e, "document shell failed");
        StatusCode::INTERNAL_SERVER_ERROR
    })
}

/// The font a language's script needs (`ui/src/styles/app.css`), as the build
/// named it; none for English, which the system's fonts draw.
fn font_of(lang: hygo_content::Lang) -> Option<&'static str> {
    let family = match lang.as_str() {
        "hi" => "client/noto-sans-devanagari-devanagari-400-normal-",
        "gu" => "client/noto-sans-gujarati-gujarati-400-normal-",
        _ => return None,
    };
    crate::ui_assets::FILES.iter().map(|f| f.name).find(|name| name.starts_with(family) && name.ends_with(".woff2"))
}

/// The entry, its chunks and the page component's own (see `ui/build.mjs`), as a
/// JSON list for the boot script: without the chunks the browser would learn of
/// each only after running the module that imports it. File names are the build's
/// (letters, digits, `-`, `.`, `/`), so the list is safe inside a script element.
fn modules(module: &str) -> String {
    let page = PAGE_CHUNKS.iter().find(|(m, _)| *m == module).map_or(&[][..], |(_, chunks)| *chunks);
    let files: Vec<&str> = std::iter::once(CLIENT_JS).chain(CLIENT_JS_IMPORTS.iter().copied()).chain(page.iter().copied()).collect();
    serde_json::to_string(&files).unwrap_or_else(|_| "[]".into())
}

/// A page with its validator, in the coding the request accepts when the page has
/// it ready. Browsers revalidate HTML on every visit (`no-cache`) and get 304 when
/// it has not changed (see `page`).
fn document_response(page: &Cached, wanted: Encoding) -> HttpResponse {
    let (body, coding) = page.body_for(wanted);
    // A page made for this request alone (a console page) has no ready-made form: compress it quickly here.
    let (body, coding) = match coding {
        Encoding::Identity => crate::encoding::quickly(&body, wanted).map_or((body, coding), |(bytes, coding)| (bytes.into(), coding)),
        _ => (body, coding),
    };
    let mut res = HttpResponse::build(StatusCode::from_u16(page.status).unwrap_or(StatusCode::OK));
    res.content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::ETAG, page.etag_for(coding)));
    crate::encoding::mark(&mut res, coding);
    res.body(body)
}

/// How long a visitor is asked to wait after a 503 (the render queue was full, or
/// the database did not answer): the queue holds a few renders of milliseconds each.
pub const RETRY_AFTER_SECS: u32 = 1;

/// A plain page for when React could not render: no stack trace, a way forward.
/// A 503 says when to try again (`Retry-After`).
pub fn error_page(status: StatusCode) -> HttpResponse {
    plain_page(status, "page.errorHeading", "page.errorText")
}

/// The same plain page for an address that can be no page (`crate::edge::has_nul`).
pub fn not_found_page() -> HttpResponse {
    plain_page(StatusCode::NOT_FOUND, "page.notFoundHeading", "page.notFoundText")
}

pub fn plain_page(status: StatusCode, heading: &str, text: &str) -> HttpResponse {
    let content = hygo_content::default();
    let phone = content.site.phone.as_str();
    let page = ErrorPage {
        lang: content.lang.as_str(),
        heading: content.message(heading),
        message: content.message(text),
        phone,
        phone_link: &phone.replace(' ', ""),
        css: CLIENT_CSS,
    };
    let mut res = HttpResponse::build(status);
    res.content_type("text/html; charset=utf-8");
    if status == StatusCode::SERVICE_UNAVAILABLE {
        res.insert_header((header::RETRY_AFTER, RETRY_AFTER_SECS.to_string()));
    }
    res.body(page.render().unwrap_or_else(|_| "Something went wrong".into()))
}

/// JSON inside `<script type="application/json">`: `<`, `>` and `&` escaped so the
/// text can never close the element, whatever a doctor's bio contains.
pub fn script_safe_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// How a page request that may not go on is answered: to the sign-in page (303),
/// or 403 with the console's plain page; 503 when the sessions cannot be read.
pub fn denied(req: &HttpRequest, denied: crate::access::Denied) -> HttpResponse {
    use crate::access::Denied;
    let mut res = match denied {
        Denied::SignIn => HttpResponse::SeeOther().insert_header((header::LOCATION, "/staff/sign-in")).finish(),
        Denied::Role => plain_page(StatusCode::FORBIDDEN, "staff.notYourRoleHeading", "staff.notYourRole"),
        Denied::Unavailable => error_page(StatusCode::SERVICE_UNAVAILABLE),
    };
    // A session that is gone leaves no cookie behind.
    if denied == Denied::SignIn && req.cookie(hygo_staff::sessions::COOKIE).is_some() {
        let _ = res.add_cookie(&crate::access::removal());
    }
    // A page asked for without a session is where the sign-in returns to.
    if denied == Denied::SignIn && req.method() == actix_web::http::Method::GET {
        let asked = match req.query_string() {
            "" => req.path().to_owned(),
            q => format!("{}?{q}", req.path()),
        };
        if let Some(cookie) = crate::access::return_cookie(&asked) {
            let _ = res.add_cookie(&cookie);
        }
    }
    res.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    res
}

#[cfg(test)]
mod tests {
    #[test]
    fn json_cannot_close_the_script_element() {
        let json = serde_json::json!({"bio": "</script><script>alert(1)</script> & more"}).to_string();
        let safe = super::script_safe_json(&json);
        assert!(!safe.contains('<'));
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["bio"], "</script><script>alert(1)</script> & more");
    }
}

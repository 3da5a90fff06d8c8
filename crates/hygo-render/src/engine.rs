use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, CaughtError, Context, Function, Runtime};
use serde::Deserialize;

use crate::RenderError;

/// What one render produced: the markup of `<div id="root">` and the status.
/// The head is not the renderer's business: the server made it with the props.
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct RenderOutput {
    pub html: String,
    pub status: u16,
}

/// One QuickJS runtime with the server bundle loaded. Not `Send`: it stays on the
/// thread that made it.
pub struct Engine {
    // Field order matters: the context must drop before its runtime.
    context: Context,
    runtime: Runtime,
    deadline: Rc<Cell<Option<Instant>>>,
    timeout: Duration,
}

impl Engine {
    /// Makes a runtime with a memory limit and an interrupt handler, and evaluates
    /// the bundle once.
    pub fn new(bundle: &str, timeout: Duration, memory_limit: usize) -> Result<Self, RenderError> {
        let bundle_err = |e: rquickjs::Error| RenderError::Bundle(e.to_string());
        let runtime = Runtime::new().map_err(bundle_err)?;
        runtime.set_memory_limit(memory_limit);
        // React's reconciler recurses once per element depth; the default 256 KiB
        // is too tight for a long page. Render threads get 8 MiB stacks (pool.rs).
        runtime.set_max_stack_size(4 * 1024 * 1024);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let watch = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            watch.get().is_some_and(|d| Instant::now() >= d)
        })));
        let context = Context::full(&runtime).map_err(bundle_err)?;
        context.with(|ctx| -> Result<(), RenderError> {
            install_console(&ctx).map_err(bundle_err)?;
            ctx.eval::<(), _>(bundle)
                .catch(&ctx)
                .map_err(|e| RenderError::Bundle(caught_message(&e)))?;
            let f: rquickjs::Value = ctx.globals().get("hygoRender").map_err(bundle_err)?;
            if !f.is_function() {
                return Err(RenderError::Bundle("the bundle defines no globalThis.hygoRender".into()));
            }
            Ok(())
        })?;
        Ok(Self { context, runtime, deadline, timeout })
    }

    /// Renders `url` with `props_json` (the page's props, already JSON).
    pub fn render(&self, url: &str, props_json: &str) -> Result<RenderOutput, RenderError> {
        self.deadline.set(Some(Instant::now() + self.timeout));
        let result = self.context.with(|ctx| {
            let f: Function = ctx.globals().get("hygoRender").map_err(|e| RenderError::Bundle(e.to_string()))?;
            let out: Result<String, _> = f.call((url, props_json)).catch(&ctx);
            out.map_err(|e| self.classify(e))
        });
        self.deadline.set(None);
        let json = result?;
        serde_json::from_str(&json).map_err(|e| RenderError::BadOutput(e.to_string()))
    }

    /// Whether the runtime should be replaced: a render that was interrupted or ran
    /// out of memory may leave the heap in a state not worth trusting.
    pub fn memory_used(&self) -> i64 {
        self.runtime.memory_usage().memory_used_size
    }

    fn classify(&self, e: CaughtError<'_>) -> RenderError {
        if self.deadline.get().is_some_and(|d| Instant::now() >= d) {
            return RenderError::Timeout(self.timeout);
        }
        match e {
            CaughtError::Exception(ex) => RenderError::Exception {
                message: ex.message().unwrap_or_default(),
                stack: ex.stack().unwrap_or_default(),
            },
            other => RenderError::Exception { message: other.to_string(), stack: String::new() },
        }
    }
}

fn caught_message(e: &CaughtError<'_>) -> String {
    match e {
        CaughtError::Exception(ex) => {
            format!("{} {}", ex.message().unwrap_or_default(), ex.stack().unwrap_or_default())
        }
        other => other.to_string(),
    }
}

/// `console.*` inside the bundle goes to the server's log (React reports problems
/// there). Levels: 0 log/info, 1 warn, 2 error.
fn install_console(ctx: &rquickjs::Ctx<'_>) -> rquickjs::Result<()> {
    let sink = Function::new(ctx.clone(), |level: i32, message: String| match level {
        2 => tracing::error!(target: "hygo_render::js", "{message}"),
        1 => tracing::warn!(target: "hygo_render::js", "{message}"),
        _ => tracing::info!(target: "hygo_render::js", "{message}"),
    })?;
    ctx.globals().set("__hygoLog", sink)?;
    ctx.eval::<(), _>(
        r#"(function () {
  var fmt = function (args) {
    return Array.prototype.map.call(args, function (a) {
      if (a instanceof Error) return a.stack || String(a);
      if (typeof a === "object") { try { return JSON.stringify(a); } catch (e) { return String(a); } }
      return String(a);
    }).join(" ");
  };
  var log = globalThis.__hygoLog;
  globalThis.console = {
    log: function () { log(0, fmt(arguments)); },
    info: function () { log(0, fmt(arguments)); },
    debug: function () {},
    warn: function () { log(1, fmt(arguments)); },
    error: function () { log(2, fmt(arguments)); }
  };
})();"#,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUNDLE: &str = r#"
globalThis.hygoRender = function (url, props) {
  var p = JSON.parse(props);
  if (p.mode === "throw") { throw new Error("boom at " + url); }
  if (p.mode === "spin") { for (;;) {} }
  if (p.mode === "hog") { var a = []; for (;;) { a.push(new Array(100000).fill(1)); } }
  if (p.mode === "bad") { return "not json"; }
  return JSON.stringify({ html: "<p>" + p.text + "</p>", status: p.status || 200 });
};"#;

    fn engine() -> Engine {
        Engine::new(BUNDLE, Duration::from_millis(300), 32 * 1024 * 1024).unwrap()
    }

    #[test]
    fn renders_html_and_status() {
        let out = engine().render("/x", r#"{"text":"नमस्ते ગુજરાતી","status":404}"#).unwrap();
        assert_eq!(out.html, "<p>नमस्ते ગુજરાતી</p>");
        assert_eq!(out.status, 404);
    }

    #[test]
    fn a_throw_is_an_exception_with_a_stack() {
        match engine().render("/boom", r#"{"mode":"throw"}"#) {
            Err(RenderError::Exception { message, .. }) => assert_eq!(message, "boom at /boom"),
            other => panic!("expected an exception, got {other:?}"),
        }
    }

    #[test]
    fn a_runaway_render_is_interrupted_and_the_engine_still_works() {
        let e = engine();
        let started = Instant::now();
        assert!(matches!(e.render("/", r#"{"mode":"spin"}"#), Err(RenderError::Timeout(_))));
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(e.render("/", r#"{"text":"again"}"#).unwrap().html, "<p>again</p>");
    }

    #[test]
    fn memory_is_limited() {
        let e = engine();
        assert!(e.render("/", r#"{"mode":"hog"}"#).is_err());
    }

    #[test]
    fn a_wrong_return_value_is_reported() {
        assert!(matches!(engine().render("/", r#"{"mode":"bad"}"#), Err(RenderError::BadOutput(_))));
    }

    #[test]
    fn a_bundle_without_the_entry_point_is_refused() {
        assert!(matches!(
            Engine::new("var x = 1;", Duration::from_secs(1), 0),
            Err(RenderError::Bundle(_))
        ));
        assert!(matches!(
            Engine::new("throw new Error('no')", Duration::from_secs(1), 0),
            Err(RenderError::Bundle(_))
        ));
    }
}

//! The embedded JavaScript engine that turns a React route into HTML.
//!
//! The seam is one function of the server bundle, `hygoRender(url, propsJson)`,
//! returning `{"html", "status"}` as JSON.
//! Keeping the seam that small is deliberate: a V8 backend could replace this crate
//! where V8 can be had (see DESIGN.md).
//!
//! QuickJS runtimes are not `Send`, and a render is milliseconds of CPU work, so each
//! runtime lives on its own render thread, with the bundle loaded once. The async
//! server hands jobs to the pool and awaits the answer, so a slow render never
//! blocks the threads that serve I/O.

mod engine;
mod pool;

pub use engine::{Engine, RenderOutput};
pub use pool::{Lane, RenderConfig, RenderPool};

/// Why a render gave no page.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The bundle itself failed to evaluate or has no `hygoRender`.
    #[error("the server bundle failed to load: {0}")]
    Bundle(String),
    /// JavaScript threw. `stack` is for the log only, never for the visitor.
    #[error("render threw: {message}")]
    Exception { message: String, stack: String },
    /// The render ran past its time budget and was interrupted.
    #[error("render interrupted after {0:?}")]
    Timeout(std::time::Duration),
    /// `hygoRender` returned something that is not the agreed JSON.
    #[error("render returned an unexpected value: {0}")]
    BadOutput(String),
    /// Every render thread is busy and the queue is full: try again shortly.
    #[error("the render queue is full")]
    Busy,
    /// Every render thread is gone (only at shutdown).
    #[error("the render pool is shut down")]
    Unavailable,
}

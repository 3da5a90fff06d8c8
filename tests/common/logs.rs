//! What the server logs during a test, captured: a `tracing` subscriber for the
//! test's own thread (the in-process app runs its requests there), so a test can
//! say that nothing it did was logged as an error.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// The lines logged on this thread while the guard lives.
pub struct Captured {
    lines: Arc<Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
}

impl Captured {
    /// Everything logged so far, one event a line.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.lines.lock().unwrap()).into_owned()
    }

    /// The lines logged at the level ERROR.
    pub fn errors(&self) -> Vec<String> {
        self.text().lines().filter(|l| l.contains("ERROR")).map(str::to_owned).collect()
    }
}

#[derive(Clone)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Captures the warnings and errors logged on this thread from now on.
pub fn capture() -> Captured {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = Sink(lines.clone());
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::WARN)
        .with_ansi(false)
        .with_writer(move || sink.clone())
        .finish();
    Captured { lines, _guard: tracing::subscriber::set_default(subscriber) }
}

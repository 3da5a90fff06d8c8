use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::{Engine, RenderError, RenderOutput};

/// How the pool is sized and bounded.
#[derive(Debug, Clone)]
pub struct RenderConfig {
    /// Render threads, each with its own runtime.
    pub threads: usize,
    /// A render running longer than this is interrupted.
    pub timeout: Duration,
    /// Heap limit of each runtime, in bytes.
    pub memory_limit: usize,
    /// Renders that may wait for a free thread; one more is refused at once
    /// (`RenderError::Busy`) rather than queued behind seconds of work.
    pub queue: usize,
}

impl Default for RenderConfig {
    fn default() -> Self {
        Self { threads: 2, timeout: Duration::from_secs(2), memory_limit: 128 * 1024 * 1024, queue: 8 }
    }
}

struct Job {
    url: String,
    props: String,
    reply: oneshot::Sender<Result<(RenderOutput, Duration), RenderError>>,
}

/// A fixed set of render threads fed from one short queue. Cheap to clone.
#[derive(Clone)]
pub struct RenderPool {
    queue: SyncSender<Job>,
    /// Renders run to an answer (a page or an error), by every thread; see `renders`.
    renders: Arc<AtomicU64>,
}

impl RenderPool {
    /// Starts the threads and loads the bundle into each; fails if the bundle does
    /// not load, so a broken build stops the server at start-up, not at first visit.
    pub fn start(bundle: Arc<str>, config: RenderConfig) -> Result<Self, RenderError> {
        let threads = config.threads.max(1);
        // At least one place: a queue of none would refuse every job no thread is
        // already waiting for.
        let (queue, jobs) = mpsc::sync_channel::<Job>(config.queue.max(1));
        let jobs = Arc::new(Mutex::new(jobs));
        let renders = Arc::new(AtomicU64::new(0));
        let (ready_tx, ready_rx) = mpsc::channel();
        for n in 0..threads {
            let jobs = jobs.clone();
            let bundle = bundle.clone();
            let config = config.clone();
            let ready = ready_tx.clone();
            let renders = renders.clone();
            thread::Builder::new()
                .name(format!("render-{n}"))
                .stack_size(8 * 1024 * 1024)
                .spawn(move || worker(bundle, config, jobs, ready, renders))
                .map_err(|e| RenderError::Bundle(format!("cannot start a render thread: {e}")))?;
        }
        drop(ready_tx);
        for _ in 0..threads {
            match ready_rx.recv() {
                Ok(Ok(load_time)) => tracing::debug!(?load_time, "render runtime ready"),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err(RenderError::Unavailable),
            }
        }
        Ok(Self { queue, renders })
    }

    /// How many renders this pool has run to an answer (a page or an error) since
    /// it started. A counter for tests and diagnostics: a page served from a cache
    /// leaves it unchanged.
    pub fn renders(&self) -> u64 {
        self.renders.load(Ordering::Relaxed)
    }

    /// Renders on a render thread; returns the output and the time the JavaScript took.
    /// `RenderError::Busy` at once when the queue is full: the threads are behind,
    /// and a visitor is better told to retry than kept waiting for seconds.
    pub async fn render(&self, url: &str, props: String) -> Result<(RenderOutput, Duration), RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job { url: url.to_owned(), props, reply };
        match self.queue.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(RenderError::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(RenderError::Unavailable),
        }
        answer.await.map_err(|_| RenderError::Unavailable)?
    }
}

fn worker(
    bundle: Arc<str>,
    config: RenderConfig,
    jobs: Arc<Mutex<Receiver<Job>>>,
    ready: mpsc::Sender<Result<Duration, RenderError>>,
    renders: Arc<AtomicU64>,
) {
    let load = || Engine::new(&bundle, config.timeout, config.memory_limit);
    let started = Instant::now();
    let mut engine = match load() {
        Ok(engine) => {
            let _ = ready.send(Ok(started.elapsed()));
            engine
        }
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    drop(ready);
    loop {
        let job = {
            let Ok(jobs) = jobs.lock() else { return };
            match jobs.recv() {
                Ok(job) => job,
                Err(_) => return, // pool dropped: shut down
            }
        };
        let started = Instant::now();
        let result = engine.render(&job.url, &job.props).map(|out| (out, started.elapsed()));
        // Counted before the answer goes out, so whoever awaits it sees the count.
        renders.fetch_add(1, Ordering::Relaxed);
        // After an interrupt or an allocation failure the heap may be half-built:
        // start a fresh runtime rather than trust it.
        let recycle = matches!(result, Err(RenderError::Timeout(_)))
            || matches!(&result, Err(RenderError::Exception { message, .. }) if message.contains("out of memory"));
        let _ = job.reply.send(result);
        if recycle {
            match load() {
                Ok(fresh) => engine = fresh,
                Err(e) => {
                    tracing::error!(error = %e, "cannot reload the render runtime; thread stops");
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_render_run_to_an_answer_is_counted() {
        let bundle = r#"globalThis.hygoRender = function (url) {
  if (url === "/boom") { throw new Error("boom"); }
  return JSON.stringify({ html: "<p>" + url + "</p>", head: { title: "T", description: "D" }, status: 200 });
};"#;
        let pool = RenderPool::start(bundle.into(), RenderConfig { threads: 2, ..RenderConfig::default() }).unwrap();
        assert_eq!(pool.renders(), 0, "loading the bundle is no render");
        let (out, _) = pool.render("/a", "{}".into()).await.unwrap();
        assert_eq!(out.html, "<p>/a</p>");
        assert_eq!(pool.renders(), 1);
        assert!(pool.render("/boom", "{}".into()).await.is_err());
        assert_eq!(pool.renders(), 2, "a render that threw ran too");
        let clone = pool.clone();
        clone.render("/b", "{}".into()).await.unwrap();
        assert_eq!((pool.renders(), clone.renders()), (3, 3), "clones share the count");
    }

    #[tokio::test]
    async fn a_render_beyond_the_queue_is_refused_at_once() {
        // Each render spins until its time budget interrupts it (one second).
        let bundle = "globalThis.hygoRender = function () { for (;;) {} };";
        let config = RenderConfig { threads: 1, queue: 1, timeout: Duration::from_secs(1), ..RenderConfig::default() };
        let pool = RenderPool::start(bundle.into(), config).unwrap();
        // One running, one waiting: of four at once, two at least are refused, and
        // they are told so while the first is still spinning (no render has ended).
        let tries = (0..4).map(|_| {
            let pool = pool.clone();
            tokio::spawn(async move {
                let result = pool.render("/spin", "{}".into()).await;
                (matches!(result, Err(RenderError::Busy)), pool.renders())
            })
        });
        let mut answers = Vec::new();
        for answer in tries.collect::<Vec<_>>() {
            answers.push(answer.await.unwrap());
        }
        let refused: Vec<u64> = answers.iter().filter(|(busy, _)| *busy).map(|(_, ended)| *ended).collect();
        assert!(refused.len() >= 2, "the queue holds one and the thread one: {answers:?}");
        assert!(refused.iter().all(|ended| *ended == 0), "refused before any render ended: {answers:?}");
        assert!(answers.iter().any(|(busy, _)| !busy), "the first ran: {answers:?}");
        assert_eq!(pool.renders() as usize, answers.len() - refused.len(), "only the accepted ran");
    }
}

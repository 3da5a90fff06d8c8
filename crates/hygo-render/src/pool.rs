use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
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
    /// Renders of the public lane that may wait for a free thread; one more is
    /// refused at once (`RenderError::Busy`) rather than queued behind seconds of work.
    pub queue: usize,
    /// The same for the staff lane, which the threads take first.
    pub staff_queue: usize,
}

impl Default for RenderConfig {
    fn default() -> Self {
        Self { threads: 2, timeout: Duration::from_secs(2), memory_limit: 128 * 1024 * 1024, queue: 8, staff_queue: 32 }
    }
}

/// Which queue a render waits in. The threads take a staff render before any
/// public one, and each queue has its own bound, so no flood of anonymous
/// requests can fill the staff's queue or keep its renders waiting for more
/// than the render each thread is busy with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Pages for anyone, signed in or not (the public site, the sign-in page).
    Public,
    /// Pages for staff with a live session.
    Staff,
}

struct Job {
    url: String,
    props: String,
    reply: oneshot::Sender<Result<(RenderOutput, Duration), RenderError>>,
}

/// The two queues, taken by the threads under one lock.
#[derive(Default)]
struct Lanes {
    staff: VecDeque<Job>,
    public: VecDeque<Job>,
    /// Set when the pool is dropped: the threads stop once the queues are empty.
    closed: bool,
}

struct Shared {
    lanes: Mutex<Lanes>,
    ready: Condvar,
    limits: (usize, usize),
}

/// Closes the queues when the last handle to the pool goes.
struct Closer(Arc<Shared>);

impl Drop for Closer {
    fn drop(&mut self) {
        if let Ok(mut lanes) = self.0.lanes.lock() {
            lanes.closed = true;
        }
        self.0.ready.notify_all();
    }
}

/// A fixed set of render threads fed from two short queues. Cheap to clone.
#[derive(Clone)]
pub struct RenderPool {
    shared: Arc<Shared>,
    _closer: Arc<Closer>,
    /// Renders run to an answer (a page or an error), by every thread; see `renders`.
    renders: Arc<AtomicU64>,
}

impl RenderPool {
    /// Starts the threads and loads the bundle into each; fails if the bundle does
    /// not load, so a broken build stops the server at start-up, not at first visit.
    pub fn start(bundle: Arc<str>, config: RenderConfig) -> Result<Self, RenderError> {
        let threads = config.threads.max(1);
        // At least one place each: a queue of none would refuse every job no thread
        // is already waiting for.
        let shared = Arc::new(Shared {
            lanes: Mutex::new(Lanes::default()),
            ready: Condvar::new(),
            limits: (config.queue.max(1), config.staff_queue.max(1)),
        });
        let renders = Arc::new(AtomicU64::new(0));
        let (ready_tx, ready_rx) = mpsc::channel();
        for n in 0..threads {
            let shared = shared.clone();
            let bundle = bundle.clone();
            let config = config.clone();
            let ready = ready_tx.clone();
            let renders = renders.clone();
            thread::Builder::new()
                .name(format!("render-{n}"))
                .stack_size(8 * 1024 * 1024)
                .spawn(move || worker(bundle, config, shared, ready, renders))
                .map_err(|e| RenderError::Bundle(format!("cannot start a render thread: {e}")))?;
        }
        drop(ready_tx);
        let pool = Self { _closer: Arc::new(Closer(shared.clone())), shared, renders };
        for _ in 0..threads {
            match ready_rx.recv() {
                Ok(Ok(load_time)) => tracing::debug!(?load_time, "render runtime ready"),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err(RenderError::Unavailable),
            }
        }
        Ok(pool)
    }

    /// How many renders this pool has run to an answer (a page or an error) since
    /// it started. A counter for tests and diagnostics: a page served from a cache
    /// leaves it unchanged.
    pub fn renders(&self) -> u64 {
        self.renders.load(Ordering::Relaxed)
    }

    /// Renders waiting for a thread now, in each lane: (public, staff).
    pub fn waiting(&self) -> (usize, usize) {
        self.shared.lanes.lock().map_or((0, 0), |l| (l.public.len(), l.staff.len()))
    }

    /// Renders on a render thread in the public lane; returns the output and the
    /// time the JavaScript took. `RenderError::Busy` at once when the queue is
    /// full: the threads are behind, and a visitor is better told to retry than
    /// kept waiting for seconds.
    pub async fn render(&self, url: &str, props: String) -> Result<(RenderOutput, Duration), RenderError> {
        self.render_in(Lane::Public, url, props).await
    }

    /// The same in a given lane.
    pub async fn render_in(&self, lane: Lane, url: &str, props: String) -> Result<(RenderOutput, Duration), RenderError> {
        let (reply, answer) = oneshot::channel();
        {
            let mut lanes = self.shared.lanes.lock().map_err(|_| RenderError::Unavailable)?;
            let (queue, limit) = match lane {
                Lane::Public => (&mut lanes.public, self.shared.limits.0),
                Lane::Staff => (&mut lanes.staff, self.shared.limits.1),
            };
            if queue.len() >= limit {
                return Err(RenderError::Busy);
            }
            queue.push_back(Job { url: url.to_owned(), props, reply });
        }
        self.shared.ready.notify_one();
        answer.await.map_err(|_| RenderError::Unavailable)?
    }
}

/// The next job: the staff lane's first; None once the pool is dropped.
fn next_job(shared: &Shared) -> Option<Job> {
    let mut lanes = shared.lanes.lock().ok()?;
    loop {
        if let Some(job) = lanes.staff.pop_front().or_else(|| lanes.public.pop_front()) {
            return Some(job);
        }
        if lanes.closed {
            return None;
        }
        lanes = shared.ready.wait(lanes).ok()?;
    }
}

fn worker(
    bundle: Arc<str>,
    config: RenderConfig,
    shared: Arc<Shared>,
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
    while let Some(job) = next_job(&shared) {
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

    #[tokio::test]
    async fn staff_renders_have_their_own_queue_and_go_first() {
        // One thread, one place in each queue, renders of `/spin` that spin for their second.
        let bundle = r#"globalThis.hygoRender = function (url) {
  if (url === "/spin") { for (;;) {} }
  return JSON.stringify({ html: url, head: { title: "T", description: "D" }, status: 200 });
};"#;
        let config = RenderConfig { threads: 1, queue: 1, staff_queue: 1, timeout: Duration::from_secs(1), ..RenderConfig::default() };
        let pool = RenderPool::start(bundle.into(), config).unwrap();
        let render = |lane, url: &'static str| {
            let pool = pool.clone();
            tokio::spawn(async move {
                let result = pool.render_in(lane, url, "{}".into()).await.map(|(o, _)| o.html);
                (result, Instant::now())
            })
        };
        // The thread takes the first spinning render; a second waits in the public queue.
        let running = render(Lane::Public, "/spin");
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(pool.waiting(), (0, 0), "the thread took the first");
        let queued_public = render(Lane::Public, "/spin");
        while pool.waiting().0 < 1 {
            tokio::task::yield_now().await;
        }
        // The public lane is full; the staff lane is not, and its render goes first.
        assert!(matches!(pool.render("/public", "{}".into()).await, Err(RenderError::Busy)), "the public queue is full");
        let staff = render(Lane::Staff, "/staff");
        let (staff_html, staff_done) = staff.await.unwrap();
        assert_eq!(staff_html.unwrap(), "/staff");
        let (first, _) = running.await.unwrap();
        let (second, second_done) = queued_public.await.unwrap();
        assert!(first.is_err() && second.is_err(), "both spinning renders were interrupted");
        assert!(staff_done < second_done, "the staff render ran before the public one queued ahead of it");
    }
}

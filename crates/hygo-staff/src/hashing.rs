//! Password hashing on threads of its own, off the async workers.
//!
//! One argon2id hash or verification is about 19 MiB of memory and tens of
//! milliseconds of one core (`password`). Run on the async workers, a flood of
//! sign-in attempts stalled every other request behind them (issue 24: `/healthz`
//! at a median of 694 ms under 48 clients posting wrong passwords). Here they run
//! on a small pool (`HYGO_HASH_THREADS`, default 1) at a lower scheduling
//! priority than the rest of the server, behind a short queue
//! (`HYGO_HASH_QUEUE`): one more is refused at once (`Busy`, answered 429), so
//! the memory and the time hashing can take are bounded whatever arrives.
//!
//! Beside them, the owners' lane (issue 44: the owner's remembered browser got
//! 429 in 15 of 18 tries during a flood): one thread and a short queue of their
//! own for attempts from a browser that signed in to the account before (a
//! signed device cookie, `crate::sign_in`), which no flood from elsewhere
//! reaches. And the refusals as busy are counted by the network that sent them
//! (`refused`), so a flood that only meets a full queue is still slowed down.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;

use tokio::sync::oneshot;

/// The queue was full: the caller answers 429 and asks to try again shortly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("password hashing is busy")]
pub struct Busy;

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads and their queue. Cheap to clone.
#[derive(Clone)]
pub struct Hasher {
    queue: SyncSender<Job>,
    /// Jobs queued or running, for `/metrics`.
    waiting: Arc<AtomicUsize>,
    /// Threads and places in the queue.
    capacity: usize,
    /// The owners' lane (None: this is it).
    owners: Option<Arc<Hasher>>,
    /// Refusals as busy in the current hour, by network key: (hour, count).
    refused: Arc<Mutex<HashMap<String, (i64, u64)>>>,
}

/// Makes room among full counts: the past hours' go, then, while more than
/// three quarters of `NETWORKS_KEPT` are left, those with the fewest refusals
/// (the least of a threat). Each pass frees at least a quarter, so a flood from
/// ever new networks costs a scan now and then rather than one per refusal
/// (issue 44: a scan of 10,000 on every refusal once the map was full of this
/// hour's networks, 6 % of the server's time under a flood).
fn prune(counts: &mut HashMap<String, (i64, u64)>, hour: i64) {
    counts.retain(|_, (h, _)| *h == hour);
    while counts.len() > NETWORKS_KEPT * 3 / 4 {
        let mut all: Vec<u64> = counts.values().map(|(_, n)| *n).collect();
        let cut = all.len() - NETWORKS_KEPT * 3 / 4;
        let (_, fewest, _) = all.select_nth_unstable(cut - 1);
        let fewest = *fewest;
        counts.retain(|_, (_, n)| *n > fewest);
    }
}

/// The owners' lane: one thread, a queue of four.
const OWNER_THREADS: usize = 1;
const OWNER_QUEUE: usize = 4;
/// Networks remembered at once for the refusals' counts (a flood from many is pruned).
const NETWORKS_KEPT: usize = 10_000;

/// How much lower the hashing threads run than the rest (`nice`): under a flood
/// they get what the pages and the health check leave.
const NICENESS: i32 = 10;

impl Hasher {
    /// Starts `threads` threads (at least one) behind a queue of `queue` jobs.
    ///
    /// # Panics
    /// When the operating system cannot start a thread.
    pub fn start(threads: usize, queue: usize) -> Self {
        let owners = Arc::new(Self::lane("hash-owner", OWNER_THREADS, OWNER_QUEUE, None));
        Self::lane("hash", threads, queue, Some(owners))
    }

    fn lane(name: &str, threads: usize, queue: usize, owners: Option<Arc<Hasher>>) -> Self {
        let (tx, rx) = mpsc::sync_channel::<Job>(queue.max(1));
        let rx = Arc::new(Mutex::new(rx));
        for n in 0..threads.max(1) {
            let rx = rx.clone();
            thread::Builder::new().name(format!("{name}-{n}")).spawn(move || work(&rx)).expect("start a hashing thread");
        }
        Self { queue: tx, waiting: Arc::new(AtomicUsize::new(0)), capacity: threads.max(1) + queue.max(1), owners, refused: Arc::default() }
    }

    /// The lane for an attempt from one of the account's own browsers.
    pub(crate) fn owners(&self) -> &Hasher {
        self.owners.as_deref().unwrap_or(self)
    }

    /// Counts a refusal as busy against `network` in `hour` (unix seconds / 3600).
    pub(crate) fn refused_from(&self, network: &str, hour: i64) {
        let Ok(mut counts) = self.refused.lock() else { return };
        if counts.len() >= NETWORKS_KEPT && !counts.contains_key(network) {
            prune(&mut counts, hour);
        }
        let entry = counts.entry(network.to_owned()).or_insert((hour, 0));
        if entry.0 != hour {
            *entry = (hour, 0);
        }
        entry.1 += 1;
    }

    #[cfg(test)]
    fn networks_kept(&self) -> usize {
        self.refused.lock().map(|c| c.len()).unwrap_or_default()
    }

    /// The refusals as busy counted against `network` in `hour`.
    pub(crate) fn refusals(&self, network: &str, hour: i64) -> u64 {
        self.refused.lock().ok().and_then(|c| c.get(network).filter(|(h, _)| *h == hour).map(|(_, n)| *n)).unwrap_or(0)
    }

    /// Runs `f` on a hashing thread; `Busy` at once when the queue is full.
    pub async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Result<T, Busy> {
        match self.reserve() {
            Some(place) => place.run(f).await,
            None => Err(Busy),
        }
    }

    /// Takes a place on the threads or in the queue, when one is free, for a job
    /// to come (`Place::run`): an attempt reserves its check before it is
    /// written down, so that a flood never writes more attempts than can be
    /// checked (issue 44: 48 clients passed `full` together, each was counted
    /// in the database, then most were refused as busy and written again).
    pub(crate) fn reserve(&self) -> Option<Place> {
        let taken = self.waiting.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < self.capacity).then_some(n + 1)).is_ok();
        taken.then(|| Place { hasher: self.clone(), sent: false })
    }

    /// Sends `f` to the threads in a place already counted (`reserve`).
    async fn send<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Result<T, Busy> {
        let (reply, answer) = oneshot::channel();
        let waiting = self.waiting.clone();
        // Counted out before the answer leaves, so whoever has the answer sees
        // the place free (`full`, `waiting`).
        let job: Job = Box::new(move || {
            let answer = f();
            waiting.fetch_sub(1, Ordering::Relaxed);
            let _ = reply.send(answer);
        });
        match self.queue.try_send(job) {
            Ok(()) => answer.await.map_err(|_| Busy),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                self.waiting.fetch_sub(1, Ordering::Relaxed);
                Err(Busy)
            }
        }
    }

    /// Whether every thread is busy and the queue full: a caller may answer `Busy`
    /// at once, before any other work (`run` refuses the same way, exactly).
    pub fn full(&self) -> bool {
        self.waiting() >= self.capacity
    }

    /// Hashes queued or running now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }
}

/// A place on the hashing threads, reserved (`Hasher::reserve`); given back
/// when dropped unused.
pub(crate) struct Place {
    hasher: Hasher,
    sent: bool,
}

impl Place {
    /// Runs `f` in this place; `Busy` only when a thread had not yet taken its
    /// last job from the queue (the place is given back).
    pub(crate) async fn run<T: Send + 'static>(mut self, f: impl FnOnce() -> T + Send + 'static) -> Result<T, Busy> {
        self.sent = true;
        self.hasher.send(f).await
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        if !self.sent {
            self.hasher.waiting.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

fn work(jobs: &Mutex<Receiver<Job>>) {
    // Linux keeps a nice value per thread (named by its id); where that fails the
    // thread runs as the rest do.
    let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), NICENESS);
    loop {
        let job = {
            let Ok(jobs) = jobs.lock() else { return };
            match jobs.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        job();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_off_the_caller_and_beyond_the_queue_are_refused() {
        let hasher = Hasher::start(1, 1);
        let caller = thread::current().id();
        let ran_on = hasher.run(|| (thread::current().id(), thread::current().name().map(str::to_owned))).await.unwrap();
        assert_ne!(ran_on.0, caller);
        assert_eq!(ran_on.1.as_deref(), Some("hash-0"));

        // One job holds the thread until released, one waits in the queue: a third is refused at once.
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let (running, started) = std::sync::mpsc::channel::<()>();
        let first = tokio::spawn({
            let hasher = hasher.clone();
            async move {
                hasher
                    .run(move || {
                        running.send(()).unwrap();
                        hold.recv().is_ok()
                    })
                    .await
            }
        });
        while started.try_recv().is_err() {
            tokio::task::yield_now().await;
        }
        let second = tokio::spawn({
            let hasher = hasher.clone();
            async move { hasher.run(|| 2).await }
        });
        while hasher.waiting() < 2 {
            tokio::task::yield_now().await;
        }
        assert_eq!(hasher.run(|| 3).await, Err(Busy), "the thread and the queue are taken");
        release.send(()).unwrap();
        assert_eq!(first.await.unwrap(), Ok(true));
        assert_eq!(second.await.unwrap(), Ok(2));
        assert_eq!(hasher.waiting(), 0);
        assert_eq!(hasher.run(|| 4).await, Ok(4), "free again");
    }

    #[tokio::test]
    async fn a_reserved_place_is_kept_for_its_job_and_given_back_unused() {
        let hasher = Hasher::start(1, 1);
        let (first, second) = (hasher.reserve().expect("a thread"), hasher.reserve().expect("the queue"));
        assert!(hasher.reserve().is_none() && hasher.full(), "two places, both reserved");
        assert_eq!(hasher.run(|| 0).await, Err(Busy), "nobody else gets one meanwhile");
        drop(second);
        assert_eq!(hasher.waiting(), 1, "given back unused");
        assert_eq!(first.run(|| 1).await, Ok(1));
        assert_eq!(hasher.waiting(), 0);
    }

    #[tokio::test]
    async fn a_flood_from_ever_new_networks_keeps_the_worst_counted() {
        let hasher = Hasher::start(1, 1);
        let hour = 490_000;
        hasher.refused_from("old", hour - 1);
        for _ in 0..5 {
            hasher.refused_from("loud", hour);
        }
        for n in 0..NETWORKS_KEPT - 2 {
            hasher.refused_from(&format!("n{n}"), hour);
        }
        // A quarter of them were refused twice.
        for n in (0..NETWORKS_KEPT - 2).step_by(4) {
            hasher.refused_from(&format!("n{n}"), hour);
        }
        assert_eq!(hasher.networks_kept(), NETWORKS_KEPT, "full");
        hasher.refused_from("new", hour);
        let kept = hasher.networks_kept();
        assert!(kept <= NETWORKS_KEPT * 3 / 4 + 1, "a quarter at least made room: {kept} kept");
        assert_eq!(hasher.refusals("loud", hour), 5, "the network refused most is still counted");
        assert_eq!(hasher.refusals("new", hour), 1);
        assert_eq!(hasher.refusals("n0", hour), 2, "those refused twice are kept");
        assert_eq!(hasher.refusals("n1", hour), 0, "those refused once made the room");
        assert_eq!(hasher.refusals("old", hour - 1), 0, "the past hour's went first");
        // Counting again where the map has room scans nothing: the next new
        // networks are simply added.
        hasher.refused_from("newer", hour);
        assert_eq!(hasher.networks_kept(), kept + 1);
    }
}

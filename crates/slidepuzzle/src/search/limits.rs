//! Limits on a search: nodes, wall-clock time, memory, and cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};

pub use crate::error::StopReason;

/// How far a search has got: IDA* reports when an iteration with a new
/// bound starts, best-first search ([`super::best_first`]: A*, weighted
/// A*, breadth-first) about once a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// No solution is shorter: for IDA*, the f-bound of the iteration
    /// starting now (every smaller bound has been searched completely); for
    /// best-first search, the least g + h on the open list (0 when the
    /// heuristic is not admissible, so nothing is proven).
    pub bound: u32,
    /// Nodes expanded so far, in the iterations before this one.
    pub expanded: u64,
    /// Nodes generated so far (this thread's count for a split search's
    /// coordinator: all threads).
    pub generated: u64,
}

/// Receives [`Progress`] reports (from the searching thread; keep it cheap).
#[derive(Clone)]
pub struct ProgressSink(pub Arc<dyn Fn(Progress) + Send + Sync>);

impl std::fmt::Debug for ProgressSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProgressSink")
    }
}

/// A shorter answer an anytime solve has found on its way (the solver's
/// anytime plan for mid-sized boards): reported as it is found, the
/// constructive answer first, and again with a higher lower bound when a
/// search proves one (the same length, a smaller gap); the answer the
/// solve returns is the last one reported, replayed. Lengths are in the solve's metric; the lower
/// bound is proven in the single-tile metric only (0 in the multi-tile
/// metric).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Improvement {
    /// The answer's length in moves.
    pub length: usize,
    /// The proven lower bound on the optimum (0: none).
    pub lower_bound: u32,
    /// The search that found it (`constructive`, `beam-100000-lc`).
    pub algorithm: String,
    /// Seconds since the solve started.
    pub seconds: f64,
}

/// Receives [`Improvement`]s (from the solving thread; keep it cheap).
#[derive(Clone)]
pub struct ImprovementSink(pub Arc<dyn Fn(&Improvement) + Send + Sync>);

impl std::fmt::Debug for ImprovementSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ImprovementSink")
    }
}

/// Bounds a search. The default is unbounded in nodes and time, with a
/// 4 GiB budget for searches that store states (A*, BFS).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Maximum node expansions.
    pub max_nodes: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// Raised by another thread to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Budget in bytes for stored states (A*, BFS) and for building
    /// tables; an estimate.
    pub max_memory: u64,
    /// Receives a report at each new IDA* bound (a face shows it as
    /// "bound 52, 12 M nodes"); `None` reports nothing.
    pub progress: Option<ProgressSink>,
    /// How long an anytime solve (the solver's plan for boards of 17 to
    /// 49 cells) keeps shortening its answer; `None`: the plan's default
    /// (10 s). Never past `deadline`. [`Limits::with_budget`] sets both
    /// from a user's time budget (`--timeout`); a server's safety limit
    /// sets only the deadline.
    pub improve_for: Option<Duration>,
    /// Receives each shorter answer of an anytime solve as it is found
    /// (a face shows it as "132 moves, at least 102"); `None` reports
    /// nothing.
    pub improvements: Option<ImprovementSink>,
    /// The f-bound IDA* starts at when it is above the root's heuristic
    /// value: a run resumed after every smaller bound was searched without
    /// a solution (the last [`Progress::bound`] a stopped run reported).
    /// The node counts then cover the bounds searched now, plus 1 for the
    /// root. A bound above the optimum is the caller's error: the answer
    /// would not be proven optimal. `None`: start at the root's value.
    pub start_bound: Option<u32>,
    /// IDA* stops ([`StopReason::BoundReached`]) instead of starting an
    /// iteration with this bound or a higher one, its lower bound then
    /// that iteration's bound (at least this value, every smaller bound
    /// searched without a solution): a caller that holds an answer of this
    /// length needs only the proof that nothing shorter exists (the
    /// anytime plan's last phase). `None`: no such stop.
    pub stop_at_bound: Option<u32>,
}

/// What a memory budget is for: each kind of work has its default budget
/// ([`Work::default_memory`]), which [`memory_budget`] lowers to what the
/// machine has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Solving, listing, analysing solutions: 4 GiB.
    Solve,
    /// Building pattern databases ahead of time: 8 GiB.
    Tables,
    /// A benchmark run (its tables included): 8 GiB.
    Bench,
    /// Whole-space exploration (God's number, sharded BFS): 16 GiB.
    Explore,
    /// One request of the web server, many of which share a machine: 1 GiB.
    Request,
}

impl Work {
    /// The budget in bytes when the user names none (before the machine
    /// lowers it).
    pub const fn default_memory(self) -> u64 {
        match self {
            Work::Solve => 4 << 30,
            Work::Tables | Work::Bench => 8 << 30,
            Work::Explore => 16 << 30,
            Work::Request => 1 << 30,
        }
    }
}

/// The machine's memory as a face reads it (the library reads no system
/// files): the most the process can still take now, the most a budget may
/// be (the least of the machine's total and the process's limits), and
/// where those figures come from, in words, for a refusal. `None`: unknown
/// or unlimited.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MachineMemory {
    /// Bytes the process can still take.
    pub room: Option<u64>,
    /// Bytes a budget may not pass.
    pub ceiling: Option<u64>,
    /// The sources of both, in words (`MemTotal ..., cgroup limit ...`).
    pub sources: String,
}

/// The one memory-budget rule, for every face: a budget the user gives
/// (`asked`, bytes) is kept, unless it is above what the process can ever
/// have (`machine.ceiling`), which is refused rather than tried; without
/// one, `work`'s default ([`Work::default_memory`]), lowered to three
/// quarters of the room the process has now. O(1).
///
/// ```
/// use slidepuzzle::search::{MachineMemory, Work, memory_budget};
/// let machine = MachineMemory { room: Some(2 << 30), ceiling: Some(8 << 30), sources: String::new() };
/// assert_eq!(memory_budget(None, Work::Solve, &machine).unwrap(), 3 << 29); // 3/4 of 2 GiB
/// assert_eq!(memory_budget(Some(6 << 30), Work::Solve, &machine).unwrap(), 6 << 30);
/// assert!(memory_budget(Some(9 << 30), Work::Solve, &machine).is_err());
/// ```
///
/// # Errors
/// [`Error::Argument`] named `memory` for a budget above the ceiling,
/// saying how much the process can have and why.
pub fn memory_budget(asked: Option<u64>, work: Work, machine: &MachineMemory) -> Result<u64> {
    match asked {
        Some(bytes) => match machine.ceiling {
            Some(ceiling) if bytes > ceiling => Err(Error::argument(
                "memory",
                format!(
                    "{} MiB is more than this process can have ({} MiB: {})",
                    bytes >> 20,
                    ceiling >> 20,
                    machine.sources
                ),
            )),
            _ => Ok(bytes),
        },
        None => {
            let default = work.default_memory();
            Ok(machine
                .room
                .map_or(default, |room| default.min(room / 4 * 3)))
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: None,
            deadline: None,
            cancel: None,
            max_memory: Work::Solve.default_memory(),
            progress: None,
            improvements: None,
            improve_for: None,
            start_bound: None,
            stop_at_bound: None,
        }
    }
}

impl Limits {
    /// A timeout given in seconds, checked: more than 0, finite and below
    /// 1e9 (about 31 years), so that it always converts to a
    /// [`Duration`] and a deadline.
    ///
    /// ```
    /// use slidepuzzle::Limits;
    /// assert_eq!(Limits::timeout_seconds(1.5).unwrap().as_millis(), 1500);
    /// assert!(Limits::timeout_seconds(1e300).is_err());
    /// assert!(Limits::timeout_seconds(f64::NAN).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Argument`] (named `timeout`) for anything else.
    pub fn timeout_seconds(seconds: f64) -> Result<Duration> {
        if seconds > 0.0 && seconds.is_finite() && seconds < 1e9 {
            Ok(Duration::from_secs_f64(seconds))
        } else {
            Err(Error::Argument {
                name: "timeout".into(),
                message: format!("must be a positive number of seconds below 1e9, got {seconds:?}"),
            })
        }
    }

    /// The deadline, cancel flag and memory budget as the
    /// [`crate::primitives::budget::Budget`] of work that is not a search
    /// (Schreier-Sims, walks, order computations).
    pub(crate) fn budget(&self) -> crate::primitives::budget::Budget {
        crate::primitives::budget::Budget {
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            max_memory: Some(self.max_memory),
        }
    }

    /// Limits with a timeout from now.
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.deadline = timeout.map(|t| Instant::now() + t);
        self
    }

    /// Limits with a user's time budget from now: the deadline, and the
    /// time an anytime solve spends shortening its answer
    /// ([`Limits::improve_for`]), longer or shorter than its default.
    ///
    /// ```
    /// use slidepuzzle::Limits;
    /// use std::time::Duration;
    /// let limits = Limits::default().with_budget(Some(Duration::from_secs(45)));
    /// assert_eq!(limits.improve_for, Some(Duration::from_secs(45)));
    /// assert!(limits.deadline.is_some());
    /// ```
    pub fn with_budget(mut self, timeout: Option<Duration>) -> Self {
        self.improve_for = timeout;
        self.with_timeout(timeout)
    }

    /// Reports a shorter answer of an anytime solve.
    pub(crate) fn improved(&self, improvement: &Improvement) {
        if let Some(sink) = &self.improvements {
            (sink.0)(improvement);
        }
    }

    /// Reports that an iteration with `bound` starts after `expanded` and
    /// `generated` nodes.
    #[inline]
    pub(crate) fn report(&self, bound: u32, expanded: u64, generated: u64) {
        if let Some(sink) = &self.progress {
            (sink.0)(Progress {
                bound,
                expanded,
                generated,
            });
        }
    }

    /// The first bound of an IDA* whose root has heuristic value `h0`:
    /// `h0`, or [`Limits::start_bound`] when that is higher.
    #[inline]
    pub(crate) fn first_bound(&self, h0: u32) -> u32 {
        self.start_bound.map_or(h0, |b| b.max(h0))
    }

    /// Whether an IDA* iteration with `bound` is past
    /// [`Limits::stop_at_bound`].
    #[inline]
    pub(crate) fn bound_reached(&self, bound: u32) -> bool {
        self.stop_at_bound.is_some_and(|b| bound >= b)
    }

    /// Checks the node count, deadline and cancel flag. Cheap enough to call
    /// every few thousand nodes (it reads the clock).
    pub fn check(&self, expanded: u64) -> Option<StopReason> {
        if self.max_nodes.is_some_and(|m| expanded >= m) {
            return Some(StopReason::MaxNodes);
        }
        self.check_time()
    }

    /// Checks the cancel flag and the deadline (not the node count).
    pub fn check_time(&self) -> Option<StopReason> {
        crate::primitives::budget::time_stop(self.cancel.as_deref(), self.deadline)
    }
}

/// What the workers share during one search.
#[derive(Debug, Default)]
pub struct Shared {
    /// Raised by the worker that found a solution in this iteration.
    halt: AtomicBool,
    /// Expansions claimed by all workers so far: each worker claims its
    /// next batch (at most [`POLL_INTERVAL`], never beyond `max_nodes`)
    /// before it expands it, so the claims bound the whole search.
    nodes: AtomicU64,
}

impl Shared {
    /// Claims up to `want` expansions, never taking the total past
    /// `budget`; returns how many were granted (0: the budget is spent).
    pub(crate) fn claim(&self, want: u64, budget: Option<u64>) -> u64 {
        let Some(budget) = budget else {
            self.nodes.fetch_add(want, Ordering::Relaxed);
            return want;
        };
        let mut claimed = self.nodes.load(Ordering::Relaxed);
        loop {
            let grant = want.min(budget.saturating_sub(claimed));
            if grant == 0 {
                return 0;
            }
            match self.nodes.compare_exchange_weak(
                claimed,
                claimed + grant,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return grant,
                Err(now) => claimed = now,
            }
        }
    }

    /// Whether another worker has found a solution.
    pub(crate) fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }

    /// Sets or clears the flag that tells the other threads a solution
    /// was found.
    pub(crate) fn halt(&self, on: bool, order: Ordering) {
        self.halt.store(on, order);
    }

    /// Expansions claimed by all threads so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

/// Most expansions between two polls of the limits (and of the other
/// threads' flags in a split search): about a millisecond of IDA*, a few
/// tens of milliseconds of A*. A node budget shortens the last interval,
/// so `max_nodes` is never passed.
pub const POLL_INTERVAL: u64 = 1 << 16;

/// What a search does after a poll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Poll {
    /// Keep searching.
    Go,
    /// A limit was reached.
    Stop(StopReason),
    /// Another thread found a solution.
    Halt,
}

/// The one periodic check of every search kernel. The kernel counts a node
/// as expanded, then asks [`Poller::due`]; at most every [`POLL_INTERVAL`]
/// expansions [`Poller::poll`] checks the deadline, the cancel flag and
/// the other threads' flag, and grants the next interval out of
/// `max_nodes`: this search's own count on one thread, the workers'
/// claims on a [`Shared`] count in a split search. A node the poll refuses
/// is not expanded (the kernel takes it back off its count), so a search
/// never expands more than `max_nodes` nodes in all.
#[derive(Clone, Copy)]
pub(crate) struct Poller<'a> {
    limits: &'a Limits,
    shared: Option<&'a Shared>,
    /// The expansion count up to which no poll is needed.
    allowance: u64,
}

impl<'a> Poller<'a> {
    /// A poller for a search on one thread.
    pub(crate) fn new(limits: &'a Limits) -> Self {
        Poller {
            limits,
            shared: None,
            allowance: 0,
        }
    }

    /// A poller for one worker of a split search: its expansions are
    /// claimed from `shared`.
    pub(crate) fn shared(limits: &'a Limits, shared: &'a Shared) -> Self {
        Poller {
            limits,
            shared: Some(shared),
            allowance: 0,
        }
    }

    /// Whether the `expanded`-th expansion needs a poll first.
    #[inline(always)]
    pub(crate) fn due(&self, expanded: u64) -> bool {
        expanded > self.allowance
    }

    /// The check itself, before the `expanded`-th expansion: `Go` grants
    /// at least that one.
    #[cold]
    pub(crate) fn poll(&mut self, expanded: u64) -> Poll {
        if let Some(r) = self.limits.check_time() {
            return Poll::Stop(r);
        }
        if self.shared.is_some_and(Shared::halted) {
            return Poll::Halt;
        }
        let done = expanded - 1;
        let grant = match self.shared {
            Some(sh) => sh.claim(POLL_INTERVAL, self.limits.max_nodes),
            None => match self.limits.max_nodes {
                Some(m) => POLL_INTERVAL.min(m.saturating_sub(done)),
                None => POLL_INTERVAL,
            },
        };
        if grant == 0 {
            return Poll::Stop(StopReason::MaxNodes);
        }
        self.allowance = done + grant;
        Poll::Go
    }

    /// Gives the expansions granted beyond `expanded` back to the shared
    /// count (a worker that ends its share of an iteration), so that the
    /// next iteration's workers can claim them.
    pub(crate) fn release(&mut self, expanded: u64) {
        if let Some(sh) = self.shared {
            sh.nodes
                .fetch_sub(self.allowance.saturating_sub(expanded), Ordering::Relaxed);
            self.allowance = expanded;
        }
    }
}

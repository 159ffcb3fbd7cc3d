//! Limits on a search: nodes, wall-clock time, memory, and cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why a search stopped before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// `max_nodes` expansions were reached.
    MaxNodes,
    /// The deadline passed.
    Timeout,
    /// The cancel flag was raised (Ctrl-C, or a client that went away).
    Cancelled,
    /// The stored states would exceed the memory budget.
    Memory,
    /// A beam search lost every path to the goal (a wider beam may help).
    BeamExhausted,
}

impl StopReason {
    /// A short human description.
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::MaxNodes => "node limit reached",
            StopReason::Timeout => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::Memory => "memory limit reached",
            StopReason::BeamExhausted => {
                "the beam lost every path to the goal (try a wider --beam-width)"
            }
        }
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
    /// Budget in bytes for stored states (A*, BFS); an estimate.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: None,
            deadline: None,
            cancel: None,
            max_memory: 4 << 30,
        }
    }
}

impl Limits {
    /// Limits with a timeout from now.
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.deadline = timeout.map(|t| Instant::now() + t);
        self
    }

    /// Checks the node count, deadline and cancel flag. Cheap enough to call
    /// every few thousand nodes (it reads the clock).
    pub fn check(&self, expanded: u64) -> Option<StopReason> {
        if self.max_nodes.is_some_and(|m| expanded >= m) {
            return Some(StopReason::MaxNodes);
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Timeout);
        }
        None
    }
}

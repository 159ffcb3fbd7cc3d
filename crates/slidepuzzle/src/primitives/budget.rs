//! The limits of a long computation that is not a search (Schreier-Sims,
//! orbit and order computations, random walks): a deadline, a cancel flag
//! and a memory budget, checked as the work goes and before it stores
//! more. A search's [`crate::search::Limits`] gives one
//! ([`crate::search::Limits::budget`]); the faces set it from `--timeout`,
//! `--memory`, a web request's time limit or Ctrl-C.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::error::{Error, Result, StopReason};

/// A deadline, a cancel flag and a memory budget in bytes; the default is
/// unbounded.
///
/// ```
/// use slidepuzzle::Budget;
/// let b = Budget { max_memory: Some(1 << 20), ..Budget::default() };
/// assert!(b.check("a walk").is_ok());
/// assert!(b.check_memory(2 << 20, "a table").is_err());
/// let past = Budget { deadline: Some(std::time::Instant::now()), ..Budget::default() };
/// assert!(past.check("a walk").is_err());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// Raised by another thread to stop the work.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Bytes the work may hold; `None`: no budget of its own.
    pub max_memory: Option<u64>,
}

impl Budget {
    /// The limit that stops the work now, if any: the cancel flag, then
    /// the deadline. Reads the clock; cheap enough every few thousand
    /// steps.
    pub(crate) fn stop_reason(&self) -> Option<StopReason> {
        time_stop(self.cancel.as_deref(), self.deadline)
    }

    /// `Ok` unless the cancel flag is up or the deadline has passed.
    ///
    /// # Errors
    /// [`Error::Stopped`] naming `what` and the limit.
    pub fn check(&self, what: &str) -> Result<()> {
        match self.stop_reason() {
            None => Ok(()),
            Some(reason) => Err(stopped(reason, what)),
        }
    }

    /// `Ok` if `bytes` fit the memory budget (always, without one).
    ///
    /// # Errors
    /// [`Error::Stopped`] ([`StopReason::Memory`]) naming `what`, its
    /// size and the budget.
    pub fn check_memory(&self, bytes: u64, what: &str) -> Result<()> {
        match self.max_memory {
            Some(max) if bytes > max => Err(Error::Stopped {
                reason: StopReason::Memory,
                message: format!(
                    "{what} would need {} MiB, over the memory budget of {} MiB",
                    bytes.div_ceil(1 << 20),
                    max >> 20
                ),
            }),
            _ => Ok(()),
        }
    }
}

/// The limit that stops work now: the cancel flag when raised, else the
/// deadline when passed (what every budget and search limit checks).
#[inline]
pub(crate) fn time_stop(
    cancel: Option<&AtomicBool>,
    deadline: Option<Instant>,
) -> Option<StopReason> {
    if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
        return Some(StopReason::Cancelled);
    }
    deadline
        .is_some_and(|d| Instant::now() >= d)
        .then_some(StopReason::Timeout)
}

/// The error for `what` stopped by `reason`.
pub(crate) fn stopped(reason: StopReason, what: &str) -> Error {
    Error::Stopped {
        reason,
        message: format!("{what} stopped: {}", reason.describe()),
    }
}

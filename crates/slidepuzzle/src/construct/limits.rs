//! When a construction stops: between units of work, the caller's
//! [`Limits`] are asked.

use crate::error::{Error, Result};
use crate::search::{Limits, StopReason};

use super::walker::Walker;

/// Memory a solution step takes while the solution is assembled (the
/// walk's vertex and the step's two vertices), in bytes: what the memory
/// budget of `limits` is checked against.
pub(crate) const STEP_BYTES: u64 = 16;

/// A walk this large (65,536 moves) is always allowed, whatever the
/// memory budget: the budget is sized for a search's stored states, and
/// the constructive solver is what answers when a search ran out of it.
pub(crate) const WALK_BYTES_ALWAYS: u64 = 1 << 20;

/// [`check_limits`], and the walk made so far against the memory budget
/// (at least [`WALK_BYTES_ALWAYS`]): a construction on a sparse graph can
/// need hundreds of millions of moves (`random:9000,100,1`: 452 M, over
/// 20 GB before this check), each kept until the answer is out.
pub(crate) fn check_walker(w: &Walker<'_>) -> Result<()> {
    check_limits(&w.limits)?;
    let bytes = (w.path.len() as u64).saturating_mul(STEP_BYTES);
    if bytes > w.limits.max_memory.max(WALK_BYTES_ALWAYS) {
        return Err(Error::Stopped {
            reason: StopReason::Memory,
            message: format!(
                "the constructive solver stopped after {} moves: the answer would not fit the memory budget of {} MiB",
                w.path.len(),
                w.limits.max_memory.max(WALK_BYTES_ALWAYS) >> 20
            ),
        });
    }
    Ok(())
}

/// Stops a construction when `limits` say so (deadline, cancellation):
/// [`Error::Stopped`], which the solver turns into a stopped outcome. The
/// constructions call it between units of work (a line of a board, a
/// block, a tile), each a small fraction of a second.
pub(crate) fn check_limits(limits: &Limits) -> Result<()> {
    match limits.check(0) {
        None => Ok(()),
        Some(reason) => Err(Error::Stopped {
            reason,
            message: match reason {
                StopReason::Timeout => "the constructive solver reached the time limit",
                StopReason::Cancelled => "the constructive solver was cancelled",
                _ => "the constructive solver reached a limit",
            }
            .into(),
        }),
    }
}

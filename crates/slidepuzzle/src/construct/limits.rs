//! When a construction stops: between units of work, the caller's
//! [`Limits`] are asked.

use crate::error::{Error, Result};
use crate::search::{Limits, StopReason};

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

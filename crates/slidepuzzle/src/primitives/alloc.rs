//! Allocation that fails with an error instead of aborting the process.
//!
//! Budgets are checked before every allocation that grows with the input
//! (see docs/RELIABILITY.md), but the budget is an estimate and the
//! machine may have less than it (another process, an address-space
//! limit). Large buffers are therefore reserved with
//! [`Vec::try_reserve_exact`]: when the system refuses, the caller gets
//! [`Error::Stopped`] with [`StopReason::Memory`] naming the buffer, not a
//! `SIGABRT`.

use crate::error::{Error, Result, StopReason};

/// A vector of `len` values made by `fill`, reserved first.
///
/// ```
/// use slidepuzzle::primitives::alloc::try_vec;
/// let v = try_vec(4, "a test buffer", || 7u8).unwrap();
/// assert_eq!(v, [7, 7, 7, 7]);
/// assert!(try_vec(usize::MAX / 2, "a huge buffer", || 0u64).is_err());
/// ```
///
/// # Errors
/// [`Error::Stopped`] ([`StopReason::Memory`]) when the memory cannot be
/// reserved; the message names `what` and its size.
pub fn try_vec<T>(len: usize, what: &str, mut fill: impl FnMut() -> T) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| out_of_memory((len as u64).saturating_mul(size_of::<T>() as u64), what))?;
    v.extend((0..len).map(|_| fill()));
    Ok(v)
}

/// The error for `bytes` of `what` that the system would not give.
pub(crate) fn out_of_memory(bytes: u64, what: &str) -> Error {
    Error::Stopped {
        reason: StopReason::Memory,
        message: format!(
            "the system refused {} MiB for {what} (out of memory or over the address-space limit)",
            bytes.div_ceil(1 << 20)
        ),
    }
}

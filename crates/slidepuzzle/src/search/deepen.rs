//! The iterative-deepening driver of the IDA* kernels (Korf 1985): one
//! bounded depth-first iteration after another, each with the smallest f
//! that exceeded the last bound.

/// What a bounded depth-first iteration returns besides a next bound.
pub(crate) const FOUND: u32 = u32::MAX - 1;
/// A limit stopped the iteration.
pub(crate) const ABORT: u32 = u32::MAX;

/// The iterative-deepening driver shared by the IDA* kernels: calls
/// `iteration(bound)` from `h0` on, each time with the smallest f that
/// exceeded the last bound, until it returns [`FOUND`] (true) or [`ABORT`]
/// (false).
pub(crate) fn deepen(h0: u32, mut iteration: impl FnMut(u32) -> u32) -> bool {
    let mut bound = h0;
    loop {
        match iteration(bound) {
            FOUND => return true,
            ABORT => return false,
            next => bound = next,
        }
    }
}

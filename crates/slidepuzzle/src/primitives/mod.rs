//! Small shared primitives: the one copy of each routine that several parts
//! of the crate (`model`, `theory`, `explore`, `construct`) need. They are
//! the ground floor: they import nothing of the crate but [`crate::error`],
//! so every layer may use them without import cycles.
//!
//! - [`bfs`]: breadth-first distances and parent trees on vertex sets.
//! - [`perm`]: permutations as image slices (`&[usize]`): cycle count,
//!   parity, product, inverse. ([`crate::theory::Perm`] is the richer type
//!   in GAP's conventions.)
//! - [`counting`]: factorials and binomial coefficients, exact.
//! - [`alloc`]: large buffers reserved with an error, never an abort.
//! - [`budget`]: the deadline, cancel flag and memory budget of long
//!   work that is not a search.
//! - [`resident`]: read-only tables copied onto huge pages.
//!
//! The ranking of configurations ([`crate::theory::ranking`]) needs the
//! model and lives in `theory`; the placement ranking of the pattern
//! databases ([`crate::search::placement`]) is a hot kernel and stays with
//! them.

pub mod alloc;
pub mod bfs;
pub mod budget;
pub mod counting;
pub mod perm;
pub mod resident;

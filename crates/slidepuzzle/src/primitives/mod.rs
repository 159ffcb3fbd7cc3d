//! Small shared primitives: the one copy of each routine that several parts
//! of the crate (`model`, `theory`, `explore`, `construct`) need. [`bfs`],
//! [`perm`] and [`counting`] depend on nothing else in the crate;
//! [`ranking`] depends on `model` and `moves` (it ranks configurations).
//! None depends on `theory`, `explore`, `construct` or `search`, so those
//! may all use them without import cycles. (`model::graph` uses [`bfs`], so
//! `primitives::ranking` and `model` import each other: a known exception
//! to the layering, see `ARCHITECTURE.md`.)
//!
//! - [`bfs`]: breadth-first distances and parent trees on vertex sets.
//! - [`perm`]: permutations as image slices (`&[usize]`): cycle count,
//!   parity, product, inverse. ([`crate::theory::Perm`] is the richer type
//!   in GAP's conventions.)
//! - [`ranking`]: perfect ranking of configurations by Lehmer codes.
//! - [`counting`]: factorials and binomial coefficients, exact.
//!
//! The placement ranking of the pattern databases
//! (`search::pdb::rank_placement`) is a hot kernel and stays there.

pub mod bfs;
pub mod counting;
pub mod perm;
pub mod ranking;

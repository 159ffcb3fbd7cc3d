//! Small shared primitives: the one copy of each routine that several parts
//! of the crate (`model`, `theory`, `explore`, `construct`) need. They depend
//! only on `model` (and `moves` for the ranker), never on `theory`,
//! `explore`, `construct` or `search`, so those may all use them without
//! import cycles.
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

//! Puzzle theory: blocks, reachability (Wilson's theorem and its
//! extension to any graph), and uniform sampling of reachable
//! configurations. See `../shared/THEORY.md` sections 2 to 4.

pub mod blocks;
pub mod reachability;
pub mod scramble;

pub use blocks::{Block, BlockKind, Blocks, decompose};
pub use reachability::{Verdict, check};
pub use scramble::uniform_reachable;

//! Puzzle theory: blocks, reachability (Wilson's theorem and its
//! extension to any graph), and uniform sampling of reachable
//! configurations. See `docs/THEORY.md` sections 2 to 4.

pub mod blank_orbits;
pub mod blanks;
pub mod blocks;
pub mod decide;
pub mod directed;
pub mod exchanges;
pub mod gap;
pub mod group;
pub mod lesson;
pub mod movegroup;
pub mod perm;
pub mod ranking;
pub mod reachability;
pub mod rooted;
pub mod rotating;
pub mod schreier_sims;
pub mod scramble;
pub mod theta0;
pub mod tile_classes;
pub mod turning;
pub mod views;

pub use blocks::{Block, BlockKind, Blocks};
pub use decide::{AnyAnalysis, CheckMethod, analyze_any, analyze_any_within, check_with};
pub use group::{Analysis, analyze, check_loop_generators, loop_generators};
pub use perm::Perm;
pub use reachability::check_by_schreier_sims;
pub use reachability::{Decision, Verdict, check};
pub use schreier_sims::SimsTable;
pub use scramble::{seeded_scrambles, seeded_walks, uniform_reachable};

//! Exploring whole spaces: complete breadth-first searches of puzzle state
//! spaces ([`godsnumber`]), shortest words in Cayley graphs ([`words`]) and
//! the A* against BFS experiment of seed 000, section 7 ([`experiment`]).
//!
//! [`godsnumber`] is the one module outside [`crate::store`] that opens
//! files: it writes and reads its checkpoints at the path the caller gives
//! (see `ARCHITECTURE.md`, "I/O"). [`sharded`] (the same search, its
//! layers cut into shards for disk and clusters) reads and writes only
//! through the [`crate::store::TableStore`] it is handed.

pub mod distance_table;
pub mod experiment;
pub mod godsnumber;
pub mod sharded;
pub mod theta_family;
/// Moved to [`crate::theory::ranking`] (construct uses it too);
/// re-exported here so the old path keeps working.
pub use crate::theory::ranking;
pub mod words;

pub use words::{WordReport, word_lengths};

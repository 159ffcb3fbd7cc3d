//! Exploring whole spaces: shortest words in Cayley graphs (and, later,
//! complete breadth-first searches of puzzle state spaces).

pub mod experiment;
pub mod godsnumber;
/// Moved to [`crate::theory::ranking`] (construct uses it too);
/// re-exported here so the old path keeps working.
pub use crate::theory::ranking;
pub mod words;

pub use words::{WordReport, word_lengths};

//! Exploring whole spaces: shortest words in Cayley graphs (and, later,
//! complete breadth-first searches of puzzle state spaces).

pub mod experiment;
pub mod godsnumber;
pub mod ranking;
pub mod words;

pub use words::{WordReport, word_lengths};

//! The library's integration tests in one binary (ripgrep's layout): one
//! module per file of this folder, linked once instead of once per file
//! (`cargo test -p slidepuzzle --test integration MODULE::` runs one file's
//! tests). `common` holds the oracles they share.

mod analysis;
mod architecture;
mod blanks_on_arcs_and_turns;
mod budgets;
mod common;
mod constructive;
mod exchange_sort;
mod godsnumber;
mod m13;
mod one_way;
mod pdb;
mod render;
mod rotating;
mod roundtrip;
mod scrambles;
mod search_core;
mod several_blanks;
mod sharded;
mod short_answers;
mod solving;
mod table_builds;
mod theory;
mod theory_checks;
mod tile_classes;
mod turning;

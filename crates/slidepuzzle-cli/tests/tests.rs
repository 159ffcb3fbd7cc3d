//! The command line's end-to-end tests in one binary (ripgrep's layout):
//! one module per file of this folder, linked once instead of once per
//! file (`cargo test -p slidepuzzle-cli --test integration MODULE::` runs
//! one file's tests).

mod apply;
mod cli;
mod hardening;
mod json_schema;
mod one_way;
mod progress;
mod readme;
mod render;
mod rotating;
mod same_record;
mod speedsolver;

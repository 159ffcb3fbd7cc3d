//! The web API's tests in one binary (ripgrep's layout): one module per
//! file of this folder, linked once instead of once per file
//! (`cargo test -p slidepuzzle-web --test integration MODULE::` runs one
//! file's tests).

mod api;
mod json_schema;
mod load;
#[path = "support/requests.rs"]
mod requests;
mod same_record;
mod table_builds;

//! `slidepuzzle._native`: the Python face of the library.
//!
//! Everything here translates: Python values into the library's types
//! ([`slidepuzzle::Puzzle`], [`slidepuzzle::Configuration`],
//! [`slidepuzzle::SolveOptions`]), the facade's answers back into Python
//! objects, and [`slidepuzzle::Error`] into exceptions. No decision is made
//! here: which kernel, which tables, a distance table or searches, are the
//! library's ([`slidepuzzle::Solver`]). The friendly Python API (strings,
//! lists and numpy arrays accepted everywhere, Jupyter display, the
//! Gymnasium environment) is in `python/slidepuzzle/`.

use pyo3::prelude::*;

mod errors;
mod objects;
mod run;
mod sharded;
mod solving;

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<objects::Puzzle>()?;
    m.add_class::<objects::Configuration>()?;
    m.add_class::<solving::Solution>()?;
    m.add_class::<sharded::ShardedSearch>()?;
    m.add_function(wrap_pyfunction!(solving::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solving::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solving::distances, m)?)?;
    m.add_function(wrap_pyfunction!(solving::plan, m)?)?;
    m.add_function(wrap_pyfunction!(objects::check, m)?)?;
    m.add_function(wrap_pyfunction!(objects::count_blanks, m)?)?;
    m.add_function(wrap_pyfunction!(objects::analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(objects::permutation_json, m)?)?;
    m.add_function(wrap_pyfunction!(objects::scramble, m)?)?;
    m.add_function(wrap_pyfunction!(objects::godsnumber_json, m)?)?;
    m.add_function(wrap_pyfunction!(objects::render_svg, m)?)?;
    m.add_function(wrap_pyfunction!(objects::render_animation, m)?)?;
    m.add_function(wrap_pyfunction!(objects::cache_dir, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

//! `ShardedSearch`: the tasks of the library's sharded breadth-first
//! search ([`slidepuzzle::explore::sharded`]) on a directory, for the Ray
//! driver in `python/slidepuzzle/ray.py` to run on any node that sees the
//! directory. Each call opens the directory through a
//! [`DirectoryStore`]; the GIL is released while it works.

use std::sync::Arc;

use pyo3::prelude::*;
use slidepuzzle::Error;
use slidepuzzle::explore::sharded::{ShardedBfs, ShardedOptions};
use slidepuzzle::model::Metric;
use slidepuzzle::store::DirectoryStore;

use crate::errors::IntoPy;
use crate::objects::{Configuration, Puzzle};
use crate::run::interruptible;

/// One sharded search of `puzzle` from `goal`, its files in `dir`.
#[pyclass(module = "slidepuzzle._native", frozen)]
pub struct ShardedSearch {
    bfs: Arc<ShardedBfs>,
    store: Arc<DirectoryStore>,
}

#[pymethods]
impl ShardedSearch {
    /// `task_memory`: bytes one task may use (a larger shard is refused
    /// with the advice to use more shards).
    #[new]
    #[pyo3(signature = (puzzle, goal, metric, shards, dir, task_memory))]
    fn new(
        puzzle: &Puzzle,
        goal: &Configuration,
        metric: &str,
        shards: usize,
        dir: std::path::PathBuf,
        task_memory: u64,
    ) -> PyResult<Self> {
        let goal = puzzle.own(goal)?;
        let options = ShardedOptions {
            metric: metric.parse::<Metric>().py_err()?,
            shards,
            task_memory,
        };
        let bfs = ShardedBfs::new(&puzzle.inner, &goal, &options).py_err()?;
        Ok(ShardedSearch {
            bfs: Arc::new(bfs),
            store: Arc::new(DirectoryStore::new(dir)),
        })
    }

    /// Opens or starts the run: `(distribution, finished)`.
    fn open(&self, py: Python<'_>) -> PyResult<(Vec<u64>, bool)> {
        let (bfs, store) = (self.bfs.clone(), self.store.clone());
        let r = interruptible(py, None, move || {
            store.check_writable()?;
            bfs.open(&*store)
        })?;
        Ok((r.distribution, r.finished))
    }

    /// Expands `shard`'s frontier at `level` (skipped if already done).
    fn expand(&self, py: Python<'_>, level: usize, shard: usize) -> PyResult<()> {
        let (bfs, store) = (self.bfs.clone(), self.store.clone());
        interruptible(py, None, move || bfs.expand(&*store, level, shard))
    }

    /// Merges `shard`'s buckets of `level`; returns the size of its
    /// frontier at `level + 1`.
    fn merge(&self, py: Python<'_>, level: usize, shard: usize) -> PyResult<u64> {
        let (bfs, store) = (self.bfs.clone(), self.store.clone());
        interruptible(py, None, move || bfs.merge(&*store, level, shard))
    }

    /// Records the next level from every shard's merge count; returns its
    /// size (0: the search is over).
    fn complete_level(&self, py: Python<'_>, counts: Vec<u64>, seconds: f64) -> PyResult<u64> {
        let (bfs, store) = (self.bfs.clone(), self.store.clone());
        interruptible(py, None, move || {
            let mut record = bfs.open(&*store)?;
            if record.finished {
                return Ok(0);
            }
            bfs.complete_level(&*store, &mut record, &counts, seconds)
        })
    }

    /// The finished run's report as JSON (the fields of `GodsReport`).
    fn report_json(&self, py: Python<'_>, max_antipodes: usize) -> PyResult<String> {
        let (bfs, store) = (self.bfs.clone(), self.store.clone());
        let report = interruptible(py, None, move || {
            let record = bfs.open(&*store)?;
            bfs.report(&*store, &record, max_antipodes)
        })?;
        serde_json::to_string(&report)
            .map_err(|e| crate::errors::to_py(Error::Internal(e.to_string())))
    }
}

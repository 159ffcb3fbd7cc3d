//! The sharded breadth-first search (issue 35) gives the in-memory
//! search's answer, whatever the shard count, after any number of failed
//! writes, and refuses a store that holds another run.

use std::sync::atomic::{AtomicUsize, Ordering};

use slidepuzzle::explore::godsnumber::{GodsOptions, GodsReport, Metric, explore};
use slidepuzzle::explore::sharded::{RECORD, ShardedBfs, ShardedOptions, frontier_name};
use slidepuzzle::model::Puzzle;
use slidepuzzle::store::{DirectoryStore, MemoryStore, StoredTable, TableStore};
use slidepuzzle::{Error, Result};

use crate::common;
use common::published;

fn in_memory(spec: &str, metric: Metric) -> GodsReport {
    let p = Puzzle::parse(spec).unwrap();
    let opts = GodsOptions {
        metric,
        max_antipodes: 5,
        ..GodsOptions::default()
    };
    explore(&p, &p.default_goal(), &opts, &|_, _| {}).unwrap()
}

fn bfs(spec: &str, metric: Metric, shards: usize) -> ShardedBfs {
    let p = Puzzle::parse(spec).unwrap();
    let options = ShardedOptions {
        metric,
        shards,
        ..ShardedOptions::default()
    };
    ShardedBfs::new(&p, &p.default_goal(), &options).unwrap()
}

fn sharded(spec: &str, metric: Metric, shards: usize, store: &dyn TableStore) -> GodsReport {
    bfs(spec, metric, shards).run(store, 5, &|_, _| {}).unwrap()
}

#[test]
fn every_shard_count_gives_the_in_memory_distribution_and_antipodes() {
    for (spec, metric) in [
        ("3x3", Metric::Stm),
        ("3x3", Metric::Mtm),
        ("2x2x2", Metric::Stm),
        ("theta0", Metric::Stm),
        ("3x2", Metric::Mtm),
        ("4x2", Metric::Stm),
        ("3x2:torus", Metric::Mtm),
    ] {
        let want = in_memory(spec, metric);
        for shards in [1, 7, 64] {
            let got = sharded(spec, metric, shards, &MemoryStore::new());
            assert_eq!(
                got.distribution, want.distribution,
                "{spec} {metric} {shards}"
            );
            assert_eq!(got.states, want.states);
            assert_eq!(got.antipode_count, want.antipode_count);
            // Both list antipodes in rank order.
            assert_eq!(got.antipodes, want.antipodes, "{spec} {metric} {shards}");
            assert_eq!(got.engine, format!("sharded ({shards} shards)"));
        }
    }
    let r = sharded("3x3", Metric::Stm, 7, &MemoryStore::new());
    assert_eq!(r.distribution, published("stm", "3x3"));
}

/// A store that fails every save after the first `allowed`, as a full
/// disk or a killed process would, and counts its saves and the largest.
#[derive(Debug)]
struct Failing<'a> {
    inner: &'a MemoryStore,
    allowed: usize,
    saves: AtomicUsize,
    largest: AtomicUsize,
}

impl TableStore for Failing<'_> {
    fn load(&self, name: &str) -> Result<Option<StoredTable>> {
        self.inner.load(name)
    }
    fn contains(&self, name: &str) -> bool {
        self.inner.contains(name)
    }
    fn save(&self, name: &str, parts: &[&[u8]]) -> Result<()> {
        let len = parts.iter().map(|p| p.len()).sum();
        self.largest.fetch_max(len, Ordering::SeqCst);
        if self.saves.fetch_add(1, Ordering::SeqCst) >= self.allowed {
            return Err(Error::io(
                format!("memory/{name}"),
                std::io::Error::other("no space left on device"),
            ));
        }
        self.inner.save(name, parts)
    }
    fn discard(&self, name: &str) -> Result<()> {
        self.inner.discard(name)
    }
    fn location(&self) -> String {
        "memory".into()
    }
}

#[test]
fn a_run_stopped_by_a_failing_store_keeps_its_last_level_and_resumes_to_the_same_answer() {
    let want = in_memory("3x3", Metric::Stm);
    let shards = 7;
    let search = bfs("3x3", Metric::Stm, shards);
    // Stops after 1, then about a quarter, a half, ... of the saves a
    // whole run makes (31 levels, 2 x 7 files each, and the record).
    for allowed in [1, 9, 100, 250, 400] {
        let store = MemoryStore::new();
        let failing = Failing {
            inner: &store,
            allowed,
            saves: AtomicUsize::new(0),
            largest: AtomicUsize::new(0),
        };
        let err = search.run(&failing, 5, &|_, _| {}).unwrap_err();
        assert!(err.to_string().contains("no space left"), "{err}");
        // The record names a level whose every non-empty frontier is
        // stored, and its shard sizes add up to the level's size.
        let record = search.open(&store).unwrap();
        assert!(!record.finished);
        assert_eq!(
            record.distribution[..],
            want.distribution[..record.distribution.len()]
        );
        let sizes = record.layers.last().unwrap();
        assert_eq!(
            sizes.iter().sum::<u64>(),
            record.distribution[record.level()]
        );
        for (shard, &size) in sizes.iter().enumerate() {
            let stored = store.contains(&frontier_name(record.level(), shard));
            assert_eq!(stored, size > 0, "shard {shard}");
            assert_eq!(record.is_empty_at(record.level(), shard), size == 0);
        }
        // Run again on the same store: the same answer.
        let got = search.run(&store, 5, &|_, _| {}).unwrap();
        assert_eq!(
            got.distribution, want.distribution,
            "stopped after {allowed}"
        );
        assert_eq!(got.antipodes, want.antipodes);
    }
}

#[test]
fn empty_shards_cost_no_files_so_many_shards_stay_cheap() {
    // 360 states in 22 levels over 1,000 shards (issue 65: 148 s at 300
    // shards when every shard wrote its files at every level): a level
    // writes files for its non-empty shards only, and a bucket file holds
    // only the parts that have configurations.
    let want = in_memory("3x2", Metric::Stm);
    let inner = MemoryStore::new();
    let store = Failing {
        inner: &inner,
        allowed: usize::MAX,
        saves: AtomicUsize::new(0),
        largest: AtomicUsize::new(0),
    };
    let got = sharded("3x2", Metric::Stm, 1000, &store);
    assert_eq!(got.distribution, want.distribution);
    assert_eq!(got.antipodes, want.antipodes);
    let saves = store.saves.load(Ordering::SeqCst);
    // At most one frontier and one bucket file per configuration, and
    // one record per level.
    assert!(saves <= 2 * 360 + 23, "{saves} saves");
    // A bucket file of 1,000 shards x 3 runs used to be 48 KB, empty;
    // the largest file now is the record (two sizes per shard).
    let largest = store.largest.load(Ordering::SeqCst);
    assert!(largest < 8 << 10, "a {largest}-byte file");
}

#[test]
fn a_store_holding_another_run_is_refused_with_the_reason() {
    let store = MemoryStore::new();
    sharded("3x2", Metric::Stm, 4, &store);
    for (spec, metric, shards, names) in [
        ("4x2", Metric::Stm, 4, "4x2"),
        ("3x2", Metric::Mtm, 4, "mtm"),
        ("3x2", Metric::Stm, 5, "5 shards"),
    ] {
        let err = bfs(spec, metric, shards)
            .run(&store, 5, &|_, _| {})
            .unwrap_err();
        let text = err.to_string();
        assert!(text.contains("holds a sharded search of 3x2"), "{text}");
        assert!(text.contains(names), "{text}");
    }
    // The finished run itself reopens to its report.
    assert_eq!(sharded("3x2", Metric::Stm, 4, &store).states, 360);
    // A record that is not one is refused, not misread.
    let bad = MemoryStore::new();
    bad.save(RECORD, &[b"{\"format\": 3}"]).unwrap();
    let err = bfs("3x2", Metric::Stm, 4)
        .run(&bad, 5, &|_, _| {})
        .unwrap_err();
    assert!(
        err.to_string().contains("not a sharded search record"),
        "{err}"
    );
}

#[test]
fn unsupported_puzzles_and_bad_shard_counts_are_refused() {
    let p = Puzzle::parse("3x3").unwrap();
    for shards in [0, 100_000] {
        let o = ShardedOptions {
            shards,
            ..ShardedOptions::default()
        };
        let err = ShardedBfs::new(&p, &p.default_goal(), &o).unwrap_err();
        assert!(err.to_string().contains("shards"), "{err}");
    }
    let two = slidepuzzle::Configuration::natural_with_blanks(9, 2);
    assert!(ShardedBfs::new(&p, &two, &ShardedOptions::default()).is_err());
    let arrows = Puzzle::parse("dcycle:4").unwrap();
    let err =
        ShardedBfs::new(&arrows, &arrows.default_goal(), &ShardedOptions::default()).unwrap_err();
    assert!(err.to_string().contains("undone"), "{err}");
    let cycle = Puzzle::parse("cycle:5").unwrap();
    let mtm = ShardedOptions {
        metric: Metric::Mtm,
        ..ShardedOptions::default()
    };
    assert!(ShardedBfs::new(&cycle, &cycle.default_goal(), &mtm).is_err());
}

#[test]
fn a_task_over_its_memory_is_refused_before_it_allocates() {
    let p = Puzzle::parse("3x3").unwrap();
    let options = ShardedOptions {
        shards: 2,
        task_memory: 4096,
        ..ShardedOptions::default()
    };
    let search = ShardedBfs::new(&p, &p.default_goal(), &options).unwrap();
    let err = search.run(&MemoryStore::new(), 5, &|_, _| {}).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("use more shards"), "{text}");
}

#[test]
fn a_directory_run_writes_only_inside_its_directory_and_keeps_only_the_last_levels() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("bfs");
    let store = DirectoryStore::new(&dir);
    let r = sharded("3x3", Metric::Mtm, 7, &store);
    assert_eq!(r.distribution, published("mtm", "3x3"));
    let outside: Vec<_> = std::fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(outside, vec![std::ffi::OsString::from("bfs")]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The record and the last level's non-empty frontiers (the
    // antipodes): no buckets, no older levels, no empty shards.
    let record = bfs("3x3", Metric::Mtm, 7).open(&store).unwrap();
    let nonempty = record
        .layers
        .last()
        .unwrap()
        .iter()
        .filter(|&&n| n > 0)
        .count();
    assert!(nonempty >= 1);
    assert_eq!(names.len(), 1 + nonempty, "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| n == RECORD || n.starts_with("frontier-0024-"))
    );
}

/// The larger cases (239,500,800 states each): `cargo test
/// --release -- --ignored sharded_large`.
#[test]
#[ignore]
fn sharded_large_boards_match_the_published_tables() {
    for (spec, metric, data) in [
        ("4x3", Metric::Stm, Some(("stm", "4x3"))),
        ("4x3", Metric::Mtm, Some(("mtm", "4x3"))),
        ("6x2", Metric::Mtm, Some(("mtm", "6x2"))),
        ("3x2x2", Metric::Stm, None),
    ] {
        let want = match data {
            Some((m, b)) => published(m, b),
            None => in_memory(spec, metric).distribution,
        };
        for shards in [1, 7, 64] {
            let got = sharded(spec, metric, shards, &MemoryStore::new());
            assert_eq!(got.distribution, want, "{spec} {metric} {shards}");
        }
    }
}

//! Complete breadth-first searches reproduce published distance tables
//! (data/bfs_distributions.txt, copied from the project's shared/data) and
//! the seeds' numbers. The data is only compared with, never used as input.

use slidepuzzle::explore::godsnumber::{GodsOptions, Metric, explore};
use slidepuzzle::model::Puzzle;

use crate::common;
use common::published;

fn run(spec: &str, metric: Metric) -> slidepuzzle::explore::godsnumber::GodsReport {
    let p = Puzzle::parse(spec).unwrap();
    let opts = GodsOptions {
        metric,
        max_antipodes: 3,
        ..GodsOptions::default()
    };
    explore(&p, &p.default_goal(), &opts, &|_, _| {}).unwrap()
}

#[test]
fn boards_up_to_3x3_and_5x2_match_the_published_tables() {
    for board in ["2x2", "3x2", "4x2", "3x3", "5x2"] {
        for (name, metric) in [("stm", Metric::Stm), ("mtm", Metric::Mtm)] {
            let r = run(board, metric);
            assert_eq!(r.distribution, published(name, board), "{name} {board}");
            assert_eq!(r.states, r.distribution.iter().sum::<u64>());
        }
    }
}

#[test]
fn seed_numbers() {
    let r = run("2x2x2", Metric::Stm);
    assert_eq!(
        (r.states, r.diameter),
        (20_160, 19),
        "Varikon box (seed 004)"
    );
    let r = run("theta0", Metric::Stm);
    assert_eq!(r.states, 840);
    let r = run("theta:2,2,3", Metric::Stm);
    assert_eq!(r.states, 362_880, "theta(2,2,3): all 9! reachable");
    let r = run("3x3", Metric::Stm);
    assert_eq!((r.diameter, r.antipode_count), (31, 2));
    assert!(
        r.antipodes.contains(&"8 6 7/2 5 4/3 0 1".to_string()),
        "{:?}",
        r.antipodes
    );
}

#[test]
fn other_graphs_use_the_right_engine_and_agree_with_theory() {
    for spec in [
        "cycle:6",
        "petersen",
        "3x3:torus",
        "3x3+diag",
        "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3",
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let reachable =
            slidepuzzle::theory::analyze(&p, &p.default_goal()).reachable_configurations;
        let r = run(spec, Metric::Stm);
        assert_eq!(r.states.to_string(), reachable.to_string(), "{spec}");
    }
}

#[test]
fn checkpoints_resume_to_the_same_answer() {
    let dir = std::env::temp_dir().join(format!("slidepuzzle-gods-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("4x2.ckpt");
    let p = Puzzle::parse("4x2").unwrap();
    let opts = GodsOptions {
        checkpoint: Some(path.clone()),
        ..GodsOptions::default()
    };
    let full = explore(&p, &p.default_goal(), &opts, &|_, _| {}).unwrap();
    // The checkpoint holds the finished search: resuming finds nothing new.
    let resumed = explore(
        &p,
        &p.default_goal(),
        &GodsOptions {
            resume: true,
            ..opts.clone()
        },
        &|_, _| {},
    )
    .unwrap();
    assert_eq!(full.distribution, resumed.distribution);
    // A corrupted checkpoint is refused, never trusted.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xFF;
    std::fs::write(&path, &bytes).unwrap();
    let err = explore(
        &p,
        &p.default_goal(),
        &GodsOptions {
            resume: true,
            ..opts.clone()
        },
        &|_, _| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
    assert!(matches!(err, slidepuzzle::Error::Io { .. }), "{err:?}");
    // Another puzzle's checkpoint is refused.
    let q = Puzzle::parse("2x4").unwrap();
    let err = explore(
        &q,
        &q.default_goal(),
        &GodsOptions {
            resume: true,
            ..opts
        },
        &|_, _| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("another puzzle"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn memory_limit_refuses_up_front() {
    let p = Puzzle::parse("4x4").unwrap();
    let opts = GodsOptions {
        max_memory: 1 << 30,
        ..GodsOptions::default()
    };
    let err = explore(&p, &p.default_goal(), &opts, &|_, _| {}).unwrap_err();
    assert!(err.to_string().contains("MiB"), "{err}");
    assert!(
        matches!(
            err,
            slidepuzzle::Error::Limit {
                resource: slidepuzzle::Resource::Memory,
                budget,
                needed,
            } if budget == 1 << 30 && needed > budget
        ),
        "{err:?}"
    );
}

//! Solvers agree with each other and with published numbers, and every
//! solution replays to the goal.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::format::parse_configuration;
use slidepuzzle::instances::{korf100, korf100_puzzle};
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::theory::uniform_reachable;
use slidepuzzle::{Algorithm, Heuristic, Outcome, Solution, SolveOptions, solve};

fn solved(
    p: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    algorithm: Algorithm,
) -> Solution {
    let opts = SolveOptions {
        algorithm,
        ..SolveOptions::default()
    };
    match solve(p, start, goal, &opts).unwrap() {
        Outcome::Solved(s) => {
            // solve() replays internally; replay again here independently.
            assert_eq!(
                &slidepuzzle::moves::replay_steps(p, start, &s.steps).unwrap(),
                goal
            );
            s
        }
        other => panic!("{} {:?}: {other:?}", p.spec(), start),
    }
}

#[test]
fn eight_puzzle_worst_cases_take_31_moves() {
    let p = Puzzle::parse("3x3").unwrap();
    for state in ["8 6 7/2 5 4/3 0 1", "6 4 7/8 5 0/3 2 1"] {
        let start = parse_configuration(&p, state, 1).unwrap();
        let s = solved(&p, &start, &p.default_goal(), Algorithm::Auto);
        assert_eq!(s.steps.len(), 31, "{state}");
        assert!(s.optimal);
    }
}

#[test]
fn board_kernel_matches_bfs_on_random_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for spec in ["3x3", "2x3", "4x2", "5x2", "2x4", "3x2"] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        for _ in 0..6 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let fast = solved(&p, &start, &goal, Algorithm::Ida);
            let bfs = solved(&p, &start, &goal, Algorithm::Bfs);
            let astar = solved(&p, &start, &goal, Algorithm::AStar);
            assert_eq!(fast.steps.len(), bfs.steps.len(), "{spec} {start:?}");
            assert_eq!(astar.steps.len(), bfs.steps.len(), "{spec} {start:?}");
        }
    }
}

#[test]
fn manhattan_only_kernel_agrees_with_linear_conflict() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let p = Puzzle::parse("4x3").unwrap();
    let goal = p.default_goal();
    for _ in 0..3 {
        let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
        let lengths: Vec<usize> = [Heuristic::Manhattan, Heuristic::LinearConflict]
            .into_iter()
            .map(|h| {
                let opts = SolveOptions {
                    heuristic: h,
                    ..SolveOptions::default()
                };
                match solve(&p, &start, &goal, &opts).unwrap() {
                    Outcome::Solved(s) => s.steps.len(),
                    o => panic!("{o:?}"),
                }
            })
            .collect();
        assert_eq!(lengths[0], lengths[1]);
    }
}

#[test]
fn graph_searches_agree_with_bfs() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for spec in [
        "theta0",
        "theta:1,2,3",
        "cycle:6",
        "2x2x2",
        "3x3+diag",
        "3x3:torus",
        "edges:0-1,1-2,2-3,3-0,2-4,4-5,5-2,5-6",
        "path:5",
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        for _ in 0..3 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let bfs = solved(&p, &start, &goal, Algorithm::Bfs).steps.len();
            for algo in [Algorithm::AStar, Algorithm::Ida] {
                let s = solved(&p, &start, &goal, algo);
                assert_eq!(s.steps.len(), bfs, "{spec} {algo:?}");
                assert!(s.optimal);
            }
            let w = solved(&p, &start, &goal, Algorithm::WeightedAStar { weight: 2.0 });
            assert!(w.steps.len() >= bfs);
            // Weighted A* claims optimal only when its path meets the
            // lower bound it proved.
            assert!(!w.optimal || (w.steps.len() == bfs && w.stats.lower_bound as usize == bfs));
        }
    }
}

#[test]
fn petersen_ida_matches_astar() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let p = Puzzle::parse("petersen").unwrap();
    let goal = p.default_goal();
    for _ in 0..2 {
        let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
        let a = solved(&p, &start, &goal, Algorithm::AStar).steps.len();
        let b = solved(&p, &start, &goal, Algorithm::Ida).steps.len();
        assert_eq!(a, b);
    }
}

#[test]
fn korf_manhattan_node_counts_are_reproduced_exactly() {
    // IDA* with Manhattan distance, blank moves up, left, right, down, no
    // parent move, root counted once: the published counts (Korf 1985).
    let (p, goal) = korf100_puzzle();
    let opts = SolveOptions {
        algorithm: Algorithm::Ida,
        heuristic: Heuristic::Manhattan,
        single_thread: true,
        move_pruning: slidepuzzle::MovePruning::Reversal,
        ..SolveOptions::default()
    };
    for inst in korf100()
        .into_iter()
        .filter(|i| [12, 42, 55, 79].contains(&i.id))
    {
        match solve(&p, &inst.start, &goal, &opts).unwrap() {
            Outcome::Solved(s) => {
                assert_eq!(s.steps.len() as u32, inst.optimal, "instance {}", inst.id);
                assert_eq!(
                    Some(s.stats.generated),
                    inst.md_nodes,
                    "instance {}",
                    inst.id
                );
            }
            o => panic!("{o:?}"),
        }
    }
}

#[test]
fn korf_instances_with_linear_conflict_are_optimal() {
    let (p, goal) = korf100_puzzle();
    for inst in korf100()
        .into_iter()
        .filter(|i| [12, 42, 55, 79, 97, 2].contains(&i.id))
    {
        let opts = SolveOptions {
            heuristic: Heuristic::LinearConflict,
            ..SolveOptions::default()
        };
        let Outcome::Solved(s) = solve(&p, &inst.start, &goal, &opts).unwrap() else {
            panic!()
        };
        assert_eq!(s.steps.len() as u32, inst.optimal, "instance {}", inst.id);
        assert_eq!(s.algorithm, "ida-md-lc");
    }
}

#[test]
fn limits_stop_cleanly_and_report_the_bound() {
    let (p, goal) = korf100_puzzle();
    let inst = &korf100()[0];
    let opts = SolveOptions {
        limits: slidepuzzle::search::Limits {
            max_nodes: Some(200_000),
            ..Default::default()
        },
        heuristic: Heuristic::LinearConflict,
        ..SolveOptions::default()
    };
    match solve(&p, &inst.start, &goal, &opts).unwrap() {
        Outcome::Stopped { reason, stats, .. } => {
            assert_eq!(reason, slidepuzzle::search::StopReason::MaxNodes);
            assert!(stats.bound >= 41 && stats.bound < inst.optimal, "{stats:?}");
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn unsolvable_instances_are_answered_without_search() {
    let p = Puzzle::parse("4x4").unwrap();
    let loyd = parse_configuration(&p, "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", 1).unwrap();
    match solve(&p, &loyd, &p.default_goal(), &SolveOptions::default()).unwrap() {
        Outcome::Unsolvable(v) => assert!(v.reason.contains("odd"), "{}", v.reason),
        o => panic!("{o:?}"),
    }
}

#[test]
fn any_goal_is_accepted() {
    // Johnson and Story's column-wise arrangement as the goal.
    let p = Puzzle::parse("3x3").unwrap();
    let goal = parse_configuration(&p, "1 4 7/2 5 8/3 6 0", 1).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..4 {
        let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
        let a = solved(&p, &start, &goal, Algorithm::Ida).steps.len();
        let b = solved(&p, &start, &goal, Algorithm::Bfs).steps.len();
        assert_eq!(a, b);
    }
}

#[test]
fn beam_search_finds_valid_solutions_never_shorter_than_optimal() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for spec in ["3x3", "theta:1,2,3", "2x2x2", "3x3+diag"] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        for _ in 0..3 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let optimal = solved(&p, &start, &goal, Algorithm::AStar).steps.len();
            let beam = solved(&p, &start, &goal, Algorithm::Beam { width: 200 });
            assert!(beam.steps.len() >= optimal, "{spec}");
            assert!(!beam.optimal);
        }
    }
}

#[test]
fn a_beam_too_narrow_says_so() {
    let p = Puzzle::parse("cycle:7").unwrap();
    let goal = p.default_goal();
    let start = slidepuzzle::format::parse_configuration(&p, "2 3 4 5 6 1 0", 1).unwrap();
    let opts = SolveOptions {
        algorithm: Algorithm::Beam { width: 1 },
        ..SolveOptions::default()
    };
    match solve(&p, &start, &goal, &opts).unwrap() {
        Outcome::Solved(s) => assert_eq!(
            slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap(),
            goal
        ),
        Outcome::Stopped { reason, .. } => {
            assert_eq!(reason, slidepuzzle::search::StopReason::BeamExhausted)
        }
        o => panic!("{o:?}"),
    }
}

/// The automatic plan picks the strongest method at hand and says why.
#[test]
fn auto_plans_use_the_best_method() {
    let solver = slidepuzzle::Solver::new();
    let opts = SolveOptions::default();
    let plan = |spec: &str| {
        let p = Puzzle::parse(spec).unwrap();
        solver.plan(&p, &p.default_goal(), &opts).unwrap()
    };
    assert_eq!(plan("3x3").name(), "ida-md-lc");
    // 4x4 without a store: quick tables in memory, nothing left for later.
    let p4 = plan("4x4");
    assert_eq!(p4.name(), "ida-pdb");
    assert_eq!(p4.tables.as_ref().unwrap().sizes(), "5-5-5");
    assert!(p4.later.is_none() && p4.optimal);
    // 4x3: the default tables are small enough to build at once.
    assert_eq!(plan("4x3").name(), "ida-pdb");
    assert_eq!(plan("6x6").name(), "anytime-beam-lc");
    assert!(!plan("6x6").optimal && !plan("6x6").streamed);
    assert_eq!(plan("8x8").name(), "constructive");
    assert!(!plan("8x8").optimal && plan("8x8").streamed);
    assert_eq!(plan("petersen").name(), "astar-graph-md");
    assert_eq!(plan("3x3x2").name(), "ida-graph-md");
    assert_eq!(plan("theta:3,4,5").name(), "ida-graph-pdb");
    assert_eq!(plan("random:100,30,1").name(), "constructive");
    // With a store, the 6-6-3 tables are left for later.
    let dir = std::env::temp_dir().join(format!("slidepuzzle-plan-{}", std::process::id()));
    let stored = slidepuzzle::Solver::new().with_store(std::sync::Arc::new(
        slidepuzzle::store::DirectoryStore::new(&dir),
    ));
    let p = Puzzle::parse("4x4").unwrap();
    let plan = stored.plan(&p, &p.default_goal(), &opts).unwrap();
    assert_eq!(plan.later.as_ref().unwrap().sizes(), "6-6-3");
    assert!(plan.to_string().contains("cached for later runs"), "{plan}");
    // ... and switched to when the quick tables run past their budget.
    assert!(plan.switch_after.is_some_and(|n| n > 1_000_000));
    assert!(
        plan.to_string()
            .contains("the search starts over with them"),
        "{plan}"
    );
}

/// IDA* reports each new bound with the nodes so far (what a face shows
/// while a long search runs); the bounds rise and end at the optimum.
#[test]
fn progress_reports_every_bound() {
    use std::sync::{Arc, Mutex};
    let p = Puzzle::parse("3x3").unwrap();
    let start = parse_configuration(&p, "8 6 7/2 5 4/3 0 1", 1).unwrap();
    for heuristic in [Heuristic::LinearConflict, "pdb:4-4".parse().unwrap()] {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let opts = SolveOptions {
            heuristic,
            limits: slidepuzzle::Limits {
                progress: Some(slidepuzzle::search::ProgressSink(Arc::new(move |p| {
                    sink.lock().unwrap().push(p)
                }))),
                ..Default::default()
            },
            single_thread: true,
            ..SolveOptions::default()
        };
        let Outcome::Solved(s) = solve(&p, &start, &p.default_goal(), &opts).unwrap() else {
            panic!()
        };
        let seen = seen.lock().unwrap();
        assert!(seen.len() >= 2, "{seen:?}");
        assert!(
            seen.windows(2)
                .all(|w| w[0].bound < w[1].bound && w[0].generated <= w[1].generated)
        );
        assert_eq!(seen.last().unwrap().bound as usize, s.steps.len());
    }
}

/// Weighted A* whose weight runs out of memory moves on to a larger one
/// (issue 33, item 14: weight 1.5 on a uniform 5x5 never answered): the
/// answer replays, is within the larger weight of the lower bound, and
/// names the weights that ran. An explicit budget that every weight
/// exceeds still stops with the memory reason.
#[test]
fn weighted_a_star_moves_to_a_larger_weight_when_memory_runs_out() {
    let p = Puzzle::parse("5x5").unwrap();
    let goal = p.default_goal();
    let start = parse_configuration(
        &p,
        "7 5 16 23 21/18 9 14 12 24/4 20 19 17 22/8 11 1 13 10/6 3 2 15 0",
        1,
    )
    .unwrap();
    let mut options = SolveOptions {
        algorithm: "wastar".parse().unwrap(),
        ..SolveOptions::default()
    };
    options.limits.max_memory = 256 << 20;
    let Outcome::Solved(s) = solve(&p, &start, &goal, &options).unwrap() else {
        panic!("no answer")
    };
    assert!(
        s.algorithm.starts_with("wastar-1.5, then wastar-"),
        "{}",
        s.algorithm
    );
    let last: f64 = s
        .algorithm
        .rsplit_once("wastar-")
        .unwrap()
        .1
        .parse()
        .unwrap();
    assert!(slidepuzzle::solver::RISING_WEIGHTS.contains(&last));
    assert!(!s.optimal);
    assert!(s.stats.lower_bound >= 90, "{}", s.stats.lower_bound);
    assert_eq!(
        slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap(),
        goal
    );
    // A budget too small for any weight: stopped for memory.
    options.limits.max_memory = 1 << 10;
    match solve(&p, &start, &goal, &options).unwrap() {
        Outcome::Stopped {
            reason, algorithm, ..
        } => {
            assert_eq!(reason, slidepuzzle::StopReason::Memory);
            assert!(algorithm.ends_with("wastar-8"), "{algorithm}");
        }
        other => panic!("not stopped: {other:?}"),
    }
}

#[test]
fn the_four_by_four_multi_tile_plan_takes_two_tables_when_both_fit() {
    use slidepuzzle::{Limits, model::Metric};
    let p = Puzzle::parse("4x4").unwrap();
    let goal = p.default_goal();
    let options = |max_memory: u64| SolveOptions {
        metric: Metric::Mtm,
        limits: Limits {
            max_memory,
            ..Limits::default()
        },
        ..SolveOptions::default()
    };
    let solver = slidepuzzle::Solver::new();
    let both = solver.plan(&p, &goal, &options(1 << 30)).unwrap();
    let tables = both.tables.as_ref().unwrap();
    assert_eq!(tables.sizes(), "2-4-5-4 | 4-4-4-3", "{both}");
    assert_eq!(tables.build_memory, 151_351_200 + 252_252_000);
    assert!(both.reason.contains("maximum of two"), "{both}");
    // 300 MB: the regions table fits, both do not.
    let one = solver.plan(&p, &goal, &options(300 << 20)).unwrap();
    let tables = one.tables.as_ref().unwrap();
    assert_eq!(tables.sizes(), "2-4-5-4", "{one}");
    assert!(!one.reason.contains("maximum of two"), "{one}");
    // 3x3 keeps its one exact table.
    let p = Puzzle::parse("3x3").unwrap();
    let small = solver
        .plan(&p, &p.default_goal(), &options(1 << 30))
        .unwrap();
    assert_eq!(small.tables.as_ref().unwrap().partitions.len(), 1);
}

/// Tori and boxes solve optimally in the multi-tile metric through the
/// facade: the length equals the breadth-first MTM distance, counted with
/// runs of at most L - 1 tiles across a torus's seam; a heuristic that
/// does not count runs is refused with the reason.
#[test]
fn tori_and_boxes_solve_optimally_in_the_multi_tile_metric() {
    use slidepuzzle::explore::distance_table::DistanceTable;
    use slidepuzzle::{Limits, model::Metric};
    let options = SolveOptions {
        metric: Metric::Mtm,
        ..SolveOptions::default()
    };
    for spec in ["3x3:torus", "4x2:torus", "2x2x2", "3x1x2"] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let table = DistanceTable::build(&p, &goal, Metric::Mtm, &Limits::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..10 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let Outcome::Solved(s) = solve(&p, &start, &goal, &options).unwrap() else {
                panic!("{spec}: not solved");
            };
            assert_eq!(
                &slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap(),
                &goal
            );
            assert!(s.optimal, "{spec}");
            assert_eq!(s.algorithm, "ida-mtm-lines", "{spec}");
            let want = table.distance(&start).unwrap() as usize;
            assert_eq!(s.mtm_length(&p, &start), Some(want), "{spec} {start:?}");
        }
    }
    let p = Puzzle::parse("3x3:torus").unwrap();
    let wd = SolveOptions {
        heuristic: Heuristic::WalkingDistance,
        ..options
    };
    let e = solve(&p, &p.default_goal(), &p.default_goal(), &wd).unwrap_err();
    assert!(e.to_string().contains("distances along each axis"), "{e}");
}

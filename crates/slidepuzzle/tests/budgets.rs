//! Node budgets are exact: a search given `max_nodes = N` expands at most
//! N nodes, on one thread and split over all of them (the A*, IDA*, split
//! IDA*, beam and listing kernels, through the front door), and a search tree
//! that runs out is reported as exhausted, not as stopped.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::search::graph::GraphDomain;
use slidepuzzle::search::heuristic::Zero;
use slidepuzzle::search::ida::ida_star;
use slidepuzzle::search::{Limits, SearchResult, StopReason};
use slidepuzzle::solver::SolutionQuery;
use slidepuzzle::theory::uniform_reachable;
use slidepuzzle::{Algorithm, Configuration, Heuristic, Outcome, Puzzle, SolveOptions, Solver};

/// Hard instances: one of the two 31-move 8-puzzles, Korf's #1, and a
/// random 12-vertex box.
fn instances() -> Vec<(Puzzle, Configuration, Configuration)> {
    let parse = |spec: &str, text: &str, goal: Option<&str>| {
        let p = Puzzle::parse(spec).unwrap();
        let c = slidepuzzle::format::parse_configuration(&p, text, 1).unwrap();
        let g = goal.map_or_else(
            || p.default_goal(),
            |g| slidepuzzle::format::parse_configuration(&p, g, 1).unwrap(),
        );
        (p, c, g)
    };
    let box_puzzle = Puzzle::parse("3x2x2").unwrap();
    let box_goal = box_puzzle.default_goal();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let box_start = uniform_reachable(&box_puzzle, &box_goal, &mut rng).unwrap();
    vec![
        parse("3x3", "8 6 7/2 5 4/3 0 1", None),
        parse(
            "4x4",
            "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3",
            Some("0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15"),
        ),
        (box_puzzle, box_start, box_goal),
    ]
}

fn options(
    max_nodes: u64,
    algorithm: Algorithm,
    heuristic: Heuristic,
    split: bool,
) -> SolveOptions {
    SolveOptions {
        algorithm,
        heuristic,
        single_thread: !split,
        limits: Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        },
        ..SolveOptions::default()
    }
}

#[test]
fn a_node_budget_is_never_passed() {
    let threads = rayon::current_num_threads() as u64;
    let solver = Solver::new();
    for (puzzle, start, goal) in instances() {
        for &n in &[1u64, 7, 1000, 70_000, 200_000] {
            for (algorithm, heuristic, split) in [
                (Algorithm::Ida, Heuristic::Manhattan, false),
                (Algorithm::Ida, Heuristic::Manhattan, true),
                (Algorithm::AStar, Heuristic::Manhattan, false),
            ] {
                let o = options(n, algorithm, heuristic.clone(), split);
                match solver.solve(&puzzle, &start, &goal, &o).unwrap() {
                    Outcome::Stopped { reason, stats, .. } => {
                        assert_eq!(reason, StopReason::MaxNodes);
                        assert!(
                            stats.expanded <= n,
                            "{} {algorithm:?} split {split}: {} expanded under a budget of {n}",
                            puzzle.spec(),
                            stats.expanded
                        );
                        // The budget is used, not dropped early: at least
                        // all but one poll interval per thread of it.
                        assert!(
                            stats.expanded + threads * (1 << 16) >= n,
                            "{} {algorithm:?}: only {} of {n}",
                            puzzle.spec(),
                            stats.expanded
                        );
                    }
                    Outcome::Solved(s) => assert!(
                        s.stats.expanded <= n,
                        "{}: solved with {} expanded under a budget of {n}",
                        puzzle.spec(),
                        s.stats.expanded
                    ),
                    Outcome::Unsolvable(v) => panic!("{}", v.reason),
                }
            }
        }
    }
}

/// A beam search, on one thread or all of them, never passes its node
/// budget: it does not start a layer that would pass it, so it stops
/// less than one layer (at most its width) short of it.
#[test]
fn a_beam_never_passes_its_node_budget() {
    let solver = Solver::new();
    let width = 300;
    for (puzzle, start, goal) in instances() {
        for &n in &[1u64, 7, 1000, 4_000] {
            for split in [false, true] {
                let o = options(n, Algorithm::Beam { width }, Heuristic::Manhattan, split);
                match solver.solve(&puzzle, &start, &goal, &o).unwrap() {
                    Outcome::Stopped { reason, stats, .. } => {
                        assert_eq!(reason, StopReason::MaxNodes, "{}", puzzle.spec());
                        assert!(stats.expanded <= n, "{}: {}", puzzle.spec(), stats.expanded);
                        assert!(
                            stats.expanded + width as u64 > n,
                            "{}: only {} of {n}",
                            puzzle.spec(),
                            stats.expanded
                        );
                    }
                    Outcome::Solved(s) => assert!(s.stats.expanded <= n, "{}", puzzle.spec()),
                    Outcome::Unsolvable(v) => panic!("{}", v.reason),
                }
            }
        }
    }
}

#[test]
fn listing_every_optimal_solution_keeps_one_budget() {
    let solver = Solver::new();
    let puzzle = Puzzle::parse("3x3").unwrap();
    let start = slidepuzzle::format::parse_configuration(&puzzle, "8 6 7/2 5 4/3 0 1", 1).unwrap();
    let goal = puzzle.default_goal();
    let mut stopped = 0;
    for n in [500u64, 3_000, 20_000, 1_000_000] {
        let o = options(n, Algorithm::Ida, Heuristic::Manhattan, false);
        let listed = solver
            .solutions(
                &puzzle,
                &start,
                &goal,
                &o,
                &SolutionQuery::default(),
                &mut |_| true,
            )
            .unwrap();
        let slidepuzzle::solver::Listed::Listed(l) = listed else {
            panic!("solvable")
        };
        assert!(
            l.stats.expanded <= n,
            "{} expanded under {n}",
            l.stats.expanded
        );
        match l.stopped {
            Some(reason) => {
                assert_eq!(reason, StopReason::MaxNodes);
                assert!(!l.complete);
                stopped += 1;
            }
            None => assert!(l.complete && l.count == 40, "budget {n}: {l:?}"),
        }
    }
    assert!(stopped >= 2, "the small budgets stop the listing");
    assert!(stopped < 4, "the large budget lists all 40");
}

#[test]
fn an_exhausted_tree_is_reported_as_exhausted() {
    // On the path 0-1-2 the tiles never pass each other, and the graph
    // domain never undoes its last move: the tree is finite, and the goal
    // (the tiles swapped) is not in it.
    let puzzle = Puzzle::parse("path:3").unwrap();
    let start = Configuration::from_cells(vec![0, 1, 2], 1).unwrap();
    let goal = Configuration::from_cells(vec![0, 2, 1], 1).unwrap();
    let domain = GraphDomain::new(puzzle.graph(), &start, &goal).unwrap();
    let r = ida_star(domain, Zero, &Limits::default(), false);
    assert!(matches!(r, SearchResult::Exhausted { .. }), "{r:?}");
    // A budget that runs out first is a stop, not exhaustion.
    let domain = GraphDomain::new(puzzle.graph(), &start, &goal).unwrap();
    let limits = Limits {
        max_nodes: Some(1),
        ..Limits::default()
    };
    let r = ida_star(domain, Zero, &limits, false);
    assert_eq!(r.stopped(), Some(StopReason::MaxNodes));
    assert_eq!(r.stats().expanded, 1);
}

#[test]
fn a_stopped_analysis_names_its_limit_as_a_type() {
    // A review needs an optimal search per move: a 10-node budget stops
    // the first, and the error carries the reason, not only words.
    let puzzle = Puzzle::parse("3x3").unwrap();
    let start = slidepuzzle::format::parse_configuration(&puzzle, "8 6 7/2 5 4/3 0 1", 1).unwrap();
    let moves = slidepuzzle::moves::parse_steps(&puzzle, &start, "L").unwrap();
    let o = options(10, Algorithm::Ida, Heuristic::Manhattan, false);
    match Solver::new().review(&puzzle, &start, &puzzle.default_goal(), &moves, &o) {
        Err(slidepuzzle::Error::Stopped { reason, message }) => {
            assert_eq!(reason, StopReason::MaxNodes);
            assert!(message.contains("10 nodes expanded"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// A run resumed at a bound it reported (`Limits::start_bound`) ends with
/// the same solution length, and its counts plus those reported before
/// that bound are the uninterrupted run's exactly (the root counted once),
/// on one thread and split.
#[test]
fn a_run_resumed_at_a_reported_bound_adds_up_to_the_whole_run() {
    use slidepuzzle::search::{Progress, ProgressSink};
    use std::sync::{Arc, Mutex};
    for (p, start, goal) in instances().into_iter().take(2) {
        for split in [false, true] {
            let reports = Arc::new(Mutex::new(Vec::<Progress>::new()));
            let sink = reports.clone();
            let mut whole = options(u64::MAX, Algorithm::Ida, Heuristic::LinearConflict, split);
            whole.limits.max_nodes = None;
            whole.limits.progress = Some(ProgressSink(Arc::new(move |r| {
                sink.lock().unwrap().push(r)
            })));
            let Outcome::Solved(all) = Solver::new().solve(&p, &start, &goal, &whole).unwrap()
            else {
                panic!()
            };
            let reports = reports.lock().unwrap().clone();
            assert!(reports.len() >= 3, "{}: {reports:?}", p.spec());
            for r in &reports[1..] {
                let mut resumed = whole.clone();
                resumed.limits.progress = None;
                resumed.limits.start_bound = Some(r.bound);
                let Outcome::Solved(rest) =
                    Solver::new().solve(&p, &start, &goal, &resumed).unwrap()
                else {
                    panic!()
                };
                assert_eq!(rest.length, all.length);
                assert!(rest.optimal);
                if !split {
                    assert_eq!(r.expanded + rest.stats.expanded, all.stats.expanded);
                    assert_eq!(r.generated + rest.stats.generated - 1, all.stats.generated);
                }
            }
        }
    }
}

//! The constructive board solver: every solvable board gets a verified
//! solution, for any size and any goal.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::model::Puzzle;
use slidepuzzle::moves::replay;
use slidepuzzle::theory::{check, uniform_reachable};
use slidepuzzle::{Algorithm, Outcome, SolveOptions, solve};

fn constructive(p: &Puzzle, seed: u64, random_goal: bool) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let goal = if random_goal {
        uniform_reachable(p, &p.default_goal(), &mut rng).unwrap()
    } else {
        p.default_goal()
    };
    let start = uniform_reachable(p, &goal, &mut rng).unwrap();
    assert!(check(p, &start, &goal).unwrap().solvable);
    let opts = SolveOptions {
        algorithm: Algorithm::Constructive,
        ..SolveOptions::default()
    };
    match solve(p, &start, &goal, &opts).unwrap_or_else(|e| panic!("{}: {e}", p.spec())) {
        Outcome::Solved(s) => {
            assert_eq!(
                slidepuzzle::moves::replay_steps(p, &start, &s.steps).unwrap(),
                goal
            );
            // Cycles (the 2x2 board) get the rotation solver, which is
            // shortest; everything else is constructive, not optimal.
            let cycle = slidepuzzle::theory::blanks::cycle_order(p.graph()).is_some();
            assert_eq!(s.optimal, cycle, "{}", p.spec());
            s.steps.len()
        }
        o => panic!("{} {start:?}: {o:?}", p.spec()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_boards_and_goals(w in 2usize..9, h in 2usize..9, seed in any::<u64>(), random_goal in any::<bool>()) {
        let p = Puzzle::board(w, h, false, false).unwrap();
        constructive(&p, seed, random_goal);
    }
}

#[test]
fn larger_boards() {
    for (spec, seed) in [("10x10", 1), ("17x5", 2), ("3x25", 3), ("30x30", 4)] {
        let p = Puzzle::parse(spec).unwrap();
        let n = p.vertex_count() as f64;
        let len = constructive(&p, seed, false) as f64;
        // Parberry's bound for n x n boards is 5 n^3 with n the side.
        assert!(len < 5.0 * n.powf(1.5), "{spec}: {len} moves");
    }
}

#[test]
fn auto_chooses_constructive_for_large_boards_and_says_so() {
    // Above 49 cells (7x7) the constructive answer stands; below, the
    // anytime beam search shortens it (tests/short_answers.rs).
    let p = Puzzle::parse("8x8").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let start = uniform_reachable(&p, &p.default_goal(), &mut rng).unwrap();
    let plan = slidepuzzle::Solver::new()
        .plan(&p, &p.default_goal(), &SolveOptions::default())
        .unwrap();
    assert!(plan.reason.contains("solved constructively"), "{plan}");
    assert!(plan.streamed && !plan.optimal, "{plan}");
    match solve(&p, &start, &p.default_goal(), &SolveOptions::default()).unwrap() {
        Outcome::Solved(s) => assert!(s.algorithm == "constructive" && !s.optimal, "{s:?}"),
        o => panic!("{o:?}"),
    }
}

#[test]
#[ignore = "slow: a 100x100 board (about 3 million moves); run with --ignored"]
fn hundred_by_hundred() {
    let p = Puzzle::parse("100x100").unwrap();
    constructive(&p, 7, false);
}

#[test]
fn graph_constructive_solver_on_well_connected_graphs() {
    for (spec, seed) in [
        ("petersen", 1),
        ("3x3x3", 2),
        ("5x5+diag", 3),
        ("cycle:30", 4),
        ("complete:12", 5),
        ("theta:2,2,3", 6),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        constructive(&p, seed, false);
    }
}

#[test]
fn graph_constructive_solver_on_sparse_and_separable_graphs() {
    // Long thetas and cycles with few chords (the greedy stage locks
    // tiles on them; the 3-cycle stage must finish), theta0 inside larger
    // graphs, bipartite thetas, and graphs with bridges and cut vertices.
    for (i, spec) in [
        "theta:5,5,5",
        "theta:0,7,9",
        "theta:1,1,1",
        "theta:3,1,3",
        "theta:8,3,9",
        "theta:2,4,6",
        "edges:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18,18-19,19-0,0-10,5-15",
        "edges:0-2,2-3,3-1,0-4,4-5,5-1,0-6,6-1,1-7,7-8,8-9,9-1,9-10,10-11",
        "6x2:torus",
        "random:40,6,1",
        "random:40,20,2",
        "random:120,30,3",
    ]
    .into_iter()
    .enumerate()
    {
        let p = Puzzle::parse(spec).unwrap();
        for seed in 0..3 {
            constructive(&p, 10 * i as u64 + seed, seed == 2);
        }
    }
}

/// A random connected graph on `n` vertices with about `extra` more edges
/// than a spanning tree (bridges, cut vertices, cycles and thetas mixed).
fn random_connected(n: usize, extra: usize, seed: u64) -> Puzzle {
    use rand::RngExt;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (rng.random_range(0..v), v)).collect();
    for _ in 0..extra {
        let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
        if a != b && !edges.contains(&(a.min(b), a.max(b))) {
            edges.push((a.min(b), a.max(b)));
        }
    }
    let spec: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    Puzzle::parse(&format!("edges:{}", spec.join(","))).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    /// The solver never calls a configuration unsolvable that the
    /// reachability test accepts, on any connected graph.
    #[test]
    fn random_graphs_any_goal(n in 3usize..26, extra in 0usize..12, seed in any::<u64>(), random_goal in any::<bool>()) {
        let p = random_connected(n, extra, seed);
        constructive(&p, seed, random_goal);
    }
}

#[test]
#[ignore = "large: random 2-connected graph with 1,000 vertices (run with --ignored)"]
fn thousand_vertex_graph() {
    let p = Puzzle::parse("random:1000,300,7").unwrap();
    constructive(&p, 1, false);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    /// Streamed solutions (letters with counts) parse back, replay to the
    /// goal and have the reported length.
    #[test]
    fn streamed_board_solutions_replay(w in 2usize..12, h in 2usize..12, seed in any::<u64>(), random_goal in any::<bool>()) {
        use slidepuzzle::construct::board::stream_board_solution;
        use slidepuzzle::moves::parse_moves;
        let p = Puzzle::board(w, h, false, false).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let goal = if random_goal {
            uniform_reachable(&p, &p.default_goal(), &mut rng).unwrap()
        } else {
            p.default_goal()
        };
        let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
        let mut out: Vec<u8> = Vec::new();
        let report = stream_board_solution(&p, &start, &goal, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        prop_assert!(text.ends_with('\n'));
        let path = parse_moves(&p, &start, text.trim()).unwrap();
        prop_assert_eq!(path.len() as u64, report.moves);
        prop_assert_eq!(replay(&p, &start, &path).unwrap(), goal);
    }
}

/// Found by `random_graphs_any_goal` in CI: a 19-vertex graph where a
/// ring word reached for a vertex outside its ring.
#[test]
fn regression_ring_word_outside_its_ring() {
    let p = random_connected(19, 9, 16532205385933683541);
    constructive(&p, 16532205385933683541, true);
}

/// A construction on a graph keeps its walk in memory until the answer is
/// out: over the memory budget it stops with the memory reason and says
/// how far it got, instead of growing past the budget (`random:9000,100,1`
/// needs 452 M moves; here a 1,000-vertex graph that needs 1.6 M under a
/// 1 KiB budget, which allows the 65,536 moves every budget allows).
#[test]
fn a_graph_construction_stops_at_the_memory_budget() {
    let p = Puzzle::parse("random:1000,100,1").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let goal = p.default_goal();
    let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
    let mut opts = SolveOptions {
        algorithm: Algorithm::Constructive,
        ..SolveOptions::default()
    };
    opts.limits.max_memory = 1 << 10;
    match solve(&p, &start, &goal, &opts).unwrap() {
        Outcome::Stopped { reason, .. } => {
            assert_eq!(reason, slidepuzzle::StopReason::Memory)
        }
        o => panic!("not stopped: {o:?}"),
    }
    // With the default budget the same instance is solved.
    opts.limits.max_memory = slidepuzzle::Limits::default().max_memory;
    assert!(matches!(
        solve(&p, &start, &goal, &opts).unwrap(),
        Outcome::Solved(_)
    ));
}
